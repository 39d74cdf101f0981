"""Build actions (Plotted A&A, "Plotting Build Actions", "Executing Build Actions", "Final
Build Phase"; the standard rules for where an industrial complex may be built:
shared/reference/axis-allies-classic.md, "Industrial complex")."""

from __future__ import annotations

import pytest

from engine import NotAllowed, RuleError
from tests.engine.plotted_aa.helpers import (
    act,
    new,
    plot_phase,
    run_deadlines,
    skip_development,
    submit_all,
    units_at,
    verified,
)
from tests.engine.plotted_aa.test_examples import until_revealed

GER, UK, USA, USSR = "Germany", "United Kingdom", "USA", "USSR"


def test_an_industrial_complex_is_plotted_built_and_builds_from_the_next_turn() -> None:
    """Plotting Build Actions: "One build action consists of placing *all* the units that a
    single factory will produce" (a complex is built in its own territory, where the
    standard rules allow one: held since the start of the turn, worth an IPC, none there
    yet). "A factory may not build new units during the turn the factory is built": the
    same turn, Ukraine can't be plotted to build; the next turn it can. (A complex could
    not be plotted at all: "Germany has no industrial complex in Ukraine S.S.R.".)"""
    game = plot_phase("complex")
    act(game, GER, "plot-build", round=1, factory="Ukr", units="ic")
    with pytest.raises(NotAllowed, match="builds at Ukraine S.S.R. again"):
        act(game, GER, "plot-build", round=2, factory="Ukr", units="2i")
    treasury = game.pos.treasury[GER]
    submit_all(game)
    events = run_deadlines(game, until="develop")
    assert units_at(game, "Ukraine S.S.R.", GER).get("factory") == 1
    assert any(e.kind == "built" and "1 industrial complex in Ukraine S.S.R. (15 IPCs)"
               in e.text for e in events)
    income = next(e.data["ipcs"] for e in events if e.kind == "income"
                  and e.data["power"] == GER)
    assert game.pos.treasury[GER] == treasury - 15 + income
    skip_development(game)
    act(game, GER, "plot-build", round=1, factory="Ukr", units="2i")  # its next turn
    assert verified(game)


def test_where_an_industrial_complex_may_not_be_plotted() -> None:
    """Plotting Build Actions with the standard rules: a complex goes only in a territory
    held at the start of the turn without one (one per territory), and builds nothing the
    turn it is built."""
    game = plot_phase("no-complex")
    for where, units, reason in [("Karelia", "ic", "held at the start of the turn"),
                                 ("Germany", "ic", "already has an industrial complex"),
                                 ("Ukr", "2 ic", "builds that complex alone"),
                                 ("Ukr", "ic, 2i", "builds that complex alone")]:
        with pytest.raises(NotAllowed, match=reason):
            act(game, GER, "plot-build", round=1, factory=where, units=units)


def test_a_complex_not_built_when_revealed_is_not_built_in_the_final_build_phase() -> None:
    """Final Build Phase: "These builds must be made at one of your original factories";
    "If it's impossible to build units you plotted to build, just hang on to your IPCs"
    (D-15): a complex that can't be paid for when revealed keeps the IPCs, and the Final
    Build Phase doesn't ask for it (nor does its deadline try and fail)."""
    game = plot_phase("complex-poor")
    act(game, GER, "plot-build", round=1, factory="Ukr", units="ic")
    submit_all(game)
    game.pos.treasury[GER] = 10
    until_revealed(game, GER, 1)
    events = act(game, GER, "execute")
    assert "can't build the industrial complex in Ukraine S.S.R. now" in events[0].text
    assert game.unbuilt.get(GER, {}) == {}
    run_deadlines(game, until="develop")
    assert units_at(game, "Ukraine S.S.R.", GER).get("factory", 0) == 0


def test_a_ship_built_at_a_coastal_factory_goes_to_the_sea_zone_its_owner_chooses() -> None:
    """Executing Build Actions: "When you reveal a build action, place, at the specified
    factory, all, some, or none of the units you plotted to build there"; a ship goes to a
    sea zone next to the factory, which its owner chooses: West US touches the Gulf of
    Mexico and the West US Sea Zone. The owner is asked (it was always the first by name);
    the deadline takes the first."""
    game = plot_phase("ship-zone")
    act(game, USA, "plot-build", round=1, factory="West US", units="sub")
    submit_all(game)
    until_revealed(game, USA, 1)
    spec = game.prompts()[USA].action("execute")
    sea = next(p for p in spec.params if p.name == "sea")
    assert [c.value for c in sea.choices] == ["Gulf of Mexico Sea Zone", "West US Sea Zone"]
    with pytest.raises(RuleError, match="sea zone"):
        act(game, USA, "execute")  # one click: the menu of sea zones is the question
    assert game.timeout_actions() == [(USA, "execute", {"sea": "Gulf of Mexico Sea Zone"})]
    act(game, USA, "execute", sea="West US Sea Zone")
    assert units_at(game, "West US Sea Zone", USA)["submarine"] == 1
    assert units_at(game, "Gulf of Mexico Sea Zone", USA).get("submarine", 0) == 0


def test_a_ship_built_in_the_final_build_phase_goes_where_its_owner_chooses() -> None:
    """Final Build Phase: "you may now build the units you plotted to build but didn't
    build during the turn", ships in the sea zone their owner chooses next to the factory
    (asked only where there is a choice)."""
    game = plot_phase("ship-final")
    act(game, USA, "plot-build", round=1, factory="West US", units="sub")
    submit_all(game)
    until_revealed(game, USA, 1)
    act(game, USA, "pass")
    run_deadlines(game, until="final-build")
    while game.power != USA:
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    with pytest.raises(NotAllowed, match="say which"):
        act(game, USA, "final-build", at="West US")
    act(game, USA, "final-build", at="West US", sea="West US Sea Zone")
    assert units_at(game, "West US Sea Zone", USA)["submarine"] == 1


def test_ships_that_can_go_nowhere_wait_and_the_deadline_still_builds_the_rest() -> None:
    """Executing Build Actions: "you may build the remaining units during the Final Build
    Phase": with enemy ships in every sea zone next to the factory, the deadline builds
    what it can (the tank) and the ship waits (it used to refuse the whole action, so the
    deadline could not move the game on)."""
    game = new("ships-blocked")
    skip_development(game)
    act(game, GER, "plot-build", round=1, factory="Germany", units="sub, t")
    game.pos.place("Baltic Sea Zone", USSR, {"battleship": 1})
    submit_all(game)
    until_revealed(game, GER, 1)
    seat, action, params = game.timeout_actions()[0]
    act(game, seat, action, **params)
    assert units_at(game, "Germany", GER)["armour"] >= 1
    assert game.unbuilt[GER] == {"submarine": 1}


def test_no_unit_boards_a_new_transport_and_no_fighter_lands_on_a_new_carrier() -> None:
    """Plotting Build Actions: "You may not move units onto a newly built transport and you
    may not land fighters on a newly built carrier." Germany builds a transport in the
    Baltic; its old transport there, staying to pick up 4 infantry, takes the 2 it holds
    (not 4 on two transports). The USA builds a carrier off West US: its fighter that must
    land may not land on it."""
    game = plot_phase("new-ships")
    act(game, GER, "plot-build", round=1, factory="Germany", units="trn")
    act(game, GER, "plot-move", round=2, units="2trn", from_area="Baltic Sea Zone",
        to="Baltic Sea Zone", pickup="+4i from Germany")
    act(game, USA, "plot-build", round=1, factory="West US", units="cv")
    act(game, USA, "plot-move", round=2, units="f", from_area="West US",
        to="Gulf of Mexico Sea Zone")
    submit_all(game)
    until_revealed(game, USA, 1)
    act(game, USA, "execute", sea="West US Sea Zone")
    until_revealed(game, GER, 2)
    act(game, GER, "execute")
    assert game.pos.cargo_of("Baltic Sea Zone", GER) == {"infantry": 2}
    until_revealed(game, USA, 2)
    act(game, USA, "execute")
    group = game.landings[0]
    assert group["power"] == USA and "West US Sea Zone" not in game.spots(group)
    assert "West US" in game.spots(group)


def test_rockets_fire_unplotted_once_a_turn_while_an_action_is_revealed() -> None:
    """Develop Weapons Phase: "follow the standard rules for weapons development": with
    Rockets an AA gun within 3 areas of an enemy industrial complex rolls 1 die of bombing
    damage once a turn (reference, "Weapons development"). Not plotted, as strategic
    bombing isn't (D-16): offered while the power's action is revealed; damage beyond the
    treasury comes off this turn's income ("Strategic Bombing"). Rockets had no use."""
    game = plot_phase("rockets")
    game.pos.techs[GER] = {"rockets"}
    act(game, GER, "plot-move", round=1, units="inf", from_area="Germany", to="W Europe")
    submit_all(game)
    until_revealed(game, GER, 1)
    spec = game.prompts()[GER].action("rockets")
    assert spec is not None
    guns = [c.value for c in spec.params[0].choices]
    assert "East Europe" not in guns and "West Europe" in guns
    game.pos.treasury[UK] = 1
    events = act(game, GER, "rockets", from_area="West Europe", target="United Kingdom")
    hit = events[0]
    assert hit.kind == "rockets" and hit.data["paid"] == 1
    assert game.shortfall.get(UK, 0) == hit.data["shortfall"]
    with pytest.raises(NotAllowed, match="West Europe is not one of the choices now"):
        act(game, GER, "rockets", from_area="West Europe", target="United Kingdom")
    act(game, GER, "execute")
    assert game.prompts().get(GER) is None or not game.prompts()[GER].action("rockets")
