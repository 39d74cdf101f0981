"""Small helpers so that a Cold Cash Risk test reads like the rulebook.

`position(...)` builds a real game and edits its `state()` into the position a rule talks
about (who holds which territory with how many teams, which corporations are in play and
who runs them, who holds which shares and how many are shown, which cards are in hand,
whose turn it is and at which step), moving shares and cards rather than inventing them
so that everything stays accounted for; then `engine.load()` rebuilds it. `act(...)`
applies an action and checks the invariants on every step: `load(state())` round-trips
and no public event or public view carries a secret. `refused(...)` checks that a
RuleError leaves the state unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import engine
from engine import Event, RuleError
from engine.games.cold_cash_risk import ColdCashRisk
from engine.games.cold_cash_risk.board import MOMPOP
from engine.risk.map import classic_map
from tests.support import contract
from tests.support.contract import actions, choices  # noqa: F401  (tests import them here)
from tests.support.dice import Dice, loaded  # noqa: F401  (the games' tests import them here)
from tests.support.reading import kinds, of_kind, private_to, public_texts  # noqa: F401  (re-exported)

VARIANT = "cold-cash-risk"
ANN, BO, CY, DI = "Ann", "Bo", "Cy", "Di"
SEATS = [ANN, BO, CY]
AUSTRALIA = list(classic_map().continents["Australia"])
SOUTH_AMERICA = list(classic_map().continents["South America"])
SECRET_KEYS = {"hand", "hands", "holdings", "cash", "shown", "hidden", "cards"}

Held = int | tuple[int, int]  # held, or (held, shown)


def new(seats: list[str] | None = None, seed: str = "ccr", **options: Any) -> ColdCashRisk:
    game = engine.new_game(VARIANT, seats or SEATS, seed=seed, options=options or None,
                           history=True)
    assert isinstance(game, ColdCashRisk)
    return game


def load(state: dict[str, Any]) -> ColdCashRisk:
    game = engine.load(VARIANT, json.loads(json.dumps(state)))
    assert isinstance(game, ColdCashRisk)
    return game


# --- editing a state into a position ---------------------------------------


def give_card(d: dict[str, Any], seat: str, card: str) -> None:
    """Put `card` into `seat`'s hand, taking it from wherever it is."""
    for place in [*d["hands"].values(), d["draw_pile"], d["discards"]]:
        if card in place:
            place.remove(card)
            break
    d["hands"][seat].append(card)


def set_hand(d: dict[str, Any], seat: str, cards: list[str]) -> None:
    """`seat` holds exactly `cards`; its old cards go to the bottom of the draw pile."""
    old = [c for c in d["hands"][seat] if c not in cards]
    d["hands"][seat] = [c for c in d["hands"][seat] if c in cards]
    for card in cards:
        if card not in d["hands"][seat]:
            give_card(d, seat, card)
    d["draw_pile"][:0] = old


def set_shares(d: dict[str, Any], seat: str, chain: str, held: Held) -> None:
    """`seat` holds `held` shares of `chain` (or (held, shown)), from or to the Bank."""
    count, shown = held if isinstance(held, tuple) else (held, 0)
    ledger = d["ledger"]
    ledger["bank"][chain] += ledger["shares"][seat][chain] - count
    assert ledger["bank"][chain] >= 0, f"not enough {chain} in the Bank"
    ledger["shares"][seat][chain] = count
    d["shown"][seat][chain] = shown


def position(seats: list[str] | None = None, *, seed: str = "pos",
             options: dict[str, Any] | None = None,
             territories: Mapping[str, tuple[str, int]] | None = None,
             corporations: Mapping[str, tuple[str, str]] | None = None,
             shares: Mapping[str, Mapping[str, Held]] | None = None,
             cash: Mapping[str, int] | None = None,
             hands: Mapping[str, list[str]] | None = None,
             current: str | None = None, stage: str = "place", phase: str = "activity",
             placed: str | None = None, keep_opening: bool = False,
             edit: Callable[[dict[str, Any]], None] | None = None) -> ColdCashRisk:
    """A game in the position a rule describes.

    `territories`: territory -> (owner, teams), owner a corporation or "Mom & Pop"; the
    Opening Bell's Mom & Pops are removed unless `keep_opening`. `corporations`: chain ->
    (CEO, tower territory). `current` is the seat whose turn it is (default: the first),
    at `stage` of its Activity turn (or its Earnings turn with `phase="earnings"`).
    """
    game = new(seats, seed=seed, **(options or {}))
    state = game.state()
    d = state["game"]
    if not keep_opening:
        d["board"] = {}
    for territory, (owner, teams) in (territories or {}).items():
        d["board"][territory] = {"owner": owner, "teams": teams}
    d["corporations"] = {c: {"ceo": ceo, "tower": tower}
                         for c, (ceo, tower) in (corporations or {}).items()}
    for seat, held in (shares or {}).items():
        for chain, n in held.items():
            set_shares(d, seat, chain, n)
    for seat, amount in (cash or {}).items():
        d["ledger"]["cash"][seat] = amount
    for seat, cards in (hands or {}).items():
        set_hand(d, seat, cards)
    current = current or d["order"][0]
    d["phase"] = phase
    d["index"] = d["order"].index(current)
    d["stage"] = "earnings" if phase == "earnings" else stage
    d["stack"] = []
    d["active"] = {"placed": placed, "acted": False, "declined": [], "corporation": None,
                   "redraw": False, "earned": [], "merge_refused": False}
    if stage == "start":
        # The beginning of `current`'s turn: the player before it passes its action.
        assert d["index"] > 0, "start the turn of a seat that is not first in the order"
        d["index"] -= 1
        d["stage"] = "action"
    if edit is not None:
        edit(d)
    game = load(state)
    if stage == "start":
        game.act(d["order"][d["index"]], "pass")
    return game


def mompops(*names: str) -> dict[str, tuple[str, int]]:
    return {n: (MOMPOP, 0) for n in names}


def held_by(chain: str, teams: int, *names: str) -> dict[str, tuple[str, int]]:
    return {n: (chain, teams) for n in names}


# --- acting, with the invariants checked on every step --------------------


def check_public(game: ColdCashRisk, events: list[Event]) -> None:
    """No public event or public view carries a hand, holdings or cash (before the end)."""
    if game.finished:
        return
    for event in events:
        if event.public:
            assert not SECRET_KEYS & set(event.data), event
            assert "hidden" not in event.text, event
    view = game.view(None)
    assert not {"hand", "holdings", "cash", "you"} & set(view)


def act(game: ColdCashRisk, seat: str, action: str, **params: Any) -> list[Event]:
    return contract.act(game, seat, action, check=check_public, **params)


def refused(game: ColdCashRisk, seat: str, action: str, match: str | None = None,
            **params: Any) -> RuleError:
    return contract.refused(game, seat, action, match, **params)


# --- reading -------------------------------------------------------------


def g(game: ColdCashRisk) -> dict[str, Any]:
    """The game part of the state, for reading."""
    return game.state()["game"]


def cash(game: ColdCashRisk, seat: str) -> int:
    return game.ledger.cash[seat]


def owner(game: ColdCashRisk, territory: str) -> str | None:
    return game.board.owner(territory)


def teams(game: ColdCashRisk, territory: str) -> int:
    return game.board.teams.get(territory, 0)
