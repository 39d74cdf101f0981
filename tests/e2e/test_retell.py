"""A step told again after Discord's nonce window is not posted twice (issue 27, acceptance:
"0 duplicate posts").

Discord answers a post sent again with the same nonce with the message it made, but only
for "the past few minutes" (the stand-in keeps `NONCE_WINDOW`). A step posted by a process
killed before it marked the step told is told again by the next process's sender once its
lease is over, maybe later than that: the re-telling looks among the bot's messages since the
step was stored (`bot/delivery/recall.py`) and posts only what is not there. Discord does not
give a message's nonce back when it is read (the stand-in does not either), so what is
matched is what a message read back carries.

The real bot and discord.py against the stand-in, on each store (`table`: on PostgreSQL the
killed process hands no lease back, so the next process tells the step as another process
would, once the lease ran out).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import bot.outbox
from bot import records
from bot.actions import ActionPath
from bot.delivery.announce import Announcer
from bot.storage import LEASE_SECONDS
from bot.storage_pg import PgStorage
from sandbox.strict import NONCE_WINDOW
from tests.support.table import Table
from tests.support.telling import (
    all_told,
    bob_prompted_not_recorded,
    dies_before_recording,
    dies_before_telling,
    hold_told_not_recorded,
    posts_saying,
    turn_prompts,
)


async def killed(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot process is gone as by SIGKILL: over PostgreSQL it hands no lease back."""
    monkeypatch.setattr(PgStorage, "release_own_outbox", killed_quietly)
    await table.stop_bot()
    monkeypatch.undo()


async def killed_quietly(*args: Any) -> None:
    return None


def minutes_pass(table: Table) -> None:
    """Past Discord's nonce window and the killed process's lease: the nonces of what it
    posted are forgotten, and its steps are any sender's to tell."""
    later = table.fake.clock() + NONCE_WINDOW + 1
    table.fake.clock = lambda: later
    table.clock.advance(NONCE_WINDOW + LEASE_SECONDS + 1)


async def posted_then_killed_then_told_again(table: Table,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    game, channel, dms = await hold_told_not_recorded(table, monkeypatch)
    await killed(table, monkeypatch)
    minutes_pass(table)
    asked_before = len(table.fake.requests)
    await table.start_bot()
    await all_told(table, game)
    assert [m.id for m in table.fake.messages(table.channel)] == channel
    assert {name: [m.id for m in table.dms(name)] for name in ("ann", "bob")} == dms
    # What it cost: the channel's messages read once (bob's prompt was recorded: no DM read).
    reads = [r for r in table.fake.requests[asked_before:] if r.method == "GET"
             and r.path.endswith(f"/channels/{table.channel}/messages")]
    assert len(reads) == 1
    prompt = turn_prompts(table, "bob")[-1]
    clicked = await table.fake.click(table.users["bob"], prompt.id, prompt.button("Roll"))
    await table.fake.settle()
    assert "You chose: Roll" in clicked.text()


async def test_a_step_posted_by_a_process_killed_before_marking_it_told_is_not_posted_again_minutes_later(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """ann's hold is told in full (the post, bob's prompt), and the process dies before it
    marks the step told; the next process tells it past Discord's nonce window: the
    channel holds "ann banks" once, nobody gets a second DM, and bob's prompt works."""
    await posted_then_killed_then_told_again(table, monkeypatch)



async def never_posted_then_told(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    bob_asked = len(turn_prompts(table, "bob"))
    monkeypatch.setattr(ActionPath, "announce_all", dies_before_telling)
    await table.slash("ann", "pig hold")
    assert not posts_saying(table, "ann banks")
    game = table.live.id
    await killed(table, monkeypatch)
    minutes_pass(table)
    await table.start_bot()
    await all_told(table, game)
    assert len(posts_saying(table, "ann banks")) == 1
    assert len(turn_prompts(table, "bob")) == bob_asked + 1


async def test_a_step_never_posted_is_posted_when_told_minutes_later(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The negative: the process dies before ann's hold is posted at all; the re-telling
    minutes later finds nothing of it in the channel, and posts it, once."""
    await never_posted_then_told(table, monkeypatch)



async def test_a_start_whose_secrets_went_out_before_a_kill_sends_no_second_dm_minutes_later(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The start deals each seat its secret card by DM, posts the start and prompts ann;
    the process dies before marking the start told. Told again past the nonce window,
    each seat still has one "Your secret card" DM, and the channel one start post."""
    await table.start_bot()
    await table.slash("ann", "game new", variant="pig", options="target=10")
    for name in ("ann", "bob"):
        await table.slash(name, "game join")
    monkeypatch.setattr(bot.outbox, "told", dies_before_recording)
    await table.slash("ann", "game start")
    assert table.bot is not None
    game = table.live.id
    owed = [r.seq for r in await table.bot.service.storage.outbox(game) if r.sent_at is None]
    assert owed, "the start is owed"
    secrets = {name: [m.id for m in table.dms(name) if "secret card" in m.text()]
               for name in ("ann", "bob")}
    assert all(len(ids) == 1 for ids in secrets.values()), secrets
    channel = [m.id for m in table.fake.messages(table.channel)]
    await killed(table, monkeypatch)
    minutes_pass(table)
    await table.start_bot()
    await all_told(table, game)
    assert {name: [m.id for m in table.dms(name) if "secret card" in m.text()]
            for name in ("ann", "bob")} == secrets
    assert [m.id for m in table.fake.messages(table.channel)] == channel


async def test_the_stand_in_gives_a_message_nonce_back_only_in_the_answer_to_its_post(
        table: Table) -> None:
    """As Discord: a message's nonce is in the answer to its post (and its MESSAGE_CREATE),
    not in the message read back (history, get message): Discord does not keep it."""
    await table.start_bot()
    assert table.bot is not None
    channel = table.bot.get_partial_messageable(table.channel)
    sent = await channel.send("once", nonce="n-27")
    assert sent.nonce == "n-27"
    read = await channel.fetch_message(sent.id)
    assert read.content == "once" and read.nonce is None
    (listed,) = [m async for m in channel.history(limit=5)]
    assert listed.id == sent.id and listed.nonce is None


# ----- a game's steps reach its channel in order ---------------------------------------------

def order_of(table: Table, *words: str) -> list[int]:
    """Where in the channel the one post saying each of `words` is."""
    said = [m.text() for m in table.fake.messages(table.channel)]
    places = []
    for word in words:
        (place,) = [i for i, text in enumerate(said) if word in text]
        places.append(place)
    return places


async def test_a_step_whose_telling_failed_is_told_before_the_next_step_of_its_game(
        table: Table) -> None:
    """Discord fails the post of ann's hold (a 503): the step stays owed. bob rolls next:
    his step's telling first tells ann's, so the channel says "ann banks" before "bob
    rolls", each once (before, ann's step came minutes later, after bob's)."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    table.fake.inject_fault("POST", rf"^/channels/{table.channel}/messages$", 503, times=1)
    await table.slash("ann", "pig hold")
    assert not posts_saying(table, "ann banks")
    await table.slash("bob", "pig roll")
    banks, rolls = order_of(table, "ann banks", "bob rolls")
    assert banks < rolls
    assert table.bot is not None
    assert all(r.sent_at is not None
               for r in await table.bot.service.storage.outbox(table.live.id))


async def test_a_step_waits_while_the_step_before_it_still_fails_and_both_come_in_order(
        table: Table) -> None:
    """ann's hold fails, and fails again when bob's roll would tell it first: bob's roll is
    not posted before it, but owed after it. The sender then finds ann's failing once more:
    it tells nothing after it (before, it went on with bob's). Once Discord takes posts
    again, both are posted, in order, once."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    assert table.bot is not None
    bot, game = table.bot, table.live.id
    table.fake.inject_fault("POST", rf"^/channels/{table.channel}/messages$", 503, times=2)
    await table.slash("ann", "pig hold")
    await table.slash("bob", "pig roll")
    assert not posts_saying(table, "ann banks") and not posts_saying(table, "bob rolls")
    assert [r.seq for r in await bot.service.storage.outbox(game) if r.sent_at is None] == [2, 3]
    table.clock.advance(LEASE_SECONDS * 2)
    table.fake.inject_fault("POST", rf"^/channels/{table.channel}/messages$", 503, times=1)
    assert await bot.outbox.drain() == 1
    await table.fake.settle()
    assert not posts_saying(table, "ann banks") and not posts_saying(table, "bob rolls")
    table.clock.advance(3600)
    assert await bot.outbox.drain() == 1
    await table.fake.settle()
    banks, rolls = order_of(table, "ann banks", "bob rolls")
    assert banks < rolls
    assert all(r.sent_at is not None for r in await bot.service.storage.outbox(game))


# ----- a step told again reads as its first telling would have ------------------------------

async def fails_to_tell(self: Any, *args: Any, **kwargs: Any) -> Any:
    raise SystemError("the telling fails here, after the commit (Discord, a bug)")


async def told_again_later(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the telling that failed be told again by the outbox's sender."""
    monkeypatch.undo()
    assert table.bot is not None
    table.clock.advance(3600)
    await table.bot.outbox.drain()
    await table.fake.settle()


async def test_a_deadline_step_told_again_says_the_deadline_passed(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """ann's deadline passes: the bot banks for her, and the telling of that step fails.
    Told again later from the log, it says what the first telling would have: "The
    deadline passed for ann." before "ann banks" (before, the line was lost: not in the
    log)."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "game deadline", change="set", minutes=60)
    monkeypatch.setattr(Announcer, "outcomes", fails_to_tell)
    assert table.bot is not None
    table.clock.advance(3600 + 60)
    await table.bot.timers.tick()
    await table.fake.settle()
    assert [s.action for s in await table.steps()] == ["hold"]
    assert not posts_saying(table, "ann banks")
    await told_again_later(table, monkeypatch)
    (post,) = posts_saying(table, "ann banks")
    assert "The deadline passed for ann.\nann banks" in post.text()


async def test_an_away_answer_told_again_says_for_whom_it_was(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """bob is away: ann's hold makes it bob's turn, answered at once (he holds), told with
    ann's step; that telling fails. Told again later, the post says "Answered for bob, who
    is away." before "bob banks", as the first telling would have."""
    await table.start_bot(seed="away-1")
    await table.pig_game("ann", "bob", "cy")
    await table.slash("bob", "game away", days=3)
    monkeypatch.setattr(Announcer, "outcomes", fails_to_tell)
    await table.slash("ann", "pig hold")
    assert not posts_saying(table, "bob banks")
    await told_again_later(table, monkeypatch)
    (post,) = posts_saying(table, "bob banks")
    assert "ann banks" in post.text()
    assert "Answered for bob, who is away.\nbob banks" in post.text()


# ----- prompts ---------------------------------------------------------------------------------

async def prompt_sent_then_killed_before_recording_it(table: Table,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    asked = await bob_prompted_not_recorded(table, monkeypatch)
    turns = turn_prompts(table, "bob")[asked:]
    assert len(turns) == 1
    game = table.live.id
    await killed(table, monkeypatch)
    minutes_pass(table)
    await table.start_bot()
    await all_told(table, game)
    assert table.bot is not None
    record = await records.load(table.bot.service.storage, game, "bob")
    assert record is not None and record.message_id == turns[0].id
    assert turn_prompts(table, "bob")[asked:] == turns
    clicked = await table.fake.click(table.users["bob"], turns[0].id, turns[0].button("Roll"))
    await table.fake.settle()
    assert "You chose: Roll" in clicked.text()


async def test_a_prompt_sent_before_a_kill_kept_its_id_from_being_recorded_is_not_sent_again_minutes_later(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """bob's prompt DM goes out, and the process dies before its id is stored: minutes
    later (Discord has forgotten its nonce) the next process finds it in bob's DMs and
    records it: bob has one prompt, and its buttons work."""
    await prompt_sent_then_killed_before_recording_it(table, monkeypatch)



async def test_a_game_owing_several_steps_reads_its_channel_once_for_them_all(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """After a kill under load a game owes several steps, told one telling after another by
    one claim: what their first tellings posted is read once for them all (one GET of the
    channel, not one a telling: each is a request under Discord's global limit that the
    backlog of posts waits behind), and none of them is posted twice."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    monkeypatch.setattr(bot.outbox, "told", dies_before_recording)
    for text in ("first plan", "second plan", "third plan"):
        assert "Done." in (await table.slash("ann", "pig note", text=text)).text()
    assert table.bot is not None
    game = table.live.id
    owed = [r.seq for r in await table.bot.service.storage.outbox(game) if r.sent_at is None]
    assert len(owed) == 3, owed
    channel = [m.id for m in table.fake.messages(table.channel)]
    await killed(table, monkeypatch)
    minutes_pass(table)
    asked_before = len(table.fake.requests)
    await table.start_bot()
    await all_told(table, game)
    assert [m.id for m in table.fake.messages(table.channel)] == channel
    for text in ("first plan", "second plan", "third plan"):
        assert len(posts_saying(table, text)) == 1, text
    reads = [r for r in table.fake.requests[asked_before:] if r.method == "GET"
             and r.path.endswith(f"/channels/{table.channel}/messages")]
    assert len(reads) == 1, len(reads)


async def test_steps_told_late_call_the_awaited_player_after_the_newest_step(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two steps stored and never told (the process dies after each commit), told minutes
    later one telling after another: the older step's post calls nobody and leaves the
    prompts; the newest step's telling asks and calls. Before, the older step's telling
    asked with the game as it stood after the newest (its call posted before the newest
    step's lines, which a player then read in the wrong order), and from another process
    its prompt edits could land after the newer telling's and grey a live prompt."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    monkeypatch.setattr(ActionPath, "announce_all", dies_before_telling)
    await table.slash("ann", "pig hold")
    await table.slash("bob", "pig note", text="my plan")
    game = table.live.id
    await killed(table, monkeypatch)
    minutes_pass(table)
    # The tellings alone ask (the start's own look at the prompts owed, which may come
    # before or after them, is kept out of this test).
    monkeypatch.setattr(Announcer, "owed_prompts", no_prompts_owed)
    await table.start_bot()
    await all_told(table, game)
    texts = [m.text() for m in table.fake.messages(table.channel)]
    banks = next(i for i, t in enumerate(texts) if "ann banks" in t)
    plan = next(i for i, t in enumerate(texts) if "my plan" in t)
    assert banks < plan, texts
    called = [i for i, t in enumerate(texts) if "your turn" in t.lower() and i >= banks]
    assert called and min(called) >= plan, texts[banks:]
    prompt = turn_prompts(table, "bob")[-1]
    clicked = await table.fake.click(table.users["bob"], prompt.id, prompt.button("Roll"))
    await table.fake.settle()
    assert "You chose: Roll" in clicked.text()


async def no_prompts_owed(self: Announcer) -> int:
    return 0


async def test_a_telling_waiting_for_its_game_keeps_its_steps_leases(table: Table) -> None:
    """Behind Discord's global limit a game's tellings queue for minutes, each waiting for
    the one before it. A step's lease is kept while its telling waits, so no sender (this
    process's or another's) takes the step and tells it too while it waits: the waiting
    telling would post it again later, past Discord's nonce window."""
    bot_ = await table.start_bot()
    await table.pig_game("ann", "bob")
    storage = bot_.service.storage
    storage.lease_seconds = 0.3  # renewed every 0.1 s
    live = table.live
    async with live.telling:  # the telling before it, still going on
        asked = asyncio.create_task(table.fake.slash(table.users["ann"], table.channel,
                                                     "pig note", text="patience"))
        for _ in range(100):
            if any(r.sent_at is None for r in await storage.outbox(live.id)):
                break
            await asyncio.sleep(0.01)
        for _ in range(20):  # two seconds of the database's clock, the lease 0.3 s
            table.clock.advance(0.1)
            await asyncio.sleep(0.12)
        assert await storage.claim_outbox() is None  # still this telling's
    await asked
    await table.fake.settle()
    assert len(posts_saying(table, "patience")) == 1
