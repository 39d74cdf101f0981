"""The foundation end to end: the lobby, DMs, fallbacks, duplicates, restarts, deadlines.

Every test runs the real bot and discord.py against the sandbox; the tiny Pig game
(tests/support/pig.py) stands in for a real variant.
"""

from __future__ import annotations

import asyncio
import json

from tests.support.table import Table


def prompt_message(table: Table, user: str):  # type: ignore[no-untyped-def]
    """The newest DM to `user` that carries buttons."""
    for message in reversed(table.dms(user)):
        if message.buttons():
            return message
    raise AssertionError(f"{user} has no prompt with buttons")


async def test_new_join_start_status_and_a_dm_to_each_player(table: Table) -> None:
    await table.start_bot()
    new = await table.slash("ann", "game new", variant="pig", options="target=10")
    assert "New game of **Pig**" in new.text()
    for user in ("ann", "bob"):
        joined = await table.slash(user, "game join")
        assert joined.ephemeral and "You sit as" in joined.text()
    started = await table.slash("ann", "game start")
    assert started.ephemeral
    channel = table.said()
    assert "Pig #1 begins" in channel and "sha256" in channel
    # Each player got a welcome DM and their secret card, privately.
    for user in ("ann", "bob"):
        texts = "\n".join(m.text() for m in table.dms(user))
        assert "Welcome to" in texts and "Your secret card is" in texts
    # The secret cards are nowhere in the channel.
    assert "secret card" not in channel
    # One pinned status post, edited in place as the game moves.
    pinned = table.fake.pinned(table.channel)
    assert len(pinned) == 1 and "Pig — game #1" in pinned[0].text()
    status = await table.slash("bob", "game status")
    assert status.ephemeral and "Waiting for" in status.text() and "ann" in status.text()
    # The player to act got a prompt with buttons in their DMs.
    labels = [label for _, label, _ in prompt_message(table, "ann").buttons()]
    assert labels[:2] == ["Roll", "Hold"]


async def test_closed_dms_fall_back_to_a_private_thread_and_show_my_hand(table: Table) -> None:
    table.fake.set_dms_open(table.users["bob"], False)
    await table.start_bot()
    await table.slash("ann", "game new", variant="pig")
    await table.slash("ann", "game join")
    joined = await table.slash("bob", "game join")
    assert "couldn't send you a direct message" in joined.text()
    await table.slash("ann", "game start")
    threads = table.fake.threads(table.channel)
    assert len(threads) == 1
    assert table.users["bob"] in table.fake.thread_members(threads[0])
    assert "Your secret card is" in table.said(threads[0])
    assert not table.dms("bob")
    # The status post offers "Show my hand", which shows bob his own card only to him.
    status = table.fake.pinned(table.channel)[0]
    shown = await table.fake.click(table.users["bob"], status.id, status.button("Show my hand"))
    await table.fake.settle()
    secret = table.live.game.view("bob")["my_card"]
    assert shown.ephemeral and secret in shown.text()
    assert table.live.game.view("ann")["my_card"] not in shown.text()


async def test_a_double_click_applies_once(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    prompt = prompt_message(table, "ann")
    roll = prompt.button("Roll")
    clicks = await asyncio.gather(*[table.fake.click(table.users["ann"], prompt.id, roll)
                                    for _ in range(2)])
    await table.fake.settle()
    texts = sorted(c.text() for c in clicks)
    assert len(await table.steps()) == 1
    assert any("You chose: Roll" in t for t in texts)
    assert any("already done" in t for t in texts)


async def test_fifty_concurrent_clicks_apply_exactly_once(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    prompt = prompt_message(table, "ann")
    hold = prompt.button("Hold")
    clicks = await asyncio.gather(*[table.fake.click(table.users["ann"], prompt.id, hold)
                                    for _ in range(50)])
    await table.fake.settle()
    assert [s.action for s in await table.steps()] == ["hold"]
    assert sum("You chose: Hold" in c.text() for c in clicks) == 1


async def test_an_illegal_action_is_answered_ephemerally_and_changes_nothing(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    before = table.live.game.state()
    refused = await table.slash("bob", "pig roll")
    assert refused.ephemeral and "not your turn" in refused.text()
    bet = await table.slash("ann", "pig bet", amount="3")
    assert bet.ephemeral and "only 0 points" in bet.text()
    assert table.live.game.state() == before


async def test_restart_mid_game_resumes_and_old_buttons_still_work(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "pig roll")
    prompt = prompt_message(table, "ann")
    before = table.live.game.state()
    await table.stop_bot()

    await table.start_bot()  # a new client on the same database file
    assert table.live.game is None  # not loaded until something touches it
    assert (await table.loaded()).game.state() == before
    clicked = await table.fake.click(table.users["ann"], prompt.id, prompt.button("Hold"))
    await table.fake.settle()
    assert "You chose: Hold" in clicked.text()
    assert [s.action for s in await table.steps()][-1] == "hold"
    assert "banks" in table.said()


async def test_a_game_that_cannot_be_restored_is_paused_not_lost(table: Table) -> None:
    """One damaged game (here its snapshot) must not stop the bot or the other games."""
    other = table.fake.add_channel(table.guild, "second-table")
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("cy", "game new", other, variant="pig", options="target=10")
    await table.slash("cy", "game join", other)
    await table.slash("bob", "game join", other)
    await table.slash("cy", "game start", other)
    damaged = table.live.id
    await table.slash("ann", "pig roll")
    await table.stop_bot()
    await table.stored.rows("UPDATE snapshots SET state = '{}' WHERE game_id = ?", damaged)
    stored = await table.stored.value("SELECT count(*) FROM actions WHERE game_id = ?",
                                      damaged)

    await table.start_bot()
    refused = await table.slash("ann", "pig hold")
    assert refused.ephemeral
    assert f"Game #{damaged} could not be resumed" in refused.text()
    assert "Nothing is lost" in refused.text()
    status = await table.slash("bob", "game status")
    assert "paused: could not be resumed" in status.text()
    # The other game plays on.
    played = await table.slash("cy", "pig roll", other)
    assert "Done." in played.text()
    # The damaged game's log is untouched, and its creator can still end it.
    assert await table.stored.value("SELECT count(*) FROM actions WHERE game_id = ?",
                                    damaged) == stored
    aborted = await table.slash("ann", "game abort")
    assert "aborted" in aborted.text()


async def test_a_deadline_reminder_reaches_only_the_awaited_seats(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    answer = await table.slash("ann", "game deadline", change="set", minutes=60)
    assert "Deadline: set done" in answer.text()
    assert table.bot is not None
    table.clock.advance(50 * 60)
    await table.bot.deadlines.tick()
    await table.fake.settle()
    (reminder,) = [m for m in table.fake.messages(table.channel) if "Reminder" in m.text()]
    assert f"<@{table.users['ann']}>" in reminder.content
    assert f"<@{table.users['bob']}>" not in reminder.content
    assert not any("Reminder" in m.text() for u in ("ann", "bob") for m in table.dms(u))
    # When it passes, Pig's policy holds for the awaited seat.
    table.clock.advance(11 * 60)
    await table.bot.deadlines.tick()
    await table.fake.settle()
    assert [s.action for s in await table.steps()] == ["hold"]
    assert "deadline passed for ann" in table.said()


async def test_undo_by_agreement_and_never_after_luck(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("bob", "pig note", text="hello")
    asked = await table.slash("bob", "game undo")
    assert "Still to agree: ann" in asked.text()
    request = table.fake.messages(table.channel)[-1]
    agreed = await table.fake.click(table.users["ann"], request.id, request.button("Agree to undo"))
    await table.fake.settle()
    assert "taken back" in agreed.text()
    assert await table.steps() == []
    await table.slash("ann", "pig roll")
    refused = await table.slash("ann", "game undo")
    assert "can't be undone" in refused.text()


async def test_verify_after_the_end_and_fails_on_an_altered_roll(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob", target=5)
    for _ in range(200):
        live = table.bot.service.live.get(1) if table.bot else None
        if live is None:
            break
        seat = next(iter(live.game.prompts()))
        action = "hold" if live.game.view(None)["pot"] >= 5 else "roll"
        await table.slash(seat, f"pig {action}")
    assert "Game over" in table.said()
    verified = await table.slash("cy", "game verify")
    assert "Verified" in verified.text()
    public_log = await table.slash("cy", "game log")
    assert public_log.ephemeral and public_log.response is not None
    # Alter one logged die roll in the database: verify must now fail.
    ((seq, step),) = await table.stored.rows("SELECT seq, step FROM actions WHERE action = "
                                             "'roll' ORDER BY seq LIMIT 1")
    data = json.loads(step)
    value = data["luck"][0]["values"][0]
    data["luck"][0]["values"][0] = 2 if value != 2 else 3
    await table.stored.rows("UPDATE actions SET step = ? WHERE game_id = 1 AND seq = ?",
                            json.dumps(data), seq)
    failed = await table.slash("cy", "game verify")
    assert "FAILED" in failed.text() and "roll" in failed.text()


async def test_a_slow_action_is_deferred_within_discords_three_seconds(
        table: Table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """When the game's lock is busy, the bot defers first and answers in a follow-up."""
    import bot.actions

    monkeypatch.setattr(bot.actions, "FAST_ANSWER_SECONDS", 0.05)
    await table.start_bot()
    await table.pig_game("ann", "bob")
    live = table.live
    await live.lock.acquire()
    asyncio.get_running_loop().call_later(0.3, live.lock.release)
    answer = await table.fake.slash(table.users["ann"], table.channel, "pig roll")
    assert answer.response_type == 5 and not answer.late  # deferred, ephemerally
    followup = await answer.wait_followup()
    assert "Done." in followup.text()
    assert [s.action for s in await table.steps(live.id)] == ["roll"]
    await table.fake.settle()


async def test_a_deleted_channel_loses_nothing_and_the_game_can_be_adopted(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "pig roll")
    before = table.live.game.state()
    table.fake.delete_channel(table.channel)
    told = await table.fake.wait_for_message(lambda m: "was deleted" in m.text())
    assert told in table.dms("ann") and "/game adopt game_id:1" in told.text()
    new_channel = table.fake.add_channel(table.guild, "new-table")
    refused = await table.slash("bob", "game adopt", channel=new_channel, game_id=1)
    assert "Only the game's creator" in refused.text()
    await table.slash("ann", "game adopt", channel=new_channel, game_id=1)
    assert table.bot is not None
    live = await table.bot.service.in_channel(new_channel)
    assert live.game.state() == before
    await table.slash("ann", "pig hold", channel=new_channel)
    assert "banks" in table.said(new_channel)


async def test_substitute_hands_a_seat_and_its_secrets_to_another_player(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    secret = table.live.game.view("bob")["my_card"]
    refused = await table.slash("cy", "game substitute", seat="bob", user=table.users["cy"])
    assert "Only the creator" in refused.text()
    await table.slash("ann", "game substitute", seat="bob", user=table.users["cy"])
    assert any(secret in m.text() for m in table.dms("cy"))
    assert table.live.user_of("bob") == table.users["cy"]


async def test_leave_before_the_start_and_abort_by_a_manager(table: Table) -> None:
    await table.start_bot()
    await table.slash("ann", "game new", variant="pig")
    await table.slash("bob", "game join")
    left = await table.slash("bob", "game leave")
    assert "You left" in left.text() and table.live.seats == []
    refused = await table.slash("bob", "game abort")
    assert "Only the game's creator" in refused.text()
    await table.slash("mod", "game abort")
    assert "aborted" in table.said()
    again = await table.slash("bob", "game new", variant="pig")
    assert "New game" in again.text()


async def test_a_game_in_its_own_thread(table: Table) -> None:
    await table.start_bot()
    await table.slash("ann", "game new", variant="pig", thread=True)
    (thread,) = table.fake.threads(table.channel)
    await table.slash("ann", "game join", channel=thread)
    await table.slash("bob", "game join", channel=thread)
    await table.slash("ann", "game start", channel=thread)
    assert "Pig #1 begins" in table.said(thread)
    # The parent channel is free for another game.
    other = await table.slash("cy", "game new", variant="pig")
    assert "New game" in other.text()


async def test_an_outdated_prompt_is_refused_and_the_newest_works(table: Table) -> None:
    """A prompt copy shown before the seat's prompt changed is refused; the DM prompt,
    edited in place as the turn goes on, is always the newest."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    ping = next(m for m in table.fake.messages(table.channel) if m.buttons()
                and "your turn" in m.text())
    opened = await table.fake.click(table.users["ann"], ping.id, ping.button("My choices"))
    first = opened.all_messages()[0]
    await table.slash("ann", "pig roll")  # the pot changes: ann's prompt changes
    stale = await table.fake.click(table.users["ann"], first.id, first.button("Hold"))
    assert "out of date" in stale.text()
    newest = prompt_message(table, "ann")
    fresh = await table.fake.click(table.users["ann"], newest.id, newest.button("Hold"))
    await table.fake.settle()
    assert "You chose: Hold" in fresh.text()


async def test_the_public_log_holds_no_secret_and_the_full_log_waits_for_the_end(
        table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "pig roll")
    refused = await table.slash("ann", "game log", full=True)
    assert "only after the game has ended" in refused.text()
    answer = await table.slash("bob", "game log")
    assert answer.ephemeral
    (name, data), = [f for m in answer.all_messages() for f in m.files]
    assert name.endswith("public-log.json")
    text = data.decode()
    for seat in ("ann", "bob"):
        assert table.live.game.view(seat)["my_card"] not in text
    assert '"seed"' not in text and table.live.row.seed not in text
    assert "rolls" in text


async def test_list_shows_the_games_of_this_server(table: Table) -> None:
    await table.start_bot()
    empty = await table.slash("ann", "game list")
    assert "No game is running" in empty.text()
    await table.pig_game("ann", "bob")
    listed = await table.slash("cy", "game list")
    assert listed.ephemeral and "#1 **Pig**" in listed.text() and "running" in listed.text()
