"""`/clue`: Killer Clue (docs/killer-clue.md). Each subcommand is one engine action."""

from __future__ import annotations

import io
from collections.abc import Callable, Coroutine
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Croupier
from cogs.base import prompt_choices
from renders import killer_clue as clue_render

Interaction = discord.Interaction[Any]
VARIANT = "killer-clue"
Direction = Literal["left", "right"]


def choices_for(action: str, param: str) -> Callable[
        [Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]:
    """An autocomplete callback offering the legal values from the user's prompt."""

    async def complete(interaction: Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
        return prompt_choices(interaction.client, interaction, action, param, current)

    return complete


class KillerClue(commands.Cog):
    clue = app_commands.Group(name="clue", description="Killer Clue")

    def __init__(self, bot: Croupier) -> None:
        self.bot = bot

    async def _act(self, interaction: Interaction, action: str, **params: Any) -> None:
        await self.bot.act(interaction, action, {k: v for k, v in params.items()
                                                 if v is not None}, variant=VARIANT)

    @clue.command(name="move", description="Roll the dice; then choose where to go")
    async def move(self, interaction: Interaction) -> None:
        await self._act(interaction, "move")

    @clue.command(name="go", description="Move your pawn to a reachable room or square")
    @app_commands.describe(to="A room, or a corridor square such as H17",
                           weapon="A weapon to carry out of the room you leave")
    @app_commands.autocomplete(to=choices_for("go", "to"), weapon=choices_for("go", "weapon"))
    async def go(self, interaction: Interaction, to: str, weapon: str | None = None) -> None:
        await self._act(interaction, "go", to=to, weapon=weapon)

    @clue.command(name="passage", description="Take the secret passage instead of rolling")
    @app_commands.autocomplete(weapon=choices_for("passage", "weapon"))
    async def passage(self, interaction: Interaction, weapon: str | None = None) -> None:
        await self._act(interaction, "passage", weapon=weapon)

    @clue.command(name="suggest", description="Suggest a suspect and weapon in your room")
    @app_commands.describe(direction="Who answers after the named suspect")
    @app_commands.autocomplete(suspect=choices_for("suggest", "suspect"),
                               weapon=choices_for("suggest", "weapon"),
                               room=choices_for("suggest", "room"))
    async def suggest(self, interaction: Interaction, suspect: str, weapon: str,
                      room: str | None = None, direction: Direction = "left") -> None:
        await self._act(interaction, "suggest", suspect=suspect, weapon=weapon, room=room,
                        direction=direction)

    @clue.command(name="accuse", description="Accuse: suspect, weapon and room")
    @app_commands.autocomplete(suspect=choices_for("accuse", "suspect"),
                               weapon=choices_for("accuse", "weapon"),
                               room=choices_for("accuse", "room"))
    async def accuse(self, interaction: Interaction, suspect: str, weapon: str, room: str,
                     direction: Direction = "left") -> None:
        await self._act(interaction, "accuse", suspect=suspect, weapon=weapon, room=room,
                        direction=direction)

    @clue.command(name="give", description="Give the suggester a card that disproves it")
    @app_commands.autocomplete(card=choices_for("give", "card"))
    async def give(self, interaction: Interaction, card: str) -> None:
        await self._act(interaction, "give", card=card)

    @clue.command(name="bring", description="Bring a weapon along when you are summoned")
    @app_commands.autocomplete(weapon=choices_for("bring", "weapon"))
    async def bring(self, interaction: Interaction, weapon: str) -> None:
        await self._act(interaction, "bring", weapon=weapon)

    @clue.command(name="pass", description="End your turn, or play no more Intrigue cards")
    async def pass_(self, interaction: Interaction) -> None:
        await self._act(interaction, "pass")

    @clue.command(name="play", description="Play an Intrigue card face up")
    @app_commands.autocomplete(card=choices_for("play", "card"),
                               target=choices_for("play", "target"))
    async def play(self, interaction: Interaction, card: str, target: str | None = None,
                   direction: Literal["left", "right", "none"] | None = None) -> None:
        await self._act(interaction, "play", card=card, target=target, direction=direction)

    @clue.command(name="trade", description="Consult with Suspect: the Clue card you trade")
    @app_commands.autocomplete(card=choices_for("trade", "card"))
    async def trade(self, interaction: Interaction, card: str) -> None:
        await self._act(interaction, "trade", card=card)

    @clue.command(name="reappear", description="A disappeared suspect returns to a room")
    @app_commands.autocomplete(room=choices_for("reappear", "room"))
    async def reappear(self, interaction: Interaction, room: str) -> None:
        await self._act(interaction, "reappear", room=room)

    @clue.command(name="danger", description="Play your Danger round card face down")
    @app_commands.autocomplete(card=choices_for("danger", "card"))
    async def danger(self, interaction: Interaction, card: str) -> None:
        await self._act(interaction, "danger", card=card)

    @clue.command(name="hand", description="Your cards (only you see this)")
    async def hand(self, interaction: Interaction) -> None:
        await self._act(interaction, "hand")

    @clue.command(name="notes", description="Your detective notes (only you see this)")
    async def notes(self, interaction: Interaction) -> None:
        await self._act(interaction, "notes")

    @clue.command(name="board", description="The mansion as everyone sees it")
    async def board(self, interaction: Interaction) -> None:
        live = self.bot.game_here(interaction, VARIANT)
        if live.game is None:
            await interaction.response.send_message("The game hasn't started.", ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = live.game.view(None)
        png = await self.bot.loop.run_in_executor(self.bot.render_pool, clue_render.render, view)
        await interaction.followup.send(file=discord.File(io.BytesIO(png), "mansion.png"),
                                        ephemeral=True)


async def setup(bot: Croupier) -> None:
    bot.renderers[VARIANT] = clue_render.render
    bot.command_groups[VARIANT] = "clue"
    await bot.add_cog(KillerClue(bot))
