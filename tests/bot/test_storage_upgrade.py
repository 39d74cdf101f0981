"""Migration 10 (issue 27, "the bot's fixed cost per stored action ... measured and cut"):
SQLite's outbox rebuilt WITHOUT ROWID (the table its own key's index: one page fewer
written per stored step); its PostgreSQL twin changes nothing (no such layout there). A database made by the migrations up to 9, holding
running games, migrates with its data: the log, the outbox's owed and told steps, the
checks that keep the log honest (the next number only, an interaction once), and the
games go on."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bot.storage import (
    ACTION_COLUMNS,
    OUTBOX_COLUMNS,
    AlreadyApplied,
    StaleWrite,
    Storage,
    Store,
    _migrations,
    sqlite3_split,
)
from bot.storage_pg import PgStorage, migrations
from tests.bot.conftest import Clock

#: The database clock when the upgraded store opens: past every lease below.
NOW = 5_000.0

GAMES = [(1, 10, 3), (2, 11, 2)]  # (id, channel, seq: the last stored step)
ACTIONS = [
    (1, 1, "start", None, None, "{}", None, "{}", "[]", 1.0, None),
    (1, 2, "act", "ann", "note", '{"text": "a"}', 7, "{}", '[{"text": "a"}]', 2.0, 901),
    (1, 3, "act", "bob", "note", '{"text": "b"}', 8, '{"luck": [3]}', "[]", 3.0, 902),
    (2, 1, "start", None, None, "{}", None, "{}", "[]", 1.0, None),
    (2, 2, "act", "ann", "note", '{"text": "c"}', 7, "{}", "[]", 4.0, 903),
]
OUTBOX = [  # game, seq, kind, created, owner, lease until, sent at, tries, told with
    (1, 1, "step", 1.0, "old", 61.0, 2.0, 0, None),
    (1, 2, "step", 2.0, "old", 62.0, 3.0, 0, 3),
    (1, 3, "step", 3.0, "old", 63.0, None, 1, 3),  # owed: its telling failed once
    (2, 1, "step", 1.0, "old", 61.0, 1.5, 0, None),
    (2, 2, "step", 4.0, "gone", 64.0, None, 0, None),  # owed: its process died
]
GAME_SQL = ("INSERT INTO games (id, variant, channel_id, creator_id, status, seed, commitment, "
            "created_at, updated_at, seq) VALUES (?, 'pig', ?, 7, 'running', 's', 'c', 0, 0, ?)")
SEAT_SQL = "INSERT INTO seats (game_id, position, seat, user_id) VALUES (?, ?, ?, ?)"
ACTION_SQL = (f"INSERT INTO actions ({ACTION_COLUMNS}, interaction_id) VALUES "
              "(?,?,?,?,?,?,?,?,?,?,?)")
OUTBOX_SQL = ("INSERT INTO outbox (game_id, seq, kind, created_at, lease_owner, lease_until, "
              "sent_at, tries, told_with) VALUES (?,?,?,?,?,?,?,?,?)")
READ_ACTIONS = f"SELECT {ACTION_COLUMNS}, interaction_id FROM actions ORDER BY game_id, seq"
READ_OUTBOX = (f"SELECT {OUTBOX_COLUMNS.replace('lease_owner', 'created_at, lease_owner')} "
               "FROM outbox ORDER BY game_id, seq")


def _pg(sql: str) -> str:
    return sql.replace("?", "%s")


def _note(n: int, **more: Any) -> dict[str, Any]:
    return dict(kind="act", seat="ann", action="note", params={"text": f"n{n}"}, user_id=7,
                step={}, events=[], snapshot=None, finished=False, now=NOW, **more)


async def _goes_on(store: Store) -> None:
    """The upgraded store keeps the log honest and the games going."""
    assert await store.schema_version() == 10
    assert [a.seq for a in await store.actions(1)] == [1, 2, 3]
    assert (await store.actions(1, after=2))[0].step == {"luck": [3]}
    # The owed steps are still owed, claimable once their lease is over.
    claimed = [await store.claim_outbox(), await store.claim_outbox()]
    assert sorted((c.game_id, c.seqs, c.tries) for c in claimed if c is not None) == [
        (1, [3], 1), (2, [2], 0)]
    assert await store.claim_outbox() is None
    # The next number only; an interaction stored before the upgrade applies once.
    with pytest.raises(StaleWrite):
        await store.append_action(1, expected_seq=2, **_note(1))
    with pytest.raises(AlreadyApplied):
        await store.append_action(2, expected_seq=2, **_note(2, interaction_id=901))
    assert await store.append_action(1, expected_seq=3, interaction_id=904, **_note(3)) == 4
    assert await store.append_action(2, expected_seq=2, **_note(4)) == 3
    game = await store.game(1)
    assert game is not None and game.seq == 4
    assert [(r.seq, r.lease_owner) for r in await store.outbox(1)][-1] == (4, store.process)


async def test_a_version_9_sqlite_database_migrates_with_its_games(tmp_path: Path) -> None:
    path = tmp_path / "v9.db"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA foreign_keys=ON")
    for number, sql in _migrations():
        if number <= 9:
            for statement in sqlite3_split(sql):
                if statement.strip():
                    db.execute(statement)
    db.execute("PRAGMA user_version = 9")
    for game_id, channel, _ in GAMES:
        db.execute(GAME_SQL, (game_id, channel, 0))
        db.executemany(SEAT_SQL, [(game_id, 0, "ann", 7), (game_id, 1, "bob", 8)])
    db.executemany(ACTION_SQL, ACTIONS)  # the triggers advance the games as stored
    db.executemany(OUTBOX_SQL, OUTBOX)
    assert db.execute("SELECT id, seq FROM games ORDER BY id").fetchall() == [(1, 3), (2, 2)]
    db.close()

    store = await Storage.open(str(path), clock=Clock(NOW))
    try:
        db = sqlite3.connect(path)
        assert db.execute(READ_ACTIONS).fetchall() == ACTIONS
        assert db.execute(READ_OUTBOX).fetchall() == OUTBOX
        (outbox,) = db.execute("SELECT sql FROM sqlite_master WHERE name = 'outbox'").fetchone()
        assert outbox.rstrip().endswith("WITHOUT ROWID")
        assert {name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name "
            "IN ('actions', 'outbox') AND sql IS NOT NULL")} == {
            "actions_one_per_interaction", "actions_in_sequence", "actions_advance_game",
            "outbox_owed"}
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        db.close()
        await _goes_on(store)
    finally:
        await store.close()


async def test_a_version_9_postgresql_database_migrates_with_its_games(
        postgres_url: str) -> None:
    async with await psycopg.AsyncConnection.connect(postgres_url, autocommit=True) as conn:
        for number, sql in migrations():
            if number <= 9:
                await conn.execute(sql.encode())
        await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        await conn.execute("INSERT INTO schema_version (version) VALUES (9)")
        async with conn.cursor() as cur:
            for game_id, channel, _ in GAMES:
                await cur.execute(_pg(GAME_SQL), (game_id, channel, 0))
                await cur.executemany(_pg(SEAT_SQL), [(game_id, 0, "ann", 7),
                                                      (game_id, 1, "bob", 8)])
            await cur.executemany(_pg(ACTION_SQL), ACTIONS)
            await cur.executemany(_pg(OUTBOX_SQL), OUTBOX)
        # The games' ids were given, not drawn: the next game takes the next one.
        await conn.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), 2)")

    store = await PgStorage.open(postgres_url, clock=Clock(NOW))
    try:
        async with await psycopg.AsyncConnection.connect(postgres_url) as conn:
            cur = await conn.execute(_pg(READ_ACTIONS))
            assert [tuple(r) for r in await cur.fetchall()] == ACTIONS
            cur = await conn.execute(_pg(READ_OUTBOX))
            assert [tuple(r) for r in await cur.fetchall()] == OUTBOX
        await _goes_on(store)
    finally:
        await store.close()

