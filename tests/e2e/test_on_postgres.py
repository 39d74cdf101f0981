"""The whole bot over PostgreSQL (issue 27: "the storage, service and end-to-end suites run
against both stores"): the real bot and discord.py against the stand-in for Discord, with
`CROUPIER_DB` a `postgresql://` URL of a fresh database of the session's server
(`tests/support/postgres.py`)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator
from pathlib import Path

import psycopg
import pytest

import engine
import tests.support.pig  # noqa: F401  (the "pig" variant, for stored_game)
from bot.client import Croupier
from bot.config import Settings
from demo.scripts import SCRIPTS
from demo.table import DemoTable, write_transcript
from sandbox import FakeDiscord
from tests.e2e.test_crashes import KILLS, BotProcess, slash
from tests.support.table import Table

DEMO = "killer-clue"  # what `python -m bot demo` plays


async def play_demo(database: str, out: Path) -> str:
    """`python -m bot demo`'s game (`demo.run.run_demo`) on `database`: its summary; the
    transcript written to `out`."""
    script, seed, players = SCRIPTS[DEMO]
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Croupier Demo")
        channel = fake.add_channel(guild, "game-table")
        users = {name: fake.add_user(name, guild_id=guild) for name in players}
        bot = Croupier(Settings(token=fake.bot_token, database=database),
                       seed_source=lambda: seed)
        await fake.run_bot(bot)
        try:
            summary = await script(DemoTable(fake, bot, channel, users))
        finally:
            await fake.stop_bot(bot)
            write_transcript(fake, out)
        assert not fake.internal_errors, fake.internal_errors
    return summary


async def test_the_demo_game_plays_the_same_over_postgresql(postgres_url: str,
                                                            tmp_path: Path) -> None:
    """A whole game of the demo, scripted players and all, over PostgreSQL: every player
    sees exactly what they see over SQLite (each channel's and DM's transcript, and every
    image, byte for byte), and the log holds the game, each player's action with the
    interaction that made it (issue 27: "an interaction id is unique")."""
    on_postgres = await play_demo(postgres_url, tmp_path / "postgres")
    on_sqlite = await play_demo(str(tmp_path / "demo.db"), tmp_path / "sqlite")
    assert on_postgres == on_sqlite
    written = sorted(p.name for p in (tmp_path / "sqlite").iterdir())
    assert written == sorted(p.name for p in (tmp_path / "postgres").iterdir())
    for name in written:
        assert (tmp_path / "postgres" / name).read_bytes() == \
            (tmp_path / "sqlite" / name).read_bytes(), name
    async with await psycopg.AsyncConnection.connect(postgres_url) as conn:
        cur = await conn.execute("SELECT status, seq, (SELECT count(*) FROM actions a WHERE "
                                 "a.game_id = g.id) FROM games g")
        ((status, seq, rows),) = await cur.fetchall()
        # Every action a player made carries the interaction that made it, each its own.
        cur = await conn.execute("SELECT count(*), count(interaction_id), count(DISTINCT "
                                 "interaction_id) FROM actions WHERE kind = 'act' AND "
                                 "user_id <> 0")
        ((made, carried, distinct),) = await cur.fetchall()
    assert status == "finished" and seq == rows > 10
    assert made == carried == distinct > 10


@pytest.fixture
async def pg_table(postgres_url: str, tmp_path: Path) -> AsyncIterator[Table]:
    """The `table` fixture (tests/support/table.py), its bot on PostgreSQL."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Croupier Test")
        channel = fake.add_channel(guild, "tables")
        users = {name: fake.add_user(name, guild_id=guild) for name in ("ann", "bob", "cy")}
        table = OnPostgres(fake, guild, channel, users, tmp_path / "unused.db")
        table.url = postgres_url
        try:
            yield table
        finally:
            await table.stop_bot()
        assert not fake.internal_errors, fake.internal_errors
        assert not fake.unknown_routes, fake.unknown_routes


class OnPostgres(Table):
    url = ""

    async def start_bot(self, seed: str = "e2e-seed") -> Croupier:
        settings = Settings(token=self.fake.bot_token, database=self.url)
        self.bot = Croupier(settings, clock=self.clock, seed_source=lambda: seed,
                            extensions=self.extensions)
        await self.fake.run_bot(self.bot)
        return self.bot


async def test_a_game_goes_on_after_a_restart_over_postgresql(pg_table: Table) -> None:
    """Issue 27, "the same contract": an action acknowledged is stored; after the bot
    restarts on the same PostgreSQL database the game goes on from it, from the log."""
    table = pg_table
    await table.start_bot()
    await table.pig_game("ann", "bob")
    assert "Done." in (await table.slash("ann", "pig hold")).text()
    await table.stop_bot()
    table.clock.advance(5)
    await table.start_bot()
    assert "Done." in (await table.slash("bob", "pig hold")).text()
    assert "Done." in (await table.slash("ann", "pig roll")).text()
    steps = await table.steps()
    assert [(s.seat, s.action) for s in steps] == [("ann", "hold"), ("bob", "hold"),
                                                   ("ann", "roll")]


async def stored_notes(url: str) -> list[str]:
    async with await psycopg.AsyncConnection.connect(url) as conn:
        cur = await conn.execute("SELECT params FROM actions WHERE action = 'note' ORDER BY seq")
        return [json.loads(p)["text"] for (p,) in await cur.fetchall()]


async def latest_note(url: str) -> str | None:
    async with await psycopg.AsyncConnection.connect(url) as conn:
        cur = await conn.execute("SELECT action, params FROM actions ORDER BY game_id, seq "
                                 "DESC LIMIT 1")
        row = await cur.fetchone()
    assert row is not None
    return json.loads(row[1])["text"] if row[0] == "note" else None


async def stored_game(url: str) -> tuple[int, engine.Game]:
    """The game as stored (`test_crashes.stored_game`, read from PostgreSQL)."""
    async with await psycopg.AsyncConnection.connect(url) as conn:
        cur = await conn.execute("SELECT seq, state FROM snapshots ORDER BY seq DESC LIMIT 1")
        row = await cur.fetchone()
        assert row is not None
        game = engine.load("pig", json.loads(row[1]))
        cur = await conn.execute("SELECT seat, action, params FROM actions WHERE seq > %s "
                                 "ORDER BY seq", (row[0],))
        for seat, action, params in await cur.fetchall():
            game.act(seat, action, **json.loads(params))
        cur = await conn.execute("SELECT seq FROM games")
        ((seq,),) = await cur.fetchall()
    return int(seq), game


async def test_killed_at_random_moments_over_postgresql_nothing_lost_nothing_twice(
        postgres_url: str, tmp_path: Path) -> None:
    """Issue 27, "the same contract: acknowledged only after commit", as
    `tests/e2e/test_crashes.py` checks it for SQLite (issue 12): `python -m bot` on a
    PostgreSQL database, killed (SIGKILL) while two players play, restarted, three times;
    every note acknowledged is stored, none twice, and the awaited seat's prompt works."""
    rng = random.Random(12)
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Croupier Test")
        channel = fake.add_channel(guild, "tables")
        users = {name: fake.add_user(name, guild_id=guild) for name in ("ann", "bob")}
        bot = BotProcess(fake, postgres_url, tmp_path / "bot.log")  # type: ignore[arg-type]
        await bot.start()
        try:
            await slash(fake, users["ann"], channel, "game new", variant="pig",
                        options="target=100")
            for name in ("ann", "bob"):
                await slash(fake, users[name], channel, "game join")
            await slash(fake, users["ann"], channel, "game start")
            await fake.settle()
            sent: dict[str, str] = {}
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
                stored, latest = set(await stored_notes(postgres_url)), \
                    await latest_note(postgres_url)
                for text in sorted(set(sent) - acknowledged):  # as test_crashes.py says why
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

            notes = await stored_notes(postgres_url)
            assert sorted(notes) == sorted(sent), "a note was lost or applied twice"
            assert len(acknowledged) == len(sent) > 8 * KILLS
            seq, game = await stored_game(postgres_url)
            (seat,) = game.prompts()
            prompt = next(m for m in reversed(fake.dms(users[seat])) if m.buttons())
            clicked = await fake.click(users[seat], prompt.id, prompt.button("Roll"))
            await fake.settle()
            assert "You chose: Roll" in clicked.text(), clicked.text()
            assert (await stored_game(postgres_url))[0] == seq + 1
        except BaseException:
            print(bot.log.read_text())
            raise
        finally:
            await bot.stop()
