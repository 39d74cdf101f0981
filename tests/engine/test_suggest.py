"""`Game.suggest`: the free-text values a slash command's autocomplete offers (issue 23:
the A&A cogs offered units by reading the games' insides; the game now says what a seat
may mean, and nothing but what that seat may know)."""

from __future__ import annotations

import engine
from engine.aa.units import POWERS
from engine.games.aa_classic import AAClassic
from engine.games.plotted_aa.game import PlottedAA
from tests.engine.plotted_aa.helpers import plot_phase, submit_all


def classic(seed: str) -> AAClassic:
    game = engine.new_game("aa-classic", list(POWERS), seed=seed)
    assert isinstance(game, AAClassic)
    return game


def test_a_game_suggests_nothing_by_default() -> None:
    """The declared hook's default: no suggestion (the prompt's choices are all a game
    offers), never a refusal."""
    game = engine.new_game("hf-political-events", ["Ann", "Bo", "Cy"], seed="s")
    assert game.suggest("Ann", "turn", "seniority", {}) == []
    assert game.suggest("Nobody", "no-such-action", "units", {"units": "x"}) == []


def test_classic_suggests_the_units_free_to_move_from_the_area_typed() -> None:
    """A&A classic: on its turn a power is offered what stands in `from_area` as a whole and
    by kind (no industrial complex: it never moves), minus the units that moved there this
    turn; another power, an area nobody can read, and no area get nothing."""
    game = classic("suggest")
    game.act("USSR", "end-phase")  # research
    game.act("USSR", "end-phase")  # purchase: now combat movement
    offered = game.suggest("USSR", "move", "units", {"from_area": "Karelia", "units": ""})
    assert offered[0] == "3 infantry, 1 armour, 1 fighter, 1 AA gun"
    assert "3 infantry" in offered and not any("complex" in u for u in offered)
    assert game.suggest("Germany", "move", "units", {"from_area": "Germany"}) == []
    assert game.suggest("USSR", "move", "units", {"from_area": "Atlantis"}) == []
    assert game.suggest("USSR", "move", "units", {}) == []
    assert game.suggest("USSR", "move", "to", {"from_area": "Karelia"}) == []
    game.act("USSR", "move", units="3 inf, arm", from_area="Karelia", to="E Eur")
    there = game.suggest("USSR", "move", "units", {"from_area": "E Eur"})
    assert not any("armour" in u for u in there)  # it moved in this turn: it moves no more


def test_classic_suggests_the_saved_loss_orders_casualties_to_the_power_asked() -> None:
    """A&A classic: in a battle, each power asked for casualties is offered what its saved
    loss order picks (the deadline's answer); a power not asked is offered nothing."""
    game = classic("suggest-battle")
    game.act("USSR", "end-phase")
    game.act("USSR", "end-phase")
    game.act("USSR", "move", units="3 inf, arm", from_area="Karelia", to="E Eur")
    game.act("USSR", "end-phase")
    asked = [s for s, p in game.prompts().items() if p.action("casualties")]
    assert game.stage == "combat" and asked
    for seat in POWERS:
        offered = game.suggest(seat, "casualties", "units", {"units": ""})
        assert offered == ([game.default_casualties_for(seat)] if seat in asked else [])


def test_plotted_suggests_all_then_the_units_in_the_area_typed() -> None:
    """Plotted A&A: a plotted move may name "all", or the power's units in `from_area` as a
    whole and by kind; nothing for another action or parameter."""
    game = plot_phase("suggest")
    offered = game.suggest("United Kingdom", "plot-move", "units", {"from_area": "Egypt"})
    assert offered[:2] == ["all", "1 infantry, 1 armour"]
    assert sorted(offered[2:]) == ["1 armour", "1 infantry"]
    assert game.suggest("United Kingdom", "plot-build", "units", {"from_area": "Egypt"}) == []
    assert game.suggest("Germany", "plot-move", "units", {"from_area": "Egypt"}) == []


def test_plotted_suggests_the_casualties_of_the_asked_powers_loss_order() -> None:
    """Plotted A&A: in a battle, a power whose casualties are asked is offered what its
    own saved loss order picks, as the deadline would take them; the others nothing."""
    game = plot_phase("combat")
    assert isinstance(game, PlottedAA)
    game.act("Germany", "plot-move", round=1, units="3i, t, f", from_area="E Eur",
             to="Karelia")
    submit_all(game)
    for _ in range(50):
        if any(p.action("casualties") for p in game.prompts().values()):
            break
        seat, action, params = game.timeout_actions()[0]
        game.act(seat, action, **params)
    (first, action, params), *_ = game.timeout_actions()
    assert action == "casualties"
    assert game.suggest(first, "casualties", "units", {}) == [params["units"]]
    asked = {s for s, p in game.prompts().items() if p.action("casualties")}
    for seat in set(POWERS) - asked:
        assert game.suggest(seat, "casualties", "units", {}) == []
