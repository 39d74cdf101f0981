"""Persistent buttons and menus: everything they need is in their custom id.

Custom ids look like `croupier:<kind>:<game id>:...`. Nothing is kept in memory
only: after a restart, a click on a button sent last week is parsed from its id,
the game is looked up, and the click becomes an engine action as before.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from engine import ActionSpec, Param, Prompt

if TYPE_CHECKING:
    from bot.client import Croupier

MAX_ROWS = 5


def menu_param(spec: ActionSpec) -> Param | None:
    """The one parameter a menu can answer: the action's only required one, with choices."""
    required = [p for p in spec.params if p.required]
    if len(required) == 1 and required[0].choices:
        return required[0]
    if not required and len(spec.params) == 1 and spec.params[0].choices:
        return spec.params[0]
    return None


def needs_command(prompt: Prompt) -> list[str]:
    """The prompt's actions that no button or menu can take (more than one choice)."""
    return [a.name for a in prompt.actions
            if any(p.required for p in a.params) and menu_param(a) is None]


def prompt_view(game_id: int, seq: int, seat_index: int, prompt: Prompt) -> discord.ui.View:
    """Buttons for actions without parameters; menus (25 options each) for one choice.

    Actions that need more than one choice are left to their slash command, which the
    prompt's text names; Discord allows five rows, so the first rows go to buttons."""
    view = discord.ui.View(timeout=None)
    buttons = [a for a in prompt.actions if not any(p.required for p in a.params)
               and menu_param(a) is None][:10]
    for i, spec in enumerate(buttons):
        view.add_item(PromptButton(game_id, seq, seat_index, spec.name, spec.shown, row=i // 5))
    row = (len(buttons) + 4) // 5
    for spec in prompt.actions:
        param = menu_param(spec)
        if param is None or param.choices is None:
            continue
        choices = param.choices
        parts = [choices[i:i + 25] for i in range(0, len(choices), 25)]
        for part, chunk in enumerate(parts):
            if row >= MAX_ROWS:
                return view
            options = [discord.SelectOption(label=c.shown[:100], value=c.value[:100])
                       for c in chunk]
            more = f" ({part + 1}/{len(parts)})" if len(parts) > 1 else ""
            view.add_item(PromptSelect(game_id, seq, seat_index, spec.name, param.name,
                                       f"{spec.shown}: choose {param.name}{more}", options,
                                       row=row, part=part))
            row += 1
    return view


class PromptButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"croupier:p:(?P<game>\d+):(?P<seq>\d+):(?P<seat>\d+):(?P<action>[\w-]+)"):
    """A button that takes one action for one seat."""

    def __init__(self, game_id: int, seq: int, seat: int, action: str, label: str = "",
                 row: int | None = None) -> None:
        self.game_id, self.seq, self.seat, self.action = game_id, seq, seat, action
        super().__init__(discord.ui.Button(
            label=(label or action)[:80], style=discord.ButtonStyle.primary, row=row,
            custom_id=f"croupier:p:{game_id}:{seq}:{seat}:{action}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> PromptButton:
        return cls(int(match["game"]), int(match["seq"]), int(match["seat"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: Croupier = interaction.client
        await bot.run_prompt(interaction, self.game_id, self.seq, self.seat, self.action, {})


class PromptSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=r"croupier:s:(?P<game>\d+):(?P<seq>\d+):(?P<seat>\d+):"
                            r"(?P<action>[\w-]+):(?P<param>\w+):(?P<part>\d+)"):
    """A menu whose choice becomes the one parameter of an action."""

    def __init__(self, game_id: int, seq: int, seat: int, action: str, param: str,
                 placeholder: str = "", options: list[discord.SelectOption] | None = None,
                 row: int | None = None, part: int = 0) -> None:
        self.game_id, self.seq, self.seat, self.action, self.param = (
            game_id, seq, seat, action, param)
        super().__init__(discord.ui.Select(
            placeholder=placeholder[:150] or None, options=options or [], row=row,
            custom_id=f"croupier:s:{game_id}:{seq}:{seat}:{action}:{param}:{part}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> PromptSelect:
        return cls(int(match["game"]), int(match["seq"]), int(match["seat"]), match["action"],
                   match["param"], part=int(match["part"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: Croupier = interaction.client
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        if not values:
            await interaction.response.send_message("Choose one option.", ephemeral=True)
            return
        await bot.run_prompt(interaction, self.game_id, self.seq, self.seat, self.action,
                             {self.param: values[0]})


class ShowHandButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=r"croupier:hand:(?P<game>\d+)"):
    """The fallback for closed DMs: shows the clicking player's own secrets, ephemerally."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(label="Show my hand", emoji="\N{PLAYING CARD BLACK JOKER}",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"croupier:hand:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> ShowHandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: Croupier = interaction.client
        await bot.show_hand(interaction, self.game_id)


class UndoAgreeButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                      template=r"croupier:undo:(?P<game>\d+):(?P<seq>\d+)"):
    """Agree to an undo request."""

    def __init__(self, game_id: int, seq: int) -> None:
        self.game_id, self.seq = game_id, seq
        super().__init__(discord.ui.Button(label="Agree to undo", style=discord.ButtonStyle.danger,
                                           custom_id=f"croupier:undo:{game_id}:{seq}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> UndoAgreeButton:
        return cls(int(match["game"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: Croupier = interaction.client
        await bot.agree_undo(interaction, self.game_id, self.seq)


class RepeatButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"croupier:again:(?P<game>\d+):(?P<seq>\d+):(?P<at>\d+)"):
    """Do once more a command that was applied (action `seq`) but seemed unanswered; the
    game was at `at` when the player was asked."""

    def __init__(self, game_id: int, seq: int, at: int) -> None:
        self.game_id, self.seq, self.at = game_id, seq, at
        super().__init__(discord.ui.Button(label="Do it once more",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"croupier:again:{game_id}:{seq}:{at}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> RepeatButton:
        return cls(int(match["game"]), int(match["seq"]), int(match["at"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: Croupier = interaction.client
        await bot.run_again(interaction, self.game_id, self.seq, self.at)


def single(item: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(item)
    return view


DYNAMIC_ITEMS = (PromptButton, PromptSelect, ShowHandButton, UndoAgreeButton, RepeatButton)
