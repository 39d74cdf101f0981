"""A form pasted whole: one paragraph box for an action whose one question is a text to
paste (Plotted A&A's plot form, in the rulebook's table notation).

It takes the same route into the engine as every other form (`ClickTarget.prompt_context`,
then `run_prompt`), valid while the seat's prompt offers the action, whatever the step it
was opened at, and is answered as a command is ("Done", to the player alone). What was
pasted is kept, in memory, by game, seat and player: when the game refuses it (its words
name the line), the answer offers "Fix and paste again", which opens the box again holding
it. A game's cog may word its box (`declare`): the title, the label, an example, what it
says once the seat may no longer paste, and the text as it stands now (to edit and paste
back), and what the game read, told once the text is stored; otherwise the box is worded
from the action's own label and question. The prompt's own button for such an action opens
this same box (`bot/ui/forms.py`), pre-filled as the command's is.

Custom ids: the box `croupier:paste:<game>:<seat index>:<action>`, its button
`croupier:repaste:<game>:<seat index>:<action>`; without the action (as sent before this
form was generic) they are Plotted A&A's `plot-paste`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.service import LiveGame
from bot.ui.form_plan import FormRef, answers, pasted, question, short
from bot.ui.target import ClickTarget, OutOfDate, Refused, target
from engine import ActionSpec, NotAllowed, RuleError

BOX = "form"  # the box's input id
LIMIT = 4000  # a modal's paragraph holds at most 4,000 characters
LEGACY_ACTION = "plot-paste"  # the one paste form before it was generic
PASTE_ID = re.compile(r"croupier:paste:(?P<game>\d+):(?P<seat>\d+)(?::(?P<action>[\w-]+))?")
FIX_ID = r"croupier:repaste:(?P<game>\d+):(?P<seat>\d+)(?::(?P<action>[\w-]+))?"


@dataclass(frozen=True)
class Wording:
    """How a game's cog words its paste form. `title` and `closed` may name `{seat}`."""

    title: str = ""
    label: str = ""
    description: str = ""
    placeholder: str = ""
    closed: str = ""  # once the seat may no longer paste
    current: Callable[[LiveGame, str], str | None] | None = None  # the text as it stands
    read: Callable[[LiveGame, str], str | None] | None = None  # what the game read, once stored


# (variant, action) -> its wording, declared by the game's cog when it is loaded.
WORDINGS: dict[tuple[str, str], Wording] = {}

# What each player last pasted and was refused, by (game, seat index, player): in memory
# only; after a restart the box opens with the text as it stands.
KEPT: dict[tuple[int, int, int], str] = {}


def declare(variant: str, action: str, wording: Wording) -> None:
    WORDINGS[(variant, action)] = wording


def wording_of(variant: str, action: str) -> Wording:
    return WORDINGS.get((variant, action), Wording())


def ref_of(match: re.Match[str]) -> FormRef:
    """The form a paste id belongs to (the step does not matter: it is not checked)."""
    return FormRef(int(match["game"]), 0, int(match["seat"]), match["action"] or LEGACY_ACTION)


class PasteModal(discord.ui.Modal):
    """The one paragraph box. Sent stopped (nothing kept in memory): its submission is read
    from its custom id by `submitted`, so a box opened before a restart counts after it."""

    def __init__(self, ref: FormRef, seat: str, spec: ActionSpec, wording: Wording,
                 text: str | None) -> None:
        param = pasted(spec)
        title = wording.title or "{seat}: " + spec.shown
        super().__init__(title=short(title.format(seat=seat), 45),
                         custom_id=f"croupier:paste:{ref.game_id}:{ref.seat}:{ref.action}")
        box: discord.ui.TextInput[Any] = discord.ui.TextInput(
            custom_id=BOX, style=discord.TextStyle.paragraph, max_length=LIMIT,
            default=text if text and len(text) <= LIMIT else None,
            placeholder=wording.placeholder or None)
        label = wording.label or (question(param) if param is not None else spec.shown)
        self.add_item(discord.ui.Label(text=short(label, 45), component=box,
                                       description=wording.description or None))
        self.stop()


async def open_box(interaction: discord.Interaction[Any], live: LiveGame, seat: str,
                   spec: ActionSpec) -> None:
    """Open the seat's paste form for `spec`, holding what it last pasted and was refused,
    else the text as it stands."""
    assert live.game is not None
    ref = FormRef(live.id, 0, live.game.seats.index(seat), spec.name)
    wording = wording_of(live.row.variant, spec.name)
    text = KEPT.get((ref.game_id, ref.seat, interaction.user.id))
    if text is None and wording.current is not None:
        text = wording.current(live, seat)
    await interaction.response.send_modal(PasteModal(ref, seat, spec, wording, text))


async def context_of(path: ClickTarget, interaction: discord.Interaction[Any], ref: FormRef
                     ) -> tuple[LiveGame, str, ActionSpec]:
    """The paste form's game, seat and action, while its prompt offers it; refused in the
    game's words ("United Kingdom isn't plotting now") once it does not."""
    try:
        context = await path.prompt_context(interaction, ref, any_step=True)
    except OutOfDate as exc:
        closed = wording_of(exc.variant, ref.action).closed
        if not closed:
            raise
        raise NotAllowed(closed.format(seat=exc.seat)) from None
    if pasted(context.spec) is None:
        raise NotAllowed("That form is out of date: open it again.")
    return context.live, context.seat, context.spec


def fix_offer(path: ClickTarget, interaction: discord.Interaction[Any], ref: FormRef
              ) -> Refused:
    """The answer to a pasted text the game refused: its words, and "Fix and paste again",
    while the seat may still paste (else the refusal is answered as any other)."""

    async def offer(exc: RuleError) -> bool:
        try:
            await path.prompt_context(interaction, ref, any_step=True)
        except NotAllowed:
            return False
        view = discord.ui.View(timeout=None)
        view.add_item(FixButton(ref.game_id, ref.seat, ref.action))
        text = (f"\N{NO ENTRY SIGN} {exc.message}\nYour form is kept: fix it and paste "
                "again.")[:2000]
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, view=view)
        else:
            await interaction.response.send_message(text, ephemeral=True, view=view)
        return True

    return offer


def keep(ref: FormRef, user_id: int, text: str) -> None:
    KEPT[(ref.game_id, ref.seat, user_id)] = text


async def run(path: ClickTarget, interaction: discord.Interaction[Any], ref: FormRef,
              params: dict[str, Any], text: str, *, in_place: bool) -> bool:
    """Take a pasted text into the engine as any form's answer; kept until it is stored.
    True once stored."""
    keep(ref, interaction.user.id, text)
    paste_ref = FormRef(ref.game_id, 0, ref.seat, ref.action)
    if await path.run_prompt(interaction, ref, params, in_place=in_place,
                             refused=fix_offer(path, interaction, paste_ref)):
        KEPT.pop((ref.game_id, ref.seat, interaction.user.id), None)
        return True
    return False


async def submitted(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
    """The paste form, sent: its text becomes the action's one parameter."""
    path = target(interaction)
    data: dict[str, Any] = dict(interaction.data or {})
    ref = ref_of(match)
    text = answers(list(data.get("components") or [])).get(BOX, "")
    try:
        live, seat, spec = await context_of(path, interaction, ref)
        param = pasted(spec)
        assert param is not None
    except Exception as exc:  # noqa: BLE001 - one place answers every error
        await path.reply_error(interaction, exc)
        return
    if await run(path, interaction, ref, {param.name: text}, text, in_place=False):
        read = wording_of(live.row.variant, ref.action).read
        said = read(live, seat) if read is not None else None
        if said:
            await interaction.followup.send(said[:2000], ephemeral=True)


class FixButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=FIX_ID):
    """"Fix and paste again": the paste form opens again with what was pasted."""

    def __init__(self, game_id: int, seat_index: int, action: str = LEGACY_ACTION) -> None:
        self.ref = FormRef(game_id, 0, seat_index, action)
        super().__init__(discord.ui.Button(
            label="Fix and paste again", style=discord.ButtonStyle.primary,
            custom_id=f"croupier:repaste:{game_id}:{seat_index}:{action}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> FixButton:
        ref = ref_of(match)
        return cls(ref.game_id, ref.seat, ref.action)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        path = target(interaction)
        try:
            live, seat, spec = await context_of(path, interaction, self.ref)
            await open_box(interaction, live, seat, spec)
        except Exception as exc:  # noqa: BLE001 - one place answers every error
            await path.reply_error(interaction, exc)
