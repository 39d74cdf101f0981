"""`/paa`: Plotted A&A's commands through the sandbox (issue 16, docs/plotted-aa.md).

The Plot Phase's commands answer only the asker (ephemeral in the channel, the plot sheet
by DM): the channel learns that a power submitted and its digest, nothing of a plot. The
paste form reads the rulebook's own table notation; what it can't read is answered with
the engine's words, naming the line, and the text is kept to fix. A user holding two
powers plots each separately. `/paa verify` is the commitment check anyone can run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from typing import Any

from demo.scripts.plotted_aa import paa_script
from demo.table import DemoTable
from engine.aa.units import POWERS
from engine.games.plotted_aa.commitment import commit
from engine.games.plotted_aa.rulebook import GERMAN_FIRST_TURN
from tests.support.table import Table

SEATS = (("bob", "USSR"), ("ann", "Germany"), ("cy", "United Kingdom"), ("ann", "Japan"),
         ("bob", "USA"))  # ann and bob hold two powers each
PNG = b"\x89PNG\r\n\x1a\n"



async def plot_phase(table: Table, seed: str, *, images: bool = False) -> None:
    """A started game in the Plot Phase of turn 1 (every power skipped development)."""
    table.extensions = ("cogs.lobby", "cogs.paa")
    bot = await table.start_bot(seed=seed)
    if not images:
        bot.pictures.clear()
    await table.slash("ann", "game new", variant="plotted-aa")
    for user, power in SEATS:
        await table.slash(user, "game join", seat=power)
    await table.slash("ann", "game start")
    for user, _ in SEATS:
        assert (await table.slash(user, "paa skip")).ephemeral


def plot_commands_were_private(table: Table) -> None:
    """Every `/paa plot` command was answered ephemerally or with a form, never publicly."""
    asked = [i for i in table.fake.interactions if i.command and i.command.startswith("paa plot")]
    assert asked
    for inter in asked:
        assert inter.response_type == 9 or inter.ephemeral, inter.describe()
        assert all(m.ephemeral_to == inter.user_id for m in inter.all_messages()), \
            inter.describe()


def by_hand(record: dict[str, str]) -> str | None:
    """The check as docs/plotted-aa.md gives it for a shell (None without sha256sum)."""
    if shutil.which("sha256sum") is None:
        return None
    done = subprocess.run(["sh", "-c", "printf '%s%s' \"$SALT\" \"$PLOT\" | sha256sum"],
                          env={"SALT": record["salt"], "PLOT": record["plot"],
                               "PATH": os.environ.get("PATH", "")},
                          capture_output=True, text=True, timeout=30, check=True)
    return done.stdout.split()[0]


async def game_of(table: Table) -> Any:
    return (await table.loaded()).game


async def test_each_plot_command_answers_the_asker_alone(table: Table) -> None:
    """Move, build, NOOP (never two in a row), remove, clear, sheet, submit: each answered
    ephemerally, the sheet by DM; the channel sees only the submission and its digest."""
    await plot_phase(table, "paa-commands")
    posted = len(table.fake.messages(table.channel))
    move = await table.slash("cy", "paa plot move", round=1, units="i, t", to="Libya",
                             **{"from": "Egypt"})
    assert move.ephemeral and "Done" in move.text()
    await table.slash("cy", "paa plot build", round=2, factory="UK", units="2i")
    await table.slash("cy", "paa plot noop", round=3)
    twice = await table.slash("cy", "paa plot noop", round=4)
    assert twice.ephemeral and "\N{NO ENTRY SIGN}" in twice.text()
    await table.slash("cy", "paa plot remove", round=3)
    sheet = await table.slash("cy", "paa plot sheet")
    assert sheet.ephemeral
    assert "Round 1: move into Libya: 1 infantry, 1 armour from Anglo Sudan Egypt." in \
        sheet.text()
    assert "Round 2: build 2 infantry at United Kingdom." in sheet.text()
    plotted = sheet.text().split("As a form")[0].splitlines()
    assert not any(line.startswith("Round 3") for line in plotted)
    assert "Removed: Round 3: no operation." in sheet.text()  # what the last command read
    dm = "\n".join(m.text() for m in table.dms("cy"))
    assert "United Kingdom's plot for turn 1" in dm and "move into Libya" in dm

    await table.slash("cy", "paa plot clear")
    game = await game_of(table)
    assert game.plots["United Kingdom"] == []
    # In a DM with the bot the same commands work (the user's only game of this kind).
    dm = table.fake.world.dm_by_user[table.users["cy"]]
    await table.slash("cy", "paa plot build", channel=dm, round=1, factory="UK", units="2i")
    assert [a.round for a in game.plots["United Kingdom"]] == [1]
    submit = await table.slash("cy", "paa plot submit")
    assert submit.ephemeral
    said = "\n".join(m.text() for m in table.fake.messages(table.channel)[posted:])
    digest = game.digests["United Kingdom"]
    assert f"United Kingdom has submitted its plot. Commitment (sha256 of salt and plot, " \
           f"checkable after the turn): {digest}" in said
    for secret in ("Libya", "Egypt", "infantry", "armour", "NOOP", "no operation", "Round 1",
                   "round 1"):
        assert secret not in said, secret
    plot_commands_were_private(table)


async def test_the_paste_form_reads_the_german_first_turn_example(table: Table) -> None:
    """Plotted A&A, "German 1st Turn Example": pasted in `/paa plot paste`'s form (one
    paragraph box of up to 4,000 characters) it parses as printed, seven actions in rounds
    1 to 7, and validates; the form opens again holding the plot as it stands."""
    await plot_phase(table, "paa-paste")
    opened = await table.slash("ann", "paa plot paste", power="Germany")
    assert opened.response_type == 9 and opened.modal is not None
    (box,) = [c["component"] for c in opened.modal["components"]]
    assert box["style"] == 2 and box["max_length"] == 4000
    sent = await table.fake.submit_modal(table.users["ann"], opened, None,
                                         {"form": GERMAN_FIRST_TURN})
    await table.fake.settle()
    assert sent.ephemeral and "Done" in sent.text()
    game = await game_of(table)
    plot = game.plots["Germany"]
    assert [a.round for a in plot] == [1, 2, 3, 4, 5, 6, 7]
    assert plot[3].area == "Karelia S.S.R." and len(plot[3].sources) == 4
    assert game.check("Germany", plot).errors == []
    sheets = [m.text() for m in table.dms("ann") if "Germany's plot for turn 1" in m.text()]
    assert sheets and "Round 6: build 6 armour at Germany." in sheets[-1]
    assert "Round 1: move into East Mediterranean Sea Zone" in sheets[-1]
    assert "Mediteranean" not in sheets[-1]  # the board's key, misspelt (issue 24)
    assert "Karelia" not in table.said() and "armour" not in table.said()

    again = await table.slash("ann", "paa plot paste", power="Germany")
    (box,) = [c["component"] for c in again.modal["components"]]  # type: ignore[index]
    assert "Karelia S.S.R." in box["value"] and box["value"].startswith("Round\t")
    assert "1\tEast Mediterranean Sea Zone\tbb, trn\tCentral Mediterranean Sea Zone" \
        in box["value"] and "Mediteranean" not in box["value"]
    # The form as it opens, pasted back as it stands, is the same plot.
    await table.fake.submit_modal(table.users["ann"], again, None, {"form": box["value"]})
    await table.fake.settle()
    assert [a.to_json() for a in (await game_of(table)).plots["Germany"]] == \
        [a.to_json() for a in plot]
    plot_commands_were_private(table)


async def test_a_form_with_an_error_on_line_3_is_answered_with_that_line(table: Table) -> None:
    """Errors that point at the line come from the engine's form reader, shown as they are,
    to the player alone; the plot is unchanged, and "Fix and paste again" opens the form
    again with the pasted text kept."""
    await plot_phase(table, "paa-paste-error")
    form = ("Round | Move To / Build At | With Units | From | Notes\n"
            "1 | UK | 2i, f | build |\n"
            "2 | Libya | tnk | Egypt |\n")
    opened = await table.slash("cy", "paa plot paste")
    refused = await table.fake.submit_modal(table.users["cy"], opened, None, {"form": form})
    await table.fake.settle()
    assert refused.ephemeral
    text = refused.text()
    assert "Line 3: I don't know the unit 'tnk'." in text
    assert (await game_of(table)).plots["United Kingdom"] == []
    message = refused.all_messages()[-1]
    reopened = await table.fake.click(table.users["cy"], message.id,
                                      message.button("Fix and paste again"))
    await table.fake.settle()
    assert reopened.response_type == 9 and reopened.modal is not None
    (box,) = [c["component"] for c in reopened.modal["components"]]
    assert box["value"] == form
    fixed = await table.fake.submit_modal(table.users["cy"], reopened, None,
                                          {"form": form.replace("tnk", "t")})
    await table.fake.settle()
    assert fixed.ephemeral and "Done" in fixed.text()
    assert len((await game_of(table)).plots["United Kingdom"]) == 2
    # A form sent after its power submitted: refused, with nothing to fix.
    late = await table.slash("cy", "paa plot paste")
    await table.slash("cy", "paa plot submit")
    refused = await table.fake.submit_modal(table.users["cy"], late, None, {"form": form})
    await table.fake.settle()
    assert "United Kingdom isn't plotting now" in refused.text()
    assert not [b for m in refused.all_messages() for b in m.buttons()]
    closed = await table.slash("cy", "paa plot paste")
    assert closed.response_type != 9 and "isn't plotting now" in closed.text()
    assert "tnk" not in table.said() and "Libya" not in table.said()


async def test_a_user_holding_two_powers_plots_each_separately(table: Table) -> None:
    """Issue 16: "one user may hold several, and plots secret from one another still (a user
    who holds two powers plots each separately)". Without `power` a plot command asks which;
    each sheet, by DM or answered, holds only that power's plot."""
    await plot_phase(table, "paa-two-powers")
    asked = await table.slash("ann", "paa plot noop", round=1)
    assert asked.ephemeral and "You hold Germany, Japan" in asked.text()
    assert "power" in asked.text()
    await table.slash("ann", "paa plot move", round=1, units="3i, t", to="Karelia",
                      power="Germany", **{"from": "Fin"})
    await table.slash("ann", "paa plot move", round=1, units="2i", to="China", power="Japan",
                      **{"from": "Kwangtung"})
    game = await game_of(table)
    assert [a.area for a in game.plots["Germany"]] == ["Karelia S.S.R."]
    assert [a.area for a in game.plots["Japan"]] == ["China"]

    germany = await table.slash("ann", "paa plot sheet", power="Germany")
    japan = await table.slash("ann", "paa plot sheet", power="Japan")
    assert "Karelia" in germany.text() and "China" not in germany.text()
    assert "China" in japan.text() and "Karelia" not in japan.text()
    sheets = [m.text() for m in table.dms("ann") if "'s plot for turn" in m.text()]
    assert len(sheets) >= 2
    for text in sheets:
        if "— Germany" in text:
            assert "Germany's plot" in text and "China" not in text and "Japan" not in text
        else:
            assert "— Japan" in text and "Karelia" not in text and "Germany" not in text
    # Not a power ann holds; then Germany submits, and Japan is the one still plotting.
    refused = await table.slash("ann", "paa plot clear", power="USA")
    assert "You don't hold USA" in refused.text()
    saved = await table.slash("ann", "paa loss-order", order="inf, arm, trn, ftr",
                              power="Japan")
    assert saved.ephemeral and any(
        "Japan's standing orders (secret until they act)" in m.text()
        and "Loss order (cheapest first): infantry, armour, transports, fighters" in m.text()
        for m in table.dms("ann"))
    assert game.loss_orders["Japan"][:2] == ["infantry", "armour"]
    assert "Germany" not in game.loss_orders
    await table.slash("ann", "paa plot submit", power="Germany")
    only = await table.slash("ann", "paa plot sheet")
    assert "Japan's plot" in only.text()
    assert "Karelia" not in table.said() and "China" not in table.said()
    plot_commands_were_private(table)


async def test_autocomplete_offers_rounds_units_from_the_area_and_areas(table: Table) -> None:
    """Rounds 1..n+1 with what each holds; the units the asker's power has in `from`; areas
    as players write them (the completer A&A classic's `/aa` uses)."""
    await plot_phase(table, "paa-complete")
    uid, channel = table.users["cy"], table.channel
    await table.slash("cy", "paa plot build", round=1, factory="UK", units="2i")
    offered = await table.fake.autocomplete(uid, channel, "paa plot noop", "round", round="")
    assert [o["value"] for o in offered] == [1, 2]
    assert offered[0]["name"].startswith("1: build 2 infantry")
    offered = await table.fake.autocomplete(uid, channel, "paa plot move", "units", units="",
                                            round=2, to="x", **{"from": "Egypt"})
    values = [o["value"] for o in offered]
    assert values[:2] == ["all", "1 infantry, 1 armour"]
    assert sorted(values[2:]) == ["1 armour", "1 infantry"]
    offered = await table.fake.autocomplete(uid, channel, "paa plot move", "to", to="E Med",
                                            round=2, units="t", **{"from": "x"})
    assert offered[0]["value"] == "East Mediteranean Sea Zone"  # the board's key is sent
    assert offered[0]["name"] == "East Mediterranean Sea Zone"  # as players spell it
    offered = await table.fake.autocomplete(uid, channel, "paa plot move", "to",
                                            to="mediterranean", round=2, units="t",
                                            **{"from": "x"})
    assert [o["name"] for o in offered] == ["Central Mediterranean Sea Zone",
                                            "East Mediterranean Sea Zone",
                                            "West Mediterranean Sea Zone"]
    offered = await table.fake.autocomplete(table.users["ann"], channel, "paa plot move",
                                            "units", units="", round=1, to="x",
                                            power="Japan", **{"from": "Manchuria"})
    assert offered[1]["value"] == "3 infantry, 1 fighter"


async def test_a_whole_turn_by_typed_commands_then_verify(table: Table) -> None:
    """The demo's first turn with every decision typed (`execute`, `pass`, `execute units`,
    `casualties`, `continue`, `retreat`, `land`, `final-build`, `research`, `skip`,
    `board`), one board image a round; then `/paa verify`, run by someone who plays no
    power, says each plot matches the digest posted at submit, and says it does not
    match when one character of a plot changes."""
    table.extensions = ("cogs.lobby", "cogs.paa")
    bot = await table.start_bot(seed="demo-paa-0")
    summary = await paa_script(DemoTable(table.fake, bot, table.channel, table.users),
                               typed=True)
    assert "whole first turn of all five powers" in summary
    typed = {i.command for i in table.fake.interactions if i.command}
    for command in ("paa execute", "paa pass", "paa casualties", "paa continue",
                    "paa retreat", "paa land", "paa final-build", "paa research", "paa skip",
                    "paa board", "paa verify"):
        assert command in typed, command
    asked = [i for i in table.fake.interactions if i.command and i.command.startswith("paa")]
    assert all(i.ephemeral for i in asked if i.response_type != 9)
    channel = table.said()
    assert "USSR retreats " in channel and " to Caucasus." in channel
    assert "Germany attacks Karelia S.S.R. with " in channel
    assert "United Kingdom builds 2 infantry, 1 fighter in United Kingdom" in channel
    files = [(name, data) for m in table.fake.messages(table.channel) for name, data in m.files]
    assert files and all(data.startswith(PNG) for _, data in files)
    # One board a round (seven rounds), not one an action (each with its close-up beside
    # it); and the turns' starts.
    boards = [name for name, _ in files if "-zoom-" not in name]
    assert 7 <= len(boards) <= 7 + 2
    plot_commands_were_private(table)

    game = await game_of(table)
    assert game.turn == 2 and game.stage == "develop"
    checked = await table.slash("mod", "paa verify")
    assert checked.ephemeral and checked.text().count("**matches**") == 5
    (name, data), = [f for m in checked.all_messages() for f in m.files]
    assert name == "plots-turn-1.json"
    germany = json.loads(data)["plots"]["Germany"]
    assert by_hand(germany) in (None, germany["digest"])
    if shutil.which("jq") and shutil.which("sha256sum"):  # the answer's own one-liner
        done = subprocess.run(["sh", "-c", "jq -j '.plots.Germany | .salt + .plot' | sha256sum"],
                              input=data.decode(), capture_output=True, text=True, timeout=30,
                              check=True)
        assert done.stdout.split()[0] == germany["digest"]
    published = game.view(None)["last_turn_plots"]["Germany"]
    assert commit(published["plot"], published["salt"]) == published["digest"]
    changed = published["plot"].replace("Karelia", "Karelja", 1)
    tampered = await table.slash("mod", "paa verify", power="Germany", plot=changed)
    assert "**does not match**" in tampered.text() and "**matches**" not in tampered.text()
    given = await table.slash("cy", "paa verify", plot=published["plot"],
                                salt=published["salt"], digest=published["digest"])
    assert "The plot **matches**" in given.text()
    # A stored plot changed after submission: the digest posted at submit (read from the
    # log) no longer matches.
    game.disclosed["Japan"]["plot"] = game.disclosed["Japan"]["plot"].replace("3", "4", 1)
    stored = await table.slash("mod", "paa verify", power="Japan")
    assert "Japan's plot of turn 1 **does not match**" in stored.text()
    assert json.loads(published["plot"])[0]["round"] == 1
    assert set(game.view(None)["last_turn_plots"]) == set(POWERS)


async def test_a_paste_form_opened_before_a_restart_counts_after_it(table: Table) -> None:
    """Issue 16: "the bot restarted in the middle of the Plot Phase ... loses nothing": the
    paste form is read from its custom id, not from the process that opened it."""
    await plot_phase(table, "paa-restart")
    opened = await table.slash("cy", "paa plot paste")
    await table.stop_bot()
    await table.start_bot(seed="paa-restart")
    sent = await table.fake.submit_modal(table.users["cy"], opened, None,
                                         {"form": "1 | UK | 2i | build"})
    await table.fake.settle()
    assert sent.ephemeral and "Done" in sent.text()
    plot = (await game_of(table)).plots["United Kingdom"]
    assert [(a.round, a.kind, a.build) for a in plot] == [(1, "build", {"infantry": 2})]


async def test_plot_commands_outside_the_plot_phase_say_so(table: Table) -> None:
    """In the Develop Weapons Phase a plot command is refused in words (not the action's
    name), to the asker alone; the sheet can still be asked for."""
    table.extensions = ("cogs.lobby", "cogs.paa")
    bot = await table.start_bot(seed="paa-early")
    bot.pictures.clear()
    await table.slash("ann", "game new", variant="plotted-aa")
    for user, power in SEATS:
        await table.slash(user, "game join", seat=power)
    await table.slash("ann", "game start")
    early = await table.slash("cy", "paa plot noop", round=1)
    assert early.ephemeral
    assert "United Kingdom isn't plotting now" in early.text() and "plot-" not in early.text()
    sheet = await table.slash("cy", "paa plot sheet")
    assert sheet.ephemeral and "No actions plotted" in sheet.text()


async def test_the_dm_prompts_paste_button_takes_a_whole_form(table: Table) -> None:
    """Every choice by a form (issue 16): the DM prompt's "Paste the whole form" button
    opens one paragraph box of up to 4,000 characters, and the German 1st Turn Example
    pasted there is the plot, as with `/paa plot paste`."""
    await plot_phase(table, "paa-paste-button")
    prompt = next(m for m in reversed(table.dms("ann"))
                  if "Germany" in m.text() and any(label.startswith("Paste the whole form")
                                                   for _, label, _ in m.buttons()))
    opened = await table.fake.click(table.users["ann"], prompt.id,
                                    prompt.button("Paste the whole form …"))
    assert opened.response_type == 9 and opened.modal is not None
    boxes = [c["component"] for c in opened.modal["components"]]
    assert [(b["style"], b["max_length"]) for b in boxes] == [(2, 4000)]
    await table.fake.submit_modal(table.users["ann"], opened, None,
                                  {boxes[0]["custom_id"]: GERMAN_FIRST_TURN})
    await table.fake.settle()
    plot = (await game_of(table)).plots["Germany"]
    assert [a.round for a in plot] == [1, 2, 3, 4, 5, 6, 7]
    assert "Karelia" not in table.said()


async def test_a_form_pasted_in_the_dm_prompt_and_refused_is_kept_to_fix(table: Table) -> None:
    """Issue 23: "a pasted form takes the same route into the engine as every other form:
    the generic form keeps the pasted text and offers 'Fix and paste again' on a refusal".
    The DM prompt's "Paste the whole form …" button: a form with an unknown unit on line 3
    is refused with the engine's words, the plot unchanged; "Fix and paste again" opens the
    box holding the text; fixed, it is the plot."""
    await plot_phase(table, "paa-paste-fix-dm")
    form = ("Round | Move To / Build At | With Units | From | Notes\n"
            "1 | UK | 2i, f | build |\n"
            "2 | Libya | tnk | Egypt |\n")
    prompt = next(m for m in reversed(table.dms("cy"))
                  if "United Kingdom" in m.text() and any(
                      label.startswith("Paste the whole form") for _, label, _ in m.buttons()))
    opened = await table.fake.click(table.users["cy"], prompt.id,
                                    prompt.button("Paste the whole form …"))
    (box,) = [c["component"] for c in (opened.modal or {})["components"]]
    refused = await table.fake.submit_modal(table.users["cy"], opened, None,
                                            {box["custom_id"]: form})
    await table.fake.settle()
    assert "Line 3: I don't know the unit 'tnk'." in refused.text()
    assert (await game_of(table)).plots["United Kingdom"] == []
    message = refused.all_messages()[-1]
    assert message.ephemeral_to == table.users["cy"]
    reopened = await table.fake.click(table.users["cy"], message.id,
                                      message.button("Fix and paste again"))
    assert reopened.response_type == 9 and reopened.modal is not None
    (kept,) = [c["component"] for c in reopened.modal["components"]]
    assert kept["value"] == form and kept["style"] == 2 and kept["max_length"] == 4000
    fixed = await table.fake.submit_modal(table.users["cy"], reopened, None,
                                          {kept["custom_id"]: form.replace("tnk", "t")})
    await table.fake.settle()
    assert fixed.ephemeral and "Done" in fixed.text()
    assert len((await game_of(table)).plots["United Kingdom"]) == 2
    assert "tnk" not in table.said() and "Libya" not in table.said()


def test_paste_ids_sent_before_the_form_was_generic_still_parse() -> None:
    """A paste box or a "Fix and paste again" button sent before issue 23 carries no action
    in its custom id: it is Plotted A&A's plot form still."""
    import re

    from bot.ui import paste

    old_box = paste.PASTE_ID.fullmatch("croupier:paste:12:3")
    assert old_box is not None and paste.ref_of(old_box) == paste.FormRef(12, 0, 3, "plot-paste")
    old_fix = re.fullmatch(paste.FIX_ID, "croupier:repaste:12:3")
    assert old_fix is not None and paste.ref_of(old_fix).action == "plot-paste"
    new_fix = paste.FixButton(12, 3, "plot-paste")
    assert re.fullmatch(paste.FIX_ID, str(new_fix.item.custom_id)) is not None


async def test_game_hand_shows_each_powers_plot_as_it_stands_not_its_drafts(
        table: Table) -> None:
    """Issue 24: "`/game hand` (Game.describe) shows the current plot and standing orders,
    not past drafts, and one power's sheet per power for a player holding two". ann holds
    Germany and Japan; Germany's row is typed three times (two drafts)."""
    await plot_phase(table, "paa-hand")
    for units in ("3i", "2i", "1i"):
        await table.slash("ann", "paa plot move", round=1, units=units, to="Ukr",
                          power="Germany", **{"from": "E Eur"})
    await table.slash("ann", "paa plot build", round=1, factory="Japan", units="2i",
                      power="Japan")
    hand = await table.slash("ann", "game hand")
    text = "\n".join(m.text() for m in hand.all_messages())
    assert hand.ephemeral
    assert text.count("Germany's plot for turn 1") == 1 and text.count("Japan's plot") == 1
    assert "1 infantry from East Europe" in text
    assert "3 infantry from East Europe" not in text  # a draft
    assert text.count("standing orders (secret until they act)") == 2


async def test_paa_orders_are_answered_to_their_power_alone(table: Table) -> None:
    """Issue 24: standing orders "set by command ... at any time (an engine action, free,
    private)": `/paa orders` in the channel is answered to the asker, its orders by DM;
    the channel, the history and the log show nothing; a setting it can't read is refused
    in words."""
    await plot_phase(table, "paa-orders")
    posted = len(table.fake.messages(table.channel))
    saved = await table.slash("cy", "paa orders", battle="60%", landing="Egypt")
    assert saved.ephemeral and "Done" in saved.text()
    sent = [m.text() for m in table.dms("cy") if "standing orders" in m.text()]
    assert sent and "press on while the odds of winning are at least 60%" in sent[-1]
    assert "at Anglo Sudan Egypt when they can reach it" in sent[-1]
    assert len(table.fake.messages(table.channel)) == posted
    history = await table.slash("mod", "game history")
    assert "orders" not in history.text().lower()
    refused = await table.slash("cy", "paa orders", battle="sometimes")
    assert refused.ephemeral and "Press on or retreat: I can't read 'sometimes'." in \
        refused.text()
    offered = await table.fake.autocomplete(table.users["cy"], table.channel, "paa orders",
                                            "battle", battle="odds")
    assert any("70%" in o["name"] for o in offered)
