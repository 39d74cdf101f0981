"""The deadline policy (docs/killer-clue.md): what happens to a seat that misses a deadline.

Investigation and Intrigue rounds: the seat passes. Danger round: a random card other than a
Suspect Murdered card, announced only as "plays a card face down". Pending decisions: a
random legal card is given, no weapon is brought, no trade is made, a random room is chosen
to reappear in, an unfinished move is abandoned.
"""

from __future__ import annotations

from tests.engine.killer_clue.helpers import (
    GREEN,
    PEACOCK,
    PLUM,
    SCARLET,
    WHITE,
    act,
    d,
    new,
    position,
)


def run_timeouts(game: object) -> None:
    for seat, action, params in game.timeout_actions():  # type: ignore[attr-defined]
        act(game, seat, action, **params)  # type: ignore[arg-type]


def test_investigation_and_intrigue_pass() -> None:
    """'...in the Investigation and Intrigue rounds it passes.'"""
    game = new(seed="late")
    assert game.timeout_actions() == [(SCARLET, "pass", {})]
    intrigue = position(killer=PLUM, round="intrigue", current=GREEN, first=GREEN)
    assert intrigue.timeout_actions() == [(GREEN, "pass", {})]


def test_danger_round_plays_random_cards_for_everyone_late() -> None:
    """'...a seat that misses the deadline in a Danger round plays a random legal card'."""
    game = position(killer=PLUM, round="danger")
    act(game, SCARLET, "danger", card=d(game)["hands"][SCARLET][0])
    late = game.timeout_actions()
    assert [s for s, _, _ in late] == [s for s in game.table if s != SCARLET]
    assert all(a == "danger" and p == {"card": "random"} for _, a, p in late)
    run_timeouts(game)
    assert d(game)["round"] in ("investigation", "intrigue")


def test_pending_decisions() -> None:
    """A card still owed is given at random among the legal ones; a move not finished is
    abandoned (the seat's turn ends)."""
    game = position(killer=PLUM, current=SCARLET, may_suggest=[SCARLET],
                    pawns={SCARLET: "Library"}, weapons={"Rope": "Library"},
                    clues={GREEN: ["Rope", "Library"]})
    act(game, SCARLET, "suggest", suspect=GREEN, weapon="Rope")
    assert game.timeout_actions() == [(GREEN, "give", {"card": "random"})]
    run_timeouts(game)
    assert d(game)["notes"][SCARLET][-1]["card"] in ("Rope", "Library")
    move = new(seed="slow-move")
    act(move, SCARLET, "move")
    assert move.timeout_actions() == [(SCARLET, "pass", {})]
    run_timeouts(move)
    assert move.current != SCARLET


def test_trade_bring_and_reappear() -> None:
    """No trade, no weapon brought, a random room to come back to."""
    game = position(killer=PLUM, round="intrigue", current=SCARLET,
                    pawns={SCARLET: "Hall", WHITE: "Lounge"},
                    hands={SCARLET: ["Consult with Mrs. White"]})
    act(game, SCARLET, "play", card="Consult with Mrs. White")
    assert game.timeout_actions() == [(SCARLET, "trade", {"card": "none"})]
    summoned = position(killer=PLUM, current=SCARLET, may_suggest=[SCARLET],
                        pawns={SCARLET: "Library", PEACOCK: "Kitchen"},
                        weapons={"Rope": "Library", "Wrench": "Kitchen"})
    act(summoned, SCARLET, "suggest", suspect=PEACOCK, weapon="Rope")
    assert summoned.timeout_actions() == [(PEACOCK, "bring", {"weapon": "none"})]
    missing = position(killer=PLUM, round="intrigue", status={GREEN: "missing"})
    assert missing.timeout_actions() == [(GREEN, "reappear", {"room": "random"})]
    run_timeouts(missing)
    assert d(missing)["pawns"][GREEN] in ("Kitchen", "Ballroom", "Conservatory",
                                          "Billiard Room", "Library", "Study", "Hall",
                                          "Lounge", "Dining Room")


def test_no_timeouts_when_over() -> None:
    game = position([SCARLET, GREEN, PLUM], killer=PLUM, current=SCARLET,
                    case_file=("Knife", "Study"))
    act(game, SCARLET, "accuse", suspect=PLUM, weapon="Knife", room="Study")
    assert game.finished and game.timeout_actions() == []
