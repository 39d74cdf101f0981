"""Values no plot can hold, refused in words (Plotted A&A, "Plotting Actions": "Round numbers
must begin with 1 and proceed sequentially without skipping any numbers").

A colleague found `plot-noop` with round -2 accepted and submittable; every plot command's
round, and every count a row names, is checked here."""

from __future__ import annotations

import pytest

from engine import RuleError
from engine.aa.units import POWERS
from engine.games.plotted_aa.form import Action
from engine.games.plotted_aa.plotcheck import check_plot
from tests.engine.plotted_aa.helpers import FORM_HEADER, act, plot_phase

USSR, GER = "USSR", "Germany"

ROUND_COMMANDS = {
    "plot-noop": {},
    "plot-move": {"units": "inf", "from_area": "Karelia", "to": "E Eur"},
    "plot-build": {"factory": "Russia", "units": "inf"},
    "plot-remove": {},
}


@pytest.mark.parametrize("action", sorted(ROUND_COMMANDS))
@pytest.mark.parametrize("number", [0, -2])
def test_plotting_actions_round_numbers_must_begin_with_1(action: str, number: int) -> None:
    """Plotting Actions: "Round numbers must begin with 1": round 0 or -2 is refused, in those
    words, by every plot command, and the plot stays as it was."""
    game = plot_phase("round-zero")
    with pytest.raises(RuleError, match="Round numbers must begin with 1: there is no round"):
        act(game, USSR, action, round=number, **ROUND_COMMANDS[action])
    assert game.plots[USSR] == []


@pytest.mark.parametrize("action", sorted(ROUND_COMMANDS))
@pytest.mark.parametrize("number", [100, 1_000_000])
def test_plotting_actions_an_absurd_round_is_refused(action: str, number: int) -> None:
    """Plotting Actions: rounds "proceed sequentially"; no power's units fill 99 rounds (the
    slash commands offer 1 to 99), so round 100 or a million is refused in words."""
    game = plot_phase("round-huge")
    with pytest.raises(RuleError, match="A plot has at most 99 rounds"):
        act(game, USSR, action, round=number, **ROUND_COMMANDS[action])
    assert game.plots[USSR] == []


def test_plotting_actions_a_plot_with_round_minus_2_is_never_submitted() -> None:
    """Plotting Actions: "Round numbers must begin with 1". `plot-noop` with round -2 used to
    be accepted and then submitted; a plot holding such a round (stored by that version) is
    refused at submit, and the Plot Phase's time limit renumbers it from 1 (D-1)."""
    game = plot_phase("round-minus-2")
    game.plots[USSR] = [Action(-2, "noop")]  # as an older version stored it
    result = check_plot(game.board, game.pos, USSR, game.plots[USSR])
    assert "Round numbers must begin with 1: there is no round -2." in result.errors
    with pytest.raises(RuleError, match="Round numbers must begin with 1"):
        act(game, USSR, "plot-submit")
    act(game, USSR, "plot-submit", as_it_stands=True)
    assert [a.round for a in game.plots[USSR]] == [1]


def test_plotting_actions_a_pasted_round_0_names_the_rule() -> None:
    """Plotting Actions, pasted as a form: the line is named with the rulebook's words."""
    game = plot_phase("round-paste")
    with pytest.raises(RuleError, match="Line 2: Round numbers must begin with 1"):
        act(game, GER, "plot-paste", text=FORM_HEADER + "0\tNOOP\n")


def test_a_row_moving_more_units_than_the_power_has_in_all_is_refused() -> None:
    """Plotting "Invalid" Moves allows a move "in the hope that it will become valid", but no
    event gives a power more units of a kind than it has on the board: "40 inf" from Karelia
    is refused at once (not marked "may become valid"); an absurd count ("5000 inf") is not
    even read."""
    game = plot_phase("counts")
    infantry = sum(game.pos.units_of(a, USSR).get("infantry", 0) for a in game.pos.units)
    with pytest.raises(RuleError, match=f"USSR has {infantry} infantry in all, so it can "
                                        "never move 40"):
        act(game, USSR, "plot-move", round=1, units="40 inf", from_area="Karelia", to="E Eur")
    with pytest.raises(RuleError, match="no power ever has more than 1000"):
        act(game, USSR, "plot-move", round=1, units="5000 inf", from_area="Karelia",
            to="E Eur")
    with pytest.raises(RuleError, match="can never move 30"):
        act(game, GER, "plot-move", round=1, units="trn", from_area="Baltic Sea",
            to="Baltic Sea", pickup="30 arm from Germany")
    assert all(game.plots[p] == [] for p in POWERS)
