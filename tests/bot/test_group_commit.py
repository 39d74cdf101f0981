"""Group commit (issue 27): "actions of different games that arrive together share one
commit, each still acknowledged only after its own row is durable".

Commits are counted in the write-ahead log itself: SQLite marks the last frame of every
committed transaction, so the WAL says how many commits (fsyncs) the store made."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import struct
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.group_commit import GroupCommitter
from bot.storage import DeadlineRow, StaleWrite, Storage, StorageFault

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    store = await Storage.open(str(tmp_path / "g.db"))
    # Nothing moves the log into the database while a test counts its commits.
    await store._conn.execute("PRAGMA wal_autocheckpoint = 0")
    yield store
    await store.close()


def wal_commits(db: str) -> int:
    """Transactions committed in the current write-ahead log: frames whose header holds
    the database size after the commit (non-zero only on a commit's last frame), with the
    log's current salts (older frames are left over from before a checkpoint)."""
    data = Path(f"{db}-wal").read_bytes()
    if len(data) < 32:
        return 0
    page_size = struct.unpack(">I", data[8:12])[0]
    salts = data[16:24]
    commits, at = 0, 32
    while at + 24 + page_size <= len(data):
        header = data[at:at + 24]
        if header[8:16] != salts:
            break
        commits += struct.unpack(">I", header[4:8])[0] != 0
        at += 24 + page_size
    return commits


async def running_games(storage: Storage, count: int) -> list[int]:
    ids = []
    for n in range(count):
        game_id = await storage.create_game(variant="pig", guild_id=1, channel_id=100 + n,
                                            creator_id=7, options={}, seed="s",
                                            commitment="c", now=0.0)
        await storage.start_game(game_id, seat_order=[("ann", 7), ("bob", 8)], state={},
                                 events=[], now=0.0)
        ids.append(game_id)
    return ids


def note(n: int, **overrides: Any) -> dict[str, Any]:
    row: dict[str, Any] = dict(
        kind="act", seat="ann", action="note", params={"text": f"n{n}"}, user_id=7, step={},
        events=[{"audience": "*", "kind": "note", "text": f"n{n}", "data": {}}],
        snapshot=None, finished=False, now=float(n))
    row.update(overrides)
    return row


async def test_concurrent_games_share_commits_and_each_is_on_disk_when_acknowledged(
        storage: Storage) -> None:
    """40 games store 5 actions each, all at once: every action is on disk (read by a
    second connection) the moment its own `append_action` returns, and the 200 actions
    took far fewer commits than actions."""
    ids = await running_games(storage, 40)
    before = wal_commits(storage.path)
    reader = sqlite3.connect(storage.path, isolation_level=None)
    seen_at_ack: list[tuple[int, int]] = []

    async def play(game_id: int) -> None:
        seq = 1
        for n in range(5):
            seq = await storage.append_action(game_id, expected_seq=seq, **note(n))
            # No await since the acknowledgement: another connection must already see it.
            row = reader.execute("SELECT game_id, seq FROM actions WHERE game_id = ? AND "
                                 "seq = ?", (game_id, seq)).fetchone()
            assert row == (game_id, seq), f"game {game_id} seq {seq} acknowledged unstored"
            seen_at_ack.append(row)

    await asyncio.gather(*(play(game_id) for game_id in ids))
    assert len(seen_at_ack) == 200
    assert reader.execute("SELECT count(*) FROM actions WHERE kind = 'act'").fetchone() == (200,)
    assert reader.execute("SELECT min(seq), max(seq) FROM games").fetchone() == (6, 6)
    reader.close()
    commits = wal_commits(storage.path) - before
    assert 0 < commits <= 200 // 4, f"{commits} commits for 200 actions of 40 games at once"


async def test_the_bots_other_durable_writes_share_commits_with_actions(
        storage: Storage) -> None:
    """What the bot writes beside an action (a prompt's record, a seat's DM state) for 20
    games at once joins the same commits, and is on disk once acknowledged. (A deadline's
    change takes its own transaction: it draws the game's next deadline number.)"""
    ids = await running_games(storage, 20)
    before = wal_commits(storage.path)
    await asyncio.gather(*(write for game_id in ids for write in (
        storage.append_action(game_id, expected_seq=1, **note(1)),
        storage.put_message(game_id, "prompt:ann", 5, 1000 + game_id, "q2"),
        storage.set_dm_ok(game_id, "ann", False))))
    assert wal_commits(storage.path) - before <= 3
    with sqlite3.connect(storage.path) as db:
        assert db.execute("SELECT count(*) FROM messages WHERE purpose = 'prompt:ann'"
                          ).fetchone() == (20,)
        assert db.execute("SELECT count(*) FROM games WHERE seq = 2").fetchone() == (20,)


async def test_a_stale_member_is_refused_alone_and_the_rest_of_its_commit_stands(
        storage: Storage) -> None:
    """Ten games store an action together; one of them answers an old position. It gets
    `StaleWrite`, as it would alone; the nine others are stored, in the same commit."""
    ids = await running_games(storage, 10)
    await storage.append_action(ids[4], expected_seq=1, **note(0))  # game 5 moves on
    before = wal_commits(storage.path)
    outcomes = await asyncio.gather(
        *(storage.append_action(game_id, expected_seq=1, **note(1)) for game_id in ids),
        return_exceptions=True)
    assert isinstance(outcomes[4], StaleWrite)
    assert [o for i, o in enumerate(outcomes) if i != 4] == [2] * 9
    # The first write goes at once; the nine that queued behind it share the next commit.
    assert wal_commits(storage.path) - before == 2
    with sqlite3.connect(storage.path) as db:
        assert db.execute("SELECT id, seq FROM games ORDER BY id").fetchall() == \
            [(game_id, 2) for game_id in ids]
        assert db.execute("SELECT count(*) FROM actions WHERE game_id = ? AND seq = 2 AND "
                          "params = ?", (ids[4], '{"text": "n0"}')).fetchone() == (1,)


async def test_a_member_refused_halfway_is_undone_whole_and_the_others_stand(
        storage: Storage) -> None:
    """A member of a shared commit whose action row goes in but whose snapshot is refused
    (a snapshot already stands at that sequence number) is undone whole: no action row,
    the game not advanced; `StaleWrite` for it, the others stored."""
    ids = await running_games(storage, 5)
    with sqlite3.connect(storage.path) as db:
        db.execute("INSERT INTO snapshots (game_id, seq, state) VALUES (?, 2, '{}')", (ids[2],))
    outcomes = await asyncio.gather(
        *(storage.append_action(game_id, expected_seq=1,
                                **note(1, snapshot={"steps": 2} if i == 2 else None))
          for i, game_id in enumerate(ids)), return_exceptions=True)
    assert isinstance(outcomes[2], StaleWrite)
    assert [o for i, o in enumerate(outcomes) if i != 2] == [2] * 4
    with sqlite3.connect(storage.path) as db:
        assert db.execute("SELECT id, seq FROM games ORDER BY id").fetchall() == \
            [(game_id, 1 if i == 2 else 2) for i, game_id in enumerate(ids)]
        assert db.execute("SELECT count(*) FROM actions WHERE game_id = ? AND seq = 2",
                          (ids[2],)).fetchone() == (0,)


async def test_a_deadline_action_that_lost_its_race_is_refused_alone(
        storage: Storage) -> None:
    """Two games' deadlines fire together; one game's deadline was re-armed meanwhile (an
    answer came first): its deadline action gets `StaleWrite`, the other is stored."""
    ids = await running_games(storage, 3)
    rows = [await storage.put_deadline(DeadlineRow(game_id, 60.0, 100.0, None, False, 1))
            for game_id in ids]
    await storage.put_deadline(replace(rows[1], due_at=200.0))  # re-armed after it fired
    outcomes = await asyncio.gather(
        *(storage.append_action(row.game_id, expected_seq=1, deadline=row,
                                **note(1, user_id=0)) for row in rows),
        return_exceptions=True)
    assert outcomes[0] == 2 and outcomes[2] == 2
    assert isinstance(outcomes[1], StaleWrite) and "deadline changed" in str(outcomes[1])
    with sqlite3.connect(storage.path) as db:
        assert db.execute("SELECT id, seq FROM games ORDER BY id").fetchall() == \
            [(ids[0], 2), (ids[1], 1), (ids[2], 2)]


async def test_a_member_the_disk_refuses_fails_alone_and_the_others_are_stored(
        storage: Storage) -> None:
    """The disk fills up under one member of a shared commit (a snapshot too large for
    what is left): SQLite gives up the whole transaction, so each member is tried again
    alone. That member gets `StorageFault` and nothing of it is stored; the others are."""
    ids = await running_games(storage, 6)
    conn = storage._conn
    async with conn.execute("PRAGMA page_count") as cur:
        (pages,) = await cur.fetchone()  # type: ignore[misc]
    await conn.execute(f"PRAGMA max_page_count = {pages + 8}")
    huge = {"board": "x" * 400_000}  # a hundred pages: more than the disk has left
    outcomes = await asyncio.gather(
        *(storage.append_action(game_id, expected_seq=1,
                                **note(1, snapshot=huge if i == 3 else None))
          for i, game_id in enumerate(ids)), return_exceptions=True)
    assert isinstance(outcomes[3], StorageFault)
    assert [o for i, o in enumerate(outcomes) if i != 3] == [2] * 5
    await conn.execute("PRAGMA max_page_count = 1073741823")
    with sqlite3.connect(storage.path) as db:
        assert db.execute("SELECT id, seq FROM games ORDER BY id").fetchall() == \
            [(game_id, 1 if i == 3 else 2) for i, game_id in enumerate(ids)]
        assert db.execute("SELECT count(*) FROM snapshots WHERE seq = 2").fetchone() == (0,)


async def test_a_batch_that_fails_as_a_whole_is_retried_member_by_member() -> None:
    """The committer alone, for either store: when the shared transaction fails, each
    member is committed again on its own and gets its own outcome."""
    calls: list[list[str]] = []

    async def commit(works: list[str]) -> list[object]:
        calls.append(list(works))
        await asyncio.sleep(0)
        if "poison" in works:
            raise RuntimeError("the transaction failed")
        return [f"stored {w}" for w in works]

    committer: GroupCommitter[str] = GroupCommitter(commit)  # type: ignore[arg-type]
    outcomes = await asyncio.gather(
        *(committer.submit(w) for w in ("a", "b", "poison", "c")), return_exceptions=True)
    assert outcomes[:2] == ["stored a", "stored b"] and outcomes[3] == "stored c"
    assert isinstance(outcomes[2], RuntimeError)
    assert calls == [["a"], ["b", "poison", "c"], ["b"], ["poison"], ["c"]]


WRITER = """
import asyncio, sys
from bot.storage import Storage

async def main(path):
    storage = await Storage.open(path)
    ids = []
    for n in range(20):
        game_id = await storage.create_game(variant="pig", guild_id=1, channel_id=n,
                                            creator_id=7, options={}, seed="s",
                                            commitment="c", now=0.0)
        await storage.start_game(game_id, seat_order=[("ann", 7), ("bob", 8)], state={},
                                 events=[], now=0.0)
        ids.append(game_id)

    async def play(game_id):
        seq = 1
        while True:
            seq = await storage.append_action(
                game_id, expected_seq=seq, kind="act", seat="ann", action="note",
                params={}, user_id=7, step={}, events=[], snapshot=None, finished=False,
                now=0.0)
            sys.stdout.write(f"{game_id} {seq}\\n")
            sys.stdout.flush()

    await asyncio.gather(*(play(game_id) for game_id in ids))

asyncio.run(main(sys.argv[1]))
"""


def test_every_acknowledged_action_survives_kill_9_during_group_commits(
        tmp_path: Path) -> None:
    """A process stores the actions of 20 games at once and reports each acknowledgement;
    it is killed (SIGKILL) in the middle: every action it acknowledged is in the database."""
    db = str(tmp_path / "k.db")
    proc = subprocess.Popen([sys.executable, "-c", WRITER, db], stdout=subprocess.PIPE,
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True)
    assert proc.stdout is not None
    acknowledged: dict[int, int] = {}
    for line in proc.stdout:
        game_id, seq = map(int, line.split())
        acknowledged[game_id] = max(seq, acknowledged.get(game_id, 0))
        if sum(acknowledged.values()) >= 1500:
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    with sqlite3.connect(db) as conn:
        stored = dict(conn.execute("SELECT game_id, max(seq) FROM actions GROUP BY game_id"))
    assert len(acknowledged) == 20
    for game_id, seq in acknowledged.items():
        assert stored[game_id] >= seq, f"game {game_id}: acknowledged {seq}, stored " \
                                       f"{stored[game_id]}"
