"""Small helpers so that a Killer Clue test reads like the rulebook.

`position(...)` builds a real game and then edits its `state()` into the position a rule
talks about (who is the killer, where the pawns are, which cards are held), moving cards
rather than inventing them so that every card stays accounted for. `act(...)` applies an
action and checks the invariants on every step: `load(state())` round-trips and no public
event gives a secret away. `refused(...)` checks a RuleError leaves the state unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import engine
from engine import Event, RuleError
from engine.games.killer_clue import KillerClue
from engine.games.killer_clue.board import SUSPECTS
from tests.support import contract
from tests.support.reading import kinds, private_to, public_texts  # noqa: F401  (re-exported)

VARIANT = "killer-clue"
SCARLET, MUSTARD, WHITE, GREEN, PEACOCK, PLUM = SUSPECTS
ALL = list(SUSPECTS)
FIVE_WITHOUT_MUSTARD = [SCARLET, WHITE, GREEN, PEACOCK, PLUM]


def new(seats: list[str] | None = None, seed: str = "kc", **options: Any) -> KillerClue:
    game = engine.new_game(VARIANT, seats or ALL, seed=seed, options=options or None,
                           history=True)
    assert isinstance(game, KillerClue)
    return game


def load(state: dict[str, Any]) -> KillerClue:
    game = engine.load(VARIANT, json.loads(json.dumps(state)))
    assert isinstance(game, KillerClue)
    return game


# --- editing a state into a position ---------------------------------------


def _holders(d: dict[str, Any], key: str) -> Iterable[list[str]]:
    yield from d[key].values()


def make_killer(d: dict[str, Any], seat: str) -> None:
    """Hand the killer's envelope to `seat`, keeping every card accounted for."""
    old = d["killer"]
    if old == seat:
        return
    d["hands"][old], d["hands"][seat] = d["hands"][seat], d["hands"][old]
    for hand in d["clues"].values():
        if seat in hand:
            hand[hand.index(seat)] = old
    d["killer"] = seat
    d["case_file"]["suspect"] = seat


def set_case_file(d: dict[str, Any], weapon: str, room: str) -> None:
    """Make the Case File's weapon and room these, swapping cards with their holders."""
    for key, card in (("weapon", weapon), ("room", room)):
        old = d["case_file"][key]
        if old == card:
            continue
        for hand in d["clues"].values():
            if card in hand:
                hand[hand.index(card)] = old
        d["case_file"][key] = card


def give_cards(d: dict[str, Any], key: str, seat: str, wanted: list[str],
               reserved: dict[str, list[str]] | None = None) -> None:
    """Make `seat` hold `wanted` (in `hands` or `clues`), swapping with whoever holds them
    (but never taking a card `reserved` for its holder)."""
    reserved = reserved or {}
    mine = d[key][seat]
    places = [(s, h) for s, h in d[key].items() if s != seat]
    if key == "hands":
        places.append(("", d["draw_pile"]))
    for card in wanted:
        if mine.count(card) >= wanted.count(card):
            continue
        spare = [c for c in mine if c not in wanted]
        for holder, place in places:
            if card in place and card not in reserved.get(holder, []):
                i = place.index(card)
                if spare:
                    place[i] = spare[0]
                    mine.remove(spare[0])
                else:
                    place.pop(i)
                mine.append(card)
                break
        else:
            raise AssertionError(f"{card} is nowhere to be had")


def position(seats: list[str] | None = None, *, killer: str, seed: str = "pos",
             options: dict[str, Any] | None = None, pawns: dict[str, str | None] | None = None,
             weapons: dict[str, str | None] | None = None, hands: dict[str, list[str]] | None = None,
             clues: dict[str, list[str]] | None = None, case_file: tuple[str, str] | None = None,
             round: str = "investigation", current: str | None = None, first: str | None = None,
             may_suggest: Iterable[str] = (), status: dict[str, str] | None = None,
             edit: Any = None) -> KillerClue:
    """A game in the position a rule describes."""
    game = engine.new_game(VARIANT, seats or ALL, seed=seed, options=options)
    state = game.state()
    d = state["game"]
    make_killer(d, killer)
    if case_file:
        set_case_file(d, *case_file)
    for seat, wanted in (clues or {}).items():
        give_cards(d, "clues", seat, wanted, clues)
    for seat, wanted in (hands or {}).items():
        give_cards(d, "hands", seat, wanted, hands)
    for seat, where in (pawns or {}).items():
        d["pawns"][seat] = where
    for weapon, room in (weapons or {}).items():
        d["weapons"][weapon] = room
    for seat, st in (status or {}).items():
        d["status"][seat] = st
        if st != "playing":
            d["pawns"][seat] = None
    for seat in may_suggest:
        d["may_suggest"][seat] = True
    first = first or d["first"]
    d["first"] = first
    d["round"] = round
    table = d["table"]
    i = table.index(first)
    rotation = [table[(i + k) % len(table)] for k in range(len(table))]
    d["order"] = [s for s in rotation if d["status"][s] in ("playing", "missing")]
    d["index"] = d["order"].index(current) if current else 0
    d["active"] = {"moved": False, "suggested": False, "accused": False, "plays": 0}
    d["stack"] = []
    if round == "intrigue":
        for seat in reversed(d["order"]):
            if d["status"][seat] == "missing":
                d["stack"].append({"kind": "reappear", "seat": seat})
    if edit is not None:
        edit(d)
    return load(state)


# --- acting, with the invariants checked on every step --------------------


SECRET_KEYS = {"killer", "case_file", "hand", "clues"}


def check_public(game: KillerClue, events: list[Event]) -> None:
    """No public event names the killer or carries a hand, before the game is over."""
    if game.finished:
        return
    for event in events:
        if not event.public:
            continue
        assert "killer" not in event.text.lower().replace("killer clue", ""), event
        assert not SECRET_KEYS & set(event.data), event


def act(game: KillerClue, seat: str, action: str, **params: Any) -> list[Event]:
    return contract.act(game, seat, action, check=check_public, **params)


def refused(game: KillerClue, seat: str, action: str, match: str | None = None,
            **params: Any) -> RuleError:
    return contract.refused(game, seat, action, match, **params)


# --- reading -------------------------------------------------------------





def choices(game: KillerClue, seat: str, action: str, param: str) -> list[str]:
    prompt = game.prompts()[seat]
    spec = prompt.action(action)
    assert spec is not None, f"{seat} may not {action}: {prompt.actions}"
    for p in spec.params:
        if p.name == param:
            assert p.choices is not None
            return [c.value for c in p.choices]
    raise AssertionError(f"{action} has no {param}")


def actions(game: KillerClue, seat: str) -> list[str]:
    prompt = game.prompts().get(seat)
    return [a.name for a in prompt.actions] if prompt else []


def d(game: KillerClue) -> dict[str, Any]:
    """The game part of the state, for reading."""
    return game.state()["game"]
