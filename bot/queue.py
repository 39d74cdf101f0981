"""Deadlines triggered by a PostgreSQL task queue (procrastinate), for a bot run as several
processes over one database (issue 27).

Why a queue: with several processes, a deadline armed in one must be applied even if that
one dies, and by one process, not all. procrastinate keeps its jobs in tables of the same
database (`procrastinate_jobs`), so a deferred job outlives the process that deferred it
and is taken by exactly one worker (`FOR UPDATE SKIP LOCKED`).

The queue is only a trigger. A deadline lives on its game's row with a number
(`Storage.put_deadline`); arming it defers `check_deadline(game, number)` at its due time
with the `queueing_lock` "deadline-<game>-<number>", so that one such job waits at a time
(a second defer raises `AlreadyEnqueued`: fine and expected). Never `lock`: that would hold
back every other job sharing it while one runs, and a job whose worker died would hold it
for good. The job calls `Deadlines.check`, which applies the deadline only in a transaction
that finds it still that number and the database's clock past due, and records it once
(`deadline_applied`): a job for a changed deadline (extended, cancelled, a player acted:
each gives the deadline a new number) does nothing, and no job is ever removed. A job the
database's clock finds early defers itself again a second later.

The reconciler (`reconcile`, every `RECONCILE_SECONDS` in each process) re-defers each
deadline due within the next pass that has no job waiting or running: a job lost because
its process died between storing the deadline and deferring it, deleted by hand, or taken
by a worker that was killed (procrastinate sees that worker's heartbeat stop; its job is
dropped here after `STALLED_SECONDS`); and a deadline applied `STALLED_SECONDS` ago and
still not re-armed (its process died between storing the deadline's step and re-arming
it: the job finds the game moved on and re-arms it, as the tick does over SQLite).

Each bot process runs one worker in its own event loop (`start`), on the `deadlines`
queue only, polling every `POLL_SECONDS` besides LISTEN/NOTIFY (a job deferred for later
raises no notification when it falls due). procrastinate's schema is applied once, when a
process first opens the queue, under an advisory lock (`apply_schema`); its upgrades are
procrastinate's own migrations (the version is pinned in pyproject.toml).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import psycopg
from procrastinate import App, PsycopgConnector
from procrastinate.exceptions import AlreadyEnqueued
from procrastinate.jobs import Status
from procrastinate.schema import SchemaManager

log = logging.getLogger(__name__)

QUEUE = "croupier-deadlines"
TASK = "croupier.check_deadline"

#: The advisory lock held while procrastinate's schema is applied ("procrast").
SCHEMA_LOCK = 0x70726F6372617374

POLL_SECONDS = 1.0  # a job due now waits at most this for a worker to look
RECONCILE_SECONDS = 10.0
RETRY_SECONDS = 1.0  # a job the database's clock found early runs again this much later
HEARTBEAT_SECONDS = 2.0
# A worker silent this long is dead: its running job is dropped; and a deadline applied this
# long ago and not re-armed since was left so by a process that died.
STALLED_SECONDS = 10.0
CONCURRENCY = 4  # jobs a worker runs at once (each game takes its own lock)

#: What a job calls: the trigger of deadline number `seq` of game `game_id`
#: (`Deadlines.check`); False when the database's clock found it not due yet.
Check = Callable[[int, int], Awaitable[bool]]


def queueing_lock(game_id: int, seq: int) -> str:
    """The one job that may wait for deadline number `seq` of game `game_id`."""
    return f"deadline-{game_id}-{seq}"


async def apply_schema(url: str) -> bool:
    """Create procrastinate's tables in the database `url` names unless they are there: once
    however many processes start at once (the check and the creation hold an advisory lock,
    as Croupier's own migrations do). True if this call created them."""
    async with await psycopg.AsyncConnection.connect(url) as conn, conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
        cur = await conn.execute("SELECT to_regclass('procrastinate_jobs') IS NOT NULL")
        found = await cur.fetchone()
        if found is not None and found[0]:
            return False
        await conn.execute(SchemaManager.get_schema().encode())  # no parameters: as is
        return True


#: Deadlines due by the database's clock within `horizon` seconds with no job waiting or
#: running for them (a running job of a dead worker is dropped before): not applied, or
#: applied `silent` seconds ago and not re-armed since (a deadline's step moves the game, and
#: the process that stored it re-arms the deadline at once: unless it died in between; the
#: job then finds the game moved and re-arms it).
UNTRIGGERED = """
SELECT d.game_id, d.seq, d.due_at FROM deadlines d JOIN games g ON g.id = d.game_id
 WHERE g.status = 'running' AND d.due_at IS NOT NULL
   AND d.due_at <= croupier_now() + %(horizon)s
   AND NOT EXISTS (SELECT 1 FROM deadline_applied a
                    WHERE a.game_id = d.game_id AND a.deadline_seq = d.seq
                      AND a.applied_at > croupier_now() - %(silent)s)
   AND NOT EXISTS (SELECT 1 FROM procrastinate_jobs j
                    WHERE j.status IN ('todo', 'doing')
                      AND j.queueing_lock = 'deadline-' || d.game_id || '-' || d.seq)
 ORDER BY d.due_at LIMIT %(limit)s
"""


class DeadlineQueue:
    """procrastinate over the bot's PostgreSQL database, for deadlines: `defer` arms one,
    `start` runs this process's worker and reconciler. Open with `await
    DeadlineQueue.open(url, check)`."""

    def __init__(self, url: str, check: Check, *, poll: float = POLL_SECONDS,
                 reconcile_every: float = RECONCILE_SECONDS,
                 stalled_after: float = STALLED_SECONDS, unarmed_after: float = STALLED_SECONDS,
                 name: str | None = None) -> None:
        self.url = url
        self.check = check
        self.poll = poll
        self.reconcile_every = reconcile_every
        self.stalled_after = stalled_after
        self.unarmed_after = unarmed_after
        self.name = name or "croupier-deadlines"
        self.app = App(connector=PsycopgConnector(conninfo=url, min_size=1, max_size=4,
                                                  name="croupier-queue"))
        self.task = self.app.task(name=TASK, queue=QUEUE, pass_context=False)(self._job)
        self._tasks: list[asyncio.Task[None]] = []

    @classmethod
    async def open(cls, url: str, check: Check, **options: Any) -> DeadlineQueue:
        """The queue over database `url`, its schema applied if it lacks it."""
        await apply_schema(url)
        queue = cls(url, check, **options)
        await queue.app.open_async()
        return queue

    async def close(self) -> None:
        await self.stop()
        await self.app.close_async()

    # ----- arming ----------------------------------------------------------

    async def defer(self, game_id: int, seq: int, due: float) -> bool:
        """Have a worker check deadline number `seq` of game `game_id` at `due` (seconds since
        1970). False if a job for it is already waiting (its queueing lock)."""
        try:
            await self.task.configure(
                queueing_lock=queueing_lock(game_id, seq),
                schedule_at=datetime.fromtimestamp(due, UTC),
            ).defer_async(game_id=game_id, seq=seq)
        except AlreadyEnqueued:
            return False
        return True

    async def _job(self, game_id: int, seq: int) -> None:
        """The job: check the deadline; once more in a moment if the database's clock found
        it early (this job is running, so its queueing lock is free for the next)."""
        if not await self.check(game_id, seq):
            await self.defer(game_id, seq, time.time() + RETRY_SECONDS)

    # ----- the reconciler --------------------------------------------------

    async def reconcile(self, horizon: float | None = None) -> int:
        """Defer a job for every deadline due within `horizon` seconds (the next pass, by
        default) that has none, not applied or applied and left unarmed by a process that
        died, after dropping the running jobs of dead workers; return how many were
        deferred."""
        horizon = self.reconcile_every + self.poll if horizon is None else horizon
        for job in await self.app.job_manager.get_stalled_jobs(
                queue=QUEUE, task_name=TASK, seconds_since_heartbeat=self.stalled_after):
            with contextlib.suppress(Exception):  # finished or dropped meanwhile
                await self.app.job_manager.finish_job(job, Status.FAILED, delete_job=True)
        deferred = 0
        while True:
            rows = await self.app.connector.execute_query_all_async(
                UNTRIGGERED, horizon=horizon, silent=self.unarmed_after, limit=1000)
            for row in rows:
                deferred += await self.defer(row["game_id"], row["seq"], row["due_at"])
            if len(rows) < 1000:
                return deferred

    async def _reconciling(self) -> None:
        while True:
            try:
                count = await self.reconcile()
                if count:
                    log.info("re-armed %d deadlines that had no job", count)
            except Exception:
                log.exception("reconciling the deadlines' jobs failed")
            await asyncio.sleep(self.reconcile_every)

    # ----- this process's worker -----------------------------------------

    def start(self, *, reconciler: bool = True) -> None:
        """Run this process's worker and (unless told not to: a test runs `reconcile`
        itself) its reconciler, in this event loop, until `stop`."""
        if self._tasks:
            return
        worker = self.app.run_worker_async(
            queues=[QUEUE], name=self.name, concurrency=CONCURRENCY, wait=True,
            fetch_job_polling_interval=self.poll, abort_job_polling_interval=60.0,
            listen_notify=True, delete_jobs="always", install_signal_handlers=False,
            update_heartbeat_interval=HEARTBEAT_SECONDS,
            stalled_worker_timeout=self.stalled_after, shutdown_graceful_timeout=5.0)
        self._tasks = [asyncio.create_task(worker, name="croupier-queue-worker")]
        if reconciler:
            self._tasks.append(asyncio.create_task(self._reconciling(),
                                                   name="croupier-queue-reconciler"))

    async def stop(self) -> None:
        tasks, self._tasks = self._tasks, []
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
