"""Revenge of the Dictators' data set: the map and the cards, read and checked whole.

The printed board's graph and the card texts are not recoverable from any source
(shared/reference/dictator-game.md, "What a software build would still lack"), so the game
plays on data: seven files (`data/*.json`, a DEFAULT set of the project's own making,
labelled as such in each file's `note`), or a group's own printing given as the game's
`data` option (JSON text: an object whose keys are file names, each file left out taken
from the default set). The schemas are documented in docs/dictators.md.

Every file is checked before a game is made from it, and a refusal names the file, the
entry and the field ("map.json, location “Ohio”: “zone” is 7, which is not a nuclear
zone (1, 2, 3 or 4).") so a group can fix its own printing. What a card does is one of the
effect kinds this engine knows (`effects.KINDS` lists them with their fields).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from typing import Any

from engine import jsontext
from engine.errors import Unreadable
from engine.games.dictators.kinds import check_effect
from engine.games.dictators.schema import (
    ASSET,
    COUNTRIES,
    FILES,
    INTERRUPTION,
    MAX_PLAYERS,
    MOMENTS,
    SPECIAL_PLACES,
    US,
    Ability,
    CommandCard,
    DataSet,
    Dictator,
    Founder,
    Level,
    Location,
    MapData,
    PresidentCard,
    Road,
    Spot,
    TimeZone,
    fold,
    read_type,
    shown,
)

# ----- reading the files ----------------------------------------------------------------


def _entries(spot: Spot, key: str, what: str, name_field: str = "name",
             longest: int = 500) -> Iterator[Spot]:
    """The list `key` of a file, each item named by its `name_field` (or its number)."""
    for item in spot.key(key).items(longest):
        label = f"{what} #{item.field.rsplit('#', 1)[-1]}"
        if isinstance(item.value, dict) and isinstance(item.value.get(name_field), str | int):
            label = f"{what} “{item.value[name_field]}”"
        yield item.at(label)


def read_map(spot: Spot) -> MapData:
    spot.only(("note", "time_zones", "locations", "roads", "flights", "borders", "special"))
    zones: dict[str, TimeZone] = {}
    for item in _entries(spot, "time_zones", "time zone", "id", 30):
        item.only(("id", "order", "no_fly"))
        zid = item.key("id").name()
        if zid in zones:
            item.key("id").refuse(f"names the time zone {zid} a second time.")
        zones[zid] = TimeZone(zid, item.key("order").number(0, 20, "a time zone's place from "
                                                                       "west to east"),
                              item.key("no_fly", True).flag())
    locations: dict[str, Location] = {}
    names: dict[str, str] = {}
    for item in _entries(spot, "locations", "location", "id", 400):
        item.only(("id", "code", "state", "country", "time_zone", "zone", "x", "y", "aliases"))
        lid = item.key("id").name()
        code = item.key("code").text(6)
        country = item.key("country").one_of(COUNTRIES, "a country (US, MX, CA or other)")
        tz_spot = item.key("time_zone", None)
        tz = None if tz_spot.value is None else tz_spot.one_of(zones, "a time zone of the map")
        if country == US and tz is None:
            tz_spot.refuse("is empty, but every location in the US lies in a time zone.")
        if country != US and tz is not None:
            tz_spot.refuse("names a time zone, but time zones are used only in the US.")
        zone_spot = item.key("zone", None)
        zone = None if zone_spot.value is None else zone_spot.number(1, 4, "a nuclear zone")
        aliases = tuple(a.name() for a in item.key("aliases", []).items(10))
        loc = Location(lid, code, item.key("state").name(), country, tz, zone,
                       item.key("x").number(0, 1000, "x (0 to 1000)"),
                       item.key("y").number(0, 700, "y (0 to 700)"), aliases)
        for word, where in ((lid, "id"), (code, "code"), *((a, "aliases") for a in aliases)):
            folded = fold(word)
            if names.get(folded, lid) != lid:
                item.key(where).refuse(f"reads like {names[folded]}'s name: every location "
                                       "must be told apart.")
            names[folded] = lid
        locations[lid] = loc
    if not locations:
        spot.key("locations").refuse("holds no location.")
    roads: list[Road] = []
    seen: set[frozenset[str]] = set()
    for item in spot.key("roads").items(2000):
        entry = item.at(f"road {item.field}")
        if isinstance(item.value, dict) and isinstance(item.value.get("between"), list):
            entry = item.at("road " + " - ".join(map(str, item.value["between"])))
        entry.only(("between", "roadblock"))
        ends = _pair(entry.key("between"), locations, "a location of the map")
        if ends in seen:
            entry.key("between").refuse("is a road named a second time.")
        seen.add(ends)
        a, b = sorted(ends)
        roads.append(Road(a, b, entry.key("roadblock", True).flag()))
    flights: set[frozenset[str]] = set()
    for item in spot.key("flights").items(500):
        ends = _pair(item, locations, "a location of the map")
        if ends in flights:
            item.refuse("is a flight named a second time.")
        flights.add(ends)
    states = {loc.state for loc in locations.values()}
    borders: set[frozenset[str]] = set()
    for item in spot.key("borders").items(2000):
        borders.add(_pair(item, states, "a state of the map"))
    special = spot.key("special")
    special.only((*SPECIAL_PLACES, "trident_links", "washington_state"))
    places = {key: special.key(key).one_of(locations, "a location of the map")
              for key in SPECIAL_PLACES}
    if not locations[places["capital"]].in_us:
        special.key("capital").refuse("must be a location in the US.")
    links = tuple(s.one_of(locations, "a location of the map")
                  for s in special.key("trident_links").items(50))
    if not links:
        special.key("trident_links").refuse("holds no location: the Trident would be out of "
                                             "reach.")
    washington = special.key("washington_state").one_of(states, "a state of the map")
    return MapData(locations, zones, tuple(roads), frozenset(flights), frozenset(borders),
                   places, links, washington, str(spot.obj().get("note", "")))


def _pair(spot: Spot, known: Any, what: str) -> frozenset[str]:
    items = spot.items(2)
    if len(items) != 2:
        spot.refuse("must name two places.")
    a, b = (i.one_of(known, what) for i in items)
    if a == b:
        spot.refuse(f"names {a} at both ends.")
    return frozenset((a, b))


def read_zones(spot: Spot, board: MapData) -> dict[int, tuple[str, ...]]:
    spot.only(("note", "zones"))
    zones: dict[int, tuple[str, ...]] = {}
    used: dict[str, int] = {}
    for item in _entries(spot, "zones", "zone", "zone", 4):
        item.only(("zone", "bases"))
        number = item.key("zone").number(1, 4, "a nuclear zone")
        if number in zones:
            item.key("zone").refuse(f"is zone {number} a second time.")
        bases = []
        for base in item.key("bases").items(100):
            lid = base.one_of(board.locations, "a location of the map")
            if board.locations[lid].zone != number:
                base.refuse(f"is {lid}, which lies in "
                            f"{'no nuclear zone' if board.locations[lid].zone is None else 'zone ' + str(board.locations[lid].zone)} "
                            f"on the map, not in zone {number}.")
            if lid in used:
                base.refuse(f"is {lid}, a base already listed: each base has one card.")
            used[lid] = number
            bases.append(lid)
        least = MAX_PLAYERS + (1 if number == 1 else 0)
        if len(bases) < least:
            item.key("bases").refuse(f"holds {len(bases)} bases; zone {number} needs at least "
                                     f"{least}, a card for each of {MAX_PLAYERS} players.")
        if number == 4 and len(bases) > 15:
            item.key("bases").refuse(f"holds {len(bases)} bases, but there are only 15 Nuclear "
                                     "Zone 4 tokens to lie on them.")
        zones[number] = tuple(bases)
    for number in (1, 2, 3, 4):
        if number not in zones:
            spot.key("zones").refuse(f"has no zone {number}: the game has four nuclear zones.")
    return zones


def read_command(spot: Spot, board: MapData) -> tuple[dict[str, CommandCard], tuple[str, str]]:
    spot.only(("note", "cards", "trident"))
    cards: dict[str, CommandCard] = {}
    for item in _entries(spot, "cards", "card"):
        item.only(("name", "type", "copies", "cost", "usa", "turns", "when", "text", "effect",
                   "abilities"))
        name = item.key("name").name()
        if name in cards:
            item.key("name").refuse(f"is {name} a second time: each card is listed once, with "
                                    "its copies.")
        type_spot = item.key("type")
        kind = read_type(type_spot.text(30))
        if kind is None:
            type_spot.refuse(f"is {shown(type_spot.value)}, which is not a card type (Action, "
                             "Interruption or Asset; Possession and Bezitting are read as "
                             "Asset).")
        cost = item.key("cost").number(0, 3, "a card's cost in actions")
        if kind == INTERRUPTION and cost:
            item.key("cost").refuse(f"is {cost}, but an Interruption costs no action.")
        turns_spot = item.key("turns", None)
        turns = None if turns_spot.value is None else turns_spot.number(2, 3, "a multi-turn "
                                                                        "symbol (2 or 3 turns)")
        when = None
        effect = None
        abilities: list[Ability] = []
        if kind == INTERRUPTION:
            when = item.key("when").one_of(MOMENTS, "a moment (move, card, disarm or any)")
        elif "when" in item.obj():
            item.key("when").refuse("is set, but only an Interruption has a moment to be "
                                    "played at.")
        if kind == ASSET:
            if "effect" in item.obj():
                item.key("effect").refuse("is set, but an Asset's effects are its abilities.")
            for ab in item.key("abilities").items(4):
                ab.only(("cost", "text", "effect"))
                ab_cost = ab.key("cost").number(0, 3, "an ability's cost in actions")
                abilities.append(Ability(ab_cost, ab.key("text").text(),
                                         check_effect(ab.key("effect"), "ability", board)))
            if not abilities:
                item.key("abilities").refuse("holds no ability.")
        else:
            effect = check_effect(item.key("effect"), kind, board, when=when)
            if (effect.kind == "curse") != (turns is not None):
                (turns_spot if turns is None else item.key("effect")).refuse(
                    "must go with a curse effect: a card lies with a player for 2 or 3 turns "
                    "exactly when it curses them." if turns is None else
                    "is not a curse, but the card lies with a player for turns.")
        cards[name] = CommandCard(name, kind, item.key("copies").number(1, 40, "copies"),
                                  cost, item.key("usa", False).flag(), turns, when,
                                  item.key("text").text(), effect, tuple(abilities))
    deck = sum(c.copies for c in cards.values())
    if deck < 4 * MAX_PLAYERS + 5:
        spot.key("cards").refuse(f"hold {deck} cards; at least {4 * MAX_PLAYERS + 5} are needed "
                                 f"to deal 4 to each of {MAX_PLAYERS} players.")
    trident = spot.key("trident")
    trident.only(("name", "text"))
    return cards, (trident.key("name").name(), trident.key("text").text())


def read_founders(spot: Spot, board: MapData) -> dict[str, Founder]:
    spot.only(("note", "cards"))
    found: dict[str, Founder] = {}
    for item in _entries(spot, "cards", "Founding Father"):
        item.only(("name", "turns", "text", "effects"))
        name = item.key("name").name()
        if name in found:
            item.key("name").refuse(f"is {name} a second time.")
        turns_spot = item.key("turns", None)
        turns = None if turns_spot.value is None else turns_spot.number(2, 3, "a multi-turn "
                                                                        "symbol (2 or 3 turns)")
        effects = tuple(check_effect(e, "founder", board) for e in item.key("effects").items(6))
        found[name] = Founder(name, turns, item.key("text").text(), effects)
    return found


def read_defcon(spot: Spot, board: MapData) -> tuple[tuple[str, int, str], dict[int, Level]]:
    spot.only(("note", "card", "levels"))
    card = spot.key("card")
    card.only(("name", "copies", "text"))
    levels: dict[int, Level] = {}
    for item in _entries(spot, "levels", "level", "level", 4):
        item.only(("level", "text", "effects"))
        number = item.key("level").number(1, 4, "a DEFCON level reached (4 to 1)")
        if number in levels:
            item.key("level").refuse(f"is level {number} a second time.")
        effects = tuple(check_effect(e, "level", board) for e in item.key("effects").items(8))
        levels[number] = Level(number, item.key("text").text(), effects)
    for number in (4, 3, 2, 1):
        if number not in levels:
            spot.key("levels").refuse(f"has no level {number}: each level reached has its "
                                      "effect (an empty list of effects is allowed).")
    return ((card.key("name").name(), card.key("copies").number(0, 4, "DEFCON cards"),
             card.key("text").text()), levels)


def read_presidential(spot: Spot, board: MapData) -> dict[str, PresidentCard]:
    spot.only(("note", "cards"))
    cards: dict[str, PresidentCard] = {}
    for item in _entries(spot, "cards", "Presidential card"):
        item.only(("name", "copies", "present", "oops", "text", "effects"))
        name = item.key("name").name()
        if name in cards:
            item.key("name").refuse(f"is {name} a second time.")
        present = item.key("present").flag()
        effects = tuple(check_effect(e, "president", board)
                        for e in item.key("effects", []).items(4))
        cards[name] = PresidentCard(name, item.key("copies").number(1, 20, "copies"), present,
                                    item.key("oops", False).flag(), item.key("text").text(),
                                    effects)
    if not any(c.present for c in cards.values() if not c.oops):
        spot.key("cards").refuse("hold no card on which the President is present: nobody "
                                 "could ever convince him.")
    if sum(c.copies for c in cards.values()) < 5:
        spot.key("cards").refuse("hold fewer than 5 cards (token VII draws 5).")
    return cards


def read_dictators(spot: Spot, board: MapData) -> dict[str, Dictator]:
    spot.only(("note", "dictators"))
    found: dict[str, Dictator] = {}
    for item in _entries(spot, "dictators", "dictator"):
        item.only(("name", "title", "text", "ability"))
        name = item.key("name").name()
        if name in found:
            item.key("name").refuse(f"is {name} a second time.")
        found[name] = Dictator(name, item.key("title").name(), item.key("text").text(),
                               check_effect(item.key("ability"), "dictator", board))
    if len(found) < MAX_PLAYERS + 1:
        spot.key("dictators").refuse(f"hold {len(found)} dictators; at least {MAX_PLAYERS + 1} "
                                     f"are needed ({MAX_PLAYERS} players, and token IV swaps "
                                     "for an unused one).")
    return found


# ----- the whole set --------------------------------------------------------------------


@cache
def default_files() -> tuple[tuple[str, str], ...]:
    """The default set's files as text (package data, read once)."""
    folder = resources.files("engine.games.dictators").joinpath("data")
    return tuple((name, folder.joinpath(f"{name}.json").read_text("utf-8")) for name in FILES)


@cache
def default_data() -> DataSet:
    """The DEFAULT data set (read once; shared: never change it)."""
    return _read({name: json.loads(text) for name, text in default_files()}, {})


@cache
def data_from_text(text: str, upload: str = "", fresh: tuple[str, ...] = ()) -> DataSet:
    """A group's own printing (the `data` option): an object of file name -> file, each
    file left out taken from the default set. Read once per text. `upload`: the name of
    the file a group attached (`/dict data`), which gave the data files `fresh`: a refusal
    in one of those names it, one in a file given before says so."""
    if not text.strip():
        return default_data()
    raw = jsontext.loads(text, f"The file {upload}" if upload else "The data option")
    where = f"The file {upload}" if upload else "The data option"
    if not isinstance(raw, dict):
        raise Unreadable(f"{where} must hold an object ({{…}}) whose keys are the data "
                         f"files' names ({', '.join(f + '.json' for f in FILES)}).")
    given: dict[str, Any] = {}
    for key, value in raw.items():
        name = str(key).removesuffix(".json")
        if name not in FILES:
            raise Unreadable(f"{where} names a file {shown(key)}; the data files are "
                             f"{', '.join(f + '.json' for f in FILES)}.")
        given[name] = value
    files = {name: json.loads(text) for name, text in default_files()}
    files.update(given)
    return _read(files, {name: _source(name, upload, fresh) for name in given})


def _source(name: str, upload: str, fresh: tuple[str, ...]) -> str:
    """Where a group's data file came from, as a refusal names it after the file's name."""
    if not upload:
        return "(the data option)"
    if name not in fresh:
        return "(given before)"
    return "" if upload.lower() == f"{name}.json" else f"(in {upload})"


def with_upload(option: str, raw: bytes, upload: str) -> str:
    """The `data` option once a group's attached file is added to it (`/dict data`): a file
    named as one of the data files (`map.json`) replaces that file; any other holds a
    whole set, an object of file name -> file, and replaces every file it names. Checked
    whole before it is returned; each refusal names `upload`, the entry and the field."""
    value = jsontext.loads(raw, f"The file {upload}")
    stem = upload.rsplit("/", 1)[-1].lower().removesuffix(".json")
    files: dict[str, Any] = {}
    if option.strip():
        files.update(json.loads(option))
    if stem in FILES:
        fresh = {stem: value}
    elif isinstance(value, dict):
        fresh = {str(k).removesuffix(".json"): v for k, v in value.items()}
        unknown = [k for k in value if str(k).removesuffix(".json") not in FILES]
        if unknown:
            raise Unreadable(f"The file {upload} names a file {shown(unknown[0])}; the data "
                             f"files are {', '.join(f + '.json' for f in FILES)}.")
    else:
        raise Unreadable(f"The file {upload} must hold one data file (name it map.json, "
                         "command.json …) or an object whose keys are the data files' "
                         f"names ({', '.join(f + '.json' for f in FILES)}).")
    files.update(fresh)
    text = json.dumps(files, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    data_from_text(text, upload, tuple(sorted(fresh)))
    return text


def game_data(option: str) -> DataSet:
    """The data set a game's `data` option names ("" = the DEFAULT set)."""
    return data_from_text(option) if option else default_data()


def summary(data: DataSet) -> str:
    """A data set in a sentence, as a group checks it loaded what it meant."""
    cards = sum(c.copies for c in data.command.values())
    return (f"{len(data.map.locations)} locations, {len(data.map.roads)} roads, "
            f"{len(data.map.flights)} international flights, {cards} Command cards, "
            f"{len(data.founders)} Founding Fathers, {len(data.dictators)} dictators.")


def whole_set(option: str) -> str:
    """The data a game plays on as one file a group may edit and attach again: every data
    file, the group's own where given, the DEFAULT set's otherwise."""
    files = {name: json.loads(text) for name, text in default_files()}
    if option.strip():
        files.update({k.removesuffix(".json"): v for k, v in json.loads(option).items()})
    return json.dumps({f"{name}.json": files[name] for name in FILES}, ensure_ascii=False,
                      indent=1)


def _read(files: Mapping[str, Any], sources: Mapping[str, str]) -> DataSet:
    def spot(name: str) -> Spot:
        return Spot(files[name], f"{name}.json" + (f" {sources[name]}" if sources.get(name)
                                                   else ""))

    board = read_map(spot("map"))
    zones = read_zones(spot("nuclear_zones"), board)
    command, trident = read_command(spot("command"), board)
    founders = read_founders(spot("founding_fathers"), board)
    defcon, levels = read_defcon(spot("defcon"), board)
    presidential = read_presidential(spot("presidential"), board)
    dictators = read_dictators(spot("dictators"), board)
    names: dict[str, str] = {}
    for name, where in ([(n, "command.json") for n in command] + [(trident[0], "command.json")]
                        + [(n, "founding_fathers.json") for n in founders]
                        + [(defcon[0], "defcon.json")]):
        if fold(name) in names:
            Spot(None, where, f"card “{name}”", "name").refuse(
                f"reads like a card of {names[fold(name)]}: every card of the Command deck "
                "must be told apart.")
        names[fold(name)] = where
    notes = {name: str(files[name].get("note", "")) for name in FILES
             if isinstance(files[name], dict)}
    return DataSet(board, zones, command, trident, founders, defcon, levels, presidential,
                   dictators, notes)
