"""Forms: every action a prompt offers can be completed with clicks alone.

Built from `prompts()` only. An action without parameters is one button. An action
with parameters opens a form from its button: a modal with a menu (or a text box for a
free number) per parameter when it fits one (five questions, 25 choices each), or else
menus that follow one another in the prompt's own message, each step's choices carried
in the next component's custom id (a choice is its index in the prompt's list, which
cannot change while the prompt is current). The engine checks the result like any action.
A parameter that may be left out is still asked, marked optional: nothing is chosen for
a player without them seeing it.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.host import actions_of
from engine import ActionSpec, Choice, NotAllowed, Param, Unreadable

PAGE = 25  # options per menu (Discord's limit)
MODAL_QUESTIONS = 5  # inputs per modal (Discord's limit)
STEP_PAGES = 4  # menus per form step; the fifth row holds the step's buttons
FORM_TIMEOUT = 30 * 60.0
BOOL_CHOICES = (Choice("yes", "Yes"), Choice("no", "No"))


def plain(name: str) -> str:
    return name.replace("_", " ").replace("-", " ")


def question(param: Param) -> str:
    """What a form asks for the parameter, in players' words."""
    return param.question or f"Which {plain(param.name)}?"


def options(param: Param) -> tuple[Choice, ...] | None:
    """The choices a menu lists for the parameter; None for free input (a text box)."""
    if param.choices is None and param.kind == "bool":
        return BOOL_CHOICES
    return param.choices


def asked(spec: ActionSpec) -> list[Param]:
    """The parameters a form asks: all but those with an empty list of choices."""
    return [p for p in spec.params if options(p) is None or options(p)]


def in_menus(spec: ActionSpec) -> list[Param]:
    return [p for p in asked(spec) if options(p) is not None]


def in_text(spec: ActionSpec) -> list[Param]:
    return [p for p in asked(spec) if options(p) is None]


def fits_a_modal(spec: ActionSpec) -> bool:
    return fits_a_modal_with(asked(spec))


def fits_a_modal_with(params: list[Param]) -> bool:
    return 0 < len(params) <= MODAL_QUESTIONS and all(
        len(options(p) or ()) <= PAGE for p in params)


def text_pages(spec: ActionSpec) -> list[list[Param]]:
    """The text boxes of a form, five a modal: more than five take modals one after another
    (a "Go on" button between them, since a modal can't open the next one)."""
    text = in_text(spec)
    return [text[i:i + MODAL_QUESTIONS] for i in range(0, len(text), MODAL_QUESTIONS)]


# The answers of a form's earlier modals while the player opens the next one, by the form
# (its custom id without the page) and the player. In memory only: after a restart the last
# modal is taken with what it holds, and the game says what is missing.
EARLIER: dict[tuple[str, int], dict[str, str]] = {}


def short(text: str, limit: int) -> str:
    """Text cut at a word to fit a limit (a modal's title, a label), marked with …."""
    if len(text) <= limit:
        return text
    return text[:limit - 1].rsplit(" ", 1)[0].rstrip(" :,(") + "…"


def inline_menu(spec: ActionSpec) -> Param | None:
    """The action's one parameter, when a menu in the prompt itself answers it."""
    params = asked(spec)
    if len(params) == 1 and params[0].required and options(params[0]):
        return params[0]
    return None


def defaults(game: Any, action: str) -> dict[str, Any]:
    """The values the game's handler takes for parameters left out (its signature's
    defaults): a form shows them preselected, so leaving a question alone is seen."""
    handler = getattr(game, "do_" + action.replace("-", "_"), None)
    if handler is None:
        return {}
    return {name: p.default for name, p in inspect.signature(handler).parameters.items()
            if p.default is not inspect.Parameter.empty and p.default is not None}


def coerce(param: Param, value: str) -> Any:
    """A menu's or text box's value as the engine's handler takes it."""
    if param.kind == "int":
        try:
            return int(value.strip())
        except ValueError:
            raise Unreadable(f"“{question(param)}” takes a whole number; {value!r} is not "
                             "one.") from None
    if param.kind == "bool":
        return value.strip().lower() in ("yes", "true", "on", "1")
    return value


def decode(spec: ActionSpec, tokens: list[str], typed: dict[str, str] | None = None
           ) -> dict[str, Any]:
    """The action's parameters from the menu steps' tokens and the modal's inputs."""
    typed = typed or {}
    params: dict[str, Any] = {}
    for param, token in zip(in_menus(spec), tokens, strict=False):
        if token == "-":
            continue
        choices = options(param) or ()
        index = int(token)
        if not 0 <= index < len(choices):
            raise NotAllowed("That choice is out of date: open the form again.")
        params[param.name] = coerce(param, choices[index].value)
    for param in asked(spec):
        raw = typed.get(param.name)
        if raw is None or raw == "":
            continue
        if options(param) is not None:
            choices = options(param) or ()
            if not raw.isdigit() or int(raw) >= len(choices):
                raise NotAllowed("That choice is out of date: open the form again.")
            params[param.name] = coerce(param, choices[int(raw)].value)
        else:
            params[param.name] = coerce(param, raw)
    return params


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def summary(spec: ActionSpec, params: dict[str, Any]) -> str:
    """What was chosen, in the menus' words: "Suggest: Col. Mustard, Rope"."""
    words = []
    for param in spec.params:
        if param.name not in params:
            continue
        value = params[param.name]
        shown = {str(c.value): c.shown for c in options(param) or ()}
        words.append(shown.get(str(value), "yes" if value is True else "no" if value is False
                               else str(value)))
    return f"{spec.shown}: {', '.join(words)}" if words else spec.shown


@dataclass(frozen=True)
class FormRef:
    """Which prompt a form belongs to: the game, the seq it was shown at, seat, action."""

    game_id: int
    seq: int
    seat: int
    action: str

    @property
    def base(self) -> str:
        return f"{self.game_id}:{self.seq}:{self.seat}:{self.action}"


# ----- the flow ------------------------------------------------------------------


async def advance(interaction: discord.Interaction[Any], ref: FormRef, tokens: list[str],
                  *, offset: int = 0) -> None:
    """Show the form's next question, or take the action once everything is answered."""
    bot = actions_of(interaction)
    try:
        live, seat, prompt, spec = await bot.prompt_context(interaction, ref)
        usual = defaults(live.game, spec.name)
        params = asked(spec)
        if not params:
            await bot.run_prompt(interaction, ref.game_id, ref.seq, ref.seat, ref.action, {})
            return
        menus = in_menus(spec)
        left = [*menus[len(tokens):], *in_text(spec)]
        if fits_a_modal_with(left):
            # What is left fits one modal: ask it all at once (menus first when it did not).
            await send_modal(interaction, ActionModal(ref, spec, left, tokens, usual))
        elif len(tokens) < len(menus):
            header = bot.delivery.prompt_text(live, seat, prompt)
            content, view = step(ref, spec, tokens, header, offset)
            await interaction.response.edit_message(content=content, view=view)
        elif in_text(spec):
            await send_modal(interaction, ActionModal(ref, spec, text_pages(spec)[0], tokens,
                                                      usual))
        else:
            await bot.run_prompt(interaction, ref.game_id, ref.seq, ref.seat, ref.action,
                                 decode(spec, tokens))
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
                                                  and c.value == _text(given))
                             for i, c in enumerate(choices)])
            description = None if param.required else "Optional: leave it empty to leave it out."
            self.add_item(discord.ui.Label(text=short(question(param), 45), component=item,
                                           description=description))



MODAL_ID = re.compile(r"croupier:m:(?P<game>\d+):(?P<seq>\d+):(?P<seat>\d+):(?P<action>[\w-]+):"
                      r"(?P<tokens>[\d.\-]*)(?::t(?P<page>\d+))?")


def answers(components: list[dict[str, Any]]) -> dict[str, str]:
    """A modal submission's answers by input: a menu's chosen index, a text box's text."""
    found: dict[str, str] = {}
    for top in components:
        for item in [top.get("component"), *(top.get("components") or []), top]:
            if not isinstance(item, dict) or not item.get("custom_id"):
                continue
            if "values" in item:
                values = item.get("values") or []
                found[str(item["custom_id"])] = str(values[0]) if values else ""
            elif "value" in item:
                found[str(item["custom_id"])] = str(item.get("value") or "")
    return found


async def submitted(interaction: discord.Interaction[Any]) -> None:
    """A form's modal was sent. Read from the interaction alone (not from memory), so a
    modal opened before a restart still works after it."""
    path = actions_of(interaction)
    data: dict[str, Any] = dict(interaction.data or {})
    match = MODAL_ID.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return
    try:
        ref, tokens = _ref(match)
        _, _, _, spec = await path.prompt_context(interaction, ref)
        page = int(match["page"] or 0)
        key = (f"{ref.base}:{'.'.join(tokens)}", interaction.user.id)
        typed = {**(EARLIER.pop(key, {}) if page else {}),
                 **answers(list(data.get("components") or []))}
        if page + 1 < len(text_pages(spec)):
            EARLIER[key] = typed
            await go_on(interaction, ref, spec, tokens, page + 1)
            return
        params = decode(spec, tokens, typed)
        await path.run_prompt(interaction, ref.game_id, ref.seq, ref.seat, ref.action, params)
    except Exception as exc:  # noqa: BLE001
        await path.reply_error(interaction, exc)


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
            await actions_of(interaction).show_prompt(interaction, self.ref)
        elif self.what == "skip":
            await advance(interaction, self.ref, [*self.tokens, "-"])
        elif self.what.startswith("t"):
            await next_modal(interaction, self.ref, self.tokens, int(self.what[1:]))
        elif self.what.startswith("o"):
            await advance(interaction, self.ref, self.tokens, offset=int(self.what[1:] or 0))


async def next_modal(interaction: discord.Interaction[Any], ref: FormRef, tokens: list[str],
                     page: int) -> None:
    """The "Go on" button: the form's next modal of text boxes."""
    bot = actions_of(interaction)
    try:
        live, _, _, spec = await bot.prompt_context(interaction, ref)
        pages = text_pages(spec)
        if not 0 < page < len(pages):
            raise NotAllowed("That form is out of date: open it again.")
        await send_modal(interaction, ActionModal(ref, spec, pages[page], tokens,
                                                  defaults(live.game, spec.name), page))
    except Exception as exc:  # noqa: BLE001 - one place answers every error
        await bot.reply_error(interaction, exc)
