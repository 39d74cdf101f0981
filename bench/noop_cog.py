"""A no-op slash command: the floor for a command's round trip through the sandbox."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands


class Noop(commands.Cog):
    @app_commands.command(name="noop", description="Answers at once and does nothing")
    async def noop(self, interaction: discord.Interaction[Any],
                   text: app_commands.Range[str, 1, 40]) -> None:
        """The same option as /pig note, so both carry the same Discord plumbing."""
        await interaction.response.send_message("\N{WHITE HEAVY CHECK MARK} Done.",
                                                ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Noop())
