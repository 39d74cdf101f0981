"""`/pig`: the tiny test game's commands, written the way every game cog is."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Croupier
from cogs.base import prompt_choices
from renders import Pictures

Interaction = discord.Interaction[Any]


class PigCog(commands.Cog):
    pig = app_commands.Group(name="pig", description="Play Pig")

    def __init__(self, bot: Croupier) -> None:
        self.bot = bot

    async def amount_choices(self, interaction: Interaction, current: str
                             ) -> list[app_commands.Choice[str]]:
        return await prompt_choices(self.bot, interaction, "bet", "amount", current)

    @pig.command(name="roll", description="Roll the die")
    async def roll(self, interaction: Interaction) -> None:
        await self.bot.actions.act(interaction, "roll", {}, variant="pig")

    @pig.command(name="hold", description="Bank the pot")
    async def hold(self, interaction: Interaction) -> None:
        await self.bot.actions.act(interaction, "hold", {}, variant="pig")

    @pig.command(name="bet", description="Bet points")
    @app_commands.autocomplete(amount=amount_choices)
    async def bet(self, interaction: Interaction, amount: str) -> None:
        await self.bot.actions.act(interaction, "bet", {"amount": amount}, variant="pig")

    @pig.command(name="peek", description="See your secret card")
    async def peek(self, interaction: Interaction) -> None:
        await self.bot.actions.act(interaction, "peek", {}, variant="pig")

    @pig.command(name="note", description="Write on the table")
    async def note(self, interaction: Interaction, text: app_commands.Range[str, 1, 40]) -> None:
        await self.bot.actions.act(interaction, "note", {"text": text}, variant="pig")


async def setup(bot: Croupier) -> None:
    bot.pictures["pig"] = Pictures(board=render_pig)
    await bot.add_cog(PigCog(bot))


def render_pig(view: dict[str, Any]) -> bytes:
    """A minimal board: the scores as text on a PNG, from the public view only."""
    import io

    from PIL import Image, ImageDraw

    image = Image.new("RGB", (400, 40 + 20 * len(view["scores"])), "white")
    draw = ImageDraw.Draw(image)
    draw.text((10, 10), f"Pig: {view['turn']} to play, pot {view['pot']}", fill="black")
    for i, (seat, score) in enumerate(sorted(view["scores"].items())):
        draw.text((10, 30 + 20 * i), f"{seat}: {score}", fill="black")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()
