"""Unit kinds, powers, sides, turn order and the weapons developments that change units.

Values are the classic game's (shared/reference/axis-allies-classic.md, "Units"): one hit
sinks a battleship, a transport holds 2 spaces (infantry 1, armour 2, AA gun 2), a carrier
2 fighters. `parse_units` reads a list of units as players write them ("3 inf, 2 arm, ftr",
"2 tanks", "3i, t", "bb, trn") into counts by kind.

>>> parse_units("3 inf, 2 arm, ftr")
{'infantry': 3, 'armour': 2, 'fighter': 1}
>>> describe_units({'infantry': 3, 'armour': 1})
'3 infantry, 1 armour'
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from engine.errors import Unreadable

Power = str
Kind = str
Counts = dict[Kind, int]
Domain = Literal["land", "sea", "air", "fixed"]

USSR, GERMANY, UK, JAPAN, USA = "USSR", "Germany", "United Kingdom", "Japan", "USA"
POWERS: tuple[Power, ...] = (USSR, GERMANY, UK, JAPAN, USA)  # the turn order
AXIS, ALLIES = "Axis", "Allies"
SIDE: dict[Power, str] = {USSR: ALLIES, GERMANY: AXIS, UK: ALLIES, JAPAN: AXIS, USA: ALLIES}


def side_of(power: Power) -> str:
    try:
        return SIDE[power]
    except KeyError:
        raise Unreadable(f"There is no power {power!r}. Powers: {', '.join(POWERS)}.") from None


def allied(a: Power | None, b: Power | None) -> bool:
    """Same side (a power is its own ally). Neutrals (None) are nobody's ally."""
    return a is not None and b is not None and SIDE.get(a) == SIDE.get(b)


@dataclass(frozen=True)
class UnitKind:
    """One kind of unit, as printed (before weapons developments)."""

    id: Kind
    name: str
    plural: str
    cost: int
    attack: int
    defence: int
    move: int
    domain: Domain
    transport_space: int | None = None  # spaces it takes on a transport; None: never carried
    carrier_space: int | None = None  # spaces it takes on a carrier; None: never carried
    capacity: int = 0  # spaces it carries (transport: land units; carrier: fighters)
    abbreviations: tuple[str, ...] = ()

    def label(self, count: int) -> str:
        return f"{count} {self.name if count == 1 else self.plural}"


INFANTRY, ARMOUR, FIGHTER, BOMBER = "infantry", "armour", "fighter", "bomber"
BATTLESHIP, CARRIER, TRANSPORT, SUBMARINE = "battleship", "carrier", "transport", "submarine"
AA_GUN, FACTORY = "aa_gun", "factory"

UNITS: dict[Kind, UnitKind] = {u.id: u for u in (
    UnitKind(INFANTRY, "infantry", "infantry", 3, 1, 2, 1, "land", transport_space=1,
             abbreviations=("i", "inf", "infantries", "infantryman", "infantrymen", "men",
                            "soldier", "soldiers")),
    UnitKind(ARMOUR, "armour", "armour", 5, 3, 2, 2, "land", transport_space=2,
             abbreviations=("t", "tk", "tks", "tank", "tanks", "arm", "armor", "armors",
                            "armours", "armoured", "panzer", "panzers")),
    UnitKind(FIGHTER, "fighter", "fighters", 12, 3, 4, 4, "air", carrier_space=1,
             abbreviations=("f", "ftr", "ftrs", "fig", "figs", "fighters", "plane", "planes")),
    UnitKind(BOMBER, "bomber", "bombers", 15, 4, 1, 6, "air",
             abbreviations=("b", "bmb", "bmbs", "bom", "bombers", "bmr", "bmrs")),
    UnitKind(BATTLESHIP, "battleship", "battleships", 24, 4, 4, 2, "sea",
             abbreviations=("bb", "bbs", "bs", "bship", "bships", "battleships")),
    UnitKind(CARRIER, "carrier", "carriers", 18, 1, 3, 2, "sea", capacity=2,
             abbreviations=("cv", "cvs", "ac", "acc", "carriers", "aircraft carrier",
                            "aircraft carriers")),
    UnitKind(TRANSPORT, "transport", "transports", 8, 0, 1, 2, "sea", capacity=2,
             abbreviations=("trn", "trns", "tr", "trs", "tp", "tps", "tpt", "tpts",
                            "transports")),
    UnitKind(SUBMARINE, "submarine", "submarines", 8, 2, 2, 2, "sea",
             abbreviations=("sub", "subs", "ss", "submarines", "u boat", "u boats")),
    UnitKind(AA_GUN, "AA gun", "AA guns", 5, 0, 1, 1, "land", transport_space=2,
             abbreviations=("aa", "aag", "aaa", "aa gun", "aa guns", "aagun", "aaguns",
                            "antiaircraft", "antiaircraft gun", "antiaircraft guns", "flak")),
    UnitKind(FACTORY, "industrial complex", "industrial complexes", 15, 0, 0, 0, "fixed",
             abbreviations=("ic", "ics", "factory", "factories", "complex", "complexes",
                            "industrial complexes", "ind complex")),
)}

# Units that fight in rounds (AA guns fire once at aircraft; factories never fight).
COMBAT_KINDS: tuple[Kind, ...] = (INFANTRY, ARMOUR, FIGHTER, BOMBER, BATTLESHIP, CARRIER,
                                  TRANSPORT, SUBMARINE)
# Tuples, not sets: code that walks them must do so in the same order in every process
# (a set of strings iterates by hash, which differs between processes: a replay diverged).
SHIPS: tuple[Kind, ...] = tuple(k for k, u in UNITS.items() if u.domain == "sea")
AIRCRAFT: tuple[Kind, ...] = tuple(k for k, u in UNITS.items() if u.domain == "air")
LAND_UNITS: tuple[Kind, ...] = tuple(k for k, u in UNITS.items() if u.domain == "land")

# ----- weapons developments --------------------------------------------------

JET_POWER, ROCKETS, SUPER_SUBMARINES = "jet_power", "rockets", "super_submarines"
LONG_RANGE_AIRCRAFT, INDUSTRIAL_TECHNOLOGY, HEAVY_BOMBERS = (
    "long_range_aircraft", "industrial_technology", "heavy_bombers")
# In the order of the printed chart (a die roll of 1..6).
DEVELOPMENTS: tuple[str, ...] = (JET_POWER, ROCKETS, SUPER_SUBMARINES, LONG_RANGE_AIRCRAFT,
                                 INDUSTRIAL_TECHNOLOGY, HEAVY_BOMBERS)
DEVELOPMENT_NAMES: dict[str, str] = {
    JET_POWER: "Jet Power", ROCKETS: "Rockets", SUPER_SUBMARINES: "Super Submarines",
    LONG_RANGE_AIRCRAFT: "Long-Range Aircraft", INDUSTRIAL_TECHNOLOGY: "Industrial Technology",
    HEAVY_BOMBERS: "Heavy Bombers"}
DEVELOPMENT_EFFECTS: dict[str, str] = {
    JET_POWER: "fighters defend at 5",
    ROCKETS: "an AA gun within 3 of an enemy industrial complex may bomb it for 1 die",
    SUPER_SUBMARINES: "submarines attack at 3",
    LONG_RANGE_AIRCRAFT: "fighters move 6, bombers 8",
    INDUSTRIAL_TECHNOLOGY: "every unit costs 1 IPC less",
    HEAVY_BOMBERS: "bombers roll 3 dice when attacking and bombing",
}
HEAVY_BOMBER_DICE = 3


def attack(kind: Kind, techs: Collection[str] = ()) -> int:
    if kind == SUBMARINE and SUPER_SUBMARINES in techs:
        return 3
    return UNITS[kind].attack


def defence(kind: Kind, techs: Collection[str] = ()) -> int:
    if kind == FIGHTER and JET_POWER in techs:
        return 5
    return UNITS[kind].defence


def attack_dice(kind: Kind, techs: Collection[str] = (), *,
                heavy_bomber_dice: int = HEAVY_BOMBER_DICE) -> int:
    """Dice a unit rolls when it attacks: 3 for a bomber with Heavy Bombers, else 1."""
    if kind == BOMBER and HEAVY_BOMBERS in techs:
        return heavy_bomber_dice
    return 1 if UNITS[kind].attack > 0 else 0


def movement(kind: Kind, techs: Collection[str] = ()) -> int:
    if kind in AIRCRAFT and LONG_RANGE_AIRCRAFT in techs:
        return UNITS[kind].move + 2
    return UNITS[kind].move


def cost(kind: Kind, techs: Collection[str] = ()) -> int:
    if INDUSTRIAL_TECHNOLOGY in techs:
        return UNITS[kind].cost - 1
    return UNITS[kind].cost


# ----- reading and writing unit lists ----------------------------------------

def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9 ]+", "", text.lower().replace("-", " ")).strip()


_BY_NAME: dict[str, Kind] = {}
for _u in UNITS.values():
    for _spelling in (_u.id, _u.name, _u.plural, *_u.abbreviations):
        _BY_NAME[re.sub(r"\s+", " ", _key(_spelling.replace("_", " ")))] = _u.id
        _BY_NAME[_key(_spelling).replace(" ", "")] = _u.id

UNIT_HELP = ("infantry (i, inf), armour (t, tank, arm), fighter (f, ftr), bomber (b, bmb), "
             "battleship (bb), carrier (cv), transport (trn), submarine (sub), AA gun (aa), "
             "industrial complex (ic)")


def find_kind(text: str) -> Kind:
    """The unit kind a player meant by one name ("tanks", "ftr", "AA gun")."""
    key = re.sub(r"\s+", " ", _key(text))
    kind = _BY_NAME.get(key) or _BY_NAME.get(key.replace(" ", ""))
    if kind is None and key.endswith("s"):
        kind = _BY_NAME.get(key[:-1])
    if kind is None:
        raise Unreadable(f"I don't know the unit {text.strip()!r}. Units: {UNIT_HELP}.")
    return kind


#: More of one kind than any board holds: a count above it is a slip of the keyboard.
MOST_OF_A_KIND = 1000

_ITEM = re.compile(r"^(?:(\d+)\s*(?:x\s+|x(?=[a-z]))?)?\s*([a-z][a-z .'-]*?)\s*(?:x\s*(\d+))?$")


def parse_units(text: str) -> Counts:
    """Counts by kind of a unit list as players write it, in the order first named.

    Items are separated by commas, "and", "+" or ";"; each is an optional count and a
    name ("3 inf", "3i", "2 x tank", "tank x2", "ftr"). A count of 0, a kind named
    twice or an empty list is refused with the reason.
    """
    plain = text.lower().strip()
    if not plain:
        raise Unreadable(f"Which units? Write them like \"3 inf, 2 arm, ftr\". Units: {UNIT_HELP}.")
    pieces = [p.strip() for p in re.split(r",|;|\+|&|\band\b", plain)]
    items: list[str] = []
    for piece in pieces:
        if not piece:
            continue
        # "3 inf 2 arm": a new item starts at every count after the first word.
        items.extend(s.strip() for s in re.split(r"\s+(?=\d)", piece) if s.strip())
    counts: Counts = {}
    for item in items:
        match = _ITEM.match(item)
        if match is None:
            raise Unreadable(f"I can't read {item!r} as units: write a count and a unit, "
                             f"like \"3 inf\".")
        number = match.group(1) or match.group(3)
        count = (int(number) if len(number) <= 6 else MOST_OF_A_KIND + 1) if number else 1
        kind = find_kind(match.group(2))
        if count <= 0:
            raise Unreadable(f"{item!r}: a count must be at least 1.")
        if count > MOST_OF_A_KIND:
            raise Unreadable(f"{item!r}: no power ever has more than {MOST_OF_A_KIND} units "
                             "of a kind.")
        if kind in counts:
            plural = UNITS[kind].plural
            raise Unreadable(f"{plural[0].upper() + plural[1:]} are named twice in "
                             f"{text.strip()!r}: name each kind once.")
        counts[kind] = count
    if not counts:
        raise Unreadable(f"Which units? Write them like \"3 inf, 2 arm, ftr\". Units: {UNIT_HELP}.")
    return counts


def describe_units(counts: Mapping[Kind, int]) -> str:
    """'3 infantry, 1 armour, 2 fighters' in the order of `UNITS`; 'no units' if empty."""
    parts = [UNITS[k].label(counts[k]) for k in UNITS if counts.get(k, 0) > 0]
    return ", ".join(parts) if parts else "no units"


def unit_stacks(counts: Mapping[Kind, int]) -> list[str]:
    """A stack as players may want it, for an autocomplete: all of it, then each kind of unit
    alone ('3 infantry, 1 armour', '3 infantry', '1 armour')."""
    counts = {k: n for k, n in counts.items() if n > 0}
    if not counts:
        return []
    each = [describe_units({k: n}) for k, n in counts.items()]
    return ([describe_units(counts)] if len(counts) > 1 else []) + each


def total(counts: Mapping[Kind, int], kinds: Iterable[Kind] | None = None) -> int:
    if kinds is None:
        return sum(counts.values())
    return sum(counts.get(k, 0) for k in kinds)


def subtract(counts: Mapping[Kind, int], minus: Mapping[Kind, int]) -> Counts:
    """`counts - minus`, dropping zeros; ValueError if it would go below zero."""
    out = dict(counts)
    for k, n in minus.items():
        left = out.get(k, 0) - n
        if left < 0:
            raise ValueError(f"cannot remove {n} {k} from {out.get(k, 0)}")
        if left:
            out[k] = left
        else:
            out.pop(k, None)
    return out


def add(counts: Mapping[Kind, int], plus: Mapping[Kind, int]) -> Counts:
    out = dict(counts)
    for k, n in plus.items():
        if n:
            out[k] = out.get(k, 0) + n
    return out
