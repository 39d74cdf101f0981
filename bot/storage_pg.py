"""Durable storage on PostgreSQL: the same interface, rows and errors as `bot/storage.py`,
for a bot that runs as several processes over one database (`CROUPIER_DB=postgresql://...`).

psycopg 3 (async) through a `psycopg_pool` connection pool. Every write is one transaction
(actions: one per batch of those arriving together, `bot/group_commit.py`) committed with
PostgreSQL's default `synchronous_commit = on`: a method returns, and the bot acknowledges
anything, only once the commit is durable (the SQLite store's contract). The writes that
SQLite makes without waiting for the disk (`prompts_delivered`, `answered`, a telling's
message records: `put_message(durable=False)`) are committed with `synchronous_commit = off`
here: a server crash may lose them, a process kill does not, which is what their callers
expect.

One game, one writer: `append_action` locks the game's row (`SELECT ... FOR UPDATE`) in the
transaction that checks the sequence the action answers, inserts the row and writes its side
rows, so two processes acting on one game queue on the row lock and the second one finds the
game moved on (`StaleWrite`). The schema's trigger and `PRIMARY KEY (game_id, seq)` refuse a
stale row from any other writer too, and the unique interaction id applies a doubly delivered
interaction once.

Unlike SQLite there is no single-writer file lock (`hold_database`): several processes on one
database are the point. Each process still holds the games it has loaded in memory (and the
index of unfinished games it read at its start), so each game should be served by one process
(processes serving disjoint guilds); a process whose copy is stale is refused by the checks
above, never forks the game, and reloads it from the log.

The schema lives in `bot/migrations_pg/NNN_*.sql`, numbered as SQLite's `bot/migrations/`,
each applied in its own transaction under a transaction-level advisory lock, so that processes
starting together migrate once; `schema_version` records the number.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

import psycopg
from psycopg import errors as pg_errors
from psycopg_pool import AsyncConnectionPool

from bot.group_commit import GroupCommitter
from bot.storage import (
    ACTION_COLUMNS,
    DEADLINE_COLUMNS,
    GAME_COLUMNS,
    LEASE_SECONDS,
    OUTBOX_COLUMNS,
    OUTBOX_STEP,
    PREFERENCE_COLUMNS,
    ActionRow,
    AlreadyApplied,
    ChannelBusy,
    DeadlineRow,
    GameRow,
    NotDueYet,
    OutboxClaim,
    OutboxRow,
    Preferences,
    SeatRow,
    StaleWrite,
    StorageError,
    StorageFault,
    StorageUnavailable,
    UndoRequest,
    _action,
    _claim,
    _deadline,
    _game,
    process_name,
)

#: The key of the advisory lock that serializes migrations (any constant: "croupier").
MIGRATION_LOCK = 0x63726F7570696572

#: Connections each process keeps open at most (the pool grows to this under load).
POOL_SIZE = 8

#: Group committers each process runs side by side (games spread over them by id), each
#: with at most one batch in flight on one pooled connection: fewer than `POOL_SIZE`.
COMMITTERS = 4

#: PostgreSQL's clock, in seconds since 1970 (`bot/migrations_pg/008_*.sql`): the
#: statement's start, `extract(epoch from statement_timestamp())`, one value for the whole
#: statement; or the test's clock, when its store set one (`PgStorage.use_clock`).
PG_NOW = "croupier_now()"

#: The channel on which a stored step wakes the processes' senders (payload: the game id).
OUTBOX_CHANNEL = "croupier_outbox"


def migrations() -> list[tuple[int, str]]:
    """The numbered PostgreSQL migrations, in order."""
    folder = resources.files("bot") / "migrations_pg"
    found = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:3].isdigit():
            found.append((int(name[:3]), entry.read_text()))
    return sorted(found)


def _where(url: str) -> str:
    """The database's address without its password, for messages."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.Error:
        return "the PostgreSQL database"
    host = info.get("host") or "localhost"
    return f"the PostgreSQL database {info.get('dbname') or ''!s} on {host}".replace("  ", " ")


class PgStorage:
    """All of the bot's persistent state on PostgreSQL. Open with `await PgStorage.open(url)`."""

    def __init__(self, pool: AsyncConnectionPool, url: str) -> None:
        self._pool = pool
        self.url = url
        self.now_sql = PG_NOW  # the database's clock, in SQL
        self._clock: Callable[[], float] | None = None  # see `use_clock`
        self.process = process_name()  # the holder of the outbox leases this store takes
        self.lease_seconds = LEASE_SECONDS  # how long it holds a step it stored
        self.shared = True  # several processes over one database: the point
        # Actions that arrive while one batch commits share the next transaction (one
        # connection, one durable commit): see `_commit_actions`. Games are spread over a
        # few committers (a game always to the same one, so its actions stay in turn):
        # their batches commit side by side on their own connections (each batch one
        # statement and its commit), while the server flushes their commits together.
        self._committers: list[GroupCommitter[_PendingAction]] = [
            GroupCommitter(self._commit_actions) for _ in range(COMMITTERS)]

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE,
                   clock: Callable[[], float] | None = None) -> PgStorage:
        """Connect, migrate, then open the pool; `StorageUnavailable` if it can't be.
        `clock`: the database's clock instead of PostgreSQL's own (`use_clock`).

        The first connection is made once, directly (a wrong address fails at once, with
        the server's own words, instead of the pool retrying for its timeout); it applies
        the migrations."""
        try:
            conn = await psycopg.AsyncConnection.connect(url)
        except psycopg.Error as exc:
            raise StorageUnavailable(f"{_where(url)} can't be reached: {exc}. Check the "
                                     "address in CROUPIER_DB and that the server is "
                                     "running.") from exc
        try:
            async with conn:
                await _migrate(conn)
        except psycopg.Error as exc:
            raise StorageUnavailable(f"{_where(url)} can't be prepared for Croupier: {exc}. "
                                     "Check that the user may create tables in it.") from exc
        pool = AsyncConnectionPool(url, min_size=1, max_size=pool_size, open=False,
                                   check=AsyncConnectionPool.check_connection,
                                   name="croupier")
        try:
            await pool.open(wait=True, timeout=15.0)
        except Exception as exc:  # noqa: BLE001 - a pool timeout, a refused connection...
            await pool.close()
            raise StorageUnavailable(f"{_where(url)} can't be reached: {exc}.") from exc
        storage = cls(pool, url)
        if clock is not None:
            await storage.use_clock(clock)
        return storage

    async def close(self) -> None:
        await self._pool.close()

    async def schema_version(self) -> int:
        row = await self._one("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return int(row[0]) if row else 0

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        """One transaction on a pooled connection: committed when the block ends (durably,
        before this returns), rolled back on any error. Database errors other than the
        log's own checks become `StorageFault`."""
        try:
            async with self._pool.connection() as conn, conn.transaction():
                await self._set_clock(conn)
                yield conn
        except (pg_errors.IntegrityError, StorageError):
            raise
        except psycopg.Error as exc:
            raise StorageFault() from exc

    async def _all(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        try:
            async with self._pool.connection() as conn:
                await self._set_clock(conn)
                cur = await conn.execute(sql, args)
                return list(await cur.fetchall())
        except psycopg.Error as exc:
            raise StorageFault() from exc

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
                    " commitment, created_at, updated_at) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s) "
                    "RETURNING id",
                    (variant, guild_id, channel_id, creator_id, json.dumps(options), seed,
                     commitment, now, now))
                row = await cur.fetchone()
        except pg_errors.UniqueViolation:
            raise ChannelBusy("This channel already has a game. Finish or abort it first, "
                              "or start one in another channel or thread.") from None
        assert row is not None
        return int(row[0])

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one(f"SELECT {GAME_COLUMNS} FROM games WHERE id = %s", (game_id,))
        return _game(row) if row else None

    async def latest_game_in(self, channel_id: int) -> GameRow | None:
        row = await self._one(f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = %s "
                              "ORDER BY id DESC LIMIT 1", (channel_id,))
        return _game(row) if row else None

    async def live_games(self) -> list[GameRow]:
        rows = await self._all(f"SELECT {GAME_COLUMNS} FROM games WHERE status IN "
                               "('lobby', 'running') ORDER BY id")
        return [_game(r) for r in rows]

    async def set_status(self, game_id: int, status: str, now: float) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE games SET status = %s, updated_at = %s WHERE id = %s",
                             (status, now, game_id))

    async def set_options(self, game_id: int, options: dict[str, Any], now: float) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE games SET options = %s, updated_at = %s WHERE id = %s AND "
                             "status = 'lobby'", (json.dumps(options), now, game_id))

    async def move_game(self, game_id: int, channel_id: int, now: float) -> None:
        try:
            async with self.transaction() as db:
                await db.execute("UPDATE games SET channel_id = %s, updated_at = %s WHERE "
                                 "id = %s", (channel_id, now, game_id))
                await db.execute("DELETE FROM messages WHERE game_id = %s AND purpose = "
                                 "'status'", (game_id,))
        except pg_errors.UniqueViolation:
            raise ChannelBusy("This channel already has a game.") from None

    # ----- seats ---------------------------------------------------------

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all("SELECT game_id, position, seat, user_id, dm_ok, fallback_thread "
                               "FROM seats WHERE game_id = %s ORDER BY position", (game_id,))
        return [SeatRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5]) for r in rows]

    async def live_seats(self) -> dict[int, list[SeatRow]]:
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
                # The game's row lock orders two joins at once (positions stay distinct).
                await db.execute("SELECT 1 FROM games WHERE id = %s FOR UPDATE", (game_id,))
                await db.execute(
                    "INSERT INTO seats (game_id, position, seat, user_id) VALUES (%s, (SELECT "
                    "COALESCE(MAX(position), -1) + 1 FROM seats WHERE game_id = %s), %s, %s)",
                    (game_id, game_id, seat, user_id))
        except pg_errors.IntegrityError:
            raise StorageError(f"The seat {seat} is taken.") from None

    async def remove_seats_of(self, game_id: int, user_id: int) -> list[str]:
        async with self.transaction() as db:
            cur = await db.execute("DELETE FROM seats WHERE game_id = %s AND user_id = %s "
                                   "RETURNING seat, position", (game_id, user_id))
            gone = sorted(await cur.fetchall(), key=lambda r: r[1])
        return [r[0] for r in gone]

    async def set_seat_user(self, game_id: int, seat: str, user_id: int) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE seats SET user_id = %s, dm_ok = 1, fallback_thread = NULL "
                             "WHERE game_id = %s AND seat = %s", (user_id, game_id, seat))

    async def set_dm_ok(self, game_id: int, seat: str, ok: bool,
                        fallback_thread: int | None = None) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE seats SET dm_ok = %s, fallback_thread = "
                             "COALESCE(%s::bigint, fallback_thread) WHERE game_id = %s AND "
                             "seat = %s", (int(ok), fallback_thread, game_id, seat))

    # ----- the action log ------------------------------------------------

    async def start_game(self, game_id: int, *, seat_order: list[tuple[str, int]],
                         state: dict[str, Any], events: list[dict[str, Any]],
                         now: float) -> int:
        """Fix the seats, store the setup (seq 1) and its snapshot, mark the game running."""
        async with self.transaction() as db:
            cur = await db.execute("UPDATE games SET status = 'running', updated_at = %s"
                                   " WHERE id = %s AND status = 'lobby' AND seq = 0",
                                   (now, game_id))
            if cur.rowcount != 1:
                raise StaleWrite("This game has already started.")
            await db.execute("DELETE FROM seats WHERE game_id = %s", (game_id,))
            for position, (seat, user_id) in enumerate(seat_order):
                await db.execute("INSERT INTO seats (game_id, position, seat, user_id) "
                                 "VALUES (%s, %s, %s, %s)", (game_id, position, seat, user_id))
            await db.execute(
                "INSERT INTO actions (game_id, seq, kind, step, events, created_at) "
                "VALUES (%s, 1, 'start', %s, %s, %s)",
                (game_id, json.dumps({"luck": state.get("setup_luck", [])}),
                 json.dumps(events), now))
            await db.execute("INSERT INTO snapshots (game_id, seq, state) VALUES (%s, 1, %s)",
                             (game_id, json.dumps(state)))
            await _put_outbox(db, game_id, 1, self.process, self.lease_seconds)
        return 1

    async def append_action(self, game_id: int, *, expected_seq: int, kind: str,
                            seat: str | None, action: str | None, params: dict[str, Any],
                            user_id: int | None, step: dict[str, Any],
                            events: list[dict[str, Any]], snapshot: dict[str, Any] | None,
                            finished: bool, now: float,
                            deadline: DeadlineRow | None = None,
                            interaction_id: int | None = None) -> int:
        """Store one action durably; `StaleWrite` if the game is no longer at `expected_seq`,
        `AlreadyApplied` if `interaction_id` was.

        Group commit: the actions that arrive while one batch commits share the next
        transaction (`_commit_actions`: the games' rows locked, each sequence checked, the
        rows inserted, one statement for the batch; then the snapshots and the games'
        ends); returned after the commit. `deadline`: the action is a deadline's, stored
        only in the transaction that applies that deadline (`_deadline_action`); otherwise
        `StaleWrite` (an answer, or the creator, came first), or `NotDueYet`."""
        seq = expected_seq + 1
        if deadline is not None:
            return await self._deadline_action(
                deadline, seq, (game_id, seq, kind, seat, action, json.dumps(params), user_id,
                                json.dumps(step), json.dumps(events), now),
                snapshot, finished)
        committer = self._committers[game_id % len(self._committers)]
        outcome = await committer.submit(_PendingAction(
            game_id, expected_seq,
            (game_id, seq, kind, seat, action, json.dumps(params), user_id, json.dumps(step),
             json.dumps(events), now, interaction_id),
            snapshot, finished, interaction_id, self.process, self.lease_seconds))
        assert isinstance(outcome, int)
        return outcome

    async def _commit_actions(self, batch: Sequence[_PendingAction]) -> list[object]:
        """The group committer's `commit`: the batch's actions in one transaction on one
        connection, one durable commit for them all, each member with its own outcome (a
        refused one stores nothing and gets its own `StaleWrite` / `AlreadyApplied`; the
        others stay). The whole batch is one statement (`_STORE_BATCH`): its games locked
        in id order (two processes' batches never wait on each other in a cycle), each
        member's sequence checked, its row and outbox row inserted. A game with a second
        action in the batch (one seat's double click, say) has it stored after that, in
        its own savepoint, so a game's actions stay in turn. Any other database error
        fails the whole batch (the committer then tries each member alone)."""
        order = sorted(range(len(batch)), key=lambda i: batch[i].game_id)
        firsts: list[int] = []
        again: list[int] = []
        for i in order:
            (again if firsts and batch[firsts[-1]].game_id == batch[i].game_id
             else firsts).append(i)
        outcomes: list[object] = [None] * len(batch)
        try:
            async with self._pool.connection() as conn, conn.transaction():
                await self._set_clock(conn)
                stored = await _store_batch(conn, [batch[i] for i in firsts],
                                            self.process, self.lease_seconds)
                for i, outcome in zip(firsts, stored, strict=True):
                    outcomes[i] = outcome
                for i in again:
                    try:
                        async with conn.transaction():  # a savepoint
                            outcomes[i] = await _store_action(conn, batch[i])
                    except (pg_errors.IntegrityError, StorageError) as exc:
                        outcomes[i] = _refusal(exc)
        except pg_errors.IntegrityError as exc:
            if len(batch) != 1:
                raise StorageFault() from exc  # each member again alone, for its own outcome
            return [_refusal(exc)]
        except StorageError:
            raise
        except psycopg.Error as exc:
            raise StorageFault() from exc
        return outcomes

    async def actions(self, game_id: int, after: int = 0) -> list[ActionRow]:
        rows = await self._all(f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = %s AND "
                               "seq > %s ORDER BY seq", (game_id, after))
        return [_action(r) for r in rows]

    async def action(self, game_id: int, seq: int) -> ActionRow | None:
        row = await self._one(f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = %s AND "
                              "seq = %s", (game_id, seq))
        return _action(row) if row else None

    async def start_snapshot(self, game_id: int) -> dict[str, Any] | None:
        row = await self._one("SELECT state FROM snapshots WHERE game_id = %s AND seq = 1",
                              (game_id,))
        return json.loads(row[0]) if row else None

    async def latest_snapshot(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        row = await self._one("SELECT seq, state FROM snapshots WHERE game_id = %s "
                              "ORDER BY seq DESC LIMIT 1", (game_id,))
        return (row[0], json.loads(row[1])) if row else None

    async def snapshot_and_tail(self, game_id: int
                                ) -> tuple[dict[str, Any], list[ActionRow]] | None:
        """The latest snapshot and the log rows after it, from one consistent view (a
        repeatable-read transaction), so that no action falls between them."""
        try:
            async with self._pool.connection() as conn, conn.transaction():
                await conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                cur = await conn.execute("SELECT seq, state FROM snapshots WHERE game_id = %s "
                                         "ORDER BY seq DESC LIMIT 1", (game_id,))
                snap = await cur.fetchone()
                rows: list[Any] = []
                if snap is not None:
                    cur = await conn.execute(f"SELECT {ACTION_COLUMNS} FROM actions WHERE "
                                             "game_id = %s AND seq > %s ORDER BY seq",
                                             (game_id, snap[0]))
                    rows = list(await cur.fetchall())
        except psycopg.Error as exc:
            raise StorageFault() from exc
        if snap is None:
            return None
        return json.loads(snap[1]), [_action(r) for r in rows]

    # ----- deadlines -----------------------------------------------------
    #
    # As `Storage`'s (bot/storage.py): a trigger only says "check game G's deadline number
    # N"; one transaction finds the deadline still number N and the database's clock past
    # its due time, records (game, N) in `deadline_applied` (its primary key refuses a
    # second one) and stores the effect. Here each such transaction first locks the game's
    # row, as an action and every change of the deadline (which takes the next number on
    # that row) do: the check sees the latest committed deadline and game, and nothing
    # changes them until it commits (READ COMMITTED takes a new snapshot after the lock).

    async def use_clock(self, clock: Callable[[], float]) -> None:
        """Make `clock` the database's clock (tests move time by hand): every transaction of
        this store first sets `croupier.now` to it, for that transaction only, and
        `croupier_now()` reads it there. Read when the transaction starts (SQLite calls
        the clock at each statement: the same while a test's clock stands still)."""
        self._clock = clock

    async def _set_clock(self, conn: psycopg.AsyncConnection[Any]) -> None:
        if self._clock is not None:
            await conn.execute("SELECT set_config('croupier.now', %s, true)",
                               (repr(float(self._clock())),))

    async def database_now(self) -> float:
        """The database's clock: what a deadline's due time is checked against."""
        row = await self._one(f"SELECT {self.now_sql}")
        return float(row[0])

    async def deadline(self, game_id: int) -> DeadlineRow | None:
        row = await self._one(f"SELECT {DEADLINE_COLUMNS} FROM deadlines d WHERE "
                              "d.game_id = %s", (game_id,))
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
            "a.deadline_seq = d.seq) ORDER BY d.due_at LIMIT %s", (limit,))
        return [_deadline(r) for r in rows]

    async def put_deadline(self, row: DeadlineRow) -> DeadlineRow:
        """Store the game's deadline under its next sequence number (returned with it): a
        trigger that fired for the one it replaces does nothing."""
        async with self.transaction() as db:
            seq = await _next_deadline_seq(db, row.game_id)
            await db.execute(
                "INSERT INTO deadlines (game_id, turn_seconds, due_at, paused_remaining, "
                "reminder_sent, armed_seq, question, seq, daily_at, time_zone) VALUES "
                "(%s,%s,%s,%s,%s,%s,%s,%s,%s,%s) ON CONFLICT (game_id) DO UPDATE SET "
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
            cur = await db.execute("UPDATE deadlines SET reminder_sent = 1 WHERE game_id = %s "
                                   "AND seq = %s", (row.game_id, row.seq))
            return cur.rowcount == 1

    async def clear_deadline(self, game_id: int) -> None:
        async with self.transaction() as db:
            await _next_deadline_seq(db, game_id)
            await db.execute("DELETE FROM deadlines WHERE game_id = %s", (game_id,))

    async def apply_deadline(self, row: DeadlineRow, then: DeadlineRow | None) -> DeadlineRow:
        """Apply deadline `row` whose effect is a new deadline, `then` (a new period: the
        game has no timeout policy), or none: one transaction. The stored `then` is
        returned; `StaleWrite` if the deadline changed or was applied already, `NotDueYet`
        if the database's clock is not yet past due."""
        async with self.transaction() as db:
            await _lock_game(db, row.game_id)
            await self._consume_deadline(db, row, None)
            if then is None:
                await db.execute("DELETE FROM deadlines WHERE game_id = %s AND seq = %s",
                                 (row.game_id, row.seq))
                await _next_deadline_seq(db, row.game_id)
                return replace(row, due_at=None, attempt="")
            seq = await _next_deadline_seq(db, row.game_id)
            await db.execute(
                "UPDATE deadlines SET turn_seconds = %s, due_at = %s, paused_remaining = %s, "
                "reminder_sent = %s, armed_seq = %s, question = %s, seq = %s, daily_at = %s, "
                "time_zone = %s WHERE game_id = %s AND seq = %s",
                (then.turn_seconds, then.due_at, then.paused_remaining, int(then.reminder_sent),
                 then.armed_seq, then.question, seq, then.daily_at, then.time_zone,
                 row.game_id, row.seq))
        return replace(then, seq=seq, attempt="")

    async def applied_deadlines(self, game_id: int | None = None
                                ) -> list[tuple[int, int, float, float, int | None]]:
        """(game, deadline number, due, applied at, first action row) of each applied
        deadline, by game and number: what the tests and the bench check."""
        where, args = ("WHERE game_id = %s", (game_id,)) if game_id is not None else ("", ())
        rows = await self._all("SELECT game_id, deadline_seq, due_at, applied_at, first_seq "
                               f"FROM deadline_applied {where} ORDER BY game_id, deadline_seq",
                               args)
        return [(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def _deadline_action(self, deadline: DeadlineRow, seq: int, row: tuple[Any, ...],
                               snapshot: dict[str, Any] | None, finished: bool) -> int:
        """Store a deadline's action (`row`, action number `seq`) in the transaction that
        applies the deadline, or, for the next seat of the same step (same `attempt`),
        right after the action that applied it. The schema's trigger refuses the row if the
        game is no longer at `seq - 1`."""
        game_id = deadline.game_id
        try:
            async with self.transaction() as db:
                await _lock_game(db, game_id)
                cur = await db.execute(
                    "UPDATE deadline_applied SET last_seq = %s WHERE game_id = %s AND "
                    "deadline_seq = %s AND attempt = %s AND attempt <> '' AND last_seq = %s",
                    (seq, game_id, deadline.seq, deadline.attempt, seq - 1))
                if cur.rowcount != 1:
                    await self._consume_deadline(db, deadline, seq)
                await db.execute(f"INSERT INTO actions ({ACTION_COLUMNS}) VALUES "
                                 "(%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)", row)
                await _put_outbox(db, game_id, seq, self.process, self.lease_seconds)
                await _snapshot_and_end(db, game_id, seq, snapshot, finished)
        except pg_errors.IntegrityError:
            raise StaleWrite("The game moved on before this action was stored.") from None
        return seq

    async def _consume_deadline(self, db: psycopg.AsyncConnection[Any], deadline: DeadlineRow,
                                action_seq: int | None) -> None:
        """Record deadline `deadline` as applied, in the caller's transaction (which holds
        the game's row lock): only if it is still the game's deadline under the same number,
        armed at the game's position (`action_seq - 1`, for an action), due by the
        database's clock, and not applied yet."""
        armed = "" if action_seq is None else " AND armed_seq = %s"
        args: tuple[Any, ...] = (deadline.attempt, action_seq, action_seq, deadline.game_id,
                                 deadline.seq)
        if action_seq is not None:
            args = (*args, action_seq - 1)
        cur = await db.execute(
            "INSERT INTO deadline_applied (game_id, deadline_seq, due_at, applied_at, attempt, "
            f"first_seq, last_seq) SELECT game_id, seq, due_at, {self.now_sql}, %s::text, "
            "%s::bigint, %s::bigint FROM deadlines WHERE game_id = %s AND seq = %s AND due_at "
            f"IS NOT NULL AND due_at <= {self.now_sql}{armed} ON CONFLICT DO NOTHING", args)
        if cur.rowcount == 1:
            return
        cur = await db.execute(
            f"SELECT d.due_at, {self.now_sql}, EXISTS (SELECT 1 FROM deadline_applied a WHERE "
            "a.game_id = d.game_id AND a.deadline_seq = d.seq) FROM deadlines d WHERE "
            "d.game_id = %s AND d.seq = %s", (deadline.game_id, deadline.seq))
        found = await cur.fetchone()
        if found is not None and not found[2] and found[0] is not None and found[0] > found[1]:
            raise NotDueYet("The deadline is not due yet by the database's clock.")
        raise StaleWrite("The deadline changed, or was applied, before this was stored.")

    # ----- the outbox: stored steps to tell (as `bot/storage.py`'s) ----------------

    async def claim_outbox(self, lease_seconds: float = LEASE_SECONDS) -> OutboxClaim | None:
        """Claim the unsent steps of one game whose leases are all over (the oldest lease
        first), leased to this process for `lease_seconds`; None if there are none.

        The candidate's game row is locked `FOR UPDATE SKIP LOCKED` (a game another sender
        is claiming, or whose action is being stored, is passed over for now), which
        serializes the claims of one game and takes the locks in the order the action
        writers take them (the game's row, then its outbox rows): no deadlock. The claim
        itself is a new statement, so under READ COMMITTED it sees what a claim just
        committed: no two processes ever hold leases on one game's steps at once."""
        for _ in range(3):  # a candidate claimed meanwhile: look again
            async with self.transaction() as db:
                cur = await db.execute(
                    f"SELECT g.id FROM outbox o JOIN games g ON g.id = o.game_id WHERE "
                    f"o.sent_at IS NULL AND o.lease_until <= {PG_NOW} AND NOT EXISTS (SELECT "
                    "1 FROM outbox p WHERE p.game_id = o.game_id AND p.sent_at IS NULL AND "
                    f"p.lease_until > {PG_NOW}) ORDER BY o.lease_until LIMIT 1 "
                    "FOR UPDATE OF g SKIP LOCKED")
                found = await cur.fetchone()
                if found is None:
                    return None
                game_id = found[0]
                cur = await db.execute(
                    f"UPDATE outbox SET lease_owner = %s, lease_until = {PG_NOW} + %s WHERE "
                    f"game_id = %s AND sent_at IS NULL AND NOT EXISTS (SELECT 1 FROM outbox p "
                    f"WHERE p.game_id = %s AND p.sent_at IS NULL AND p.lease_until > {PG_NOW}) "
                    "RETURNING seq, tries, told_with",
                    (self.process, lease_seconds, game_id, game_id))
                rows = list(await cur.fetchall())
            if rows:
                return _claim(game_id, rows)
        return None

    async def outbox_sent(self, game_id: int, seqs: Sequence[int]) -> None:
        """The steps were told (not waited for on disk: a step told again is harmless)."""
        await self._unsynced(f"UPDATE outbox SET sent_at = {PG_NOW} WHERE game_id = %s AND "
                             "seq = ANY(%s) AND sent_at IS NULL", (game_id, list(seqs)))

    async def outbox_told_together(self, game_id: int, seqs: Sequence[int]) -> None:
        await self._unsynced("UPDATE outbox SET told_with = %s WHERE game_id = %s AND "
                             "seq = ANY(%s)", (max(seqs), game_id, list(seqs)))

    async def outbox_renew(self, game_id: int, seqs: Sequence[int]) -> int:
        async with self.transaction() as db:
            cur = await db.execute(
                f"UPDATE outbox SET lease_until = {PG_NOW} + %s WHERE game_id = %s AND "
                "seq = ANY(%s) AND sent_at IS NULL AND lease_owner = %s",
                (self.lease_seconds, game_id, list(seqs), self.process))
            return int(cur.rowcount)

    async def outbox_failed(self, game_id: int, seqs: Sequence[int], retry_in: float) -> None:
        async with self.transaction() as db:
            await db.execute(f"UPDATE outbox SET tries = tries + 1, lease_owner = NULL, "
                             f"lease_until = {PG_NOW} + %s WHERE game_id = %s AND "
                             "seq = ANY(%s) AND sent_at IS NULL",
                             (retry_in, game_id, list(seqs)))

    async def release_outbox(self) -> None:
        """End every lease held by another process now: only for a process that knows it
        is the database's only one (SQLite's, which holds the file), so that the steps a
        killed process owed are told at once, not when their leases run out."""
        sql = (f"UPDATE outbox SET lease_until = {PG_NOW} WHERE sent_at IS NULL AND "
               f"lease_until > {PG_NOW} AND (lease_owner IS NULL OR lease_owner <> %s)")
        async with self.transaction() as db:
            await db.execute(sql, (self.process,))

    async def prune_outbox(self, older_than: float) -> int:
        """Forget the rows of steps told more than `older_than` seconds ago (by the
        database's clock): only unsent rows are ever read again, and a game played for
        months must not keep a row per action. How many were removed."""
        async with self.transaction() as db:
            cur = await db.execute(f"DELETE FROM outbox WHERE sent_at IS NOT NULL AND "
                                   f"sent_at < {PG_NOW} - %s", (older_than,))
            return cur.rowcount

    async def release_own_outbox(self) -> None:
        """This process stops: the steps it holds and has not told are anyone's to tell
        now, and the other processes' senders are woken to tell them (a notification,
        delivered when this commits: `LISTEN croupier_outbox`)."""
        async with self.transaction() as db:
            cur = await db.execute(
                f"UPDATE outbox SET lease_owner = NULL, lease_until = {PG_NOW} WHERE "
                "sent_at IS NULL AND lease_owner = %s RETURNING game_id", (self.process,))
            games = sorted({row[0] for row in await cur.fetchall()})
            if games:
                await db.execute("SELECT pg_notify(%s, %s)",
                                 (OUTBOX_CHANNEL, ",".join(map(str, games))[:7000]))

    async def outbox(self, game_id: int) -> list[OutboxRow]:
        rows = await self._all(f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE game_id = %s "
                               "ORDER BY seq, kind", (game_id,))
        return [OutboxRow(*r) for r in rows]

    # ----- messages the bot edits ----------------------------------------

    async def message(self, game_id: int, purpose: str) -> tuple[int, int, str] | None:
        row = await self._one("SELECT channel_id, message_id, fingerprint FROM messages "
                              "WHERE game_id = %s AND purpose = %s", (game_id, purpose))
        return (row[0], row[1], row[2]) if row else None

    async def messages(self, game_id: int) -> dict[str, tuple[int, int, str]]:
        rows = await self._all("SELECT purpose, channel_id, message_id, fingerprint FROM "
                               "messages WHERE game_id = %s", (game_id,))
        return {r[0]: (r[1], r[2], r[3]) for r in rows}

    async def replace_fingerprint_prefix(self, game_id: int, purpose: str, message_id: int,
                                         old: str, new: str) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE messages SET fingerprint = %s::text || substr(fingerprint, "
                             "%s::integer) WHERE game_id = %s AND purpose = %s AND message_id = "
                             "%s AND substr(fingerprint, 1, %s::integer) = %s::text",
                             (new, len(old) + 1, game_id, purpose, message_id, len(old), old))

    async def drop_message(self, game_id: int, purpose: str) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM messages WHERE game_id = %s AND purpose = %s",
                             (game_id, purpose))

    async def put_message(self, game_id: int, purpose: str, channel_id: int, message_id: int,
                          fingerprint: str = "", *, durable: bool = True) -> None:
        """`durable=False`: committed with `synchronous_commit = off` (SQLite's store says
        why a telling's records need not wait for the disk)."""
        args = (game_id, purpose, channel_id, message_id, fingerprint)
        if not durable:
            await self._unsynced(_PUT_MESSAGE, args)
            return
        async with self.transaction() as db:
            await db.execute(_PUT_MESSAGE, args)

    # ----- prompts owed --------------------------------------------------

    async def prompts_delivered(self, game_id: int, seq: int) -> None:
        """Every awaited seat of the game has its prompt for the state at `seq` (not waited
        for on disk: see the module's docstring)."""
        await self._unsynced("INSERT INTO prompt_deliveries (game_id, seq) VALUES (%s, %s) "
                             "ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq",
                             (game_id, seq))

    async def _unsynced(self, sql: str, args: tuple[Any, ...]) -> None:
        async with self.transaction() as db:
            await db.execute("SET LOCAL synchronous_commit = off")
            await db.execute(sql, args)

    async def answered(self, game_id: int, seq: int) -> None:
        await self._unsynced(_PUT_MESSAGE, (game_id, "answered", 0, 0, str(seq)))

    async def games_owing_prompts(self) -> list[int]:
        rows = await self._all("SELECT g.id FROM games g LEFT JOIN prompt_deliveries p ON "
                               "p.game_id = g.id WHERE g.status = 'running' AND "
                               "(g.seq > COALESCE(p.seq, 0) OR EXISTS (SELECT 1 FROM messages "
                               "m WHERE m.game_id = g.id AND m.purpose LIKE 'prompt:%%' AND "
                               "m.fingerprint LIKE 'greyed:%%')) ORDER BY g.id")
        return [r[0] for r in rows]

    # ----- players' own settings, across games ------------------------------

    async def dm_prompts(self, user_id: int) -> bool:
        return (await self.preferences_of([user_id]))[user_id].dm_prompts

    async def dm_prompts_of(self, user_ids: Iterable[int]) -> dict[int, bool]:
        return {user: prefs.dm_prompts
                for user, prefs in (await self.preferences_of(user_ids)).items()}

    async def preferences_of(self, user_ids: Iterable[int]) -> dict[int, Preferences]:
        wanted = sorted(set(user_ids))
        if not wanted:
            return {}
        rows = await self._all(f"SELECT p.user_id, {PREFERENCE_COLUMNS}, h.due_at, "
                               "COALESCE(h.last_sent, 0) FROM user_preferences p LEFT JOIN "
                               "held_notices h ON h.user_id = p.user_id WHERE p.user_id = "
                               "ANY(%s::bigint[])", (wanted,))
        said = {r[0]: Preferences(bool(r[1]), r[2], r[3], r[4], r[5], r[6], r[7], r[8])
                for r in rows}
        return {user: said.get(user, Preferences()) for user in wanted}

    async def set_dm_prompts(self, user_id: int, wanted: bool) -> None:
        await self.set_preferences(user_id, dm_prompts=int(wanted))

    async def set_preferences(self, user_id: int, **values: Any) -> None:
        known = {c.strip().removeprefix("p.") for c in PREFERENCE_COLUMNS.split(",")}
        unknown = set(values) - known
        if unknown:
            raise ValueError(f"no preference {sorted(unknown)}")
        async with self.transaction() as db:
            await db.execute("INSERT INTO user_preferences (user_id) VALUES (%s) ON CONFLICT "
                             "DO NOTHING", (user_id,))
            if values:
                await db.execute(f"UPDATE user_preferences SET "
                                 f"{', '.join(f'{k} = %s' for k in values)} WHERE user_id = %s",
                                 (*values.values(), user_id))

    async def away_players(self, now: float) -> dict[int, float]:
        rows = await self._all("SELECT user_id, away_until FROM user_preferences WHERE "
                               "away_until IS NOT NULL AND away_until > %s", (now,))
        return {r[0]: r[1] for r in rows}

    # ----- notices held back by a digest or quiet hours -------------------------

    async def hold_notice(self, user_id: int, due_at: float) -> None:
        async with self.transaction() as db:
            await db.execute("INSERT INTO held_notices (user_id, due_at) VALUES (%s, %s) ON "
                             "CONFLICT (user_id) DO UPDATE SET due_at = LEAST(COALESCE("
                             "held_notices.due_at, excluded.due_at), excluded.due_at)",
                             (user_id, due_at))

    async def notice_sent(self, user_id: int, now: float, *, held_too: bool) -> None:
        held = "NULL" if held_too else "held_notices.due_at"
        async with self.transaction() as db:
            await db.execute("INSERT INTO held_notices (user_id, due_at, last_sent) VALUES "
                             "(%s, NULL, %s) ON CONFLICT (user_id) DO UPDATE SET due_at = "
                             f"{held}, last_sent = excluded.last_sent", (user_id, now))

    async def held_notices(self) -> dict[int, float]:
        rows = await self._all("SELECT user_id, due_at FROM held_notices WHERE due_at IS NOT "
                               "NULL")
        return {r[0]: r[1] for r in rows}

    # ----- undo requests -------------------------------------------------

    async def undo_request(self, game_id: int) -> UndoRequest | None:
        row = await self._one("SELECT game_id, seq, requested_by, needed, agreed FROM "
                              "undo_requests WHERE game_id = %s", (game_id,))
        if not row:
            return None
        return UndoRequest(row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]))

    async def put_undo_request(self, req: UndoRequest) -> None:
        async with self.transaction() as db:
            await db.execute("INSERT INTO undo_requests (game_id, seq, requested_by, needed, "
                             "agreed) VALUES (%s,%s,%s,%s,%s) ON CONFLICT (game_id) DO UPDATE "
                             "SET seq = excluded.seq, requested_by = excluded.requested_by, "
                             "needed = excluded.needed, agreed = excluded.agreed",
                             (req.game_id, req.seq, req.requested_by, json.dumps(req.needed),
                              json.dumps(req.agreed)))

    async def clear_undo_request(self, game_id: int) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM undo_requests WHERE game_id = %s", (game_id,))


_PUT_MESSAGE = ("INSERT INTO messages (game_id, purpose, channel_id, message_id, fingerprint) "
                "VALUES (%s,%s,%s,%s,%s) ON CONFLICT (game_id, purpose) DO UPDATE SET "
                "channel_id = excluded.channel_id, message_id = excluded.message_id, "
                "fingerprint = excluded.fingerprint")


async def _lock_game(db: psycopg.AsyncConnection[Any], game_id: int) -> None:
    """Lock the game's row until the transaction ends (`StaleWrite` if it is gone)."""
    cur = await db.execute("SELECT 1 FROM games WHERE id = %s FOR UPDATE", (game_id,))
    if await cur.fetchone() is None:
        raise StaleWrite("That game is gone.")


async def _next_deadline_seq(db: psycopg.AsyncConnection[Any], game_id: int) -> int:
    """Take the game's next deadline number (which locks its row till the transaction ends)."""
    cur = await db.execute("UPDATE games SET deadline_seq = deadline_seq + 1 WHERE id = %s "
                           "RETURNING deadline_seq", (game_id,))
    found = await cur.fetchone()
    if found is None:
        raise StaleWrite("That game is gone.")
    return int(found[0])


async def _snapshot_and_end(db: psycopg.AsyncConnection[Any], game_id: int, seq: int,
                            snapshot: dict[str, Any] | None, finished: bool) -> None:
    """An action's side rows, in its transaction: its snapshot (only the latest and the
    start, seq 1, are read; the others go) and the game's end."""
    if snapshot is not None:
        await db.execute("INSERT INTO snapshots (game_id, seq, state) VALUES (%s,%s,%s)",
                         (game_id, seq, json.dumps(snapshot)))
        await db.execute("DELETE FROM snapshots WHERE game_id = %s AND seq < %s AND seq > 1",
                         (game_id, seq))
    if finished:
        await db.execute("UPDATE games SET status = 'finished' WHERE id = %s", (game_id,))


async def _put_outbox(db: psycopg.AsyncConnection[Any], game_id: int, seq: int,
                      process: str, lease: float) -> None:
    """Record stored step `seq` to tell, leased to `process` for `lease` seconds, in the
    caller's transaction. No notification: nobody else may tell it while the lease runs
    (see `release_own_outbox`)."""
    await db.execute(
        "INSERT INTO outbox (game_id, seq, kind, created_at, lease_owner, lease_until) "
        f"VALUES (%s, %s, '{OUTBOX_STEP}', {PG_NOW}, %s, {PG_NOW} + %s::float8)",
        (game_id, seq, process, lease))


async def _has_interaction(db: psycopg.AsyncConnection[Any], interaction_id: int) -> bool:
    cur = await db.execute("SELECT 1 FROM actions WHERE interaction_id = %s", (interaction_id,))
    return await cur.fetchone() is not None


@dataclass(frozen=True)
class _PendingAction:
    """One `append_action` waiting for the group commit: `row` is the action's columns
    (`ACTION_COLUMNS`, then its interaction id)."""

    game_id: int
    expected_seq: int
    row: tuple[Any, ...]
    snapshot: dict[str, Any] | None
    finished: bool
    interaction_id: int | None
    process: str  # who tells the step: its outbox row's lease holder
    lease: float  # for this long


async def _store_action(db: psycopg.AsyncConnection[Any], pending: _PendingAction) -> int:
    """Lock the game's row, check the sequence the action answers (and that the game is
    running), insert the action and its side rows, in the caller's transaction; its number."""
    game_id, expected_seq = pending.game_id, pending.expected_seq
    # One round trip: the lock, the check, the row (none if the game moved on) and its
    # outbox row. Under READ COMMITTED a lock waited for re-checks the row as the other
    # writer left it.
    cur = await db.execute(
        "WITH game AS (SELECT 1 FROM games WHERE id = %s AND seq = %s AND status = 'running' "
        f"FOR UPDATE), act AS (INSERT INTO actions ({ACTION_COLUMNS}, interaction_id) SELECT "
        "%s::bigint, %s::bigint, %s::text, %s::text, %s::text, %s::text, %s::bigint, "
        "%s::text, %s::text, %s::float8, %s::bigint FROM game RETURNING game_id, seq) "
        "INSERT INTO outbox (game_id, seq, kind, created_at, lease_owner, lease_until) "
        f"SELECT game_id, seq, '{OUTBOX_STEP}', {PG_NOW}, %s, {PG_NOW} + %s::float8 FROM act",
        (game_id, expected_seq, *pending.row, pending.process, pending.lease))
    if cur.rowcount != 1:
        if pending.interaction_id is not None and await _has_interaction(
                db, pending.interaction_id):
            raise AlreadyApplied("That was already done a moment ago; it counts once.")
        raise StaleWrite("The game moved on before this action was stored.")
    await _snapshot_and_end(db, game_id, expected_seq + 1, pending.snapshot, pending.finished)
    return expected_seq + 1


#: A batch of actions, one per game, as one statement: the members' rows as arrays
#: (`unnest`), their games locked `FOR UPDATE` in id order where each is running at the
#: sequence its action answers (under READ COMMITTED a lock waited for re-checks the row as
#: the other writer left it), their rows inserted (an interaction already stored inserts
#: nothing: `ON CONFLICT ... DO NOTHING`), an outbox row for each stored one; it returns
#: the games whose action was stored. The schema's triggers check and advance each game.
_STORE_BATCH = (
    "WITH m AS (SELECT * FROM unnest(%s::bigint[], %s::bigint[], %s::text[], %s::text[], "
    "%s::text[], %s::text[], %s::bigint[], %s::text[], %s::text[], %s::float8[], "
    f"%s::bigint[]) AS m ({ACTION_COLUMNS}, interaction_id)), "
    "game AS (SELECT g.id FROM games g JOIN m ON g.id = m.game_id AND g.seq = m.seq - 1 "
    "WHERE g.status = 'running' ORDER BY g.id FOR UPDATE OF g), "
    f"act AS (INSERT INTO actions ({ACTION_COLUMNS}, interaction_id) SELECT m.* FROM m "
    "JOIN game ON game.id = m.game_id ORDER BY m.game_id ON CONFLICT (interaction_id) "
    "WHERE interaction_id IS NOT NULL DO NOTHING RETURNING game_id, seq) "
    "INSERT INTO outbox (game_id, seq, kind, created_at, lease_owner, lease_until) "
    f"SELECT game_id, seq, '{OUTBOX_STEP}', {PG_NOW}, %s, {PG_NOW} + %s::float8 FROM act "
    "RETURNING game_id")

#: The side rows of a batch's stored actions: their snapshots (only the latest and the
#: start, seq 1, are read; the older ones go: the DELETE does not see the rows inserted by
#: the same statement) and the games they finished.
_SIDE_ROWS = (
    "WITH s AS (SELECT * FROM unnest(%s::bigint[], %s::bigint[], %s::text[]) "
    "AS s (game_id, seq, state)), "
    "put AS (INSERT INTO snapshots (game_id, seq, state) SELECT * FROM s), "
    "ended AS (UPDATE games SET status = 'finished' WHERE id = ANY(%s::bigint[])) "
    "DELETE FROM snapshots d USING s WHERE d.game_id = s.game_id AND d.seq < s.seq "
    "AND d.seq > 1")


async def _store_batch(db: psycopg.AsyncConnection[Any], members: Sequence[_PendingAction],
                       process: str, lease: float) -> list[object]:
    """Store `members` (at most one per game) in the caller's transaction: one statement
    for the lot, another for their side rows if any stored one has them, a third to tell
    a repeated interaction from a stale one if any was refused. Each member's outcome:
    its number, or the refusal that member alone met."""
    if not members:
        return []
    columns = [list(column) for column in zip(*(m.row for m in members), strict=True)]
    cur = await db.execute(_STORE_BATCH, (*columns, process, lease))
    stored = {row[0] for row in await cur.fetchall()}
    kept = [m for m in members if m.game_id in stored]
    snapshots = [m for m in kept if m.snapshot is not None]
    finished = [m.game_id for m in kept if m.finished]
    if snapshots or finished:
        await db.execute(_SIDE_ROWS, (
            [m.game_id for m in snapshots], [m.expected_seq + 1 for m in snapshots],
            [json.dumps(m.snapshot) for m in snapshots], finished))
    asked = [m.interaction_id for m in members
             if m.game_id not in stored and m.interaction_id is not None]
    applied: set[int] = set()
    if asked:
        cur = await db.execute("SELECT interaction_id FROM actions WHERE interaction_id = "
                               "ANY(%s::bigint[])", (asked,))
        applied = {row[0] for row in await cur.fetchall()}
    return [member.expected_seq + 1 if member.game_id in stored
            else AlreadyApplied("That was already done a moment ago; it counts once.")
            if member.interaction_id in applied
            else StaleWrite("The game moved on before this action was stored.")
            for member in members]


def _refusal(exc: Exception) -> StorageError:
    """What a caller is told when the log refused its action (its savepoint undone)."""
    if isinstance(exc, StorageError):
        return exc
    if (isinstance(exc, pg_errors.UniqueViolation)
            and exc.diag.constraint_name == "actions_one_per_interaction"):
        return AlreadyApplied("That was already done a moment ago; it counts once.")
    return StaleWrite("The game moved on before this action was stored.")


async def _migrate(conn: psycopg.AsyncConnection[Any]) -> None:
    """Apply the migrations this database lacks, each in its own transaction."""
    for number, sql in migrations():
        async with conn.transaction():
            # Held until this transaction ends: a second process starting now waits here,
            # then finds the migration applied. (Even CREATE TABLE IF NOT EXISTS is not
            # safe from two sessions at once, so it is under the lock too.)
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER "
                               "NOT NULL)")
            cur = await conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version")
            row = await cur.fetchone()
            if row is not None and row[0] >= number:
                continue
            await conn.execute(sql.encode())  # no parameters: the whole file at once
            await conn.execute("DELETE FROM schema_version")
            await conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (number,))
