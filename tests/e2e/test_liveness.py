"""After a crash or a fault, every seat can still play (issue 12), through the sandbox."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from sandbox import SandboxError, SandboxTimeout
from tests.support.table import Table


def prompt_message(table: Table, user: str):  # type: ignore[no-untyped-def]
    for message in reversed(table.dms(user)):
        if message.buttons():
            return message
    raise AssertionError(f"{user} has no prompt with buttons")


async def stored_notes(table: Table) -> list[str]:
    rows = await table.stored.rows("SELECT params FROM actions WHERE action = 'note' "
                                   "ORDER BY seq")
    return [r[0] for r in rows]


async def test_a_recurring_identical_prompt_is_sent_again_and_its_button_works(
        table: Table) -> None:
    """ann holds with an empty pot, bob too: ann's prompt is the same text as before, but
    her old one's buttons would answer "already done", so she gets a new one."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    first = prompt_message(table, "ann")
    held = await table.fake.click(table.users["ann"], first.id, first.button("Hold"))
    await table.fake.settle()
    assert "You chose: Hold" in held.text()
    await table.slash("bob", "pig hold")
    again = prompt_message(table, "ann")
    assert again.id != first.id and first.text().startswith(again.text())
    clicked = await table.fake.click(table.users["ann"], again.id, again.button("Hold"))
    await table.fake.settle()
    assert "You chose: Hold" in clicked.text()
    # The old prompt can't swallow the turn: answered, its buttons are greyed out.
    await table.slash("bob", "pig hold")
    with pytest.raises(SandboxError, match="disabled"):
        await table.fake.click(table.users["ann"], first.id, first.button("Hold"))


async def test_ten_identical_commands_at_once_apply_once_and_a_repeat_needs_a_click(
        table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    answers = await asyncio.gather(*[
        table.fake.slash(table.users["bob"], table.channel, "pig note", text="same")
        for _ in range(10)])
    await table.fake.settle()
    assert await stored_notes(table) == ['{"text": "same"}']
    assert sum("Done." in a.text() for a in answers) == 1
    assert all("counts once" in a.text() for a in answers if "Done." not in a.text())
    # A repeat of a command whose answer was lost is not applied without a click.
    table.fake.interaction_latency = table.fake.interaction_timeout
    with pytest.raises(SandboxTimeout):
        await table.fake.slash(table.users["bob"], table.channel, "pig note", text="lost")
    await table.fake.wait_for_message(lambda m: "Discord lost my answer" in m.text())
    table.fake.interaction_latency = 0.0
    asked = await table.slash("bob", "pig note", text="lost")
    assert "was applied" in asked.text() and "Done." not in asked.text()
    notes = await stored_notes(table)
    assert notes[-1:] == ['{"text": "lost"}'] and len(notes) == 2
    # Confirming applies it once more; a second click on the same button doesn't.
    button = asked.response
    assert button is not None
    again = await table.fake.click(table.users["bob"], button.id,
                                   button.button("Do it once more"))
    await table.fake.settle()
    assert "Done." in again.text()
    twice = await table.fake.click(table.users["bob"], button.id,
                                   button.button("Do it once more"))
    await table.fake.settle()
    assert "Done." not in twice.text() and "counts once" in twice.text()
    assert await stored_notes(table) == ['{"text": "same"}'] + ['{"text": "lost"}'] * 2
    # Once answered, the same command typed again is simply applied.
    typed = await table.slash("bob", "pig note", text="lost")
    assert "Done." in typed.text() and len(await stored_notes(table)) == 4


async def test_an_identical_command_that_arrived_before_the_first_was_answered_is_held(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22: "the game's latest action is this player's identical command, and the
    player has not been shown that it counted" holds a repeat. Found over PostgreSQL (the
    ten-at-once test above stored "same" twice there, now and then): a command's game is
    first checked against the database, a round trip, and the first of two identical
    commands sent together was stored and answered while the second was still being
    looked up; the second then counted as typed after the answer, and was applied too.
    Here the second one's look-up takes that long on either store."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    assert table.bot is not None
    actions = table.bot.actions
    look_up = actions.game_here
    answered = asyncio.Event()
    first_seen: list[int] = []

    async def slow_second(interaction: Any, *args: Any) -> Any:
        first_seen[:] = first_seen or [interaction.id]
        if interaction.id != first_seen[0]:  # the second command: its game is looked up
            await asyncio.wait_for(answered.wait(), 10)  # once the first was answered
        return await look_up(interaction, *args)

    monkeypatch.setattr(actions, "game_here", slow_second)
    first = asyncio.ensure_future(
        table.fake.slash(table.users["bob"], table.channel, "pig note", text="once"))
    second = asyncio.ensure_future(
        table.fake.slash(table.users["bob"], table.channel, "pig note", text="once"))
    while not first.done():
        await asyncio.sleep(0.01)
    answered.set()
    await second
    await table.fake.settle()
    assert "Done." in first.result().text()
    assert "Done." not in second.result().text()
    assert "counts once" in second.result().text()
    assert await stored_notes(table) == ['{"text": "once"}']


async def test_a_stored_command_whose_answer_died_with_the_process_is_not_applied_twice(
        table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    table.fake.interaction_latency = table.fake.interaction_timeout
    with pytest.raises(SandboxTimeout):
        await table.fake.slash(table.users["ann"], table.channel, "pig roll")
    await table.fake.wait_for_message(lambda m: "was applied" in m.text())
    table.fake.interaction_latency = 0.0
    await table.stop_bot()
    table.clock.advance(5)
    await table.start_bot()
    retyped = await table.slash("ann", "pig roll")
    assert "was applied" in retyped.text() and "Done." not in retyped.text()
    assert await table.stored.value("SELECT count(*) FROM actions WHERE action = 'roll'") == 1
    confirmed = await table.fake.click(table.users["ann"], retyped.response.id,
                                       retyped.response.button("Do it once more"))
    await table.fake.settle()
    assert "Done." in confirmed.text()


async def disk_full(table: Table, full: bool) -> None:
    """The store's disk full (or free again): SQLite's file may not grow by a page;
    PostgreSQL refuses each new action row as a full disk does (SQLSTATE 53100)."""
    assert table.bot is not None
    if table.store == "sqlite":
        conn = table.bot.service.storage._conn  # type: ignore[attr-defined]
        async with conn.execute("PRAGMA page_count") as cur:
            (pages,) = await cur.fetchone()
        await conn.execute(f"PRAGMA max_page_count = {pages if full else 1073741823}")
    elif full:
        await table.stored.rows(
            "CREATE FUNCTION no_space_left() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            "RAISE EXCEPTION 'could not extend file: No space left on device' "
            "USING ERRCODE = 'disk_full'; END $$")
        await table.stored.rows("CREATE TRIGGER no_space_left BEFORE INSERT ON actions "
                                "FOR EACH ROW EXECUTE FUNCTION no_space_left()")
    else:
        await table.stored.rows("DROP TRIGGER no_space_left ON actions")


async def test_a_full_disk_says_nothing_changed_and_the_game_goes_on_after(
        table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await disk_full(table, True)
    refused = None
    for i in range(200):
        answer = await table.slash("bob", "pig note", text=f"note {i:03d} " + "x" * 28)
        if "Done." not in answer.text():
            refused = answer
            break
    assert refused is not None, "the database never filled up"
    text = refused.text()
    assert "could not save" in text and "Nothing changed" in text
    assert "went wrong on my side" not in text
    before = len(await stored_notes(table))
    assert f"note {i:03d}" not in table.said()
    await disk_full(table, False)
    ok = await table.slash("bob", "pig note", text="after")
    assert "Done." in ok.text() and len(await stored_notes(table)) == before + 1
    rolled = await table.slash("ann", "pig roll")
    assert "Done." in rolled.text()


async def test_a_prompt_that_could_not_go_out_is_sent_at_the_next_start(table: Table) -> None:
    """The bot stopped while it owed ann a prompt (her DM failed): at the next start she
    gets it, and its button works."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "pig hold")
    dm = table.fake.dm_channel_id(table.users["ann"])
    table.fake.inject_fault("POST", rf"^/channels/{dm}/messages$", 503, times=100)
    await table.slash("bob", "pig hold")  # ann's turn: her prompt can't be delivered
    old = prompt_message(table, "ann")
    await table.stop_bot()
    table.fake.faults.clear()
    await table.start_bot()
    newest = await table.fake.wait_for_message(
        lambda m: m.channel_id == dm and m.id != old.id and bool(m.buttons()))
    clicked = await table.fake.click(table.users["ann"], newest.id, newest.button("Roll"))
    await table.fake.settle()
    assert "You chose" in clicked.text()
    with pytest.raises(SandboxError, match="disabled"):  # the old one is greyed out
        await table.fake.click(table.users["ann"], old.id, old.button("Hold"))


async def test_after_a_failed_announcement_the_awaited_seat_still_gets_its_prompt(
        table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    assert table.bot is not None
    table.bot.delivery.prompt_retry_seconds = 0.05
    table.fake.inject_fault("POST", rf"^/channels/{table.channel}/messages$", 503)
    before = len(table.dms("bob"))
    held = await table.slash("ann", "pig hold")  # stored; its announcement fails midway
    assert "Done." in held.text()
    prompt = await table.fake.wait_for_message(
        lambda m: m.channel_id == table.fake.dm_channel_id(table.users["bob"])
        and bool(m.buttons()))
    assert len(table.dms("bob")) > before and "Your turn" in prompt.text()
    rolled = await table.fake.click(table.users["bob"], prompt.id, prompt.button("Roll"))
    await table.fake.settle()
    assert "You chose: Roll" in rolled.text()


async def test_prompts_sent_while_an_action_is_being_stored_carry_its_step(
        table: Table) -> None:
    """Issue 22: "every awaited seat has a live prompt". ann's roll has changed the game but
    is not stored yet when her prompt is brought up to date (another seat's announcement,
    the prompts owed at a start): her new question must not go out with the step before
    her roll, or its Roll button is refused as a repeat of the roll that asked it."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    assert table.bot is not None
    storage = table.bot.service.storage
    storing, gate = asyncio.Event(), asyncio.Event()
    append = storage.append_action

    async def slow_append(*args, **kwargs):  # type: ignore[no-untyped-def]
        storing.set()
        await gate.wait()
        return await append(*args, **kwargs)

    storage.append_action = slow_append  # type: ignore[method-assign]
    rolled = asyncio.ensure_future(table.fake.slash(table.users["ann"], table.channel,
                                                    "pig roll"))
    await storing.wait()
    refreshed = asyncio.ensure_future(table.bot.delivery.refresh_prompts(await table.loaded()))
    await table.fake.settle()
    storage.append_action = append  # type: ignore[method-assign]
    gate.set()
    await asyncio.gather(rolled, refreshed)
    await table.fake.settle()
    assert "Done." in rolled.result().text()
    prompt = prompt_message(table, "ann")
    assert "in the pot" in prompt.text() and "Your turn: 0 in the pot" not in prompt.text()
    clicked = await table.fake.click(table.users["ann"], prompt.id, prompt.button("Roll"))
    await table.fake.settle()
    assert "You chose: Roll" in clicked.text(), clicked.text()
