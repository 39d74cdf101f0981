"""Deadlines exactly once over several worker processes with random kills (issue 27).

Issue 27: "at least 10,000 over several workers with random kills: each due deadline applied
exactly once, none before due by the database clock, none more than 2 minutes late across a
kill; a player acting at the last moment and the trigger racing give one of the two serial
outcomes".

One SQLite file (the store's own schema and its deadline methods), or with `--postgres` one
PostgreSQL database (`--postgres URL`, or a server started here as the tests start theirs,
`tests/support/postgres.py`); N running games, each with a deadline due at a random moment
in the next `--window` seconds. Processes, all on the same database through the store
(`bot.stores.open_storage`, each its own connections; SQLite lets one of them write at a
time, the others wait for its lock; PostgreSQL queues them on the game's row):

- workers (`--workers`): the reconciler and the trigger in one loop, as a task queue's
  workers would be: read the due deadlines not yet applied (`Storage.due_deadlines`), in a
  random order, and apply each (`append_action(..., deadline=row)`: the deadline's step, a
  "hold" by user 0, stored only by the transaction that records the application). A due
  deadline armed at an older position of its game (a player acted and died before
  re-arming it) is re-armed for a new period, as `Deadlines` does.
- a racer: players answering at the last moment (10 ms before to 50 ms after), racing the
  workers; an answer that wins re-arms the game's deadline (`--period` seconds), as the
  action path does, which is one more deadline to apply.
- the supervisor (this process): `kill -9` of a random process every `--kill-every` seconds
  (restarted 0.5 s later), and once all the workers for `--outage` seconds.

With `--queue` (PostgreSQL), the workers are the bot's: each a procrastinate worker
(`bot.queue.DeadlineQueue`, as each bot process runs one) whose job `check_deadline(game,
number)` applies that deadline as above, with the bot's reconciler every 10 s in each. Every
deadline's job is deferred when the deadline is stored (at the setup, by a re-arming worker or
the racer: `schedule_at` its due time, `queueing_lock` "deadline-<game>-<number>"); nothing
else looks for due deadlines, so a job lost with a killed worker (taken, "doing", when the
kill came) is found only by the reconciler, once that worker's heartbeat is 10 s old. As the
bot re-arms a deadline after its step, a worker clears each deadline it applied (these are
one-shot); one killed in between leaves it to the reconciler too.

Checked at the end, from the database: each applied deadline once (the primary key), each
application stored exactly one step of the deadline's and no step of the deadline's without
one, none applied before due by the database's clock (SQLite's `julianday('now')`,
PostgreSQL's `croupier_now()`, recorded by the applying transaction itself), lateness by the
same clock, and no deadline left due and unapplied. Run: `.venv/bin/python
bench/bench_deadlines.py [--postgres [URL]] [--queue]` (defaults: 10,000 deadlines over 120 s,
4 workers; `--queue` implies `--postgres`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing as mp
import os
import random
import signal
import sqlite3
import statistics
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import _common  # noqa: F401  (the repository on sys.path)

from bot.storage import SQLITE_NOW, DeadlineRow, NotDueYet, StaleWrite, Store
from bot.stores import is_postgres_url, open_storage

LEAD = 5.0  # seconds before the first deadline falls due
QUEUE_LEAD = 30.0  # with --queue: the setup defers a job per deadline first


class Plain:
    """A plain connection to the bench's database, SQLite's or PostgreSQL's, for what the
    store has no method for (the setup, the racer's look-out, the report): SQL written with
    `?` placeholders, and the database's clock as `{now}`."""

    def __init__(self, db: str) -> None:
        self.postgres = is_postgres_url(db)
        if self.postgres:
            import psycopg

            self.conn: Any = psycopg.connect(db, autocommit=True)
        else:
            self.conn = sqlite3.connect(db, isolation_level=None)

    def _sql(self, sql: str) -> str:
        sql = sql.replace("{now}", "croupier_now()" if self.postgres else SQLITE_NOW)
        return sql.replace("%", "%%").replace("?", "%s") if self.postgres else sql

    def execute(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        return self.conn.execute(self._sql(sql), args)

    def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        self.conn.cursor().executemany(self._sql(sql), rows)

    def close(self) -> None:
        self.conn.close()


def setup(db: str, count: int, window: float, queue: bool = False) -> float:
    """`count` running games, each at seq 1 with deadline number 1 due in the window (and
    with `queue`, its job deferred)."""
    asyncio.run(_migrate(db))
    start = time.time() + (QUEUE_LEAD if queue else LEAD)
    rng = random.Random(27)
    conn = Plain(db)
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO games (id, variant, guild_id, channel_id, creator_id, status, seed, "
        "commitment, created_at, updated_at, deadline_seq) VALUES "
        "(?, 'pig', 1, ?, 100, 'running', 's', 'c', 0, 0, 1)",
        [(g, g) for g in range(1, count + 1)])
    conn.executemany("INSERT INTO actions (game_id, seq, kind, created_at) VALUES "
                     "(?, 1, 'start', 0)", [(g,) for g in range(1, count + 1)])
    conn.executemany(
        "INSERT INTO deadlines (game_id, turn_seconds, due_at, reminder_sent, armed_seq, seq) "
        "VALUES (?, ?, ?, 0, 1, 1)",
        [(g, window, start + rng.random() * window) for g in range(1, count + 1)])
    conn.execute("COMMIT")
    conn.close()
    if queue:
        asyncio.run(_defer_all(db))
    return start


async def _defer_all(db: str) -> None:
    """A job for every stored deadline, as arming it does (`Deadlines.arm`)."""
    from bot.queue import DeadlineQueue

    storage = await open_storage(db)
    queue = await DeadlineQueue.open(db, _never)
    rows = await storage.deadlines()
    for part in range(0, len(rows), 500):
        await asyncio.gather(*(queue.defer(r.game_id, r.seq, r.due_at or 0.0)
                               for r in rows[part:part + 500]))
    await queue.close()
    await storage.close()


async def _never(game_id: int, seq: int) -> bool:
    raise AssertionError("no worker here")


async def _migrate(db: str) -> None:
    await (await open_storage(db)).close()


# ----- the processes ---------------------------------------------------------

def worker(db: str, period: float) -> None:
    asyncio.run(_worker(db, period))


async def _worker(db: str, period: float) -> None:
    storage = await open_storage(db)
    rng = random.Random()
    while True:
        rows = await storage.due_deadlines(limit=50)
        if not rows:
            await asyncio.sleep(0.02)
            continue
        rng.shuffle(rows)
        for row in rows:
            await _apply(storage, row, period)


def queue_worker(db: str, period: float) -> None:
    asyncio.run(_queue_worker(db, period))


async def _queue_worker(db: str, period: float) -> None:
    """A bot process's deadline worker: procrastinate's, and the reconciler."""
    import logging

    from bot.queue import DeadlineQueue

    # what the reconciler re-arms, said on the bench's output
    logging.basicConfig(level=logging.WARNING, format=f"worker {os.getpid()}: %(message)s")
    logging.getLogger("bot.queue").setLevel(logging.INFO)
    storage = await open_storage(db)
    queue: Any = None

    async def check(game_id: int, seq: int) -> bool:
        row = await storage.deadline(game_id)
        if row is None or row.seq != seq or row.due_at is None:
            return True
        if row.due_at > time.time():
            return False
        if not await _apply(storage, row, period, queue):
            return False
        # As the bot re-arms a deadline after its step (`Deadlines.rearm`); these are
        # one-shot: cleared once applied. (A worker killed in between leaves it applied and
        # unarmed: the reconciler's job, 10 s later, clears it here.)
        if seq in [a[1] for a in await storage.applied_deadlines(game_id)]:
            after = await storage.deadline(game_id)
            if after is not None and after.seq == seq:
                await storage.clear_deadline(game_id)
        return True

    queue = await DeadlineQueue.open(db, check, name=f"bench-{os.getpid()}")
    queue.start()
    await asyncio.Event().wait()


async def _apply(storage: Store, row: DeadlineRow, period: float, queue: Any = None) -> bool:
    """Apply deadline `row`; False if the database's clock found it early. With `queue`,
    a re-armed deadline's job is deferred, as `Deadlines` arms it."""
    try:
        await storage.append_action(
            row.game_id, expected_seq=row.armed_seq, kind="act", seat="ann", action="hold",
            params={}, user_id=0, step={}, events=[], snapshot=None, finished=False,
            now=time.time(), deadline=replace(row, attempt=uuid.uuid4().hex))
    except NotDueYet:
        return False
    except StaleWrite:
        # Applied by another worker, changed, or armed before the game's last move: then
        # a new period from now, as `Deadlines` re-arms it.
        game = await storage.game(row.game_id)
        now = await storage.deadline(row.game_id)
        if game is not None and now is not None and now.seq == row.seq and \
                game.seq != row.armed_seq and \
                row.seq not in [a[1] for a in await storage.applied_deadlines(row.game_id)]:
            again = await storage.put_deadline(replace(row, due_at=time.time() + period,
                                                       armed_seq=game.seq))
            if queue is not None:
                await queue.defer(again.game_id, again.seq, again.due_at or 0.0)
    return True


def racer(db: str, period: float, result: str, queued: bool = False) -> None:
    asyncio.run(_racer(db, period, result, queued))


async def _racer(db: str, period: float, result: str, queued: bool = False) -> None:
    """Answers at the last moment, from 10 ms before the deadline to 50 ms after (while it
    is not applied yet), in one game of ten, once (its first deadline)."""
    storage = await open_storage(db)
    queue: Any = None
    if queued:
        from bot.queue import DeadlineQueue

        queue = await DeadlineQueue.open(db, _never)  # defers only: no worker here
    rng = random.Random()
    tried = os.open(result, os.O_WRONLY | os.O_APPEND | os.O_CREAT)  # one byte a try
    reader = Plain(db)
    while True:
        soon = reader.execute(
            "SELECT d.game_id, g.seq FROM deadlines d JOIN games g ON g.id = d.game_id "
            "WHERE g.seq = 1 AND d.armed_seq = 1 AND d.game_id % 10 = 0 AND d.due_at BETWEEN "
            "? - 0.05 AND ? + 0.01 LIMIT 20", (time.time(), time.time())).fetchall()
        if not soon:
            await asyncio.sleep(0.01)
            continue
        game_id, seq = rng.choice(soon)
        os.write(tried, b".")
        try:
            await storage.append_action(game_id, expected_seq=seq, kind="act", seat="ann",
                                        action="roll", params={}, user_id=100, step={},
                                        events=[], snapshot=None, finished=False,
                                        now=time.time())
        except StaleWrite:
            continue
        row = await storage.deadline(game_id)
        if row is not None:
            again = await storage.put_deadline(replace(row, due_at=time.time() + period,
                                                       armed_seq=seq + 1))
            if queue is not None:
                await queue.defer(again.game_id, again.seq, again.due_at or 0.0)


# ----- the supervisor --------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deadlines", type=int, default=10_000)
    parser.add_argument("--window", type=float, default=120.0)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--period", type=float, default=20.0,
                        help="a re-armed deadline's period (seconds)")
    parser.add_argument("--kill-every", type=float, nargs=2, default=(2.0, 6.0))
    parser.add_argument("--outage", type=float, default=20.0,
                        help="seconds every worker stays down once, mid-run")
    parser.add_argument("--postgres", nargs="?", const="", default=None, metavar="URL",
                        help="on PostgreSQL: this database, or a server started here")
    parser.add_argument("--queue", action="store_true",
                        help="the workers are procrastinate's (PostgreSQL): bot/queue.py")
    args = parser.parse_args()
    if args.queue and args.postgres is None:
        args.postgres = ""
    with tempfile.TemporaryDirectory() as folder, database(args.postgres, folder) as db:
        print(f"store: {'PostgreSQL' if is_postgres_url(db) else 'SQLite'}"
              f"{', workers: procrastinate' if args.queue else ''}")
        begun = time.time()
        start = setup(db, args.deadlines, args.window, args.queue)
        print(f"setup: {args.deadlines} games and deadlines in {time.time() - begun:.1f} s")
        run(db, start, args, Path(folder) / "racer.txt")
        report(db, Path(folder) / "racer.txt",
               outage=(start + args.window / 2, start + args.window / 2 + args.outage))


@contextlib.contextmanager
def database(postgres: str | None, folder: str) -> Iterator[str]:
    """The bench's database: an SQLite file in `folder`, the PostgreSQL database `postgres`
    names, or (`postgres` empty) a fresh one on a server started as the tests start theirs."""
    if postgres is None:
        yield str(Path(folder) / "deadlines.db")
    elif postgres:
        yield postgres
    else:
        from tests.support.postgres import running_server

        with running_server() as server:
            if isinstance(server, str):
                raise SystemExit(server)
            yield server.create_database()


def run(db: str, start: float, args: argparse.Namespace, racer_file: Path) -> None:
    ctx = mp.get_context("spawn")
    procs: dict[str, mp.process.BaseProcess] = {}

    def launch(name: str) -> None:
        if name == "racer":
            proc = ctx.Process(target=racer, args=(db, args.period, str(racer_file),
                                                   args.queue))
        else:
            proc = ctx.Process(target=queue_worker if args.queue else worker,
                               args=(db, args.period))
        proc.start()
        procs[name] = proc

    names = [f"worker{i}" for i in range(args.workers)] + ["racer"]
    for name in names:
        launch(name)
    rng = random.Random(2727)
    kills = 0
    outage_at = start + args.window / 2
    next_kill = time.time() + rng.uniform(*args.kill_every)
    end = start + args.window + args.period + 10
    try:
        while True:
            now = time.time()
            if now >= outage_at:
                outage_at = float("inf")
                workers = [n for n in names if n != "racer"]
                for name in workers:
                    os.kill(procs[name].pid or 0, signal.SIGKILL)
                    procs[name].join()
                kills += len(workers)
                print(f"outage: every worker killed at +{now - start:.0f} s for "
                      f"{args.outage:.0f} s")
                time.sleep(args.outage)
                for name in workers:
                    launch(name)
            elif now >= next_kill:
                name = rng.choice(names)
                os.kill(procs[name].pid or 0, signal.SIGKILL)
                procs[name].join()
                kills += 1
                time.sleep(0.5)
                launch(name)
                next_kill = time.time() + rng.uniform(*args.kill_every)
            if now > end and not asyncio.run(_left(db)):
                break
            time.sleep(0.05)
    finally:
        for proc in procs.values():
            if proc.is_alive():
                os.kill(proc.pid or 0, signal.SIGKILL)
            proc.join()
    print(f"kills: {kills} (kill -9), run {time.time() - start:.0f} s after the first due")


async def _left(db: str) -> int:
    storage: Any = await open_storage(db)
    try:
        return len(await storage._all(
            "SELECT 1 FROM deadlines d JOIN games g ON g.id = d.game_id WHERE NOT EXISTS "
            "(SELECT 1 FROM deadline_applied a WHERE a.game_id = d.game_id AND "
            "a.deadline_seq = d.seq) LIMIT 1"))
    finally:
        await storage.close()


def report(db: str, racer_file: Path, outage: tuple[float, float] | None = None) -> None:
    conn = Plain(db)
    applied = conn.execute("SELECT game_id, deadline_seq, due_at, applied_at, first_seq, "
                           "last_seq FROM deadline_applied").fetchall()
    steps = dict(conn.execute("SELECT game_id, COUNT(*) FROM actions WHERE user_id = 0 "
                              "GROUP BY game_id").fetchall())
    per_game: dict[int, int] = {}
    for game, *_ in applied:
        per_game[game] = per_game.get(game, 0) + 1
    mismatched = sum(1 for g in set(per_game) | set(steps)
                     if per_game.get(g, 0) != steps.get(g, 0))
    not_a_step = conn.execute(
        "SELECT COUNT(*) FROM deadline_applied a LEFT JOIN actions s ON s.game_id = a.game_id "
        "AND s.seq = a.first_seq WHERE s.user_id IS DISTINCT FROM 0 OR "
        "a.first_seq IS DISTINCT FROM a.last_seq"
    ).fetchone()[0]
    early = sum(1 for *_, due, at, _f, _l in applied if at < due)
    late = sorted(at - due for *_, due, at, _f, _l in applied)
    left = conn.execute(
        "SELECT COUNT(*) FROM deadlines d WHERE d.due_at <= {now} AND NOT EXISTS (SELECT 1 FROM deadline_applied a WHERE a.game_id = "
        "d.game_id AND a.deadline_seq = d.seq)").fetchone()[0]
    tried = len(racer_file.read_bytes()) if racer_file.exists() else 0
    won = conn.execute("SELECT COUNT(*) FROM actions WHERE user_id = 100").fetchone()[0]
    raced = conn.execute(
        "SELECT COUNT(*), SUM(CASE WHEN EXISTS (SELECT 1 FROM actions p WHERE p.game_id = "
        "g.id AND p.seq = 2 AND p.user_id = 100) THEN 1 ELSE 0 END), SUM(CASE WHEN EXISTS "
        "(SELECT 1 FROM deadline_applied a WHERE a.game_id = g.id AND a.first_seq = 2) THEN 1 "
        "ELSE 0 END) FROM games g WHERE g.id % 10 = 0"
    ).fetchone()
    print(f"applied deadlines: {len(applied)} (games with the wrong number of the "
          f"deadline's steps: {mismatched}; applications not matching one step: {not_a_step})")
    print(f"applied before due by the database clock: {early}")
    if late:
        print(f"lateness by the database clock: p50 {statistics.median(late):.3f} s, "
              f"p99 {late[int(len(late) * 0.99)]:.3f} s, max {late[-1]:.3f} s")
    if late and outage is not None:
        # Lateness by when the deadline fell due, in 10 s slices from the outage's start:
        # what a single kill costs (a job lost with its worker) apart from the outage's
        # backlog and how long that took to drain.
        begun, ended = outage
        print(f"lateness by due time (the outage: {ended - begun:.0f} s from 0):")
        slices: dict[int, list[float]] = {}
        for *_, due, at, _f, _l in applied:
            slices.setdefault(int((due - begun) // 10), []).append(at - due)
        for key in sorted(slices):
            rows = sorted(slices[key])
            print(f"  due {key * 10:+4d}..{key * 10 + 10:+4d} s: {len(rows):5d}, p50 "
                  f"{statistics.median(rows):7.3f} s, max {rows[-1]:7.3f} s")
    print(f"due and not applied at the end: {left}")
    print(f"last-moment answers racing the trigger: {tried} tried, {won} stored first (their "
          f"deadline then did nothing; re-armed, applied later), {tried - won} refused (the "
          f"deadline came first, or a try repeated after a kill)")
    print(f"games raced: {raced[0]}; step 2 the player's answer in {raced[1]}, the "
          f"deadline's in {raced[2]}, both or neither in {raced[0] - raced[1] - raced[2]}")


if __name__ == "__main__":
    main()
