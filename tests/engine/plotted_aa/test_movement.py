"""Movement the rulebook's examples don't cover and the standard rules decide (Plotted A&A,
"Getting Started": "Unless overridden in these variant rules, follow the standard A&A
rules"): AA guns ("Combat and Non-Combat Movement") and bridging ("Plotting Transport
Movement")."""

from __future__ import annotations

import pytest

from engine import NotAllowed
from tests.engine.plotted_aa.helpers import (
    act,
    plot_phase,
    run_deadlines,
    submit_all,
    units_at,
    verified,
)
from tests.engine.plotted_aa.test_examples import clear, until_revealed

GER, UK, USSR = "Germany", "United Kingdom", "USSR"


def test_an_aa_gun_moves_one_area_into_friendly_ground() -> None:
    """Combat and Non-Combat Movement: "PAA makes no distinction between Combat and
    Non-Combat movement. You may plot moves into enemy or friendly areas in any order."
    An AA gun moves 1 area, over land, as in the standard game: Germany's AA gun from West
    Europe to Germany is plotted and executed (it stayed put before: the move was checked as
    a combat move, which an AA gun never makes), once Germany's own gun has left for East
    Europe (one AA gun per territory). Farther, or to sea, it is refused."""
    game = plot_phase("aa-gun")
    with pytest.raises(NotAllowed, match="moves at most 1 area"):
        act(game, GER, "plot-move", round=1, units="aa", from_area="W Europe",
            to="E Europe", via="Germany")
    with pytest.raises(NotAllowed, match="aboard a transport"):
        act(game, GER, "plot-move", round=1, units="aa", from_area="W Europe",
            to="North Sea")
    act(game, GER, "plot-move", round=1, units="aa", from_area="Germany", to="E Europe")
    act(game, GER, "plot-move", round=2, units="aa", from_area="W Europe", to="Germany")
    assert game.check(GER, game.plots[GER]).errors == []
    submit_all(game)
    run_deadlines(game, until="develop")
    assert units_at(game, "West Europe", GER).get("aa_gun", 0) == 0
    assert units_at(game, "Germany", GER)["aa_gun"] == 1
    assert units_at(game, "East Europe", GER)["aa_gun"] == 1
    assert verified(game)


def test_an_aa_gun_never_attacks_it_stays_when_its_area_is_hostile() -> None:
    """Combat and Non-Combat Movement, with the standard rule that an AA gun never attacks:
    an AA gun plotted with infantry into the USSR's Caucasus is marked on the sheet ("may
    become valid by its round": the area may be friendly by then); executed, the infantry
    attack and the AA gun stays; asking for the AA gun by name is refused, saying why."""
    game = plot_phase("aa-gun-hostile")
    game.pos.place("Ukraine S.S.R.", GER, {"aa_gun": 1})
    act(game, GER, "plot-move", round=1, units="aa, 3i", from_area="Ukr", to="Caucasus")
    assert "AA guns never attack" in game.sheet(GER)
    submit_all(game)
    until_revealed(game, GER, 1)
    with pytest.raises(NotAllowed, match="AA guns never attack"):
        act(game, GER, "execute", units="aa")
    act(game, GER, "execute")
    assert units_at(game, "Ukraine S.S.R.", GER).get("aa_gun") == 1
    assert units_at(game, "Ukraine S.S.R.", GER).get("infantry", 0) == 0


def _bridge(game):
    """The UK's transport in the North Sea stays there and picks up 2 infantry in round 1;
    they land in West Europe in round 2."""
    clear(game, "West Europe")
    game.pos.place("West Europe", GER, {"infantry": 1})
    act(game, UK, "plot-move", round=1, units="trn", from_area="North Sea", to="North Sea",
        pickup="+2i from UK")
    act(game, UK, "plot-move", round=2, units="2i", from_area="North Sea", to="W Europe")
    assert game.check(UK, game.plots[UK]).errors == []
    submit_all(game)


def test_bridging_a_transport_picks_units_up_where_it_is_and_they_land_next_round() -> None:
    """Plotting Transport Movement: "Even if a unit is bridging, one action must be plotted
    for the transport to pick the unit, and a 2nd action must be plotted for that unit to
    move onto land." The UK's transport stays in the North Sea and takes 2 infantry aboard
    from the UK in round 1 (the transport doesn't move); in round 2 they storm West Europe.
    (The transport's stay was refused at execution: "enemy ships are in the way".)"""
    game = plot_phase("bridge")
    _bridge(game)
    until_revealed(game, UK, 1)
    events = act(game, UK, "execute")
    assert any(e.kind == "loaded" for e in events)
    assert game.pos.cargo_of("North Sea Zone", UK) == {"infantry": 2}
    assert units_at(game, "North Sea Zone", UK)["transport"] == 1
    until_revealed(game, UK, 2)
    events = act(game, UK, "execute")
    assert any(e.kind == "unloaded" for e in events)
    assert game.pos.cargo_of("North Sea Zone", UK) == {}
    run_deadlines(game, until="develop")


def test_only_a_transport_picking_units_up_stays_where_it_is() -> None:
    """Plotting Movement Actions: "One movement action consists of moving 1 or more units
    ... into a *single* land or sea area": a move from an area into itself is a transport
    bridging; anything else is refused, saying so (a ship 'moving' from the North Sea into
    the North Sea was taken for a round trip through another zone). A transport that
    bridged has made its move ("all other units may be plotted to move only once"): a later
    move of it is marked on the sheet (it can only be if another transport is there)."""
    game = plot_phase("stay")
    with pytest.raises(NotAllowed, match="stays where it is only to pick units up"):
        act(game, UK, "plot-move", round=1, units="bb", from_area="North Sea",
            to="North Sea")
    with pytest.raises(NotAllowed, match="stays where it is only to pick units up"):
        act(game, UK, "plot-move", round=1, units="trn", from_area="North Sea",
            to="North Sea")
    act(game, UK, "plot-move", round=1, units="trn", from_area="North Sea", to="North Sea",
        pickup="+2i from UK")
    act(game, UK, "plot-move", round=2, units="trn", from_area="North Sea",
        to="Baltic Sea Zone")
    assert "fewer than 1 transports in North Sea Zone" in game.sheet(UK)


def test_only_cargo_goes_ashore_from_a_sea_zone() -> None:
    """Plotting Transport Movement: "a 2nd plot must be made for a transported unit to move
    out of the sea zone and into an adjacent land area": a row from a sea zone onto land is
    cargo leaving its transport (D-7; fighters named in it fly). A battleship can never be
    cargo, so such a row is refused when plotted (it was accepted, marked as a move that
    "may become valid", and could never execute)."""
    game = plot_phase("ashore")
    with pytest.raises(NotAllowed, match="can't go ashore"):
        act(game, "Japan", "plot-move", round=1, units="bb", from_area="Japan Sea Zone",
            to="Manchuria")
    act(game, "Japan", "plot-move", round=1, units="trn", from_area="Japan Sea Zone",
        to="Japan Sea Zone", pickup="+2i from Japan")
    act(game, "Japan", "plot-move", round=2, units="2i", from_area="Japan Sea Zone",
        to="Manchuria")
    assert game.check("Japan", game.plots["Japan"]).waits == {}


def test_rounds_a_country_may_move_some_of_its_units_and_the_reveal_says_what_stayed() -> None:
    """Rounds: "a country has the option of moving or building none, some, or all of the
    units it plotted to move or build". Executed as plotted, what can't go stays, and the
    reveal says why: the UK's armour plotted out of Egypt was lost there before its round
    ("United Kingdom moves nothing." said nothing more), and of Germany's 3 infantry from
    Ukraine only 1 is left to move."""
    game = plot_phase("what-stayed")
    act(game, UK, "plot-move", round=1, units="t", from_area="Egypt", to="Libya")
    act(game, GER, "plot-move", round=1, units="3i", from_area="Ukr", to="Caucasus")
    submit_all(game)
    clear(game, "Anglo Sudan Egypt")
    game.pos.place("Anglo Sudan Egypt", UK, {"infantry": 1})
    game.pos.remove("Ukraine S.S.R.", GER, {"infantry": 2})
    until_revealed(game, GER, 1)
    events = act(game, GER, "execute")
    assert [e.text for e in events if e.kind == "held"] == [
        "Not done as plotted: 3 infantry from Ukraine S.S.R.: only 1 there free to move now."]
    until_revealed(game, UK, 1)
    events = act(game, UK, "execute")
    assert [e.text for e in events[:2]] == [
        "United Kingdom moves nothing.",
        "Not done as plotted: 1 armour from Anglo Sudan Egypt: none there free to move now."]
