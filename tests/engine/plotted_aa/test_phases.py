"""The phases around the examples: Develop Weapons, the Plot Phase's time limit, builds as
executed, the Final Build Phase and Collect Income (shared/rules/plotted-aa.md)."""

from __future__ import annotations

import pytest

from engine import NotAllowed
from engine.aa.units import POWERS
from tests.engine.plotted_aa.helpers import (
    FORM_HEADER,
    act,
    new,
    plot_phase,
    run_deadlines,
    submit_all,
    units_at,
)

GER, UK = "Germany", "United Kingdom"


def test_develop_weapons_phase_in_turn_order_not_plotted() -> None:
    """Develop Weapons Phase: "Beginning with the USSR and proceeding in standard turn order,
    each player may develop weapons. Weapons development is not plotted." """
    game = new("develop")
    assert list(game.prompts()) == ["USSR"]
    with pytest.raises(NotAllowed):
        act(game, GER, "skip")
    events = act(game, "USSR", "research", dice=2)
    assert events[0].public and "USSR buys 2 research dice (10 IPCs)" in events[0].text
    assert game.pos.treasury["USSR"] == 14
    assert list(game.prompts()) == [GER]
    for power in POWERS[1:]:
        act(game, power, "skip")
    assert game.stage == "plot" and sorted(game.prompts()) == sorted(POWERS)


def test_german_first_turn_example_pasted_and_submitted() -> None:
    """German 1st Turn Example: "The Germans have legally plotted to build units during the
    6th round and then move a submarine during the 7th round." The form, pasted as printed,
    is accepted and can be submitted."""
    game = plot_phase("german")
    form = FORM_HEADER + (
        "4\tKarelia\t3i, t\tFin\t\n\t\t3i, t\tUkr\t\n\t\t3i, t\tE Eur\t\n"
        "\t\t2t\tGer\tVia E Eur\n3\tNorth Sea\tf\tUkr\t\n\t\tf\tFin\t\n\t\tf\tE Eur\t\n"
        "\t\tf\tW Eur\t\n\t\tf, b\tGer\t\n\t\tsub, trn\tBaltic\t\n"
        "1\tE Med\tbb, trn\tC Med\t+t from S Eur\n2\tEgypt\tall\tLibya\tt via F E Afr\n"
        "\t\tt\tE Med\tfrom trn\n5\tF W Afr\tall\tAlg\t\n6\tGer\t6t\tbuild\t30 IPCs\n"
        "7\tUS E Coast\tsub\tSpn W Coast\t\n")
    events = act(game, GER, "plot-paste", text=form)
    assert [e.audience for e in events] == [frozenset({GER})] * 2  # what it read, the sheet
    assert [a.round for a in game.plots[GER]] == [1, 2, 3, 4, 5, 6, 7]
    events = act(game, GER, "plot-submit")
    assert events[0].public and events[0].data == {"power": GER,
                                                   "digest": game.digests[GER]}


def test_time_limit_unsubmitted_plots_are_taken_as_they_stand() -> None:
    """Time Limit: "All plotting must stop when this time limit runs out. You don't have to
    plot an action for every unit you control. Unplotted units will simply remain where
    they are and defend." """
    game = plot_phase("deadline")
    act(game, GER, "plot-move", round=2, units="inf", from_area="Germany", to="W Europe")
    act(game, UK, "plot-submit")
    assert sorted(game.timeout_actions()) == sorted(
        (p, "plot-submit", {"as_it_stands": True}) for p in POWERS if p != UK)
    # Germany's plot has a gap (no round 1): taken at the deadline, closed up (D-1).
    with pytest.raises(NotAllowed, match="Round 1 has no action"):
        act(game, GER, "plot-submit")
    for seat, action, params in game.timeout_actions():
        act(game, seat, action, **params)
    assert game.stage == "execute" and [a.round for a in game.plots[GER]] == [1]
    run_deadlines(game, until="develop")
    assert units_at(game, "West Europe", GER)["infantry"] == 3


def test_executing_builds_pay_what_you_can_and_only_what_was_plotted() -> None:
    """Executing Build Actions: "If you no longer have the required number of IPCs you must
    choose which units not to build. However, you may not build a unit you didn't plot to
    build. ... you may build the remaining units during the Final Build Phase." """
    game = plot_phase("build")
    act(game, GER, "plot-build", round=1, factory="Germany", units="3 inf, 2 arm")
    submit_all(game)
    game.pos.treasury[GER] = 10
    while not (game.revealed is not None and game.power == GER):
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    with pytest.raises(NotAllowed, match="didn't plot"):
        act(game, GER, "execute", units="fighter")
    with pytest.raises(NotAllowed, match="choose which units not to build"):
        act(game, GER, "execute", units="3 inf, 2 arm")
    act(game, GER, "execute", units="1 inf")
    assert game.pos.treasury[GER] == 7
    assert game.unbuilt[GER] == {"infantry": 2, "armour": 2}
    # Final Build Phase: the rest, as far as the IPCs go, at an original factory.
    while game.stage != "final-build":
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    assert game.power == GER
    assert [c.value for c in game.prompts()[GER].action("final-build").params[0].choices] \
        == ["Germany", "South Europe"]
    act(game, GER, "final-build", at="South Europe", units="2 inf")
    assert game.pos.treasury[GER] > 1  # the income came in after the phase
    assert units_at(game, "South Europe", GER)["infantry"] == 4


def test_built_units_do_not_move_this_turn() -> None:
    """Plotting Build Actions: "A unit may not be plotted to do anything during the turn
    it's built; it may only remain where it is and defend." Executing 'all' from the
    factory moves only the units that were there before the build."""
    game = plot_phase("built")
    form = FORM_HEADER + "1\tGer\t2i\tbuild\t\n2\tW Europe\tall\tGer\t\n"
    act(game, GER, "plot-paste", text=form)
    submit_all(game)
    run_deadlines(game, until="develop")
    assert units_at(game, "Germany", GER).get("infantry") == 2
    assert units_at(game, "West Europe", GER)["infantry"] == 6


def test_combat_is_resolved_before_the_next_country_acts_with_casualties_chosen() -> None:
    """Combat: "Combat must be resolved before going on to the next country's plotted
    action. Use the standard Combat rules. The country whose units are moving is the
    attacker." Casualties are the owners' choice (a prompt each)."""
    game = plot_phase("combat")
    act(game, GER, "plot-move", round=1, units="3i, t, f", from_area="E Eur",
        to="Karelia")
    submit_all(game)
    for _ in range(50):
        prompts = game.prompts()
        if any(a.name == "casualties" for p in prompts.values() for a in p.actions):
            break
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    assert game.battle is not None and game.power == GER
    assert all(p.actions[0].name == "casualties" for p in game.prompts().values())
    run_deadlines(game, until="develop")
    assert game.battle is None


def test_view_for_the_map_render() -> None:
    """The public view the map render reads: the position, the round's revealed moves,
    the round, whose turn, the phase, the income."""
    game = plot_phase("view")
    act(game, GER, "plot-move", round=1, units="inf", from_area="Germany", to="W Europe")
    submit_all(game)
    view = game.view(None)
    assert {"position", "moves", "round", "current", "phase", "income"} <= set(view)
    assert view["moves"] == []
    events = run_deadlines(game, until="develop")
    moved = {"power": GER, "from": "Germany", "to": "West Europe", "units": {"infantry": 1},
             "round": 1}
    # The round's image: its moves are in the round_over event and stay in the view.
    assert next(e for e in events if e.kind == "round_over").data["moves"] == [moved]
    assert game.view(None)["moves"] == []  # a new turn
    assert "round_over" in game.render_on


def test_entering_a_neutral_pays_its_charge_and_takes_it() -> None:
    """Getting Started: "Unless overridden in these variant rules, follow the standard A&A
    rules": a land unit entering a neutral territory pays the standard 3 IPCs and takes
    it."""
    game = plot_phase("neutral")
    act(game, GER, "plot-move", round=1, units="inf", from_area="W Europe", to="Spain")
    submit_all(game)
    treasury = game.pos.treasury[GER]
    while not (game.revealed is not None and game.power == GER):
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    events = act(game, GER, "execute")  # the last action of the turn: income follows
    assert [e.text for e in events if e.kind == "neutral"] == [
        "Germany pays 3 IPCs to enter the neutral Spain."]
    income = next(e for e in events if e.kind == "income" and e.data["power"] == GER)
    assert game.pos.treasury[GER] == treasury - 3 + income.data["ipcs"]
    assert game.pos.controller("Spain") == GER


def test_executing_a_move_says_what_moved() -> None:
    """Execution Phase ("the player may execute all, some or none of the action"): the
    channel is told what actually moved, not "moves nothing" when units moved."""
    game = plot_phase("says-what-moved")
    game.act("USSR", "plot-move", round=1, units="1i", from_area="Russia", to="Caucasus")
    for power in POWERS:
        game.act(power, "plot-submit", as_it_stands=True)
    events = game.act("USSR", "execute")
    moved = [e.text for e in events if e.kind == "moved"]
    assert moved == ["USSR moves 1 infantry from Russia to Caucasus."]


def test_a_sentence_ending_on_an_abbreviated_area_has_one_full_stop() -> None:
    """Players' words: "Round 1: build 1 infantry at Ukraine S.S.R." and "... to Karelia
    S.S.R.", never "S.S.R.."."""
    game = plot_phase("one-full-stop")
    game.act("USSR", "plot-move", round=1, units="1i", from_area="Russia", to="Karelia")
    sheet = game.sheet("USSR")  # type: ignore[attr-defined]
    assert "Karelia S.S.R.." not in sheet and "Karelia S.S.R." in sheet
    for power in POWERS:
        game.act(power, "plot-submit", as_it_stands=True)
    events = game.act("USSR", "execute")
    assert all(".." not in e.text for e in events), [e.text for e in events]
