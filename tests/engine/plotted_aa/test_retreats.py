"""Retreats in Plotted A&A (shared/rules/plotted-aa.md, "Retreat"; decision D-9): the
attacker's, and the defending submarine's withdrawal, neither plotted; a submarine built
this turn may withdraw too; a submarine may then make a move plotted from where it went."""

from __future__ import annotations

import pytest

from engine import NotAllowed
from tests.engine.plotted_aa.helpers import act, plot_phase, submit_all, units_at
from tests.support.dice import loaded

GER, UK = "Germany", "United Kingdom"
E_MED, C_MED, RED_SEA = ("East Mediteranean Sea Zone", "Central Mediteranean Sea Zone",
                         "Red Sea Zone")


def prompted(game, seat: str) -> list[str]:
    prompt = game.prompts().get(seat)
    return [a.name for a in prompt.actions] if prompt else []


def until(game, done) -> None:
    """Let the deadline act until `done(game)`."""
    for _ in range(300):
        if done(game):
            return
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    raise AssertionError("never got there")


def german_fleet_attacks_the_british_submarine(seed: str, monkeypatch: pytest.MonkeyPatch):
    """Round 1: the German battleship and transport sail from C Med into E Med, where the
    British submarine of the setup defends; round 1 of the battle: every die misses."""
    game = plot_phase(seed)
    act(game, GER, "plot-move", round=1, units="bb, trn", from_area="C Med", to="E Med")
    return game


def fight_first_round(game, monkeypatch: pytest.MonkeyPatch) -> None:
    until(game, lambda g: g.revealed is not None and g.power == GER)
    loaded(monkeypatch, [6], [6])  # the battleship misses; the submarine misses
    act(game, GER, "execute")
    assert game.battle is not None and game.battle.stage == "retreat"
    assert prompted(game, GER) == ["continue", "retreat"]
    assert prompted(game, UK) == []


def test_retreat_a_defending_submarine_withdraws_without_a_plot() -> None:
    """Retreat: "The attacker may retreat after any combat round as usual. Retreat moves by
    the attacker or by a defending submarine don't have to be plotted." After the attacker
    presses on, the British submarine withdraws to a friendly sea zone next to the battle
    (D-9); the battle is over with no defender left."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        game = german_fleet_attacks_the_british_submarine("withdraw", monkeypatch)
        submit_all(game)
        fight_first_round(game, monkeypatch)
        act(game, GER, "continue")
    battle = game.battle
    assert battle.stage == "withdraw" and battle.decider == UK
    prompt = game.prompts()[UK]
    assert [a.name for a in prompt.actions] == ["continue", "retreat"]
    assert "submarines may withdraw" in prompt.text
    # Next to E Med and free of enemies: the Black Sea, C Med (the fleet left it), and the
    # Red Sea through Suez (the British hold Egypt and Syria).
    offered = [c.value for c in prompt.action("retreat").params[0].choices]
    assert offered == ["Black Sea Zone", C_MED, RED_SEA]
    assert game.timeout_actions() == [(UK, "continue", {})]
    with pytest.raises(NotAllowed):
        act(game, GER, "retreat", to=C_MED)
    with pytest.raises(NotAllowed):
        act(game, UK, "retreat", to="Indian Ocean")
    events = act(game, UK, "retreat", to=RED_SEA)
    assert any(e.kind == "withdrawal" and "withdraws 1 submarine to Red Sea Zone" in e.text
               for e in events)
    assert units_at(game, RED_SEA, UK) == {"submarine": 1}
    assert units_at(game, E_MED, UK) == {}
    assert units_at(game, E_MED, GER) == {"battleship": 1, "transport": 1}
    # The round's board shows the withdrawal as a move.
    moves = next(e for e in events if e.kind == "round_over").data["moves"]
    assert {"power": UK, "from": E_MED, "to": RED_SEA, "units": {"submarine": 1},
            "round": 1} in moves


def test_a_defending_submarine_that_stays_fights_on() -> None:
    """Retreat: the withdrawal is the defender's choice; the deadline keeps the submarine in
    the battle (the next round is fought)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        game = german_fleet_attacks_the_british_submarine("stay", monkeypatch)
        submit_all(game)
        fight_first_round(game, monkeypatch)
        act(game, GER, "continue")
        loaded(monkeypatch, [1], [6])  # round 2: the battleship sinks the submarine
        act(game, UK, "continue")
    assert units_at(game, E_MED, UK) == {}
    assert game.battle is None


def test_plotting_invalid_moves_a_submarine_moves_on_from_where_it_withdrew() -> None:
    """Plotting "Invalid" Moves: "you may plot to move a submarine out of an area it doesn't
    currently occupy on the assumption it'll be forced to retreat into that area during a
    prior enemy attack." The British plot their submarine out of the Red Sea in round 2."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        game = german_fleet_attacks_the_british_submarine("invalid", monkeypatch)
        act(game, UK, "plot-noop", round=1)
        act(game, UK, "plot-move", round=2, units="sub", from_area="Red Sea",
            to="Indian Ocean")
        assert "may become valid" in game.sheet(UK)
        submit_all(game)
        fight_first_round(game, monkeypatch)
        act(game, GER, "continue")
        act(game, UK, "retreat", to=RED_SEA)
    until(game, lambda g: g.revealed is not None and g.power == UK and g.round == 2)
    act(game, UK, "execute")
    assert units_at(game, "Indian Ocean Sea Zone", UK)["submarine"] == 1
    assert units_at(game, RED_SEA, UK) == {}


def test_plotting_build_actions_a_submarine_built_this_turn_may_retreat() -> None:
    """Plotting Build Actions: "A unit may not be plotted to do anything during the turn it's
    built ... A defending submarine, however, may retreat from combat on the turn it's
    built." The British build a submarine in round 1; German fighters attack it in round 2;
    it withdraws, and being new it still doesn't move this turn."""
    game = plot_phase("built")
    for zone in ("North Sea Zone", "Karelia Sea Zone", "Baltic Sea Zone"):
        game.pos.units.pop(zone, None)
        game.pos.cargo.pop(zone, None)
    act(game, UK, "plot-build", round=1, factory="United Kingdom", units="sub")
    act(game, GER, "plot-noop", round=1)
    act(game, GER, "plot-move", round=2, units="f", from_area="W Europe", to="North Sea")
    submit_all(game)
    with pytest.MonkeyPatch.context() as monkeypatch:
        until(game, lambda g: g.revealed is not None and g.power == GER and g.round == 2)
        assert units_at(game, "North Sea Zone", UK) == {"submarine": 1}
        loaded(monkeypatch, [6], [6])  # the fighter misses; the submarine can't hit it
        act(game, GER, "execute")
    battle = game.battle
    # Aircraft alone don't retreat to where they came from: the submarine's turn at once.
    assert battle.stage == "withdraw" and battle.decider == UK
    offered = [c.value for c in game.prompts()[UK].action("retreat").params[0].choices]
    assert "Karelia Sea Zone" in offered and "Baltic Sea Zone" in offered
    act(game, UK, "retreat", to="Karelia Sea Zone")
    assert units_at(game, "Karelia Sea Zone", UK) == {"submarine": 1}
    assert game.movable(UK, "Karelia Sea Zone") == {}  # built this turn: it stays put
