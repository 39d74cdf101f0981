"""Past boards: a game's public view after a past round or turn, rebuilt from the stored log.

A game holds its position, not its history (docs/architecture.md); the log is in the
database. To show the board as it stood after round 2 of turn 1 (`/paa board round:2
turn:1`), the log's public events say which stored step ended that round (its `round_over`
event, with the round's number and moves) or that turn (the next `turn_started`, or
`game_over`), and the game is replayed through the engine from its start (the snapshot of
seq 1: the setup, or the imported position) to that step, undone steps left out. Only the
public view is kept: what a past board shows was public when it was posted.

A replay costs about a millisecond a step (a late game's 1,500 steps: about a second), so it
runs off the event loop, and the last few views are kept: a past step never changes (an undo
only ever takes back the latest one).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import engine
from bot.service import LiveGame
from bot.storage import ActionRow, Store
from engine import NotAllowed, RuleError
from engine.events import PUBLIC

View = dict[str, Any]


@dataclass(frozen=True)
class PastView:
    """The public view at the end of a past round or turn, and the public events of that
    moment a picture may draw (the round's own `round_over`: its moves), in players' words
    `when` ("after round 2 of turn 1")."""

    view: View
    turn: int
    round: int | None
    when: str
    events: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class _Moment:
    row: int  # index in the rows in effect
    events: list[dict[str, Any]]


class PastBoards:
    """Rebuilds public views at past rounds and turns of the games in `storage`."""

    def __init__(self, storage: Store, keep: int = 16) -> None:
        self.storage = storage
        self.keep = keep
        self._views: OrderedDict[tuple[int, int], View] = OrderedDict()

    async def after(self, live: LiveGame, *, turn: int | None,
                    round_number: int | None) -> PastView:
        """The board after `round_number` of `turn` (this turn when left out), or at the
        end of `turn` when no round is named. Refused, in words, for a round or turn that
        isn't over or never was."""
        start = await self.storage.start_snapshot(live.id)
        if start is None:
            raise NotAllowed("This game's record is missing its start: no past board can be "
                             "rebuilt.")
        rows = in_effect(await self.storage.actions(live.id))
        first = int(start.get("game", {}).get("turn", 1))
        rounds, turns, now = _moments(rows, first)
        wanted = now if turn is None else turn
        if wanted > now:
            raise NotAllowed(f"Turn {wanted} hasn't begun: this is turn {now}.")
        if wanted < first:
            raise NotAllowed(f"This game's record begins in turn {first}.")
        over = sorted(r for t, r in rounds if t == wanted)
        if round_number is None:
            moment = turns.get(wanted)
            if moment is None:
                raise NotAllowed(f"Turn {wanted} isn't over yet: name a round that is over "
                                 f"(rounds over: {_so_far(over)}), or leave both out for "
                                 "the board now.")
            when = f"at the end of turn {wanted}"
        else:
            moment = rounds.get((wanted, round_number))
            if moment is None:
                raise NotAllowed(_no_round(wanted, round_number, over, wanted == now))
            when = f"after round {round_number} of turn {wanted}"
        view = await self._view_at(live, start, rows, moment.row)
        return PastView(view, wanted, round_number, when, moment.events)

    async def _view_at(self, live: LiveGame, start: dict[str, Any], rows: list[ActionRow],
                       last: int) -> View:
        key = (live.id, rows[last].seq)
        view = self._views.get(key)
        if view is None:
            steps = rows[:last + 1]
            loop = asyncio.get_running_loop()
            view = await loop.run_in_executor(None, _replayed, live.row.variant, start, steps)
            self._views[key] = view
            while len(self._views) > self.keep:
                self._views.popitem(last=False)
        self._views.move_to_end(key)
        return view


def in_effect(rows: Sequence[ActionRow]) -> list[ActionRow]:
    """The stored rows a game's position adds up to: each undo row takes back the latest
    action still in effect (as `service.steps_in_effect` reads the steps)."""
    kept: list[ActionRow] = []
    for row in rows:
        if row.kind != "undo":
            kept.append(row)
            continue
        last = next((i for i in range(len(kept) - 1, -1, -1) if kept[i].kind == "act"), None)
        if last is not None:
            del kept[last]
    return kept


def _moments(rows: Sequence[ActionRow], first_turn: int
             ) -> tuple[dict[tuple[int, int], _Moment], dict[int, _Moment], int]:
    """Where each round and turn ended, by the public events: (turn, round) -> the row
    whose `round_over` ended it (with that event), turn -> the row that ended it (the
    next turn's `turn_started`, or `game_over`), and the turn now."""
    rounds: dict[tuple[int, int], _Moment] = {}
    turns: dict[int, _Moment] = {}
    turn = first_turn
    for index, row in enumerate(rows):
        if row.kind != "act":
            continue
        for event in row.events:
            if event.get("audience") != PUBLIC:
                continue
            kind = event.get("kind")
            data = event.get("data") or {}
            if kind == "round_over" and isinstance(data.get("round"), int):
                rounds[(turn, data["round"])] = _Moment(
                    index, [{"kind": "round_over", **data}])
            elif kind == "turn_started":
                turns[turn] = _Moment(index, [])
                turn += 1
            elif kind == "game_over":
                turns[turn] = _Moment(index, [])
    return rounds, turns, turn


def _replayed(variant: str, start: dict[str, Any], rows: Sequence[ActionRow]) -> View:
    """The public view after `rows`, replayed from the start (off the event loop)."""
    game = engine.load(variant, start)
    for row in rows:
        if row.kind != "act" or row.seat is None or row.action is None:
            continue
        try:
            game.act(row.seat, row.action, **row.params)
        except RuleError as exc:
            raise NotAllowed(f"That past board can't be rebuilt: the game's record no longer "
                             f"replays ({exc.message})") from exc
    return game.view(None)


def _so_far(numbers: Sequence[int]) -> str:
    return ", ".join(map(str, numbers)) if numbers else "none yet"


def _no_round(turn: int, number: int, over: Sequence[int], current: bool) -> str:
    if current:
        return (f"Round {number} of turn {turn} isn't over yet (rounds over this turn: "
                f"{_so_far(over)}).")
    if not over:
        return f"Turn {turn} had no round: nothing was plotted."
    return f"Turn {turn} had no round {number}: its rounds were 1 to {max(over)}."
