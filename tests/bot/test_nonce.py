"""A post or DM of a game step sent again is posted once (issue 27: "channel posts carry a
nonce so a resend never posts twice").

Discord, asked to enforce a message's nonce, answers a second post with the same nonce from
the same author within a few minutes with the message it already made. The bot derives each
step message's nonce from what it is (`bot.delivery.discord_io.step_nonce`), so a message
sent again (its answer lost after Discord made it, a restart between sending it and
recording its id) carries the same nonce. The stand-in models the enforcement
(`sandbox/strict.py`, `Nonces`).
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

import bot.delivery.discord_io
from bot import records
from sandbox.strict import NONCE_WINDOW
from tests.support.table import Table
from tests.support.telling import bob_prompted_not_recorded, turn_prompts


def prompts_of(table: Table, user: str) -> list[Any]:
    """The user's DMs that ask something (they carry buttons)."""
    return [m for m in table.dms(user) if m.buttons()]


def status_posts(table: Table) -> list[Any]:
    return [m for m in table.fake.messages(table.channel)
            if m.embeds and "game #" in str(m.embeds[0].get("title", ""))]


# ----- the stand-in ------------------------------------------------------------------------

async def test_the_stand_in_answers_a_repeated_nonce_with_the_message_it_made(
        table: Table) -> None:
    await table.start_bot()
    assert table.bot is not None
    channel = table.bot.get_partial_messageable(table.channel)
    first = await channel.send("once", nonce="n-1")
    again = await channel.send("once", nonce="n-1")
    other = await channel.send("once", nonce="n-2")
    assert again.id == first.id and other.id != first.id
    assert [m.text() for m in table.fake.messages(table.channel)].count("once") == 2
    minutes_later = table.fake.clock() + NONCE_WINDOW + 1
    table.fake.clock = lambda: minutes_later
    later = await channel.send("once", nonce="n-1")
    assert later.id != first.id  # forgotten: a new message


async def test_the_stand_in_refuses_a_nonce_of_a_message_deleted_since(table: Table) -> None:
    """discord.py: `NotFound`: "You sent a message with the same nonce as one that has been
    explicitly deleted shortly earlier."""
    await table.start_bot()
    assert table.bot is not None
    channel = table.bot.get_partial_messageable(table.channel)
    first = await channel.send("gone", nonce="n-3")
    await first.delete()
    with pytest.raises(discord.NotFound):
        await channel.send("gone", nonce="n-3")
    with pytest.raises(discord.HTTPException) as long:
        await channel.send("too long", nonce="x" * 26)  # Discord's limit: 25 characters
    assert long.value.status == 400


async def test_an_accepted_post_whose_answer_is_lost_is_still_made(table: Table) -> None:
    await table.start_bot()
    assert table.bot is not None
    table.fake.inject_fault("POST", rf"^/channels/{table.channel}/messages$", 503,
                            accepted=True)
    with pytest.raises(discord.DiscordServerError):
        await table.bot.get_partial_messageable(table.channel).send("made", nonce="n-4")
    assert [m.text() for m in table.fake.messages(table.channel)] == ["made"]


# ----- the bot -----------------------------------------------------------------------------

async def test_a_prompt_dm_tried_again_after_its_answer_was_lost_is_sent_once(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """bob's prompt DM is made by Discord, but its answer is a 503: the bot tries it again
    (`DM_RETRY_DELAYS`), with the same nonce, and gets the message Discord made."""
    monkeypatch.setattr(bot.delivery.discord_io, "DM_RETRY_DELAYS", (0.05, 0.1))
    await table.start_bot()
    await table.pig_game("ann", "bob")
    dm = table.fake.dm_channel_id(table.users["bob"])
    asked = len(prompts_of(table, "bob"))
    table.fake.inject_fault("POST", rf"^/channels/{dm}/messages$", 503, 0,
                            "Service Unavailable", accepted=True)
    await table.slash("ann", "pig hold")  # bob's turn: his prompt's answer is lost
    statuses: list[int] = []
    for _ in range(100):  # until the retry (0.05 s later) got its answer
        statuses = [r.status for r in table.fake.requests
                    if r.method == "POST" and r.path.endswith(f"/channels/{dm}/messages")]
        if statuses[-2:] == [503, 200]:
            break
        await asyncio.sleep(0.02)
    await table.fake.settle()
    assert statuses[-2:] == [503, 200]  # sent twice...
    turns = [m for m in prompts_of(table, "bob")[asked:] if "Your turn" in m.text()]
    assert len(turns) == 1  # ...posted once


async def test_a_prompt_sent_before_a_crash_that_kept_its_id_from_being_recorded_is_not_sent_twice(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The process dies after bob's prompt DM went out and before its message id was
    stored: the restarted bot owes bob's prompt, sends it again with the same nonce, and
    records the message Discord already made. bob has one prompt, and its buttons work."""
    asked = await bob_prompted_not_recorded(table, monkeypatch)
    assert table.bot is not None
    turns = turn_prompts(table, "bob")[asked:]
    assert len(turns) == 1
    await table.stop_bot()
    monkeypatch.undo()
    await table.start_bot()
    assert table.bot is not None
    storage = table.bot.service.storage
    live = await table.loaded()
    record = None
    for _ in range(200):  # until the restarted bot sent the prompts it owed
        record = await records.load(storage, live.id, "bob")
        if record is not None and record.message_id:
            break
        await asyncio.sleep(0.02)
    await table.fake.settle()
    assert record is not None and record.open and record.message_id == turns[0].id
    assert turn_prompts(table, "bob")[asked:] == turns
    clicked = await table.fake.click(table.users["bob"], turns[0].id, turns[0].button("Roll"))
    await table.fake.settle()
    assert "You chose: Roll" in clicked.text()


async def test_a_status_post_whose_answer_was_lost_is_not_posted_again(table: Table) -> None:
    """The status post is made, but its answer is lost: its id is never recorded, and the
    next step posts it again, with the same nonce: the channel has one status post."""
    await table.start_bot()
    table.fake.inject_fault("POST", rf"^/channels/{table.channel}/messages$", 503, 0,
                            "Service Unavailable", accepted=True)
    await table.slash("ann", "game new", variant="pig", options="target=10")
    assert len(status_posts(table)) == 1
    await table.slash("ann", "game join")
    await table.slash("bob", "game join")
    await table.slash("ann", "game start")
    assert table.bot is not None
    stored = await table.bot.service.storage.message(table.live.id, records.STATUS)
    (status,) = status_posts(table)
    assert stored is not None and stored[1] == status.id
    assert "bob" in str(status.embeds[0])  # brought up to date in place


async def test_two_actions_stored_before_either_is_told_are_both_announced(
        table: Table) -> None:
    """Both notes are stored while the game's telling is held: each announcement reads the
    game at the second's seq, yet each post is its own message (the nonce is made from
    the announced action's seq, not the game's)."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    live = table.live
    before = live.seq
    async with live.telling:
        first = asyncio.create_task(table.fake.slash(table.users["ann"], table.channel,
                                                     "pig note", text="first"))
        for _ in range(200):
            if live.seq == before + 1:
                break
            await asyncio.sleep(0.01)
        second = asyncio.create_task(table.fake.slash(table.users["bob"], table.channel,
                                                      "pig note", text="second"))
        for _ in range(200):
            if live.seq == before + 2:
                break
            await asyncio.sleep(0.01)
        assert live.seq == before + 2  # both stored, neither told
        assert "notes: first" not in table.said()
    await asyncio.gather(first, second)
    await table.fake.settle()
    said = table.said()
    assert "ann notes: first" in said and "bob notes: second" in said
