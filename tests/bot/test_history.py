"""Past boards from the stored log (`bot/history.py`; docs/plotted-aa.md, V-4).

The step that ended a round is the one whose public `round_over` event names it; a turn ends
with the next `turn_started` (or `game_over`); undone steps are not in the record a past
board replays (docs/architecture.md: "each undo row takes back the step before").
"""

from __future__ import annotations

from typing import Any

from bot.history import _moments, in_effect
from bot.storage import ActionRow


def row(seq: int, kind: str = "act", *events: dict[str, Any]) -> ActionRow:
    return ActionRow(1, seq, kind, "USSR" if kind == "act" else None,
                     "execute" if kind == "act" else None, {}, 1, {}, list(events), 0.0)


def public(kind: str, **data: Any) -> dict[str, Any]:
    return {"audience": "public", "kind": kind, "text": "", "data": data}


def test_an_undone_step_is_not_in_the_record_a_past_board_replays() -> None:
    rows = [row(1, "start"), row(2), row(3), row(4, "undo"), row(5), row(6, "undo"),
            row(7, "undo"), row(8)]
    assert [r.seq for r in in_effect(rows)] == [1, 8]


def test_rounds_and_turns_end_where_their_public_events_say() -> None:
    """Turn 1's round 2 ends in the row whose `round_over` says round 2; turn 1 ends in the
    row that starts turn 2, which may end its last round too; a private event counts for
    nothing; an imported game counts its turns from the turn it was imported in."""
    secret = {"audience": ["USSR"], "kind": "round_over", "text": "", "data": {"round": 9}}
    rows = [row(1, "start", public("turn_started", turn=1)),
            row(2, "act", public("round_over", round=1, moves=[])),
            row(3, "act", secret),
            row(4, "act", public("round_over", round=2, moves=[{"power": "USSR"}]),
                public("turn_started")),
            row(5, "act", public("round_over", round=1, moves=[]))]
    rounds, turns, now = _moments(rows, 1)
    assert sorted(rounds) == [(1, 1), (1, 2), (2, 1)]
    assert rounds[(1, 2)].row == 3 and rounds[(1, 2)].events == [
        {"kind": "round_over", "round": 2, "moves": [{"power": "USSR"}]}]
    assert turns == {1: turns[1]} and turns[1].row == 3 and now == 2
    rounds, turns, now = _moments(rows, 4)
    assert sorted(rounds) == [(4, 1), (4, 2), (5, 1)] and now == 5
