"""A deadline's application in the store: once, by the database's clock, racing an answer.

Issue 27: "the effect is applied in a transaction that finds the sequence unchanged and the
database clock past due, and records it uniquely"; "a player acting at the last moment and
the trigger racing give one of the two serial outcomes". Two stores on one database stand
for two processes (each its own connections), on SQLite and on PostgreSQL (the `database`
fixture); the database's clock is a test clock (`use_clock`).
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest

from bot.storage import DeadlineRow, NotDueYet, StaleWrite, Storage, Store
from tests.bot.conftest import STORES_NOW, Clock

DUE = STORES_NOW


async def game_with_deadline(storage: Store, channel: int, due: float = DUE) -> DeadlineRow:
    game = await storage.create_game(variant="pig", guild_id=1, channel_id=channel,
                                     creator_id=100, options={}, seed="s", commitment="c",
                                     now=due - 3600)
    await storage.start_game(game, seat_order=[("ann", 100), ("bob", 200)], state={},
                             events=[], now=due - 3600)
    return await storage.put_deadline(DeadlineRow(game, 3600.0, due, None, False, 1))


async def answer(storage: Store, game: int) -> int:
    """ann rolls: a player's action at the game's position (seq 1)."""
    return await storage.append_action(game, expected_seq=1, kind="act", seat="ann",
                                       action="roll", params={}, user_id=100, step={},
                                       events=[], snapshot=None, finished=False, now=DUE)


async def trigger(storage: Store, row: DeadlineRow, attempt: str = "a") -> int:
    """The deadline's step: ann holds, stored only by applying the deadline."""
    return await storage.append_action(row.game_id, expected_seq=row.armed_seq, kind="act",
                                       seat="ann", action="hold", params={}, user_id=0,
                                       step={}, events=[], snapshot=None, finished=False,
                                       now=DUE, deadline=replace(row, attempt=attempt))


async def outcome(storage: Store, game: int) -> tuple[list[tuple[str | None, int | None]],
                                                        int]:
    steps = [(a.action, a.user_id) for a in await storage.actions(game, after=1)]
    return steps, len(await storage.applied_deadlines(game))


async def test_a_deadline_applies_once_however_often_it_is_triggered(
        stores: tuple[Store, Store, Clock]) -> None:
    one, two, _ = stores
    row = await game_with_deadline(one, 1)
    assert await trigger(one, row) == 2
    for store in (one, two, one):
        with pytest.raises(StaleWrite):
            await trigger(store, row, attempt="another")
    assert await outcome(one, row.game_id) == ([("hold", 0)], 1)


async def test_nothing_applies_before_due_by_the_database_clock(
        stores: tuple[Store, Store, Clock]) -> None:
    """The process may think it due (its clock ahead); the database's clock decides."""
    one, _, clock = stores
    row = await game_with_deadline(one, 1)
    clock.now = DUE - 0.001
    with pytest.raises(NotDueYet):
        await trigger(one, row)
    assert await outcome(one, row.game_id) == ([], 0)
    clock.now = DUE
    assert await trigger(one, row) == 2
    (_, _, due, at, first) = (await one.applied_deadlines(row.game_id))[0]
    assert (due, at, first) == (DUE, DUE, 2)


async def test_a_changed_deadline_does_nothing_for_its_old_trigger(
        stores: tuple[Store, Store, Clock]) -> None:
    """Extended, or cleared and set again to the same time: a new number each time, so a
    trigger for the old one stores nothing."""
    one, two, clock = stores
    row = await game_with_deadline(one, 1, due=DUE - 60)
    extended = await two.put_deadline(replace(row, due_at=DUE - 30))
    with pytest.raises(StaleWrite):
        await trigger(one, row)
    await two.clear_deadline(row.game_id)
    again = await two.put_deadline(replace(row, due_at=DUE - 30))
    assert row.seq < extended.seq < again.seq
    for old in (row, extended):
        with pytest.raises(StaleWrite):
            await trigger(one, old)
    assert await trigger(one, again) == 2
    assert await outcome(one, row.game_id) == ([("hold", 0)], 1)


async def test_a_reminder_keeps_the_deadline_and_its_trigger(
        stores: tuple[Store, Store, Clock]) -> None:
    one, two, _ = stores
    row = await game_with_deadline(one, 1)
    assert await two.mark_reminded(row)
    assert await trigger(one, row) == 2


async def test_a_new_period_for_a_game_without_policy_is_applied_once(
        stores: tuple[Store, Store, Clock]) -> None:
    one, two, _ = stores
    row = await game_with_deadline(one, 1)
    then = replace(row, due_at=DUE + 3600)
    stored = await one.apply_deadline(row, then)
    assert stored.due_at == DUE + 3600 and stored.seq > row.seq
    with pytest.raises(StaleWrite):
        await two.apply_deadline(row, then)
    assert (await one.deadline(row.game_id)) == stored
    assert len(await one.applied_deadlines(row.game_id)) == 1


async def test_the_rest_of_a_deadlines_step_is_stored_by_the_same_application_only(
        stores: tuple[Store, Store, Clock]) -> None:
    """A step with an action per awaited seat: the application that stored the first
    stores the next ones; another trigger of the same deadline stores none."""
    one, two, _ = stores
    row = replace(await game_with_deadline(one, 1), attempt="mine")
    assert await trigger(one, row, attempt="mine") == 2
    later = replace(row, armed_seq=2)  # the same deadline, the game one step on
    with pytest.raises(StaleWrite):
        await trigger(two, later, attempt="theirs")
    assert await trigger(one, later, attempt="mine") == 3
    steps, applied = await outcome(one, row.game_id)
    assert (steps, applied) == ([("hold", 0), ("hold", 0)], 1)
    assert (await one.applied_deadlines(row.game_id))[0][4] == 2


@pytest.mark.parametrize("player_first", [True, False])
async def test_one_after_the_other_gives_each_serial_outcome(
        stores: tuple[Store, Store, Clock], player_first: bool) -> None:
    one, two, _ = stores
    row = await game_with_deadline(one, 1)
    first, second = (answer(one, row.game_id), trigger(two, row)) if player_first else \
        (trigger(two, row), answer(one, row.game_id))
    assert await first == 2
    with pytest.raises(StaleWrite):
        await second
    assert await outcome(one, row.game_id) == (
        ([("roll", 100)], 0) if player_first else ([("hold", 0)], 1))


async def test_a_last_moment_answer_racing_the_trigger_gives_one_serial_outcome(
        stores: tuple[Store, Store, Clock]) -> None:
    """ann answers in one process at the instant her deadline falls due while another
    process's trigger applies it, 60 times: each time exactly one of them is stored, and the
    game is as if they had come one after the other (her roll and no deadline applied, or
    the deadline's hold applied once and her roll refused)."""
    one, two, _ = stores
    seen = set()
    for channel in range(60):
        row = await game_with_deadline(one, channel)
        racers = [answer(one, row.game_id), trigger(two, row)]
        if channel % 2:
            racers.reverse()
        results = await asyncio.gather(*racers, return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["StaleWrite", "int"]
        found = await outcome(one, row.game_id)
        assert found in (([("roll", 100)], 0), ([("hold", 0)], 1))
        seen.add(found[1])
    assert seen  # (which came first is up to the two connections' threads)


async def test_a_process_whose_clock_runs_ahead_waits_for_the_database_clock(
        database: str) -> None:
    """The bot's clock says the deadline is due, the database's says it is half a second
    early: the tick applies nothing and asks to look again a second later; once the
    database's clock is past due, the next tick applies it, once."""
    from tests.bot.test_deadline_machine import Clock as MachineClock
    from tests.bot.test_deadline_machine import Process

    mine, database_clock = MachineClock(), MachineClock()
    proc = await Process(database, mine, database_clock).start()
    try:
        live = await proc.service.create(variant="pig", guild_id=1, channel_id=5,
                                         creator_id=100, options={})
        await proc.service.join(live, 100, seat=None, player_name="Ann")
        await proc.service.join(live, 200, seat=None, player_name="Bob")
        await proc.service.start(live, 100)
        row = await proc.deadlines.set(live, 600)
        mine.now += 600
        database_clock.now += 599.5
        assert await proc.deadlines.tick() == [mine.now + 1.0]
        assert await proc.storage.applied_deadlines(live.id) == []
        database_clock.now += 0.5
        await proc.deadlines.tick()
        await proc.deadlines.tick()
        assert [(seq, due, at) for _, seq, due, at, _ in
                await proc.storage.applied_deadlines(live.id)] == [
            (row.seq, row.due_at, row.due_at)]
        assert [a.action for a in await proc.storage.actions(live.id, after=1)] == ["hold"]
    finally:
        await proc.stop()


async def test_a_deadline_stored_before_version_8_is_applied_once_after_the_upgrade(
        tmp_path: Path) -> None:
    """A database at version 7 with a running game's deadline: after the migration it reads
    with number 0, and applies once; its next change takes number 1."""
    import sqlite3

    from bot.storage import _migrations, sqlite3_split

    path = tmp_path / "old.db"
    conn = sqlite3.connect(path, isolation_level=None)
    for number, sql in _migrations():
        if number <= 7:
            for statement in sqlite3_split(sql):
                if statement.strip():
                    conn.execute(statement)
    conn.execute("PRAGMA user_version = 7")
    conn.execute("INSERT INTO games (id, variant, channel_id, creator_id, status, seed, "
                 "commitment, created_at, updated_at) VALUES (1, 'pig', 5, 100, 'running', "
                 "'s', 'c', 0, 0)")
    conn.execute("INSERT INTO actions (game_id, seq, kind, created_at) VALUES (1, 1, 'start', 0)")
    conn.execute("INSERT INTO deadlines (game_id, turn_seconds, due_at, armed_seq) "
                 "VALUES (1, 3600, ?, 1)", (DUE - 1,))
    conn.close()
    storage = await Storage.open(str(path), clock=Clock(DUE))
    try:
        await applies_once_after_the_upgrade(storage)
    finally:
        await storage.close()


async def applies_once_after_the_upgrade(storage: Store) -> None:
    assert await storage.schema_version() >= 8
    row = await storage.deadline(1)
    assert row is not None and row.seq == 0
    assert await trigger(storage, row) == 2
    with pytest.raises(StaleWrite):
        await trigger(storage, row, attempt="again")
    assert (await storage.put_deadline(replace(row, due_at=DUE + 60, armed_seq=2))).seq == 1


async def test_a_deadline_stored_before_version_8_on_postgresql_is_applied_once_after_the_upgrade(
        postgres_url: str) -> None:
    """The same on PostgreSQL: a database at version 7 (its `schema_version` table) with a
    running game's deadline, migrated to 8 by the store's opening."""
    import psycopg

    from bot.storage_pg import PgStorage, migrations

    async with await psycopg.AsyncConnection.connect(postgres_url, autocommit=True) as conn:
        for number, sql in migrations():
            if number <= 7:
                await conn.execute(sql.encode())
        await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        await conn.execute("INSERT INTO schema_version (version) VALUES (7)")
        await conn.execute("INSERT INTO games (id, variant, channel_id, creator_id, status, "
                           "seed, commitment, created_at, updated_at) VALUES (1, 'pig', 5, "
                           "100, 'running', 's', 'c', 0, 0)")
        await conn.execute("INSERT INTO actions (game_id, seq, kind, created_at) VALUES "
                           "(1, 1, 'start', 0)")
        await conn.execute("INSERT INTO deadlines (game_id, turn_seconds, due_at, armed_seq) "
                           "VALUES (1, 3600, %s, 1)", (DUE - 1,))
    storage = await PgStorage.open(postgres_url, clock=Clock(DUE))
    try:
        await applies_once_after_the_upgrade(storage)
    finally:
        await storage.close()
