"""Reading a state made outside the bot (`/game import`): every field checked, and named
when it is wrong.

A state file is written by hand or by another tool, so it can hold anything JSON can:
-7 infantry, a treasury below zero, an area the board doesn't have, a stage no prompt
knows. `engine.load(variant, state, imported=True)` runs the game's `check_state` on the
raw state before the game reads it, so that a refusal names the field the way the file
spells it ("game › position › treasury › Germany is -5: it can't be less than 0") instead
of failing later, deep inside a rule, where nobody could act.

`Field` walks the raw JSON and carries the path of each value; the games' own checks
(`engine/games/<id>/statecheck.py`) say what each field must be with it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any, NoReturn

from engine.errors import Unreadable
from engine.params import LARGEST_NUMBER

SEPARATOR = " › "
# A name in a state (a seat, an area, a card) is never longer than this.
LONGEST_NAME = 200


def _shown(value: Any) -> str:
    """A value of the file, as a refusal quotes it: short, and never Python's spelling."""
    if value is None:
        return "empty (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        text = str(value)
        return text if len(text) <= 20 else "a very long number"
    if isinstance(value, str):
        return f"“{value[:40]}{'…' if len(value) > 40 else ''}”"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "something else"


class Field:
    """One value of a state file and where it is (`game › position › treasury › USSR`)."""

    __slots__ = ("path", "value")

    def __init__(self, value: Any, path: str = "") -> None:
        self.value = value
        self.path = path

    def refuse(self, why: str) -> NoReturn:
        """Refuse the file: this field breaks the rules (`why` says how, in words)."""
        where = f"“{self.path}”" if self.path else "top level"
        raise Unreadable(f"The state file's {where} {why}")

    def _child(self, value: Any, name: str) -> Field:
        return Field(value, f"{self.path}{SEPARATOR}{name}" if self.path else name)

    # ----- shapes ---------------------------------------------------------------

    def obj(self) -> dict[str, Any]:
        if not isinstance(self.value, dict):
            self.refuse(f"must be an object ({{…}}), not {_shown(self.value)}.")
        return self.value

    def __getitem__(self, key: str) -> Field:
        data = self.obj()
        if key not in data:
            where = f"“{self.path}”" if self.path else "file"
            raise Unreadable(f"The state {where} has no field “{key}”.")
        return self._child(data[key], key)

    def get(self, key: str, default: Any = None) -> Field:
        """The field `key`, or `default` standing in for it when the file leaves it out."""
        return self._child(self.obj().get(key, default), key)

    def has(self, key: str) -> bool:
        return key in self.obj()

    def entries(self, known: Collection[str] | None = None, what: str = "") -> Iterator[
            tuple[str, Field]]:
        """The object's keys and values; with `known`, every key must be one of them."""
        for key, value in self.obj().items():
            child = self._child(value, key)
            if known is not None and key not in known:
                child.refuse(f"names {_shown(key)}, which is not {what}.")
            yield key, child

    def items(self, longest: int = LARGEST_NUMBER) -> list[Field]:
        """The list's values (at most `longest` of them)."""
        if not isinstance(self.value, list):
            self.refuse(f"must be a list ([…]), not {_shown(self.value)}.")
        if len(self.value) > longest:
            self.refuse(f"holds {len(self.value)} values; at most {longest} make sense.")
        return [self._child(v, f"#{i}") for i, v in enumerate(self.value, start=1)]

    @property
    def missing(self) -> bool:
        """Null (or left out where a default of None stands in)."""
        return self.value is None

    # ----- values ---------------------------------------------------------------

    def count(self, minimum: int = 0, maximum: int = LARGEST_NUMBER, what: str = "") -> int:
        """A whole number within bounds: -7 infantry or a treasury below 0 are refused."""
        value = self.value
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            self.refuse(f"must be a whole number, not {_shown(self.value)}.")
        if value < minimum:
            self.refuse(f"is {value}, but {what or 'it'} can't be less than {minimum}.")
        if value > maximum:
            self.refuse(f"is {value}, but {what or 'it'} can't be more than {maximum}.")
        return value

    def flag(self) -> bool:
        if not isinstance(self.value, bool):
            self.refuse(f"must be true or false, not {_shown(self.value)}.")
        return self.value

    def text(self, longest: int = LONGEST_NAME) -> str:
        if not isinstance(self.value, str):
            self.refuse(f"must be text (\"…\"), not {_shown(self.value)}.")
        if len(self.value) > longest:
            self.refuse(f"is {len(self.value)} characters long; at most {longest} make sense.")
        return self.value

    def one_of(self, known: Collection[str], what: str) -> str:
        """A name that must be among `known` (an area of the board, a seat, a stage)."""
        value = self.value
        if not isinstance(value, str) or value not in known:
            self.refuse(f"is {_shown(value)}, which is not {what}.")
        return value

    def one_of_or_none(self, known: Collection[str], what: str) -> str | None:
        return None if self.value is None else self.one_of(known, what)

    def names(self, known: Collection[str], what: str, *, unique: bool = False) -> list[str]:
        """A list of names, each among `known` (and each once, if `unique`)."""
        out: list[str] = []
        for item in self.items():
            name = item.one_of(known, what)
            if unique and name in out:
                item.refuse(f"names {name} a second time.")
            out.append(name)
        return out

    def counts(self, kinds: Collection[str], what: str, *, minimum: int = 0) -> dict[str, int]:
        """An object of kind -> whole number (units of a power, shares of a player)."""
        return {kind: value.count(minimum, what=f"a number of {kind}")
                for kind, value in self.entries(kinds, what)}


def each_once(field: Field, names: list[str], everything: Collection[str], what: str) -> None:
    """`names` (gathered from several fields) must be `everything`, each exactly once."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            field.refuse(f"hold {name} twice: {what} must each be there once.")
        seen.add(name)
    lacking = sorted(set(everything) - seen)
    if lacking:
        field.refuse(f"lack {', '.join(lacking[:5])}{' …' if len(lacking) > 5 else ''}: "
                     f"{what} must each be there once.")
