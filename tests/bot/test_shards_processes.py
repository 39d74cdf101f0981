"""Two real bot processes (`python -m bot`), one shard each, against one stand-in (issue 27,
"Several processes"): the settings reach discord.py's sharded client, each process receives
only its shard's guild, and DMs reach shard 0's process.

Each process has its own SQLite file here (one bot per SQLite file); serving a DM about a game
another process holds needs the database they share (PostgreSQL), not tested here.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

import pytest

from bot.identify import default_lock_file
from sandbox import FakeDiscord
from sandbox.shards import IdentifyQueue

ROOT = Path(__file__).resolve().parents[2]


async def start(fake: FakeDiscord, tmp_path: Path, shard_id: int) -> asyncio.subprocess.Process:
    env = {**os.environ, "DISCORD_TOKEN": fake.bot_token,
           "CROUPIER_DB": str(tmp_path / f"shard{shard_id}.db"),
           "CROUPIER_SANDBOX_URL": fake.base_url, "CROUPIER_LOG_LEVEL": "WARNING",
           "CROUPIER_EXTENSIONS": "cogs.lobby,tests.e2e.pig_process",
           "CROUPIER_SHARD_COUNT": "2", "CROUPIER_SHARD_IDS": str(shard_id),
           # no CROUPIER_IDENTIFY_LOCK: the processes find the bot's own in the temp dir
           "TMPDIR": str(tmp_path)}
    env.pop("CROUPIER_IDENTIFY_LOCK", None)
    with (tmp_path / f"shard{shard_id}.log").open("a") as log:
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=ROOT, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=log)


def games_in(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        (count,) = conn.execute("SELECT COUNT(*) FROM games").fetchone()
    return int(count)


async def test_two_bot_processes_each_serve_their_shard_and_dms_reach_shard_0(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # as the processes' TMPDIR
    async with FakeDiscord() as fake:
        # max_concurrency 2: shards 0 and 1 are in different identify buckets and may start
        # together (Discord's 5 s window holds for each)
        fake.identify_queue = IdentifyQueue(max_concurrency=2, interval=5.0)
        even, odd = fake.add_guild("even", shard=(0, 2)), fake.add_guild("odd", shard=(1, 2))
        even_chan, odd_chan = fake.add_channel(even, "tables"), fake.add_channel(odd, "tables")
        ann = fake.add_user("ann")
        procs = [await start(fake, tmp_path, 0), await start(fake, tmp_path, 1)]
        try:
            deadline = time.monotonic() + 30
            while sorted(s.shard for s in fake.live_sessions()) != [(0, 2), (1, 2)]:
                logs = "\n".join(p.read_text() for p in sorted(tmp_path.glob("*.log")))
                assert all(p.returncode is None for p in procs), logs
                assert time.monotonic() < deadline, f"the processes did not connect:\n{logs}"
                await asyncio.sleep(0.02)
            await fake.settle(quiet=0.2, timeout=10)
            assert fake.identify_queue.refused == []
            turns = json.loads(default_lock_file(fake.application_id).read_text())
            assert set(turns) == {"0", "1"}  # both keys' turns, booked in the one file
            by_shard = {s.shard[0]: s for s in fake.live_sessions()}

            made = await fake.slash(ann, odd_chan, "game new", variant="pig")
            assert "New game of **Pig**" in made.text()
            await fake.slash(ann, even_chan, "game new", variant="pig")
            status = await fake.slash(ann, fake.dm_channel_id(ann), "game status")
            assert status.text()
            await fake.settle()
            assert games_in(tmp_path / "shard0.db") == 1 and games_in(tmp_path / "shard1.db") == 1
            assert by_shard[0].events.count("INTERACTION_CREATE") == 2  # even's and the DM
            assert by_shard[1].events.count("INTERACTION_CREATE") == 1  # odd's
            created = {s: [e for e in by_shard[s].events if e == "GUILD_CREATE"] for s in (0, 1)}
            assert created == {0: ["GUILD_CREATE"], 1: ["GUILD_CREATE"]}
        finally:
            for proc in procs:
                if proc.returncode is None:
                    proc.terminate()
                    await proc.wait()
