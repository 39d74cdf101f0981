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

A fourth floor is the bot's own durable write alone: `Storage.append_action` (the schema's
action row, its primary-key index and the game row its trigger advances) into a scratch
database opened by the bot's own `Storage`, with the row the bot stored for the previous
`/pig note`. That write is what a stored action must make (the sequence check and the
game's advance are what keep the log consistent); the storing command against (no-op + its
own write) is everything else the path adds: finding the game, the engine, the repeat check,
the answer.
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
from bot.storage import Storage
from sandbox import FakeDiscord

REPEAT = 200
GAP = 0.03  # seconds of idleness before each timed call


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
            own = await Storage.open(str(Path(tmp) / "own.db"))
            own_id = await own.create_game(variant="pig", guild_id=guild, channel_id=channel,
                                           creator_id=ann, options={}, seed="s",
                                           commitment="c", now=0.0)
            await own.start_game(own_id, seat_order=[("ann", ann), ("bob", bob)], state={},
                                 events=[], now=0.0)
            store = bot.service.storage
            game_id = (await store.latest_game_in(channel)).id  # type: ignore[union-attr]
            floor, action, query, commit, own_write = [], [], [], [], []

            async def quiet() -> None:
                """The same idle gap before every timed call: what the bot has done is
                finished, then GAP seconds of nothing (an idle machine is slower to wake
                the database thread and its first fsync, so floors measured without the
                gap would flatter themselves)."""
                await fake.settle()
                await asyncio.sleep(GAP)

            for n in range(REPEAT):
                await quiet()
                start = time.perf_counter()
                await scratch.execute("INSERT INTO t (body) VALUES (?)", (f"n{n}",))
                commit.append(time.perf_counter() - start)
                if n:  # the row the bot stored for the previous /pig note, written again
                    last = (await store.actions(game_id))[-1]
                    await quiet()
                    start = time.perf_counter()
                    await own.append_action(
                        own_id, expected_seq=n, kind="act", seat=last.seat,
                        action=last.action, params=last.params, user_id=last.user_id,
                        step=last.step, events=last.events, snapshot=None, finished=False,
                        now=float(n))
                    own_write.append(time.perf_counter() - start)
                await quiet()
                start = time.perf_counter()
                await fake.slash(ann, channel, "noop", text=f"n{n}")
                floor.append(time.perf_counter() - start)
                await quiet()
                start = time.perf_counter()
                answer = await fake.slash(ann, channel, "pig note", text=f"n{n}")
                action.append(time.perf_counter() - start)
                assert "Done" in answer.text()
                await quiet()
                start = time.perf_counter()
                answer = await fake.slash(ann, channel, "pig peek")
                query.append(time.perf_counter() - start)
                assert "secret card" in answer.text()
            await fake.stop_bot(bot)
            await scratch.close()
            await own.close()
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
    o = statistics.median(own_write)
    own_pairs = statistics.median(x + y for x, y in zip(floor[1:], own_write, strict=True))
    print(f"the bot's own durable write alone (Storage.append_action, the same row) median: "
          f"{o * 1e3:.2f} ms, {o / c:.2f}x the bare commit")
    print(f"/pig note against (no-op + the bot's own write): {a / (f + o):.2f}x of the sum of "
          f"medians, {a / own_pairs:.2f}x of the median sum")


if __name__ == "__main__":
    asyncio.run(main())
