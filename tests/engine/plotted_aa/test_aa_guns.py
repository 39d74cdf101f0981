"""AA guns in Plotted A&A: their fire at aircraft flying over, and one a territory.

Plotted A&A follows the standard (1984) rules unless it says otherwise ("Getting Started"):
an AA gun fires at enemy aircraft flying over its territory (reference "Combat rules", aa
gun: "Original rule also let AA fire at aircraft flying over"), and a power has one AA gun
a territory (reference "Units")."""

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

USSR, GER, UK = "USSR", "Germany", "United Kingdom"


def dice_labels(game) -> list[str]:
    """The labels of the dice the last step rolled."""
    return [luck["label"] for luck in game.history[-1].luck]


def bomber_revealed(seed: str, **options):
    """The UK's bomber plotted from the United Kingdom into Germany, revealed."""
    game = plot_phase(seed, **options)
    act(game, UK, "plot-move", round=1, units="b", from_area="UK", to="Germany")
    submit_all(game)
    until_revealed(game, UK, 1)
    return game


# ----- Executing Aircraft Movement: AA fire at aircraft flying over ---------------------

def test_executing_aircraft_movement_the_owner_chooses_the_areas_flown_over_and_guns_fire() -> None:
    """Executing Aircraft Movement: "A fighter or bomber chooses which areas it will fly over
    as it moves to its destination", and the 1984 rules' AA guns fire at aircraft flying
    over: the UK's bomber flown over the North Sea and West Europe is fired at by West
    Europe's gun on the way (before the AA gun in Germany fires at it as an attacker)."""
    game = bomber_revealed("fly-over")
    events = act(game, UK, "execute", over="North Sea, W Europe")
    assert dice_labels(game)[0] == "AA gun in West Europe at bombers"
    assert any(e.kind == "flak" and "flying over" in e.text for e in events)
    assert verified(game)


def test_executing_aircraft_movement_by_default_the_shortest_way_over_the_fewest_guns() -> None:
    """Executing Aircraft Movement, left to the bot (a plain `execute`, and the deadline):
    the bomber flies a shortest way over the fewest enemy AA guns, here over the Baltic Sea
    rather than West Europe's gun, as A&A classic does."""
    game = bomber_revealed("fly-over-default")
    (over,) = [p for p in game.prompts()[UK].action("execute-part").params
               if p.name == "over"]
    assert not over.required and over.question == "Which areas do the aircraft fly over?"
    events = act(game, UK, "execute")
    assert not any(e.kind == "flak" for e in events)
    assert "AA gun in West Europe at bombers" not in dice_labels(game)


def test_executing_aircraft_movement_fly_over_fire_is_an_option() -> None:
    """Option aa_fly_over off (TripleA's classic reading): AA guns fire only at aircraft
    attacking their territory, whatever way the aircraft fly."""
    game = bomber_revealed("fly-over-off", aa_fly_over=False)
    assert all(p.name != "over" for p in game.prompts()[UK].action("execute-part").params)
    events = act(game, UK, "execute-part", over="North Sea, W Europe")
    assert not any(e.kind == "flak" for e in events)
    assert "AA gun in West Europe at bombers" not in dice_labels(game)


def test_executing_aircraft_movement_a_way_that_cant_be_flown_is_refused() -> None:
    """Executing Aircraft Movement: the way chosen must lead from the aircraft to their
    destination (each area bordering the next), leaving them a place to land ("a friendly
    area must be available to land in"); else it is refused in words and nothing changes."""
    game = bomber_revealed("fly-over-refused")
    with pytest.raises(NotAllowed, match="No aircraft of this action can fly over"):
        act(game, UK, "execute", over="Karelia")
    with pytest.raises(NotAllowed, match="then has 1 move left and no friendly territory"):
        act(game, UK, "execute", over="North Sea, Norway, Karelia, E Europe")


def test_executing_aircraft_movement_aircraft_shot_down_flying_over_never_arrive() -> None:
    """The 1984 fly-over fire: a 1 downs the bomber before it arrives; it never attacks."""
    for n in range(40):
        game = bomber_revealed(f"fly-over-hit-{n}")
        events = act(game, UK, "execute", over="North Sea, W Europe")
        if any(e.kind == "flak" and "1 bomber shot down" in e.text for e in events):
            break
    else:
        pytest.fail("no hit in 40 seeded flights")
    assert units_at(game, "Germany", UK).get("bomber", 0) == 0
    assert units_at(game, "United Kingdom", UK).get("bomber", 0) == 0
    assert not [f for f in game.flights if f["power"] == UK]
    assert verified(game)


def test_aircraft_landing_follows_non_combat_movement_so_guns_fire_at_the_landing() -> None:
    """Aircraft Landing: "Follow the standard Non-Combat Movement rules for landing
    aircraft": Germany's fighter, done attacking in the Caucasus, lands in Finland Norway
    over Karelia, the only way there: the Soviet AA gun in Karelia fires at it."""
    game = plot_phase("landing-fire")
    clear(game, "Caucasus")
    act(game, GER, "plot-move", round=1, units="f", from_area="Ukr", to="Caucasus")
    submit_all(game)
    until_revealed(game, GER, 1)
    act(game, GER, "execute")
    assert game.landings and game.landings[0]["power"] == GER
    assert game.prompts()[GER].text == "Land 1 fighter from Caucasus (3 moves left)."
    events = act(game, GER, "land", to="Finland Norway")
    assert dice_labels(game)[0] == "AA gun in Karelia S.S.R. at fighters"
    assert any(e.kind == "flak" for e in events)


# ----- reference "Units": one AA gun a territory -----------------------------------------

def test_one_aa_gun_per_territory_a_second_gun_is_never_plotted() -> None:
    """Reference "Units": one AA gun of a power per territory. A build of an AA gun where
    the power has one (Germany), of two at once, or a move or a landing from a transport of
    a second gun into a territory, is refused when plotted, saying why; once the plot moves
    Germany's gun away in an earlier round, an AA gun may be built there."""
    game = plot_phase("one-aa-gun")
    rule = "Only one AA gun may stand in a territory: Germany would have two"
    with pytest.raises(NotAllowed, match=rule):
        act(game, GER, "plot-build", round=1, factory="Germany", units="aa, 2i")
    with pytest.raises(NotAllowed, match=rule):
        act(game, GER, "plot-move", round=1, units="aa", from_area="W Europe", to="Germany")
    with pytest.raises(NotAllowed, match="Only one AA gun may stand in a territory: "
                                         "South Europe would have two"):
        act(game, GER, "plot-build", round=1, factory="S Europe", units="2 aa")
    act(game, GER, "plot-move", round=1, units="aa", from_area="Germany", to="E Europe")
    act(game, GER, "plot-build", round=2, factory="Germany", units="aa, 2i")
    with pytest.raises(NotAllowed, match="East Europe would have two"):
        act(game, GER, "plot-move", round=3, units="aa", from_area="Germany", to="E Europe")
    assert game.check(GER, game.plots[GER]).errors == []
    submit_all(game)
    run_deadlines(game, until="develop")
    assert units_at(game, "Germany", GER)["aa_gun"] == 1
    assert units_at(game, "East Europe", GER)["aa_gun"] == 1
    assert verified(game)


def test_one_aa_gun_per_territory_a_build_places_what_is_legal_and_says_what_is_not() -> None:
    """Reference "Units" at execution ("Executing Build Actions": all, some or none of the
    plotted units): Germany's gun was plotted to leave before the build, but East Europe
    turned hostile, so it stayed. Executed by the deadline, the build places the infantry
    and says the AA gun wasn't built and why (it waits for the Final Build Phase); the owner
    naming the AA gun is refused; the game never stalls."""
    game = plot_phase("one-aa-gun-build")
    act(game, GER, "plot-move", round=1, units="aa", from_area="Germany", to="E Europe")
    act(game, GER, "plot-build", round=2, factory="Germany", units="aa, 2i")
    submit_all(game)
    game.pos.place("East Europe", USSR, {"infantry": 1})  # it turns hostile meanwhile
    until_revealed(game, GER, 1)
    events = act(game, GER, "execute")
    assert "AA guns never attack" in " ".join(e.text for e in events if e.kind == "held")
    until_revealed(game, GER, 2)
    with pytest.raises(NotAllowed, match="Only one AA gun may stand in a territory"):
        act(game, GER, "execute", units="aa, 2i")
    infantry = units_at(game, "Germany", GER)["infantry"]
    events = act(game, GER, "execute")
    (said,) = [e.text for e in events if e.kind == "unbuilt"]
    assert said.startswith("1 AA gun not built at Germany now: one AA gun of Germany's may "
                           "stand in Germany, and one is there already.")
    assert units_at(game, "Germany", GER)["aa_gun"] == 1
    assert units_at(game, "Germany", GER)["infantry"] == infantry + 2
    run_deadlines(game, until="develop")
    assert units_at(game, "Germany", GER)["aa_gun"] == 1


def test_one_aa_gun_per_territory_a_second_gun_moving_in_stays_and_is_said() -> None:
    """Reference "Units" at execution: West Europe's gun was plotted into Germany after
    Germany's own gun left, but that gun couldn't leave. As plotted, West Europe's gun stays
    where it is and the reveal says why; named by the owner, it is refused."""
    game = plot_phase("one-aa-gun-move")
    act(game, GER, "plot-move", round=1, units="aa", from_area="Germany", to="E Europe")
    act(game, GER, "plot-move", round=2, units="aa, i", from_area="W Europe", to="Germany")
    submit_all(game)
    game.pos.place("East Europe", USSR, {"infantry": 1})
    until_revealed(game, GER, 2)
    with pytest.raises(NotAllowed, match="Germany would have two"):
        act(game, GER, "execute", units="aa")
    events = act(game, GER, "execute")
    held = " ".join(e.text for e in events if e.kind == "held")
    assert "Only one AA gun may stand in a territory: Germany would have two. The AA gun " \
           "in West Europe stays where it is." in held
    assert units_at(game, "Germany", GER)["aa_gun"] == 1
    assert units_at(game, "West Europe", GER)["aa_gun"] == 1


def test_one_aa_gun_per_territory_an_imported_position_with_two_is_refused() -> None:
    """Reference "Units" for `/game import`: a position giving a power two AA guns in one
    territory is refused, naming the field (both A&A games enforce one a territory)."""
    import engine
    from engine import RuleError

    state = plot_phase("import-two-guns").state()
    state["game"]["position"]["units"]["Germany"]["Germany"]["aa_gun"] = 2
    with pytest.raises(RuleError, match="a power has at most one AA gun in a territory"):
        engine.load("plotted-aa", state, imported=True)
    state["game"]["position"]["units"]["Germany"]["Germany"]["aa_gun"] = 1
    engine.load("plotted-aa", state, imported=True)
