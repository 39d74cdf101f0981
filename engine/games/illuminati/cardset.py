"""The card set: the Illuminati, Group and Special cards a game plays with, as data.

The Group and Illuminati cards are not in the source: a group supplies them from its own
copy as a card set file (schema: docs/illuminati.md, "Card set file"), given as the game's
`cards` option. The project ships `sample.json`, a small set of its own invention, clearly
marked as a sample (`"sample": true`), for tests and the demo.

A file is checked whole before any game starts with it (`read_card_set`): a refusal names
the file, the card and the field ("The card set file “ours.json”, group “Boy Sprouts”,
field “resistance”: must be a whole number from 0 to 99, not “ten”."), so nothing ever
starts with a broken set.

What the engine interprets is a small vocabulary: the ten alignments, the arrows of a
Group (`ahead`, `left`, `right`, seen with its incoming arrow at the bottom), the
abilities (`ABILITIES`), the special goals (`GOALS`) and the Specials' effects
(`EFFECTS`). Everything else on a card is its text, shown to players as printed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from engine import jsontext
from engine.errors import Unreadable

ALIGNMENTS = ("government", "communist", "liberal", "conservative", "peaceful", "violent",
              "straight", "weird", "criminal", "fanatic")
# Opposed pairs; Criminal has no opposite, and any two Fanatic Groups are opposed.
OPPOSITE = {"government": "communist", "communist": "government", "liberal": "conservative",
            "conservative": "liberal", "peaceful": "violent", "violent": "peaceful",
            "straight": "weird", "weird": "straight"}
GROUP_ARROWS = ("ahead", "left", "right")
ATTACKS = ("control", "neutralize", "destroy")

# Ability kinds, on an Illuminati card (for every attack of its player) or on a Group card
# (for that Group): what each reads from its entry (docs/illuminati.md, "Abilities").
ABILITIES = {
    "privilege": ("cost",),                              # the Bavarians' privilege for MB
    "attack-bonus": ("attack", "bonus", "alignment"),    # +bonus on such attacks
    "defence-bonus": ("attack", "bonus"),                # a Group harder to attack
    "immune": ("alignments",),                           # no attack by such Groups
    "draws": ("cards",),                                 # cards drawn each turn
    "free-moves": (),                                    # moves cost no action at the end
    "free-transfers": (),                                # transfers free at the end
    "attacks": ("count",),                               # attacks the card may take part in
}
# Special goal kinds (docs/illuminati.md, "Goals").
GOALS = {
    "power": ("minimum", "illuminati"),
    "transferable": ("minimum",),
    "alignment": ("alignment", "minimum"),
    "every-alignment": (),
    "treasury": ("minimum",),
    "destroyed": ("minimum",),
    "another": (),
    "none": (),
}
# The Specials' effects the engine knows, with the money a money card pays by default.
EFFECTS = {
    "assassination": None, "murphys-law": None, "bribery": None, "computer-espionage": None,
    "deep-agent": None, "interference": None, "market-manipulation": None,
    "media-campaign": None, "secrets": None, "senate-investigation": None,
    "slush-fund": 15, "swiss-bank-account": 25, "whispering-campaign": None,
    "white-collar-crime": 5,
}
LARGEST = 99
SAMPLE_FILE = "sample.json"


@dataclass(frozen=True)
class Ability:
    """One special ability (`ABILITIES`)."""

    kind: str
    attack: str = "any"
    bonus: int = 0
    alignment: str | None = None
    alignments: tuple[str, ...] = ()
    cost: int = 0
    cards: int = 1
    count: int = 1


@dataclass(frozen=True)
class Goal:
    """A special goal (`GOALS`)."""

    kind: str
    minimum: int = 0
    alignment: str | None = None
    illuminati: bool = True  # a power goal: the Illuminati card's own power counts


@dataclass(frozen=True)
class Card:
    """An Illuminati or a Group card as printed. An Illuminati card has no resistance (it
    can't be attacked), four outgoing arrows and a goal; a Group one incoming arrow."""

    name: str
    kind: str  # "illuminati" or "group"
    power: int
    transferable: int
    resistance: int
    income: int
    alignments: tuple[str, ...] = ()
    arrows: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    goal: Goal = Goal("none")
    text: str = ""

    @property
    def illuminati(self) -> bool:
        return self.kind == "illuminati"

    def ability(self, kind: str) -> Ability | None:
        return next((a for a in self.abilities if a.kind == kind), None)


@dataclass(frozen=True)
class Special:
    """One Special card (a copy of a card printed twice has an id of its own)."""

    id: str
    name: str
    effect: str
    amount: int = 0
    text: str = ""


@dataclass(frozen=True)
class CardSet:
    """A whole checked set."""

    file: str
    title: str
    sample: bool
    notice: str
    illuminati: dict[str, Card] = field(default_factory=dict)
    groups: dict[str, Card] = field(default_factory=dict)
    specials: dict[str, Special] = field(default_factory=dict)

    def card(self, name: str) -> Card:
        return self.illuminati.get(name) or self.groups[name]

    def public(self) -> dict[str, Any]:
        return {"file": self.file, "title": self.title, "sample": self.sample,
                "notice": self.notice}


class _Where:
    """Where in the file a value is, for a refusal that names the file, card and field."""

    def __init__(self, file: str, card: str = "") -> None:
        self.file = file
        self.card = card

    def refuse(self, field_name: str | None, why: str) -> Unreadable:
        text = f"The card set file “{self.file}”"
        if self.card:
            text += f", {self.card}"
        if field_name:
            text += f", field “{field_name}”"
        return Unreadable(f"{text}: {why}")


def _shown(value: Any) -> str:
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"“{value[:40]}”"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return str(value)[:20]


def _number(where: _Where, entry: Mapping[str, Any], name: str, *, low: int = 0,
            high: int = LARGEST, default: int | None = None, prefix: str = "") -> int:
    value = entry.get(name, default)
    if value is None:
        raise where.refuse(prefix + name, "is missing: it must be a whole number.")
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise where.refuse(prefix + name, f"must be a whole number from {low} to {high}, "
                                          f"not {_shown(value)}.")
    return value


def _text(where: _Where, entry: Mapping[str, Any], name: str, *, longest: int = 60,
          required: bool = True) -> str:
    value = entry.get(name, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()) or len(value) > longest:
        raise where.refuse(name, f"must be text of 1 to {longest} characters, not "
                                 f"{_shown(value)}." if required else
                           f"must be text of at most {longest} characters.")
    return value.strip() if required else value


def _names(where: _Where, entry: Mapping[str, Any], name: str, known: tuple[str, ...],
           what: str, prefix: str = "") -> tuple[str, ...]:
    value = entry.get(name, [])
    if not isinstance(value, list):
        raise where.refuse(prefix + name, f"must be a list of {what}, not {_shown(value)}.")
    out: list[str] = []
    for item in value:
        if not isinstance(item, str) or item not in known:
            raise where.refuse(prefix + name, f"holds {_shown(item)}, which is not one of "
                                              f"{what} ({', '.join(known)}).")
        if item in out:
            raise where.refuse(prefix + name, f"names {item} twice.")
        out.append(item)
    return tuple(out)


def _object(where: _Where, value: Any, field_name: str | None) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise where.refuse(field_name, f"must be an object ({{…}}), not {_shown(value)}.")
    return value


def _ability(where: _Where, raw: Any, index: int) -> Ability:
    name = f"abilities › #{index}"
    entry = _object(where, raw, name)
    kind = entry.get("kind")
    if kind not in ABILITIES:
        raise where.refuse(f"{name} › kind", f"is {_shown(kind)}, which is not one of the "
                                             f"abilities ({', '.join(ABILITIES)}).")
    unknown = sorted(set(entry) - {"kind", *ABILITIES[kind]})
    if unknown:
        raise where.refuse(f"{name} › {unknown[0]}", f"is not a field of a {kind} ability.")
    attack = entry.get("attack", "any")
    if attack not in (*ATTACKS, "any"):
        raise where.refuse(f"{name} › attack", f"must be control, neutralize, destroy or "
                                               f"any, not {_shown(attack)}.")
    alignment = entry.get("alignment")
    if alignment is not None and alignment not in ALIGNMENTS:
        raise where.refuse(f"{name} › alignment", f"is {_shown(alignment)}, which is not an "
                                                  "alignment.")
    at = f"{name} › "
    return Ability(
        kind=kind, attack=attack,
        bonus=_number(where, entry, "bonus", low=-LARGEST, default=0, prefix=at),
        alignment=alignment,
        alignments=_names(where, entry, "alignments", ALIGNMENTS, "the alignments", at),
        cost=_number(where, entry, "cost", default=0, prefix=at),
        cards=_number(where, entry, "cards", low=1, high=5, default=1, prefix=at),
        count=_number(where, entry, "count", low=1, high=5, default=1, prefix=at))


def _goal(where: _Where, raw: Any) -> Goal:
    entry = _object(where, raw, "goal")
    kind = entry.get("kind")
    if kind not in GOALS:
        raise where.refuse("goal › kind", f"is {_shown(kind)}, which is not one of the goals "
                                          f"({', '.join(GOALS)}).")
    unknown = sorted(set(entry) - {"kind", *GOALS[kind]})
    if unknown:
        raise where.refuse(f"goal › {unknown[0]}", f"is not a field of a {kind} goal.")
    alignment = entry.get("alignment")
    if kind == "alignment" and alignment not in ALIGNMENTS:
        raise where.refuse("goal › alignment", f"is {_shown(alignment)}, which is not an "
                                               "alignment.")
    own = entry.get("illuminati", True)
    if not isinstance(own, bool):
        raise where.refuse("goal › illuminati", "must be true or false.")
    minimum = 0
    if "minimum" in GOALS[kind]:
        minimum = _number(where, entry, "minimum", low=1, high=999, prefix="goal › ")
    return Goal(kind, minimum, alignment, own)


def _card(where: _Where, entry: Mapping[str, Any], kind: str, name: str) -> Card:
    allowed = {"name", "power", "transferable", "income", "abilities", "text"}
    allowed |= {"goal"} if kind == "illuminati" else {"resistance", "alignments", "arrows"}
    unknown = sorted(set(entry) - allowed)
    if unknown:
        what = "an Illuminati" if kind == "illuminati" else "a Group"
        raise where.refuse(unknown[0], f"is not a field of {what} card.")
    power = _number(where, entry, "power")
    transferable = _number(where, entry, "transferable", default=0)
    if transferable > power:
        raise where.refuse("transferable", f"is {transferable}, more than the card's power "
                                           f"({power}).")
    abilities = entry.get("abilities", [])
    if not isinstance(abilities, list):
        raise where.refuse("abilities", f"must be a list, not {_shown(abilities)}.")
    return Card(
        name=name, kind=kind, power=power, transferable=transferable,
        resistance=0 if kind == "illuminati" else _number(where, entry, "resistance"),
        income=_number(where, entry, "income", default=0),
        alignments=() if kind == "illuminati" else _names(where, entry, "alignments",
                                                          ALIGNMENTS, "the alignments"),
        arrows=("ahead", "left", "right", "back") if kind == "illuminati" else
        _names(where, entry, "arrows", GROUP_ARROWS, "the arrows"),
        abilities=tuple(_ability(where, a, n) for n, a in enumerate(abilities, start=1)),
        goal=_goal(where, entry.get("goal", {"kind": "none"})) if kind == "illuminati"
        else Goal("none"),
        text=_text(where, entry, "text", longest=600, required=False))


def _special(where: _Where, entry: Mapping[str, Any], name: str) -> tuple[str, int, int]:
    unknown = sorted(set(entry) - {"name", "effect", "copies", "amount", "text"})
    if unknown:
        raise where.refuse(unknown[0], "is not a field of a Special card.")
    effect = entry.get("effect")
    if effect not in EFFECTS:
        raise where.refuse("effect", f"is {_shown(effect)}, which is not one of the effects "
                                     f"({', '.join(EFFECTS)}).")
    copies = _number(where, entry, "copies", low=1, high=4, default=1)
    default = EFFECTS[effect]
    if default is None:
        if "amount" in entry:
            raise where.refuse("amount", f"is not a field of a {effect} card (only money "
                                         "cards pay an amount).")
        return effect, copies, 0
    return effect, copies, _number(where, entry, "amount", low=1, default=default)


def read_card_set(raw: Any, file: str) -> CardSet:
    """Check a card set (JSON text or data) from `file`; refuse, naming the file, the card
    and the field, anything the engine could not play with."""
    where = _Where(file)
    if isinstance(raw, str | bytes):
        try:
            raw = jsontext.loads(raw, f"The card set file “{file}”")
        except Unreadable as exc:
            raise Unreadable(exc.message) from None
    data = _object(where, raw, None)
    unknown = sorted(set(data) - {"title", "sample", "notice", "illuminati", "groups",
                                  "specials", "_about"})
    if unknown:
        raise where.refuse(unknown[0], "is not a field of a card set (title, sample, notice, "
                                       "illuminati, groups, specials).")
    title = _text(where, data, "title", longest=80)
    sample = data.get("sample", False)
    if not isinstance(sample, bool):
        raise where.refuse("sample", "must be true or false.")
    notice = _text(where, data, "notice", longest=300, required=False)
    seen: dict[str, str] = {}
    cards: dict[str, dict[str, Card]] = {"illuminati": {}, "groups": {}}
    for key, kind, word in (("illuminati", "illuminati", "Illuminati card"),
                            ("groups", "group", "group")):
        entries = data.get(key)
        if not isinstance(entries, list):
            raise where.refuse(key, f"must be a list of cards, not {_shown(entries)}.")
        for number, entry in enumerate(entries, start=1):
            card_where = _Where(file, f"{word} #{number}")
            entry = _object(card_where, entry, None)
            name = _text(card_where, entry, "name")
            card_where.card = f"{word} “{name}”"
            if name in seen:
                raise card_where.refuse("name", f"is also the name of {seen[name]}: each card "
                                                "has a name of its own.")
            seen[name] = f"the {word} #{number}"
            cards[key][name] = _card(card_where, entry, kind, name)
    specials: dict[str, Special] = {}
    entries = data.get("specials", [])
    if not isinstance(entries, list):
        raise where.refuse("specials", f"must be a list of cards, not {_shown(entries)}.")
    for number, entry in enumerate(entries, start=1):
        card_where = _Where(file, f"Special card #{number}")
        entry = _object(card_where, entry, None)
        name = _text(card_where, entry, "name")
        card_where.card = f"Special card “{name}”"
        if name in seen:
            raise card_where.refuse("name", f"is also the name of {seen[name]}: each card has a "
                                            "name of its own.")
        seen[name] = f"the Special card #{number}"
        effect, copies, amount = _special(card_where, entry, name)
        text = _text(card_where, entry, "text", longest=600, required=False)
        for copy in range(1, copies + 1):
            ident = name if copies == 1 else f"{name} #{copy}"
            specials[ident] = Special(ident, name, effect, amount, text)
    if len(cards["illuminati"]) < 2:
        raise where.refuse("illuminati", "must hold at least 2 Illuminati cards: one for each "
                                         "player.")
    if len(cards["groups"]) < 4:
        raise where.refuse("groups", "must hold at least 4 Group cards: four are turned up "
                                     "when the game starts.")
    return CardSet(file, title, sample, notice, cards["illuminati"], cards["groups"],
                   specials)


@lru_cache(maxsize=64)
def card_set_from_text(text: str, file: str = "") -> CardSet:
    """A group's set given as the `cards` option (JSON text), read once (shared: never
    change it): the 64 sets read last are kept (each file a group attaches is another, and a
    game holds its own). Its refusals name the file (`/ill new` passes the attachment's
    name as the `cards_file` option), or the option itself when no file name came with it."""
    return read_card_set(text, file or "given with the cards option")


@cache
def sample_text() -> str:
    return resources.files("engine.games.illuminati").joinpath(SAMPLE_FILE).read_text("utf-8")


@cache
def sample_set() -> CardSet:
    """The project's own sample set (`sample.json`), read once."""
    return read_card_set(json.loads(sample_text()), SAMPLE_FILE)


def card_set(option: str, file: str = "") -> CardSet:
    """The set a game plays with: the `cards` option's text (from the file named `file`),
    or the sample set; a file's name without its text is refused."""
    if not option.strip() and file.strip():
        raise Unreadable(f"The card set file “{file.strip()[:80]}” came without its cards: "
                         "attach the file to /ill new, or leave the cards_file option out.")
    return card_set_from_text(option, file.strip()) if option.strip() else sample_set()
