"""Persistent buttons and menus: everything they need is in their custom id.

Custom ids look like `croupier:<kind>:<game id>:...`. Nothing is kept in memory
only: after a restart, a click on a button sent last week is parsed from its id, the
game is looked up, and the click becomes an engine action as before. (A form's modal
is read the same way, from its custom id and answers: `bot/ui/forms.py`.)
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.ui import form_plan, forms, paste
from bot.ui.form_plan import FormRef
from bot.ui.target import target
from engine import Prompt

MAX_ROWS = 5
PER_ROW = 5


def prompt_view(game_id: int, seq: int, seat_index: int, prompt: Prompt) -> discord.ui.View:
    """Every action of the prompt, a click away: a button per action (one with parameters
    opens its form), and a menu in the message itself for an action whose one question is
    a choice, while Discord's five rows allow; the others get a button and a form."""
    menus = [(spec, param) for spec in prompt.actions
             if (param := form_plan.inline_menu(spec)) is not None]
    pages = {spec.name: -(-len(form_plan.options(param) or ()) // form_plan.PAGE)
             for spec, param in menus}

    def rows_needed() -> int:
        buttons = len(prompt.actions) - len(menus)
        return -(-buttons // PER_ROW) + sum(pages[spec.name] for spec, _ in menus)

    while menus and rows_needed() > MAX_ROWS:
        menus.remove(max(menus, key=lambda m: pages[m[0].name]))
    in_menu = {spec.name for spec, _ in menus}
    view = discord.ui.View(timeout=None)
    buttons = [a for a in prompt.actions if a.name not in in_menu][:MAX_ROWS * PER_ROW]
    for i, spec in enumerate(buttons):
        label = spec.shown + (" …" if form_plan.asked(spec) else "")
        view.add_item(PromptButton(game_id, seq, seat_index, spec.name, label, row=i // PER_ROW))
    row = -(-len(buttons) // PER_ROW)
    for spec, param in menus:
        choices = form_plan.options(param) or ()
        parts = [choices[i:i + form_plan.PAGE] for i in range(0, len(choices), form_plan.PAGE)]
        for part, chunk in enumerate(parts):
            if row >= MAX_ROWS:
                return view
            options = [discord.SelectOption(label=c.shown[:100], value=c.value[:100])
                       for c in chunk]
            more = f" ({chunk[0].shown[:20]} … {chunk[-1].shown[:20]})" if len(parts) > 1 else ""
            view.add_item(PromptSelect(game_id, seq, seat_index, spec.name, param.name,
                                       f"{spec.shown}: {form_plan.question(param)}{more}",
                                       options,
                                       row=row, part=part))
            row += 1
    return view


def disabled(view: discord.ui.View) -> discord.ui.View:
    """The same components, greyed out: an answered or superseded prompt."""
    for child in view.children:
        target = getattr(child, "item", child)
        if hasattr(target, "disabled"):
            target.disabled = True
    return view


class PromptButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"croupier:p:(?P<game>\d+):(?P<seq>\d+):(?P<seat>\d+):(?P<action>[\w-]+)"):
    """An action's button: takes an action without parameters, or opens the action's form."""

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
        await forms.advance(interaction, FormRef(self.game_id, self.seq, self.seat,
                                                 self.action), [])


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
        bot = target(interaction)
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        if not values:
            await interaction.response.send_message("Choose one option.", ephemeral=True)
            return
        await bot.run_prompt(interaction, FormRef(self.game_id, self.seq, self.seat,
                                                  self.action), {self.param: values[0]})


class OpenChoicesButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                         template=r"croupier:open:(?P<game>\d+)"):
    """On the channel's turn ping: the clicking player's own prompt, only to them (for
    players who turned DM prompts off, or whose DMs are closed)."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(label="My choices", style=discord.ButtonStyle.primary,
                                           custom_id=f"croupier:open:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]
                             ) -> OpenChoicesButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = target(interaction)
        await bot.open_choices(interaction, self.game_id)


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
        bot = target(interaction)
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
        bot = target(interaction)
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
        bot = target(interaction)
        await bot.run_again(interaction, self.game_id, self.seq, self.at)


class GameMenu(discord.ui.DynamicItem[discord.ui.Select[Any]],
               template=r"croupier:pick:(?P<what>[a-z]+):(?P<extra>\d*)"):
    """Which game a `/game` command typed in a DM is about, for a player seated in several:
    `what` the command (status, history, hand), `extra` its number option if any."""

    def __init__(self, what: str, extra: str = "",
                 games: list[tuple[int, str]] | None = None) -> None:
        self.what, self.extra = what, extra
        super().__init__(discord.ui.Select(
            placeholder="Which game?",
            options=[discord.SelectOption(label=label[:100], value=str(game_id))
                     for game_id, label in (games or [])[:25]],
            custom_id=f"croupier:pick:{what}:{extra}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> GameMenu:
        return cls(match["what"], match["extra"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        if not values or not values[0].isdigit():
            await interaction.response.send_message("Choose a game.", ephemeral=True)
            return
        await target(interaction).picked(interaction, self.what, int(values[0]), self.extra)


def single(item: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(item)
    return view


DYNAMIC_ITEMS = (PromptButton, PromptSelect, OpenChoicesButton, ShowHandButton,
                 UndoAgreeButton, RepeatButton, GameMenu, forms.FormSelect, forms.FormButton,
                 paste.FixButton)
