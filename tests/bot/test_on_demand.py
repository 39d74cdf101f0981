"""Lean games at scale (issue 13): the log stays in storage, games load when touched.

Issue 13: "A game's in-memory state and its snapshots hold the position, not the
history; replay, verify, undo and the public history read the log from the database.
Storage per game grows linearly with its length." and "Startup reads an index (games,
seats, channels, deadlines), not every game; a game is rebuilt from its latest snapshot
and the log after it when it is first touched ..., and an idle game can leave memory
again."
"""

from __future__ import annotations

import json
import sqlite3
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import engine
import tests.support.pig  # noqa: F401  (registers Pig)
from bot.service import GameService, LiveGame
from bot.storage import Store
from bot.stores import open_storage

OPEN: list[Store] = []


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
async def _close_storages():
    yield
    while OPEN:
        await OPEN.pop().close()


async def _service(path: Path | str, **kw: Any) -> GameService:
    storage = await open_storage(str(path))
    OPEN.append(storage)
    return GameService(storage, seed_source=lambda: "seed-1", **kw)


async def started_pig(service: GameService, channel: int = 10) -> LiveGame:
    live = await service.create(variant="pig", guild_id=1, channel_id=channel, creator_id=100,
                                options={"target": 100})
    await service.join(live, 100, seat=None, player_name="Ann")
    await service.join(live, 200, seat=None, player_name="Bob")
    await service.start(live, 100)
    return live


async def _restarted(db: Path | str, **kw: Any) -> GameService:
    await OPEN.pop().close()
    service = await _service(db, **kw)
    await service.restore()
    return service


async def test_startup_reads_the_index_and_a_game_loads_when_first_touched(
        database: str) -> None:
    db = database
    service = await _service(db)
    first, second = await started_pig(service, 10), await started_pig(service, 11)
    await service.act(first, 100, "note", {"text": "hello"})
    before = first.game.state()
    clock = Clock()
    again = await _restarted(db, clock=clock, idle_seconds=600)
    assert sorted(again.live) == [first.id, second.id]
    assert [g.game for g in again.live.values()] == [None, None] and not again.loaded
    assert [s.seat for s in again.live[first.id].seats] == ["Ann", "Bob"]
    touched = await again.in_channel(10)
    assert touched.game.state() == before and list(again.loaded) == [first.id]
    assert again.live[second.id].game is None


async def test_an_idle_game_leaves_memory_and_comes_back_exactly(database: str) -> None:
    clock = Clock()
    service = await _service(database, clock=clock, idle_seconds=600)
    live = await started_pig(service)
    await service.act(live, 100, "note", {"text": "one"})
    before = live.game.state()
    clock.now += 601
    assert service.unload_idle() == 1
    assert live.game is None and live.id in service.live and not service.loaded
    await service.act(live, 100, "note", {"text": "two"})  # a command rebuilds it
    assert live.game.state()["steps"] == before["steps"] + 1
    clock.now += 300
    assert service.unload_idle() == 0 and live.game is not None


async def test_a_busy_game_is_not_unloaded(database: str) -> None:
    clock = Clock()
    service = await _service(database, clock=clock, idle_seconds=600)
    live = await started_pig(service)
    clock.now += 601
    async with live.lock:
        assert service.unload_idle() == 0
    assert live.game is not None


async def test_undo_after_a_restart_reads_the_last_step_from_the_log(database: str) -> None:
    """The game in memory holds no log: an undo right after a reload (its snapshot taken
    at the very action to undo) still finds that action in storage."""
    db = database
    service = await _service(db, snapshot_every=1)
    live = await started_pig(service)
    await service.act(live, 100, "roll", {})
    before = live.game.state()
    await service.act(live, live.user_of(next(iter(live.game.prompts()))), "note",
                      {"text": "oops"})
    again = await _restarted(db, snapshot_every=1)
    reloaded = await again.in_channel(10)
    assert reloaded.game.last_step is None  # a snapshot counts steps, it doesn't keep them
    assert await again.request_undo(reloaded, 100, decider=True) == []
    assert reloaded.game.state() == before


async def test_a_stored_game_verifies_from_its_log(database: str) -> None:
    """`engine.verify` is given the steps beside the final state."""
    service = await _service(database)
    live = await started_pig(service)
    for _ in range(30):
        (seat,) = live.game.prompts()
        await service.act(live, live.user_of(seat), "roll", {})
    rows = await service.storage.actions(live.id)
    steps = [engine.Step(r.seat, r.action, r.params, r.step.get("luck", []))
             for r in rows if r.kind == "act"]
    assert engine.verify(live.game.state(), steps).ok


async def test_storage_per_game_grows_linearly(tmp_path: Path) -> None:
    """Issue 13: 'Storage per game grows linearly with its length': two snapshots (the
    start and the latest), and each action row stores its luck and events once."""
    db = tmp_path / "c.db"
    service = await _service(db, snapshot_every=10)
    live = await started_pig(service)
    sizes = {}
    for n in range(1, 201):
        await service.act(live, 100, "note", {"text": f"note {n:04d}"})
        if n in (40, 200):
            sizes[n] = _stored_bytes(db, live.id)
    per_action = {n: size / n for n, size in sizes.items()}
    assert per_action[200] <= per_action[40]
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM snapshots WHERE game_id = ?",
                            (live.id,)).fetchone()[0] == 2  # the start and the latest
        (step,) = conn.execute("SELECT step FROM actions WHERE game_id = ? AND seq = 5",
                               (live.id,)).fetchone()
    assert step == "{}"  # a note used no luck and told no secret


def _stored_bytes(db: Path, game_id: int) -> int:
    with sqlite3.connect(db) as conn:
        actions = conn.execute("SELECT sum(length(params) + length(step) + length(events) + "
                               "length(seat) + length(action)) FROM actions WHERE game_id = ?",
                               (game_id,)).fetchone()[0]
        snaps = conn.execute("SELECT sum(length(state)) FROM snapshots WHERE game_id = ?",
                             (game_id,)).fetchone()[0]
    return int(actions) + int(snaps)


async def test_a_version_1_database_is_migrated_and_its_games_play_on(tmp_path: Path) -> None:
    """Stored games migrate: snapshots that embed the log lose it (keeping its length),
    old snapshots go, and the game rebuilds, plays, undoes and verifies as before."""
    db = tmp_path / "old.db"
    game = engine.new_game("pig", ["Ann", "Bob"], seed="old-seed", options={"target": 100},
                           history=True)
    first = _old_state(game)
    for text in ("a", "b", "c"):
        game.act("Ann", "note", text=text)
    game.act("Ann", "roll")
    middle = _old_state(game)
    game.act(next(iter(game.prompts())), "note", text="last")
    assert game.history is not None
    _write_version_1(db, game, [(1, first), (5, middle)])

    service = await _service(db)
    assert await service.storage.schema_version() >= 3
    with sqlite3.connect(db) as conn:
        snaps = conn.execute("SELECT seq, state FROM snapshots").fetchall()
        steps = [json.loads(r[0]) for r in conn.execute(
            "SELECT step FROM actions WHERE kind = 'act' ORDER BY seq")]
    assert [seq for seq, _ in snaps] == [1, 5]  # the start and the latest
    assert "log" not in json.loads(snaps[1][1]) and json.loads(snaps[1][1])["steps"] == 4
    assert steps[:3] == [{}, {}, {}] and set(steps[3]) == {"luck"}
    await service.restore()
    live = await service.in_channel(10)
    assert live.broken is None and live.game.state() == game.state()
    assert await service.request_undo(live, 100, decider=True) == []
    assert live.game.state()["steps"] == 4


def _old_state(game: engine.Game) -> dict[str, Any]:
    """`state()` as version 1 stored it: with the whole log inside."""
    assert game.history is not None
    state = game.state()
    del state["steps"]
    state["log"] = [s.to_json() for s in game.history]
    return state


def _write_version_1(db: Path, game: engine.Game, snapshots: list[tuple[int, Any]]) -> None:
    script = (resources.files("bot") / "migrations" / "001_initial.sql").read_text()
    assert game.history is not None
    with sqlite3.connect(db) as conn:
        conn.executescript(script)
        conn.execute("PRAGMA user_version = 1")
        conn.execute("INSERT INTO games (id, variant, channel_id, creator_id, status, options, "
                     "seed, commitment, created_at, updated_at) VALUES (1, 'pig', 10, 100, "
                     "'running', ?, 'old-seed', ?, 0, 0)",
                     (json.dumps(game.options), engine.commitment("old-seed")))
        for position, (seat, user) in enumerate([("Ann", 100), ("Bob", 200)]):
            conn.execute("INSERT INTO seats (game_id, position, seat, user_id) VALUES "
                         "(1, ?, ?, ?)", (position, seat, user))
        conn.execute("INSERT INTO actions (game_id, seq, kind, step, events, created_at) "
                     "VALUES (1, 1, 'start', ?, '[]', 0)",
                     (json.dumps({"luck": game.setup_luck}),))
        for seq, step in enumerate(game.history, start=2):
            conn.execute("INSERT INTO actions (game_id, seq, kind, seat, action, params, "
                         "user_id, step, events, created_at) VALUES (1, ?, 'act', ?, ?, ?, "
                         "100, ?, '[]', 0)", (seq, step.seat, step.action,
                                              json.dumps(step.params), json.dumps(step.to_json())))
        for seq, state in snapshots:
            conn.execute("INSERT INTO snapshots (game_id, seq, state) VALUES (1, ?, ?)",
                         (seq, json.dumps(state)))
