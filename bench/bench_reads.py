"""Issue 23: what the bot reads per stored player action, over each whole demo game.

Not a timing: counts. Each demo script plays its game through the real bot against the
sandbox, in this process, while the probe counts, at two boundaries that stay whatever
`bot/` becomes:

- evaluations of the engine's `Game.prompts()` (the facade, and every variant's override
  of it; a call nested in another, an override calling `super().prompts()`, is one
  evaluation). `Game.act`'s own check of the prompt is one of them.
- SQL statements the bot's storage executes: through aiosqlite (its one connection) and
  through any plain `sqlite3` connection used on the event loop's thread (the read-only
  connection that loads a game). SELECTs are reads; INSERT, UPDATE, DELETE and REPLACE are
  writes; BEGIN, COMMIT, ROLLBACK and PRAGMA are neither.

Bot or player: the demo's scripted players also call `prompts()` and the storage
themselves (to choose their moves, to find their prompt message). A call counts for the
bot only if no frame of its stack belongs to the player's side (the demo scripts, the
clicking harness, this probe). The bot answers each command and click in tasks of its
own, started by discord.py from the gateway, so their stacks never reach the players'.

Per game: stored player actions (rows of kind 'act' with a user: not the deadline's),
then the bot's prompts() evaluations, SQL reads and writes per action.
Run: .venv/bin/python bench/bench_reads.py [--detail] [variant ...]
(--detail: also where the bot's prompts() evaluations come from, and its reads and writes
by statement).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import sqlite3
import sys
import tempfile
import threading
import types
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import _common  # noqa: F401  (puts the repository on sys.path)
import aiosqlite

import bot
import cogs
import demo
import engine
from bot.client import Croupier
from bot.config import Settings
from demo.scripts import SCRIPTS
from demo.table import DemoTable
from engine import Game
from sandbox import FakeDiscord

# The players' side of the table: a call whose task's stack passes through one of these
# (or this probe) is the scripted players', not the bot's. A package counts with every
# module in it.
PLAYER_SIDE: tuple[types.ModuleType, ...] = (demo,)
# Where the bot's own code lives: a call for the bot passes through one of these.
BOT_SIDE: tuple[types.ModuleType, ...] = (bot, cogs)

BOT, PLAYERS, ELSEWHERE = "bot", "players", "elsewhere"
READ, WRITE, OTHER = "read", "write", "other"
WRITE_VERBS = frozenset({"INSERT", "UPDATE", "DELETE", "REPLACE"})


def _places(modules: tuple[types.ModuleType, ...]) -> tuple[frozenset[str], tuple[str, ...]]:
    """The source files of plain modules, and the folders of packages (as prefixes)."""
    files: set[str] = set()
    folders: list[str] = []
    for module in modules:
        if hasattr(module, "__path__"):
            folders += [str(Path(p)) + "/" for p in module.__path__]
        elif module.__file__:
            files.add(module.__file__)
    return frozenset(files), tuple(folders)


PLAYER_FILES, PLAYER_FOLDERS = _places((*PLAYER_SIDE, sys.modules[__name__]))
BOT_FILES, BOT_FOLDERS = _places(BOT_SIDE)


# Where a task's own stack ends: below it are the event loop's frames and whoever started it.
TASK_BOTTOM = asyncio.events.Handle._run.__code__


def side_of(frame: types.FrameType | None) -> str:
    """Whose call this is: the players' if any frame of its task's stack is theirs, else
    the bot's if a frame is the bot's, else neither (which should never happen: reported)."""
    seen_bot = False
    while frame is not None and frame.f_code is not TASK_BOTTOM:
        name = frame.f_code.co_filename
        if name in PLAYER_FILES or name.startswith(PLAYER_FOLDERS):
            return PLAYERS
        seen_bot = seen_bot or name in BOT_FILES or name.startswith(BOT_FOLDERS)
        frame = frame.f_back
    return BOT if seen_bot else ELSEWHERE


ENGINE_FOLDERS = tuple(str(Path(p)) + "/" for p in engine.__path__)
ROOT = str(Path(_common.ROOT)) + "/"


def caller_outside_engine(frame: types.FrameType | None) -> str:
    """The first function outside the engine on the stack, as path:function."""
    while frame is not None and frame.f_code.co_filename.startswith(ENGINE_FOLDERS):
        frame = frame.f_back
    if frame is None:
        return "?"
    return f"{frame.f_code.co_filename.removeprefix(ROOT)}:{frame.f_code.co_name}"


def kind_of(sql: str) -> str:
    verb = sql.lstrip().split(None, 1)[0].upper() if sql.strip() else ""
    if verb in ("SELECT", "WITH"):
        return READ
    return WRITE if verb in WRITE_VERBS else OTHER


@dataclass
class Tally:
    """What was counted while `counting` is on, by side."""

    counting: bool = False
    prompts: Counter[str] = field(default_factory=Counter)
    sql: Counter[tuple[str, str]] = field(default_factory=Counter)  # (side, kind)
    # With --detail: the bot's prompts() by caller, its reads by statement.
    detail: bool = False
    callers: Counter[str] = field(default_factory=Counter)
    statements: Counter[str] = field(default_factory=Counter)

    def reset(self) -> None:
        self.prompts.clear()
        self.sql.clear()
        self.callers.clear()
        self.statements.clear()


TALLY = Tally()
_nested = threading.local()  # depth of prompts() calls on this thread


def _counting_prompts(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def prompts(self: Game) -> Any:
        depth = getattr(_nested, "depth", 0)
        if depth == 0 and TALLY.counting:
            side = side_of(sys._getframe(1))
            TALLY.prompts[side] += 1
            if TALLY.detail and side == BOT:
                TALLY.callers[caller_outside_engine(sys._getframe(1))] += 1
        _nested.depth = depth + 1
        try:
            return original(self)
        finally:
            _nested.depth = depth
    return prompts


def _count_sql(sql: str, caller: types.FrameType | None) -> None:
    if TALLY.counting:
        side, kind = side_of(caller), kind_of(sql)
        TALLY.sql[side, kind] += 1
        if TALLY.detail and side == BOT and kind in (READ, WRITE):
            TALLY.statements[f"{kind}: " + " ".join(sql.split())[:90]] += 1


def _counting_aiosqlite(original: Callable[..., Any]) -> Callable[..., Any]:
    """aiosqlite's execute* run the statement on its own thread: counted where awaited."""
    @functools.wraps(original)
    def execute(self: Any, sql: str, *args: Any, **kwargs: Any) -> Any:
        _count_sql(sql, sys._getframe(1))
        return original(self, sql, *args, **kwargs)
    return execute


LOOP_THREAD = threading.get_ident()


class CountedCursor(sqlite3.Cursor):
    def execute(self, sql: str, parameters: Any = (), /) -> Any:
        if threading.get_ident() == LOOP_THREAD:
            _count_sql(sql, sys._getframe(1))
        return super().execute(sql, parameters)

    def executemany(self, sql: str, parameters: Any, /) -> Any:
        if threading.get_ident() == LOOP_THREAD:
            _count_sql(sql, sys._getframe(1))
        return super().executemany(sql, parameters)


class CountedConnection(sqlite3.Connection):
    """A plain connection used on the event loop's thread counts its statements here;
    aiosqlite's connections run theirs on their own threads and are counted above."""

    def execute(self, sql: str, parameters: Any = (), /) -> Any:
        if threading.get_ident() == LOOP_THREAD:
            _count_sql(sql, sys._getframe(1))
        return super().execute(sql, parameters)

    def executemany(self, sql: str, parameters: Any, /) -> Any:
        if threading.get_ident() == LOOP_THREAD:
            _count_sql(sql, sys._getframe(1))
        return super().executemany(sql, parameters)

    def cursor(self, factory: Any = CountedCursor) -> Any:
        return super().cursor(factory)


def _game_classes() -> Iterator[type]:
    """Game and every class below it (each variant's, and their shared bases)."""
    pending: list[type] = [Game]
    while pending:
        cls = pending.pop()
        yield cls
        pending += cls.__subclasses__()


@contextmanager
def instrumented() -> Iterator[Tally]:
    """Count prompts() and SQL while TALLY.counting; everything is put back on exit."""
    undo: list[tuple[Any, str, Any]] = []

    def patch(owner: Any, name: str, new: Any) -> None:
        undo.append((owner, name, owner.__dict__[name]))
        setattr(owner, name, new)

    for cls in set(_game_classes()):
        if "prompts" in cls.__dict__:
            patch(cls, "prompts", _counting_prompts(cls.__dict__["prompts"]))
    for owner, names in ((aiosqlite.Connection, ("execute", "executemany", "execute_fetchall",
                                                 "execute_insert", "executescript")),
                         (aiosqlite.Cursor, ("execute", "executemany", "executescript"))):
        for name in names:
            patch(owner, name, _counting_aiosqlite(owner.__dict__[name]))
    connect = sqlite3.connect

    def counted_connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        kwargs.setdefault("factory", CountedConnection)
        conn: sqlite3.Connection = connect(*args, **kwargs)
        return conn

    patch(sqlite3, "connect", counted_connect)
    try:
        yield TALLY
    finally:
        for owner, name, old in reversed(undo):
            setattr(owner, name, old)


@dataclass(frozen=True)
class Figures:
    variant: str
    actions: int
    prompts: Counter[str]
    sql: Counter[tuple[str, str]]

    def line(self) -> str:
        n = max(self.actions, 1)
        bot_sql = [self.sql[BOT, kind] for kind in (READ, WRITE, OTHER)]
        text = (f"{self.variant}: {self.actions} player actions; the bot's per action: "
                f"prompts() {self.prompts[BOT] / n:.2f}, SQL reads {bot_sql[0] / n:.2f}, "
                f"writes {bot_sql[1] / n:.2f}, other statements {bot_sql[2] / n:.2f} "
                f"(totals {self.prompts[BOT]}, {', '.join(map(str, bot_sql))}); "
                f"the players' own: prompts() {self.prompts[PLAYERS]}, "
                f"SQL reads {self.sql[PLAYERS, READ]}")
        stray = self.prompts[ELSEWHERE] + sum(v for (side, _), v in self.sql.items()
                                              if side == ELSEWHERE)
        return text + (f"; {stray} calls from neither side!" if stray else "")


def stored_player_actions(database: Path) -> int:
    """Rows of kind 'act' stored for a player (a deadline's have no user)."""
    with closing(sqlite3.connect(database)) as conn:
        (count,) = conn.execute("SELECT COUNT(*) FROM actions WHERE kind = 'act' "
                                "AND user_id IS NOT NULL").fetchone()
    return int(count)


async def probe(variant: str) -> Figures:
    """Play the demo of `variant` through the real bot, counting from the bot's READY to
    the end of the script, once the bot has settled."""
    script, seed, players = SCRIPTS[variant]
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "c.db"
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Croupier Demo")
            channel = fake.add_channel(guild, "game-table")
            users = {name: fake.add_user(name, guild_id=guild) for name in players}
            croupier = Croupier(Settings(token=fake.bot_token, database=str(database)),
                                seed_source=lambda: seed)
            await fake.run_bot(croupier)
            try:
                TALLY.reset()
                TALLY.counting = True
                await script(DemoTable(fake, croupier, channel, users))
                await fake.settle()
            finally:
                TALLY.counting = False
                await fake.stop_bot(croupier)
        return Figures(variant, stored_player_actions(database), Counter(TALLY.prompts),
                       Counter(TALLY.sql))


async def main(variants: list[str], detail: bool) -> None:
    TALLY.detail = detail
    with instrumented():
        for variant in variants:
            print((await probe(variant)).line(), flush=True)
            if detail:
                for title, counts in (("prompts() called from", TALLY.callers),
                                      ("SQL reads and writes", TALLY.statements)):
                    print(f"  {title}:")
                    for what, count in counts.most_common():
                        print(f"    {count:5d}  {what}")


if __name__ == "__main__":
    logging.basicConfig(level=logging.ERROR)
    args = sys.argv[1:]
    detail = "--detail" in args
    asyncio.run(main([a for a in args if a != "--detail"] or list(SCRIPTS), detail))
