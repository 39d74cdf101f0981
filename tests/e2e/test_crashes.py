"""The bot process killed (SIGKILL) at random moments during play, restarted on the same
database (issue 12): nothing acknowledged is lost, nothing is applied twice, and every
awaited seat then has a prompt whose buttons work.

The stand-in runs in the test process; the bot runs as `python -m bot`, pointed at it by
the test-only `CROUPIER_SANDBOX_URL`.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

import engine
import tests.support.pig  # noqa: F401  (the "pig" variant, for stored_game)
from sandbox import FakeDiscord, Interaction, SandboxError

ROOT = Path(__file__).resolve().parents[2]
KILLS = 3


def stored_game(db: Path, game_id: int = 1) -> tuple[int, engine.Game]:
    """The game as stored: its latest snapshot plus the log after it (the one place these
    tests rebuild a game, so that a change of the engine's log is one line to adapt)."""
    with sqlite3.connect(db) as conn:
        snap_seq, state = conn.execute(
            "SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id,)).fetchone()
        game = engine.load("pig", json.loads(state))
        (seq,) = conn.execute("SELECT seq FROM games WHERE id = ?", (game_id,)).fetchone()
        for kind, seat, action, params in conn.execute(
                "SELECT kind, seat, action, params FROM actions WHERE game_id = ? AND "
                "seq > ? ORDER BY seq", (game_id, snap_seq)):
            assert kind == "act"
            game.act(seat, action, **json.loads(params))
    return seq, game


def stored_notes(db: Path) -> list[str]:
    with sqlite3.connect(db) as conn:
        return [json.loads(p)["text"] for (p,) in conn.execute(
            "SELECT params FROM actions WHERE action = 'note' ORDER BY seq")]


def latest_note(db: Path, game_id: int = 1) -> str | None:
    """The text of the game's latest action if it is a note."""
    with sqlite3.connect(db) as conn:
        action, params = conn.execute(
            "SELECT action, params FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id,)).fetchone()
    return json.loads(params)["text"] if action == "note" else None


class BotProcess:
    """`python -m bot` against the stand-in, its log kept in a file."""

    def __init__(self, fake: FakeDiscord, db: Path, log: Path,
                 extensions: str | None = "cogs.lobby,tests.e2e.pig_process") -> None:
        """`extensions`: the cogs to load (None: the bot's own, every game)."""
        self.fake, self.db, self.log, self.extensions = fake, db, log, extensions
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        env = {**os.environ, "DISCORD_TOKEN": self.fake.bot_token, "CROUPIER_DB": str(self.db),
               "CROUPIER_SANDBOX_URL": self.fake.base_url, "CROUPIER_LOG_LEVEL": "WARNING"}
        env.pop("CROUPIER_EXTENSIONS", None)
        if self.extensions is not None:
            env["CROUPIER_EXTENSIONS"] = self.extensions
        # The sessions before this start (a killed bot's leaves the list when the stand-in
        # notices, so a count would be off by one).
        before = {id(s): s for s in self.fake._sessions}  # (kept alive: ids stay unique)
        with self.log.open("a") as log:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=ROOT, env=env,
                stdout=asyncio.subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 20
        while not any(s.live and id(s) not in before for s in self.fake._sessions):
            if self.proc.returncode is not None or time.monotonic() > deadline:
                await self.kill_if_running()  # never left behind by a failed test
                raise AssertionError(f"the bot did not connect ({self.proc.returncode}):\n"
                                     f"{self.log.read_text()}")
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.2)  # READY and the guild processed

    async def kill_if_running(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()

    async def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()  # SIGKILL: no cleanup of any kind
        await self.proc.wait()

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            await self.proc.wait()


async def slash(fake: FakeDiscord, user: int, channel: int, command: str,
                **options: Any) -> Interaction | None:
    """A slash command; None when the bot never answered (it was killed meanwhile)."""
    try:
        return await fake.slash(user, channel, command, **options)
    except SandboxError:
        return None


async def test_killed_at_random_moments_nothing_lost_nothing_twice_every_seat_can_play(
        tmp_path: Path) -> None:
    rng = random.Random(12)
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Croupier Test")
        channel = fake.add_channel(guild, "tables")
        users = {name: fake.add_user(name, guild_id=guild) for name in ("ann", "bob")}
        db = tmp_path / "croupier.db"
        bot = BotProcess(fake, db, tmp_path / "bot.log")
        await bot.start()
        try:
            await slash(fake, users["ann"], channel, "game new", variant="pig",
                        options="target=100")
            for name in ("ann", "bob"):
                await slash(fake, users[name], channel, "game join")
            await slash(fake, users["ann"], channel, "game start")
            await fake.settle()

            sent: dict[str, str] = {}  # note text -> who sent it
            acknowledged: set[str] = set()
            counter = iter(range(10_000))

            async def note(name: str) -> None:
                text = f"{name}-{next(counter)}"
                sent[text] = name
                answer = await slash(fake, users[name], channel, "pig note", text=text)
                if answer is not None and "Done." in answer.text():
                    acknowledged.add(text)

            async def play() -> None:
                while True:
                    await asyncio.gather(note("ann"), note("bob"),
                                         slash(fake, users["ann"], channel, "pig roll"),
                                         slash(fake, users["bob"], channel, "pig roll"))

            for _ in range(KILLS):
                playing = asyncio.create_task(play())
                await asyncio.sleep(rng.uniform(0.2, 0.8))
                await bot.kill()
                playing.cancel()
                await asyncio.gather(playing, return_exceptions=True)
                await bot.start()
                # A note whose answer never came and that the log doesn't show is typed
                # again, and applied now. One the log shows counted: typed again while it
                # is still the game's latest action, the player is told it was applied and
                # nothing changes; once the game moved on, the same command is a new one
                # (issue 22), so a player who reads the log doesn't type it again.
                stored = set(stored_notes(db))
                latest = latest_note(db)
                for text in sorted(set(sent) - acknowledged):
                    if text in stored and text != latest:
                        acknowledged.add(text)
                        continue
                    again = await slash(fake, users[sent[text]], channel, "pig note",
                                        text=text)
                    assert again is not None
                    expected = "was applied" if text in stored else "Done."
                    assert expected in again.text(), (text, again.text())
                    acknowledged.add(text)
                await fake.settle()

            notes = stored_notes(db)
            assert sorted(notes) == sorted(sent), "a note was lost or applied twice"
            assert len(acknowledged) == len(sent) > 8 * KILLS

            # Every awaited seat has a prompt for the game as it is now, and it works.
            seq, game = stored_game(db)
            (seat,) = game.prompts()
            prompt = next(m for m in reversed(fake.dms(users[seat])) if m.buttons())
            roll = prompt.button("Roll")
            clicked = await fake.click(users[seat], prompt.id, roll)
            await fake.settle()
            assert "You chose: Roll" in clicked.text(), clicked.text()
            assert stored_game(db)[0] == seq + 1
        except BaseException:
            print(bot.log.read_text())
            with sqlite3.connect(db) as conn:
                print(conn.execute("SELECT id, status, seq FROM games").fetchall())
            raise
        finally:
            await bot.stop()


async def test_a_database_that_cannot_be_opened_ends_the_process_with_a_message(
        tmp_path: Path) -> None:
    not_a_database = tmp_path / "croupier.db"
    not_a_database.write_bytes(b"this is not an SQLite database, just some text\n" * 40)
    for path in (not_a_database, tmp_path / "no-such-folder" / "croupier.db"):
        env = {**os.environ, "DISCORD_TOKEN": "unused", "CROUPIER_DB": str(path)}
        started = time.monotonic()
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=ROOT, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        _, err = await asyncio.wait_for(proc.communicate(), timeout=15)
        assert proc.returncode not in (0, None)
        assert time.monotonic() - started < 15
        message = err.decode()
        assert "can't start" in message and str(path) in message
        assert "Traceback" not in message
