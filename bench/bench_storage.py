"""(a) Storing an action, against a bare SQLite insert + commit in the same run.

Both go to a WAL database with synchronous=FULL on the same disk, so the floor is
the fsync both must pay. Target: the median action costs at most 2x the floor.
Run: .venv/bin/python bench/bench_storage.py
"""

from __future__ import annotations

import asyncio
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

import _common  # noqa: F401  (puts the repository on sys.path)

import tests.support.pig  # noqa: F401  (registers the Pig game)
from bot.service import GameService
from bot.storage import Storage

REPEAT = 300


class BareFloor:
    """A bare INSERT + COMMIT with the same durability settings."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=FULL")
        self.conn.execute("CREATE TABLE t (game INTEGER, seq INTEGER, body TEXT, "
                          "PRIMARY KEY (game, seq))")
        self.seq = 0

    def once(self) -> float:
        self.seq += 1
        start = time.perf_counter()
        self.conn.execute("BEGIN IMMEDIATE")
        self.conn.execute("INSERT INTO t VALUES (1, ?, ?)", (self.seq, "{}"))
        self.conn.execute("COMMIT")
        return time.perf_counter() - start


async def measure(folder: Path) -> tuple[float, float]:
    """Interleave the floor and the stored action, so both see the same machine load."""
    floor = BareFloor(folder / "floor.db")
    storage = await Storage.open(str(folder / "game.db"))
    service = GameService(storage, seed_source=lambda: "bench")
    live = await service.create(variant="pig", guild_id=1, channel_id=1, creator_id=1,
                                options={"target": 100})
    await service.join(live, 1, seat=None, player_name="A")
    await service.join(live, 2, seat=None, player_name="B")
    await service.start(live, 1)
    floors, actions = [], []
    for n in range(REPEAT):
        floors.append(floor.once())
        start = time.perf_counter()
        await service.act(live, 1, "note", {"text": f"n{n}"})
        actions.append(time.perf_counter() - start)
    await storage.close()
    floor.conn.close()
    return statistics.median(floors), statistics.median(actions)


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        floor, action = await measure(Path(tmp))
    print(f"bare insert+commit median: {floor * 1e3:.3f} ms")
    print(f"stored action median:      {action * 1e3:.3f} ms")
    print(f"ratio: {action / floor:.2f}x (target <= 2x)")


if __name__ == "__main__":
    asyncio.run(main())
