"""Durable storage: games, seats, the append-only action log, snapshots, deadlines.

A game's storage grows with its log alone: each action row keeps its own columns,
the luck it used and its events once; a game keeps one snapshot, its latest (the
engine's position, not its history).

SQLite through aiosqlite, in WAL mode with `synchronous=FULL`, so a commit has
reached the disk before the bot acknowledges anything. One connection serves the
whole process; a lock makes each transaction atomic with respect to the others.
Writes of different games that arrive together share one commit (`bot/group_commit.py`):
each is a `Write`, its statements run with the others' in one trip to the database
thread, and its caller returns once the commit holding it is on disk.
The schema is versioned by `PRAGMA user_version` and migrated forward by the
numbered files in `bot/migrations/`, each in one transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import socket
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any, Protocol

import aiosqlite

from bot.group_commit import GroupCommitter


class StorageError(Exception):
    """A storage problem the caller can explain to a player."""


class ChannelBusy(StorageError):
    """The channel already has a game in the lobby or running."""


class StaleWrite(StorageError):
    """Someone else stored an action first: the game moved on."""


class AlreadyApplied(StaleWrite):
    """The interaction this action answers is already in the log (Discord delivered it
    twice, or it was retried, perhaps to another process): it counts once."""


class NotDueYet(StaleWrite):
    """A deadline's trigger came before the database's clock reached its due time (another
    process's clock runs ahead): nothing was stored; the deadline is checked again."""


class StorageFault(StorageError):
    """The database refused a write (disk full, file too large, I/O error): nothing was
    stored, so nothing changed. The game goes on once the disk recovers."""

    def __init__(self) -> None:
        super().__init__("I could not save this: the bot's storage refused the write (its disk "
                         "may be full). Nothing changed, and the game is as it was. Please try "
                         "again later.")


class StorageUnavailable(StorageError):
    """The database can't be opened at all: the process must stop and say why."""


class DatabaseInUse(StorageUnavailable):
    """Another bot process holds the database: this one must stop and say so."""


def hold_database(path: str) -> int | None:
    """Take the database's exclusive lock for the rest of this process's life (the open
    file descriptor returned, which the caller keeps); `DatabaseInUse` if another process
    holds it, `StorageUnavailable` if its folder can't hold the lock file.

    Two processes on one SQLite file never fork it (the log's triggers refuse the stale
    writer), but each answers from its own memory: one refuses every legal move the other
    made possible, and can send a seat's secrets to the player it was taken from. So only
    one may run: `flock` on a lock file beside the database, which the kernel releases
    when the process ends, however it ends (kill -9 included). Not SQLite's own locks, which
    it takes per transaction; not the database file, whose POSIX locks SQLite manages (and
    on NFS `flock` is emulated by them). Where `fcntl` is missing (Windows), nothing is held."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not a POSIX system
        return None
    if path == ":memory:" or path.startswith("file:"):
        return None
    lock_path = f"{path}.lock"
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise StorageUnavailable(f"The database {path!r} can't be opened: {exc}. Check that "
                                 "its folder exists and is writable.") from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        raise DatabaseInUse(f"another Croupier bot is running on the database {path!r} (it "
                            f"holds {lock_path!r}). Only one bot may use a database at a "
                            "time: stop the other one first (a second terminal, or a "
                            "container still running beside this one).") from exc
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())  # who holds it, for whoever looks
    return fd


def _fault(exc: sqlite3.Error) -> StorageError:
    """What a player is told of a write SQLite refused: a constraint means the game moved
    on (the log's own checks); anything else, that the disk refused it."""
    if isinstance(exc, sqlite3.IntegrityError):
        return _refused(exc)
    return StorageFault()


def _refused(exc: sqlite3.IntegrityError) -> StaleWrite:
    """An action row the log's checks refused: a repeated interaction, or a stale write."""
    if "interaction_id" in str(exc):
        return AlreadyApplied("That was already done a moment ago; it counts once.")
    return StaleWrite("The game moved on before this action was stored.")


@dataclass(frozen=True, slots=True)
class Statement:
    """One statement of a `Write`. `stale`: it must change exactly one row, else the
    write is refused with `StaleWrite(stale)` (a check that found the game moved on)."""

    sql: str
    args: tuple[Any, ...] = ()
    stale: str | None = None


#: A write the group committer stores as one: all its statements, or none of them.
Write = tuple[Statement, ...]


def _commit_batch(db: sqlite3.Connection, writes: Sequence[Write]) -> list[object]:
    """Run `writes` in one transaction and commit it (in the database thread); each
    write's outcome: None, or the `StorageError` it alone met, its own changes undone.

    A write of one statement needs no savepoint: SQLite undoes a failed statement and
    keeps the transaction. If SQLite gave up the whole transaction (it may, on a full disk
    or an I/O error), or the commit failed, this raises `StorageFault` and nothing of the
    batch is stored: the committer tries each write again alone."""
    try:
        db.execute("BEGIN IMMEDIATE")
        outcomes: list[object] = [_run_write(db, write) for write in writes]
        if all(outcome is not None for outcome in outcomes):
            db.execute("ROLLBACK")  # nothing to store: no commit, no fsync
        else:
            db.execute("COMMIT")
    except BaseException as exc:
        if db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise StorageFault() from exc
        raise
    return outcomes


def _run_write(db: sqlite3.Connection, write: Write) -> StorageError | None:
    guarded = len(write) > 1
    if guarded:
        db.execute("SAVEPOINT write")
    try:
        for statement in write:
            cur = db.execute(statement.sql, statement.args)
            if statement.stale is not None and cur.rowcount != 1:
                raise StaleWrite(statement.stale)
    except (sqlite3.Error, StaleWrite) as exc:
        if not db.in_transaction:
            raise  # the whole transaction is gone: the batch fails, each write is retried
        if guarded:
            db.execute("ROLLBACK TO write")
            db.execute("RELEASE write")
        return _fault(exc) if isinstance(exc, sqlite3.Error) else exc
    if guarded:
        db.execute("RELEASE write")
    return None


def _write_unsynced(db: sqlite3.Connection, sql: str, args: tuple[Any, ...]) -> None:
    """One statement committed on its own without an fsync (in the database thread)."""
    db.execute("PRAGMA synchronous=NORMAL")
    try:
        db.execute(sql, args)
    except sqlite3.Error as exc:
        raise StorageFault() from exc
    finally:
        db.execute("PRAGMA synchronous=FULL")


@dataclass(frozen=True, slots=True)  # slots: ten thousand of them make the index
class GameRow:
    id: int
    variant: str
    guild_id: int | None
    channel_id: int
    creator_id: int
    status: str
    options: dict[str, Any]
    seed: str
    commitment: str
    seq: int

    @property
    def live(self) -> bool:
        return self.status in ("lobby", "running")


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: int
    position: int
    seat: str
    user_id: int
    dm_ok: bool
    fallback_thread: int | None


@dataclass(frozen=True)
class ActionRow:
    game_id: int
    seq: int
    kind: str
    seat: str | None
    action: str | None
    params: dict[str, Any]
    user_id: int | None
    step: dict[str, Any]
    events: list[dict[str, Any]]
    created_at: float


@dataclass(frozen=True)
class DeadlineRow:
    game_id: int
    turn_seconds: float
    due_at: float | None
    paused_remaining: float | None
    reminder_sent: bool
    armed_seq: int
    # The question it was set for: {seat: its prompt's fingerprint} as JSON ("" for a row
    # stored before version 5, or a deadline that follows the sequence alone).
    question: str = ""
    # The deadline's own sequence number (version 7), given by `put_deadline`: a trigger
    # applies the deadline only while it is unchanged.
    seq: int = 0
    # A daily deadline: the wall-clock time ("20:00") in `time_zone`; "" for a period.
    daily_at: str = ""
    time_zone: str = "UTC"
    # Not stored: the one application of this deadline that may store the rest of its
    # step (`Storage.append_action`), set by whoever applies it.
    attempt: str = ""


@dataclass(frozen=True)
class UndoRequest:
    game_id: int
    seq: int
    requested_by: int
    needed: list[str]
    agreed: list[str]


#: The settings a player keeps across games, as `Preferences` reads them.
PREFERENCE_COLUMNS = ("p.dm_prompts, p.digest_hours, p.quiet_from, p.quiet_to, p.time_zone, "
                      "p.away_until")


@dataclass(frozen=True)
class Preferences:
    """A player's own settings, across games (`/game notify`, `/game away`), and the notice
    held back for them. The defaults are a player who never said anything."""

    dm_prompts: bool = True  # prompts by DM (else the channel's ping and My choices)
    digest_hours: int = 0  # 0: a notice for every new question; N: at most every N hours
    quiet_from: int = 0  # quiet hours, minutes after local midnight (equal: none)
    quiet_to: int = 0
    time_zone: str = "UTC"
    away_until: float | None = None
    held_until: float | None = None  # a notice held back goes out then
    last_sent: float = 0.0  # when the player was last notified of a question

    def away(self, now: float) -> bool:
        return self.away_until is not None and now < self.away_until


def _migrations() -> list[tuple[int, str]]:
    folder = resources.files("bot") / "migrations"
    found = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:3].isdigit():
            found.append((int(name[:3]), entry.read_text()))
    return sorted(found)


GAME_COLUMNS = ("id, variant, guild_id, channel_id, creator_id, status, options, seed, "
                "commitment, seq")
ACTION_COLUMNS = ("game_id, seq, kind, seat, action, params, user_id, step, events, "
                  "created_at")
DEADLINE_COLUMNS = ("d.game_id, d.turn_seconds, d.due_at, d.paused_remaining, d.reminder_sent, "
                    "d.armed_seq, d.question, d.seq, d.daily_at, d.time_zone")
#: SQLite's own clock, in seconds since 1970 (to the millisecond; `unixepoch('subsec')`
#: needs SQLite 3.42); one value for the whole statement, so the due check and the recorded
#: time agree. PostgreSQL's: `extract(epoch from statement_timestamp())`, also one value per
#: statement, taken when it starts, so never later than when it applies.
SQLITE_NOW = "((julianday('now') - 2440587.5) * 86400.0)"


INSERT_ACTION = (f"INSERT INTO actions ({ACTION_COLUMNS}, interaction_id) VALUES "
                 "(?,?,?,?,?,?,?,?,?,?,?)")

#: How long the process that stored a step, or claimed it, has to tell it before another
#: process's sender may (seconds, by the database's clock): `bot/outbox.py`.
LEASE_SECONDS = 60.0
#: The outbox row's kind for "announce this stored step" (the only kind so far).
OUTBOX_STEP = "step"
OUTBOX_COLUMNS = "game_id, seq, kind, lease_owner, lease_until, sent_at, tries, told_with"


def process_name() -> str:
    """Who holds an outbox lease: this host and process, and a few random characters (a
    restarted process with the same pid is another holder)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """A stored step to tell (`bot/migrations/009_outbox.sql`)."""

    game_id: int
    seq: int
    kind: str
    lease_owner: str | None
    lease_until: float
    sent_at: float | None
    tries: int
    told_with: int | None


@dataclass(frozen=True, slots=True)
class OutboxClaim:
    """The owed steps of one game a sender claimed (their leases now its own), in order;
    `tries`: the most failed tellings among them; `told_with`: each step's `told_with`."""

    game_id: int
    seqs: list[int]
    tries: int
    told_with: list[int | None]

    def tellings(self) -> list[list[int]]:
        """The steps in the tellings they were (to be) told in, in order: those a telling
        grouped (`told_with`) together, each other step alone."""
        groups: dict[int, list[int]] = {}
        for seq, last in zip(self.seqs, self.told_with, strict=True):
            groups.setdefault(seq if last is None else last, []).append(seq)
        return [groups[key] for key in sorted(groups)]


def _claim(game_id: int, rows: Iterable[Any]) -> OutboxClaim:
    """A claim from its rows (seq, tries, told_with)."""
    ordered = sorted(rows)
    return OutboxClaim(game_id, [r[0] for r in ordered], max(r[1] for r in ordered),
                       [r[2] for r in ordered])


def _json(value: dict[str, Any]) -> str:
    """JSON for a row's params or step: most are empty, and need no encoder."""
    return json.dumps(value) if value else "{}"


def _game(row: Iterable[Any]) -> GameRow:
    r = list(row)
    return GameRow(r[0], r[1], r[2], r[3], r[4], r[5], json.loads(r[6]), r[7], r[8], r[9])


def _deadline(r: Any) -> DeadlineRow:
    return DeadlineRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6], r[7], r[8], r[9])


def _action(row: Iterable[Any]) -> ActionRow:
    r = list(row)
    return ActionRow(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6], json.loads(r[7]),
                     json.loads(r[8]), r[9])


class Storage:
    """All of the bot's persistent state. Open with `await Storage.open(path)`."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self.path = path
        self._reader: sqlite3.Connection | None = None  # see `snapshot_and_tail`
        self._committer: GroupCommitter[Write] = GroupCommitter(self._commit)
        self.now_sql = SQLITE_NOW  # the database's clock, in SQL (`use_clock`)
        self.process = process_name()  # the holder of the outbox leases this store takes
        self.lease_seconds = LEASE_SECONDS  # how long it holds a step it stored
        self.shared = False  # one process per SQLite database (`hold_database`)

    @classmethod
    async def open(cls, path: str, *, clock: Callable[[], float] | None = None) -> Storage:
        """Open (or create) and migrate the database; `StorageUnavailable` if it can't be.
        `clock`: the database's clock instead of SQLite's own (`use_clock`).

        On failure the connection's thread is closed too: a live aiosqlite thread would
        keep the process from exiting, and a supervisor would never restart it."""
        conn = aiosqlite.connect(path, isolation_level=None)
        try:
            await conn
        except (sqlite3.Error, OSError) as exc:
            # aiosqlite stops its thread itself; let it finish before the loop may close.
            await asyncio.to_thread(conn._thread.join, 2.0)
            raise StorageUnavailable(f"The database {path!r} can't be opened: {exc}. Check "
                                     "that its folder exists and is writable.") from exc
        try:
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA synchronous=FULL")
            await conn.execute("PRAGMA foreign_keys=ON")
            await conn.execute("PRAGMA busy_timeout=5000")
            storage = cls(conn, path)
            if clock is not None:
                await storage.use_clock(clock)
            await storage._migrate()
            # Prove the file can be written now rather than at the first player's action.
            await conn.execute("BEGIN IMMEDIATE")
            await conn.execute("ROLLBACK")
        except (sqlite3.Error, OSError) as exc:
            await conn.close()
            raise StorageUnavailable(f"The database {path!r} can't be opened for writing: {exc}. "
                                     "Check that it is an SQLite file made by Croupier and that "
                                     "its folder is writable.") from exc
        return storage

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        await self._conn.close()

    async def _migrate(self) -> None:
        async with self._conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        version = int(row[0]) if row else 0
        for number, sql in _migrations():
            if number <= version:
                continue
            # executescript would commit on its own; run the statements in one transaction.
            statements = [s.strip() for s in sqlite3_split(sql) if s.strip()]
            async with self.transaction() as db:
                for statement in statements:
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")

    async def schema_version(self) -> int:
        async with self._conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error."""
        async with self._lock:
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise StorageFault() from exc
            try:
                yield self._conn
            except BaseException as exc:
                with contextlib.suppress(sqlite3.Error):  # SQLite may have rolled back itself
                    await self._conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error) and not isinstance(exc, sqlite3.IntegrityError):
                    raise StorageFault() from exc
                raise
            else:
                try:
                    await self._conn.execute("COMMIT")
                except sqlite3.Error as exc:
                    with contextlib.suppress(sqlite3.Error):
                        await self._conn.execute("ROLLBACK")
                    raise StorageFault() from exc

    async def _commit(self, writes: Sequence[Write]) -> list[object]:
        """One transaction for a batch of the committer's writes, in one trip to the
        database thread (a thread hop per batch, not three per write)."""
        async with self._lock:
            return await self._conn._execute(_commit_batch, self._conn._conn, writes)

    async def _write(self, *statements: Statement) -> None:
        """Store the statements durably, as one, sharing a commit with the other writes
        queued meanwhile; `StaleWrite` or `StorageFault` for this write alone."""
        await self._committer.submit(statements)

    async def _all(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        # One trip to the database thread (execute, fetch and close the cursor there),
        # not three: each trip is a thread wake-up, which the machine's load can delay.
        async with self._lock:
            return list(await self._conn.execute_fetchall(sql, args))

    async def _one(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        rows = await self._all(sql, args)
        return rows[0] if rows else None

    # ----- games ---------------------------------------------------------

    async def create_game(self, *, variant: str, guild_id: int | None, channel_id: int,
                          creator_id: int, options: dict[str, Any], seed: str,
                          commitment: str, now: float) -> int:
        try:
            async with self.transaction() as db:
                cur = await db.execute(
                    "INSERT INTO games (variant, guild_id, channel_id, creator_id, options, seed,"
                    " commitment, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?)",
                    (variant, guild_id, channel_id, creator_id, json.dumps(options), seed,
                     commitment, now, now))
                game_id = cur.lastrowid
        except sqlite3.IntegrityError:
            raise ChannelBusy("This channel already has a game. Finish or abort it first, "
                              "or start one in another channel or thread.") from None
        assert game_id is not None
        return int(game_id)

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game(row) if row else None


    async def latest_game_in(self, channel_id: int) -> GameRow | None:
        row = await self._one(f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? "
                              "ORDER BY id DESC LIMIT 1", (channel_id,))
        return _game(row) if row else None

    async def live_games(self) -> list[GameRow]:
        rows = await self._all(f"SELECT {GAME_COLUMNS} FROM games WHERE status IN "
                               "('lobby', 'running') ORDER BY id")
        return [_game(r) for r in rows]

    async def set_status(self, game_id: int, status: str, now: float) -> None:
        await self._write(Statement("UPDATE games SET status = ?, updated_at = ? WHERE id = ?",
                                    (status, now, game_id)))

    async def set_options(self, game_id: int, options: dict[str, Any], now: float) -> None:
        """A game's options changed in the lobby (a group's own data for its game)."""
        await self._write(Statement("UPDATE games SET options = ?, updated_at = ? WHERE id = ? AND "
                                    "status = 'lobby'", (json.dumps(options), now, game_id)))

    async def move_game(self, game_id: int, channel_id: int, now: float) -> None:
        try:
            async with self.transaction() as db:
                await db.execute("UPDATE games SET channel_id = ?, updated_at = ? WHERE id = ?",
                                 (channel_id, now, game_id))
                await db.execute("DELETE FROM messages WHERE game_id = ? AND purpose = 'status'",
                                 (game_id,))
        except sqlite3.IntegrityError:
            raise ChannelBusy("This channel already has a game.") from None


    # ----- seats ---------------------------------------------------------

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all("SELECT game_id, position, seat, user_id, dm_ok, fallback_thread "
                               "FROM seats WHERE game_id = ? ORDER BY position", (game_id,))
        return [SeatRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5]) for r in rows]

    async def live_seats(self) -> dict[int, list[SeatRow]]:
        """The seats of every game in the lobby or running, in one query (for restore)."""
        rows = await self._all("SELECT s.game_id, s.position, s.seat, s.user_id, s.dm_ok, "
                               "s.fallback_thread FROM seats s JOIN games g ON g.id = s.game_id "
                               "WHERE g.status IN ('lobby', 'running') "
                               "ORDER BY s.game_id, s.position")
        found: dict[int, list[SeatRow]] = {}
        for r in rows:
            found.setdefault(r[0], []).append(SeatRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5]))
        return found

    async def add_seat(self, game_id: int, seat: str, user_id: int) -> None:
        try:
            async with self.transaction() as db:
                await db.execute(
                    "INSERT INTO seats (game_id, position, seat, user_id) VALUES (?, (SELECT "
                    "COALESCE(MAX(position), -1) + 1 FROM seats WHERE game_id = ?), ?, ?)",
                    (game_id, game_id, seat, user_id))
        except sqlite3.IntegrityError:
            raise StorageError(f"The seat {seat} is taken.") from None

    async def remove_seats_of(self, game_id: int, user_id: int) -> list[str]:
        async with self.transaction() as db:
            async with db.execute("SELECT seat FROM seats WHERE game_id = ? AND user_id = ?",
                                  (game_id, user_id)) as cur:
                gone = [r[0] for r in await cur.fetchall()]
            await db.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?",
                             (game_id, user_id))
        return gone

    async def set_seat_user(self, game_id: int, seat: str, user_id: int) -> None:
        await self._write(Statement(
            "UPDATE seats SET user_id = ?, dm_ok = 1, fallback_thread = NULL "
            "WHERE game_id = ? AND seat = ?", (user_id, game_id, seat)))

    async def set_dm_ok(self, game_id: int, seat: str, ok: bool,
                        fallback_thread: int | None = None) -> None:
        await self._write(Statement("UPDATE seats SET dm_ok = ?, fallback_thread = COALESCE(?, "
                                    "fallback_thread) WHERE game_id = ? AND seat = ?",
                                    (int(ok), fallback_thread, game_id, seat)))

    # ----- the action log ------------------------------------------------

    async def start_game(self, game_id: int, *, seat_order: list[tuple[str, int]],
                         state: dict[str, Any], events: list[dict[str, Any]],
                         now: float) -> int:
        """Fix the seats, store the setup (seq 1) and its snapshot, mark the game running."""
        async with self.transaction() as db:
            cur = await db.execute("UPDATE games SET status = 'running', updated_at = ?"
                                   " WHERE id = ? AND status = 'lobby' AND seq = 0",
                                   (now, game_id))
            if cur.rowcount != 1:
                raise StaleWrite("This game has already started.")
            await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            for position, (seat, user_id) in enumerate(seat_order):
                await db.execute("INSERT INTO seats (game_id, position, seat, user_id) "
                                 "VALUES (?, ?, ?, ?)", (game_id, position, seat, user_id))
            await db.execute(
                "INSERT INTO actions (game_id, seq, kind, step, events, created_at) "
                "VALUES (?, 1, 'start', ?, ?, ?)",
                (game_id, json.dumps({"luck": state.get("setup_luck", [])}),
                 json.dumps(events), now))
            await db.execute("INSERT INTO snapshots (game_id, seq, state) VALUES (?, 1, ?)",
                             (game_id, json.dumps(state)))
            await db.execute(self._outbox_insert(), (game_id, 1, self.process))
        return 1

    async def append_action(self, game_id: int, *, expected_seq: int, kind: str,
                            seat: str | None, action: str | None, params: dict[str, Any],
                            user_id: int | None, step: dict[str, Any],
                            events: list[dict[str, Any]], snapshot: dict[str, Any] | None,
                            finished: bool, now: float,
                            deadline: DeadlineRow | None = None,
                            interaction_id: int | None = None) -> int:
        """Store one action durably; refuse it if the game is no longer at `expected_seq`
        (`AlreadyApplied` if the interaction `interaction_id` was stored already).

        The triggers of the schema check the sequence and advance the game, so the
        common case is a single INSERT. It is committed with the other games' writes
        queued meanwhile (group commit), and this returns once that commit is on disk;
        a refusal (`StaleWrite`, `StorageFault`) is this action's alone. `deadline`: the
        action is a deadline's, stored only in the transaction that applies that deadline
        (`_deadline_action`, not shared with other games: it checks the deadline's number
        and the database's clock); otherwise `StaleWrite` (an answer, or the creator, came
        first), or `NotDueYet`."""
        seq = expected_seq + 1
        row: tuple[Any, ...] = (game_id, seq, kind, seat, action, _json(params), user_id,
                                _json(step), json.dumps(events), now, interaction_id)
        if deadline is not None:  # applied in its own transaction (`_deadline_action`)
            return await self._deadline_action(deadline, INSERT_ACTION, row, snapshot, finished)
        # The step to tell goes into the outbox in the same transaction, leased to this
        # process, which tells it once this returns (`bot/outbox.py`).
        statements = [Statement(INSERT_ACTION, row),
                      Statement(self._outbox_insert(), (game_id, seq, self.process))]
        if snapshot is not None:
            # Only the latest snapshot and the start (seq 1: where a replay begins, an
            # imported game's position) are read; the others go, so a game's storage grows
            # with its log alone.
            statements += [
                Statement("INSERT INTO snapshots (game_id, seq, state) VALUES (?,?,?)",
                          (game_id, seq, json.dumps(snapshot))),
                Statement("DELETE FROM snapshots WHERE game_id = ? AND seq < ? AND seq > 1",
                          (game_id, seq))]
        if finished:
            statements.append(Statement("UPDATE games SET status = 'finished' WHERE id = ?",
                                        (game_id,)))
        await self._write(*statements)
        return seq

    async def actions(self, game_id: int, after: int = 0) -> list[ActionRow]:
        rows = await self._all(f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND "
                               "seq > ? ORDER BY seq", (game_id, after))
        return [_action(r) for r in rows]

    async def action(self, game_id: int, seq: int) -> ActionRow | None:
        row = await self._one(f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND "
                              "seq = ?", (game_id, seq))
        return _action(row) if row else None

    async def start_snapshot(self, game_id: int) -> dict[str, Any] | None:
        """The game's position when it started (or was imported): seq 1's snapshot."""
        row = await self._one("SELECT state FROM snapshots WHERE game_id = ? AND seq = 1",
                              (game_id,))
        return json.loads(row[0]) if row else None

    async def latest_snapshot(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        row = await self._one("SELECT seq, state FROM snapshots WHERE game_id = ? "
                              "ORDER BY seq DESC LIMIT 1", (game_id,))
        return (row[0], json.loads(row[1])) if row else None

    async def snapshot_and_tail(self, game_id: int
                                ) -> tuple[dict[str, Any], list[ActionRow]] | None:
        """What rebuilds a game: its latest snapshot and the log rows after it (None
        without a snapshot), in one read transaction, so that no action falls between them.

        A game is loaded inside the command that first touches it, while the event loop is
        busy with that command: a trip to the database thread then waits for the loop and
        for the interpreter's lock (up to its 5 ms switch interval, each way). These two
        indexed reads take well under a millisecond, so they run right here, on a read-only
        connection of their own (WAL lets it read beside the writer). Every write for the
        game is committed before its loader holds the game's lock, so this sees them all."""
        reader = self._reader
        if reader is None:
            reader = self._reader = sqlite3.connect(self.path, isolation_level=None,
                                                    check_same_thread=False)
            reader.execute("PRAGMA query_only = 1")
            reader.execute("PRAGMA busy_timeout = 5000")
        reader.execute("BEGIN")
        try:
            snap = reader.execute("SELECT seq, state FROM snapshots WHERE game_id = ? "
                                  "ORDER BY seq DESC LIMIT 1", (game_id,)).fetchone()
            rows = [] if snap is None else reader.execute(
                f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq > ? "
                "ORDER BY seq", (game_id, snap[0])).fetchall()
        finally:
            reader.execute("COMMIT")
        if snap is None:
            return None
        return json.loads(snap[1]), [_action(r) for r in rows]

    # ----- deadlines -----------------------------------------------------
    #
    # A deadline is applied exactly once: its trigger (the timer's tick today, a task queue's
    # job later) only says "check game G's deadline number N"; the check and the effect are
    # one transaction that finds the deadline still number N and the database's clock past
    # its due time, records (game, N) in `deadline_applied` (its primary key refuses a second
    # one) and stores the effect. Plain UPDATE/INSERT ... WHERE statements, so that they port
    # to PostgreSQL as they are (`bot/storage_pg.py`, with its own clock: `PG_NOW`).

    async def use_clock(self, clock: Callable[[], float]) -> None:
        """Make `clock` the database's clock, inside SQLite (tests move time by hand): the
        due check stays in the SQL statement that applies a deadline."""
        await self._conn.create_function("croupier_now", 0, clock)
        self.now_sql = "croupier_now()"

    async def database_now(self) -> float:
        """The database's clock: what a deadline's due time is checked against."""
        row = await self._one(f"SELECT {self.now_sql}")
        return float(row[0])

    async def deadline(self, game_id: int) -> DeadlineRow | None:
        row = await self._one(f"SELECT {DEADLINE_COLUMNS} FROM deadlines d WHERE "
                              "d.game_id = ?", (game_id,))
        return _deadline(row) if row else None

    async def deadlines(self) -> list[DeadlineRow]:
        rows = await self._all(f"SELECT {DEADLINE_COLUMNS} FROM deadlines d JOIN games g ON "
                               "g.id = d.game_id WHERE g.status = 'running' ORDER BY d.game_id")
        return [_deadline(r) for r in rows]

    async def due_deadlines(self, limit: int = 1000) -> list[DeadlineRow]:
        """What a reconciler looks at: running games' deadlines due by the database's clock
        and not applied, the earliest first."""
        rows = await self._all(
            f"SELECT {DEADLINE_COLUMNS} FROM deadlines d JOIN games g ON g.id = d.game_id "
            f"WHERE g.status = 'running' AND d.due_at <= {self.now_sql} AND NOT EXISTS "
            "(SELECT 1 FROM deadline_applied a WHERE a.game_id = d.game_id AND "
            "a.deadline_seq = d.seq) ORDER BY d.due_at LIMIT ?", (limit,))
        return [_deadline(r) for r in rows]

    async def put_deadline(self, row: DeadlineRow) -> DeadlineRow:
        """Store the game's deadline under its next sequence number (returned with it): a
        trigger that fired for the one it replaces does nothing."""
        async with self.transaction() as db:
            seq = await self._next_deadline_seq(db, row.game_id)
            await db.execute(
                "INSERT INTO deadlines (game_id, turn_seconds, due_at, paused_remaining, "
                "reminder_sent, armed_seq, question, seq, daily_at, time_zone) VALUES "
                "(?,?,?,?,?,?,?,?,?,?) ON CONFLICT (game_id) DO UPDATE SET "
                "turn_seconds = excluded.turn_seconds, due_at = excluded.due_at, "
                "paused_remaining = excluded.paused_remaining, "
                "reminder_sent = excluded.reminder_sent, armed_seq = excluded.armed_seq, "
                "question = excluded.question, seq = excluded.seq, "
                "daily_at = excluded.daily_at, time_zone = excluded.time_zone",
                (row.game_id, row.turn_seconds, row.due_at, row.paused_remaining,
                 int(row.reminder_sent), row.armed_seq, row.question, seq, row.daily_at,
                 row.time_zone))
        return replace(row, seq=seq, attempt="")

    async def mark_reminded(self, row: DeadlineRow) -> bool:
        """The reminder of deadline `row` went out (it keeps its number: a reminder changes
        nothing a trigger checks). False if the deadline changed meanwhile."""
        async with self.transaction() as db:
            cur = await db.execute("UPDATE deadlines SET reminder_sent = 1 WHERE game_id = ? "
                                   "AND seq = ?", (row.game_id, row.seq))
            return cur.rowcount == 1

    async def clear_deadline(self, game_id: int) -> None:
        async with self.transaction() as db:
            await self._next_deadline_seq(db, game_id)
            await db.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))

    async def apply_deadline(self, row: DeadlineRow, then: DeadlineRow | None) -> DeadlineRow:
        """Apply deadline `row` whose effect is a new deadline, `then` (a new period: the
        game has no timeout policy), or none: one transaction. The stored `then` is
        returned; `StaleWrite` if the deadline changed or was applied already, `NotDueYet`
        if the database's clock is not yet past due."""
        async with self.transaction() as db:
            await self._consume_deadline(db, row, None)
            if then is None:
                await db.execute("DELETE FROM deadlines WHERE game_id = ? AND seq = ?",
                                 (row.game_id, row.seq))
                await self._next_deadline_seq(db, row.game_id)
                return replace(row, due_at=None, attempt="")
            seq = await self._next_deadline_seq(db, row.game_id)
            await db.execute(
                "UPDATE deadlines SET turn_seconds = ?, due_at = ?, paused_remaining = ?, "
                "reminder_sent = ?, armed_seq = ?, question = ?, seq = ?, daily_at = ?, "
                "time_zone = ? WHERE game_id = ? AND seq = ?",
                (then.turn_seconds, then.due_at, then.paused_remaining, int(then.reminder_sent),
                 then.armed_seq, then.question, seq, then.daily_at, then.time_zone,
                 row.game_id, row.seq))
        return replace(then, seq=seq, attempt="")

    async def applied_deadlines(self, game_id: int | None = None
                                ) -> list[tuple[int, int, float, float, int | None]]:
        """(game, deadline number, due, applied at, first action row) of each applied
        deadline, by game and number: what the tests and the bench check."""
        where, args = ("WHERE game_id = ?", (game_id,)) if game_id is not None else ("", ())
        rows = await self._all("SELECT game_id, deadline_seq, due_at, applied_at, first_seq "
                               f"FROM deadline_applied {where} ORDER BY game_id, deadline_seq",
                               args)
        return [(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def _deadline_action(self, deadline: DeadlineRow, insert: str, row: tuple[Any, ...],
                               snapshot: dict[str, Any] | None, finished: bool) -> int:
        """Store a deadline's action (`row`, for `insert`) in the transaction that applies
        the deadline, or, for the next seat of the same step (same `attempt`), right after
        the action that applied it."""
        game_id, seq = row[0], row[1]
        try:
            async with self.transaction() as db:
                cur = await db.execute(
                    "UPDATE deadline_applied SET last_seq = ? WHERE game_id = ? AND "
                    "deadline_seq = ? AND attempt = ? AND attempt <> '' AND last_seq = ?",
                    (seq, game_id, deadline.seq, deadline.attempt, seq - 1))
                if cur.rowcount != 1:
                    await self._consume_deadline(db, deadline, seq)
                await db.execute(insert, row)
                await db.execute(self._outbox_insert(), (game_id, seq, self.process))
                if snapshot is not None:
                    await db.execute("INSERT INTO snapshots (game_id, seq, state) VALUES (?,?,?)",
                                     (game_id, seq, json.dumps(snapshot)))
                    await db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq < ? "
                                     "AND seq > 1", (game_id, seq))
                if finished:
                    await db.execute("UPDATE games SET status = 'finished' WHERE id = ?",
                                     (game_id,))
        except sqlite3.IntegrityError:
            raise StaleWrite("The game moved on before this action was stored.") from None
        return int(seq)

    async def _consume_deadline(self, db: aiosqlite.Connection, deadline: DeadlineRow,
                                action_seq: int | None) -> None:
        """Record deadline `deadline` as applied, in the caller's transaction: only if it
        is still the game's deadline under the same number, armed at the game's position
        (`action_seq - 1`, for an action), due by the database's clock, and not applied yet."""
        armed = "" if action_seq is None else " AND armed_seq = ?"
        args: tuple[Any, ...] = (deadline.attempt, action_seq, action_seq, deadline.game_id,
                                 deadline.seq)
        if action_seq is not None:
            args = (*args, action_seq - 1)
        cur = await db.execute(
            "INSERT INTO deadline_applied (game_id, deadline_seq, due_at, applied_at, attempt, "
            f"first_seq, last_seq) SELECT game_id, seq, due_at, {self.now_sql}, ?, ?, ? "
            "FROM deadlines WHERE game_id = ? AND seq = ? AND due_at IS NOT NULL AND "
            f"due_at <= {self.now_sql}{armed} ON CONFLICT DO NOTHING", args)
        if cur.rowcount == 1:
            return
        async with db.execute(f"SELECT due_at, {self.now_sql} FROM deadlines WHERE "
                              "game_id = ? AND seq = ?", (deadline.game_id, deadline.seq)) as c:
            found = await c.fetchone()
        applied = await (await db.execute(
            "SELECT 1 FROM deadline_applied WHERE game_id = ? AND deadline_seq = ?",
            (deadline.game_id, deadline.seq))).fetchone()
        if found is not None and applied is None and found[0] is not None and \
                found[0] > found[1]:
            raise NotDueYet("The deadline is not due yet by the database's clock.")
        raise StaleWrite("The deadline changed, or was applied, before this was stored.")

    @staticmethod
    async def _next_deadline_seq(db: aiosqlite.Connection, game_id: int) -> int:
        async with db.execute("UPDATE games SET deadline_seq = deadline_seq + 1 WHERE id = ? "
                              "RETURNING deadline_seq", (game_id,)) as cur:
            found = await cur.fetchone()
        if found is None:
            raise StaleWrite("That game is gone.")
        return int(found[0])

    # ----- the outbox: stored steps to tell ----------------------------------
    # A row per stored step, written with it (`append_action`, `start_game`, a deadline's
    # action), leased to the process that stored it; told and marked sent by that process,
    # or, once the lease is over, claimed by any process's sender (`bot/outbox.py`).

    def _outbox_insert(self) -> str:
        """The statement that records a stored step to tell: (game, seq, lease holder)."""
        return ("INSERT INTO outbox (game_id, seq, kind, created_at, lease_owner, lease_until) "
                f"VALUES (?, ?, '{OUTBOX_STEP}', {self.now_sql}, ?, "
                f"{self.now_sql} + {float(self.lease_seconds)!r})")

    async def claim_outbox(self, lease_seconds: float = LEASE_SECONDS) -> OutboxClaim | None:
        """Claim the unsent steps of one game whose leases are all over (the game's oldest
        lease first): they are leased to this process for `lease_seconds`. None if no game
        owes a step nobody holds. One writer: the transaction is the whole claim (taken only
        when a read finds something to claim: the senders look every few seconds)."""
        now = self.now_sql
        owed = (f"SELECT game_id FROM outbox o WHERE sent_at IS NULL AND lease_until <= {now} "
                "AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.game_id = o.game_id AND "
                f"p.sent_at IS NULL AND p.lease_until > {now}) ORDER BY lease_until LIMIT 1")
        if await self._one(owed) is None:
            return None
        async with self.transaction() as db:
            async with db.execute(owed) as cur:
                found = await cur.fetchone()
            if found is None:
                return None
            async with db.execute(
                    f"UPDATE outbox SET lease_owner = ?, lease_until = {now} + ? WHERE "
                    "game_id = ? AND sent_at IS NULL RETURNING seq, tries, told_with",
                    (self.process, lease_seconds, found[0])) as cur:
                rows = list(await cur.fetchall())
        return _claim(found[0], rows)

    async def outbox_sent(self, game_id: int, seqs: Sequence[int]) -> None:
        """The steps `seqs` of the game were told. Not waited for on disk: if a crash loses
        it, the step is told again, and its messages' nonces make Discord keep the first."""
        marks = ",".join("?" * len(seqs))
        await self._unsynced(f"UPDATE outbox SET sent_at = {self.now_sql} WHERE game_id = ? "
                             f"AND seq IN ({marks}) AND sent_at IS NULL", (game_id, *seqs))

    async def outbox_told_together(self, game_id: int, seqs: Sequence[int]) -> None:
        """The steps `seqs` are about to be told in one telling, under the nonces of the
        last (`told_with`): if it is cut short, they are told together again. Not waited
        for on disk (a process killed keeps it; a power cut makes them told apart)."""
        marks = ",".join("?" * len(seqs))
        await self._unsynced(f"UPDATE outbox SET told_with = ? WHERE game_id = ? AND seq IN "
                             f"({marks})", (max(seqs), game_id, *seqs))

    async def outbox_renew(self, game_id: int, seqs: Sequence[int]) -> int:
        """Extend this process's leases on the steps while it is still telling them (by
        `lease_seconds` from now); how many it still held."""
        marks = ",".join("?" * len(seqs))
        async with self.transaction() as db:
            cur = await db.execute(
                f"UPDATE outbox SET lease_until = {self.now_sql} + ? WHERE game_id = ? AND "
                f"seq IN ({marks}) AND sent_at IS NULL AND lease_owner = ?",
                (self.lease_seconds, game_id, *seqs, self.process))
            return int(cur.rowcount)

    async def outbox_failed(self, game_id: int, seqs: Sequence[int], retry_in: float) -> None:
        """Telling the steps failed: they stay owed, free to claim again in `retry_in`
        seconds, one more failure counted."""
        marks = ",".join("?" * len(seqs))
        await self._write(Statement(
            f"UPDATE outbox SET tries = tries + 1, lease_owner = NULL, lease_until = "
            f"{self.now_sql} + ? WHERE game_id = ? AND seq IN ({marks}) AND sent_at IS NULL",
            (retry_in, game_id, *seqs)))

    async def release_outbox(self) -> None:
        """End every lease held by another process now: only for a process that knows it
        is the database's only one (SQLite's, which holds the file), so that the steps a
        killed process owed are told at once, not when their leases run out."""
        sql = (f"UPDATE outbox SET lease_until = {self.now_sql} WHERE sent_at IS NULL AND "
               f"lease_until > {self.now_sql} AND (lease_owner IS NULL OR lease_owner <> ?)")
        await self._write(Statement(sql, (self.process,)))

    async def prune_outbox(self, older_than: float) -> int:
        """Forget the rows of steps told more than `older_than` seconds ago (by the
        database's clock): only unsent rows are ever read again, and a game played for
        months must not keep a row per action. How many were removed."""
        async with self.transaction() as db:
            cur = await db.execute(f"DELETE FROM outbox WHERE sent_at IS NOT NULL AND "
                                   f"sent_at < {self.now_sql} - ?", (older_than,))
            return cur.rowcount

    async def release_own_outbox(self) -> None:
        """This process stops: the steps it holds and has not told are anyone's to tell now
        (on SQLite, the next process's: it is alone on the database)."""
        await self._write(Statement(
            f"UPDATE outbox SET lease_owner = NULL, lease_until = {self.now_sql} WHERE "
            "sent_at IS NULL AND lease_owner = ?", (self.process,)))

    async def outbox(self, game_id: int) -> list[OutboxRow]:
        """The game's outbox rows, by step (what the tests and the bench read)."""
        rows = await self._all(f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE game_id = ? "
                               "ORDER BY seq, kind", (game_id,))
        return [OutboxRow(*r) for r in rows]

    # ----- messages the bot edits ----------------------------------------

    async def message(self, game_id: int, purpose: str) -> tuple[int, int, str] | None:
        row = await self._one("SELECT channel_id, message_id, fingerprint FROM messages "
                              "WHERE game_id = ? AND purpose = ?", (game_id, purpose))
        return (row[0], row[1], row[2]) if row else None

    async def messages(self, game_id: int) -> dict[str, tuple[int, int, str]]:
        """Every `messages` row of the game at once, by purpose (`bot/records.py`)."""
        rows = await self._all("SELECT purpose, channel_id, message_id, fingerprint FROM "
                               "messages WHERE game_id = ?", (game_id,))
        return {r[0]: (r[1], r[2], r[3]) for r in rows}

    async def replace_fingerprint_prefix(self, game_id: int, purpose: str, message_id: int,
                                         old: str, new: str) -> None:
        """Change the fingerprint's leading `old` to `new`, only if the row still shows
        message `message_id` and starts so (a prompt greyed by its own click: `records`)."""
        await self._write(Statement(
            "UPDATE messages SET fingerprint = ? || substr(fingerprint, ?) "
            "WHERE game_id = ? AND purpose = ? AND message_id = ? AND "
            "substr(fingerprint, 1, ?) = ?",
            (new, len(old) + 1, game_id, purpose, message_id, len(old), old)))

    async def drop_message(self, game_id: int, purpose: str) -> None:
        await self._write(Statement("DELETE FROM messages WHERE game_id = ? AND purpose = ?",
                                    (game_id, purpose)))

    async def put_message(self, game_id: int, purpose: str, channel_id: int, message_id: int,
                          fingerprint: str = "", *, durable: bool = True) -> None:
        """Record a message of the game (its id, what it shows). `durable=False`: not waited
        for on disk (`_unsynced`), for the records a step's telling writes (prompts, status
        post, pictures): a process kill loses none of them; a power loss may lose the last
        ones, and with them the prompts recorded delivered after them (the log is written in
        order), so the game owes its prompts again at the next start and the re-telling
        finds the messages already on Discord (`bot/delivery/recall.py`). Saves three of a
        turn's four fsyncs."""
        sql = ("INSERT OR REPLACE INTO messages (game_id, purpose, channel_id, "
               "message_id, fingerprint) VALUES (?,?,?,?,?)")
        args = (game_id, purpose, channel_id, message_id, fingerprint)
        if durable:
            await self._write(Statement(sql, args))
        else:
            await self._unsynced(sql, args)

    # ----- prompts owed --------------------------------------------------

    async def prompts_delivered(self, game_id: int, seq: int) -> None:
        """Every awaited seat of the game has its prompt for the state at `seq`.

        Written without waiting for the disk (the next durable commit takes it along): if
        it is lost in a crash, the game is only looked at again at startup, and a prompt
        its seat already has is not sent twice. Saves an fsync per action."""
        await self._unsynced("INSERT OR REPLACE INTO prompt_deliveries (game_id, seq) "
                             "VALUES (?, ?)", (game_id, seq))

    async def _unsynced(self, sql: str, args: tuple[Any, ...]) -> None:
        """A write that need not wait for the disk: the next durable commit takes it along.
        It survives the process being killed (it is in the WAL), not a power loss. One
        trip to the database thread, not three."""
        async with self._lock:
            await self._conn._execute(_write_unsynced, self._conn._conn, sql, args)

    async def answered(self, game_id: int, seq: int) -> None:
        """The player who made the game's action `seq` was shown that it counted (read
        back by the repeat guard after a restart, `bot/repeats.py`). Not waited for on disk:
        if a crash loses it, the player's identical command next is only asked to confirm."""
        await self._unsynced("INSERT OR REPLACE INTO messages (game_id, purpose, channel_id, "
                             "message_id, fingerprint) VALUES (?, 'answered', 0, 0, ?)",
                             (game_id, str(seq)))

    async def games_owing_prompts(self) -> list[int]:
        """Running games that moved since their prompts last all went out, or with a prompt
        greyed by its own click and not yet asked again (`bot/records.py`)."""
        rows = await self._all("SELECT g.id FROM games g LEFT JOIN prompt_deliveries p ON "
                               "p.game_id = g.id WHERE g.status = 'running' AND "
                               "(g.seq > COALESCE(p.seq, 0) OR EXISTS (SELECT 1 FROM messages "
                               "m WHERE m.game_id = g.id AND m.purpose LIKE 'prompt:%' AND "
                               "m.fingerprint LIKE 'greyed:%')) ORDER BY g.id")
        return [r[0] for r in rows]

    # ----- players' own settings, across games ------------------------------

    async def dm_prompts(self, user_id: int) -> bool:
        """Does the player want their turns' choices by DM (`/game notify`)? Yes unless
        they said otherwise."""
        return (await self.preferences_of([user_id]))[user_id].dm_prompts

    async def dm_prompts_of(self, user_ids: Iterable[int]) -> dict[int, bool]:
        """`dm_prompts` for several players in one query."""
        return {user: prefs.dm_prompts
                for user, prefs in (await self.preferences_of(user_ids)).items()}

    async def preferences_of(self, user_ids: Iterable[int]) -> dict[int, Preferences]:
        """Each player's own settings (`Preferences`; the defaults without a row), with the
        notice held back for them, in one query."""
        wanted = sorted(set(user_ids))
        if not wanted:
            return {}
        marks = ",".join("?" * len(wanted))
        rows = await self._all(f"SELECT p.user_id, {PREFERENCE_COLUMNS}, h.due_at, "
                               "COALESCE(h.last_sent, 0) FROM user_preferences p LEFT JOIN "
                               "held_notices h ON h.user_id = p.user_id WHERE p.user_id IN "
                               f"({marks})", tuple(wanted))
        said = {r[0]: Preferences(bool(r[1]), r[2], r[3], r[4], r[5], r[6], r[7], r[8])
                for r in rows}
        return {user: said.get(user, Preferences()) for user in wanted}

    async def set_dm_prompts(self, user_id: int, wanted: bool) -> None:
        await self.set_preferences(user_id, dm_prompts=int(wanted))

    async def set_preferences(self, user_id: int, **values: Any) -> None:
        """Change some of the player's settings (the columns of `PREFERENCE_COLUMNS`)."""
        known = {c.strip().removeprefix("p.") for c in PREFERENCE_COLUMNS.split(",")}
        unknown = set(values) - known
        if unknown:
            raise ValueError(f"no preference {sorted(unknown)}")
        statements = [Statement("INSERT OR IGNORE INTO user_preferences (user_id) VALUES (?)",
                                (user_id,))]
        if values:
            statements.append(Statement(
                f"UPDATE user_preferences SET {', '.join(f'{k} = ?' for k in values)} "
                "WHERE user_id = ?", (*values.values(), user_id)))
        await self._write(*statements)

    async def away_players(self, now: float) -> dict[int, float]:
        """Every player away at `now`, with when their away period ends."""
        rows = await self._all("SELECT user_id, away_until FROM user_preferences WHERE "
                               "away_until IS NOT NULL AND away_until > ?", (now,))
        return {r[0]: r[1] for r in rows}

    # ----- notices held back by a digest or quiet hours -------------------------

    async def hold_notice(self, user_id: int, due_at: float) -> None:
        """A notice for the player goes out at `due_at` (or earlier, if one is held for then)."""
        await self._write(Statement(
            "INSERT INTO held_notices (user_id, due_at) VALUES (?, ?) ON "
            "CONFLICT (user_id) DO UPDATE SET due_at = MIN(COALESCE(due_at, "
            "excluded.due_at), excluded.due_at)", (user_id, due_at)))

    async def notice_sent(self, user_id: int, now: float, *, held_too: bool) -> None:
        """The player was notified at `now`: of one question, or (`held_too`) of everything
        waiting for them, so that nothing is held any more."""
        held = "NULL" if held_too else "held_notices.due_at"
        await self._write(Statement("INSERT INTO held_notices (user_id, due_at, last_sent) VALUES "
                                    "(?, NULL, ?) ON CONFLICT (user_id) DO UPDATE SET due_at = "
                                    f"{held}, last_sent = excluded.last_sent", (user_id, now)))

    async def held_notices(self) -> dict[int, float]:
        """Every notice held back, by player: when it goes out."""
        rows = await self._all("SELECT user_id, due_at FROM held_notices WHERE due_at IS NOT "
                               "NULL")
        return {r[0]: r[1] for r in rows}

    # ----- undo requests -------------------------------------------------

    async def undo_request(self, game_id: int) -> UndoRequest | None:
        row = await self._one("SELECT game_id, seq, requested_by, needed, agreed FROM "
                              "undo_requests WHERE game_id = ?", (game_id,))
        if not row:
            return None
        return UndoRequest(row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]))

    async def put_undo_request(self, req: UndoRequest) -> None:
        await self._write(Statement(
            "INSERT OR REPLACE INTO undo_requests (game_id, seq, requested_by, "
            "needed, agreed) VALUES (?,?,?,?,?)",
            (req.game_id, req.seq, req.requested_by, json.dumps(req.needed),
             json.dumps(req.agreed))))

    async def clear_undo_request(self, game_id: int) -> None:
        await self._write(Statement("DELETE FROM undo_requests WHERE game_id = ?", (game_id,)))


def sqlite3_split(script: str) -> list[str]:
    """Split a migration script into complete statements."""
    statements: list[str] = []
    current = ""
    for line in script.splitlines(keepends=True):
        if line.strip().startswith("--") and not current.strip():
            continue
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current)
            current = ""
    if current.strip():
        statements.append(current)
    return statements


class Store(Protocol):
    """What the bot asks of its storage, whichever database holds it: `Storage` (SQLite,
    one process, the default) or `bot.storage_pg.PgStorage` (PostgreSQL, several
    processes); `bot.stores.open_storage` picks one. Each method means what `Storage`'s
    says: every write is durable when it returns, an action acknowledged only after its
    commit. The rows and errors above are both stores'."""

    process: str  # who holds the outbox leases this store takes
    shared: bool  # may several processes use the database at once?
    lease_seconds: float  # how long it holds a step it stored, to tell it

    async def close(self) -> None: ...
    async def schema_version(self) -> int: ...

    async def create_game(self, *, variant: str, guild_id: int | None, channel_id: int,
                          creator_id: int, options: dict[str, Any], seed: str,
                          commitment: str, now: float) -> int: ...
    async def game(self, game_id: int) -> GameRow | None: ...
    async def latest_game_in(self, channel_id: int) -> GameRow | None: ...
    async def live_games(self) -> list[GameRow]: ...
    async def set_status(self, game_id: int, status: str, now: float) -> None: ...
    async def set_options(self, game_id: int, options: dict[str, Any], now: float) -> None: ...
    async def move_game(self, game_id: int, channel_id: int, now: float) -> None: ...

    async def seats(self, game_id: int) -> list[SeatRow]: ...
    async def live_seats(self) -> dict[int, list[SeatRow]]: ...
    async def add_seat(self, game_id: int, seat: str, user_id: int) -> None: ...
    async def remove_seats_of(self, game_id: int, user_id: int) -> list[str]: ...
    async def set_seat_user(self, game_id: int, seat: str, user_id: int) -> None: ...
    async def set_dm_ok(self, game_id: int, seat: str, ok: bool,
                        fallback_thread: int | None = None) -> None: ...

    async def start_game(self, game_id: int, *, seat_order: list[tuple[str, int]],
                         state: dict[str, Any], events: list[dict[str, Any]],
                         now: float) -> int: ...
    async def append_action(self, game_id: int, *, expected_seq: int, kind: str,
                            seat: str | None, action: str | None, params: dict[str, Any],
                            user_id: int | None, step: dict[str, Any],
                            events: list[dict[str, Any]], snapshot: dict[str, Any] | None,
                            finished: bool, now: float,
                            deadline: DeadlineRow | None = None,
                            interaction_id: int | None = None) -> int: ...
    async def actions(self, game_id: int, after: int = 0) -> list[ActionRow]: ...
    async def action(self, game_id: int, seq: int) -> ActionRow | None: ...
    async def start_snapshot(self, game_id: int) -> dict[str, Any] | None: ...
    async def latest_snapshot(self, game_id: int) -> tuple[int, dict[str, Any]] | None: ...
    async def snapshot_and_tail(self, game_id: int
                                ) -> tuple[dict[str, Any], list[ActionRow]] | None: ...

    async def use_clock(self, clock: Callable[[], float]) -> None: ...
    async def database_now(self) -> float: ...
    async def deadline(self, game_id: int) -> DeadlineRow | None: ...
    async def deadlines(self) -> list[DeadlineRow]: ...
    async def due_deadlines(self, limit: int = 1000) -> list[DeadlineRow]: ...
    async def put_deadline(self, row: DeadlineRow) -> DeadlineRow: ...
    async def mark_reminded(self, row: DeadlineRow) -> bool: ...
    async def clear_deadline(self, game_id: int) -> None: ...
    async def apply_deadline(self, row: DeadlineRow,
                             then: DeadlineRow | None) -> DeadlineRow: ...
    async def applied_deadlines(self, game_id: int | None = None
                                ) -> list[tuple[int, int, float, float, int | None]]: ...

    async def claim_outbox(self, lease_seconds: float = LEASE_SECONDS
                           ) -> OutboxClaim | None: ...
    async def outbox_sent(self, game_id: int, seqs: Sequence[int]) -> None: ...
    async def outbox_told_together(self, game_id: int, seqs: Sequence[int]) -> None: ...
    async def outbox_renew(self, game_id: int, seqs: Sequence[int]) -> int: ...
    async def outbox_failed(self, game_id: int, seqs: Sequence[int],
                            retry_in: float) -> None: ...
    async def outbox(self, game_id: int) -> list[OutboxRow]: ...
    async def release_outbox(self) -> None: ...
    async def release_own_outbox(self) -> None: ...
    async def prune_outbox(self, older_than: float) -> int: ...

    async def message(self, game_id: int, purpose: str) -> tuple[int, int, str] | None: ...
    async def messages(self, game_id: int) -> dict[str, tuple[int, int, str]]: ...
    async def replace_fingerprint_prefix(self, game_id: int, purpose: str, message_id: int,
                                         old: str, new: str) -> None: ...
    async def drop_message(self, game_id: int, purpose: str) -> None: ...
    async def put_message(self, game_id: int, purpose: str, channel_id: int, message_id: int,
                          fingerprint: str = "", *, durable: bool = True) -> None: ...

    async def prompts_delivered(self, game_id: int, seq: int) -> None: ...
    async def answered(self, game_id: int, seq: int) -> None: ...
    async def games_owing_prompts(self) -> list[int]: ...

    async def dm_prompts(self, user_id: int) -> bool: ...
    async def dm_prompts_of(self, user_ids: Iterable[int]) -> dict[int, bool]: ...
    async def preferences_of(self, user_ids: Iterable[int]) -> dict[int, Preferences]: ...
    async def set_dm_prompts(self, user_id: int, wanted: bool) -> None: ...
    async def set_preferences(self, user_id: int, **values: Any) -> None: ...
    async def away_players(self, now: float) -> dict[int, float]: ...

    async def hold_notice(self, user_id: int, due_at: float) -> None: ...
    async def notice_sent(self, user_id: int, now: float, *, held_too: bool) -> None: ...
    async def held_notices(self) -> dict[int, float]: ...

    async def undo_request(self, game_id: int) -> UndoRequest | None: ...
    async def put_undo_request(self, req: UndoRequest) -> None: ...
    async def clear_undo_request(self, game_id: int) -> None: ...
