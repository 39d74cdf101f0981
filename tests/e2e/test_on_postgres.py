"""The demo's whole game on both stores, compared (issue 27: "the storage, service and
end-to-end suites run against both stores"): the real bot and discord.py against the
stand-in for Discord, with `CROUPIER_DB` a file path, then a `postgresql://` URL of a fresh
database of the session's server (`tests/support/postgres.py`). Every other end-to-end test
runs on each store by itself (tests/e2e/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import psycopg

import tests.support.pig  # noqa: F401  (the "pig" variant, for stored_game)
from bot.client import Croupier
from bot.config import Settings
from demo.scripts import SCRIPTS
from demo.table import DemoTable, write_transcript
from sandbox import FakeDiscord

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
