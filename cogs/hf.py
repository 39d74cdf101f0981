"""`/hf`: the High Frontier political event deck (docs/hf-political-events.md)."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.client import Croupier
from bot.delivery.discord_io import chunks
from bot.storage import ActionRow
from cogs.base import GameCog
from engine.events import PUBLIC
from engine.games.hf_political_events.words import history_lines

Interaction = discord.Interaction[Any]
VARIANT = "hf-political-events"
Ideology = Literal["Freedom", "Honor", "Unity", "Authority", "Equality", "Individuality",
                   "Centrist"]
PlayerIdeology = Literal["Freedom", "Honor", "Unity", "Authority", "Equality",
                         "Individuality", "none"]
Law = Literal["Freedom", "Honor", "Unity", "Authority", "Equality", "Individuality",
              "Centrist", "none"]


class HighFrontier(GameCog):
    """Slash commands: each is one engine action of the same name."""

    variant = VARIANT
    hf = app_commands.Group(name="hf", description="High Frontier political events")

    async def player_choices(self, interaction: Interaction, current: str
                             ) -> list[app_commands.Choice[str]]:
        try:
            live = await self.bot.actions.game_here(interaction, VARIANT)
        except Exception:  # noqa: BLE001 - autocomplete never fails loudly
            return []
        return [app_commands.Choice(name=s.seat, value=s.seat) for s in live.seats
                if current.lower() in s.seat.lower()][:25]

    @hf.command(name="turn", description="Sec-Gen: start the turn and draw the event")
    @app_commands.describe(seniority="The Sunspot Cube passed Seniority (declared mode only)")
    async def turn(self, interaction: Interaction, seniority: bool | None = None) -> None:
        await self.run(interaction, "turn", seniority=seniority)

    @hf.command(name="done", description="You performed your bonus operation or delegate step")
    async def done(self, interaction: Interaction) -> None:
        await self.run(interaction, "done")

    @hf.command(name="skip", description="Skip your bonus operation or delegate step")
    async def skip(self, interaction: Interaction) -> None:
        await self.run(interaction, "skip")

    @hf.command(name="tally", description="Sec-Gen: the ideology that won the vote")
    async def tally(self, interaction: Interaction, law: Ideology) -> None:
        await self.run(interaction, "tally", law=law)

    @hf.command(name="secgen", description="Choose (or record) the Sec-Gen")
    @app_commands.autocomplete(player=player_choices)
    async def secgen(self, interaction: Interaction, player: str) -> None:
        await self.run(interaction, "secgen", player=player)

    @hf.command(name="law", description="Set the Active Law (table bookkeeping)")
    async def law(self, interaction: Interaction, law: Law) -> None:
        await self.run(interaction, "law", law=law)

    @hf.command(name="anarchy", description="Anarchy begins or ends (table bookkeeping)")
    async def anarchy(self, interaction: Interaction, on: bool) -> None:
        await self.run(interaction, "anarchy", on=on)

    @hf.command(name="war", description="War begins or ends (table bookkeeping)")
    async def war(self, interaction: Interaction, on: bool) -> None:
        await self.run(interaction, "war", on=on)

    @hf.command(name="ideology", description="A player's ideology (table bookkeeping)")
    @app_commands.autocomplete(player=player_choices)
    async def ideology(self, interaction: Interaction, player: str,
                       ideology: PlayerIdeology) -> None:
        await self.run(interaction, "ideology", player=player, ideology=ideology)

    @hf.command(name="sunspot", description="Correct the Sunspot Cube's space (track mode)")
    async def sunspot(self, interaction: Interaction,
                      space: app_commands.Range[int, 1, 60]) -> None:
        await self.run(interaction, "sunspot", space=space)

    @hf.command(name="deck", description="Cards left, the drawn pile and the card set aside")
    async def deck(self, interaction: Interaction) -> None:
        await self.run(interaction, "deck")

    @hf.command(name="history", description="The events drawn so far")
    async def history(self, interaction: Interaction) -> None:
        """Every draw and what became of it, only to the asker: told from the stored log
        (each draw's public `drawn` event), as `/game history` is; the game keeps no past."""
        live = await self.bot.actions.game_here(interaction, VARIANT)
        await interaction.response.defer(ephemeral=True, thinking=True)
        draws = [event["data"] for row in in_effect(await self.bot.service.storage.actions(
                 live.id)) for event in row.events
                 if event.get("kind") == "drawn" and event.get("audience") == PUBLIC]
        for text in chunks(history_lines(draws)):
            await interaction.followup.send(text, ephemeral=True)


def in_effect(rows: list[ActionRow]) -> list[ActionRow]:
    """The log's rows that still count: an undo row takes back the row before it."""
    kept: list[ActionRow] = []
    for row in rows:
        if row.kind == "undo":
            if kept and kept[-1].kind == "act":
                kept.pop()
        else:
            kept.append(row)
    return kept


async def setup(bot: Croupier) -> None:
    bot.command_groups[VARIANT] = "hf"
    await bot.add_cog(HighFrontier(bot))
