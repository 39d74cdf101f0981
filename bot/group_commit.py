"""Group commit: writes that arrive while a commit is in flight share the next one.

A durable commit costs an fsync, whatever it holds; committing each game's action on its
own makes 100 games at once store no faster than one. The committer queues each write
with a future, and one drain task commits everything queued so far in one transaction,
then resolves each member's future: a caller is acknowledged only after the commit that
holds its row. Whatever arrives meanwhile forms the next batch.

The store supplies `commit(batch)`: run the members in one transaction and commit it,
returning each member's own outcome (a value, or the `Exception` that member alone met,
its changes undone, e.g. with a savepoint, while the others stay), or raise if the
transaction as a whole failed. Then nothing of the batch is stored, and each member is
tried again alone, so that each gets its own outcome and one bad member never takes the
others down. Nothing here knows SQL: the SQLite and PostgreSQL stores share it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Generic, TypeVar

Work = TypeVar("Work")

#: Per member: what its write returned, or the exception it alone met.
Outcome = object
Commit = Callable[[Sequence[Work]], Awaitable[Sequence[Outcome]]]


class GroupCommitter(Generic[Work]):
    """Queue writes; commit everything queued together; acknowledge after the commit."""

    def __init__(self, commit: Commit[Work], *, max_batch: int = 1000) -> None:
        self._commit = commit
        self.max_batch = max_batch  # bounds a batch's transaction, and so its latency
        self._queue: list[tuple[Work, asyncio.Future[object]]] = []
        self._drain_task: asyncio.Task[None] | None = None
        self._busy = False  # a commit is in flight, or its drain task is about to start

    async def submit(self, work: Work) -> object:
        """Store `work` with whatever else is queued; its outcome once durably committed
        (its exception raised). A caller that stops waiting does not withdraw its write."""
        if self._busy:
            future: asyncio.Future[object] = asyncio.get_running_loop().create_future()
            self._queue.append((work, future))
            outcome = await future
        else:
            # Nothing in flight: this write is committed at once, by its own caller (no
            # task to start, no turn of the loop to wait); whatever arrives meanwhile
            # queues for the drain task, which commits it together.
            self._busy = True
            try:
                outcome = (await self._outcomes([work]))[0]
            finally:
                if self._queue:
                    self._drain_task = asyncio.ensure_future(self._drain())
                else:
                    self._busy = False
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    async def _drain(self) -> None:
        batch: list[tuple[Work, asyncio.Future[object]]] = []
        try:
            while self._queue:
                batch = self._queue[:self.max_batch]
                del self._queue[:self.max_batch]
                outcomes = await self._outcomes([work for work, _ in batch])
                for (_, future), outcome in zip(batch, outcomes, strict=True):
                    if not future.done():  # else its caller stopped waiting; the write stands
                        future.set_result(outcome)
                batch = []
                # One turn of the loop: the callers just acknowledged run, and their next
                # writes join the next commit instead of each starting its own.
                await asyncio.sleep(0)
        except BaseException as exc:  # cancelled with the loop: no waiter hangs
            for _, future in (*batch, *self._queue):
                if future.done():
                    continue
                if isinstance(exc, asyncio.CancelledError):
                    future.cancel()
                else:
                    future.set_exception(exc)
            self._queue.clear()
            raise
        finally:
            self._drain_task = None
            self._busy = False

    async def _outcomes(self, works: list[Work]) -> list[Outcome]:
        try:
            return list(await self._commit(works))
        except Exception as exc:  # noqa: BLE001 - becomes the outcome of a lone member
            if len(works) == 1:
                return [exc]
            # Nothing of the batch is stored: each member alone, for its own outcome.
            return [(await self._outcomes([work]))[0] for work in works]
