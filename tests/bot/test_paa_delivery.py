"""Plotted A&A through the sandbox (issue 16): the plot sheet in the power's own prompt DM,
edited in place with its private preview; one board image per round; the Plot Phase's time
limit and the reveal timer from the game's options."""

from __future__ import annotations

from typing import Any

from demo.table import Clicker
from engine.aa.units import POWERS
from sandbox import Message
from tests.support.table import Table

PNG = b"\x89PNG\r\n\x1a\n"
# ann holds USSR and Germany, bob the United Kingdom and Japan, cy the USA.
HOLDERS = {"USSR": "ann", "Germany": "ann", "United Kingdom": "bob", "Japan": "bob",
           "USA": "cy"}


async def paa_game(table: Table, options: str = "standing_orders=ask") -> None:
    """A started Plotted A&A game, its pictures from the renders registry; every standing
    order "ask me" (the tests decide each question)."""
    await table.start_bot(seed="paa-view")
    await table.slash("ann", "game new", variant="plotted-aa",
                      **({"options": options} if options else {}))
    for power in POWERS:
        await table.slash(HOLDERS[power], "game join", seat=power)
    await table.slash("ann", "game start")


async def act(table: Table, seat: str, action: str, **params: Any) -> None:
    """An action as a typed command makes it: stored, then announced (no prompt answered)."""
    assert table.bot is not None
    live = await table.loaded()
    outcome = await table.bot.service.act(live, table.users[HOLDERS[seat]], action, params,
                                          seat=seat, observed_seq=live.seq)
    await table.bot.actions.announce(outcome)
    await table.fake.settle()


async def to_plot_phase(table: Table) -> None:
    for power in POWERS:
        await act(table, power, "skip")


def prompt_of(table: Table, seat: str) -> Message:
    user = HOLDERS[seat]
    mine = [m for m in table.dms(user) if f"— {seat}: " in m.content
            and "Plot your turn" in m.content]
    assert len(mine) == 1, [m.content for m in table.dms(user)]
    return mine[0]


def sheet_of(message: Message) -> str:
    return "\n".join(str(e.get("description") or "") for e in message.embeds)


async def test_the_plot_sheet_is_one_dm_edited_in_place_with_its_preview(table: Table) -> None:
    """Issue 16: "the player's plot sheet: one DM message, edited in place after every
    change, listing the plot by round, with a private preview image of the plotted moves
    drawn on the map". Three changes (two typed, one clicked in the prompt's form) edit the
    one prompt message three times; no other DM carries the sheet, no other seat and no
    channel message sees it; ann, who holds USSR and Germany, has two separate sheets."""
    await paa_game(table)
    await to_plot_phase(table)
    germany = prompt_of(table, "Germany")
    before_edits, ann_dms = germany.edits, len(table.dms("ann"))
    assert "No actions plotted" in sheet_of(germany) and not germany.files

    await act(table, "Germany", "plot-move", round=1, units="3 inf, arm",
              from_area="Germany", to="E Eur")
    first = dict(germany.files)
    assert "Round 1: move into East Europe: 3 infantry, 1 armour from Germany." in \
        sheet_of(germany)
    assert len(first) == 1 and next(iter(first.values())).startswith(PNG)
    await act(table, "Germany", "plot-build", round=2, factory="Germany", units="3 inf")
    assert "Round 2: build 3 infantry at Germany." in sheet_of(germany)
    assert dict(germany.files) != first
    await act(table, "Germany", "plot-noop", round=4)
    assert prompt_of(table, "Germany").id == germany.id
    assert germany.edits - before_edits == 3 and "Round 4: no operation." in sheet_of(germany)
    # A change clicked in the prompt's own form: the same message, the sheet shown once
    # (in the sheet, not again in the line saying what was chosen).
    await act(table, "Germany", "plot-remove", round=4)
    clicker = Clicker(table.fake, bot_of(table), table.channel)
    await clicker.take(table.users["ann"], (await table.loaded()).id, "Germany", "plot-move",
                       {"round": 3, "units": "2 arm", "from_area": "E Eur", "to": "Karelia",
                        "notes": "via Ukraine"})
    await table.fake.settle()
    assert prompt_of(table, "Germany").id == germany.id
    sheet = sheet_of(germany)
    assert "Round 3: move into Karelia S.S.R.: 2 armour from East Europe via Ukraine" in sheet
    assert sheet.count("\nRound 3:") == 1 and "Round 3:" not in germany.content
    (name, png), = germany.files
    assert png.startswith(PNG) and name.endswith(".png")
    # No second DM per change, and the sheet reached no one else.
    assert len(table.dms("ann")) == ann_dms
    everywhere = [*table.fake.messages(table.channel), *table.dms("bob"), *table.dms("cy")]
    assert not any("East Europe" in m.text() or "Karelia" in m.text() for m in everywhere)
    assert all(not m.files for m in everywhere if "plot" in m.text().lower())
    # ann's other power: its own sheet, untouched by Germany's plot.
    ussr = prompt_of(table, "USSR")
    assert ussr.id != germany.id and "No actions plotted" in sheet_of(ussr)
    assert not ussr.files and "Germany" not in sheet_of(ussr)

    # After the submit the prompt closes and the submitted sheet comes as a DM of its own.
    await act(table, "Germany", "plot-submit")
    assert any("Germany's plot for turn 1 (submitted)" in m.text() for m in table.dms("ann"))
    assert "Germany has submitted its plot" in table.said()
    assert "Karelia" not in table.said()


def bot_of(table: Table) -> Any:
    assert table.bot is not None
    return table.bot


def boards(table: Table) -> list[str]:
    return [name for m in table.fake.messages(table.channel) for name, data in m.files
            if "-zoom-" not in name and data.startswith(PNG)]


async def test_one_board_image_per_round(table: Table) -> None:
    """Issue 16: "The board after every round: the map with that round's revealed actions
    as arrows, posted once per round (not once per action: a round of five powers is one
    image)". Round 1 is five powers' actions (two executed, three passing by with nothing
    plotted): one board. The act that ends round 2 ends round 3 too (every power's round 3
    a NOOP or empty): two boards, each of its round."""
    await paa_game(table)
    await to_plot_phase(table)
    await act(table, "USSR", "plot-move", round=1, units="3 inf", from_area="Russia",
              to="Karelia")
    await act(table, "USSR", "plot-move", round=2, units="arm", from_area="Russia",
              to="Caucasus")
    await act(table, "USSR", "plot-noop", round=3)
    await act(table, "USSR", "plot-move", round=4, units="2 inf", from_area="Russia",
              to="Kazakh", again="add")
    await act(table, "Germany", "plot-move", round=1, units="inf", from_area="Germany",
              to="E Eur")
    for power in POWERS:
        await act(table, power, "plot-submit", as_it_stands=True)
    shown = len(boards(table))
    await act(table, "USSR", "execute")
    assert len(boards(table)) == shown  # the round goes on: no picture yet
    await act(table, "Germany", "execute")
    assert len(boards(table)) == shown + 1
    game = (await table.loaded()).game
    assert game.view(None)["round"] == 2 and game.view(None)["current"] == "USSR"

    await act(table, "USSR", "execute")  # ends round 2; round 3 is all NOOPs and nothing
    names = boards(table)[shown + 1:]
    assert len(names) == 2 and "board-1" in names[0] and "board-2" in names[1], names
    assert "Round 2 is over." in table.said() and "Round 3 is over." in table.said()
    assert game.view(None)["round"] == 4


async def test_the_plot_phase_has_one_time_limit_from_the_options(table: Table) -> None:
    """Issue 16: "the Plot Phase's time limit is the game's deadline (live default 15
    minutes, async default 72 hours, per game); reminders only to powers that have not
    submitted; at the deadline, a plot is taken as it stands; unplotted units defend"; and
    "a reveal timer per game, default 'as plotted'". A live game: every decision in turn
    order has 5 minutes; the Plot Phase 15 minutes from its start, which plot changes and
    submissions don't restart; the reminder names only the powers still plotting."""
    await paa_game(table, "pace=live")
    live = await table.loaded()
    deadlines = bot_of(table).deadlines
    row = await deadlines.storage.deadline(live.id)
    assert row is not None and row.turn_seconds == 5 * 60  # weapons development, USSR
    await to_plot_phase(table)
    row = await deadlines.storage.deadline(live.id)
    assert row is not None and row.turn_seconds == 15 * 60
    due = row.due_at
    table.clock.advance(120)
    await act(table, "Germany", "plot-move", round=1, units="inf", from_area="Germany",
              to="E Eur")
    await act(table, "USSR", "plot-submit")
    await act(table, "Japan", "plot-noop", round=1)
    row = await deadlines.storage.deadline(live.id)
    assert row is not None and row.due_at == due  # the clock ran on

    table.clock.advance(12 * 60)  # past three quarters of 15 minutes
    await deadlines.tick()
    await table.fake.settle()
    reminder = [m for m in table.fake.messages(table.channel) if "Reminder" in m.text()]
    assert len(reminder) == 1
    pinged = {user for user in table.users.values() if reminder[0].pings.users
              and user in reminder[0].pings.users}
    assert pinged == {table.users["ann"], table.users["bob"], table.users["cy"]}
    text = reminder[0].text()
    assert "(Germany)" in text and "(Japan)" in text and "(USSR)" not in text

    table.clock.advance(4 * 60)
    await deadlines.tick()
    await table.fake.settle()
    game = (await table.loaded()).game
    assert game.view(None)["stage"] == "execute"
    assert all(game.view(None)["submitted"].values())
    assert "The deadline passed for Germany, United Kingdom, Japan, USA." in table.said()
    assert [a.to_json()["area"] for a in game.plots["Germany"]] == ["East Europe"]
    # The Execution Phase: the reveal timer, 5 minutes from the first reveal.
    row = await deadlines.storage.deadline(live.id)
    assert row is not None and row.turn_seconds == 5 * 60
    assert row.due_at == table.clock.now + 5 * 60
    # The reveal timer runs out: the revealed action is executed as plotted.
    revealed = game.view(None)["current"]
    table.clock.advance(5 * 60)
    await deadlines.tick()
    await table.fake.settle()
    assert f"The deadline passed for {revealed}." in table.said()
    assert game.view(None)["current"] != revealed or game.view(None)["round"] > 1


async def test_the_deadline_set_by_hand_replaces_the_games_own(table: Table) -> None:
    """`/game deadline set` still overrides the game's time limits (for the rest of the
    game); cleared by hand, the game's own limits don't come back."""
    await paa_game(table, "plot_minutes=30")
    live = await table.loaded()
    deadlines = bot_of(table).deadlines
    row = await deadlines.storage.deadline(live.id)
    assert row is not None and row.turn_seconds == 24 * 3600  # async: a day a decision
    await table.slash("ann", "game deadline", change="set", minutes=10.0)
    await to_plot_phase(table)
    row = await deadlines.storage.deadline(live.id)
    assert row is not None and row.turn_seconds == 10 * 60
    await table.slash("ann", "game deadline", change="clear")
    await act(table, "USSR", "plot-submit")
    await act(table, "Germany", "plot-submit")
    assert await deadlines.storage.deadline(live.id) is None


async def test_the_plot_phase_time_limit_by_option(table: Table) -> None:
    """`plot_minutes` overrides the pace's Plot Phase limit."""
    await paa_game(table, "plot_minutes=30")
    await to_plot_phase(table)
    live = await table.loaded()
    row = await bot_of(table).deadlines.storage.deadline(live.id)
    assert row is not None and row.turn_seconds == 30 * 60


async def test_the_sheet_message_survives_a_restart(table: Table) -> None:
    """Issue 16: "the bot restarted in the middle of the Plot Phase ... loses nothing": after
    a restart the next change edits the same sheet message (its detail's fingerprint is
    stored), and a restart alone edits nothing and sends nothing."""
    await paa_game(table)
    await to_plot_phase(table)
    await act(table, "USSR", "plot-move", round=1, units="3 inf", from_area="Russia",
              to="Karelia")
    ussr = prompt_of(table, "USSR")
    edits, dms = ussr.edits, len(table.dms("ann"))
    await table.stop_bot()
    await table.start_bot(seed="paa-view")
    await table.fake.settle()
    await table.loaded()
    assert ussr.edits == edits and len(table.dms("ann")) == dms
    await act(table, "USSR", "plot-noop", round=2)
    assert prompt_of(table, "USSR").id == ussr.id and ussr.edits == edits + 1
    assert "Round 2: no operation." in sheet_of(ussr) and len(ussr.files) == 1
    assert len(table.dms("ann")) == dms
