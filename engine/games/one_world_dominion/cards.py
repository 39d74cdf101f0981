"""One World Dominion's 44 cards as data, and what the rules say about them.

The deck is data (`cards.json`, OWD-1's pairing of actions and areas and OWD-2's unit
symbols); a group that owns another printing passes its own list as the `deck` option
(JSON text, the same schema: docs/one-world-dominion.md). Card ids are the action names
("Orbital Laser"): each action is printed once.

Sets have fixed values (rulebook "Turning in Card Sets"): 3 artillery 6, 3 infantry 9,
3 helicopters 12, one of each 9. A wild card stands for whichever symbol is worth most.
The classic game (`cards=classic`) uses `engine.risk.cards` instead.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations
from typing import Any

from engine.errors import NotAllowed, Unreadable
from engine.risk.map import classic_map

Card = str
ARTILLERY, INFANTRY, HELICOPTERS, WILD = "artillery", "infantry", "helicopters", "wild"
UNITS = (ARTILLERY, INFANTRY, HELICOPTERS)
CODES = frozenset("ADFNPS")
# "Card Set / Bonus Armies": fixed, not growing with the sets turned in before.
SET_VALUES: dict[tuple[str, ...], int] = {
    (ARTILLERY,) * 3: 6, (INFANTRY,) * 3: 9, (HELICOPTERS,) * 3: 12, UNITS: 9}

# Which cards each negating card may negate, and against whom ("you": only a card played
# against the negator or an area the negator controls; "anyone": whoever it targets).
NEGATES: dict[Card, tuple[frozenset[Card], str]] = {
    "Fighters": (frozenset({"Bombers", "Paratroops"}), "you"),
    "Killer Satellite": (frozenset({"ICBM", "Orbital Laser"}), "anyone"),
    "Human Cloning": (frozenset({"Propaganda"}), "you"),
    "Industrial Sector": (frozenset({"Economic Sanctions"}), "you"),
    "Haz-Gear": (frozenset({"Mad Cow Disease", "Mutant Horde"}), "you"),
    "Fast Rail": (frozenset({"Saboteur"}), "you"),
    "APCs": (frozenset({"Saboteur"}), "you"),
    "Stealth Technology": (frozenset({"Radar"}), "you"),
    "Mole": (frozenset(), "any card"),
}
# Counter Espionage does not negate: it moves the target of one of these to a new area.
REDIRECTS = frozenset({"Ebola", "ICBM", "Mutant Horde", "Orbital Laser", "Rebellion",
                       "Toxic Waste"})
# (S) cards played at the beginning of an opponent's turn.
TURN_START = frozenset({"Economic Sanctions", "Propaganda", "Saboteur"})
# (S) cards "You may play this card at any time."
ANY_TIME = frozenset({"Haz-Gear", "United Nations", "Nuclear Terrorists", "Informant"})

# The parameters of `play` each card needs (beyond `card`), in the order a form asks.
PARAMS: dict[Card, tuple[str, ...]] = {
    "Artillery": ("area",), "Fresh Recruits": ("area", "to_area", "count"),
    "Propaganda": ("continent",), "Human Cloning": ("continent",),
    "Fast Rail": ("area", "to_area", "count"), "Radar": ("area", "to_area", "count"),
    "APCs": (), "Nuclear Terrorists": (), "Ebola": ("area",), "Bombers": ("area",),
    "Hacker": ("area", "to_area", "count"), "Counter Espionage": ("area",),
    "Mad Cow Disease": ("area",), "National Guard": ("continent",),
    "Nerve Gas": ("area",), "Informant": ("player",),
    "Stealth Technology": ("area", "to_area"), "Toxic Waste": ("area",),
    "Shuttle Diplomacy": ("player", "other_player"), "Mind Control": ("area", "to_area"),
    "Orbital Laser": ("area",), "Tunnels": ("area", "to_area", "count"),
    "Provocateur": ("area", "to_area"), "Reverse Engineer": ("take",),
    "Cometary Cultists": ("continent",), "Guerillas": ("continent",), "ICBM": ("area",),
    "Rebellion": ("area",), "Paratroops": ("area", "to_area", "count"),
    "Black Helicopters": ("continent",), "Mutant Horde": ("area",),
}


@dataclass(frozen=True)
class CardInfo:
    """One printed card: its action (the id), letter codes, area, unit symbol and text."""

    action: Card
    code: str
    area: str | None
    unit: str
    text: str

    @property
    def wild(self) -> bool:
        return self.unit == WILD

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "code": self.code, "area": self.area, "unit": self.unit,
                "text": self.text}


def read_deck(raw: Any) -> dict[Card, CardInfo]:
    """Check a deck given as data (cards.json's `cards` list, or a dict holding it)."""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except RecursionError:  # nested beyond any deck
            raise Unreadable("The deck nests its values too deeply to be read: a deck is a "
                             "list of cards, each with its action, code, area, unit and "
                             "text.") from None
        except ValueError:
            raise Unreadable("The deck is not readable JSON: a deck is a list of cards, each "
                             "with its action, code, area, unit and text.") from None
    if isinstance(raw, Mapping):
        raw = raw.get("cards")
    if not isinstance(raw, list):
        raise Unreadable("The deck is a list of cards with action, code, area, unit and text.")
    territories = set(classic_map().territories)
    deck: dict[Card, CardInfo] = {}
    for entry in raw:
        try:
            info = CardInfo(str(entry["action"]), str(entry["code"]),
                            None if entry.get("area") is None else str(entry["area"]),
                            str(entry["unit"]), str(entry.get("text", "")))
        except (KeyError, TypeError):
            raise Unreadable("Each card needs action, code, area and unit.") from None
        if info.action not in PARAMS and info.action not in NEGATES and \
                info.action not in KNOWN_WITHOUT_PARAMS:
            raise Unreadable(f"The deck has a card {info.action!r} this game does not know.")
        if not info.code or set(info.code) - CODES:
            raise Unreadable(f"{info.action}: the letter codes are among A, D, F, N, P, S.")
        if info.unit not in (*UNITS, WILD):
            raise Unreadable(f"{info.action}: the unit is artillery, infantry, helicopters or "
                             "wild.")
        if (info.area is None) != info.wild:
            raise Unreadable(f"{info.action}: a wild card names no area, every other card one.")
        if info.area is not None and info.area not in territories:
            raise Unreadable(f"{info.action}: there is no area {info.area!r} on the map.")
        if info.action in deck:
            raise Unreadable(f"The deck has {info.action} twice.")
        deck[info.action] = info
    areas = [i.area for i in deck.values() if i.area]
    if len(set(areas)) != len(areas):
        raise Unreadable("Two cards of the deck name the same area.")
    return deck


# Cards that need no parameter and negate nothing.
KNOWN_WITHOUT_PARAMS = frozenset({"Economic Sanctions", "Industrial Sector", "United Nations",
                                  "Saboteur", "Weather Control", "Electronic Warfare",
                                  "Jihad", "Navy", "Fortification", "Killer Satellite",
                                  "Fighters", "Haz-Gear", "Mole"})


@cache
def deck_from_text(text: str) -> dict[Card, CardInfo]:
    """A deck given as JSON text, read once (the result is shared: never change it)."""
    return read_deck(text)


@cache
def default_deck_data() -> tuple[dict[str, Any], ...]:
    text = resources.files("engine.games.one_world_dominion").joinpath(
        "cards.json").read_text("utf-8")
    return tuple(json.loads(text)["cards"])


@cache
def default_deck() -> dict[Card, CardInfo]:
    """OWD-1 and OWD-2's deck, read once (the result is shared: never change it)."""
    return read_deck(list(default_deck_data()))


def set_value(units: Sequence[str]) -> int:
    """Armies for three cards' symbols (0 if they make no set); wilds count as the best."""
    if len(units) != 3:
        return 0
    plain = [u for u in units if u != WILD]
    best = 0
    for combo, value in SET_VALUES.items():
        need = list(combo)
        ok = True
        for u in plain:
            if u in need:
                need.remove(u)
            else:
                ok = False
                break
        if ok:
            best = max(best, value)
    return best


def owd_sets(deck: Mapping[Card, CardInfo], hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every set in `hand`, in the hand's order."""
    return [combo for combo in combinations(hand, 3)
            if set_value([deck[c].unit for c in combo])]


def check_owd_set(deck: Mapping[Card, CardInfo], cards: Sequence[Card]) -> int:
    if len(cards) != 3 or len(set(cards)) != 3:
        raise NotAllowed("Turn in exactly three different cards.")
    value = set_value([deck[c].unit for c in cards])
    if not value:
        units = ", ".join(deck[c].unit for c in cards)
        raise NotAllowed(f"{', '.join(cards)} ({units}) is not a set: three artillery, three "
                         "infantry, three helicopters or one of each.")
    return value
