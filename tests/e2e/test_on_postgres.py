"""The whole bot over PostgreSQL (issue 27: "the storage, service and end-to-end suites run
against both stores"): the real bot and discord.py against the stand-in for Discord, with
`CROUPIER_DB` a `postgresql://` URL of a fresh database of the session's server
(`tests/support/postgres.py`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import psycopg
import pytest

from bot.client import Croupier
from bot.config import Settings
from demo.scripts import SCRIPTS
from demo.table import DemoTable, write_transcript
from sandbox import FakeDiscord
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
    image, byte for byte), and the log holds the game."""
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
    assert status == "finished" and seq == rows > 10


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
