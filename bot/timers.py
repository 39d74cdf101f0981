"""The one task that sleeps until the earliest reminder, deadline or reaction window.

Deadlines and windows each say what is due now and when their next one is (`tick`); this
task runs them, then sleeps until the earliest (at most a minute, so that a row written by
hand or a clock that jumps is seen soon). A piece that arms something earlier than the
task's planned wake-up calls `wake(when)`, handed to it by the client; anything later waits
for the planned tick.

A wake-up is only a trigger: what is due is decided, and applied once, by the timer kinds
and the store (`bot/deadlines.py`: `Deadlines.check` for one deadline, its `tick` the
reconciler over all of them). So a lost wake-up (the process died) costs at most the next
tick, and a wake-up too many does nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence

log = logging.getLogger(__name__)

MAX_SLEEP = 60.0

#: What one kind of timer does at a tick: handle what is due at `now`, say when more is.
Due = Callable[[float], Awaitable[list[float]]]


class Timers:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.kinds: Sequence[Due] = ()
        self._wake = asyncio.Event()
        self._next = 0.0  # when the task will tick next, if nothing wakes it sooner
        self._ticking = False
        self._asked = float("inf")  # the earliest wake-up asked for during a tick
        self._task: asyncio.Task[None] | None = None

    def watch(self, *kinds: Due) -> None:
        """What each tick runs, in order (the client: windows, then deadlines)."""
        self.kinds = kinds

    def wake(self, when: float) -> None:
        """Something is due at `when`: tick then, if that is before the planned tick."""
        if self._ticking:
            self._asked = min(self._asked, when)
        elif when < self._next:
            self._wake.set()

    async def tick(self) -> float | None:
        """Handle everything due now; return the earliest time something is due next."""
        now = self.clock()
        upcoming: list[float] = []
        for due in self.kinds:
            upcoming += await due(now)
        return min(upcoming) if upcoming else None

    async def run(self) -> None:
        while True:
            self._ticking, self._asked = True, float("inf")
            try:
                upcoming = await self.tick()
            except Exception:
                log.exception("timer tick failed")
                upcoming = None
            finally:
                self._ticking = False
            now = self.clock()
            earliest = min(upcoming if upcoming is not None else float("inf"), self._asked)
            delay = max(0.0, min(MAX_SLEEP, earliest - now))
            self._wake.clear()
            self._next = now + delay
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=delay)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self.run(), name="croupier-deadlines")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
