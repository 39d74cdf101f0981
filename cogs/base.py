"""What every game cog shares: the action call, autocomplete from prompts, the board."""

from __future__ import annotations

import io
from collections.abc import Callable, Coroutine, Iterable
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Croupier
from bot.service import paused_message
from engine import Game, RuleError

Interaction = discord.Interaction[Any]
Complete = Callable[[Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]


async def prompt_choices(bot: Croupier, interaction: Interaction, action: str, param: str,
                         current: str) -> list[app_commands.Choice[str]]:
    """The legal values of `param` for `action`, as the user's prompt lists them now."""
    try:
        live = await bot.actions.game_here(interaction)
    except RuleError:
        return []
    if live.game is None:
        return []
    prompts = live.prompts()
    found: list[app_commands.Choice[str]] = []
    for seat in live.seats_of(interaction.user.id):
        spec = prompts[seat].action(action) if seat in prompts else None
        for p in spec.params if spec else ():
            if p.name == param and p.choices:
                found += [app_commands.Choice(name=c.shown[:100], value=c.value[:100])
                          for c in p.choices if current.lower() in c.shown.lower()]
    return found[:25]


def suggested(game: Game, seats: Iterable[str], action: str, param: str,
              interaction: Interaction) -> list[str]:
    """What the game suggests for the free-text `param` to any of `seats` (`Game.suggest`),
    each value once, given the options typed so far: by the action's parameter names, so
    an option renamed for players (`from`) is handed over as its parameter (`from_area`)."""
    typed = dict(iter(interaction.namespace))  # a Namespace answers None to `keys`
    command = interaction.command
    if isinstance(command, app_commands.Command):
        for option in command.parameters:
            if option.display_name != option.name and option.display_name in typed:
                typed[option.name] = typed.pop(option.display_name)
    found: list[str] = []
    for seat in seats:
        found += [v for v in game.suggest(seat, action, param, typed) if v not in found]
    return found


def matching(names: list[str], current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete choices: the names containing what is typed, at most 25."""
    return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names
            if current.lower() in n.lower()][:25]


def risk_territories(action: str, param: str) -> Complete:
    """The prompt's legal territories when it lists them; otherwise every territory of the
    RISK map (the games built on `engine/risk`)."""
    from engine.risk.map import classic_map

    async def complete(interaction: Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
        offered = await prompt_choices(interaction.client, interaction, action, param,
                                       current)
        return offered or matching(list(classic_map().territories), current)

    return complete


def from_prompt(action: str, param: str) -> Complete:
    """An autocomplete callback offering the legal values from the user's prompt."""

    async def complete(interaction: Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
        return await prompt_choices(interaction.client, interaction, action, param, current)

    return complete


class GameCog(commands.Cog):
    """A game's command group: each subcommand is the engine action of the same name."""

    variant: ClassVar[str]

    def __init__(self, bot: Croupier) -> None:
        self.bot = bot

    async def run(self, interaction: Interaction, action: str, **params: Any) -> None:
        """The one action path; options the player left out are not passed."""
        await self.bot.actions.act(interaction, action,
                                   {k: v for k, v in params.items() if v is not None},
                                   variant=self.variant)

    async def show_board(self, interaction: Interaction, name: str) -> None:
        """The board image of the public view, only to the asker (rendered off the loop)."""
        live = await self.bot.actions.game_here(interaction, self.variant)
        pictures = self.bot.pictures.get(self.variant)
        if live.game is None or pictures is None:
            await interaction.response.send_message(
                paused_message(live) if live.broken else "The game hasn't started.",
                ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        png = await self.bot.loop.run_in_executor(self.bot.render_pool, pictures.board,
                                                  live.game.view(None))
        await interaction.followup.send(file=discord.File(io.BytesIO(png), name),
                                        ephemeral=True)
