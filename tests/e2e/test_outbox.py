"""A stored step is told exactly once, whatever happens to the process between storing it
and telling it (issue 27: "Side effects from an outbox: posts, DMs and renders are rows
written in the action's transaction and sent after commit by whichever process holds the
sender's job; channel posts carry a nonce so a resend never posts twice").

The real bot and discord.py against the stand-in (tests/support/table.py), on each store;
the tests of a process's leases over PostgreSQL, where several processes share the
database, on PostgreSQL alone.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from bot.actions import ActionPath
from bot.storage import LEASE_SECONDS
from bot.storage_pg import PgStorage
from tests.support.table import Table
from tests.support.telling import (
    all_told,
    channel_posts_sent,
    dies_before_telling,
    hold_told_not_recorded,
    posts_saying,
    turn_prompts,
)


async def test_a_step_stored_by_a_process_killed_before_telling_it_is_told_once_at_the_next_start(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """ann's hold is stored, then the process dies before its post, DMs or prompts: the
    restarted bot tells the step (its channel post, bob's prompt) once, from the log; a
    further restart tells nothing again. (Before the outbox, only the prompts were redone:
    the channel never said that ann banked.)"""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    bob_asked = len(turn_prompts(table, "bob"))
    monkeypatch.setattr(ActionPath, "announce_all", dies_before_telling)
    await table.slash("ann", "pig hold")
    assert not posts_saying(table, "ann banks")
    assert table.bot is not None
    game = table.live.id
    storage = table.bot.service.storage
    (owed,) = [r for r in await storage.outbox(game) if r.sent_at is None]
    assert owed.seq == table.live.seq and owed.lease_owner == storage.process
    await table.stop_bot()
    monkeypatch.undo()
    await table.start_bot()
    post = await table.fake.wait_for_message(lambda m: "ann banks" in m.text())
    await table.fake.settle()
    assert post.channel_id == table.channel
    assert len(posts_saying(table, "ann banks")) == 1
    assert len(turn_prompts(table, "bob")) == bob_asked + 1
    assert table.bot is not None
    assert all(r.sent_at is not None for r in await table.bot.service.storage.outbox(game))
    await table.stop_bot()
    await table.start_bot()
    await table.fake.settle()
    assert len(posts_saying(table, "ann banks")) == 1
    assert len(turn_prompts(table, "bob")) == bob_asked + 1
    prompt = turn_prompts(table, "bob")[-1]
    clicked = await table.fake.click(table.users["bob"], prompt.id, prompt.button("Roll"))
    await table.fake.settle()
    assert "You chose: Roll" in clicked.text()


async def test_a_step_told_by_a_process_killed_before_it_recorded_so_is_told_again_without_a_second_message(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """ann's hold is told in full (post, bob's prompt, status), and the process dies before
    it records that: the restarted bot tells the step again from the log, finds each of its
    messages already in the channel and the DMs (and would send any it did not find with
    the nonce the first telling's had): not one message more in the channel or in anyone's
    DMs. (Past Discord's nonce window too: tests/e2e/test_retell.py.)"""
    game, channel, dms = await hold_told_not_recorded(table, monkeypatch)
    posted = len(channel_posts_sent(table))
    await table.stop_bot()
    monkeypatch.undo()
    await table.start_bot()
    await all_told(table, game)
    # Found in the channel's history (`bot/delivery/recall.py`): not even sent again.
    assert len(channel_posts_sent(table)) == posted
    assert any(r.method == "GET" and r.path.endswith(f"/channels/{table.channel}/messages")
               for r in table.fake.requests)
    assert [m.id for m in table.fake.messages(table.channel)] == channel
    assert {name: [m.id for m in table.dms(name)] for name in ("ann", "bob")} == dms
    prompt = turn_prompts(table, "bob")[-1]
    clicked = await table.fake.click(table.users["bob"], prompt.id, prompt.button("Roll"))
    await table.fake.settle()
    assert "You chose: Roll" in clicked.text()


async def test_a_step_whose_telling_failed_stays_owed_and_is_told_once_later(
        table: Table) -> None:
    """Discord fails the step's channel post (a 503): the step stays owed (one failure counted),
    and once its retry is due the sender tells it: the post appears once, and what had
    gone out before the failure (bob's prompt) is not sent twice (its nonce)."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    assert table.bot is not None
    bot = table.bot
    bob_asked = len(turn_prompts(table, "bob"))
    table.fake.inject_fault("POST", rf"^/channels/{table.channel}/messages$", 503, times=1)
    await table.slash("ann", "pig hold")
    game = table.live.id
    assert not posts_saying(table, "ann banks")
    (owed,) = [r for r in await bot.service.storage.outbox(game) if r.sent_at is None]
    assert owed.tries == 1 and owed.lease_owner is None
    assert await bot.outbox.drain() == 0  # not due yet
    table.clock.advance(LEASE_SECONDS)
    assert await bot.outbox.drain() == 1
    await table.fake.settle()
    assert len(posts_saying(table, "ann banks")) == 1
    assert len(turn_prompts(table, "bob")) == bob_asked + 1
    assert all(r.sent_at is not None for r in await bot.service.storage.outbox(game))
    assert await bot.outbox.drain() == 0


async def test_a_normal_action_is_told_by_its_own_process_and_marked_sent(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "pig hold")
    assert table.bot is not None
    rows = await table.bot.service.storage.outbox(table.live.id)
    assert [r.seq for r in rows] == [1, 2] and all(r.sent_at is not None for r in rows)
    table.clock.advance(LEASE_SECONDS * 2)
    assert await table.bot.outbox.drain() == 0
    assert len(posts_saying(table, "ann banks")) == 1


async def test_over_postgresql_another_process_tells_the_step_once_the_lease_of_the_killed_one_ran_out(
        postgres_table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over PostgreSQL a process can't know the one before it is dead (several run at once):
    the step it owed waits for its lease to run out by the database's clock, then the next
    process's sender tells it, once."""
    table = postgres_table
    await table.start_bot()
    await table.pig_game("ann", "bob")
    monkeypatch.setattr(ActionPath, "announce_all", dies_before_telling)
    await table.slash("ann", "pig hold")

    async def killed(*args: Any) -> None:  # SIGKILL: no cleanup hands anything back
        return None

    monkeypatch.setattr(PgStorage, "release_own_outbox", killed)
    await table.stop_bot()
    monkeypatch.undo()
    await table.start_bot()
    assert table.bot is not None
    bot = table.bot
    assert await bot.outbox.drain() == 0  # the killed process's lease still runs
    await table.fake.settle()
    assert not posts_saying(table, "ann banks")
    table.clock.advance(LEASE_SECONDS)
    assert await bot.outbox.drain() == 1
    await table.fake.settle()
    assert len(posts_saying(table, "ann banks")) == 1
    assert all(r.sent_at is not None for r in await bot.service.storage.outbox(table.live.id))
    assert await bot.outbox.drain() == 0


async def test_the_winning_step_of_a_process_killed_before_telling_it_is_told_once(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The step that ends the game is stored, then the process dies: the game is no longer
    in the index of the next start, yet its last step is told from the log (rebuilt for
    the telling alone): the game-over post, once."""
    await table.start_bot()
    await table.pig_game("ann", "bob", target=5)
    assert table.bot is not None
    for _ in range(200):  # play until the pot would win, then bank it
        live = await table.loaded()
        (seat,) = live.game.prompts()
        if live.game.pot + live.game.scores[seat] >= 5:
            break
        await table.slash(seat, "pig roll")
    monkeypatch.setattr(ActionPath, "announce_all", dies_before_telling)
    await table.slash(seat, "pig hold")
    game = live.id
    assert table.bot.service.entry_in(table.channel) is None  # finished: out of the index
    assert not posts_saying(table, "Game over")
    await table.stop_bot()
    monkeypatch.undo()
    await table.start_bot()
    over = await table.fake.wait_for_message(lambda m: "Game over" in m.text())
    await table.fake.settle()
    assert f"Winner: {seat}" in over.text()
    assert len(posts_saying(table, "Game over")) == 1
    assert table.bot is not None
    assert all(r.sent_at is not None for r in await table.bot.service.storage.outbox(game))


async def test_an_undo_and_an_import_are_told_by_their_own_paths_and_never_again(
        table: Table) -> None:
    """The undo's and the import's steps are told by their own commands (not by
    `announce_all`) and marked told there: once their leases are long over, the sender
    finds nothing to tell, and the channels get no second post."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "pig note", text="oops")
    undone = await table.slash("ann", "game undo")
    assert "taken back" in undone.text()
    other = table.fake.add_channel(table.guild, "imported")
    state = engine.new_game("pig", ["ann", "bob"], seed="imported",
                            options={"target": 10}).state()
    players = ", ".join(f"{name}=<@{table.users[name]}>" for name in ("ann", "bob"))
    imported = await table.fake.slash(table.users["ann"], other, "game import", variant="pig",
                                      players=players,
                                      file=("pig.json", json.dumps(state).encode()))
    await table.fake.settle()
    assert "Imported as game #" in imported.text()
    assert table.bot is not None
    storage = table.bot.service.storage
    for game in (table.live.id, table.bot.service.entry_in(other).id):
        assert all(r.sent_at is not None for r in await storage.outbox(game)), game
    said = {channel: len(table.fake.messages(channel)) for channel in (table.channel, other)}
    table.clock.advance(LEASE_SECONDS * 2)
    assert await table.bot.outbox.drain() == 0
    await table.fake.settle()
    assert {channel: len(table.fake.messages(channel)) for channel in said} == said


async def test_over_postgresql_a_process_stopped_hands_its_untold_step_to_the_next_at_once(
        postgres_table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """A process stopped (a deploy) while a step it stored was untold hands its lease back
    as it closes: the next process tells the step at once, not a minute later."""
    table = postgres_table
    await table.start_bot()
    await table.pig_game("ann", "bob")
    monkeypatch.setattr(ActionPath, "announce_all", dies_before_telling)
    await table.slash("ann", "pig hold")
    assert table.bot is not None
    game, storage = table.live.id, table.bot.service.storage
    await table.stop_bot()
    reader = await PgStorage.open(table.database)
    try:
        owed = [r for r in await reader.outbox(game) if r.sent_at is None]
    finally:
        await reader.close()
    assert [(r.seq, r.lease_owner) for r in owed] == [(2, None)]
    monkeypatch.undo()
    await table.start_bot()  # the test's clock stands still: no lease ran out
    await table.fake.wait_for_message(lambda m: "ann banks" in m.text())
    await table.fake.settle()
    assert len(posts_saying(table, "ann banks")) == 1
    assert storage.process != table.bot.service.storage.process  # type: ignore[union-attr]
