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
   with no thread hop (the floor any durable write pays: its fsync), interleaved, medians;
   and against the same bare write through aiosqlite (a floor with one thread hop).

Run: .venv/bin/python bench/bench_group_commit.py [--rounds N]
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import _common  # noqa: F401  (puts the repository on sys.path)
import aiosqlite

from bot.storage import Storage

GAMES = 100
PER_GAME = 20  # actions each game stores in a concurrent round
SERIAL = 400  # actions stored one after another in a serial round
LONE = 200  # lone writes timed for the fixed cost
GAP = 0.02  # seconds of quiet before each lone write: actions come one by one, after a pause
WARM = 1200  # rows written before timing a floor: its WAL at full size, as the store's is

PRAGMAS = ("journal_mode=WAL", "synchronous=FULL")


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
        for n in range(count):
            game_id = await self.storage.create_game(
                variant="pig", guild_id=1, channel_id=10_000 + len(self.seq) + n,
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


async def fixed_cost(folder: Path, games: Games, game_id: int) -> tuple[float, float, float]:
    """Medians: bare write here, bare write through aiosqlite, a lone `append_action`."""
    floor = BareFloor(folder / "floor.db")
    hop = await aiosqlite.connect(folder / "hop.db", isolation_level=None)
    for pragma in PRAGMAS:
        await hop.execute(f"PRAGMA {pragma}")
    await hop.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, body TEXT)")
    for n in range(WARM):
        await hop.execute("INSERT INTO t (body) VALUES (?)", (f"n{n}",))
    bare, hopped, lone = [], [], []
    for n in range(LONE):
        await asyncio.sleep(GAP)
        bare.append(floor.once(n))
        await asyncio.sleep(GAP)
        start = time.perf_counter()
        await hop.execute("INSERT INTO t (body) VALUES (?)", (f"n{n}",))
        hopped.append(time.perf_counter() - start)
        await asyncio.sleep(GAP)
        start = time.perf_counter()
        await games.store(game_id, n)
        lone.append(time.perf_counter() - start)
    floor.conn.close()
    await hop.close()
    return statistics.median(bare), statistics.median(hopped), statistics.median(lone)


async def main(rounds: int) -> None:
    with tempfile.TemporaryDirectory(dir=Path(__file__).resolve().parent) as tmp:
        folder = Path(tmp)  # beside the repository: the disk the bot's database lives on
        storage = await Storage.open(str(folder / "bench.db"))
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
        bare, hopped, lone = await fixed_cost(folder, games, ids[0])
        print(f"bare INSERT + COMMIT (no hop) median {bare * 1e3:.3f} ms; through aiosqlite "
              f"{hopped * 1e3:.3f} ms ({hopped / bare:.2f}x)")
        print(f"a lone append_action median {lone * 1e3:.3f} ms: {lone / bare:.2f}x the bare "
              f"write, {lone / hopped:.2f}x the bare write through aiosqlite")
        await storage.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    asyncio.run(main(parser.parse_args().rounds))
