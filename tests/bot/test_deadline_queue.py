"""Deadlines triggered by procrastinate's jobs over PostgreSQL, across processes (issue 27).

Issue 27: "a PostgreSQL task queue for timers (procrastinate ...; its `lock` option must never
be used for deadlines, only `queueing_lock`)"; "the task queue only triggers a check; the
effect is applied in a transaction that finds the sequence unchanged and the database clock
past due, and records it uniquely; a periodic reconciler re-arms any due deadline without a
pending job".

Each `Node` is one bot process on the test's database: its own store, service, `Deadlines`
and `DeadlineQueue` (its own connections), with or without a running worker; only Discord
is left out. Real time and PostgreSQL's own clock (the queue schedules by the database's
`now()`): deadlines fall due a fraction of a second after they are set, and a test waits
for an outcome (with a generous cap), never for a time.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bot import facts
from bot.deadlines import Deadlines
from bot.queue import DeadlineQueue, queueing_lock
from bot.service import GameService, LiveGame, Outcome
from bot.storage import DeadlineRow
from bot.stores import open_storage
from bot.timeouts import Timeouts
from bot.windows import Windows
from tests.bot.test_deadline_machine import Killed, Quiet

REPO = Path(__file__).resolve().parents[2]


class Node:
    """One bot process on the database `url`: store, service, timed steps, deadlines, and
    the deadlines' queue. `clock`: the process's clock (the database keeps its own)."""

    def __init__(self, url: str, name: str, clock: Callable[[], float] = time.time,
                 **queue: Any) -> None:
        self.url, self.name, self.clock, self.options = url, name, clock, queue
        self.dies_after_a_step = False

    async def start(self, *, worker: bool) -> Node:
        self.storage = await open_storage(self.url)
        self.service = GameService(self.storage, clock=self.clock, seed_source=lambda: "s")
        await self.service.restore()
        quiet: Any = Quiet()
        self.timeouts = Timeouts(self.service, quiet, quiet, announce=self.announce)
        self.deadlines = Deadlines(self.service, self.timeouts,
                                   Windows(self.service, self.timeouts, wake=lambda when: None),
                                   quiet, wake=lambda when: None)
        self.queue = await DeadlineQueue.open(self.url, self.deadlines.check, poll=0.05,
                                              name=self.name, **self.options)
        self.deadlines.use_queue(self.queue)
        if worker:
            self.queue.start(reconciler=False)
        return self

    async def announce(self, outcomes: list[Outcome], preface: list[str]) -> None:
        """As the action path does after a step: re-arm the game's deadline (unless this
        process dies right after a step's commit: nothing after it runs)."""
        if self.dies_after_a_step:
            raise Killed()
        for live in {id(o.live): o.live for o in outcomes}.values():
            async with live.telling:
                await self.deadlines.rearm(await facts.read(self.storage, live, self.clock()))

    async def stop(self) -> None:
        await self.queue.close()
        await self.storage.close()


@pytest.fixture
async def nodes(postgres_url: str) -> AsyncIterator[Callable[..., Awaitable[Node]]]:
    started: list[Node] = []

    async def node(name: str, *, worker: bool, clock: Callable[[], float] = time.time,
                   **queue: Any) -> Node:
        started.append(await Node(postgres_url, name, clock, **queue).start(worker=worker))
        return started[-1]

    try:
        yield node
    finally:
        for each in started:
            await each.stop()


async def pig(node: Node) -> LiveGame:
    """A running game of Pig (its deadline's policy: the awaited seat holds)."""
    live = await node.service.create(variant="pig", guild_id=1, channel_id=5, creator_id=100,
                                     options={"target": 100})
    await node.service.join(live, 100, seat=None, player_name="Ann")
    await node.service.join(live, 200, seat=None, player_name="Bob")
    await node.service.start(live, 100)
    return live


async def due_in(node: Node, live: LiveGame, seconds: float) -> DeadlineRow:
    """An hour's deadline, set by hand, then moved to fall due `seconds` from now and armed
    as every stored change is (so the next period, after it passes, is an hour away)."""
    row = await node.deadlines.set(live, 3600)
    row = await node.storage.put_deadline(replace(row, due_at=time.time() + seconds))
    await node.deadlines.arm(row)
    return row


async def applied(node: Node, game: int) -> list[tuple[int, float, float]]:
    """(deadline number, due, applied at by the database's clock) of each application."""
    return [(seq, due, at) for _, seq, due, at, _ in await node.storage.applied_deadlines(game)]


async def deadline_steps(node: Node, game: int) -> list[tuple[str | None, int | None]]:
    return [(a.action, a.user_id) for a in await node.storage.actions(game, after=1)
            if a.user_id == 0]


async def until(check: Callable[[], Awaitable[Any]], cap: float = 60.0) -> Any:
    """Wait for `check` to return something true (a cap only so that a broken test ends)."""
    end = time.monotonic() + cap
    while not (found := await check()):
        assert time.monotonic() < end, "it never happened"
        await asyncio.sleep(0.02)
    return found


async def jobs(url: str, game: int, seq: int) -> list[tuple[str, Any]]:
    """(status, scheduled at) of the jobs for deadline `seq` of `game`."""
    async with await psycopg.AsyncConnection.connect(url) as conn:
        cur = await conn.execute("SELECT status::text, scheduled_at FROM procrastinate_jobs "
                                 "WHERE queueing_lock = %s ORDER BY id",
                                 (queueing_lock(game, seq),))
        return list(await cur.fetchall())


async def test_a_deadline_armed_in_one_process_is_applied_once_by_anothers_worker(
        nodes: Callable[..., Awaitable[Node]]) -> None:
    """Issue 27, "Deadlines exactly once": A (no worker) sets the deadline; B's worker, which
    never loaded the game (B started before it existed), applies it, once: one deadline
    step stored, applied at or after due by the database's clock."""
    b = await nodes("b", worker=True)
    a = await nodes("a", worker=False)
    live = await pig(a)
    assert live.id not in b.service.live
    row = await due_in(a, live, 0.3)
    assert [s for s, _ in await jobs(a.url, live.id, row.seq)] == ["todo"]
    found = await until(lambda: applied(a, live.id))
    assert [(seq, due) for seq, due, _ in found] == [(row.seq, row.due_at)]
    assert found[0][2] >= found[0][1]
    assert await deadline_steps(a, live.id) == [("hold", 0)]
    assert live.id in b.service.live  # B found it by its id, in the database
    # its effect announced by B: the next turn (Bob's) has a new deadline, an hour away
    async def rearmed() -> Any:
        after = await a.storage.deadline(live.id)
        return after if after is not None and after.seq > row.seq else None

    after = await until(rearmed)  # B re-arms once its telling of the step is over
    assert after.armed_seq == 2


async def test_an_extension_before_due_leaves_the_first_job_to_do_nothing(
        nodes: Callable[..., Awaitable[Node]]) -> None:
    """Issue 27: a changed deadline needs no job removed. Extended before due, it has a new
    number and its own job; the first job, when it runs, finds the number changed and does
    nothing; the second applies it, at or after the new due time."""
    b = await nodes("b", worker=True)
    a = await nodes("a", worker=False)
    live = await pig(a)
    first = await due_in(a, live, 0.4)
    second = await a.deadlines.extend(live, 0.6)
    assert second.seq > first.seq and second.due_at == pytest.approx(first.due_at + 0.6)
    waiting = await jobs(a.url, live.id, first.seq) + await jobs(a.url, live.id, second.seq)
    assert [s for s, _ in waiting] == ["todo", "todo"]  # both jobs, none removed
    found = await until(lambda: applied(a, live.id))
    assert [(seq, due) for seq, due, _ in found] == [(second.seq, second.due_at)]
    assert found[0][2] >= second.due_at
    assert await deadline_steps(a, live.id) == [("hold", 0)]
    # the first job, run again now, still does nothing
    assert await b.deadlines.check(live.id, first.seq)
    assert len(await applied(a, live.id)) == 1


async def test_one_deadline_deferred_twice_is_one_job(
        nodes: Callable[..., Awaitable[Node]]) -> None:
    """Issue 27: "only `queueing_lock`": a second defer for the same (game, number), from
    this process or another, is refused by the queueing lock (`AlreadyEnqueued`, taken as
    "already armed"), and one job waits; a new number is a job of its own."""
    a = await nodes("a", worker=False)
    b = await nodes("b", worker=False)
    live = await pig(a)
    row = await due_in(a, live, 3600)
    assert row.due_at is not None
    assert not await a.queue.defer(live.id, row.seq, row.due_at)
    assert not await b.queue.defer(live.id, row.seq, row.due_at + 5)
    assert [s for s, _ in await jobs(a.url, live.id, row.seq)] == ["todo"]
    assert await b.queue.defer(live.id, row.seq + 1, row.due_at)
    async with await psycopg.AsyncConnection.connect(a.url) as conn:
        cur = await conn.execute("SELECT count(*) FROM procrastinate_jobs WHERE lock IS NOT "
                                 "NULL")
        assert (await cur.fetchone()) == (0,)  # never `lock`


async def test_the_reconciler_rearms_a_deadline_whose_job_was_lost(
        nodes: Callable[..., Awaitable[Node]]) -> None:
    """Issue 27: "a periodic reconciler re-arms any due deadline without a pending job":
    its job deleted from procrastinate_jobs, the deadline gets one again (once: a second
    pass finds it pending), and B's worker applies it."""
    await nodes("b", worker=True)
    a = await nodes("a", worker=False)
    live = await pig(a)
    row = await due_in(a, live, 1.0)
    async with await psycopg.AsyncConnection.connect(a.url, autocommit=True) as conn:
        await conn.execute("DELETE FROM procrastinate_jobs")
    assert await jobs(a.url, live.id, row.seq) == []
    assert await a.queue.reconcile() == 1
    assert await a.queue.reconcile() == 0  # pending now
    found = await until(lambda: applied(a, live.id))
    assert [(seq, due) for seq, due, _ in found] == [(row.seq, row.due_at)]
    assert await deadline_steps(a, live.id) == [("hold", 0)]


async def test_the_reconciler_rearms_a_deadline_whose_worker_died_running_its_job(
        nodes: Callable[..., Awaitable[Node]]) -> None:
    """A worker took the job and was killed (kill -9) before it finished: the job stays
    "doing" and its worker's heartbeat stops. The reconciler drops that job once the
    worker counts as dead and defers a new one, which B's worker applies, once."""
    a = await nodes("a", worker=False)
    live = await pig(a)
    row = await due_in(a, live, 0.0)
    manager = a.queue.app.job_manager
    dead = await manager.register_worker()
    taken = await until(lambda: manager.fetch_job(queues=None, worker_id=dead))
    assert taken.queueing_lock == queueing_lock(live.id, row.seq)
    assert await a.queue.reconcile() == 0  # its worker still counts as alive
    async with await psycopg.AsyncConnection.connect(a.url, autocommit=True) as conn:
        await conn.execute("UPDATE procrastinate_workers SET last_heartbeat = now() - "
                           "interval '1 hour' WHERE id = %s", (dead,))
    assert await a.queue.reconcile() == 1
    assert [s for s, _ in await jobs(a.url, live.id, row.seq)] == ["todo"]
    await nodes("b", worker=True)
    found = await until(lambda: applied(a, live.id))
    assert [seq for seq, _, _ in found] == [row.seq]
    assert await deadline_steps(a, live.id) == [("hold", 0)]


async def test_the_reconciler_rearms_a_deadline_whose_process_died_after_its_step(
        nodes: Callable[..., Awaitable[Node]]) -> None:
    """A's job applied the deadline (Ann holds, stored) and A died before re-arming it for
    Bob's turn: the deadline stays applied, on a game that moved on, with no job. Once that
    has lasted (`unarmed_after`), B's reconciler gives it a job, whose check finds the game
    moved and re-arms it for Bob (a new period), without a second step."""
    a = await nodes("a", worker=False)
    live = await pig(a)
    row = await due_in(a, live, 0.0)
    a.dies_after_a_step = True
    async with await psycopg.AsyncConnection.connect(a.url, autocommit=True) as conn:
        await conn.execute("DELETE FROM procrastinate_jobs")  # A's own job: run here instead
    with pytest.raises(Killed):
        await a.queue.task(game_id=live.id, seq=row.seq)
    assert [seq for seq, _, _ in await applied(a, live.id)] == [row.seq]
    left = await a.storage.deadline(live.id)
    assert left is not None and (left.seq, left.armed_seq) == (row.seq, 1)  # not re-armed
    b = await nodes("b", worker=True, unarmed_after=0.2)
    assert await until(b.queue.reconcile) == 1

    async def rearmed() -> DeadlineRow | None:
        now = await a.storage.deadline(live.id)
        return now if now is not None and now.seq != row.seq else None
    after = await until(rearmed)
    assert after.armed_seq == 2 and after.due_at is not None and after.due_at > time.time()
    assert await deadline_steps(a, live.id) == [("hold", 0)]
    assert [seq for seq, _, _ in await applied(a, live.id)] == [row.seq]


async def test_a_job_that_comes_early_by_the_database_clock_applies_nothing_then_retries(
        nodes: Callable[..., Awaitable[Node]]) -> None:
    """Issue 27: "none before due by the database clock". A process whose clock runs a
    minute ahead runs the job of a deadline due in two seconds: it thinks it due, the
    database's clock does not, so nothing is applied and the job is deferred again; the
    worker applies it later, at or after due by the database's clock."""
    ahead = await nodes("ahead", worker=False, clock=lambda: time.time() + 60)
    live = await pig(ahead)
    row = await due_in(ahead, live, 2.0)
    async with await psycopg.AsyncConnection.connect(ahead.url, autocommit=True) as conn:
        await conn.execute("DELETE FROM procrastinate_jobs")  # (the one `arm` deferred)
    await ahead.queue.task(game_id=live.id, seq=row.seq)  # the job's own function, now
    assert await applied(ahead, live.id) == []
    assert await deadline_steps(ahead, live.id) == []
    assert [s for s, _ in await jobs(ahead.url, live.id, row.seq)] == ["todo"]
    ahead.queue.start(reconciler=False)
    found = await until(lambda: applied(ahead, live.id))
    assert [seq for seq, _, _ in found] == [row.seq]
    assert found[0][2] >= found[0][1] == row.due_at


async def test_a_job_for_a_game_another_process_moved_on_applies_on_the_game_as_stored(
        nodes: Callable[..., Awaitable[Node]]) -> None:
    """B loaded the game, then A played on (Ann rolled): B's copy is behind the log. B's
    worker, running the job of the deadline A set after that, applies it to the game as
    stored (Ann holds at action 3), not to its old copy."""
    a = await nodes("a", worker=False)
    live = await pig(a)
    b = await nodes("b", worker=False)
    behind = await b.service.get(live.id)
    assert behind.seq == 1
    await a.service.act(live, 100, "roll", {})
    row = await due_in(a, live, 0.2)
    assert row.armed_seq == 2
    b.queue.start(reconciler=False)
    found = await until(lambda: applied(a, live.id))
    assert [seq for seq, _, _ in found] == [row.seq]
    steps = [(x.seq, x.action, x.user_id) for x in await a.storage.actions(live.id, after=1)]
    assert steps[:2] == [(2, "roll", 100), (3, "hold", 0)]


def test_procrastinates_schema_is_applied_once_by_processes_starting_together(
        postgres_url: str, tmp_path: Path) -> None:
    """Three processes open the queue at the same moment on a database without
    procrastinate's tables: each starts (none fails on a table or type another one created
    meanwhile), and exactly one of them created the schema (`apply_schema`, under an
    advisory lock)."""
    go = tmp_path / "go"
    script = (
        "import asyncio, os, sys, time\n"
        "from bot.queue import apply_schema\n"
        "import psycopg\n"
        "url, ready, go = sys.argv[1:4]\n"
        "psycopg.connect(url).close()\n"
        "open(ready, 'w').close()\n"
        "while not os.path.exists(go): time.sleep(0.001)\n"
        "print(asyncio.run(apply_schema(url)))\n")
    procs = [subprocess.Popen([sys.executable, "-c", script, postgres_url,
                               str(tmp_path / f"ready{i}"), str(go)], cwd=REPO,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for i in range(3)]
    try:
        while not all((tmp_path / f"ready{i}").exists() for i in range(3)):
            assert all(p.poll() is None for p in procs), [p.communicate() for p in procs]
            time.sleep(0.01)
        go.touch()
        results = [p.communicate(timeout=120) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    assert [p.returncode for p in procs] == [0, 0, 0], results
    assert sorted(out.strip() for out, _ in results) == ["False", "False", "True"]


async def test_the_bot_over_postgresql_runs_its_deadlines_on_the_queue(
        postgres_url: str) -> None:
    """The client's wiring: the bot over PostgreSQL (the real clock) opens the queue and runs
    its worker in setup_hook; a deadline set through it passes by a job, its step is
    announced in the channel, and the bot closes its queue on the way out."""
    from bot.client import Croupier
    from bot.config import Settings
    from sandbox import FakeDiscord

    async with FakeDiscord() as fake:
        guild = fake.add_guild("Table")
        channel = fake.add_channel(guild, "pig")
        ann, bob = fake.add_user("Ann", guild_id=guild), fake.add_user("Bob", guild_id=guild)
        bot = Croupier(Settings(token=fake.bot_token, database=postgres_url),
                       extensions=("cogs.lobby", "tests.support.pig_cog"))
        await fake.run_bot(bot)
        try:
            assert bot.deadline_queue is not None
            assert bot.deadlines.queue is bot.deadline_queue
            live = await bot.service.create(variant="pig", guild_id=guild, channel_id=channel,
                                            creator_id=ann, options={"target": 100})
            await bot.service.join(live, ann, seat=None, player_name="Ann")
            await bot.service.join(live, bob, seat=None, player_name="Bob")
            await bot.service.start(live, ann)
            row = await bot.deadlines.set(live, 3600)
            row = await bot.service.storage.put_deadline(replace(row, due_at=time.time() + 0.3))
            await bot.deadlines.arm(row)
            found = await until(lambda: bot.service.storage.applied_deadlines(live.id))
            assert [seq for _, seq, *_ in found] == [row.seq]

            async def told() -> bool:
                return any("deadline passed" in m.content for m in fake.messages(channel))
            await until(told)
        finally:
            await fake.stop_bot(bot)
        assert bot.deadline_queue._tasks == []
