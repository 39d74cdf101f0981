"""Small helpers so that a One World Dominion test reads like the rulebook.

`position(...)` builds a real game and edits its `state()` into the position a rule talks
about (who holds which area with how many armies, the hands, whose turn and which step),
moving cards rather than inventing them; `engine.load()` rebuilds it. `act(...)` applies
an action and checks the invariants on every step (`load(state())` round-trips; no public
event or view names a card still in someone's hand); `refused(...)` checks that a
RuleError leaves the state unchanged. `verified(game)` is the one place a test checks a
game by replaying it (the action log is moving out of the game object).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import engine
from engine import Event, RuleError
from engine.games.one_world_dominion import OneWorldDominion
from engine.games.one_world_dominion.base import ATTACK, FORTIFY, PLAY, REINFORCE, fresh_turn
from engine.risk.map import classic_map
from tests.support import contract
from tests.support.contract import actions, choices  # noqa: F401  (tests import them here)
from tests.support.dice import Dice, loaded  # noqa: F401  (the games' tests import them here)
from tests.support.reading import kinds, of_kind, private_to, public_texts  # noqa: F401

VARIANT = "one-world-dominion"
ANN, BO, CY, DI = "Ann", "Bo", "Cy", "Di"
SEATS = [ANN, BO, CY]
MAP = classic_map()


def new(seats: list[str] | None = None, seed: str = "owd", **options: Any) -> OneWorldDominion:
    game = engine.new_game(VARIANT, seats or SEATS, seed=seed, options=options or None,
                           history=True)
    assert isinstance(game, OneWorldDominion)
    return game


def load(state: dict[str, Any]) -> OneWorldDominion:
    game = engine.load(VARIANT, json.loads(json.dumps(state)))
    assert isinstance(game, OneWorldDominion)
    return game


def verified(game: OneWorldDominion) -> None:
    """Replay the game from its seed and check every step's luck."""
    assert game.history is not None
    result = engine.verify(game.state(), game.history)
    assert result.ok, result.problems


def position(seats: list[str] | None = None, *, seed: str = "pos",
             options: Mapping[str, Any] | None = None,
             areas: Mapping[str, tuple[str | None, int]] | None = None,
             hands: Mapping[str, list[str]] | None = None,
             current: str | None = None, step: str = REINFORCE,
             edit: Callable[[dict[str, Any]], None] | None = None) -> OneWorldDominion:
    """A game in the position a rule describes.

    `areas`: area -> (owner, armies); every other area goes, 3 armies each, to the seats
    in turn (never giving anyone a whole continent by accident is the test's business).
    `hands`: the seats' exact hands. `current` plays (default the first seat) at `step`:
    "start" (the window at the beginning of the turn is open), "reinforce", "attack" or
    "fortify".
    """
    seats = seats or SEATS
    opts = {"start": "deal", "setup_batch": 40, **(options or {})}
    game = new(seats, seed=seed, **opts)
    state = game.state()
    d = state["game"]
    d["order"] = list(seats)
    d["stage"] = PLAY
    given = dict(areas or {})
    rest = [t for t in MAP.territories if t not in given]
    for i, area in enumerate(rest):
        d["owner"][area] = seats[i % len(seats)]
        d["armies"][area] = 3
    for area, (owner, armies) in given.items():
        d["owner"][area] = owner if armies else None
        d["armies"][area] = armies if owner else 0
    for seat in seats:
        d["reserve"][seat] = 0
    for seat, cards in (hands or {}).items():
        for card in cards:
            for place in [*d["hands"].values(), d["pile"], d["discards"]]:
                if card in place:
                    place.remove(card)
                    break
        d["pile"][:0] = d["hands"][seat]
        d["hands"][seat] = list(cards)
    d["out"] = [s for s in seats if s not in d["owner"].values()]
    current = current or seats[0]
    d["index"] = seats.index(current)
    d["turns"] = 1
    turn = fresh_turn(current)
    own = [t for t in MAP.territories if d["owner"][t] == current]
    turn["areas"] = len(own)
    turn["continents"] = MAP.continents_held(own)
    turn["limit"] = len(d["hands"][current]) >= 5
    d["turn"] = turn
    d["offturn"] = {s: [] for s in seats}
    d["stack"] = []
    if step == "start":
        d["step"] = "start"
        d["stack"] = [{"kind": "window", "reason": "turn-start", "seat": current,
                       "awaiting": [s for s in seats if s != current]}]
    else:
        d["step"] = step
        if step in (ATTACK, FORTIFY):
            turn["placed"] = 10 ** 6  # the reinforcements are placed
            turn["extra"] = 0
    if edit is not None:
        edit(d)
    return load(state)


def placed_all(game: OneWorldDominion) -> None:
    """Mark the current turn's armies as placed (a test about what comes after)."""
    game.turn["placed"] = game.turn["placed"] + game.pending()


# --- acting, with the invariants checked on every step ------------------------


def check_public(game: OneWorldDominion, events: list[Event]) -> None:
    """No public event or the public view names a card someone holds (OWD's cards only:
    the classic cards are named after areas)."""
    if game.finished or not game.owd:
        return
    held = {c for hand in game.hands.values() for c in hand} - \
        {c for cards in game.fresh.values() for c in cards}
    for event in events:
        if event.public and event.kind != "played":
            for card in held:
                assert card not in event.text, (card, event)
    view = game.view(None)
    assert "hand" not in view
    shown = json.dumps({k: v for k, v in view.items() if k not in ("discards", "effects",
                                                                    "decision")})
    for card in held:
        assert f'"{card}"' not in shown, card


def act(game: OneWorldDominion, seat: str, action: str, **params: Any) -> list[Event]:
    return contract.act(game, seat, action, check=check_public, **params)


def refused(game: OneWorldDominion, seat: str, action: str, match: str | None = None,
            **params: Any) -> RuleError:
    return contract.refused(game, seat, action, match, **params)


def pass_all(game: OneWorldDominion) -> list[Event]:
    """Everyone awaited in the open window passes."""
    events: list[Event] = []
    while game.stack and game.stack[-1]["kind"] == "window":
        for seat in list(game.stack[-1]["awaiting"]):
            events += act(game, seat, "pass")
    return events


def play(game: OneWorldDominion, seat: str, card: str, **params: Any) -> list[Event]:
    """Play a card singly and let its window pass."""
    events = act(game, seat, "play", card=card, **params)
    return events + pass_all(game)


def armies(game: OneWorldDominion, area: str) -> int:
    return game.armies[area]


def owner(game: OneWorldDominion, area: str) -> str | None:
    return game.owner[area]
