"""The parameters an action takes, read from its handler, and the values players give them.

Every game declares its actions as `do_<action>(self, seat, rng, name: type = default, ...)`.
The contract reads each handler's signature once: a parameter without a default is
required, and its annotation (`str`, `int`, `bool`, or one of them `| None`) is the type
a value must have. `Game.act` checks every call against it before the handler runs, so no
game has to guard against a missing option, a list where a name was expected or an
infinite number, and every game refuses them with the same words.

Values arrive from menus as text ("3", "yes") and from slash commands as typed values;
both are read into the declared type here, and the log stores what was read, so a replay
passes the handler exactly what it saw.
"""

from __future__ import annotations

import functools
import inspect
import math
import types
import typing
from dataclasses import dataclass
from typing import Any

from engine.errors import Unreadable
from engine.values import FALSE_WORDS, TRUE_WORDS

# Larger than any count a board game needs, far below anything that overflows.
LARGEST_NUMBER = 1_000_000
# A name, a note or a pasted form; anything longer is not a game's input.
LONGEST_TEXT = 4000

_TYPES: dict[Any, str] = {str: "text", int: "a whole number", bool: "yes or no",
                          float: "a number"}


@dataclass(frozen=True)
class ParamType:
    """One parameter of a handler: its name, the types it accepts, and whether it is needed."""

    name: str
    kinds: tuple[type, ...]  # empty: any JSON-ready scalar (an unannotated parameter)
    required: bool
    optional: bool  # None is accepted

    @property
    def words(self) -> str:
        return self.name.replace("_", " ")

    def read(self, action: str, value: Any) -> Any:
        """The value as the handler's type, or an `Unreadable` that says what was expected."""
        if value is None:
            if self.optional or not self.required:
                return None
            raise Unreadable(f"{_action_words(action)} needs {self.words}.")
        if not self.kinds:
            return _scalar(action, self.words, value)
        for kind in self.kinds:
            read = _as(kind, value)
            if read is _NO:
                continue
            if kind is int and isinstance(read, float):
                _checked(action, self.words, read)  # infinite or far too large
                raise Unreadable(f"{_action_words(action)}: {self.words} must be a whole "
                                 f"number, not {_shown(value)}.")
            return _checked(action, self.words, read)
        wanted = " or ".join(_TYPES.get(k, k.__name__) for k in self.kinds)
        raise Unreadable(f"{_action_words(action)}: {self.words} must be {wanted}, "
                         f"not {_shown(value)}.")


_NO = object()


def _as(kind: type, value: Any) -> Any:
    """`value` read as `kind`, or `_NO`. Text from menus is read; other types are not bent."""
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str):
            word = value.strip().lower()
            if word in TRUE_WORDS:
                return True
            if word in FALSE_WORDS:
                return False
        return _NO
    if kind is int:
        if isinstance(value, bool):
            return _NO
        if isinstance(value, int):
            return value
        if isinstance(value, float) and math.isfinite(value) and value.is_integer():
            return int(value) if abs(value) <= LARGEST_NUMBER else value
        if isinstance(value, str):
            text = value.strip()
            if text.lstrip("+-").isdigit() and len(text) <= 12:
                return int(text)
        if isinstance(value, float):
            return value  # refused by _checked with the right words
        return _NO
    if kind is float:
        if isinstance(value, bool):
            return _NO
        if isinstance(value, int | float):
            return float(value)
        return _NO
    if kind is str:
        return value if isinstance(value, str) else _NO
    return value if isinstance(value, kind) else _NO


def _checked(action: str, words: str, value: Any) -> Any:
    """Refuse infinite, non-whole or absurdly large numbers and absurdly long text."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise Unreadable(f"{_action_words(action)}: {words} must be a number you can count "
                             "to, not infinity.")
        if abs(value) > LARGEST_NUMBER:
            raise Unreadable(f"{_action_words(action)}: {words} is far too large.")
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value) > LARGEST_NUMBER:
            raise Unreadable(f"{_action_words(action)}: {words} is far too large.")
        return value
    if isinstance(value, str) and len(value) > LONGEST_TEXT:
        raise Unreadable(f"{_action_words(action)}: {words} is too long "
                         f"({len(value)} characters; at most {LONGEST_TEXT}).")
    return value


def _scalar(action: str, words: str, value: Any) -> Any:
    if isinstance(value, str | int | float | bool):
        return _checked(action, words, value)
    raise Unreadable(f"{_action_words(action)}: {words} must be a word or a number, not "
                     f"{_shown(value)}.")


def _shown(value: Any) -> str:
    """A player's value in a refusal: short, and never a Python repr of a container."""
    if isinstance(value, str):
        return f"“{value[:40]}{'…' if len(value) > 40 else ''}”"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        text = str(value)
        return text if len(text) <= 20 else "a very long number"
    if isinstance(value, list | tuple | set | frozenset):
        return "a list"
    if isinstance(value, dict):
        return "a table of values"
    return "something else"


def _action_words(action: str) -> str:
    return action.replace("-", " ").replace("_", " ").capitalize()


def _kinds(annotation: Any) -> tuple[tuple[type, ...], bool]:
    """The accepted types of an annotation, and whether None is accepted."""
    if annotation is inspect.Parameter.empty or annotation is Any:
        return (), True
    origin = typing.get_origin(annotation)
    if origin is typing.Union or origin is types.UnionType:
        members = typing.get_args(annotation)
        kinds: list[type] = []
        optional = False
        for member in members:
            if member is type(None):
                optional = True
                continue
            inner, inner_optional = _kinds(member)
            if not inner:
                return (), True
            kinds += inner
            optional = optional or inner_optional
        return tuple(kinds), optional
    if origin is typing.Literal:
        # The kinds in the order written (a set of types iterates in an order that differs
        # from process to process, and the first kind that reads a value wins).
        return tuple(dict.fromkeys(type(a) for a in typing.get_args(annotation))), False
    if isinstance(annotation, type):
        return (annotation,), False
    return (), True


@functools.cache
def handler_params(function: Any) -> dict[str, ParamType]:
    """The parameters of an action handler (all but self, seat and rng), read once."""
    try:
        hints = typing.get_type_hints(function)
    except Exception:  # noqa: BLE001 - an unresolvable annotation accepts any scalar
        hints = {}
    found: dict[str, ParamType] = {}
    for name, parameter in inspect.signature(function).parameters.items():
        if name in ("self", "seat", "rng"):
            continue
        kinds, optional = _kinds(hints.get(name, inspect.Parameter.empty))
        found[name] = ParamType(name, kinds, parameter.default is inspect.Parameter.empty,
                                optional)
    return found


def read_params(action: str, function: Any, given: dict[str, Any]) -> dict[str, Any]:
    """Check a call against the handler: unknown names, missing values, wrong types.

    Returns the values read into the handler's types (omitted optional ones stay omitted)."""
    accepted = handler_params(function)
    for name in given:
        if name not in accepted:
            known = ", ".join(p.words for p in accepted.values()) or "nothing"
            raise Unreadable(f"{_action_words(action)} takes no {name.replace('_', ' ')} "
                             f"(it takes {known}).")
    read: dict[str, Any] = {}
    for name, param in accepted.items():
        if name not in given:
            if param.required:
                raise Unreadable(f"{_action_words(action)} needs {param.words}.")
            continue
        read[name] = param.read(action, given[name])
    return read
