"""The deadline policy (`timeout_actions()`): a player who misses the deadline passes their
action; a consent defaults to no; a disposal to keep; see docs/cold-cash-risk.md."""

from __future__ import annotations

import pytest

from tests.engine.cold_cash_risk.helpers import (
    ANN,
    AUSTRALIA,
    BO,
    CY,
    SOUTH_AMERICA,
    act,
    held_by,
    loaded,
    mompops,
    position,
)


def run(game: object, plan: list[tuple[str, str, dict[str, object]]]) -> None:
    for seat, action, params in plan:
        act(game, seat, action, **params)  # type: ignore[arg-type]


def test_a_missed_turn_places_leaves_and_passes() -> None:
    """The placement is compulsory, so the alphabetically first possible territory is
    used; the Mom & Pop is left as it is; the action is passed. Then it is the next
    player's turn (their own deadline)."""
    game = position(territories={"Brazil": ("Tower", 2)},
                    corporations={"Tower": (CY, "Brazil")}, hands={ANN: ["Peru", "Alaska"]})
    plan = game.timeout_actions()
    assert plan == [(ANN, "place", {"territory": "Alaska"}), (ANN, "leave", {}),
                    (ANN, "pass", {})]
    run(game, plan)
    assert game.current == BO


def test_consent_defaults_to_no_and_a_disposal_to_keep() -> None:
    """Consent: no (the Mom & Pop stays). Disposal: keep everything."""
    territories = {**held_by("Continental", 1, *SOUTH_AMERICA),
                   **held_by("Tower", 1, "Egypt", "East Africa", "Congo")}
    game = position(territories=territories,
                    corporations={"Continental": (CY, "Peru"), "Tower": (BO, "Egypt")},
                    hands={ANN: ["North Africa"]}, shares={BO: {"Tower": 2}})
    act(game, ANN, "place", territory="North Africa")
    act(game, ANN, "merge")
    assert game.timeout_actions() == [(BO, "consent", {"choice": "no"})]
    act(game, BO, "consent", choice="yes")
    act(game, CY, "consent", choice="yes")
    assert game.prompts().keys() == {BO}
    plan = game.timeout_actions()
    assert plan == [(BO, "dispose", {})]
    run(game, plan)
    assert game.ledger.held(BO, "Tower") == 2 and not game.stack


def test_nominations_and_votes_default_to_no() -> None:
    """A nominee who does not answer declines; a voter who does not vote votes against
    (the incumbent stays on a tie); a caller who does not ask asks the next stockholder
    in turn order, and counts the votes when all have voted."""
    game = position(territories=held_by("American", 1, *AUSTRALIA),
                    corporations={"American": (CY, "Indonesia")}, stage="action",
                    shares={ANN: {"American": (2, 2)}, BO: {"American": (2, 2)}})
    act(game, ANN, "meeting", corporation="American", nominee=BO)
    assert game.timeout_actions() == [(BO, "accept", {"choice": "no"})]
    act(game, BO, "accept", choice="yes")
    # The caller who does not ask asks the next stockholder in turn order, then counts.
    assert game.timeout_actions() == [(ANN, "ballot", {"voter": ANN}),
                                      (ANN, "vote", {"choice": "no"}),
                                      (ANN, "ballot", {"voter": BO})]
    act(game, ANN, "ballot", voter=ANN)
    act(game, ANN, "vote", choice="yes")
    act(game, ANN, "ballot", voter=BO)
    assert game.timeout_actions() == [(BO, "vote", {"choice": "no"})]
    act(game, BO, "vote", choice="no")
    assert game.timeout_actions() == [(ANN, "count-votes", {})]


def test_takeover_and_earnings_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    """Attacking: end the attacks, no free move. A move into a conquest: the fewest teams.
    Earnings: hired teams go to the tower; otherwise the rest of the turn is skipped."""
    game = position(territories={"Brazil": ("American", 8), "Venezuela": ("American", 1),
                                 **mompops("Peru")},
                    corporations={"American": (ANN, "Brazil")}, stage="action")
    loaded(monkeypatch, [1], [6, 6, 6], [1], [6, 6, 6], [1])  # the deadline plan rolls too
    act(game, ANN, "announce", from_territory="Brazil", to_territory="Peru")
    assert game.timeout_actions()[0] == (ANN, "attack", {})  # the compulsory round
    act(game, ANN, "attack")
    assert game.timeout_actions() == [(ANN, "move", {"count": 3}),
                                      (ANN, "end-attacks", {}), (ANN, "pass", {})]
    monkeypatch.undo()
    game = position(territories=held_by("American", 1, *AUSTRALIA),
                    corporations={"American": (ANN, "Indonesia")}, phase="earnings")
    assert game.timeout_actions() == [(ANN, "pass", {})]
    act(game, ANN, "earnings", corporation="American", choice="hire")
    # The Earnings turn ends with the placement, and so does the plan.
    assert game.timeout_actions() == [(ANN, "place", {"territory": "Indonesia"})]
