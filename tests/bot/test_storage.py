"""The storage interface, on both stores (SQLite and PostgreSQL, `tests/bot/conftest.py`):
what each method stores is what it reads back, the same in both. Issue 27: "A PostgreSQL
store behind the same storage interface as SQLite ... and the same contract"."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

import tests.support.pig  # noqa: F401  (registers Pig)
from bot.service import Duplicate, GameService
from bot.storage import (
    AlreadyApplied,
    ChannelBusy,
    DeadlineRow,
    Preferences,
    StaleWrite,
    StorageError,
    Store,
    UndoRequest,
)
from bot.stores import open_storage


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    storage = await open_storage(database)
    try:
        yield storage
    finally:
        await storage.close()


async def _running(store: Store, channel: int = 10) -> int:
    game = await store.create_game(variant="pig", guild_id=1, channel_id=channel,
                                   creator_id=100, options={"target": 10}, seed="s",
                                   commitment="c", now=1.0)
    await store.start_game(game, seat_order=[("Ann", 100), ("Bob", 200)],
                           state={"setup_luck": []}, events=[], now=2.0)
    return game


async def _note(store: Store, game: int, expected: int, *, interaction: int | None = None,
                deadline: DeadlineRow | None = None) -> int:
    return await store.append_action(
        game, expected_seq=expected, kind="act", seat="Ann", action="note",
        params={"text": "hi"}, user_id=100, step={}, events=[], snapshot=None,
        finished=False, now=3.0, deadline=deadline, interaction_id=interaction)


async def test_games_and_seats_read_back_as_stored(store: Store) -> None:
    game = await store.create_game(variant="pig", guild_id=2**62, channel_id=2**63 - 1,
                                   creator_id=7, options={"target": 15}, seed="s",
                                   commitment="c", now=1.5)
    row = await store.game(game)
    assert row is not None and (row.guild_id, row.channel_id, row.options, row.status,
                                row.seq) == (2**62, 2**63 - 1, {"target": 15}, "lobby", 0)
    with pytest.raises(ChannelBusy):
        await store.create_game(variant="pig", guild_id=1, channel_id=2**63 - 1,
                                creator_id=8, options={}, seed="t", commitment="d", now=2)
    await store.add_seat(game, "Ann", 100)
    await store.add_seat(game, "Bob", 200)
    with pytest.raises(StorageError, match="taken"):
        await store.add_seat(game, "Ann", 300)
    await store.set_options(game, {"target": 20}, 3.0)
    await store.set_dm_ok(game, "Bob", False, 555)
    seats = await store.seats(game)
    assert [(s.seat, s.position, s.user_id, s.dm_ok, s.fallback_thread) for s in seats] == [
        ("Ann", 0, 100, True, None), ("Bob", 1, 200, False, 555)]
    await store.set_seat_user(game, "Bob", 300)
    assert (await store.seats(game))[1].user_id == 300
    assert await store.remove_seats_of(game, 100) == ["Ann"]
    assert [g.id for g in await store.live_games()] == [game]
    assert list(await store.live_seats()) == [game]
    assert (await store.latest_game_in(2**63 - 1)).options == {"target": 20}  # type: ignore[union-attr]
    await store.move_game(game, 44, 4.0)
    await store.set_status(game, "aborted", 5.0)
    assert await store.live_games() == []


async def test_the_log_takes_the_next_number_only(store: Store) -> None:
    game = await _running(store)
    assert await _note(store, game, 1) == 2
    with pytest.raises(StaleWrite):
        await _note(store, game, 1)  # the game is at 2 now
    assert [a.seq for a in await store.actions(game)] == [1, 2]
    assert (await store.action(game, 2)).params == {"text": "hi"}  # type: ignore[union-attr]
    assert (await store.game(game)).seq == 2  # type: ignore[union-attr]
    seq = await store.append_action(game, expected_seq=2, kind="act", seat="Bob",
                                    action="hold", params={}, user_id=200, step={},
                                    events=[{"text": "x"}], snapshot={"pot": 3},
                                    finished=True, now=4.0)
    assert seq == 3 and (await store.game(game)).status == "finished"  # type: ignore[union-attr]
    assert await store.latest_snapshot(game) == (3, {"pot": 3})
    assert await store.start_snapshot(game) == {"setup_luck": []}
    assert await store.snapshot_and_tail(game) == ({"pot": 3}, [])


async def test_an_interaction_applies_once(store: Store) -> None:
    """Issue 27: "an interaction id is unique, so a retried or doubly delivered interaction
    applies once": the same interaction id is refused at the game's next number too."""
    game = await _running(store)
    await _note(store, game, 1, interaction=2**60 + 5)
    with pytest.raises(AlreadyApplied):
        await _note(store, game, 2, interaction=2**60 + 5)
    assert await _note(store, game, 2, interaction=2**60 + 6) == 3
    assert await _note(store, game, 3) == 4 and await _note(store, game, 4) == 5  # none: any


async def test_a_doubly_delivered_interaction_counts_once_in_the_service(database: str
                                                                         ) -> None:
    """Issue 27: the same interaction delivered twice (after the game moved on in memory,
    so the sequence alone would take it) is answered "it counts once"."""
    storage = await open_storage(database)
    try:
        service = GameService(storage, seed_source=lambda: "seed-1")
        live = await service.create(variant="pig", guild_id=1, channel_id=10,
                                    creator_id=100, options={"target": 10})
        await service.join(live, 100, seat=None, player_name="Ann")
        await service.join(live, 200, seat=None, player_name="Bob")
        await service.start(live, 100)
        await service.act(live, 100, "note", {"text": "one"}, interaction_id=77)
        with pytest.raises(Duplicate, match="counts once"):
            await service.act(live, 100, "note", {"text": "one"}, interaction_id=77)
        assert [a.params for a in await storage.actions(live.id)][1:] == [{"text": "one"}]
        assert live.seq == 2 and live.game is not None and live.game.view(None)["marker"] == "one"
    finally:
        await storage.close()


async def test_a_deadline_action_needs_its_deadline_unchanged(store: Store) -> None:
    game = await _running(store)
    armed = await store.put_deadline(DeadlineRow(game, 60.0, 100.5, None, False, 1,
                                                 '{"Ann": "x"}'))
    replaced = await store.put_deadline(DeadlineRow(game, 60.0, 200.25, None, True, 1, "q",
                                                    daily_at="20:00",
                                                    time_zone="Europe/Amsterdam"))
    assert replaced == DeadlineRow(game, 60.0, 200.25, None, True, 1, "q", armed.seq + 1,
                                   "20:00", "Europe/Amsterdam")
    assert await store.deadline(game) == replaced
    assert await store.deadlines() == [replaced]
    with pytest.raises(StaleWrite):
        await _note(store, game, 1, deadline=armed)  # it fired for 100.5: moved since
    assert await _note(store, game, 1, deadline=await store.deadline(game)) == 2
    with pytest.raises(StaleWrite):
        await _note(store, game, 2, deadline=replaced)  # applied once: not again
    assert [row[:3] for row in await store.applied_deadlines(game)] == [
        (game, replaced.seq, 200.25)]
    await store.clear_deadline(game)
    assert await store.deadline(game) is None


async def test_messages_prompts_owed_and_undo_requests(store: Store) -> None:
    game = await _running(store)
    assert await store.games_owing_prompts() == [game]
    await store.prompts_delivered(game, 1)
    assert await store.games_owing_prompts() == []
    await store.put_message(game, "prompt:Ann", 5, 6, "open:abc:1")
    await store.put_message(game, "status", 5, 7)
    await store.replace_fingerprint_prefix(game, "prompt:Ann", 99, "open:", "greyed:")
    assert await store.message(game, "prompt:Ann") == (5, 6, "open:abc:1")  # not message 99
    await store.replace_fingerprint_prefix(game, "prompt:Ann", 6, "open:", "greyed:")
    assert await store.message(game, "prompt:Ann") == (5, 6, "greyed:abc:1")
    assert await store.games_owing_prompts() == [game]  # a greyed prompt is asked again
    await store.put_message(game, "prompt:Ann", 5, 8, "open:def:1")
    await store.answered(game, 1)
    assert await store.messages(game) == {"prompt:Ann": (5, 8, "open:def:1"),
                                          "status": (5, 7, ""), "answered": (0, 0, "1")}
    await store.drop_message(game, "status")
    assert await store.message(game, "status") is None
    request = UndoRequest(game, 1, 100, ["Bob"], [])
    await store.put_undo_request(request)
    await store.put_undo_request(UndoRequest(game, 1, 100, ["Bob"], ["Bob"]))
    assert await store.undo_request(game) == UndoRequest(game, 1, 100, ["Bob"], ["Bob"])
    await store.clear_undo_request(game)
    assert await store.undo_request(game) is None


async def test_players_settings_and_held_notices(store: Store) -> None:
    assert await store.preferences_of([]) == {}
    assert await store.preferences_of([1]) == {1: Preferences()}
    await store.set_dm_prompts(1, False)
    await store.set_preferences(2, digest_hours=6, quiet_from=60, quiet_to=420,
                                time_zone="Europe/Amsterdam", away_until=500.5)
    with pytest.raises(ValueError):
        await store.set_preferences(2, colour="red")
    assert await store.dm_prompts_of([1, 2, 3]) == {1: False, 2: True, 3: True}
    assert not await store.dm_prompts(1)
    await store.hold_notice(2, 300.0)
    await store.hold_notice(2, 200.0)  # the earlier one wins
    await store.hold_notice(2, 250.0)
    assert await store.held_notices() == {2: 200.0}
    prefs = (await store.preferences_of([2]))[2]
    assert (prefs.digest_hours, prefs.quiet_from, prefs.quiet_to, prefs.time_zone,
            prefs.away_until, prefs.held_until) == (6, 60, 420, "Europe/Amsterdam", 500.5,
                                                    200.0)
    assert await store.away_players(400.0) == {2: 500.5} and await store.away_players(600) == {}
    await store.notice_sent(2, 210.0, held_too=False)
    assert await store.held_notices() == {2: 200.0}
    await store.notice_sent(2, 220.0, held_too=True)
    assert await store.held_notices() == {}
    assert (await store.preferences_of([2]))[2].last_sent == 220.0
