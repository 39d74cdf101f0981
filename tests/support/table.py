"""End-to-end fixture `table`: the real bot, the real discord.py, a fake Discord on 127.0.0.1.

The bot's store is what `CROUPIER_DB` would say: an SQLite file here (tests/cogs and
tests/bot: the games' flow), either store in tests/e2e (its conftest runs each test on
both). `StoredRows` is the tests' one look into the store beside the bot's own API, in
either dialect."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import pytest

from bot.client import Croupier
from bot.config import Settings
from bot.service import steps_in_effect
from bot.stores import is_postgres_url
from engine import NotAllowed, Step
from sandbox import FakeDiscord, Interaction, Message


def store_of(database: str) -> str:
    """The store `database` (a `CROUPIER_DB` value) names: "sqlite" or "postgresql"."""
    return "postgresql" if is_postgres_url(database) else "sqlite"


class StoredRows:
    """Plain SQL on the bot's store, for what its API doesn't offer a test (a count, a
    row altered by hand): `?` placeholders in either dialect, one transaction per `open`,
    committed at its end. Reads through the bot's own API where there is one."""

    def __init__(self, database: str) -> None:
        self.database = database

    @contextlib.asynccontextmanager
    async def open(self) -> AsyncIterator[_Sql]:
        if is_postgres_url(self.database):
            import psycopg

            async with await psycopg.AsyncConnection.connect(self.database) as pg:
                yield _PgSql(pg)  # committed as the block ends (rolled back on an error)
            return
        with contextlib.closing(sqlite3.connect(self.database)) as conn, conn:
            yield _SqliteSql(conn)

    async def rows(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        """The rows `sql` returns (or [] for a statement that returns none)."""
        async with self.open() as db:
            return await db.rows(sql, *args)

    async def value(self, sql: str, *args: Any) -> Any:
        """The single value `sql` returns (a count, a column of one row)."""
        ((value,),) = await self.rows(sql, *args)
        return value


class _Sql(Protocol):
    """One connection of either store, for `StoredRows`."""

    async def rows(self, sql: str, *args: Any) -> list[tuple[Any, ...]]: ...


class _SqliteSql:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    async def rows(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        return list(self.conn.execute(sql, args).fetchall())


class _PgSql:
    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def rows(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        if args:  # psycopg's placeholders: `%s`, and a literal `%` doubled
            sql = sql.replace("%", "%%").replace("?", "%s")
        cur = await self.conn.execute(sql, args or None)
        return list(await cur.fetchall()) if cur.description is not None else []


class Clock:
    """A clock the test moves by hand (deadlines); starts at the real time."""

    def __init__(self) -> None:
        import time

        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Table:
    fake: FakeDiscord
    guild: int
    channel: int
    users: dict[str, int]
    database: str  # what `CROUPIER_DB` says: an SQLite file's path or a PostgreSQL URL
    clock: Clock = field(default_factory=Clock)
    bot: Croupier | None = None
    extensions: tuple[str, ...] = ("cogs.lobby", "tests.support.pig_cog")

    async def start_bot(self, seed: str = "e2e-seed") -> Croupier:
        settings = Settings(token=self.fake.bot_token, database=self.database)
        self.bot = Croupier(settings, clock=self.clock, seed_source=lambda: seed,
                            extensions=self.extensions)
        await self.fake.run_bot(self.bot)
        return self.bot

    @property
    def store(self) -> str:
        """"sqlite" or "postgresql"."""
        return store_of(self.database)

    @property
    def stored(self) -> StoredRows:
        """Plain SQL on the store (`StoredRows`), for what the bot's API doesn't offer."""
        return StoredRows(self.database)

    async def stop_bot(self) -> None:
        if self.bot is not None:
            await self.fake.stop_bot(self.bot)
            self.bot = None

    async def slash(self, who: str, command: str, channel: int | None = None,
                    **options: Any) -> Interaction:
        inter = await self.fake.slash(self.users[who], channel or self.channel, command,
                                      **options)
        await self.fake.settle()
        return inter

    def dms(self, user: str) -> list[Message]:
        return self.fake.dms(self.users[user])

    def said(self, channel: int | None = None) -> str:
        return "\n".join(m.text() for m in self.fake.messages(channel or self.channel))

    @property
    def live(self) -> Any:
        """The channel's game as the bot holds it now (after a restart: not yet loaded)."""
        assert self.bot is not None
        live = self.bot.service.entry_in(self.channel)
        if live is None:
            raise NotAllowed("There is no game in this channel.")
        return live

    async def loaded(self) -> Any:
        """The channel's game, loaded as a command to it would load it."""
        assert self.bot is not None
        return await self.bot.service.in_channel(self.channel)

    async def steps(self, game_id: int | None = None) -> list[Step]:
        """The steps in effect of the channel's game (or `game_id`), read from the log."""
        assert self.bot is not None
        rows = await self.bot.service.storage.actions(game_id or self.live.id)
        return steps_in_effect(rows)

    async def pig_game(self, *players: str, target: int = 10) -> None:
        """A started Pig game with `players` seated in that order."""
        await self.slash(players[0], "game new", variant="pig", options=f"target={target}")
        for name in players:
            await self.slash(name, "game join")
        await self.slash(players[0], "game start")


@contextlib.asynccontextmanager
async def a_table(database: str) -> AsyncIterator[Table]:
    """A stand-in Discord with a guild, a channel and four members (ann, bob, cy and mod,
    who may manage the server), and a `Table` whose bot will store in `database`; checks
    at the end that the stand-in saw no error of its own and no unknown route."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Croupier Test")
        channel = fake.add_channel(guild, "tables")
        users = {name: fake.add_user(name, guild_id=guild) for name in ("ann", "bob", "cy")}
        users["mod"] = fake.add_user("mod", guild_id=guild, manage_guild=True)
        t = Table(fake, guild, channel, users, database)
        try:
            yield t
        finally:
            await t.stop_bot()
        assert not fake.internal_errors, fake.internal_errors
        assert not fake.unknown_routes, fake.unknown_routes


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    """The table on SQLite (tests/e2e overrides it with one per store)."""
    async with a_table(str(tmp_path / "croupier.db")) as t:
        yield t
