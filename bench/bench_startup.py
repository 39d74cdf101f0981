"""Startup with 10,000 stored late games, and the first command to a game not yet loaded.

Issue 13, against floors measured in the same run:
- startup (the real bot on the sandbox, from construction to the answer of its first
  command) with 10,000 stored late games, the three variants mixed: at most 1.2x
  (the same with an empty database + reading the index rows alone);
- the first command to an unloaded game: at most 1.2x (the same command to the loaded
  game + loading that game alone). The command is each game's private query (`/hf deck`,
  `/clue hand`, `/ccr table portfolio`): the whole path, nothing stored, so it can be repeated.
  Loading alone is timed on an identical stored copy of the game that nothing touched yet,
  so that both loads read their rows from the disk cold, as a first command does.
  Each is timed on the wall clock and in the process's CPU time (the sandbox runs in the
  same process, so a command's CPU time is its whole cost): on a shared, loaded machine a
  burst of work inside a command is preempted more often than the same work started from
  idle, which the wall clock counts and the CPU time does not.
The database is generated once by seeded random play and cached (bench/_late.py).
Run: .venv/bin/python bench/bench_startup.py
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

import _common  # noqa: F401  (puts the repository on sys.path)
import _late

from bot.client import Croupier
from bot.config import Settings
from bot.storage import Storage
from sandbox import FakeDiscord

BOOTS = 9
PER_VARIANT = 20  # unloaded games commanded, per variant
EXTENSIONS = ("cogs.lobby", "cogs.hf", "cogs.clue", "cogs.ccr", "noop_cog")
QUERY = {"hf-political-events": "hf deck", "killer-clue": "clue hand",
         "cold-cash-risk": "ccr table portfolio"}


async def boot(fake: FakeDiscord, db: Path, user: int, channel: int) -> tuple[float, Croupier]:
    """Seconds from a new bot to the answer of its first command (a no-op)."""
    start = time.perf_counter()
    bot = Croupier(Settings(token=fake.bot_token, database=str(db)), extensions=EXTENSIONS)
    await fake.run_bot(bot)
    answer = await fake.slash(user, channel, "noop", text="first")
    elapsed = time.perf_counter() - start
    assert "Done" in answer.text(), answer.text()
    return elapsed, bot


async def index_alone(db: Path) -> float:
    """Reading the index rows (unfinished games and their seats) from an open database."""
    storage = await Storage.open(str(db))
    start = time.perf_counter()
    games = await storage.live_games()
    seats = await storage.live_seats()
    elapsed = time.perf_counter() - start
    await storage.close()
    assert len(games) >= 10_000 and len(seats) == len(games)
    return elapsed


def seat_the_user(db: Path, user: int, channels: dict[str, list[int]]) -> dict[str, list[int]]:
    """Move a few stored games of each variant into sandbox channels, the user in a seat."""
    chosen: dict[str, list[int]] = {}
    with sqlite3.connect(db) as conn:
        for variant, wanted in channels.items():
            ids = [r[0] for r in conn.execute(
                "SELECT id FROM games WHERE status = 'running' AND variant = ? ORDER BY id "
                "DESC LIMIT ?", (variant, len(wanted)))]
            for game_id, channel in zip(ids, wanted, strict=True):
                conn.execute("UPDATE games SET channel_id = ? WHERE id = ?", (channel, game_id))
                conn.execute("UPDATE seats SET user_id = ? WHERE game_id = ? AND position = 0",
                             (user, game_id))
            chosen[variant] = ids
    return chosen


async def first_commands(fake: FakeDiscord, bot: Croupier, user: int,
                         games: dict[str, list[int]]) -> dict[str, tuple[tuple[float, float], ...]]:
    """Per variant: the first command (loads the game), the same again, loading alone."""
    service = bot.service
    copies: dict[str, list[int]] = {}
    for entry in service.live.values():
        copies.setdefault(entry.row.seed, []).append(entry.id)
    commanded = {game_id for ids in games.values() for game_id in ids}
    times: dict[str, tuple[list[tuple[float, float]], list[tuple[float, float]],
                           list[tuple[float, float]]]] = {v: ([], [], []) for v in games}
    for turn in range(max(len(ids) for ids in games.values())):
        for variant, ids in games.items():  # the variants interleaved, as the load varies
            first, again, load = times[variant]
            game_id = ids[turn]
            live = service.live[game_id]
            assert live.game is None
            twin = next(service.live[g] for g in copies[live.row.seed]
                        if g not in commanded and service.live[g].game is None)
            await fake.settle()
            start, cpu = time.perf_counter(), time.process_time()
            await service.load(twin)
            load.append((time.perf_counter() - start, time.process_time() - cpu))
            assert twin.game is not None and twin.broken is None
            channel = live.row.channel_id
            # The channel's first command costs discord.py and the sandbox something
            # whatever the game: pay it before timing.
            await fake.slash(user, channel, "noop", text="warm")
            await fake.settle()
            start, cpu = time.perf_counter(), time.process_time()
            answer = await fake.slash(user, channel, QUERY[variant])
            first.append((time.perf_counter() - start, time.process_time() - cpu))
            assert "\N{NO ENTRY SIGN}" not in answer.text(), answer.text()
            assert live.game is not None
            await fake.settle()
            start, cpu = time.perf_counter(), time.process_time()
            await fake.slash(user, channel, QUERY[variant])
            again.append((time.perf_counter() - start, time.process_time() - cpu))
    return {v: tuple((statistics.median(x[0] for x in m), statistics.median(x[1] for x in m))
                     for m in (f, a, load))
            for v, (f, a, load) in times.items()}


async def main() -> None:
    logging.disable(logging.WARNING)
    stored = _late.stored_database(10_000)
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty.db"
        async with FakeDiscord() as fake:
            guild = fake.add_guild()
            channel = fake.add_channel(guild, "bench")
            ann = fake.add_user("ann", guild_id=guild)
            tables = {v: [fake.add_channel(guild, f"{v}-{n}") for n in range(PER_VARIANT)]
                      for v in _late.VARIANTS}
            games = seat_the_user(stored, ann, tables)
            full, floor, index = [], [], []
            for n in range(BOOTS):
                elapsed, bot = await boot(fake, empty, ann, channel)
                floor.append(elapsed)
                await fake.stop_bot(bot)
                index.append(await index_alone(stored))
                elapsed, bot = await boot(fake, stored, ann, channel)
                full.append(elapsed)
                assert len(bot.service.live) >= 10_000
                if n == BOOTS - 1:
                    commands = await first_commands(fake, bot, ann, games)
                await fake.stop_bot(bot)
    f, e, i = (statistics.median(x) for x in (full, floor, index))
    print(f"startup to the first answered command, 10,000 stored late games: {f * 1e3:.0f} ms")
    print(f"  floor: empty database {e * 1e3:.0f} ms + reading the index rows {i * 1e3:.0f} ms")
    print(f"  ratio: {f / (e + i):.2f}x (target <= 1.2x)")
    for variant, (first, again, load) in commands.items():
        for kind, n in (("wall", 0), ("CPU", 1)):
            print(f"first command to an unloaded {variant} game ({kind}): {first[n] * 1e3:.1f} "
                  f"ms; loaded {again[n] * 1e3:.1f} ms + loading alone {load[n] * 1e3:.1f} ms; "
                  f"ratio {first[n] / (again[n] + load[n]):.2f}x (target <= 1.2x)")


if __name__ == "__main__":
    asyncio.run(main())
