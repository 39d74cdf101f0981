"""What an imported `dictators` state must be (docs/dictators.md, "State schema").

The rules a table keeps without thinking: every seat has one dictator card and no two the
same; meeples stand on locations of the map (the Trident only while it is on the board); a
hand holds Command cards (never an event card: those are resolved at once); each Nuclear Zone
card names a base of its zone and is somewhere once; the fifteen Nuclear Zone 4 tokens are each
in one place; no card is in play more often than it is printed; DEFCON is 1 to 5; roadblocks
lie on roads and no-fly zones on time zones that have a place for them, within the tokens in
the box; decisions name seats and cards of the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.games.dictators.base import NO_FLY_ZONES, NUMERALS, ROADBLOCKS
from engine.games.dictators.datafiles import game_data
from engine.games.dictators.schema import DataSet
from engine.params import LARGEST_NUMBER
from engine.statecheck import Field

STAGES = ("begin", "turn")
TRIDENT = ("waiting", "on board", "gone")
DECISIONS = ("window", "choose", "discard", "founder", "swap", "clear", "reserve",
             "president", "start", "ending")
MOMENTS = ("card", "move", "disarm")
USES = ("play", "activate", "ability", "token")
IN_PLAY = ("founder", "curse", "asset")
LOCATION = "a location of the map"


def check_state(state: Mapping[str, Any]) -> None:
    seats = [str(s) for s in state["seats"]]
    seat = f"a seat of this game ({', '.join(seats)})"
    options = state.get("options", {})
    data = game_data(str(options.get("data", "")) if isinstance(options, Mapping) else "")
    game = Field(state["game"], "game")
    locations = set(data.map.locations)
    order = game["order"].names(seats, seat, unique=True)
    if sorted(order) != sorted(seats):
        game["order"].refuse("must name every seat once: it is the turn order.")
    game["index"].count(0, len(order) - 1, what="whose turn it is in “order”")
    game["turn_number"].count(0, LARGEST_NUMBER, what="the turns begun")
    stage = game["stage"].one_of(STAGES, "a stage (begin or turn)")
    game["extra_turns"].count(0, 20, what="extra turns owed")
    _check_turn(game["turn"], stage, seats, seat, data)
    _check_dictators(game, seats, seat, data)
    trident = game["trident"]
    on_board = trident["state"].one_of(TRIDENT, "the Trident's state (waiting, on board, "
                                                "gone)") == "on board"
    for _seat, where in game["location"].entries(seats, seat):
        lid = where.one_of(locations, LOCATION)
        if lid == data.map.special["trident"] and not on_board:
            where.refuse("is the Trident's place, but the Trident is not on the board.")
    if sorted(game["location"].obj()) != sorted(seats):
        game["location"].refuse("must place every seat's meeple.")
    _check_cards(game, seats, seat, data)
    _check_zones(game, seats, seat, data)
    _check_tokens(game, seats, seat, data, trident)
    game["defcon"].count(1, 5, what="the DEFCON level")
    roads = {r.ends: r for r in data.map.roads}
    seen: set[frozenset[str]] = set()
    for pair in game["roadblocks"].items(ROADBLOCKS):
        ends = frozenset(p.one_of(locations, LOCATION) for p in pair.items(2))
        if ends not in roads or len(pair.value) != 2:
            pair.refuse("is not a road of the map.")
        if ends in seen:
            pair.refuse("is a road with a roadblock already: one token per road.")
        seen.add(ends)
    zones = [z.id for z in data.map.time_zones.values() if z.no_fly]
    game["no_fly"].names(zones, "a time zone with a place for a no-fly zone", unique=True)
    game["no_fly"].items(NO_FLY_ZONES)
    for _seat, count in game["skips"].entries(seats, seat):
        count.count(0, 100, what="turns to skip")
    game.get("standing_pass", []).names(seats, seat, unique=True)
    for _seat, keys in game["once"].entries(seats, seat):
        for key in keys.items(50):
            key.text()
    for entry in game["stack"].items(50):
        _check_decision(entry, seats, seat, data)
    if not game["last_roll"].missing:
        game["last_roll"].obj()


def _check_turn(turn: Field, stage: str, seats: list[str], seat: str, data: DataSet) -> None:
    if not turn.obj():
        if stage == "turn":
            turn.refuse("is empty, but a turn is being played.")
        return
    turn["seat"].one_of(seats, seat)
    turn["actions"].count(0, 50, what="actions left")
    turn["walked"].flag()
    turn["free"].names(list(data.command), "a Command card")
    for used in turn["used"].items(50):
        used.text()
    turn["got"].names(NUMERALS, "a Nuclear Zone 4 token (I to XV)")
    turn["draws"].count(0, LARGEST_NUMBER, what="draws this turn")
    for key in ("president", "disarm"):
        if not turn.get(key).missing:
            turn[key].obj()


def _check_dictators(game: Field, seats: list[str], seat: str, data: DataSet) -> None:
    names = list(data.dictators)
    dealt = [held.one_of(names, "a dictator of the data set")
             for _seat, held in game["dictators"].entries(seats, seat)]
    if sorted(game["dictators"].obj()) != sorted(seats):
        game["dictators"].refuse("must give every seat a dictator card.")
    unused = game["unused"].names(names, "a dictator of the data set", unique=True)
    if sorted(dealt + unused) != sorted(names):
        game["unused"].refuse("with the dictators dealt must hold every dictator card once.")
    for _seat, copied in game["copied"].entries(seats, seat):
        copied.one_of(names, "a dictator of the data set")


def _check_cards(game: Field, seats: list[str], seat: str, data: DataSet) -> None:
    """Each card in play at most as often as it is printed; hands without event cards."""
    command = {n: c.copies for n, c in data.command.items()}
    events = {data.defcon[0]: data.defcon[1], data.trident[0]: 1,
              **{n: 1 for n in data.founders}}
    deck_cards = {**command, **events}
    seen: Counter[str] = Counter()

    def count(field: Field, known: Mapping[str, int], what: str) -> None:
        for item in field.items(1000):
            name = item.one_of(known, what)
            seen[name] += 1
            if seen[name] > known[name]:
                item.refuse(f"is {name} once too often: the game has {known[name]}.")

    for _seat, hand in game["hands"].entries(seats, seat):
        count(hand, command, "a Command card (no event card stays in a hand)")
    if sorted(game["hands"].obj()) != sorted(seats):
        game["hands"].refuse("must hold every seat's hand.")
    count(game["command"], deck_cards, "a card of the Command deck")
    count(game["command_discards"], deck_cards, "a card of the Command deck")
    count(game["founders"], events, "a Founding Father card")
    count(game["founder_discards"], events, "a Founding Father card")
    for entry in game["in_play"].items(100):
        kind = entry["kind"].one_of(IN_PLAY, "founder, curse or asset")
        entry["holder"].one_of(seats, seat)
        entry["by"].one_of(seats, seat)
        card = entry["card"]
        if kind == "founder":
            name = card.one_of(data.founders, "a Founding Father card")
        else:
            name = card.one_of(command, "a Command card")
            want = "asset" if kind == "asset" else "action"
            if kind == "asset" and data.command[name].type != want:
                card.refuse(f"is {name}, which is not an Asset.")
        seen[name] += 1
        if seen[name] > deck_cards.get(name, 0):
            card.refuse(f"is {name} once too often.")
        if not entry.get("turns").missing:
            entry["turns"].count(1, 3, what="turns left")
    presidential = {n: c.copies for n, c in data.presidential.items()}
    shown: Counter[str] = Counter()
    for key in ("president", "president_discards"):
        for item in game[key].items(200):
            name = item.one_of(presidential, "a Presidential card")
            shown[name] += 1
            if shown[name] > presidential[name]:
                item.refuse(f"is {name} once too often.")
    for _seat, card in game["reserved"].entries(seats, seat):
        card.one_of(presidential, "a Presidential card")


def _check_zones(game: Field, seats: list[str], seat: str, data: DataSet) -> None:
    """Each Nuclear Zone card names a base of its zone, and is in one place."""
    zone_of = {base: zone for zone, bases in data.zones.items() for base in bases}
    seen: set[str] = set()

    def place(field: Field) -> None:
        if field.value in seen:
            field.refuse(f"is {field.value}, whose card is also elsewhere: each base has one "
                         "card.")
        seen.add(str(field.value))

    for _seat, cards in game["nz"].entries(seats, seat):
        for card in cards.items(12):
            base = card["base"].one_of(zone_of, "a nuclear base of the data set")
            zone = card["zone"].count(1, 4, what="a nuclear zone")
            if zone_of[base] != zone:
                card["zone"].refuse(f"is {zone}, but {base} lies in zone {zone_of[base]}.")
            card["disarmed"].flag()
            place(card["base"])
    if sorted(game["nz"].obj()) != sorted(seats):
        game["nz"].refuse("must hold every seat's Nuclear Zone cards.")
    for number, deck in game["zone_decks"].entries(("1", "2", "3", "4"), "a zone (1 to 4)"):
        for item in deck.items(200):
            base = item.one_of(zone_of, "a nuclear base of the data set")
            if str(zone_of[base]) != number:
                item.refuse(f"is {base}, a base of zone {zone_of[base]}, not {number}.")
            place(item)


def _check_tokens(game: Field, seats: list[str], seat: str, data: DataSet,
                  trident: Field) -> None:
    """Each of the fifteen tokens in one place: a hand of tokens, revealed, on a zone 4
    base, a warhead, the supply, or removed from the game."""
    seen: set[str] = set()

    def place(item: Field) -> None:
        token = item.one_of(NUMERALS, "a Nuclear Zone 4 token (I to XV)")
        if token in seen:
            item.refuse(f"is token {token}, which is also elsewhere: each token is in one "
                        "place.")
        seen.add(token)

    for key in ("tokens", "revealed"):
        for _seat, held in game[key].entries(seats, seat):
            for item in held.items(15):
                place(item)
    for _base, token in game["base_tokens"].entries(data.zones[4], "a nuclear base of zone 4"):
        place(token)
    for key in ("token_supply", "removed_tokens"):
        for item in game[key].items(15):
            place(item)
    for item in trident["warheads"].items(15):
        place(item)
    trident["disarmed_by"].names(seats, seat, unique=True)
    lacking = sorted(set(NUMERALS) - seen, key=NUMERALS.index)
    if lacking:
        game["token_supply"].refuse(f"with the other places lacks token(s) "
                                    f"{', '.join(lacking)}: each of the 15 is somewhere.")


def _check_decision(entry: Field, seats: list[str], seat: str, data: DataSet) -> None:
    kind = entry["kind"].one_of(DECISIONS, "a decision (" + ", ".join(DECISIONS) + ")")
    entry["seat"].one_of(seats, seat)
    if kind == "window":
        entry["moment"].one_of(MOMENTS, "a moment (card, move or disarm)")
        entry["awaiting"].names(seats, seat, unique=True)
        if entry["moment"].value == "card":
            entry["card"].one_of(data.command, "a Command card")
        if entry["moment"].value == "disarm":
            entry["target"].one_of(("base", "warhead"), "base or warhead")
            entry["at"].one_of(data.map.locations, LOCATION)
    elif kind == "choose":
        use = entry["use"].one_of(USES, "a use (play, activate, ability, token)")
        name = entry["name"].text()
        if use == "play" and name not in data.command:
            entry["name"].refuse(f"is {name}, which is not a Command card.")
        if use == "ability" and name not in data.dictators:
            entry["name"].refuse(f"is {name}, which is not a dictator.")
        if use == "token" and name not in NUMERALS:
            entry["name"].refuse(f"is {name}, which is not a Nuclear Zone 4 token.")
        if use == "activate":
            asset, _, number = name.rpartition("#")
            if asset not in data.command or not number.isdigit() or not \
                    1 <= int(number) <= len(data.command[asset].abilities):
                entry["name"].refuse(f"is {name}, which is not an Asset's ability "
                                     "(“Asset#1”).")
        entry["chosen"].obj()
    elif kind == "discard":
        entry["count"].count(1, 100, what="cards to discard")
    elif kind == "founder":
        entry["card"].one_of(data.founders, "a Founding Father card")
    elif kind == "reserve":
        entry["cards"].names(data.presidential, "a Presidential card")
    elif kind == "ending":
        entry["step"].one_of(("effects", "limit", "countdown"), "a step of the end of a turn")
