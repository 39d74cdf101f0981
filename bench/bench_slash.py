"""(b) A slash command's round trip through the sandbox, against a no-op command's.

The real bot and discord.py against the local stand-in for Discord. The floor is a
command that answers at once; the measured command is `/pig note`, a real action:
found, applied by the engine, stored durably, and acknowledged. `/pig peek`, a query
that goes through the same path but writes nothing, is measured beside them. Both are timed from
the interaction sent to the answer received, alternating, so both see the same load.
Target: the median at most 1.5x the no-op's. Run: .venv/bin/python bench/bench_slash.py

A third floor shows what durability alone costs on this machine: a bare durable commit
(one INSERT through aiosqlite into a scratch WAL database with synchronous=FULL, after the
same idle gap). No command that stores an action can come in under no-op + that commit, so
the storing command is reported against that sum, measured in the same run (issue 12):
target at most 1.15x.
"""

from __future__ import annotations

import asyncio
import logging
import statistics
import tempfile
import time
from pathlib import Path

import _common  # noqa: F401  (puts the repository on sys.path)
import aiosqlite

import tests.support.pig  # noqa: F401
from bot.client import Croupier
from bot.config import Settings
from bot.sandbox import FakeDiscord

REPEAT = 200


async def main() -> None:
    logging.disable(logging.WARNING)
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            guild = fake.add_guild()
            channel = fake.add_channel(guild, "bench")
            ann = fake.add_user("ann", guild_id=guild)
            bob = fake.add_user("bob", guild_id=guild)
            bot = Croupier(Settings(token=fake.bot_token, database=str(Path(tmp) / "b.db")),
                           extensions=("cogs.lobby", "tests.support.pig_cog", "noop_cog"))
            await fake.run_bot(bot)
            await fake.slash(ann, channel, "game new", variant="pig", options="target=100")
            await fake.slash(ann, channel, "game join")
            await fake.slash(bob, channel, "game join")
            await fake.slash(ann, channel, "game start")
            await fake.settle()
            scratch = await aiosqlite.connect(Path(tmp) / "bare.db", isolation_level=None)
            for pragma in ("journal_mode=WAL", "synchronous=FULL"):
                await scratch.execute(f"PRAGMA {pragma}")
            await scratch.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, body TEXT)")
            floor, action, query, commit = [], [], [], []
            for n in range(REPEAT):
                start = time.perf_counter()
                await scratch.execute("INSERT INTO t (body) VALUES (?)", (f"n{n}",))
                commit.append(time.perf_counter() - start)
                await fake.settle()
                start = time.perf_counter()
                await fake.slash(ann, channel, "noop", text=f"n{n}")
                floor.append(time.perf_counter() - start)
                await fake.settle()
                start = time.perf_counter()
                answer = await fake.slash(ann, channel, "pig note", text=f"n{n}")
                action.append(time.perf_counter() - start)
                assert "Done" in answer.text()
                await fake.settle()
                start = time.perf_counter()
                answer = await fake.slash(ann, channel, "pig peek")
                query.append(time.perf_counter() - start)
                assert "secret card" in answer.text()
                await fake.settle()
            await fake.stop_bot(bot)
            await scratch.close()
    f, a, q = statistics.median(floor), statistics.median(action), statistics.median(query)
    c = statistics.median(commit)
    print(f"no-op command round trip median: {f * 1e3:.2f} ms")
    print(f"/pig peek (a query: the game, the engine, no write) median: {q * 1e3:.2f} ms, "
          f"ratio {q / f:.2f}x")
    print(f"/pig note (stored action) median: {a * 1e3:.2f} ms")
    print(f"ratio: {a / f:.2f}x (target <= 1.5x)")
    print(f"bare durable commit (aiosqlite, WAL, synchronous=FULL) median: {c * 1e3:.2f} ms; "
          f"no-op + commit = {(f + c) / f:.2f}x, the least any stored action can cost here")
    pairs = statistics.median(x + y for x, y in zip(floor, commit, strict=True))
    print(f"/pig note against (no-op + bare durable commit): {a / (f + c):.2f}x of the sum "
          f"of medians, {a / pairs:.2f}x of the median sum (target <= 1.15x)")


if __name__ == "__main__":
    asyncio.run(main())
