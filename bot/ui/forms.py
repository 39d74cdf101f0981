"""Forms on Discord: every action a prompt offers can be completed with clicks alone.

An action without parameters is one button. An action with parameters opens a form from
its button: a modal with a menu (or a text box for free input) per parameter when it fits
one (five questions, 25 choices each), or else menus that follow one another in the
prompt's own message, each step's choices carried in the next component's custom id (a
choice is its index in the prompt's list, which cannot change while the prompt is
current). The engine checks the result like any action. A parameter that may be left out
is still asked, marked optional: nothing is chosen for a player without them seeing it.
What is asked, and how answers read back, is the pure plan in `form_plan.py`; every
answer goes to the bot through `target.ClickTarget`.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.ui import paste
from bot.ui.form_plan import (
    PAGE,
    STEP_PAGES,
    FormRef,
    answers,
    as_text,
    asked,
    decode,
    defaults,
    fits_a_modal_with,
    in_menus,
    in_text,
    options,
    pasted,
    question,
    short,
    text_pages,
)
from bot.ui.target import target
from engine import ActionSpec, NotAllowed, Param

FORM_TIMEOUT = 30 * 60.0

# The answers of a form's earlier modals while the player opens the next one, by the form
# (its custom id without the page) and the player. In memory only: after a restart the last
# modal is taken with what it holds, and the game says what is missing.
EARLIER: dict[tuple[str, int], dict[str, str]] = {}


# ----- the flow ------------------------------------------------------------------


async def advance(interaction: discord.Interaction[Any], ref: FormRef, tokens: list[str],
                  *, offset: int = 0) -> None:
    """Show the form's next question, or take the action once everything is answered."""
    bot = target(interaction)
    try:
        context = await bot.prompt_context(interaction, ref)
        spec = context.spec
        if pasted(spec) is not None and not tokens:
            # A whole form to paste: the same box as the game's command opens, pre-filled.
            await paste.open_box(interaction, context.live, context.seat, spec)
            return
        usual = defaults(context.live.game, spec.name)
        params = asked(spec)
        if not params:
            await bot.run_prompt(interaction, ref, {})
            return
        menus = in_menus(spec)
        left = [*menus[len(tokens):], *in_text(spec)]
        if fits_a_modal_with(left):
            # What is left fits one modal: ask it all at once (menus first when it did not).
            await send_modal(interaction, ActionModal(ref, spec, left, tokens, usual))
        elif len(tokens) < len(menus):
            content, view = step(ref, spec, tokens, context.header, offset)
            await interaction.response.edit_message(content=content, view=view)
        elif in_text(spec):
            await send_modal(interaction, ActionModal(ref, spec, text_pages(spec)[0], tokens,
                                                      usual))
        else:
            await bot.run_prompt(interaction, ref, decode(spec, tokens))
    except Exception as exc:  # noqa: BLE001 - one place answers every error
        await bot.reply_error(interaction, exc)


async def send_modal(interaction: discord.Interaction[Any], modal: discord.ui.Modal) -> None:
    modal.stop()  # nothing kept in memory: see `submitted`
    await interaction.response.send_modal(modal)


def step(ref: FormRef, spec: ActionSpec, tokens: list[str], header: str, offset: int = 0
         ) -> tuple[str, discord.ui.View]:
    """One question of a form as menus (25 options each) plus skip, more and back."""
    menus = in_menus(spec)
    param = menus[len(tokens)]
    so_far = [f"{question(p)} **{(options(p) or ())[int(t)].shown}**"
              for p, t in zip(menus, tokens, strict=False) if t != "-"]
    optional = "" if param.required else " (optional)"
    content = "\n".join([header, f"**{spec.shown}**", *so_far,
                         f"\N{BLACK RIGHT-POINTING TRIANGLE} {question(param)}{optional}"])
    choices = options(param) or ()
    pages = [choices[i:i + PAGE] for i in range(0, len(choices), PAGE)]
    view = discord.ui.View(timeout=None)
    shown = pages[offset:offset + STEP_PAGES]
    for n, page in enumerate(shown, start=offset):
        first = n * PAGE
        label = question(param)
        if len(pages) > 1:
            label += f" ({page[0].shown[:20]} … {page[-1].shown[:20]})"
        view.add_item(FormSelect(ref, tokens, n, label, [
            discord.SelectOption(label=c.shown[:100], value=str(first + i))
            for i, c in enumerate(page)]))
    row = len(shown)
    if not param.required:
        view.add_item(FormButton(ref, tokens, "skip", "Leave it out", row=row))
    if offset + STEP_PAGES < len(pages):
        view.add_item(FormButton(ref, tokens, f"o{offset + STEP_PAGES}", "More choices",
                                 row=row))
    elif offset:
        view.add_item(FormButton(ref, tokens, "o0", "First choices", row=row))
    view.add_item(FormButton(ref, tokens, "back", "Back", row=row,
                             style=discord.ButtonStyle.secondary))
    return content[-2000:], view


class ActionModal(discord.ui.Modal):
    """A modal with one question per parameter: a menu, or a text box for free input.

    It is sent already stopped, so discord.py keeps nothing of it in memory: its
    submission is read by `submitted` from the custom id and the answers alone."""

    def __init__(self, ref: FormRef, spec: ActionSpec, params: list[Param],
                 tokens: list[str], usual: dict[str, Any] | None = None, page: int = 0
                 ) -> None:
        pages = len(text_pages(spec))
        title = spec.shown if not page and pages < 2 else f"{spec.shown} ({page + 1}/{pages})"
        more = f":t{page}" if page else ""
        super().__init__(title=short(title, 45), timeout=FORM_TIMEOUT,
                         custom_id=f"croupier:m:{ref.base}:{'.'.join(tokens)}{more}"[:100])
        for param in params:
            choices = options(param)
            item: discord.ui.Select[Any] | discord.ui.TextInput[Any]
            given = (usual or {}).get(param.name)
            if choices is None:
                long = param.kind == "text"  # a whole plot form, pasted: Discord allows 4,000
                item = discord.ui.TextInput(
                    custom_id=param.name, required=param.required,
                    max_length=4000 if long else 100,
                    style=discord.TextStyle.paragraph if long else discord.TextStyle.short,
                    default=None if given is None else str(given),
                    placeholder="A whole number" if param.kind == "int" else None)
            else:
                item = discord.ui.Select(
                    custom_id=param.name, required=param.required,
                    min_values=1 if param.required else 0, max_values=1,
                    options=[discord.SelectOption(label=c.shown[:100], value=str(i),
                                                  default=given is not None
                                                  and c.value == as_text(given))
                             for i, c in enumerate(choices)])
            description = None if param.required else "Optional: leave it empty to leave it out."
            self.add_item(discord.ui.Label(text=short(question(param), 45), component=item,
                                           description=description))



MODAL_ID = re.compile(r"croupier:m:(?P<game>\d+):(?P<seq>\d+):(?P<seat>\d+):(?P<action>[\w-]+):"
                      r"(?P<tokens>[\d.\-]*)(?::t(?P<page>\d+))?")


async def submitted(interaction: discord.Interaction[Any]) -> None:
    """A form's modal was sent (or a paste form: `bot/ui/paste.py`). Read from the
    interaction alone (not from memory), so a modal opened before a restart still works
    after it."""
    path = target(interaction)
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if (whole := paste.PASTE_ID.fullmatch(custom_id)) is not None:
        await paste.submitted(interaction, whole)
        return
    match = MODAL_ID.fullmatch(custom_id)
    if match is None:
        return
    try:
        ref, tokens = _ref(match)
        spec = (await path.prompt_context(interaction, ref)).spec
        page = int(match["page"] or 0)
        key = (f"{ref.base}:{'.'.join(tokens)}", interaction.user.id)
        typed = {**(EARLIER.pop(key, {}) if page else {}),
                 **answers(list(data.get("components") or []))}
        if page + 1 < len(text_pages(spec)):
            EARLIER[key] = typed
            await go_on(interaction, ref, spec, tokens, page + 1)
            return
        params = decode(spec, tokens, typed)
        text = typed.get(param.name, "") if (param := pasted(spec)) is not None else None
    except Exception as exc:  # noqa: BLE001
        await path.reply_error(interaction, exc)
        return
    if text is not None:  # a whole form pasted: kept, to fix and paste again if refused
        await paste.run(path, interaction, ref, params, text, in_place=True)
    else:
        await path.run_prompt(interaction, ref, params)


async def go_on(interaction: discord.Interaction[Any], ref: FormRef, spec: ActionSpec,
                tokens: list[str], page: int) -> None:
    """Between two modals of one form: the prompt's message offers the next one."""
    view = discord.ui.View(timeout=None)
    view.add_item(FormButton(ref, tokens, f"t{page}", "Go on…"))
    view.add_item(FormButton(ref, tokens, "back", "Back", style=discord.ButtonStyle.secondary))
    pages = len(text_pages(spec))
    content = f"**{spec.shown}**: {page} of {pages} parts answered. Go on to the next part."
    if interaction.message is not None:
        await interaction.response.edit_message(content=content, view=view)
    else:
        await interaction.response.send_message(content, view=view, ephemeral=True)


STEP = (r"croupier:c:(?P<game>\d+):(?P<seq>\d+):(?P<seat>\d+):(?P<action>[\w-]+):"
        r"(?P<tokens>[\d.\-]*):")
SELECT_STEP = STEP + r"(?P<what>p\d+)"
BUTTON_STEP = STEP + r"(?P<what>skip|back|o\d+|t\d+)"


def _ref(match: re.Match[str]) -> tuple[FormRef, list[str]]:
    tokens = [t for t in match["tokens"].split(".") if t]
    return (FormRef(int(match["game"]), int(match["seq"]), int(match["seat"]), match["action"]),
            tokens)


class FormSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_STEP):
    """One page of a form step's menu; its choice is appended to the tokens."""

    def __init__(self, ref: FormRef, tokens: list[str], page: int, placeholder: str = "",
                 choices: list[discord.SelectOption] | None = None) -> None:
        self.ref, self.tokens = ref, tokens
        super().__init__(discord.ui.Select(
            placeholder=placeholder[:150] or None, options=choices or [], row=page % STEP_PAGES,
            custom_id=f"croupier:c:{ref.base}:{'.'.join(tokens)}:p{page}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> FormSelect:
        ref, tokens = _ref(match)
        return cls(ref, tokens, int(match["what"][1:] or 0))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        await advance(interaction, self.ref, [*self.tokens, *values[:1]])


class FormButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_STEP):
    """A form step's button: leave the parameter out, more choices, or back."""

    def __init__(self, ref: FormRef, tokens: list[str], what: str, label: str = "",
                 row: int | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        self.ref, self.tokens, self.what = ref, tokens, what
        super().__init__(discord.ui.Button(
            label=label or what, style=style, row=row,
            custom_id=f"croupier:c:{ref.base}:{'.'.join(tokens)}:{what}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> FormButton:
        ref, tokens = _ref(match)
        return cls(ref, tokens, match["what"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.what == "back":
            await target(interaction).show_prompt(interaction, self.ref)
        elif self.what == "skip":
            await advance(interaction, self.ref, [*self.tokens, "-"])
        elif self.what.startswith("t"):
            await next_modal(interaction, self.ref, self.tokens, int(self.what[1:]))
        elif self.what.startswith("o"):
            await advance(interaction, self.ref, self.tokens, offset=int(self.what[1:] or 0))


async def next_modal(interaction: discord.Interaction[Any], ref: FormRef, tokens: list[str],
                     page: int) -> None:
    """The "Go on" button: the form's next modal of text boxes."""
    bot = target(interaction)
    try:
        context = await bot.prompt_context(interaction, ref)
        spec = context.spec
        pages = text_pages(spec)
        if not 0 < page < len(pages):
            raise NotAllowed("That form is out of date: open it again.")
        await send_modal(interaction, ActionModal(ref, spec, pages[page], tokens,
                                                  defaults(context.live.game, spec.name), page))
    except Exception as exc:  # noqa: BLE001 - one place answers every error
        await bot.reply_error(interaction, exc)
