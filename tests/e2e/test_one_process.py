"""One bot process per SQLite database (issue 22): "Two processes on one SQLite file are
not noticed (a common mistake: a second terminal, a container restarted beside the old
one) ... the survivor refused 2,140 of 2,140 legal moves after the other stopped".

SQLite alone by nature: over PostgreSQL several processes share the database (issue 27,
tests/e2e/test_dm_across_processes.py)."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

from sandbox import FakeDiscord
from tests.e2e.test_crashes import ROOT, BotProcess, slash


async def test_a_second_bot_on_the_same_sqlite_database_exits_and_the_first_serves_on(
        sqlite_database: str, tmp_path: Path) -> None:
    """Issue 22: "the second one exits at start with a message saying another bot holds
    the database (an exclusive lock held for the process's life), as it does for a file it
    cannot open"."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Croupier Test")
        channel = fake.add_channel(guild, "tables")
        users = {name: fake.add_user(name, guild_id=guild) for name in ("ann", "bob")}
        db = sqlite_database
        first = BotProcess(fake, db, tmp_path / "first.log")
        await first.start()
        try:
            await slash(fake, users["ann"], channel, "game new", variant="pig")
            for name in ("ann", "bob"):
                await slash(fake, users[name], channel, "game join")
            await slash(fake, users["ann"], channel, "game start")

            sessions = len(fake._sessions)
            env = {**os.environ, "DISCORD_TOKEN": fake.bot_token, "CROUPIER_DB": str(db),
                   "CROUPIER_SANDBOX_URL": fake.base_url, "CROUPIER_LOG_LEVEL": "WARNING",
                   "CROUPIER_EXTENSIONS": "cogs.lobby,tests.e2e.pig_process"}
            started = time.monotonic()
            second = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=ROOT, env=env,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
            try:
                _, err = await asyncio.wait_for(second.communicate(), timeout=15)
            finally:
                if second.returncode is None:  # it ran on beside the first: stop it
                    second.kill()
                    await second.wait()
            message = err.decode()
            assert second.returncode == 3, message  # as for a database it can't open
            assert time.monotonic() - started < 15
            assert "Croupier can't start: another Croupier bot is running on the " \
                   f"database {str(db)!r}" in message, message
            assert "Traceback" not in message
            assert len(fake._sessions) == sessions  # it never connected

            # The first serves on, from one memory.
            rolled = await slash(fake, users["ann"], channel, "pig roll")
            assert rolled is not None and "Done." in rolled.text(), rolled

            # Killed (-9), it leaves no lock behind: the next bot starts and plays.
            await first.kill()
            third = BotProcess(fake, db, tmp_path / "third.log")
            try:
                await third.start()
                status = await slash(fake, users["bob"], channel, "game status")
                assert status is not None and "Pig" in status.text()
            finally:
                await third.stop()
        finally:
            await first.stop()
