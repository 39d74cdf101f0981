"""The plan of a form, apart from Discord: which questions an action asks, in which
order and in which words, and how the answers read back into the engine's values.

Pure (the engine's `ActionSpec` and `Param` only), so that the forms' shape can be tested
and reused without a client: `bot/ui/forms.py` and `bot/ui/components.py` draw it.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

from engine import ActionSpec, Choice, NotAllowed, Param, Unreadable

PAGE = 25  # options per menu (Discord's limit)
MODAL_QUESTIONS = 5  # inputs per modal (Discord's limit)
STEP_PAGES = 4  # menus per form step; the fifth row holds the step's buttons
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




def short(text: str, limit: int) -> str:
    """Text cut at a word to fit a limit (a modal's title, a label), marked with …."""
    if len(text) <= limit:
        return text
    return text[:limit - 1].rsplit(" ", 1)[0].rstrip(" :,(") + "…"


def pasted(spec: ActionSpec) -> Param | None:
    """The action's one question, when it is a paragraph to paste (a whole plot form): such
    a form keeps what was pasted, to fix and paste again when the game refuses it."""
    params = asked(spec)
    if len(params) == 1 and params[0].kind == "text":
        return params[0]
    return None


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


def as_text(value: Any) -> str:
    """A value as a menu or text box holds it ("yes" for True)."""
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
