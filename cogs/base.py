"""What every game cog shares: autocomplete from the engine's prompts."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.client import Croupier
from engine import RuleError


def prompt_choices(bot: Croupier, interaction: discord.Interaction[Any], action: str,
                   param: str, current: str) -> list[app_commands.Choice[str]]:
    """The legal values of `param` for `action`, as the user's prompt lists them now."""
    try:
        live = bot.game_here(interaction)
    except RuleError:
        return []
    game = live.game
    if game is None:
        return []
    prompts = game.prompts()
    found: list[app_commands.Choice[str]] = []
    for seat in live.seats_of(interaction.user.id):
        spec = prompts[seat].action(action) if seat in prompts else None
        for p in spec.params if spec else ():
            if p.name == param and p.choices:
                found += [app_commands.Choice(name=c.shown[:100], value=c.value[:100])
                          for c in p.choices if current.lower() in c.shown.lower()]
    return found[:25]
