"""The bot when Discord misbehaves (issue 12), end to end through the stricter stand-in.

Every test runs the real bot and discord.py against the sandbox, which now resolves
mentions, expires late interactions, answers with injected faults and rate-limits.
"""

from __future__ import annotations

import asyncio
import re

import pytest

import bot.delivery.discord_io
from sandbox import RateLimits, SandboxTimeout
from tests.support.table import Table


def prompt_message(table: Table, user: str):  # type: ignore[no-untyped-def]
    for message in reversed(table.dms(user)):
        if message.buttons():
            return message
    raise AssertionError(f"{user} has no prompt with buttons")


async def test_a_reply_that_expires_after_the_action_was_stored_is_still_announced(
        table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    table.fake.interaction_latency = table.fake.interaction_timeout  # every answer is late
    with pytest.raises(SandboxTimeout) as lost:
        await table.fake.slash(table.users["ann"], table.channel, "pig note", text="hello")
    table.fake.interaction_latency = 0.0
    await table.fake.wait_for_message(lambda m: "was applied" in m.text())
    await table.fake.settle()
    assert lost.value.interaction is not None and lost.value.interaction.response is None
    assert table.live.seq == 2  # stored
    assert "ann notes: hello" in table.said()  # announced
    told = [m.text() for m in table.dms("ann") if "was applied" in m.text()]
    assert told and "note" in told[0] and "no need to do it again" in told[0]
    assert not any("Nothing was changed" in m.text() for m in table.fake.all_messages())


async def test_a_seat_named_like_a_mention_pings_nobody(table: Table) -> None:
    await table.start_bot()
    cy = table.users["cy"]
    await table.slash("ann", "game new", variant="pig", options="target=10")
    await table.slash("ann", "game join", seat=f"<@{cy}>")
    await table.slash("bob", "game join")
    await table.slash("ann", "game start")
    await table.slash("ann", "pig roll")
    # The name is shown as typed (escaped: Discord shows it as written, not as a mention)...
    assert f"\\<\\@{cy}\\>" in table.said()
    assert table.fake.pinged(cy) == []  # ...and pings nobody: cy does not play
    for user in table.users.values():  # players are pinged only by their turn's call
        assert all("your turn" in m.text() for m in table.fake.pinged(user))
    sent = [m for m in table.fake.all_messages() if m.author_id == table.fake.bot_user_id]
    assert sent and all(not m.pings.everyone for m in sent)


async def test_a_2100_character_option_is_answered(table: Table) -> None:
    await table.start_bot()
    answer = await table.slash("ann", "game new", variant="pig", options="x" * 2100)
    assert answer.ephemeral and "name=value" in answer.text()
    assert len(answer.text()) <= 2000


async def test_a_5xx_on_a_dm_does_not_mark_dms_closed_and_is_retried(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.delivery.discord_io, "DM_RETRY_DELAYS", (0.05, 0.1))
    await table.start_bot()
    await table.pig_game("ann", "bob")
    dm = table.fake.dm_channel_id(table.users["bob"])
    table.fake.inject_fault("POST", rf"^/channels/{dm}/messages$", 503, 0, "Service Unavailable")
    await table.slash("ann", "pig hold")  # bob's turn: his prompt's DM fails once
    await asyncio.sleep(0.2)
    await table.fake.settle()
    assert table.live.seat_row("bob").dm_ok
    assert not table.fake.threads(table.channel)  # no fallback thread for a passing error
    assert "Your turn" in prompt_message(table, "bob").text()  # the retry got through
    clicked = await table.fake.click(table.users["bob"], prompt_message(table, "bob").id,
                                     prompt_message(table, "bob").button("Roll"))
    await table.fake.settle()
    assert "You chose: Roll" in clicked.text()


async def test_an_archived_fallback_thread_is_reopened_not_duplicated(table: Table) -> None:
    table.fake.set_dms_open(table.users["bob"], False)
    await table.start_bot()
    await table.pig_game("ann", "bob")
    (thread,) = table.fake.threads(table.channel)
    assert table.fake.idle(2 * 24 * 3600) == [thread]  # Discord archives it when idle
    await table.stop_bot()  # and after a restart, it isn't in the bot's cache either
    await table.start_bot()
    await table.slash("ann", "pig hold")  # bob's turn: his prompt goes to his thread
    assert table.fake.threads(table.channel) == [thread]
    assert not table.fake.channel(thread).archived
    assert "Your turn" in table.fake.messages(thread)[-1].text()


async def test_a_429_is_waited_out_and_everything_arrives_in_order(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    table.fake.rate_limits = RateLimits(per_channel_messages=2, channel_window=0.5)
    fault = table.fake.inject_fault("POST", rf"^/channels/{table.channel}/messages$", 429,
                                    retry_after=0.2)
    for i in range(5):
        await table.slash("bob", "pig note", text=f"note {i}")
    await table.fake.settle(timeout=5.0)
    notes = re.findall(r"bob notes: note (\d)", table.said())
    assert notes == ["0", "1", "2", "3", "4"]
    assert fault.times == 0  # the 429 was answered, waited out, and the post made again
    posts = [r for r in table.fake.requests
             if r.method == "POST" and r.path.endswith(f"/channels/{table.channel}/messages")]
    assert [r.status for r in posts].count(429) >= 1


async def test_the_bot_role_with_only_the_readmes_permissions_can_run_a_game(
        table: Table) -> None:
    from sandbox import README_BOT_PERMISSIONS

    table.fake.set_bot_permissions(table.guild, README_BOT_PERMISSIONS)
    table.fake.set_dms_open(table.users["bob"], False)
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "pig roll")
    assert "Pig #1 begins" in table.said()
    assert len(table.fake.pinned(table.channel)) == 1
    assert table.fake.threads(table.channel)  # a private thread for bob
    refused = [r for r in table.fake.requests if r.status == 403
               and r.error != "Cannot send messages to this user"]  # bob's closed DMs
    assert refused == []


async def test_without_a_permission_the_stand_in_answers_as_discord_does(
        table: Table) -> None:
    table.fake.set_bot_permissions(table.guild, 1 << 10)  # View Channels only
    await table.start_bot()
    await table.slash("ann", "game new", variant="pig")
    codes = {r.error for r in table.fake.requests if r.status == 403}
    assert "Missing Permissions" in codes


async def test_a_six_player_danger_round_by_deadline_is_not_a_burst_of_posts(
        table: Table) -> None:
    """One deadline tick acts for six seats (each plays a Danger card): at most 5 posts in
    any 5 seconds in the channel, and one DM per seat for the step."""
    import json

    from engine.games.killer_clue.board import SUSPECTS
    from tests.engine.killer_clue.helpers import position

    for name in ("dee", "eve"):
        table.users[name] = table.fake.add_user(name, guild_id=table.guild)
    players = ["ann", "bob", "cy", "dee", "eve", "mod"]
    table.extensions = ("cogs.lobby", "cogs.clue")
    await table.start_bot()
    await table.slash("ann", "game new", variant="killer-clue")
    for user, suspect in zip(players, SUSPECTS, strict=True):
        await table.slash(user, "game join", seat=suspect)
    await table.slash("ann", "game start")
    await table.stop_bot()
    danger = position(killer=SUSPECTS[5], round="danger")  # every seat owes a Danger card
    await table.stored.rows("UPDATE snapshots SET state = ? WHERE game_id = 1",
                            json.dumps(danger.state()))
    await table.start_bot()
    await table.slash("ann", "game deadline", change="set", minutes=60)
    assert len(table.live.game.prompts()) == 6
    posts_before = len(table.fake.messages(table.channel))
    dms_before = {u: len(table.dms(u)) for u in players}
    table.clock.advance(61 * 60)
    assert table.bot is not None
    await table.bot.deadlines.tick()
    await table.fake.settle()
    assert table.live.game.view(None)["round"] != "danger"  # the round was played out
    posts = table.fake.messages(table.channel)[posts_before:]
    assert posts and "deadline passed" in posts[0].text()
    times = sorted(m.created_at for m in posts)
    assert max(sum(1 for t in times if start <= t < start + 5) for start in times) <= 5
    for user in players:
        step_dms = table.dms(user)[dms_before[user]:]
        assert len([m for m in step_dms if not m.buttons()]) <= 1, user
