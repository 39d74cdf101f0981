"""Issue 14, the bot side: one ping a turn, prompts answered in place, results once,
DM prompts optional, the history in words, undo saying what it took back, and the
status post naming options in words. Played with the test game Pig (tests/support)."""

from __future__ import annotations

from typing import Any

from sandbox import Message
from tests.support.table import Table


def pings(table: Table) -> list[Message]:
    return [m for m in table.fake.messages(table.channel) if "your turn" in m.text()]


def prompt_of(table: Table, user: str) -> Message:
    """The user's newest prompt message with live buttons or menus."""
    return next(m for m in reversed(table.dms(user))
                if any(not c.get("disabled") for c in m.all_components()
                       if c.get("type") in (2, 3)))


async def test_one_ping_per_newly_awaited_seat_mentioning_only_that_player(
        table: Table) -> None:
    bot = await table.start_bot()
    posted: list[tuple[str | None, Any]] = []
    post = bot.sender.post

    async def spy(live: Any, content: str | None = None, **kwargs: Any) -> Any:
        posted.append((content, kwargs.get("allowed_mentions")))
        return await post(live, content, **kwargs)

    bot.sender.post = spy  # type: ignore[method-assign]
    await table.pig_game("ann", "bob")
    (first,) = pings(table)
    assert f"<@{table.users['ann']}>" in first.content
    (allowed,) = [a for c, a in posted if c and "your turn" in c]
    assert allowed.to_dict() == {"parse": [], "users": [table.users["ann"]]}
    # Rolling keeps ann awaited with a new question ("… in the pot"): her answered prompt
    # is greyed out saying what she chose, and the new question comes as a new DM, which
    # notifies her (issue 24); nobody is pinged in the channel again.
    dms_before = len(table.dms("ann"))
    prompt = prompt_of(table, "ann")
    rolled = await table.fake.click(table.users["ann"], prompt.id, prompt.button("Roll"))
    await table.fake.settle()
    assert "You chose: Roll" in rolled.text()
    assert len(table.dms("ann")) == dms_before + 1 and len(pings(table)) == 1
    edited = table.fake.message(prompt.id)
    assert "You chose: Roll" in edited.text() and all(d for _, _, d in edited.buttons())
    again = prompt_of(table, "ann")
    assert again.id != prompt.id and "in the pot" in again.text()
    assert not any(d for _, _, d in again.buttons())
    # Holding hands the turn to bob: one new ping, naming bob only; ann's prompt is closed.
    held = await table.fake.click(table.users["ann"], again.id, again.button("Hold"))
    await table.fake.settle()
    assert "You chose: Hold" in held.text()
    assert len(pings(table)) == 2 and f"<@{table.users['bob']}>" in pings(table)[-1].content
    closed = table.fake.message(again.id)
    assert all(disabled for _, _, disabled in closed.buttons())


async def test_an_action_with_a_question_opens_a_form_and_never_takes_a_default(
        table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    prompt = prompt_of(table, "ann")
    # Bet's one question is a menu in the prompt itself; no button takes it silently.
    assert not any(label.startswith("Bet") for _, label, _ in prompt.buttons())
    (custom_id, options), = [s for s in prompt.selects() if ":bet:" in s[0]]
    assert [o["label"] for o in options] == ["1 points", "2 points", "3 points"]
    bet = await table.fake.select(table.users["ann"], prompt.id, custom_id, ["3"])
    assert "only 0 points" in bet.text() and table.live.seq == 1


async def test_a_private_result_arrives_once_by_dm_not_also_ephemerally(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    dealt = [m for m in table.dms("bob") if "secret card" in m.text()]
    assert len(dealt) == 1
    rolled = await table.slash("ann", "pig roll")
    assert rolled.ephemeral and "Done." in rolled.text() and "rolls" not in rolled.text()


async def test_dm_prompts_can_be_turned_off_and_my_choices_shows_them_in_the_channel(
        table: Table) -> None:
    await table.start_bot()
    off = await table.slash("bob", "game notify", dm_prompts=False)
    assert off.ephemeral and "your choices are not sent by DM" in off.text()
    assert "Secrets still come by DM." in off.text()
    await table.pig_game("ann", "bob")
    prompt = prompt_of(table, "ann")
    await table.fake.click(table.users["ann"], prompt.id, prompt.button("Roll"))
    await table.fake.settle()
    prompt = prompt_of(table, "ann")
    await table.fake.click(table.users["ann"], prompt.id, prompt.button("Hold"))
    await table.fake.settle()
    assert not [m for m in table.dms("bob") if m.buttons()]  # no prompt by DM for bob
    ping = pings(table)[-1]
    assert f"<@{table.users['bob']}>" in ping.content
    opened = await table.fake.click(table.users["bob"], ping.id, ping.button("My choices"))
    (mine,) = [m for m in opened.all_messages() if m.buttons()]
    assert mine.ephemeral and "bob" in mine.text()
    stranger = await table.fake.click(table.users["cy"], ping.id, ping.button("My choices"))
    assert "Nothing is waiting for you" in stranger.text()
    held = await table.fake.click(table.users["bob"], mine.id, mine.button("Hold"))
    await table.fake.settle()
    assert "You chose: Hold" in held.text() and table.live.game.view(None)["turn"] == "ann"


async def test_history_in_words_and_undo_says_what_it_took_back(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "pig roll")
    await table.slash("bob", "pig note", text="hello")
    history = await table.slash("cy", "game history")
    text = history.text()
    assert history.ephemeral and "ann rolls" in text and "bob notes: hello" in text
    assert "{" not in text and "seq" not in text
    last = await table.slash("cy", "game history", last=1)
    assert "the last 1 of" in last.text() and "ann rolls" not in last.text()
    undone = await table.slash("ann", "game undo")
    assert "taken back: bob's note" in undone.text()
    assert "taken back: bob's note" in table.said()


async def test_the_status_post_names_options_in_words(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob", target=12)
    status = await table.slash("ann", "game status")
    fields = {f["name"]: f["value"] for e in status.all_messages()[0].embeds
              for f in e.get("fields", [])}
    assert fields["Options"] == "Target: 12"


async def test_import_checks_the_file_creates_nothing_on_error_and_seats_the_players(
        table: Table) -> None:
    import json

    import engine

    await table.start_bot(seed="fresh-seed")
    state = engine.new_game("pig", ["Ann", "Bob"], seed="the-table's").state()
    state["game"]["scores"] = {"Ann": 7, "Bob": 3}
    state["options"] = {"target": 12}
    players = f"Ann=<@{table.users['ann']}>, Bob=<@{table.users['bob']}>"
    broken = {k: v for k, v in state.items() if k != "seats"}
    refused = await table.slash("ann", "game import", variant="pig", players=players,
                                file=("pig.json", json.dumps(broken).encode()))
    assert "no field “seats”" in refused.text()
    assert table.bot is not None and not table.bot.service.by_channel
    unseated = await table.slash("ann", "game import", variant="pig", players=players.split(",")[0],
                                 file=("pig.json", json.dumps(state).encode()))
    assert "Say who plays Bob" in unseated.text() and not table.bot.service.by_channel
    done = await table.slash("ann", "game import", variant="pig", players=players,
                             file=("pig.json", json.dumps(state).encode()))
    assert "Imported as game #" in done.text()
    live = table.live
    assert live.game.view(None)["scores"] == {"Ann": 7, "Bob": 3}
    assert live.game.seed == "fresh-seed" and live.user_of("Bob") == table.users["bob"]
    assert engine.commitment("fresh-seed") in table.said()
    assert any(m.buttons() for m in table.dms("ann"))  # Ann's turn: her prompt by DM
    # Played to the end from the imported position, its luck verifies from the fresh seed.
    for _ in range(100):
        if live.game.finished:
            break
        seat = next(iter(live.game.prompts()))
        action = "hold" if live.game.view(None)["pot"] >= 5 else "roll"
        await table.slash(seat.lower(), f"pig {action}")
    assert live.game.finished
    (over,) = [m for m in table.fake.messages(table.channel) if "the game is over." in m.text()]
    assert f"<@{table.users['ann']}>" in over.content and f"<@{table.users['bob']}>" in over.content
    verified = await table.slash("cy", "game verify")
    assert "Verified" in verified.text()


async def test_a_form_opened_before_a_restart_is_still_taken_after_it(table: Table) -> None:
    """A modal's answers are read from its custom id and its inputs, nothing in memory."""
    table.extensions = ("cogs.lobby", "cogs.clue")
    await table.start_bot(seed="form-1")  # Miss Scarlet reaches the Lounge and may suggest
    await table.slash("ann", "game new", variant="killer-clue")
    for user, suspect in (("ann", "Miss Scarlet"), ("bob", "Col. Mustard"),
                          ("cy", "Mrs. White")):
        await table.slash(user, "game join", seat=suspect)
    await table.slash("ann", "game start")
    prompt = prompt_of(table, "ann")
    await table.fake.click(table.users["ann"], prompt.id, prompt.button("Roll 2d6 and move"))
    await table.fake.settle()
    moved = prompt_of(table, "ann")
    rooms = [(cid, opts) for cid, opts in moved.selects() if ":go:" in cid]
    cid, options = rooms[0]
    assert "Lounge" in [o["value"] for o in options]
    await table.fake.select(table.users["ann"], moved.id, cid, ["Lounge"])
    await table.fake.settle()
    now = prompt_of(table, "ann")
    form = next(label for _, label, _ in now.buttons() if label.endswith("…"))
    opened = await table.fake.click(table.users["ann"], now.id, now.button(form))
    assert opened.response_type == 9 and opened.modal is not None
    inputs = [top.get("component") or {} for top in opened.modal["components"]]
    answers = {c["custom_id"]: ["0"] for c in inputs if c.get("type") == 3 and c.get("required")}
    assert len(answers) >= 2
    # The optional question is asked too, with the value it takes if left alone preselected.
    (direction,) = [c for c in inputs if c.get("custom_id") == "direction"]
    assert not direction.get("required", True)
    assert [o["label"] for o in direction["options"] if o.get("default")] == ["The player on my left"]
    await table.stop_bot()
    await table.start_bot(seed="form-1")
    before = table.live.seq
    sent = await table.fake.submit_modal(table.users["ann"], opened, None, answers)
    await table.fake.settle()
    assert "You chose: " in sent.text() and table.live.seq == before + 1


def test_an_options_zero_reads_as_its_meaning() -> None:
    """Players' words: Plotted A&A's time limits at 0 follow the pace; the status post says
    so rather than "0"."""
    from bot.delivery.status import options_in_words

    words = options_in_words("plotted-aa", {"pace": "live", "plot_minutes": 0,
                                            "reveal_minutes": 10})
    assert words == ("Pace: live; Plot Phase time limit (min): as the pace says; "
                     "Reveal timer (min): 10")


async def test_a_prompt_closed_by_the_players_own_command_says_so(table: Table) -> None:
    """A player who answers with a typed command (Plotted A&A's `/paa plot submit`, here
    `/pig hold`) sees their DM prompt closed as answered, not "the game moved on"; the
    other player's prompt, closed by someone else's move, says the game moved on."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    prompt = prompt_of(table, "ann")
    await table.slash("ann", "pig hold")
    await table.fake.settle()
    closed = table.fake.message(prompt.id)
    assert "Closed: you answered with a command." in closed.text()
    assert all(disabled for _, _, disabled in closed.buttons())
    theirs = prompt_of(table, "bob")
    await table.fake.click(table.users["bob"], theirs.id, theirs.button("Hold"))
    await table.fake.settle()
    assert "you answered" not in table.fake.message(theirs.id).text()
