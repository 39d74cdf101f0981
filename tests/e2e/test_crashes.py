"""The bot process killed (SIGKILL) at random moments during play, restarted on the same
database (issue 12): nothing acknowledged is lost, nothing is applied twice, and every
awaited seat then has a prompt whose buttons work.

The stand-in runs in the test process; the bot runs as `python -m bot`, pointed at it by
the test-only `CROUPIER_SANDBOX_URL`, on each store (`CROUPIER_DB` a file path or a
`postgresql://` URL: tests/e2e/conftest.py).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import engine
import tests.support.pig  # noqa: F401  (the "pig" variant, for stored_game)
from sandbox import FakeDiscord, Interaction, SandboxError
from tests.support.table import StoredRows, store_of

ROOT = Path(__file__).resolve().parents[2]
KILLS = 3


async def stored_game(database: str, game_id: int = 1) -> tuple[int, engine.Game]:
    """The game as stored: its latest snapshot plus the log after it (the one place these
    tests rebuild a game, so that a change of the engine's log is one line to adapt)."""
    async with StoredRows(database).open() as db:
        ((snap_seq, state),) = await db.rows(
            "SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            game_id)
        game = engine.load("pig", json.loads(state))
        ((seq,),) = await db.rows("SELECT seq FROM games WHERE id = ?", game_id)
        for kind, seat, action, params in await db.rows(
                "SELECT kind, seat, action, params FROM actions WHERE game_id = ? AND "
                "seq > ? ORDER BY seq", game_id, snap_seq):
            assert kind == "act"
            game.act(seat, action, **json.loads(params))
    return int(seq), game


async def stored_notes(database: str) -> list[str]:
    return [json.loads(p)["text"] for (p,) in await StoredRows(database).rows(
        "SELECT params FROM actions WHERE action = 'note' ORDER BY game_id, seq")]


async def latest_note(database: str, game_id: int = 1) -> str | None:
    """The text of the game's latest action if it is a note."""
    ((action, params),) = await StoredRows(database).rows(
        "SELECT action, params FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
        game_id)
    return json.loads(params)["text"] if action == "note" else None


class BotProcess:
    """`python -m bot` against the stand-in, its log kept in a file."""

    def __init__(self, fake: FakeDiscord, database: str, log: Path,
                 extensions: str | None = "cogs.lobby,tests.e2e.pig_process") -> None:
        """`database`: `CROUPIER_DB` (a file path or a URL); `extensions`: the cogs to load
        (None: the bot's own, every game)."""
        self.fake, self.database, self.log, self.extensions = fake, database, log, extensions
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        env = {**os.environ, "DISCORD_TOKEN": self.fake.bot_token, "CROUPIER_DB": self.database,
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
        database: str, tmp_path: Path) -> None:
    rng = random.Random(12)
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Croupier Test")
        channel = fake.add_channel(guild, "tables")
        users = {name: fake.add_user(name, guild_id=guild) for name in ("ann", "bob")}
        bot = BotProcess(fake, database, tmp_path / "bot.log")
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

            killed = asyncio.Event()  # play stops: the bot was killed

            async def play() -> None:
                while not killed.is_set():  # (a cancel can be lost in Python 3.11)
                    await asyncio.gather(note("ann"), note("bob"),
                                         slash(fake, users["ann"], channel, "pig roll"),
                                         slash(fake, users["bob"], channel, "pig roll"))

            for kill in range(1, KILLS + 1):
                killed.clear()
                playing = asyncio.create_task(play())
                await asyncio.sleep(rng.uniform(0.2, 0.8))
                while len(sent) <= 9 * kill:  # enough play before each kill, however busy
                    await asyncio.sleep(0.01)  # the machine is
                killed.set()
                await bot.kill()
                playing.cancel()
                await asyncio.gather(playing, return_exceptions=True)
                await bot.start()
                # A note whose answer never came and that the log doesn't show is typed
                # again, and applied now. One the log shows counted: typed again while it
                # is still the game's latest action, the player is told it was applied and
                # nothing changes; once the game moved on, the same command is a new one
                # (issue 22), so a player who reads the log doesn't type it again.
                stored = set(await stored_notes(database))
                latest = await latest_note(database)
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

            notes = await stored_notes(database)
            assert sorted(notes) == sorted(sent), "a note was lost or applied twice"
            assert len(acknowledged) == len(sent) > 8 * KILLS

            # Every awaited seat has a prompt for the game as it is now, and it works.
            seq, game = await stored_game(database)
            (seat,) = game.prompts()
            prompt = next(m for m in reversed(fake.dms(users[seat])) if m.buttons())
            roll = prompt.button("Roll")
            clicked = await fake.click(users[seat], prompt.id, roll)
            await fake.settle()
            assert "You chose: Roll" in clicked.text(), clicked.text()
            assert (await stored_game(database))[0] == seq + 1
        except BaseException:
            print(bot.log.read_text())
            print(await StoredRows(database).rows("SELECT id, status, seq FROM games"))
            raise
        finally:
            await bot.stop()


def unusable(database: str, tmp_path: Path) -> list[tuple[str, str]]:
    """`CROUPIER_DB` values the bot can't use, each with the words that must name it in the
    message: a file that isn't an SQLite database and one in a folder that doesn't exist; a
    PostgreSQL database that doesn't exist on the server, and a server that isn't there."""
    if store_of(database) == "sqlite":
        not_a_database = tmp_path / "croupier.db"
        not_a_database.write_bytes(b"this is not an SQLite database, just some text\n" * 40)
        return [(str(path), str(path)) for path in
                (not_a_database, tmp_path / "no-such-folder" / "croupier.db")]
    parts = urlsplit(database)
    query = dict(parse_qsl(parts.query))
    no_database = urlunsplit(parts._replace(path="/no_such_database"))
    no_server = urlunsplit(parts._replace(query=urlencode({**query, "host": str(tmp_path)})))
    return [(no_database, "the PostgreSQL database no_such_database"),
            (no_server, f"on {tmp_path}")]


async def test_a_database_that_cannot_be_opened_ends_the_process_with_a_message(
        database: str, tmp_path: Path) -> None:
    for value, named in unusable(database, tmp_path):
        env = {**os.environ, "DISCORD_TOKEN": "unused", "CROUPIER_DB": value}
        started = time.monotonic()
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=ROOT, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        _, err = await asyncio.wait_for(proc.communicate(), timeout=15)
        assert proc.returncode not in (0, None)
        assert time.monotonic() - started < 15
        message = err.decode()
        assert "can't start" in message and named in message, message
        assert "Traceback" not in message
