"""`/clue`: Killer Clue (docs/killer-clue.md). Each subcommand is one engine action."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.client import Croupier
from cogs.base import GameCog, from_prompt

Interaction = discord.Interaction[Any]
VARIANT = "killer-clue"
Direction = Literal["left", "right"]


class KillerClue(GameCog):
    variant = VARIANT
    clue = app_commands.Group(name="clue", description="Killer Clue")

    @clue.command(name="move", description="Roll the dice; then choose where to go")
    async def move(self, interaction: Interaction) -> None:
        await self.run(interaction, "move")

    @clue.command(name="go", description="Move your pawn to a reachable room or square")
    @app_commands.describe(to="A room, or a corridor square such as H17",
                           weapon="A weapon to carry out of the room you leave")
    @app_commands.autocomplete(to=from_prompt("go", "to"), weapon=from_prompt("go", "weapon"))
    async def go(self, interaction: Interaction, to: str, weapon: str | None = None) -> None:
        await self.run(interaction, "go", to=to, weapon=weapon)

    @clue.command(name="passage", description="Take the secret passage instead of rolling")
    @app_commands.autocomplete(weapon=from_prompt("passage", "weapon"))
    async def passage(self, interaction: Interaction, weapon: str | None = None) -> None:
        await self.run(interaction, "passage", weapon=weapon)

    @clue.command(name="suggest", description="Suggest a suspect and weapon in your room")
    @app_commands.describe(direction="Who answers after the named suspect")
    @app_commands.autocomplete(suspect=from_prompt("suggest", "suspect"),
                               weapon=from_prompt("suggest", "weapon"),
                               room=from_prompt("suggest", "room"))
    async def suggest(self, interaction: Interaction, suspect: str, weapon: str,
                      room: str | None = None, direction: Direction = "left") -> None:
        await self.run(interaction, "suggest", suspect=suspect, weapon=weapon, room=room,
                        direction=direction)

    @clue.command(name="accuse", description="Accuse: suspect, weapon and room")
    @app_commands.autocomplete(suspect=from_prompt("accuse", "suspect"),
                               weapon=from_prompt("accuse", "weapon"),
                               room=from_prompt("accuse", "room"))
    async def accuse(self, interaction: Interaction, suspect: str, weapon: str, room: str,
                     direction: Direction = "left") -> None:
        await self.run(interaction, "accuse", suspect=suspect, weapon=weapon, room=room,
                        direction=direction)

    @clue.command(name="give", description="Give the suggester a card that disproves it")
    @app_commands.autocomplete(card=from_prompt("give", "card"))
    async def give(self, interaction: Interaction, card: str) -> None:
        await self.run(interaction, "give", card=card)

    @clue.command(name="bring", description="Bring a weapon along when you are summoned")
    @app_commands.autocomplete(weapon=from_prompt("bring", "weapon"))
    async def bring(self, interaction: Interaction, weapon: str) -> None:
        await self.run(interaction, "bring", weapon=weapon)

    @clue.command(name="pass", description="End your turn, or play no more Intrigue cards")
    async def pass_(self, interaction: Interaction) -> None:
        await self.run(interaction, "pass")

    @clue.command(name="play", description="Play an Intrigue card face up")
    @app_commands.autocomplete(card=from_prompt("play", "card"),
                               target=from_prompt("play", "target"))
    async def play(self, interaction: Interaction, card: str, target: str | None = None,
                   direction: Literal["left", "right", "none"] | None = None) -> None:
        await self.run(interaction, "play", card=card, target=target, direction=direction)

    @clue.command(name="trade", description="Consult with Suspect: the Clue card you trade")
    @app_commands.autocomplete(card=from_prompt("trade", "card"))
    async def trade(self, interaction: Interaction, card: str) -> None:
        await self.run(interaction, "trade", card=card)

    @clue.command(name="reappear", description="A disappeared suspect returns to a room")
    @app_commands.autocomplete(room=from_prompt("reappear", "room"))
    async def reappear(self, interaction: Interaction, room: str) -> None:
        await self.run(interaction, "reappear", room=room)

    @clue.command(name="danger", description="Play your Danger round card face down")
    @app_commands.autocomplete(card=from_prompt("danger", "card"))
    async def danger(self, interaction: Interaction, card: str) -> None:
        await self.run(interaction, "danger", card=card)

    @clue.command(name="hand", description="Your cards (only you see this)")
    async def hand(self, interaction: Interaction) -> None:
        await self.run(interaction, "hand")

    @clue.command(name="notes", description="Your detective notes (only you see this)")
    async def notes(self, interaction: Interaction) -> None:
        await self.run(interaction, "notes")

    @clue.command(name="board", description="The mansion as everyone sees it")
    async def board(self, interaction: Interaction) -> None:
        await self.show_board(interaction, "mansion.png")


async def setup(bot: Croupier) -> None:
    bot.command_groups[VARIANT] = "clue"
    await bot.add_cog(KillerClue(bot))
