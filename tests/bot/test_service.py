"""The game service: durable actions, restore after a restart, duplicates, undo."""

from __future__ import annotations

import asyncio

import pytest

import engine
from bot.service import Duplicate, GameService
from bot.storage import StaleWrite, Store, _migrations
from bot.stores import open_storage

OPEN: list[Store] = []


@pytest.fixture(autouse=True)
async def _close_storages():
    yield
    while OPEN:
        await OPEN.pop().close()


async def _service(database: str, **kw: object) -> GameService:
    storage = await open_storage(database)
    OPEN.append(storage)
    return GameService(storage, seed_source=lambda: "seed-1", **kw)  # type: ignore[arg-type]


async def _started(service: GameService, channel: int = 10):
    live = await service.create(variant="pig", guild_id=1, channel_id=channel, creator_id=100,
                                options={"target": 10})
    await service.join(live, 100, seat=None, player_name="Ann")
    await service.join(live, 200, seat=None, player_name="Bob")
    await service.start(live, 100)
    return live


async def test_restart_resumes_every_game_with_no_action_lost(database: str) -> None:
    db = database
    service = await _service(db, snapshot_every=3)
    live = await _started(service)
    for _ in range(7):
        seat = live.game.prompts()
        (who,) = seat
        await service.act(live, live.user_of(who), "roll", {})
    before = live.game.state()
    await OPEN.pop().close()

    again = await _service(db, snapshot_every=3)
    assert await again.restore() == 1
    restored = again.live[live.id]
    assert restored.game is None  # the index only: loaded when first touched
    restored = await again.in_channel(10)
    assert restored.game.state() == before
    assert restored.seq == live.seq


async def test_double_request_applies_once(database: str) -> None:
    service = await _service(database)
    live = await _started(service)
    observed = live.seq
    results = await asyncio.gather(
        *[service.act(live, 100, "roll", {}, observed_seq=observed) for _ in range(50)],
        return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, Duplicate)]
    assert len(applied) == 1 and len(refused) == 49
    assert live.game.step_count == 1 and len(await service.storage.actions(live.id)) == 2


async def test_illegal_action_changes_nothing(database: str) -> None:
    service = await _service(database)
    live = await _started(service)
    before, seq = live.game.state(), live.seq
    with pytest.raises(engine.RuleError, match="not your turn"):
        await service.act(live, 200, "roll", {})
    assert live.game.state() == before and live.seq == seq


async def test_stale_writer_fails_instead_of_forking(database: str) -> None:
    service = await _service(database)
    live = await _started(service)
    with pytest.raises(StaleWrite):
        await service.storage.append_action(
            live.id, expected_seq=live.seq - 1, kind="act", seat="Ann", action="hold",
            params={}, user_id=100, step={}, events=[], snapshot=None, finished=False, now=0)


async def test_undo_needs_agreement_unless_the_creator_decides(database: str) -> None:
    service = await _service(database)
    live = await _started(service)
    await service.act(live, 100, "note", {"text": "hello"})
    assert live.game.last_step.undoable
    missing = await service.request_undo(live, 200, decider=False)
    assert missing == ["Ann"]
    assert await service.agree_undo(live, 100) == []
    assert live.game.step_count == 0 and live.game.view(None)["marker"] == "a"


async def test_undo_refused_after_luck(database: str) -> None:
    service = await _service(database)
    live = await _started(service)
    await service.act(live, 100, "roll", {})
    with pytest.raises(engine.NotAllowed, match="rolled dice"):
        await service.request_undo(live, 100, decider=True)


async def test_the_creator_may_draw_for_an_absent_sec_gen(database: str) -> None:
    """Issue 3: "Only the Sec-Gen, or the game's creator, may draw; the bot says who may."."""
    service = await _service(database)
    live = await service.create(variant="hf-political-events", guild_id=1, channel_id=10,
                                creator_id=100, options={})
    await service.join(live, 200, seat=None, player_name="Bo")   # the Sec-Gen: first seat
    await service.join(live, 100, seat=None, player_name="Ann")  # the creator
    await service.join(live, 300, seat=None, player_name="Cy")
    await service.start(live, 100)
    with pytest.raises(engine.NotAllowed, match="Only the Sec-Gen, Bo"):
        await service.act(live, 300, "turn", {})
    outcome = await service.act(live, 100, "turn", {})
    assert outcome.seat == "Bo" and live.game.view(None)["turn"] == 1


async def test_the_schema_is_migrated_forward_once(database: str) -> None:
    """Migrations are numbered SQL files, each applied in one transaction (SQLite: PRAGMA
    user_version; PostgreSQL: the schema_version table), the same numbers in both."""
    first = await _service(database)
    latest = max(number for number, _ in _migrations())
    assert await first.storage.schema_version() == latest
    await OPEN.pop().close()
    again = await _service(database)  # opening again applies nothing twice
    assert await again.storage.schema_version() == latest
