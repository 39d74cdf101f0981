"""Reaction windows: the short time a game gives everyone to answer out of turn.

A game whose cards may be answered out of turn (One World Dominion) opens a window with a
public `window` event whose `seconds` > 0, and leaves a defender to answer an attack when
its `window()` is a `defend` window (which says how long). When the
window's time passes and the game still waits in that kind of window, the game's
`timeout_actions()` answer for everyone still awaited (they pass; a defender rolls as many
dice as allowed). The timer depends only on public facts and the game's fixed
`window_seconds` option, so it opens the same way and lasts the same time whatever anyone
holds. Windows are kept in memory; after a restart, a game found waiting in a window once
it is loaded (a command, a click, its prompts owed) gets its timer back, counted from the
stored action that opened it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.service import GameService, LiveGame, Outcome
from bot.timeouts import Timeouts
from engine import Game


class Windows:
    """`wake(when)`: tell the one timer task that a window closes at `when`."""

    def __init__(self, service: GameService, timeouts: Timeouts,
                 wake: Callable[[float], None]) -> None:
        self.service = service
        self.timeouts = timeouts
        self.wake = wake
        # game id -> (when its reaction window closes, its kind: "window" or "defend")
        self.windows: dict[int, tuple[float, str]] = {}
        # Games whose window was looked for since this process started (`_recover`).
        self._recovered: set[int] = set()

    def now(self) -> float:
        return self.service.clock()

    def open_windows(self, outcomes: list[Outcome]) -> None:
        """Time the reaction window the stored actions leave the game in, if any: a window
        opened by a public `window` event (the others passing leaves its time alone), or a
        defender's prompt (it may answer with a card), timed afresh at each round. The
        newest window of a game replaces the one before; a window left waiting with no
        timer (the one under an answer's window that timed out) is timed afresh."""
        if not outcomes:
            return
        for outcome in outcomes:
            for event in outcome.events:
                seconds = float(event.data.get("seconds") or 0)
                if event.kind == "window" and event.public and seconds > 0:
                    self._arm(outcome.live.id, seconds, "window")
        live = outcomes[-1].live
        waiting = self._waiting(live)
        if waiting is not None and waiting[0] == "defend":
            self._arm(live.id, waiting[1], "defend")
        elif waiting is not None and live.id not in self.windows:
            # A window under one that timed out (an answer opens a window of its own): it
            # waits for those it still awaits, its time counted afresh.
            self._arm(live.id, waiting[1], waiting[0])

    def after_undo(self, live: LiveGame) -> None:
        """An undo may bring back a window: it gets its full time from now."""
        self.windows.pop(live.id, None)
        waiting = self._waiting(live)
        if waiting is not None:
            self._arm(live.id, waiting[1], waiting[0])

    def due_now(self, live: LiveGame) -> None:
        """`/game deadline resume` after a failed window: close it at once if it waits."""
        waiting = self._waiting(live)
        if waiting is not None:
            self._arm(live.id, 0.0, waiting[0])

    @staticmethod
    def _waiting(live: LiveGame) -> tuple[str, float] | None:
        """(kind, seconds) of the reaction window the game waits in (`Game.window()`):
        "window" or "defend", and how long it stays open; None otherwise."""
        game = live.game
        if game is None or game.finished:
            return None
        window = game.window()
        return (window.kind, window.seconds) if window is not None else None

    def _arm(self, game_id: int, seconds: float, kind: str, since: float | None = None
             ) -> None:
        self._recovered.add(game_id)  # a window armed now needs no recovery
        due = (self.now() if since is None else since) + seconds
        self.windows[game_id] = (due, kind)
        self.wake(due)

    async def _recover(self, live: LiveGame) -> None:
        """After a restart, a loaded game found waiting in a window gets its timer back,
        counted from when the stored action that opened it was made."""
        self._recovered.add(live.id)
        waiting = None if live.id in self.windows else self._waiting(live)
        if waiting is None:
            return
        kind, seconds = waiting
        rows = await self.service.storage.actions(live.id, after=max(0, live.seq - 50))
        opened = [r for r in rows if kind == "defend" or any(
            e.get("kind") == "window" and e.get("audience") == "public" for e in r.events)]
        if opened:
            self._arm(live.id, seconds, kind, since=opened[-1].created_at)

    async def _close(self, live: LiveGame, kind: str) -> None:
        """The window's time is up: if the game still waits in that kind of window, its own
        timeout policy answers for everyone still awaited (they pass; a defender rolls)."""
        game = (await self.service.load(live)).game
        if game is None or game.finished:
            return

        def plan(game: Game) -> list[tuple[str, str, dict[str, Any]]]:
            window = game.window()
            if window is None or window.kind != kind:
                return []
            return list(game.timeout_actions())

        done = await self.timeouts.apply(
            live, live.seq, plan, said="\N{HOURGLASS} The time to answer is up for {seats}.")
        if done.error is not None:
            await self.timeouts.stall(live, done, "The time to answer ran out")

    async def tick(self, now: float | None = None) -> list[float]:
        """Close every window whose time is up; return when the others close."""
        now = self.now() if now is None else now
        upcoming = []
        for loaded in list(self.service.live.values()):
            if loaded.id not in self._recovered and loaded.game is not None:
                await self.timeouts.each(
                    loaded, self._recover(loaded),
                    "Its reaction window was being timed again after a restart")
        for game_id, (due, kind) in list(self.windows.items()):
            if now < due:
                upcoming.append(due)
                continue
            if self.windows.get(game_id) == (due, kind):
                del self.windows[game_id]
            live = self.service.live.get(game_id)
            if live is not None and not await self.timeouts.stalled(live):
                await self.timeouts.each(live, self._close(live, kind),
                                         "The time to answer ran out")
        return upcoming
