"""Revenge of the Dictators' data as values: the map, the cards, and where a value of a file is.

`datafiles` reads the seven data files into these values; `kinds` checks each effect's fields;
the rules modules read them. `Spot` is a value of a file with the file, the entry and the
field it is in, so every refusal of a malformed file names all three (docs/dictators.md,
"Data files").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn

from engine.errors import Unreadable

FILES = ("map", "nuclear_zones", "command", "founding_fathers", "defcon", "presidential",
         "dictators")
COUNTRIES = ("US", "MX", "CA", "other")
US = "US"
ACTION, INTERRUPTION, ASSET = "action", "interruption", "asset"
# The English edition's names, and the words players and printings use for them: "Asset"
# on screen; the Dutch rulebook's "Bezitting" (read as "Possession") accepted too.
TYPE_WORDS: dict[str, str] = {
    "action": ACTION, "actie": ACTION, "actions": ACTION,
    "interruption": INTERRUPTION, "interruptie": INTERRUPTION, "interrupt": INTERRUPTION,
    "interruptions": INTERRUPTION,
    "asset": ASSET, "assets": ASSET, "possession": ASSET, "possessions": ASSET,
    "bezitting": ASSET, "bezittingen": ASSET,
}
TYPE_NAMES = {ACTION: "Action", INTERRUPTION: "Interruption", ASSET: "Asset"}
# When an Interruption may be played: the moments the engine opens a window for.
MOMENTS = ("move", "card", "disarm", "any")
SPECIAL_PLACES = ("start", "capital", "trident", "guantanamo", "area51", "cia")
MAX_PLAYERS = 5
LONGEST = 300  # a card's text
LONGEST_NAME = 60


def fold(text: str) -> str:
    """A name as players may type it: case, accents and spacing ignored."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(plain.casefold().replace("’", "'").split())


def read_type(text: str) -> str | None:
    """A card type from a player's (or a printing's) word: Asset, Possession, Bezitting..."""
    return TYPE_WORDS.get(fold(text))


# ----- the values ---------------------------------------------------------------------


@dataclass(frozen=True)
class Effect:
    """One thing a card, token, level or ability does: its kind and the kind's fields."""

    kind: str
    args: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.args:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **{k: _plain(v) for k, v in self.args}}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Effect):
        return value.to_json()
    return value


@dataclass(frozen=True)
class Location:
    id: str
    code: str
    state: str
    country: str
    time_zone: str | None
    zone: int | None
    x: int
    y: int
    aliases: tuple[str, ...] = ()

    @property
    def in_us(self) -> bool:
        return self.country == US


@dataclass(frozen=True)
class TimeZone:
    id: str
    order: int
    no_fly: bool  # a no-fly-zone token may be placed on it


@dataclass(frozen=True)
class Road:
    a: str
    b: str
    spot: bool  # a roadblock may be placed on it

    @property
    def ends(self) -> frozenset[str]:
        return frozenset((self.a, self.b))

    @property
    def name(self) -> str:
        return f"{self.a} - {self.b}"


@dataclass(frozen=True, eq=False)
class MapData:
    locations: Mapping[str, Location]
    time_zones: Mapping[str, TimeZone]
    roads: tuple[Road, ...]
    flights: frozenset[frozenset[str]]
    borders: frozenset[frozenset[str]]
    special: Mapping[str, str]
    trident_links: tuple[str, ...]
    washington_state: str
    note: str


@dataclass(frozen=True)
class Ability:
    cost: int
    text: str
    effect: Effect


@dataclass(frozen=True)
class CommandCard:
    name: str
    type: str
    copies: int
    cost: int
    usa: bool
    turns: int | None
    when: str | None
    text: str
    effect: Effect | None
    abilities: tuple[Ability, ...] = ()

    @property
    def type_name(self) -> str:
        return TYPE_NAMES[self.type]


@dataclass(frozen=True)
class Founder:
    name: str
    turns: int | None
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Level:
    level: int
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class PresidentCard:
    name: str
    copies: int
    present: bool
    oops: bool
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Dictator:
    name: str
    title: str
    text: str
    ability: Effect

    @property
    def full(self) -> str:
        return f"{self.name} “{self.title}”"


@dataclass(frozen=True, eq=False)
class DataSet:
    """A whole printing: the map and every card, checked together."""

    map: MapData
    zones: Mapping[int, tuple[str, ...]]
    command: Mapping[str, CommandCard]
    trident: tuple[str, str]  # name, text
    founders: Mapping[str, Founder]
    defcon: tuple[str, int, str]  # name, copies, text
    levels: Mapping[int, Level]
    presidential: Mapping[str, PresidentCard]
    dictators: Mapping[str, Dictator]
    notes: Mapping[str, str] = field(default_factory=dict)

    @property
    def moments(self) -> frozenset[str]:
        """The moments some Interruption of this printing answers: windows open there
        (a public fact of the printing, the same whatever anyone holds)."""
        return frozenset(c.when for c in self.command.values()
                         if c.type == INTERRUPTION and c.when and c.when != "any")

    def event_names(self) -> frozenset[str]:
        return frozenset({self.defcon[0], self.trident[0], *self.founders})

    def card_text(self, name: str) -> str:
        if name in self.command:
            card = self.command[name]
            return card.text
        if name in self.founders:
            return self.founders[name].text
        if name == self.defcon[0]:
            return self.defcon[2]
        if name == self.trident[0]:
            return self.trident[1]
        return ""


# ----- where a value is, for refusals -------------------------------------------------


def shown(value: Any) -> str:
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


class Spot:
    """One value of a data file, with the file, the entry and the field it is in."""

    __slots__ = ("entry", "field", "file", "value")

    def __init__(self, value: Any, file: str, entry: str = "", field: str = "") -> None:
        self.value = value
        self.file = file
        self.entry = entry
        self.field = field

    def refuse(self, why: str) -> NoReturn:
        where = self.file + (f", {self.entry}" if self.entry else "")
        what = f"“{self.field}”" if self.field else "the file"
        raise Unreadable(f"{where}: {what} {why}")

    def at(self, entry: str) -> Spot:
        """The same value, now known as the entry `entry` ("location “Ohio”")."""
        return Spot(self.value, self.file, entry, "")

    def obj(self) -> dict[str, Any]:
        if not isinstance(self.value, dict):
            self.refuse(f"must be an object ({{…}}), not {shown(self.value)}.")
        return self.value

    def key(self, name: str, default: Any = ..., *, known: tuple[str, ...] = ()) -> Spot:
        data = self.obj()
        path = f"{self.field} › {name}" if self.field else name
        if name not in data:
            if default is ...:
                Spot(None, self.file, self.entry, path).refuse("is missing.")
            return Spot(default, self.file, self.entry, path)
        return Spot(data[name], self.file, self.entry, path)

    def only(self, known: tuple[str, ...]) -> None:
        """Refuse a field this schema does not have (a typo would otherwise be ignored)."""
        for name in self.obj():
            if name not in known:
                path = f"{self.field} › {name}" if self.field else name
                Spot(None, self.file, self.entry, path).refuse(
                    f"is not a field here (the fields are {', '.join(known)}).")

    def items(self, longest: int = 10_000) -> list[Spot]:
        if not isinstance(self.value, list):
            self.refuse(f"must be a list ([…]), not {shown(self.value)}.")
        if len(self.value) > longest:
            self.refuse(f"holds {len(self.value)} values; at most {longest} make sense.")
        return [Spot(v, self.file, self.entry, f"{self.field} #{i}" if self.field else f"#{i}")
                for i, v in enumerate(self.value, start=1)]

    def text(self, longest: int = LONGEST, *, empty: bool = False) -> str:
        if not isinstance(self.value, str):
            self.refuse(f"must be text (\"…\"), not {shown(self.value)}.")
        if not empty and not self.value.strip():
            self.refuse("is empty.")
        if len(self.value) > longest:
            self.refuse(f"is {len(self.value)} characters long; at most {longest} make sense.")
        return self.value

    def name(self) -> str:
        value = self.text(LONGEST_NAME)
        if value != value.strip():
            self.refuse("has spaces around it.")
        return value

    def number(self, low: int, high: int, what: str = "it") -> int:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int):
            self.refuse(f"must be a whole number, not {shown(value)}.")
        if not low <= value <= high:
            self.refuse(f"is {value}, but {what} is {low} to {high}.")
        return value

    def flag(self) -> bool:
        if not isinstance(self.value, bool):
            self.refuse(f"must be true or false, not {shown(self.value)}.")
        return self.value

    def one_of(self, known: Any, what: str) -> str:
        if not isinstance(self.value, str) or self.value not in known:
            self.refuse(f"is {shown(self.value)}, which is not {what}.")
        return self.value


