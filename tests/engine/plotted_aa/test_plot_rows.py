"""Rows of the plot form typed again, and what is never submitted (Plotted A&A, "Plotting
Actions", "Plotting Movement Actions", "Time Limit", Optional Rules "NOOP"; decisions D-1
and D-14 of docs/plotted-aa.md)."""

from __future__ import annotations

import pytest

from engine import NotAllowed
from engine.aa.units import POWERS
from tests.engine.plotted_aa.helpers import (
    FORM_HEADER,
    act,
    plot_phase,
    run_deadlines,
    submit_all,
    units_at,
    verified,
)

GER, UK = "Germany", "United Kingdom"


def test_a_row_typed_again_replaces_the_earlier_count_and_the_move_executes() -> None:
    """Plotting Movement Actions: "One movement action consists of moving 1 or more units
    from 1 or more areas into a *single* land or sea area." A player re-typing a row to
    correct its count (3 infantry from Germany, then 2) means 2 (D-14): the move keeps one
    row from Germany, and the deadline's execution moves 2 infantry (it used to stop the
    game with a ValueError)."""
    game = plot_phase("retyped")
    act(game, GER, "plot-move", round=1, units="3i", from_area="Germany", to="W Europe")
    events = act(game, GER, "plot-move", round=1, units="2i", from_area="Germany",
                 to="W Europe")
    (action,) = game.plots[GER]
    assert [(s.area, s.units) for s in action.sources] == [("Germany", {"infantry": 2})]
    assert "replaces it for the units it names, so it moves 2 infantry from there (it was " \
           "3 infantry)" in events[0].text
    assert "replaces it" in game.prompt_detail(GER)
    before = units_at(game, "Germany", GER)["infantry"]
    submit_all(game)
    run_deadlines(game, until="develop")
    assert units_at(game, "Germany", GER)["infantry"] == before - 2
    assert verified(game)


def test_a_row_typed_again_keeps_the_kinds_it_does_not_name_and_a_new_source_adds() -> None:
    """Plotting Movement Actions, the Karelia example: rows from other areas add sources to
    the move; a row from an area already there changes only the kinds it names (D-14)."""
    game = plot_phase("retyped-kinds")
    act(game, GER, "plot-move", round=4, units="3i, t", from_area="Fin", to="Karelia")
    act(game, GER, "plot-move", round=4, units="3i, t", from_area="Ukr", to="Karelia")
    act(game, GER, "plot-move", round=4, units="2i", from_area="Fin", to="Karelia")
    (action,) = game.plots[GER]
    assert [(s.area, s.units) for s in action.sources] == [
        ("Finland Norway", {"infantry": 2, "armour": 1}),
        ("Ukraine S.S.R.", {"infantry": 3, "armour": 1})]


def test_a_pasted_form_naming_a_source_twice_is_one_row_and_executes() -> None:
    """Plotting Actions: a pasted form with the same source twice in one move ("3i" then
    "2i" from Germany) is read as the player typing the row again (D-14): one row of 2
    infantry, said on the sheet; executed as plotted without error."""
    game = plot_phase("pasted-twice")
    form = FORM_HEADER + "1\tW Europe\t3i\tGer\t\n\t\t2i\tGer\t\n\t\tt\tGer\t\n"
    events = act(game, GER, "plot-paste", text=form)
    (action,) = game.plots[GER]
    assert [(s.area, s.units) for s in action.sources] == [
        ("Germany", {"infantry": 2, "armour": 1})]
    assert "Round 1: The move already had a row from Germany" in events[0].text
    submit_all(game)
    run_deadlines(game, until="develop")
    assert units_at(game, "West Europe", GER)["infantry"] >= 2


def test_execution_never_moves_a_unit_twice_when_a_stored_move_names_a_source_twice() -> None:
    """Executing a movement action from a plot stored before rows were merged (a game
    imported or started on an older version): two rows from Germany asking 3 and 2 of its
    4 infantry move the 4 it has, and the game goes on (no ValueError, at the deadline
    either)."""
    game = plot_phase("stored-twice")
    act(game, GER, "plot-move", round=1, units="3i", from_area="Germany", to="W Europe")
    state = game.state()
    sources = state["game"]["plots"][GER][0]["sources"]
    sources.append({**sources[0], "units": {"infantry": 2}})
    game = type(game).from_state(state)
    submit_all(game)
    have = units_at(game, "Germany", GER)["infantry"]
    run_deadlines(game, until="develop")
    assert units_at(game, "Germany", GER).get("infantry", 0) == max(0, have - 5)


def test_a_plot_with_a_gap_is_never_submitted_whatever_is_asked() -> None:
    """Plotting Actions: "Round numbers must begin with 1 and proceed sequentially without
    skipping any numbers." A plot with a gap is refused at submit, also when the submit asks
    to take it as it stands; no prompt offers that ("submit anyway") to a player."""
    game = plot_phase("gap")
    act(game, GER, "plot-move", round=1, units="inf", from_area="Germany", to="W Europe")
    act(game, GER, "plot-move", round=3, units="inf", from_area="Germany", to="E Europe")
    with pytest.raises(NotAllowed, match="Round 2 has no action"):
        act(game, GER, "plot-submit")
    spec = game.prompts()[GER].action("plot-submit")
    assert spec is not None and spec.params == ()
    assert not game.submitted[GER]


def test_the_time_limit_takes_a_plot_with_a_gap_closed_up() -> None:
    """Time Limit: "All plotting must stop when this time limit runs out." A plot with a gap
    is still never submitted as it is (D-1): the deadline closes the gap up (round 3 becomes
    round 2, in the order written), and the power's sheet says so. The action then executes
    in round 2."""
    game = plot_phase("gap-deadline")
    act(game, GER, "plot-move", round=1, units="inf", from_area="Germany", to="W Europe")
    act(game, GER, "plot-move", round=3, units="arm", from_area="Germany", to="E Europe")
    for power in POWERS:
        if power != GER:
            act(game, power, "plot-submit")
    (todo,) = game.timeout_actions()
    events = act(game, *todo[:2], **todo[2])
    assert [a.round for a in game.plots[GER]] == [1, 2]
    assert game.plots[GER][1].area == "East Europe"
    sheet = next(e for e in events if e.kind == "plot_sheet")
    assert sheet.audience == frozenset({GER})
    assert "made legal: round 3 is now round 2" in sheet.text
    reveals = [e for e in events + run_deadlines(game, until="develop")
               if e.kind == "reveal" and e.data["power"] == GER]
    assert [e.data["round"] for e in reveals] == [1, 2]


def test_two_noops_in_a_row_are_never_submitted_the_time_limit_leaves_one_out() -> None:
    """Optional Rules, NOOP: "you may not plot 2 NOOPs in a row." Removing the move between
    two NOOPs leaves a gap, and closing it would put the NOOPs in a row: the time limit
    leaves the second out (D-1), so no submitted plot has two NOOPs in a row."""
    game = plot_phase("noops")
    act(game, GER, "plot-noop", round=1)
    act(game, GER, "plot-move", round=2, units="inf", from_area="Germany", to="W Europe")
    act(game, GER, "plot-noop", round=3)
    act(game, GER, "plot-move", round=4, units="arm", from_area="Germany", to="E Europe")
    act(game, GER, "plot-remove", round=2)
    with pytest.raises(NotAllowed):
        act(game, GER, "plot-submit")
    run_deadlines(game, until="execute")
    assert [(a.round, a.kind) for a in game.plots[GER]] == [(1, "noop"), (2, "move")]
