"""(c) Restoring 1,000 stored games: the index at startup, then every game loaded.

Each game has a snapshot and a log tail (the Pig test game, 2 seats, 15 actions,
snapshots every 20, so every load replays a tail). Startup reads only the index (issue
13); the games load when first touched, here all of them one after the other. Target
(issue 2): at most 5 s and 300 MB resident for all of it.
Run: .venv/bin/python bench/bench_restore.py
"""

from __future__ import annotations

import asyncio
import resource
import tempfile
import time
from pathlib import Path

import _common  # noqa: F401  (puts the repository on sys.path)

import tests.support.pig  # noqa: F401
from bot.service import GameService
from bot.storage import Storage

GAMES = 1000
ACTIONS = 15


async def fill(path: Path) -> None:
    storage = await Storage.open(str(path))
    service = GameService(storage, seed_source=lambda: "bench")
    for n in range(GAMES):
        live = await service.create(variant="pig", guild_id=1, channel_id=1000 + n,
                                    creator_id=1, options={"target": 100})
        await service.join(live, 1, seat=None, player_name="A")
        await service.join(live, 2, seat=None, player_name="B")
        await service.start(live, 1)
        for i in range(ACTIONS):
            await service.act(live, 1 + (i % 2), "note", {"text": f"{n}-{i}"})
    await storage.close()


async def restore(path: Path) -> tuple[float, float, int]:
    start = time.perf_counter()
    storage = await Storage.open(str(path))
    service = GameService(storage)
    count = await service.restore()
    index = time.perf_counter() - start
    for live in list(service.live.values()):
        await service.load(live)
        assert live.game is not None, live.broken
    elapsed = time.perf_counter() - start
    await storage.close()
    return index, elapsed, count


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "games.db"
        asyncio.run(fill(db))
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        index, elapsed, count = asyncio.run(restore(db))
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"startup read the index of {count} games in {index * 1e3:.0f} ms")
    print(f"and every game loaded after it, in all {elapsed:.2f} s (target <= 5 s)")
    print(f"peak resident memory: {peak / 1024:.0f} MB (before restore {before / 1024:.0f} MB; "
          "target <= 300 MB)")


if __name__ == "__main__":
    main()
