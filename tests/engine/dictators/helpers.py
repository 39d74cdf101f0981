"""Small helpers so that a Revenge of the Dictators test reads like the rulebook.

`position(...)` builds a real game (the DEFAULT data set, the first seat starting) and edits
its `state()` into the position a rule talks about: which dictator each seat plays, where the
meeples stand, the exact hands, the Nuclear Zone cards and tokens, whose turn it is, the top
of the Command deck, the DEFCON level. Cards are moved, never invented, so every card stays
in one place. `act(...)` applies an action and checks the invariants (`load(state())`
round-trips); `refused(...)` checks that a refusal leaves the state unchanged; `answer_all`
lets every awaited player pass or keep until it is the given seat's turn to act again.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import engine
from engine import Event
from engine.games.dictators import Dictators
from engine.games.dictators.base import fresh_turn
from engine.games.dictators.datafiles import default_data
from tests.support import contract
from tests.support.contract import actions, choices, refused  # noqa: F401  (tests import them)
from tests.support.dice import Dice, loaded  # noqa: F401
from tests.support.reading import kinds, of_kind, private_to, public_texts  # noqa: F401

VARIANT = "dictators"
ANN, BO, CY, DI = "Ann", "Bo", "Cy", "Di"
SEATS = [ANN, BO, CY]
DATA = default_data()
# Dictators whose abilities don't touch the rule a test is about, unless it names others.
PLAIN = {ANN: "Shaky", BO: "Dinero", CY: "Bettina", DI: "Dolores", "Ed": "Kim"}


def new(seats: list[str] | None = None, seed: str = "dict", **options: Any) -> Dictators:
    game = engine.new_game(VARIANT, seats or SEATS, seed=seed,
                           options={"first_player": "seats", **options}, history=True)
    assert isinstance(game, Dictators)
    return game


def load(state: dict[str, Any]) -> Dictators:
    game = engine.load(VARIANT, json.loads(json.dumps(state)))
    assert isinstance(game, Dictators)
    return game


def verified(game: Dictators) -> None:
    """A game from its seed is verified by `engine.verify`; a game from an edited position
    is replayed from that position, step by step, to the same state (luck comes from the
    seed and each step's index, so the same steps give the same dice and draws)."""
    start = getattr(game, "test_position", None)
    if start is None:
        result = contract.verify(game)
        assert result.ok, result.problems
        return
    assert game.history is not None
    again = load(start)
    for step in game.history:
        again.act(step.seat, step.action, **step.params)
    assert again.state() == game.state()


def act(game: Dictators, seat: str, action: str, **params: Any) -> list[Event]:
    return contract.act(game, seat, action, **params)


def _take(d: dict[str, Any], card: str) -> None:
    """Take one copy of `card` out of wherever it is (piles first, then hands)."""
    for key in ("command", "command_discards", "founders", "founder_discards"):
        if card in d[key]:
            d[key].remove(card)
            return
    for hand in d["hands"].values():
        if card in hand:
            hand.remove(card)
            return
    raise AssertionError(f"no {card} left to take")


def position(seats: list[str] | None = None, *, seed: str = "pos",
             options: Mapping[str, Any] | None = None,
             dictators: Mapping[str, str] | None = None,
             at: Mapping[str, str] | None = None,
             hands: Mapping[str, list[str]] | None = None,
             bases: Mapping[str, list[str]] | None = None,
             tokens: Mapping[str, list[str]] | None = None,
             current: str | None = None, top: list[str] | None = None,
             defcon: int | None = None,
             edit: Callable[[dict[str, Any]], None] | None = None) -> Dictators:
    """A game in the position a rule describes.

    `dictators`: seat -> dictator (others keep PLAIN ones); `at`: seat -> location (others stay
    in Hawaii); `hands`: the seats' exact hands; `bases`: seat -> the bases of its Nuclear Zone
    cards (one per zone given, taken from wherever they are); `tokens`: seat -> numerals held;
    `current`: whose turn it is (3 actions, Walk unused; default the first seat); `top`: the
    next cards of the Command deck, in the order they will be drawn.
    """
    seats = seats or SEATS
    game = new(seats, seed=seed, **(options or {}))
    state = game.state()
    d = state["game"]
    wanted = {s: PLAIN[s] for s in seats if s in PLAIN}
    wanted.update(dictators or {})
    pool = list(d["unused"]) + list(d["dictators"].values())
    for seat, name in wanted.items():
        d["dictators"][seat] = name
    d["unused"] = sorted(n for n in pool if n not in d["dictators"].values())
    _settle_zones(d)
    for seat, where in (at or {}).items():
        d["location"][seat] = where
    for seat, cards in (hands or {}).items():
        d["command"][:0] = d["hands"][seat]
        d["hands"][seat] = []
        for card in cards:
            _take(d, card)
            d["hands"][seat].append(card)
    for seat, wanted_bases in (bases or {}).items():
        for base in wanted_bases:
            zone = next(z for z, b in DATA.zones.items() if base in b)
            _move_base(d, seat, base, zone)
    for seat, numerals in (tokens or {}).items():
        for numeral in numerals:
            _take_token(d, numeral)
            d["tokens"][seat].append(numeral)
    for card in reversed(top or []):
        _take(d, card)
        d["command"].append(card)
    if defcon is not None:
        d["defcon"] = defcon
    who = current or seats[0]
    d["order"] = list(seats)
    d["index"] = seats.index(who)
    d["stage"] = "turn"
    d["stack"] = []
    d["turn_number"] = max(d["turn_number"], 1)
    d["turn"] = fresh_turn(who, 3)
    if edit is not None:
        edit(d)
    state["game"]["turn"]["actions"] = load(state).actions_per_turn(who)
    loaded_game = load(state)
    loaded_game.history = []
    loaded_game.test_position = state  # type: ignore[attr-defined]  # verified() replays it
    return loaded_game


def _settle_zones(d: dict[str, Any]) -> None:
    """Joseph holds no card of his free zone; everyone else one of each zone."""
    for seat, name in d["dictators"].items():
        ability = DATA.dictators[name].ability
        free = {int(ability.get("zone"))} if ability.kind == "zone_free" else set()
        for card in list(d["nz"][seat]):
            if card["zone"] in free:
                d["nz"][seat].remove(card)
                d["zone_decks"][str(card["zone"])].append(card["base"])
        held = {c["zone"] for c in d["nz"][seat]}
        for zone in (1, 2, 3, 4):
            if zone not in held and zone not in free:
                base = d["zone_decks"][str(zone)].pop()
                d["nz"][seat].append({"base": base, "zone": zone, "disarmed": False})


def _move_base(d: dict[str, Any], seat: str, base: str, zone: int) -> None:
    """`seat`'s card of `zone` becomes the one for `base`; the card it had takes `base`'s
    old place (a zone deck or another seat's cards)."""
    mine = next((c for c in d["nz"][seat] if c["zone"] == zone), None)
    old = mine["base"] if mine else None
    if mine is not None and old == base:
        return
    deck = d["zone_decks"][str(zone)]
    if base in deck:
        deck.remove(base)
        if old is not None:
            deck.append(old)
    else:
        for other, cards in d["nz"].items():
            for card in cards:
                if card["base"] == base and other != seat:
                    if old is not None:
                        card["base"] = old
                    else:
                        cards.remove(card)
    if mine is None:
        d["nz"][seat].append({"base": base, "zone": zone, "disarmed": False})
    else:
        mine["base"] = base


def _take_token(d: dict[str, Any], numeral: str) -> None:
    if numeral in d["token_supply"]:
        d["token_supply"].remove(numeral)
        return
    for base, token in list(d["base_tokens"].items()):
        if token == numeral:
            # the base keeps a token: one from the supply takes its place
            d["base_tokens"][base] = d["token_supply"].pop()
            return
    for held in d["tokens"].values():
        if numeral in held:
            held.remove(numeral)
            return
    raise AssertionError(f"token {numeral} is nowhere to take")


def answer_all(game: Dictators, *, limit: int = 200) -> list[Event]:
    """Every open window passed by everyone it awaits (as its timer passes for them), until
    the game asks something else."""
    events: list[Event] = []
    for _ in range(limit):
        if game.finished or not game.stack or game.stack[-1]["kind"] != "window":
            return events
        for seat in list(game.stack[-1]["awaiting"]):
            events += act(game, seat, "pass")
    raise AssertionError("the windows did not close")


def end_turn(game: Dictators, seat: str) -> list[Event]:
    """End `seat`'s turn, discarding the last cards if over the limit, and let the others'
    windows pass (before and after); stops when the next seat is asked to act."""
    events = answer_all(game)
    events += act(game, seat, "end-turn")
    while game.stack and game.stack[-1]["kind"] == "discard":
        events += act(game, seat, "discard", card=game.hands[seat][-1])
    return events + answer_all(game)


def skip_round(game: Dictators) -> list[Event]:
    """The current seat ends its turn doing nothing."""
    return end_turn(game, game.current)
