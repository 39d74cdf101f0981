"""The PostgreSQL store (issue 27) where it differs from SQLite: several processes on one
database. Issue 27: "the same schema and numbered migrations (applied once under an advisory
lock), constraints that keep the log honest (an action row carries the game's next sequence
number; an interaction id is unique, so a retried or doubly delivered interaction applies
once)" and "Two processes acting on the same game at once never fork it (a test drives both)."
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import psycopg
import pytest

import tests.support.pig  # noqa: F401  (registers Pig)
from bot.service import GameService, steps_in_effect
from bot.storage import AlreadyApplied, StaleWrite, StorageUnavailable, _migrations
from bot.storage_pg import COMMITTERS, PgStorage, migrations
from bot.stores import open_storage
from engine import verify
from tests.bot.pg_writer import SHARED

ROOT = Path(__file__).resolve().parents[2]


def test_every_migration_has_its_postgresql_twin() -> None:
    """Issue 27: "the same schema and numbered migrations": one file per number in each
    dialect, so that a version means the same tables in both stores."""
    assert [n for n, _ in migrations()] == [n for n, _ in _migrations()] == list(
        range(1, len(_migrations()) + 1))


async def test_processes_starting_together_migrate_once(postgres_url: str) -> None:
    """Issue 27: "applied once under an advisory lock": four stores opened at once on an
    empty database (four sessions, as four processes starting together) all come up, and
    the schema is there once."""
    stores = await asyncio.gather(*[PgStorage.open(postgres_url) for _ in range(4)])
    try:
        assert [await s.schema_version() for s in stores] == [len(migrations())] * 4
        async with await psycopg.AsyncConnection.connect(postgres_url) as conn:
            cur = await conn.execute("SELECT count(*) FROM schema_version")
            assert await cur.fetchone() == (1,)
            cur = await conn.execute("SELECT count(*) FROM information_schema.triggers WHERE "
                                     "trigger_name = 'actions_in_sequence' AND "
                                     "trigger_schema = current_schema()")
            assert await cur.fetchone() == (1,)
    finally:
        for store in stores:
            await store.close()


async def test_an_unreachable_server_is_said_plainly(postgres_server: object) -> None:
    """A URL naming no server: the process stops with a message saying where it looked,
    without the password."""
    url = "postgresql://croupier:secret@/nowhere?host=/nonexistent-folder&connect_timeout=1"
    with pytest.raises(StorageUnavailable) as caught:
        await PgStorage.open(url)
    assert "can't be reached" in str(caught.value) and "secret" not in str(caught.value)


async def _pig_game(url: str) -> int:
    storage = await open_storage(url)
    service = GameService(storage, seed_source=lambda: "race-seed")
    live = await service.create(variant="pig", guild_id=1, channel_id=10, creator_id=100,
                                options={"target": 100})
    await service.join(live, 100, seat=None, player_name="Ann")
    await service.join(live, 200, seat=None, player_name="Bob")
    await service.start(live, 100)
    await storage.close()
    return live.id


async def test_two_processes_on_one_game_never_fork_it(postgres_url: str) -> None:
    """Issue 27: "Two processes acting on the same game at once never fork it". Two OS
    processes, each with its own store and its own copy of the game in memory, act on one
    Pig game as fast as they can (notes and rolls, whoever's turn it is), and every tenth
    interaction reaches both. The log has every sequence number once, in order; each
    acknowledged action is in it once, at the number it was acknowledged with; each shared
    interaction applied once; and the log replays to the game the engine verifies."""
    game_id = await _pig_game(postgres_url)
    count = 120
    writers = [subprocess.Popen([sys.executable, "-m", "tests.bot.pg_writer", postgres_url,
                                 str(game_id), str(tag), str(count)], cwd=ROOT,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
               for tag in (1, 2)]
    try:
        for writer in writers:  # both loaded and waiting: then both go at once
            assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
        for writer in writers:
            assert writer.stdin is not None
            writer.stdin.write("go\n")
            writer.stdin.flush()
        outputs = [writer.communicate(timeout=120)[0] for writer in writers]
    finally:
        for writer in writers:
            if writer.poll() is None:
                writer.kill()
                writer.wait()
    assert [w.returncode for w in writers] == [0, 0]
    said = [json.loads(line) for out in outputs for line in out.splitlines()]
    acks = {s["ack"]: s["id"] for s in said if "ack" in s}
    assert len(acks) == len([s for s in said if "ack" in s])  # no seq acknowledged twice
    shared = {SHARED + i for i in range(0, count, 10)}
    dups = [s["dup"] for s in said if "dup" in s]
    assert sorted(dups) == sorted(shared)  # each shared interaction refused once...
    assert shared <= set(acks.values())  # ...and applied once

    async with await psycopg.AsyncConnection.connect(postgres_url) as conn:
        cur = await conn.execute("SELECT seq, interaction_id FROM actions WHERE game_id = %s "
                                 "ORDER BY seq", (game_id,))
        rows = await cur.fetchall()
    assert [seq for seq, _ in rows] == list(range(1, len(rows) + 1))
    assert dict(rows[1:]) == acks  # every stored action acknowledged, once, at its number
    assert len(acks) == 2 * count - len(shared)

    storage = await open_storage(postgres_url)
    try:
        service = GameService(storage, seed_source=lambda: "unused")
        await service.restore()
        live = await service.get(game_id)
        assert live.seq == len(rows)
        assert live.game is not None
        checked = verify(live.game.state(), steps_in_effect(await storage.actions(game_id)))
        assert checked.ok, checked
    finally:
        await storage.close()


async def test_the_store_goes_on_after_its_connections_are_cut(postgres_url: str) -> None:
    """A server restart (or a network cut) closes every connection of the pool: the next
    read and write each get a fresh one, nothing asked of the player."""
    game_id = await _pig_game(postgres_url)
    storage = await open_storage(postgres_url)
    try:
        assert (await storage.game(game_id)) is not None
        async with await psycopg.AsyncConnection.connect(postgres_url, autocommit=True) as admin:
            cur = await admin.execute("SELECT count(pg_terminate_backend(pid)) FROM "
                                      "pg_stat_activity WHERE datname = current_database() "
                                      "AND pid <> pg_backend_pid()")
            assert (await cur.fetchone())[0] >= 1  # type: ignore[index]
        row = await storage.game(game_id)
        assert row is not None and row.seq == 1
        assert await storage.append_action(
            game_id, expected_seq=1, kind="act", seat="Ann", action="note",
            params={"text": "still here"}, user_id=100, step={}, events=[], snapshot=None,
            finished=False, now=5.0) == 2
    finally:
        await storage.close()


def test_the_bot_on_an_unreachable_database_stops_with_a_message(tmp_path: Path) -> None:
    """`python -m bot` with `CROUPIER_DB` naming a PostgreSQL server that isn't there stops
    before it connects to Discord, with status 3 and a message saying where it looked (no
    lock file beside a URL, no traceback, no password)."""
    url = f"postgresql://croupier:secret@/croupier?host={tmp_path}&connect_timeout=2"
    env = {**os.environ, "DISCORD_TOKEN": "unused", "CROUPIER_DB": url}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 3, done.stderr
    assert "can't start" in done.stderr and "can't be reached" in done.stderr
    assert "Traceback" not in done.stderr and "secret" not in done.stderr
    assert list(tmp_path.iterdir()) == []  # nothing written where it runs


async def _running_games(storage: PgStorage, count: int) -> list[int]:
    ids = []
    for n in range(count):
        game_id = await storage.create_game(variant="pig", guild_id=1, channel_id=100 + n,
                                            creator_id=7, options={}, seed="s",
                                            commitment="c", now=0.0)
        await storage.start_game(game_id, seat_order=[("ann", 7), ("bob", 8)], state={},
                                 events=[], now=0.0)
        ids.append(game_id)
    return ids


def _note(n: int) -> dict[str, Any]:
    return dict(kind="act", seat="ann", action="note", params={"text": f"n{n}"}, user_id=7,
                step={}, events=[{"audience": "*", "kind": "note", "text": f"n{n}",
                                  "data": {}}], snapshot=None, finished=False, now=float(n))


def _count_commits(storage: PgStorage) -> list[int]:
    """Count the transactions the store's group committers commit (one per batch): the
    size of each batch, in the order they committed."""
    batches: list[int] = []

    def counting(commit: Any) -> Any:
        async def counted(batch: Any) -> Any:
            outcomes = await commit(batch)
            batches.append(len(batch))
            return outcomes
        return counted

    for committer in storage._committers:
        committer._commit = counting(committer._commit)
    return batches


async def test_concurrent_games_share_commits_and_each_is_stored_when_acknowledged(
        postgres_url: str) -> None:
    """Issue 27, group commit on PostgreSQL: 40 games store 5 actions each, all at once;
    every action is committed (read by a second connection) the moment its own
    `append_action` returns, and the 200 actions took far fewer commits than actions."""
    storage = await PgStorage.open(postgres_url)
    try:
        ids = await _running_games(storage, 40)
        batches = _count_commits(storage)
        with psycopg.connect(postgres_url, autocommit=True) as reader:
            seen: list[tuple[int, int]] = []

            async def play(game_id: int) -> None:
                seq = 1
                for n in range(5):
                    seq = await storage.append_action(game_id, expected_seq=seq, **_note(n))
                    # No await since the acknowledgement: another connection sees it.
                    row = reader.execute("SELECT game_id, seq FROM actions WHERE game_id = "
                                         "%s AND seq = %s", (game_id, seq)).fetchone()
                    assert row == (game_id, seq), f"game {game_id} seq {seq} unstored"
                    seen.append(row)

            await asyncio.gather(*(play(game_id) for game_id in ids))
            assert len(seen) == 200
            assert reader.execute("SELECT count(*) FROM actions WHERE kind = 'act'"
                                  ).fetchone() == (200,)
            assert reader.execute("SELECT min(seq), max(seq) FROM games").fetchone() == (6, 6)
        assert sum(batches) == 200
        assert 0 < len(batches) <= 200 // 4, f"{len(batches)} commits for 200 actions"
    finally:
        await storage.close()


async def test_a_refused_member_is_undone_alone_and_the_rest_of_its_commit_stands(
        postgres_url: str) -> None:
    """Ten games store an action in one batch; one answers an old position, one repeats an
    interaction already applied. Each gets its own refusal (`StaleWrite`, `AlreadyApplied`)
    as it would alone, its savepoint undone; the eight others are stored in that commit."""
    storage = await PgStorage.open(postgres_url)
    try:
        # Eleven games of one committer (games are spread over committers by id).
        made = await _running_games(storage, 11 * COMMITTERS)
        *ids, opener = [g for g in made if g % COMMITTERS == made[0] % COMMITTERS][:11]
        await storage.append_action(ids[4], expected_seq=1, **_note(0))  # game 5 moves on
        await storage.append_action(ids[6], expected_seq=1, interaction_id=77, **_note(0))
        batches = _count_commits(storage)
        # A first write commits alone; the ten queued behind it share one batch.
        first = asyncio.ensure_future(storage.append_action(opener, expected_seq=1,
                                                            **_note(1)))
        await asyncio.sleep(0)
        results = await asyncio.gather(
            *(storage.append_action(game_id, expected_seq=1, **_note(1), interaction_id=(
                77 if game_id == ids[6] else None)) for game_id in ids),
            return_exceptions=True)
        await first
        assert batches == [1, 10]
        assert isinstance(results[4], StaleWrite)
        assert isinstance(results[6], AlreadyApplied)
        assert [r for i, r in enumerate(results) if i not in (4, 6)] == [2] * 8
        assert [row.seq for row in await storage.actions(ids[0])] == [1, 2]
        assert [row.seq for row in await storage.actions(ids[4])] == [1, 2]
    finally:
        await storage.close()


async def _one_batch(storage: PgStorage, opener: int, writes: list[Any]) -> list[Any]:
    """Run `writes` (append_action coroutines) as one batch of their committer: a first
    write (on `opener`, a game of that committer) commits alone and the ones queued behind
    it share the next commit. Their outcomes, exceptions included."""
    first = asyncio.ensure_future(storage.append_action(opener, expected_seq=1, **_note(1)))
    await asyncio.sleep(0)
    results = await asyncio.gather(*writes, return_exceptions=True)
    await first
    return list(results)


async def test_a_batch_of_actions_is_one_statement_whatever_its_size(
        postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27, group commit on PostgreSQL: a batch's members no longer run one after
    another, each a few round trips (savepoint, lock + check + insert, release): twelve
    actions of twelve games are stored by one statement (the commit its only other trip),
    and each is stored, in turn, with its outbox row."""
    storage = await PgStorage.open(postgres_url)
    try:
        made = await _running_games(storage, 13 * COMMITTERS)
        *ids, opener = [g for g in made if g % COMMITTERS == made[0] % COMMITTERS][:13]
        batches = _count_commits(storage)
        statements: list[str] = []
        execute = psycopg.AsyncConnection.execute

        async def counted(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
            statements.append(str(query))
            return await execute(self, query, *args, **kwargs)

        monkeypatch.setattr(psycopg.AsyncConnection, "execute", counted)
        results = await _one_batch(storage, opener, [
            storage.append_action(game_id, expected_seq=1, interaction_id=500 + n, **_note(n))
            for n, game_id in enumerate(ids)])
        monkeypatch.undo()
        assert batches == [1, 12]
        assert results == [2] * 12
        # The pool's check of a connection it lends (an empty query) aside: one statement
        # for the lone first write, one for the batch of twelve.
        stored = [s for s in statements if s.strip()]
        assert len(stored) == 2, stored
        for n, game_id in enumerate(ids):
            assert [(a.seq, a.params) for a in await storage.actions(game_id)] == [
                (1, {}), (2, {"text": f"n{n}"})]
            assert [row.seq for row in await storage.outbox(game_id)] == [1, 2]
    finally:
        await storage.close()


async def test_a_batch_keeps_each_games_actions_in_turn_with_their_snapshots_and_ends(
        postgres_url: str) -> None:
    """One batch holding what a running bot may send at once: a game's two actions in turn
    (the second answers the first), a double click (the same position answered twice:
    the second is stale), an action with a snapshot (the older ones but the start go), one
    that ends its game, an interaction already applied. Each gets what it would get
    alone."""
    storage = await PgStorage.open(postgres_url)
    try:
        made = await _running_games(storage, 7 * COMMITTERS)
        turn, double, snap, ends, repeat, opener = [
            g for g in made if g % COMMITTERS == made[0] % COMMITTERS][:6]
        await storage.append_action(repeat, expected_seq=1, interaction_id=900, **_note(0))
        await storage.append_action(snap, expected_seq=1, **{**_note(0), "snapshot": {"s": 2}})
        batches = _count_commits(storage)
        results = await _one_batch(storage, opener, [
            storage.append_action(turn, expected_seq=1, **_note(1)),
            storage.append_action(turn, expected_seq=2, **_note(2)),
            storage.append_action(double, expected_seq=1, **_note(1)),
            storage.append_action(double, expected_seq=1, **_note(9)),
            storage.append_action(snap, expected_seq=2, **{**_note(3), "snapshot": {"s": 3}}),
            storage.append_action(ends, expected_seq=1, **{**_note(1), "finished": True}),
            storage.append_action(repeat, expected_seq=2, interaction_id=900, **_note(5))])
        assert batches == [1, 7]
        assert results[:3] == [2, 3, 2]
        assert isinstance(results[3], StaleWrite)
        assert results[4:6] == [3, 2]
        assert isinstance(results[6], AlreadyApplied)
        assert [a.params for a in await storage.actions(turn, after=1)] == [
            {"text": "n1"}, {"text": "n2"}]
        assert [a.params for a in await storage.actions(double, after=1)] == [{"text": "n1"}]
        assert await storage.latest_snapshot(snap) == (3, {"s": 3})
        async with storage.transaction() as db:
            cur = await db.execute("SELECT seq FROM snapshots WHERE game_id = %s ORDER BY seq",
                                   (snap,))
            assert [r[0] for r in await cur.fetchall()] == [1, 3]
        ended = await storage.game(ends)
        assert ended is not None and ended.status == "finished"
        assert [a.seq for a in await storage.actions(repeat)] == [1, 2]
        assert [row.seq for row in await storage.outbox(turn)] == [1, 2, 3]
        assert [row.seq for row in await storage.outbox(double)] == [1, 2]
    finally:
        await storage.close()
