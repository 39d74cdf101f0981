"""Area names in every text as players spell them, the board's keys unchanged.

Issue 24 asked for the names "spelled right on screen ("Mediterranean", "Caribbean": the
reference data misspells some) while the data keys stay"; players read the words too: the
events, prompts, menus, refusals, the plot sheet and its form say "East Mediterranean Sea
Zone" where the board's key is "East Mediteranean Sea Zone". What players type is read the
same way both ways (PAA-1: "Keep these as aliases players can type"), and every stored state,
step and plot digest keeps the key, so that an old game replays as it was played.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from engine.aa.map import classic_map
from engine.aa.names import find_area
from engine.aa.spelling import SPELLING, shown_name
from engine.aa.units import POWERS
from engine.errors import Ambiguous
from engine.events import Event
from engine.games.aa_classic import AAClassic
from engine.games.plotted_aa.commitment import canonical_plot
from engine.games.plotted_aa.form import parse_form
from engine.games.plotted_aa.rulebook import GERMAN_FIRST_TURN
from tests.engine.plotted_aa.helpers import plot_phase
from tests.support.dice import loaded

GER, UK = "Germany", "United Kingdom"
E_MED, C_MED = "East Mediteranean Sea Zone", "Central Mediteranean Sea Zone"
MISSPELT = tuple(SPELLING)  # "Mediteranean", "Carribean", "Antartic", "Columbia"


def misspelt(text: str) -> list[str]:
    return [word for word in MISSPELT if word in text]


def texts_of(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


# ----- reading: the right spelling and the key alike ------------------------------------


@pytest.mark.parametrize(("typed", "area"), [
    ("Eastern Mediterranean", E_MED),
    ("eastern mediterranean sea zone", E_MED),
    ("EAST MEDITERRANEAN SEA ZONE", E_MED),
    ("East Mediterranean", E_MED),
    ("Central Mediterranean Sea Zone", C_MED),
    ("West Mediterranean", "West Mediteranean Sea Zone"),
    ("Caribbean", "Carribean Sea Zone"),
    ("caribbean sea zone", "Carribean Sea Zone"),
    ("Antarctic Sea Zone", "Antartic Sea Zone"),
    ("Colombia", "Columbia"),
])
def test_a_name_typed_as_spelled_right_is_read(typed: str, area: str) -> None:
    """PAA-1: the names players use are read ("Keep these as aliases players can type"):
    the right spelling, in any case, with or without "Sea Zone"."""
    assert find_area(typed) == area


@pytest.mark.parametrize("key", [E_MED, C_MED, "Carribean Sea Zone", "Antartic Sea Zone",
                                 "Columbia"])
def test_the_board_s_key_is_still_read(key: str) -> None:
    assert find_area(key) == key


def test_every_area_read_back_from_the_name_players_see() -> None:
    """Whatever a text shows, typed back, names the same area."""
    board = classic_map()
    for area in board.areas:
        assert find_area(shown_name(area)) == area, area


# ----- A&A classic: a sea battle in the Mediterranean -----------------------------------


def german_combat_move() -> AAClassic:
    """Germany's first turn, at its combat movement."""
    game = engine.new_game("aa-classic", list(POWERS), seed="sea-retreat", history=True)
    assert isinstance(game, AAClassic)
    while game.power != GER:
        game.act(game.power, "end-phase")
    game.act(GER, "end-phase")
    game.act(GER, "end-phase")
    assert game.stage == "combat-move"
    return game


def classic_attack_on_e_med(monkeypatch: pytest.MonkeyPatch) -> tuple[AAClassic, list[Event]]:
    """Every area typed as spelled right: a tank loaded in the Central Mediterranean, the
    battleship and the transport attack the British submarine in the East; round 1: every
    die misses (the attacker is asked whether to retreat)."""
    game = german_combat_move()
    events = game.act(GER, "load", units="arm", from_area="South Europe",
                      sea="Central Mediterranean")
    events += game.act(GER, "move", units="bb, trn", from_area="central mediterranean sea zone",
                       to="Eastern Mediterranean")
    loaded(monkeypatch, [6], [6])
    events += game.act(GER, "end-phase")
    return game, events


def test_classic_events_and_the_retreat_menu_spell_the_mediterranean_right() -> None:
    """A&A classic, "Retreat" at sea: the attacker's ships may retreat to an adjacent
    friendly sea zone. The moves, the battle and the menu of zones say "Central / East
    Mediterranean Sea Zone"; the menu's values, the position and the log keep the keys."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        game, events = classic_attack_on_e_med(monkeypatch)
    said = texts_of(events)
    assert "East Mediterranean Sea Zone" in said and "Central Mediterranean Sea Zone" in said
    assert not misspelt(said), said
    retreat = game.prompts()[GER].action("retreat")
    assert retreat is not None
    choices = retreat.params[0].choices or ()
    assert [c.value for c in choices] == ["Black Sea Zone", C_MED]
    assert [c.shown for c in choices] == ["Black Sea Zone", "Central Mediterranean Sea Zone"]
    assert not misspelt(game.prompts()[GER].text)
    assert game.pos.units_of(E_MED, GER) == {"battleship": 1, "transport": 1}
    assert json.dumps(game.state()).count("Mediterranean") == 0


def test_a_listed_sea_zone_typed_as_spelled_right_is_taken_and_logged_by_its_key() -> None:
    """The retreat's zone typed rather than picked ("Central Mediterranean", as the menu
    shows it) is the menu's zone: the step logged carries the key, as when it is picked."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        typed, _ = classic_attack_on_e_med(monkeypatch)
        picked, _ = classic_attack_on_e_med(monkeypatch)
    events = typed.act(GER, "retreat", to="Central Mediterranean")
    picked.act(GER, "retreat", to=C_MED)
    assert typed.last_step == picked.last_step
    assert typed.last_step is not None and typed.last_step.params == {"to": C_MED}
    assert typed.state() == picked.state()
    assert typed.pos.units_of(C_MED, GER) == {"battleship": 1, "transport": 1}
    assert "Central Mediterranean Sea Zone" in texts_of(events)


def test_an_ambiguous_name_is_refused_with_the_areas_spelled_right() -> None:
    """"Mediterranean" alone fits three sea zones: the refusal names them as players read
    them, and so do its candidates (what the bot lists after it); nothing changes."""
    game = german_combat_move()
    before = game.state()
    with pytest.raises(Ambiguous) as refusal:
        game.act(GER, "move", units="bb", from_area="Mediterranean", to="Black Sea")
    assert game.state() == before
    assert "East Mediterranean Sea Zone" in refusal.value.message
    assert not misspelt(refusal.value.message), refusal.value.message
    assert "Central Mediterranean Sea Zone" in refusal.value.candidates
    assert not any(misspelt(c) for c in refusal.value.candidates)


# ----- Plotted A&A: the sheet, its form and the digest -------------------------------------


def test_the_plot_sheet_and_its_form_spell_right_and_paste_back_to_the_same_plot() -> None:
    """Plotted A&A, "German 1st Turn Example" pasted as printed ("1 E Med bb, trn C Med +t
    from S Eur"): the sheet (the prompt's detail, the private event, /game hand, the power's
    view) says "East Mediterranean Sea Zone"; its "As a form" part, pasted back, is the same plot; the plot
    kept and its canonical JSON (the digest's text) name the keys."""
    game = plot_phase("spelling")
    events = game.act(GER, "plot-paste", text=GERMAN_FIRST_TURN)
    sheet = game.prompt_detail(GER)
    assert "East Mediterranean Sea Zone" in sheet and not misspelt(sheet), sheet
    assert not misspelt(texts_of(events))
    assert not any(misspelt(p) for p in game.describe(GER))
    mine = game.view(GER)  # the texts of the power's own view (its sheet, what was read)
    assert "East Mediterranean Sea Zone" in mine["my_plot_read"]
    assert not misspelt(mine["my_sheet"]) and not misspelt(mine["my_plot_read"])
    assert E_MED in json.dumps(mine["my_plot"])  # the plot itself keeps the keys
    plot: Any = game.plots[GER]  # type: ignore[attr-defined]
    canonical = canonical_plot(plot)
    assert E_MED in canonical and "Mediterranean" not in canonical
    form = sheet.split("As a form:\n", 1)[1].split("\nStanding orders", 1)[0]
    assert "1\tEast Mediterranean Sea Zone\tbb, trn\tCentral Mediterranean Sea Zone" in form
    game.act(GER, "plot-clear")
    game.act(GER, "plot-paste", text=form)
    assert canonical_plot(game.plots[GER]) == canonical  # type: ignore[attr-defined]


@pytest.mark.parametrize(("row", "area", "source"), [
    ("1 East Mediterranean Sea Zone bb, trn Central Mediterranean Sea Zone +t from S Eur",
     E_MED, C_MED),
    ("1 | eastern mediterranean | bb, trn | central mediterranean | +t from S Eur",
     E_MED, C_MED),
    ("Round 1: move into East Mediterranean Sea Zone: 1 battleship, 1 transport from Central "
     "Mediterranean Sea Zone, picking up 1 armour from South Europe.", E_MED, C_MED),
    ("2 Caribbean Sea Zone sub Gulf of Mexico", "Carribean Sea Zone", "Gulf of Mexico Sea Zone"),
    ("2 Colombia i Panama", "Columbia", "Panama"),
    ("3 Antarctic sub South Atlantic", "Antartic Sea Zone", "South Atlantic Sea Zone"),
])
def test_a_pasted_row_spelled_right_is_read(row: str, area: str, source: str) -> None:
    """Plotted A&A's form ("Round, Move To / Build At, With Units, From, Notes"), pasted
    with the names as players spell them, in every notation the reader takes (spaces, `|`,
    the sheet's own sentences): the action names the board's keys."""
    (action,) = parse_form(row)
    assert action.area == area and [s.area for s in action.sources] == [source]
