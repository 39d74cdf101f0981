"""Plotted A&A end to end through the sandbox, asynchronously (issue 16's acceptance):

"End to end through the sandbox, asynchronously: five powers plot by DM at different times
(one by paste, one by commands, one never submits and is taken at the deadline), the reveal
runs round by round with one board image per round, a battle's casualties are chosen by DM,
and the bot restarted in the middle of the Plot Phase and again in the middle of the
Execution Phase loses nothing."

One game at the async pace (72 hours for the plots, 24 hours a decision), the test's clock
moved by hours and days between the players' moves. Four users hold the five powers (ann
holds Germany and Japan). Every plot is written in the player's DM with the bot: the USSR by
`/paa plot` commands on day 1, Germany by pasting a whole form on day 2, the United Kingdom
by the buttons and forms of its DM prompt (half written when the bot restarts), the USA by
commands, Japan plotted but never submitted (the deadline takes it as it stands). Germany's
round 1 attacks Karelia, whose battle's casualties are chosen in the DMs; the bot restarts
while that battle awaits a casualty choice. Everything is asserted on what the channel and
the DMs received.
"""

from __future__ import annotations

import json
from typing import Any

from bot import records
from demo.table import Clicker
from engine.aa.combat import DEFAULT_LOSS_ORDER, default_casualties
from engine.aa.units import POWERS, describe_units
from engine.events import PUBLIC
from renders import plotted_aa
from sandbox import Message
from tests.support.notices import Recorder, unnoticed
from tests.support.table import Table

HOUR = 3600.0
PNG = b"\x89PNG\r\n\x1a\n"
SEED = "paa-async"
SEATS = (("bob", "USSR"), ("ann", "Germany"), ("cy", "United Kingdom"), ("ann", "Japan"),
         ("dee", "USA"))
# Germany's whole form, pasted in `/paa plot paste` (the rulebook's table notation).
GERMAN_FORM = ("Round | Move To / Build At | With Units | From | Notes\n"
               "1 | Karelia | 3i, t | E Eur |\n"
               "2 | Ger | 3i | build | 9 IPCs\n")
# What each plotted action's reveal says, and the words of it no channel message may hold
# before that reveal: its areas (a build's factory where it isn't also a power's name), and
# a build's units as built.
REVEALS = {
    ("USSR", 1): ("Round 1: build 8 infantry at Russia.", ("Russia", "8 infantry")),
    ("USSR", 2): ("Round 2: move into Novosibirsk: 3 infantry from Yakut S.S.R.",
                  ("Novosibirsk", "Yakut")),
    ("Germany", 1): ("Round 1: move into Karelia S.S.R.: 3 infantry, 1 armour from East "
                     "Europe.", ("Karelia", "East Europe", "E Eur")),
    ("Germany", 2): ("Round 2: build 3 infantry at Germany.",
                     ("build 3 infantry", "builds 3 infantry")),
    ("United Kingdom", 1): ("Round 1: build 2 infantry at United Kingdom.",
                            ("build 2 infantry", "builds 2 infantry")),
    ("Japan", 1): ("Round 1: build 1 infantry, 1 armour at Japan.",
                   ("build 1 infantry, 1 armour", "builds 1 infantry, 1 armour")),
    ("USA", 1): ("Round 1: build 4 infantry at East US.", ("East US", "4 infantry")),
}


def dm_channel(table: Table, user: str) -> int:
    return table.fake.world.dm_by_user[table.users[user]]


async def in_dm(table: Table, user: str, command: str, **options: Any) -> str:
    """A slash command sent from the user's DM with the bot; its answer's text."""
    return (await table.slash(user, command, channel=dm_channel(table, user), **options)).text()


def channel_texts(table: Table) -> list[str]:
    return [m.text() for m in table.fake.messages(table.channel)]


def sheet_of(message: Message) -> str:
    return "\n".join(str(e.get("description") or "") for e in message.embeds)


def submissions(table: Table) -> dict[str, int]:
    said = "\n".join(channel_texts(table))
    return {p: said.count(f"{p} has submitted its plot.") for p in POWERS}


async def prompt_message(table: Table, seat: str) -> Message:
    """The seat's own prompt message (its DM), as the bot stored it."""
    assert table.bot is not None
    live = await table.loaded()
    record = await records.load(table.bot.service.storage, live.id, seat)
    assert record is not None and record.open and record.message_id, seat
    return table.fake.message(record.message_id)


async def deadline_due(table: Table) -> float:
    assert table.bot is not None
    live = await table.loaded()
    row = await table.bot.deadlines.storage.deadline(live.id)
    assert row is not None and row.due_at is not None
    return row.due_at


async def restart(table: Table) -> None:
    """Stop the bot and start it again on the same database; nothing sent by starting."""
    before_channel = len(table.fake.messages(table.channel))
    before_dms = {u: len(table.dms(u)) for u in table.users}
    edits = {m.id: m.edits for u in table.users for m in table.dms(u)}
    await table.stop_bot()
    await table.start_bot(seed=SEED)
    await table.fake.settle()
    await table.loaded()
    await table.fake.settle()
    assert len(table.fake.messages(table.channel)) == before_channel
    assert {u: len(table.dms(u)) for u in table.users} == before_dms
    assert {m.id: m.edits for u in table.users for m in table.dms(u)} == edits


async def click(table: Table, user: str, seat: str, action: str, **params: Any) -> str:
    """The seat's player takes a prompted action by clicking its DM prompt."""
    assert table.bot is not None
    live = await table.loaded()
    clicker = Clicker(table.fake, table.bot, table.channel)
    return (await clicker.take(table.users[user], live.id, seat, action, params)).text()


async def tick(table: Table) -> None:
    assert table.bot is not None
    await table.bot.deadlines.tick()
    await table.fake.settle()


def user_of(table: Table, seat: str) -> str:
    live = table.live
    return next(name for name, uid in table.users.items() if uid == live.user_of(seat))


async def the_plot_phase(table: Table) -> None:
    """Five powers plot in their DMs at different times; the bot restarts mid-phase."""
    plot_start = table.clock.now
    due = await deadline_due(table)
    assert due == plot_start + 72 * HOUR  # the async pace: 72 hours for the plots

    # Day 1: the USSR, by commands in bob's DM.
    table.clock.advance(20 * HOUR)
    assert "Done" in await in_dm(table, "bob", "paa plot build", round=1, factory="Russia",
                                 units="8i")
    assert "Done" in await in_dm(table, "bob", "paa plot move", round=2, units="3i",
                                 to="Novosibirsk", **{"from": "Yakut"})
    assert "Done" in await in_dm(table, "bob", "paa plot submit")

    # Day 2: Germany, the whole form pasted in the modal opened from ann's DM.
    table.clock.advance(24 * HOUR)
    opened = await table.slash("ann", "paa plot paste", channel=dm_channel(table, "ann"),
                               power="Germany")
    assert opened.response_type == 9 and opened.modal is not None
    sent = await table.fake.submit_modal(table.users["ann"], opened, None,
                                         {"form": GERMAN_FORM})
    await table.fake.settle()
    assert "Done" in sent.text()
    assert "Done" in await in_dm(table, "ann", "paa plot submit", power="Germany")

    # Two hours later: the United Kingdom clicks one action into its DM prompt's form.
    table.clock.advance(2 * HOUR)
    uk_prompt = await prompt_message(table, "United Kingdom")
    assert "You chose" in await click(table, "cy", "United Kingdom", "plot-build", round=1,
                                      factory="UK", units="2i")
    assert "Round 1: build 2 infantry at United Kingdom." in sheet_of(uk_prompt)
    preview = dict(uk_prompt.files)
    assert len(preview) == 1 and next(iter(preview.values())).startswith(PNG)
    assert submissions(table) == {"USSR": 1, "Germany": 1, "United Kingdom": 0, "Japan": 0,
                                  "USA": 0}

    # Restart in the middle of the Plot Phase: nothing lost, nothing sent again.
    await restart(table)
    game: Any = (await table.loaded()).game
    assert game.stage == "plot"
    assert [a.to_json()["area"] for a in game.plots["United Kingdom"]] == ["United Kingdom"]
    assert {p for p in POWERS if game.submitted.get(p)} == {"USSR", "Germany"}
    assert submissions(table)["USSR"] == 1 and submissions(table)["Germany"] == 1
    assert await deadline_due(table) == due  # still armed, at the same time
    # The half-written plot's sheet: the same prompt message, edited in place from here.
    assert (await prompt_message(table, "United Kingdom")).id == uk_prompt.id
    assert dict(uk_prompt.files) == preview  # its private preview too
    assert "Round 1: build 2 infantry" in await in_dm(table, "cy", "paa plot sheet")

    # Four hours later the United Kingdom finishes by clicking, and submits by a button.
    table.clock.advance(4 * HOUR)
    dms = len(table.dms("cy"))
    assert "You chose" in await click(table, "cy", "United Kingdom", "plot-noop", round=2)
    assert (await prompt_message(table, "United Kingdom")).id == uk_prompt.id
    assert "Round 1: build 2 infantry at United Kingdom." in sheet_of(uk_prompt)
    assert "Round 2: no operation." in sheet_of(uk_prompt) and len(table.dms("cy")) == dms
    await click(table, "cy", "United Kingdom", "plot-submit")
    assert game.submitted.get("United Kingdom")

    # The USA, by commands in dee's DM; Japan plotted in ann's DM (her one power still
    # plotting, so no `power` needed), never submitted.
    table.clock.advance(1 * HOUR)
    assert "Done" in await in_dm(table, "dee", "paa plot build", round=1, factory="East US",
                                 units="4i")
    assert "Done" in await in_dm(table, "dee", "paa plot submit")
    table.clock.advance(1 * HOUR)
    assert "Done" in await in_dm(table, "ann", "paa plot build", round=1, factory="Japan",
                                 units="i, t")

    # A user holding two powers: each sheet DM holds only its own power's plot.
    japan = await prompt_message(table, "Japan")
    assert "Round 1: build 1 infantry, 1 armour at Japan." in sheet_of(japan)
    assert "Karelia" not in sheet_of(japan) and "Germany" not in sheet_of(japan)
    germany_sheets = [m for m in table.dms("ann") if "Germany's plot for turn 1" in m.text()]
    assert germany_sheets
    for message in germany_sheets:
        assert "Karelia" in message.text() and "1 armour at Japan" not in message.text()
        assert "Japan" not in message.text()

    # At three quarters of the 72 hours the reminder names only Japan, the one not submitted.
    table.clock.advance(plot_start + 54 * HOUR - 60 - table.clock.now)
    await tick(table)
    assert not any("Reminder" in t for t in channel_texts(table))
    table.clock.advance(120)
    await tick(table)
    reminders = [m for m in table.fake.messages(table.channel) if "Reminder" in m.text()]
    assert len(reminders) == 1
    assert set(reminders[0].pings.users or ()) == {table.users["ann"]}
    assert "(Japan)" in reminders[0].text()
    assert not any(f"({p})" in reminders[0].text() for p in POWERS if p != "Japan")

    # At the deadline, Japan's plot is taken as it stands: what was plotted.
    table.clock.advance(due - table.clock.now)
    await tick(table)
    assert "The deadline passed for Japan." in "\n".join(channel_texts(table))
    assert game.stage == "execute" and game.submitted.get("Japan")
    assert [a.to_json() for a in game.plots["Japan"]] == [
        {"round": 1, "kind": "build", "area": "Japan", "sources": [],
         "build": {"infantry": 1, "armour": 1}, "notes": []}]
    assert submissions(table) == dict.fromkeys(POWERS, 1)


async def the_execution_phase(table: Table) -> dict[str, int]:
    """Round by round, each revealed action decided by its owner (typed in the DM or
    clicked), the battle's casualties chosen by clicking the DM prompt; the bot restarts
    while the battle awaits a casualty choice, and again while round 2's first revealed
    action awaits its owner. Returns how often each decision was made."""
    made: dict[str, int] = {}
    restarted = False
    typed = True
    for _ in range(80):
        game: Any = (await table.loaded()).game
        if game.stage != "execute":
            return made
        seat, prompt = next(iter(game.prompts().items()))
        user = user_of(table, seat)
        offered = {a.name for a in prompt.actions}
        table.clock.advance(3 * HOUR)  # a few hours between decisions, within the 24
        if "casualties" in offered:
            if not restarted:
                restarted = True
                waiting = await prompt_message(table, seat)
                due = await deadline_due(table)
                await restart(table)
                assert (await prompt_message(table, seat)).id == waiting.id
                assert await deadline_due(table) == due
                game = (await table.loaded()).game
            choice = next(c for c in game.battle.pending if c.power == seat)
            units = describe_units(default_casualties(choice.among, choice.hits,
                                                      choice.sub_hits,
                                                      list(DEFAULT_LOSS_ORDER)))
            assert "You chose" in await click(table, user, seat, "casualties", units=units)
            made["casualties"] = made.get("casualties", 0) + 1
        elif "execute" in offered:
            if game.round == 2 and seat == "USSR":
                # Restart with a revealed action awaiting its owner: its prompt still works.
                waiting = await prompt_message(table, seat)
                due = await deadline_due(table)
                await restart(table)
                assert (await prompt_message(table, seat)).id == waiting.id
                assert await deadline_due(table) == due
                typed = False
            if typed:
                assert "Done" in await in_dm(table, user, "paa execute")
            else:
                assert "You chose" in await click(table, user, seat, "execute")
            typed = not typed
            made["execute"] = made.get("execute", 0) + 1
        elif "continue" in offered:
            assert "Done" in await in_dm(table, user, "paa continue")
            made["continue"] = made.get("continue", 0) + 1
        else:
            action = prompt.actions[0]
            params = {p.name: p.choices[0].value for p in action.params if p.choices}
            await click(table, user, seat, action.name, **params)
            made[action.name] = made.get(action.name, 0) + 1
    raise AssertionError("the Execution Phase did not end")


def with_pictures(messages: list[Message]) -> list[tuple[Message, list[tuple[str, bytes]]]]:
    """Each channel message with text, and the files of its own post and of the image-only
    posts that follow it (issue 24: one image a post, Discord shrinks several side by
    side)."""
    grouped: list[tuple[Message, list[tuple[str, bytes]]]] = []
    for message in messages:
        assert len(message.files) <= 1, message.files
        if grouped and not message.text() and message.files:
            grouped[-1][1].extend(message.files)
        else:
            grouped.append((message, list(message.files)))
    return grouped


def one_board_per_round(table: Table) -> None:
    """Between the Execution Phase's start and the turn's end, exactly one board image per
    round, posted with the message that ends it (the round's board first; the new turn's
    board after the last round's), each image a post of its own."""
    posts = with_pictures(table.fake.messages(table.channel))
    begins = next(i for i, (m, _) in enumerate(posts)
                  if "The Execution Phase begins" in m.text())
    over = {n: next(i for i, (m, _) in enumerate(posts) if f"Round {n} is over." in m.text())
            for n in (1, 2)}
    assert begins < over[1] < over[2]
    for index in range(begins, over[2] + 1):
        message, files = posts[index]
        boards = [name for name, data in files if "-zoom-" not in name
                  and data.startswith(PNG)]
        zooms = [name for name, _ in files if "-zoom-" in name]
        if index == over[1]:
            assert len(boards) == 1 and len(zooms) <= 1, boards
        elif index == over[2]:  # round 2's board, then turn 2's
            assert len(boards) == 2 and "Turn 2" in message.text(), boards
            assert "board-1-" in boards[0] and "board-2-" in boards[1] and len(zooms) <= 2
        else:  # nothing drawn per action: not for a reveal, a battle or a casualty
            assert not files, (index, message.text())
    # Nothing drawn while the plots were written.
    plotting = next(i for i, (m, _) in enumerate(posts) if "the Plot Phase" in m.text())
    assert all(not files for _, files in posts[plotting + 1:begins])


def the_last_rounds_board_is_its_own(table: Table, game: Any,
                                     events: list[dict[str, Any]]) -> None:
    """The boards posted with the act that ended round 2 (and so the turn) are the round's
    own, its move drawn, then the new turn's: the same bytes as drawn from the public view
    and that act's public events."""
    public = [{**(e.get("data") or {}), "kind": e["kind"]} for e in events
              if e.get("audience") == PUBLIC]
    views = plotted_aa.board_views(game.view(None), public)
    assert [v["round"] for v in views][:1] == [2] and len(views) == 2
    assert [(m["power"], m["from"], m["to"]) for m in views[0]["moves"]] == [
        ("USSR", "Yakut S.S.R.", "Novosibirsk")]
    ended = next(files for m, files in with_pictures(table.fake.messages(table.channel))
                 if "Round 2 is over." in m.text())
    posted = [data for name, data in ended if "-zoom-" not in name]
    assert posted == [plotted_aa.render(v) for v in views]


def nothing_revealed_early(table: Table) -> None:
    """No channel message before an action's reveal holds its content, nor any DM to a
    player who doesn't hold that power (message ids grow with time, as Discord's do)."""
    messages = table.fake.messages(table.channel)
    for (power, _), (action, secrets) in REVEALS.items():
        said = f"{power} reveals its action: {action}"
        revealed = next(i for i, m in enumerate(messages) if said in m.text())
        earlier = [m.text() for m in messages[:revealed]]
        earlier.append(messages[revealed].text().split(said)[0])
        holder = user_of(table, power)
        earlier += [m.text() for user in table.users if user != holder
                    for m in table.dms(user) if m.id < messages[revealed].id]
        for text in earlier:
            for secret in secrets:
                assert secret not in text, (power, secret, text)


async def test_five_powers_plot_by_dm_over_days_and_a_restart_in_each_phase_loses_nothing(
        table: Table) -> None:
    """Issue 16's acceptance, each point on what the players and the channel received: the
    plots written by DM over three days (commands, a pasted form, the prompt's clicks, one
    never submitted and taken at the deadline, its reminder to it alone), a restart in the
    Plot Phase and two in the Execution Phase losing and repeating nothing, one board per
    round, casualties clicked in DMs, nothing of a plot public before its reveal, and the
    turn's plots published and verified against the digests posted at submit."""
    table.users["dee"] = table.fake.add_user("dee", guild_id=table.guild)
    table.extensions = ("cogs.lobby", "cogs.paa")
    await table.start_bot(seed=SEED)
    recorder = Recorder(table.fake)
    # Every standing order "ask me": each decision is made by its owner in the DMs.
    await table.slash("ann", "game new", variant="plotted-aa",
                      options="pace=async, standing_orders=ask")
    for user, power in SEATS:
        await table.slash(user, "game join", seat=power)
    await table.slash("ann", "game start")
    for user, _ in SEATS:
        table.clock.advance(2 * HOUR)
        assert (await table.slash(user, "paa skip")).ephemeral

    await the_plot_phase(table)
    made = await the_execution_phase(table)

    game: Any = (await table.loaded()).game
    assert game.turn == 2 and game.stage == "develop"
    said = "\n".join(channel_texts(table))
    # Every revealed action was decided once: seven executed (the NOOP needs none).
    assert made["execute"] == 7 and made["casualties"] >= 1
    for line in ("USSR builds 8 infantry in Russia (24 IPCs).",
                 "Germany attacks Karelia S.S.R. with 3 infantry, 1 armour",
                 "United Kingdom builds 2 infantry in United Kingdom (6 IPCs).",
                 "Japan builds 1 infantry, 1 armour in Japan (8 IPCs).",
                 "USA builds 4 infantry in East US (12 IPCs).",
                 "USSR moves 3 infantry from Yakut S.S.R. to Novosibirsk.",
                 "Germany builds 3 infantry in Germany (9 IPCs).",
                 "United Kingdom reveals a NOOP", "Round 1 is over.", "Round 2 is over."):
        assert said.count(line) == 1, line
    # The battle's casualties: each choice clicked in a DM prompt, each announced once.
    assert table.bot is not None
    rows = await table.bot.service.storage.actions(table.live.id)
    chosen = [r for r in rows if r.action == "casualties"]
    assert len(chosen) == made["casualties"]
    clicks = [i for i in table.fake.interactions
              if i.custom_id and ":casualties" in i.custom_id]
    assert clicks and all(i.guild_id is None for i in clicks)  # in DMs
    assert {i.user_id for i in clicks} <= {table.users["ann"], table.users["bob"]}
    assert not any(i.command == "paa casualties" for i in table.fake.interactions)
    for row in chosen:
        assert f"{row.seat} loses {row.params['units']}." in said
    # Nothing applied twice across the two restarts: each action once, in turn order, and
    # the board shows each build and move once.
    assert [r.seat for r in rows if r.action == "execute"] == [
        "USSR", "Germany", "United Kingdom", "Japan", "USA", "USSR", "Germany"]
    pos = game.pos
    assert pos.units_of("Russia", "USSR")["infantry"] == 4 + 8
    assert pos.units_of("Novosibirsk", "USSR") == {"infantry": 3}
    assert not pos.units_of("Yakut S.S.R.", "USSR")
    assert pos.units_of("Germany", "Germany")["infantry"] == 4 + 3
    assert pos.units_of("United Kingdom", "United Kingdom")["infantry"] == 2 + 2
    assert pos.units_of("Japan", "Japan")["infantry"] == 3 + 1
    assert pos.units_of("Japan", "Japan")["armour"] == 1 + 1
    assert pos.units_of("East US", "USA")["infantry"] == 2 + 4

    one_board_per_round(table)
    the_last_rounds_board_is_its_own(table, game, rows[-1].events)
    nothing_revealed_early(table)

    # Through to the end of the turn: the plots and salts published, `/paa verify` matches.
    assert "Turn 1's plots and salts are public now" in said
    published = game.view(None)["last_turn_plots"]
    assert set(published) == set(POWERS)
    assert json.loads(published["Germany"]["plot"])[0]["area"] == "Karelia S.S.R."
    for power in POWERS:
        assert published[power]["digest"] in said
    checked = await table.slash("mod", "paa verify")
    assert checked.ephemeral and checked.text().count("**matches**") == 5
    # Issue 24: "In the demo's turn the USA is left out of the Plot Phase call, and
    # Germany's reveals of rounds 5 to 7, Japan's casualty choices and four landings arrive
    # as silent edits": the transcript check finds every question noticed, across the two
    # restarts too.
    assert await unnoticed(recorder, table.bot, table.live.id) == []


# ----- issue 24: standing orders, the turn report, forgiving plot entry -------------------

# Each power's plot, each in another of the forms a chat carries (issue 24: "the paste
# reader takes tabs, `|`, commas, Markdown tables, single spaces where the columns are
# unambiguous, and the sheet's own "Round 1: move into ..." lines").
PASTED = {
    "USSR": ("bob", "| Round | Move To | With Units | From | Notes |\n|---|---|---|---|---|\n"
                    "| 1 | Russia | 2i | build | |"),
    "Germany": ("ann", "1 Karelia 3i t E Eur\n2 Black Sea f Ukr"),
    "United Kingdom": ("cy", "1, UK, 1i, build"),
    "USA": ("dee", "1\tEast US\t1i\tbuild\t"),
}


async def paste_in_dm(table: Table, user: str, power: str, text: str) -> str:
    """`/paa plot paste` in the user's DM, the form sent with `text`; its answers."""
    opened = await table.slash(user, "paa plot paste", channel=dm_channel(table, user),
                               power=power)
    assert opened.response_type == 9 and opened.modal is not None
    sent = await table.fake.submit_modal(table.users[user], opened, None, {"form": text})
    await table.fake.settle()
    return "\n".join(m.text() for m in sent.all_messages())


async def test_standing_orders_answer_for_the_powers_and_the_turn_report_ends_it(
        table: Table, monkeypatch: Any) -> None:
    """Issue 24, end to end through the sandbox at the async pace (its usual standing
    orders): each plot pasted in another format (one through the DM prompt's paste button,
    which opens the same pre-filled form), a re-typed row asked then replaced, an order
    changed by the DM prompt's menu and one typed, Develop Weapons answered ahead; then the
    last submission runs the whole Execution Phase with nobody asked: casualties chosen by
    the loss orders, Germany retreating by the odds, its fighter landing by its order; the
    turn report in the channel and each power's digest by DM; no order said in public
    before it acted."""
    from tests.engine.plotted_aa.test_standing_orders import first_rolls

    table.users["dee"] = table.fake.add_user("dee", guild_id=table.guild)
    table.extensions = ("cogs.lobby", "cogs.paa")
    await table.start_bot(seed="paa-orders")
    assert table.bot is not None
    table.bot.pictures.clear()
    await table.slash("ann", "game new", variant="plotted-aa")
    for user, power in SEATS:
        await table.slash(user, "game join", seat=power)
    await table.slash("ann", "game start")

    # Develop Weapons: the United Kingdom answers ahead ("no research this turn") in its DM
    # while the USSR decides; when its turn comes it is taken at once.
    table.clock.advance(HOUR)
    ahead = await in_dm(table, "cy", "paa research-ahead", dice=0)
    assert "Done" in ahead
    assert any("answered ahead for turn 1's Develop Weapons Phase: no research" in m.text()
               for m in table.dms("cy"))
    assert "answered" not in table.said()
    for user in ("bob", "ann"):
        table.clock.advance(HOUR)
        await table.slash(user, "paa skip")
    said = table.said()
    assert "United Kingdom answered Develop Weapons ahead." in said
    assert "United Kingdom develops no weapons this turn." in said
    game: Any = (await table.loaded()).game
    assert list(game.prompts()) == ["Japan"]
    for user in ("ann", "dee"):
        await table.slash(user, "paa skip")
    assert game.stage == "plot"

    # The plots, one format each, pasted in the DMs; each answer says what was read.
    for power, (user, text) in PASTED.items():
        table.clock.advance(3 * HOUR)
        answered = await paste_in_dm(table, user, power, text)
        assert "Done" in answered and f"{power}: Read as: Read " in answered, answered
    assert [a.build for a in game.plots["USSR"]] == [{"infantry": 2}]
    assert [(a.area, a.sources[0].area) for a in game.plots["Germany"]] == [
        ("Karelia S.S.R.", "East Europe"), ("Black Sea Zone", "Ukraine S.S.R.")]
    assert [a.area for a in game.plots["United Kingdom"]] == ["United Kingdom"]
    # Japan: a row typed, then the DM prompt's paste button: the same form, pre-filled
    # with the plot as it stands; the sheet's own line pasted over it.
    typed = await in_dm(table, "ann", "paa plot build", round=1, factory="Japn", units="2i",
                        power="Japan")
    assert "Japan: Read as: Round 1: build 2 infantry at Japan. ('Japn' read as Japan)" \
        in typed
    japan = await prompt_message(table, "Japan")
    opened = await table.fake.click(table.users["ann"], japan.id,
                                    japan.button("Paste the whole form …"))
    assert opened.response_type == 9 and opened.modal is not None
    (box,) = [c["component"] for c in opened.modal["components"]]
    assert box["value"].startswith("Round\t") and "Japan\t2i\tbuild" in box["value"]
    await table.fake.submit_modal(table.users["ann"], opened, None,
                                  {"form": "Round 1: build 1 infantry, 1 armour at Japan."})
    await table.fake.settle()
    assert [a.build for a in game.plots["Japan"]] == [{"infantry": 1, "armour": 1}]
    # The USA re-types a row into another round: asked, then replaced; never added.
    await in_dm(table, "dee", "paa plot move", round=3, units="2i", to="East Canada",
                **{"from": "East US"})
    asked_again = await in_dm(table, "dee", "paa plot move", round=2, units="2i",
                              to="West US", **{"from": "East US"})
    assert "Is this the same row typed again?" in asked_again
    replaced = await in_dm(table, "dee", "paa plot move", round=2, units="2i",
                           to="West US", again="replace", **{"from": "East US"})
    assert "Done" in replaced
    assert [(a.round, a.area) for a in game.plots["USA"]] == [(1, "East US"), (2, "West US")]

    # Standing orders: Germany's battle order by its DM prompt's menu, the USSR's loss
    # order typed in its DM. Said to their owner only.
    before = table.said()
    assert "You chose" in await click(table, "ann", "Germany", "orders",
                                      change="battle=odds:70")
    assert "Done" in await in_dm(table, "bob", "paa orders", power="USSR",
                                 loss_order="inf, arm, ftr")
    assert game.orders_of("Germany")["battle"] == "odds:70"
    assert table.said() == before
    assert any("USSR's standing orders (secret until they act)" in m.text()
               for m in table.dms("bob"))
    hand = await table.slash("ann", "game hand")
    shown = hand.text()
    assert "Germany's standing orders (secret until they act):" in shown
    assert "press on while the odds of winning are at least 70%" in shown
    assert "Round 2: move into Black Sea Zone: 1 fighter from Ukraine S.S.R." in shown

    # The last submission runs the turn: round 1's battle in Karelia (the attack scores 2
    # hits, the defence 3), Germany retreats by its odds order, its fighter lands by its
    # landing order in round 2; nobody is asked anything.
    first_rolls(monkeypatch, [1], [1, 6, 6], [1], [1], [1, 6, 6])
    for user, power in SEATS:
        table.clock.advance(HOUR)
        await table.slash(user, "paa plot submit", channel=dm_channel(table, user),
                          power=power)
    said = table.said()
    for line in ("By standing orders, USSR chooses its casualties by its loss order.",
                 "USSR loses 2 infantry.",
                 "By standing orders, Germany chooses its casualties by its loss order.",
                 "Germany loses 3 infantry.",
                 "By standing orders, Germany retreats from Karelia S.S.R.",
                 "Germany retreats 1 armour to East Europe.",
                 "By standing orders, Germany lands its aircraft from Black Sea Zone.",
                 "Turn 1's report: each power's plot and what became of each action.",
                 "USA matches."):
        assert said.count(line) == 1, line
    assert "executed as plotted by standing orders" in said
    assert game.turn == 2 and game.stage == "develop" and list(game.prompts()) == ["USSR"]
    # Nothing was asked after plotting: no question of the Execution Phase reached a DM.
    for user in table.users:
        for message in table.dms(user):
            assert "Execute your revealed action" not in message.text()
            assert "Choose casualties" not in message.text()
    # The orders said nothing in public before they acted.
    before_battle = said.split("Germany reveals its action: Round 1")[0]
    assert "70%" not in said and "odds" not in before_battle.lower()
    # Each power's digest by DM.
    for user, power in SEATS:
        digests = [m.text() for m in table.dms(user)
                   if f"— {power}" in m.text() and "Execution Phase is over" in m.text()]
        assert len(digests) == 1, power
    germany = next(m.text() for m in table.dms("ann")
                   if "— Germany" in m.text() and "Execution Phase is over" in m.text())
    assert "you lost 3 infantry" in germany
