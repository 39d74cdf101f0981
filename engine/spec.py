"""The words of the engine contract: what a game offers and what a step records.

`Option`, `Choice`, `Param`, `ActionSpec`, `Prompt`, `Step` and `Window` are plain values
shared by `engine.game` (which checks actions against them) and `engine.wording` (which words
them for players); they live apart so that neither of those two imports the other in a circle.
Both `engine` and `engine.game` re-export them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.errors import Unreadable
from engine.events import Seat
from engine.params import LARGEST_NUMBER
from engine.values import read_bool


@dataclass(frozen=True)
class Option:
    """A game option: a house ruling a group may want the other way, or a setting."""

    name: str
    default: bool | int | str
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    zero: str = ""  # how a number option's 0, or a text's emptiness, reads ("as the pace says")
    given: str = ""  # how a text option given as a whole file reads (never the file itself)

    def coerce(self, value: Any) -> bool | int | str:
        """Read a value given by a player (possibly as text) or refuse it."""
        if isinstance(self.default, bool):
            return read_bool(value, f"Option {self.name}")
        if isinstance(self.default, int):
            number = _whole_number(value)
            if number is None:
                raise Unreadable(f"Option {self.name} takes a whole number, not "
                                 f"{str(value)[:40]!r}.")
            if self.minimum is not None and number < self.minimum:
                raise Unreadable(f"Option {self.name} is at least {self.minimum}.")
            if self.maximum is not None and number > self.maximum:
                raise Unreadable(f"Option {self.name} is at most {self.maximum}.")
            return number
        if not isinstance(value, str | int | float):
            raise Unreadable(f"Option {self.name} is a word, not a list or a table.")
        text = str(value)
        if self.choices and text not in self.choices:
            raise Unreadable(f"Option {self.name} is one of {', '.join(self.choices)}.")
        return text


def _whole_number(value: Any) -> int | None:
    """A whole number from a player's value (text or number), or None: never inf or 10**400."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, float):
        if not (value == value and abs(value) <= LARGEST_NUMBER and value.is_integer()):
            return None
        number = int(value)
    elif isinstance(value, str) and value.strip().lstrip("+-").isdigit() \
            and len(value.strip()) <= 12:
        number = int(value.strip())
    else:
        return None
    return number if abs(number) <= LARGEST_NUMBER else None


@dataclass(frozen=True)
class Choice:
    """One legal value of a parameter, with the label a menu shows."""

    value: str
    label: str = ""

    @property
    def shown(self) -> str:
        return self.label or self.value


@dataclass(frozen=True)
class Param:
    """A parameter of an action. `choices` None means free input the handler checks."""

    name: str
    choices: tuple[Choice, ...] | None = None
    required: bool = True
    kind: str = "str"  # "str", "int", "bool", or "text": long free text (a form's paragraph)
    question: str = ""


@dataclass(frozen=True)
class ActionSpec:
    """An action a seat may take now, with its parameters."""

    name: str
    label: str = ""
    params: tuple[Param, ...] = ()

    @property
    def shown(self) -> str:
        return self.label or self.name.replace("-", " ").capitalize()


@dataclass(frozen=True)
class Prompt:
    """What one seat must (or may) do now. The bot builds buttons and menus from it."""

    seat: Seat
    text: str
    actions: tuple[ActionSpec, ...]

    def action(self, name: str) -> ActionSpec | None:
        for spec in self.actions:
            if spec.name == name:
                return spec
        return None


@dataclass(frozen=True)
class Step:
    """One entry of the action log: who did what, and the luck it used."""

    seat: Seat
    action: str
    params: dict[str, Any]
    luck: list[dict[str, Any]] = field(default_factory=list)
    secret: bool = False  # it sent someone a private event

    @property
    def undoable(self) -> bool:
        """Undo may never re-roll luck or unsee a card."""
        return not self.luck and not self.secret

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action, "params": self.params,
                "luck": self.luck, "secret": self.secret}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Step:
        return cls(raw["seat"], raw["action"], dict(raw["params"]), list(raw.get("luck", [])),
                   bool(raw.get("secret", False)))


class Window(NamedTuple):
    """A reaction window a game waits in: seats may answer out of turn until the bot's timer,
    set from public facts only, runs out (`Game.window`)."""

    kind: str  # "window": cards may be answered out of turn; "defend": a defender may answer
    seconds: float  # how long the bot keeps it open
