"""Storage per game: a 700-action Cold Cash Risk game, measured every 100 actions.

Issue 13: "a 700-action Cold Cash Risk game at most 1 MB in the database, and the bytes
per action flat (not growing) from action 100 to action 700". One game (six seats, the
long ending) is played by seeded random play through `GameService`, the bot's own path
(snapshot every 20 actions, the default), into a database of its own. At each hundred
actions the WAL is checkpointed and the database measured: the file, and the bytes of
the game's rows (the log's columns, its one snapshot). The floor is the database with
the game just started. Run: .venv/bin/python bench/bench_growth.py
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import tempfile
from pathlib import Path

import _common  # noqa: F401  (puts the repository on sys.path)
import _late

from bot.service import GameService
from bot.storage import Storage
from engine import RuleError

VARIANT = "cold-cash-risk"
ACTIONS = 700


def measure(db: Path, game_id: int) -> tuple[int, int, int]:
    """(file bytes after a checkpoint, bytes of the game's log rows, of its snapshots)."""
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        log = conn.execute("SELECT sum(length(params) + length(step) + length(events) + "
                           "ifnull(length(seat), 0) + ifnull(length(action), 0) + 40) FROM "
                           "actions WHERE game_id = ?", (game_id,)).fetchone()[0]
        snaps = conn.execute("SELECT sum(length(state)) FROM snapshots WHERE game_id = ?",
                             (game_id,)).fetchone()[0]
    return db.stat().st_size, int(log), int(snaps)


async def main() -> None:
    _, seats, options = _late.LATE[VARIANT]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "growth.db"
        seed = 0
        while True:
            db.unlink(missing_ok=True)
            storage = await Storage.open(str(db))
            service = GameService(storage, seed_source=f"growth-{seed}".__str__)
            live = await service.create(variant=VARIANT, guild_id=1, channel_id=1,
                                        creator_id=1, options=options)
            for n, seat in enumerate(seats):
                await service.join(live, 100 + n, seat=seat, player_name=seat)
            await service.start(live, 1)
            sizes = {0: measure(db, live.id)}
            rnd = random.Random(f"growth-{seed}")
            done = 0
            while done < ACTIONS and live.game is not None and not live.game.finished:
                seat, action, params = _late._move(live.game, rnd)
                try:
                    await service.act_as_deadline(live, seat, action, params)
                except RuleError:
                    continue
                done += 1
                if done % 100 == 0:
                    sizes[done] = measure(db, live.id)
            await storage.close()
            if done == ACTIONS:
                break
            seed += 1  # that game ended early: play another
    file0 = sizes[0][0]
    print(f"{VARIANT}, {len(seats)} seats, snapshot every 20 actions; the database with the "
          f"game just started: {file0 / 1024:.0f} KiB (the floor)")
    print("actions | database file | above the floor | per action | last 100, per action | "
          "log rows | snapshot")
    previous = sizes[0]
    for n in sorted(sizes)[1:]:
        size, log, snap = sizes[n]
        step = (size - previous[0]) / 100
        print(f"{n:7d} | {size / 1024:9.0f} KiB | {(size - file0) / 1024:11.0f} KiB | "
              f"{(size - file0) / n:7.0f} B | {step:8.0f} B | {log / 1024:5.0f} KiB | "
              f"{snap / 1024:4.0f} KiB")
        previous = sizes[n]
    total = sizes[ACTIONS][0]
    print(f"a {ACTIONS}-action game: {total / 1e6:.2f} MB in the database (target <= 1 MB)")


if __name__ == "__main__":
    asyncio.run(main())
