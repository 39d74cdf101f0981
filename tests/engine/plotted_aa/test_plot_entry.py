"""Forgiving plot entry that says what it read (issue 24; the rulebook's "Plot Form", whose
columns are Round, Move To / Build At, With Units, From, Notes; decisions D-24, D-25).

The paste reader takes the form however a chat carried it: tabs, `|`, a Markdown table,
commas, single spaces where the columns split only one way, and the plot sheet's own
sentences; a line it cannot split says why. Every plot command answers with the row as read,
naming a corrected spelling; a row re-typed from the same source replaces it or asks, never
adds; a move by the prompt's buttons is one form; `/game hand` shows the plot as it stands.
"""

from __future__ import annotations

import re

import pytest

from engine import NotAllowed, RuleError
from engine.games.plotted_aa.form import FormError, parse_form
from engine.games.plotted_aa.rulebook import GERMAN_FIRST_TURN
from tests.engine.plotted_aa.helpers import act, plot_phase

GER, JAP = "Germany", "Japan"

# The Karelia example and two more actions, as the form prints them (tabs).
TABBED = ("4\tKarelia\t3i, t\tFin\t\n\t\t2t\tGer\tvia E Eur\n"
          "2\tEgypt\tall\tLibya\tt via F E Afr\n\t\tt\tE Med\tfrom trn\n"
          "6\tGer\t6t\tbuild\t\n")


@pytest.mark.parametrize(("how", "text"), [
    ("pipes", "4 | Karelia | 3i, t | Fin |\n  |  | 2t | Ger | via E Eur\n"
              "2 | Egypt | all | Libya | t via F E Afr\n | | t | E Med | from trn\n"
              "6 | Ger | 6t | build |"),
    ("a Markdown table", "| Round | Move To | With Units | From | Notes |\n"
                         "|---|---|---|---|---|\n| 4 | Karelia | 3i, t | Fin | |\n"
                         "| | | 2t | Ger | via E Eur |\n| 2 | Egypt | all | Libya | t via F E Afr |"
                         "\n| | | t | E Med | from trn |\n| 6 | Ger | 6t | build | |"),
    ("commas", "4, Karelia, 3i, t, Fin\n, , 2t, Ger, via E Eur\n"
               "2, Egypt, all, Libya, t via F E Afr\n  t, E Med, from trn\n6, Ger, 6t, build"),
    ("single spaces", "4 Karelia 3i t Fin\n  2t Ger via E Eur\n2 Egypt all Libya t via F E Afr"
                      "\n  t E Med from trn\n6 Ger 6t build"),
    ("the sheet's own lines",
     "Germany's plot for turn 1 (not submitted yet):\n"
     "Round 2: move into Anglo Sudan Egypt: all units from Libya (armour via French "
     "Equatorial Africa); 1 armour from East Mediteranean Sea Zone (off the transport).\n"
     "Round 4: move into Karelia S.S.R.: 3 infantry, 1 armour from Finland Norway; 2 armour "
     "from Germany via East Europe. [may become valid by its round: a wait]\n"
     "Round 6: build 6 armour at Germany."),
])
def test_the_paste_reader_takes_the_form_however_a_chat_carried_it(how: str,
                                                                    text: str) -> None:
    """Issue 24: "the paste reader takes tabs, `|`, commas, Markdown tables, single spaces
    where the columns are unambiguous, and the sheet's own "Round 1: move into ..." lines"."""
    expected = sorted(parse_form(TABBED), key=lambda a: a.round)
    assert sorted(parse_form(text), key=lambda a: a.round) == expected, how


def test_a_whole_plot_sheet_pasted_back_is_the_plot_once() -> None:
    """The sheet holds each action twice, in words and in its form, and the standing
    orders: pasted back whole (as a player copies it from the DM), it is the plot, once."""
    game = plot_phase("sheet-back")
    act(game, GER, "plot-paste", text=GERMAN_FIRST_TURN)
    plot = game.plots[GER]  # type: ignore[attr-defined]
    sheet = game.sheet(GER)  # type: ignore[attr-defined]
    assert "Standing orders" in sheet and "As a form:" in sheet
    act(game, GER, "plot-clear")
    act(game, GER, "plot-paste", text=sheet)
    assert game.plots[GER] == plot  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "why"), [
    ("1 Nowhere 3i Fin", "no area's name starts it after the round"),
    ("1 Karelia 3x Fin", "no units where I expected them"),
    ("1 Karelia 3i", "no area the units come from after '3i'"),
    ("Round 1: march on Moscow", "a plot sheet's line says"),
])
def test_a_line_it_cannot_split_says_why(text: str, why: str) -> None:
    """Issue 24: "a line it cannot split says why", naming the line."""
    with pytest.raises(FormError) as caught:
        parse_form(text)
    assert caught.value.message.startswith("Line 1:") and why in caught.value.message


def test_a_line_that_splits_two_ways_is_not_guessed() -> None:
    """Single spaces where two readings fit are refused with both, asking for tabs or |:
    "2 t F W Afr" is 2 tanks from French West Africa, or 2 tanks and a fighter from West
    Africa. Where one reading fits, it is taken."""
    assert parse_form("1 Egypt t E Med from trn")[0].sources[0].from_transport
    with pytest.raises(FormError, match=re.escape(
            'splits two ways: "1 | Egypt | 2 t | F W Afr" or "1 | Egypt | 2 t, F | W Afr"')):
        parse_form("1 Egypt 2 t F W Afr")
    assert parse_form("1 | Egypt | 2 t | F W Afr")[0].sources[0].area == "French West Africa"


def test_every_plot_command_restates_the_row_as_read_naming_corrected_spellings() -> None:
    """Issue 24: "Every plot command's reply restates the row as read, naming any corrected
    spelling": a private `plot_read` event heads the sheet."""
    game = plot_phase("read")
    events = act(game, GER, "plot-move", round=1, units="3 inf", from_area="East Eurpoe",
                 to="Ukr")
    read = next(e for e in events if e.kind == "plot_read")
    assert read.audience == {GER}
    assert read.text == ("Read as: Round 1: move into Ukraine S.S.R.: 3 infantry from East "
                         "Europe. ('East Eurpoe' read as East Europe)")
    assert read.text in game.sheet(GER)  # type: ignore[attr-defined]
    events = act(game, GER, "plot-build", round=2, factory="Germny", units="2 arm")
    assert events[-1].text == ("Read as: Round 2: build 2 armour at Germany. ('Germny' read "
                              "as Germany)")
    events = act(game, GER, "plot-remove", round=2)
    assert events[-1].text == "Removed: Round 2: build 2 armour at Germany."
    events = act(game, GER, "plot-paste", text="1 Ukr 3i E Eur\n2 Ger 2t build")
    assert events[-1].text.startswith("Read as: Read 2 actions (2 rows): Round 1: move into "
                                     "Ukraine S.S.R.")


def test_a_row_retyped_from_the_same_source_replaces_it_or_asks_never_adds() -> None:
    """Issue 24: "Re-typing a row from the same source replaces it (or asks), never adds".
    Round 1 moves East Europe's 3 infantry; the same 3 typed again into round 2 would move
    6 from an area that holds 3: asked; `again: replace` moves them (round 1 empties and is
    removed), `again: add` keeps both (more units will be there: "Plotting 'Invalid'
    Moves"). The same round's row typed again still replaces its counts (D-14)."""
    game = plot_phase("again")
    act(game, GER, "plot-move", round=1, units="3i", from_area="E Eur", to="Ukr")
    with pytest.raises(NotAllowed, match="Is this the same row typed again"):
        act(game, GER, "plot-move", round=2, units="3i", from_area="E Eur", to="Karelia")
    assert len(game.plots[GER]) == 1  # type: ignore[attr-defined]
    events = act(game, GER, "plot-move", round=2, units="3i", from_area="E Eur",
                 to="Karelia", again="replace")
    assert [a.round for a in game.plots[GER]] == [2]  # type: ignore[attr-defined]
    assert "Round 1 had nothing left and was removed." in events[-1].text
    act(game, GER, "plot-move", round=1, units="2i", from_area="Ger", to="E Eur")
    act(game, GER, "plot-move", round=3, units="2i", from_area="E Eur", to="Ukr",
        notes="again: add")
    assert [a.round for a in game.plots[GER]] == [1, 2, 3]  # type: ignore[attr-defined]
    act(game, GER, "plot-move", round=3, units="1i", from_area="E Eur", to="Ukr")
    assert game.plots[GER][2].sources[0].units == {"infantry": 1}  # type: ignore


def test_a_move_by_the_prompts_buttons_is_one_form() -> None:
    """Issue 24: "a move by buttons is one form, checked when answered": the plot prompt's
    move asks five questions at most (one modal), the notes column one of them."""
    game = plot_phase("one-form")
    move = game.prompts()[GER].action("plot-move")
    assert move is not None and len(move.params) <= 5
    assert [p.name for p in move.params] == ["round", "units", "from_area", "to", "notes"]
    act(game, GER, "plot-move", round=1, units="2t", from_area="Ger", to="Karelia",
        notes="via E Eur")
    assert game.plots[GER][0].sources[0].via == {"*": "East Europe"}  # type: ignore


def test_game_hand_shows_the_plot_as_it_stands_and_the_standing_orders() -> None:
    """Issue 24: "`/game hand` (Game.describe) shows the current plot and standing orders,
    not past drafts, and one power's sheet per power for a player holding two"."""
    game = plot_phase("hand")
    act(game, GER, "plot-move", round=1, units="3i", from_area="E Eur", to="Ukr")
    act(game, GER, "plot-move", round=1, units="2i", from_area="E Eur", to="Ukr")
    act(game, JAP, "plot-build", round=1, factory="Japan", units="2i")
    germany = "\n".join(game.describe(GER))
    assert "Round 1: move into Ukraine S.S.R.: 2 infantry from East Europe." in germany
    assert "3 infantry from East Europe." not in germany.split("Your last change")[-1]
    assert "Germany's standing orders (secret until they act):" in germany
    assert "Japan" not in germany
    assert "build 2 infantry at Japan" in "\n".join(game.describe(JAP))
    with pytest.raises(RuleError):
        act(game, GER, "plot-move", round=1, units="x", from_area="E Eur", to="Ukr")
