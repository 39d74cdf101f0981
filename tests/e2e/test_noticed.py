"""Issue 24, "Every new question is noticed", the bot's side, on the test game Pig.

"Whenever a seat's awaited question changes, not only when the seat becomes awaited, it
gets a message that notifies: a new DM (the old prompt greyed out, marked answered or moved
on), or a channel mention for a player who turned DM prompts off. ... Per player (a
preference, `/game notify`): every question (default), or a digest at most every N hours,
and quiet hours in the player's time zone (... a deadline is never missed because of it).
A typed command's reply says when a next decision is waiting, with a link to it."

Pig's prompt says what the pot holds ("Your turn: 5 in the pot."), so each roll asks the
roller something new.
"""

from __future__ import annotations

import datetime as dt

from sandbox import Message
from sandbox.world import FLAG_SUPPRESS_NOTIFICATIONS
from tests.support.notices import Recorder, unnoticed
from tests.support.table import Table

HOUR = 3600.0


def live_prompt(table: Table, user: str) -> Message:
    """The user's newest DM with live buttons."""
    return next(m for m in reversed(table.dms(user))
                if any(not disabled for _, _, disabled in m.buttons()))


def silent(message: Message) -> bool:
    return bool(message.flags & FLAG_SUPPRESS_NOTIFICATIONS)


async def roll(table: Table, user: str) -> Message:
    """The user clicks Roll on their newest prompt; returns that prompt message."""
    prompt = live_prompt(table, user)
    await table.fake.click(table.users[user], prompt.id, prompt.button("Roll"))
    await table.fake.settle()
    return prompt


async def test_a_question_that_follows_the_players_own_answer_is_a_new_dm(
        table: Table) -> None:
    """"A decision that follows your own reaches nobody" (issue 24): ann rolls and is asked
    again; the new question is a new DM that notifies her, her answered prompt says what
    she chose, greyed out; and the transcript check finds every question noticed."""
    await table.start_bot(seed="noticed-1")
    recorder = Recorder(table.fake)
    await table.pig_game("ann", "bob")
    game_id = table.live.id
    first = live_prompt(table, "ann")
    before = len(table.dms("ann"))
    await roll(table, "ann")
    answered = table.fake.message(first.id)
    assert "You chose: Roll" in answered.text()
    assert all(disabled for _, _, disabled in answered.buttons())
    newest = live_prompt(table, "ann")
    assert newest.id != first.id and len(table.dms("ann")) == before + 1
    assert "in the pot" in newest.text() and not silent(newest)
    # A typed command (a 6 rolled): the old prompt says so; the new question is a new DM.
    await table.slash("ann", "pig roll")
    said = table.fake.message(newest.id).text()
    assert "Answered with a command; your next choice is in a new message." in said
    assert "Your turn: 11 in the pot." in live_prompt(table, "ann").text()
    await table.slash("ann", "pig hold")  # 11 points of 10: ann wins
    assert await unnoticed(recorder, table.bot, game_id) == []


async def test_a_player_without_dm_prompts_is_mentioned_for_each_new_question(
        table: Table) -> None:
    """"or a channel mention for a player who turned DM prompts off": bob, whose prompts
    are not sent by DM, is pinged in the channel again when his roll asks him again."""
    await table.start_bot(seed="noticed-3")
    recorder = Recorder(table.fake)
    await table.slash("bob", "game notify", dm_prompts=False)
    await table.pig_game("bob", "ann")
    assert len(table.fake.pinged(table.users["bob"])) == 1
    await table.slash("bob", "pig roll")  # a 3 (this seed): bob is asked again
    assert len(table.fake.pinged(table.users["bob"])) == 2
    call = table.fake.pinged(table.users["bob"])[-1]
    assert "Your turn: 3 in the pot." in call.text() and call.button("My choices")
    assert not [m for m in table.dms("bob") if m.buttons()]
    assert await unnoticed(recorder, table.bot, table.live.id) == []


async def test_a_seat_named_after_its_player_is_mentioned_once(
        table: Table) -> None:
    """"`@bob (bob)` where seats are player names (say it once)": a seat named after its
    player is mentioned alone; a seat held by someone else keeps its name beside the
    mention."""
    await table.start_bot(seed="noticed-4")
    await table.pig_game("ann", "bob")
    call = next(m for m in table.fake.messages(table.channel) if "your turn" in m.text())
    assert f"<@{table.users['ann']}>, your turn: " in call.content
    assert "(ann)" not in call.content
    await table.slash("ann", "game substitute", seat="bob", user=table.users["cy"])
    await table.slash("ann", "pig hold")
    call = [m for m in table.fake.messages(table.channel) if "your turn" in m.text()][-1]
    assert f"<@{table.users['cy']}> (bob), your turn: " in call.content


async def test_a_typed_command_says_where_the_next_decision_waits(table: Table) -> None:
    """"A typed command's reply says when a next decision is waiting, with a link to it.\""""
    await table.start_bot(seed="noticed-5")
    await table.pig_game("ann", "bob")
    rolled = await table.slash("ann", "pig roll")  # a 3 (this seed): ann is asked again
    newest = live_prompt(table, "ann")
    assert "Your turn: 3 in the pot." in newest.text()
    assert rolled.text().startswith("\N{WHITE HEAVY CHECK MARK} Done.")
    assert "Your next decision is waiting: https://discord.com/channels/@me/" \
           f"{newest.channel_id}/{newest.id}" in rolled.text()
    held = await table.slash("ann", "pig hold")  # bob's turn now: nothing waits for ann
    assert "Done." in held.text() and "next decision" not in held.text()


def quiet_around(now: float, before: int, after: int) -> str:
    """Quiet hours (UTC) from `before` minutes before `now` to `after` minutes after it."""
    here = dt.datetime.fromtimestamp(now, dt.UTC)
    minute = here.hour * 60 + here.minute
    start, end = (minute - before) % 1440, (minute + after) % 1440
    return f"{start // 60}:{start % 60:02d}-{end // 60}:{end % 60:02d}"


async def test_in_quiet_hours_a_question_comes_silently_and_the_notice_when_they_end(
        table: Table) -> None:
    """"quiet hours in the player's time zone (zoneinfo; a digest or a question arriving in
    quiet hours waits until they end ...)": bob's turn comes in his quiet hours: his prompt
    DM is there at once, silent, the call names him without a ping, and the notice listing
    what waits goes out when they end."""
    await table.start_bot(seed="noticed-6")
    quiet = quiet_around(table.clock(), 10, 120)
    told = await table.slash("bob", "game notify", quiet_hours=quiet, time_zone="UTC")
    assert "quiet hours" in told.text() and "UTC" in told.text()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "pig hold")
    prompt = live_prompt(table, "bob")
    assert silent(prompt)
    assert not table.fake.pinged(table.users["bob"])
    assert table.bot is not None
    await table.bot.notices.tick()
    await table.fake.settle()
    assert not [m for m in table.dms("bob") if "Waiting for you" in m.text()]
    table.clock.advance(2 * HOUR + 60)
    await table.bot.notices.tick()
    await table.fake.settle()
    (notice,) = [m for m in table.dms("bob") if "Waiting for you" in m.text()]
    assert not silent(notice) and "Your turn: 0 in the pot." in notice.text()
    assert f"/{prompt.channel_id}/{prompt.id}" in notice.text()


async def test_a_deadline_is_never_missed_for_quiet_hours(table: Table) -> None:
    """"a deadline is never missed because of it: say what happens": a held notice goes
    out at the latest three quarters of the way to its question's deadline."""
    await table.start_bot(seed="noticed-7")
    await table.slash("bob", "game notify", quiet_hours=quiet_around(table.clock(), 10, 600),
                      time_zone="UTC")
    await table.pig_game("ann", "bob")
    await table.slash("ann", "game deadline", change="set", hours=4)
    await table.slash("ann", "pig hold")
    assert silent(live_prompt(table, "bob"))
    assert table.bot is not None
    table.clock.advance(2 * HOUR)
    await table.bot.notices.tick()
    await table.fake.settle()
    assert not [m for m in table.dms("bob") if "Waiting for you" in m.text()]
    table.clock.advance(1 * HOUR + 60)  # three quarters of 4 hours: 3 hours
    await table.bot.notices.tick()
    await table.fake.settle()
    assert [m for m in table.dms("bob") if "Waiting for you" in m.text()]


async def test_a_digest_notifies_at_most_every_n_hours(table: Table) -> None:
    """"or a digest at most every N hours": ann's first question notifies her; the next
    ones within 4 hours come silently, and one notice lists what waits when the hours are
    up."""
    await table.start_bot(seed="noticed-a")  # ann rolls 6, 6, 5
    said = await table.slash("ann", "game notify", digest_hours=4)
    assert "at most one notice every 4 hours" in said.text()
    await table.pig_game("ann", "bob")
    first = live_prompt(table, "ann")
    assert not silent(first)
    questions = []
    for _ in range(3):
        await roll(table, "ann")
        questions.append(live_prompt(table, "ann"))
    assert [m.text().count("in the pot") for m in questions] == [1, 1, 1]
    assert all(silent(m) for m in questions)
    assert table.bot is not None
    await table.bot.notices.tick()
    await table.fake.settle()
    assert not [m for m in table.dms("ann") if "Waiting for you" in m.text()]
    table.clock.advance(4 * HOUR + 60)
    await table.bot.notices.tick()
    await table.fake.settle()
    (notice,) = [m for m in table.dms("ann") if "Waiting for you" in m.text()]
    assert not silent(notice) and "Your turn: 17 in the pot." in notice.text()
    assert f"/{questions[-1].channel_id}/{questions[-1].id}" in notice.text()
