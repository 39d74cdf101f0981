"""The rulebook's examples, executed (shared/rules/plotted-aa.md), each named after it.

Each test sets the board as the example needs it (removing what would get in the way),
has the powers plot through the game's own commands, submits, and lets the deadline or the
owner execute the rounds.
"""

from __future__ import annotations

import pytest

from engine import NotAllowed, RuleError
from engine.aa.units import POWERS
from tests.engine.plotted_aa.helpers import (
    FORM_HEADER,
    act,
    plot_phase,
    run_deadlines,
    submit_all,
    units_at,
)

GER, UK, JAP, USA, USSR = "Germany", "United Kingdom", "Japan", "USA", "USSR"


def clear(game, area: str) -> None:
    """Remove every unit from an area (the example's board has nothing else there)."""
    game.pos.units.pop(area, None)
    game.pos.cargo.pop(area, None)


def prompted(game, seat: str) -> list[str]:
    prompt = game.prompts().get(seat)
    return [a.name for a in prompt.actions] if prompt else []


def until_revealed(game, power: str, round_number: int) -> None:
    """Let the deadline run the other powers' actions until `power` reveals `round_number`."""
    for _ in range(300):
        if game.stage == "execute" and game.revealed is not None and game.power == power \
                and game.round == round_number:
            return
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    raise AssertionError("never revealed")


def test_karelia_one_move_into_an_area_and_a_blitz_through_it_later() -> None:
    """Plotting Movement Actions: "The Germans may not plot any additional moves into Karelia
    during this turn, but they may plot a blitz move through Karelia on a later round."""
    game = plot_phase()
    act(game, GER, "plot-move", round=4, units="3i, t", from_area="Fin", to="Karelia")
    act(game, GER, "plot-move", round=4, units="3i, t", from_area="Ukr", to="Karelia")
    act(game, GER, "plot-move", round=4, units="3i, t", from_area="E Eur", to="Karelia")
    act(game, GER, "plot-move", round=4, units="2t", from_area="Ger", to="Karelia",
        via="E Eur")
    assert len(game.plots[GER]) == 1 and len(game.plots[GER][0].sources) == 4
    with pytest.raises(NotAllowed, match="no more than one move may be plotted into an area"):
        act(game, GER, "plot-move", round=5, units="inf", from_area="Germany", to="Karelia")
    # A tank from Ukraine blitzing through Karelia into Russia on a later round is free.
    game.pos.place("Ukraine S.S.R.", GER, {"armour": 1})
    act(game, GER, "plot-move", round=5, units="t", from_area="Ukr", to="Russia",
        via="Karelia")
    assert [a.round for a in game.plots[GER]] == [4, 5]


def _libya_to_egypt(blocked: bool):
    game = plot_phase("libya")
    clear(game, "Anglo Sudan Egypt")
    game.pos.place("Anglo Sudan Egypt", UK, {"infantry": 1})
    if blocked:
        game.pos.place("Congo", UK, {"infantry": 1})
        act(game, UK, "plot-move", round=1, units="inf", from_area="Congo", to="FE Afr")
    act(game, GER, "plot-noop", round=1)
    act(game, GER, "plot-move", round=2, units="all", from_area="Libya", to="Egypt",
        via="t via F E Afr")
    submit_all(game)
    return game


def test_libya_to_egypt_with_the_tank_blitzing_through_fe_afr() -> None:
    """Plotting Two-Area Movement: "the Germans plot to move units from Libya to Egypt on
    round 2, with the tank blitzing through French Equatorial Africa." Executed as plotted:
    the tank takes the empty FE Afr on its way and attacks Egypt with the infantry."""
    game = _libya_to_egypt(blocked=False)
    until_revealed(game, GER, 2)
    events = act(game, GER, "execute")
    assert game.pos.controller("French Equatorial Africa") == GER
    assert any(e.kind == "blitz" for e in events)
    assert any(e.kind == "battle" and e.data["area"] == "Anglo Sudan Egypt" for e in events)
    assert units_at(game, "Libya", GER) == {}


def test_libya_to_egypt_blocked_by_a_british_infantry_that_arrived_in_round_1() -> None:
    """Executing Two-Area Movement: "If the British moved an infantry into FE Afr during
    round 1, the German tank must either attack the British in FE Afr or remain in Libya.
    The tank may not move directly from Libya to Egypt. ... the German infantry from Libya
    must either attack Egypt without the tank or remain in Libya. The infantry may not
    attack FE Afr." """
    game = _libya_to_egypt(blocked=True)
    until_revealed(game, GER, 2)
    assert units_at(game, "French Equatorial Africa", UK) == {"infantry": 1}
    # Moving the tank on to Egypt through FE Afr is refused, with the choice it has.
    with pytest.raises(NotAllowed, match="attack French Equatorial Africa"):
        act(game, GER, "execute", units="armour")
    # As plotted (the deadline): the tank can't go, so it remains; the infantry attack.
    twin = type(game).from_state(game.state())
    act(twin, GER, "execute")
    assert units_at(twin, "Libya", GER) == {"armour": 1}
    # Or the tank attacks FE Afr (stop at the first area) while the infantry attack Egypt.
    act(game, GER, "orders", battle="press on")  # the owner fights both battles through
    events = act(game, GER, "execute", stop=True)
    events += run_deadlines_while(game, lambda: game.battle is not None or game.battles)
    battles = [e.data["area"] for e in events if e.kind == "battle"]
    assert "French Equatorial Africa" in battles and "Anglo Sudan Egypt" in battles
    assert units_at(game, "Libya", GER) == {}


def test_fighter_ukraine_to_north_sea_and_to_algeria() -> None:
    """Plotting Aircraft Movement: "the Germans may plot to move a fighter from Ukraine to
    the North Sea ... since it will have 1 movement point left to land in Western Europe or
    Finland. Or the Germans may plot to move the fighter from Ukraine to Algeria, using all
    of the fighter's movement to land in a friendly area." """
    game = plot_phase()
    act(game, GER, "plot-move", round=1, units="f", from_area="Ukraine", to="North Sea")
    act(game, GER, "plot-clear")
    act(game, GER, "plot-move", round=1, units="f", from_area="Ukraine", to="Algeria")
    # Not into an area the enemy holds with the full range: the Congo is 4 away too.
    act(game, GER, "plot-clear")
    with pytest.raises(NotAllowed, match="may not plot its full range"):
        act(game, GER, "plot-move", round=1, units="f", from_area="Ukraine", to="Congo")


def test_fighter_to_algeria_after_the_british_took_it_may_not_leave() -> None:
    """Executing Aircraft Movement: "the Germans may have plotted to move a fighter from
    Ukraine to Algeria, but the British landed infantry in Algeria during an earlier round.
    In this case, the fighter may not leave Ukraine." """
    game = plot_phase("algeria")
    act(game, GER, "plot-noop", round=1)
    act(game, GER, "plot-move", round=2, units="f", from_area="Ukraine", to="Algeria")
    submit_all(game)
    until_revealed(game, GER, 2)
    # The British landed in an earlier round: Algeria is theirs now.
    clear(game, "Algeria")
    game.pos.place("Algeria", UK, {"infantry": 1})
    game.pos.owner["Algeria"] = UK
    game.pos.captured.add("Algeria")
    with pytest.raises(NotAllowed):
        act(game, GER, "execute", units="fighter")
    act(game, GER, "execute")
    assert units_at(game, "Ukraine S.S.R.", GER).get("fighter") == 1


def test_bomber_germany_to_e_med_then_the_arabian_sea_with_its_landing() -> None:
    """Plotting 2nd Aircraft Movement: "the Germans may plot to move their bomber from
    Germany to E Med on round 4, then plot to move the bomber from E Med to the Arabian Sea
    on round 5. This leaves the bomber with enough range to land in Libya." (PAA-1: the
    Arabian Sea is the Red Sea Zone.) Here on rounds 1 and 2, the sub having left E Med."""
    game = plot_phase("bomber")
    clear(game, "East Mediteranean Sea Zone")
    form = FORM_HEADER + "1\tE Med\tb\tGer\t1st move\n2\tArabian Sea\tb\tE Med\t2nd move\n"
    act(game, GER, "plot-paste", text=form)
    assert game.check(GER, game.plots[GER]).errors == []
    submit_all(game)
    until_revealed(game, GER, 1)
    act(game, GER, "execute")
    # No attack in E Med and a second move plotted: the bomber flies on, not landed.
    assert units_at(game, "East Mediteranean Sea Zone", GER) == {"bomber": 1}
    assert not game.landings
    until_revealed(game, GER, 2)
    act(game, GER, "execute")
    # Its last plotted move done, it must land: Libya is within its 2 moves left.
    assert prompted(game, GER) == ["land"]
    choices = [c.value for c in game.prompts()[GER].action("land").params[0].choices]
    assert "Libya" in choices
    act(game, GER, "land", to="Libya")
    assert units_at(game, "Libya", GER).get("bomber") == 1


def test_japanese_carrier_transport_and_fighters_to_alaska_with_1_movement_point_left() -> None:
    """Plotting Fighter and Carrier Movement: "On round 1, they plot to move a transport
    with 2 infantry and a carrier with 2 fighters into the Bering Sea. On round 2, they plot
    to move the infantry and fighters from the Bering Sea into Alaska. ... The fighters will
    have 1 movement point left to land on the carrier after combat." """
    game = plot_phase("alaska")
    clear(game, "Japan Sea Zone")
    game.pos.place("Japan Sea Zone", JAP, {"carrier": 1, "fighter": 2, "transport": 1})
    form = FORM_HEADER + ("1\tBering\tcv, 2f, trn\tSea of Japan\t+2 i from Japan\n"
                          "2\tAlaska\t2f, 2i\tBering\t\n")
    act(game, JAP, "plot-paste", text=form)
    submit_all(game)
    until_revealed(game, JAP, 1)
    act(game, JAP, "execute")
    assert units_at(game, "Alaska Sea Zone", JAP) == {"carrier": 1, "fighter": 2,
                                                      "transport": 1}
    assert game.pos.cargo_of("Alaska Sea Zone", JAP) == {"infantry": 2}
    assert sorted(f["used"] for f in game.flights if f["power"] == JAP) == [2, 2]
    until_revealed(game, JAP, 2)
    events = act(game, JAP, "execute")
    battle = next(e.text for e in events if e.kind == "battle")
    assert battle.startswith("Japan attacks Alaska with 2 infantry, 2 fighters")
    run_deadlines_while(game, lambda: game.battle is not None)
    # After combat the fighters must land: with 1 move left, on the carrier.
    assert units_at(game, "Alaska", JAP).get("fighter", 0) == 0
    group = game.landings[0]
    assert group["power"] == JAP and group["used"] == 3
    assert game.spots(group) == ["Alaska Sea Zone"]
    survivors = group["count"]
    act(game, JAP, "land", to="Alaska Sea Zone")
    assert units_at(game, "Alaska Sea Zone", JAP)["fighter"] == survivors


def run_deadlines_while(game, condition) -> list:
    events: list = []
    for _ in range(100):
        if not condition():
            return events
        seat, action, params = game.timeout_actions()[0]
        events += act(game, seat, action, **params)
    return events


def test_transport_in_e_med_picks_up_a_tank_that_lands_in_egypt_next_round() -> None:
    """Plotting Transport Movement: "the Germans plot to move a transport into the Eastern
    Mediterranean from the Central Mediterranean on round 1, picking up a tank from Southern
    Europe. On round 2, they plot to move the tank into Egypt from the Eastern
    Mediterranean." Shore Bombardment: "You don't have to plot shore bombardment": the
    battleship in E Med supports the landing."""
    game = plot_phase("transport")
    clear(game, "East Mediteranean Sea Zone")
    form = FORM_HEADER + ("1\tE Med\tbb, trn\tC Med\t+t from S Eur\n"
                          "2\tEgypt\tt\tE Med\tfrom trn\n")
    act(game, GER, "plot-paste", text=form)
    submit_all(game)
    until_revealed(game, GER, 1)
    act(game, GER, "execute")
    assert game.pos.cargo_of("East Mediteranean Sea Zone", GER) == {"armour": 1}
    assert units_at(game, "South Europe", GER).get("armour", 0) == 0
    until_revealed(game, GER, 2)
    events = act(game, GER, "execute")
    assert any(e.kind == "unloaded" for e in events)
    text = "\n".join(e.text for e in events if e.kind == "battle")
    assert "bombardment by 1 battleship" in text
    assert game.pos.cargo_of("East Mediteranean Sea Zone", GER) == {}


def test_the_noop_rule() -> None:
    """Optional Rules, NOOP: "you may not plot 2 NOOPs in a row. During the Execution
    Phase, you may not build or move units during a round you plotted a NOOP." """
    game = plot_phase("noop")
    act(game, GER, "plot-noop", round=1)
    with pytest.raises(NotAllowed, match="never two in a row"):
        act(game, GER, "plot-noop", round=2)
    act(game, GER, "plot-move", round=2, units="inf", from_area="Germany", to="W Europe")
    act(game, GER, "plot-noop", round=3)
    submit_all(game)
    events = run_deadlines(game, until="develop")
    reveals = [e.text for e in events if e.kind == "reveal" and e.data["power"] == GER]
    assert reveals[0].startswith("Germany reveals a NOOP")
    off = plot_phase("noop-off", noop=False)
    with pytest.raises(RuleError):
        act(off, GER, "plot-noop", round=1)


def test_all_aircraft_to_the_north_sea_and_back() -> None:
    """Aircraft Landing: "the Germans plotted to fly all of their aircraft to the North Sea on
    round 3. After combat, if any, Germany must return its aircraft to friendly territories.
    The aircraft don't have to remain together; the Germans could move their bomber back to
    Germany, and their fighters to Western Europe." """
    game = plot_phase("north-sea")
    clear(game, "North Sea Zone")
    form = FORM_HEADER + "".join(f"{'1' if i == 0 else ''}\t{'North Sea' if i == 0 else ''}"
                                 f"\t{units}\t{where}\t\n"
                                 for i, (units, where) in enumerate(
                                     [("f", "Ukr"), ("f", "Fin"), ("f", "E Eur"),
                                      ("f", "W Eur"), ("f, b", "Ger")]))
    act(game, GER, "plot-paste", text=form)
    submit_all(game)
    until_revealed(game, GER, 1)
    act(game, GER, "execute")
    assert units_at(game, "North Sea Zone", GER) == {}  # in the air, to land
    # Asked once for the six aircraft (issue 24: one question for the group), with a way
    # to split them: the bomber to Germany, then the fighters to West Europe.
    (prompt,) = game.prompts().values()
    assert prompt.text.startswith("Land 5 fighters, 1 bomber from North Sea Zone")
    assert {a.name for a in prompt.actions} == {"land", "land-part"}
    act(game, GER, "land-part", to="Germany", units="b")
    assert units_at(game, "Germany", GER).get("bomber") == 1
    assert game.prompts()[GER].text.startswith("Land 5 fighters from North Sea Zone")
    act(game, GER, "land", to="West Europe")
    assert not game.landings
    assert units_at(game, "West Europe", GER).get("fighter") == 5


def test_strategic_bombing_of_6_against_4_ipcs_reduces_that_turns_income_by_2() -> None:
    """Strategic Bombing: "the UK sends a bomber into Germany and rolls "6" but the Germans
    have only 4 IPCs. The Germans must give 4 IPCs to the bank and later, during the
    Collect Income Phase, they receive 2 IPCs fewer than they normally would. Reduced income
    never carries over into the next turn." """
    game = plot_phase("bombing")
    act(game, UK, "plot-move", round=1, units="b", from_area="United Kingdom", to="Germany")
    submit_all(game)
    game.pos.treasury[GER] = 4
    game.pos.units["Germany"][GER].pop("aa_gun")
    until_revealed(game, UK, 1)
    # The UK's bomber raids and rolls a 6, as in the example (then the action is over).
    events = game.apply_bombing("Germany", GER, 0, 6, 4, 2)
    assert game.pos.treasury[GER] == 0 and game.shortfall == {GER: 2}
    assert "collects 2 IPCs less this turn" in events[0].text
    events = act(game, UK, "pass") + run_deadlines(game, until="develop")
    income = next(e for e in events if e.kind == "income" and e.data["power"] == GER)
    full = game.view(None)["income"][GER]
    assert income.data["ipcs"] == full - 2
    assert game.shortfall == {}  # never carries over


def test_bombing_through_execute_takes_what_the_treasury_has_and_the_rest_from_income() -> None:
    """Strategic Bombing: "You don't have to plot which bombers will conduct strategic
    bombing"; "if the defender doesn't have enough IPCs ... take that many fewer IPCs
    during the Collect Income Phase." """
    game = plot_phase("raid")
    act(game, UK, "plot-move", round=1, units="b", from_area="United Kingdom", to="Germany")
    submit_all(game)
    game.pos.treasury[GER] = 1
    until_revealed(game, UK, 1)
    events = act(game, UK, "execute", bomb=True)
    raid = next(e for e in events if e.kind == "bombing")
    assert raid.data["paid"] <= 1
    assert game.shortfall.get(GER, 0) == raid.data["shortfall"]
    assert all(p in POWERS for p in game.shortfall)


def test_aircraft_land_at_once_when_opposing_units_move_into_their_area() -> None:
    """Aircraft Landing: "A fighter or bomber must land immediately if ... Opposing units
    move into the aircraft's area and the area is unfriendly to the aircraft"; "Once an
    aircraft has landed, it may not move again for the remainder of the turn, even if it
    was plotted to do so." (D-4: it lands at the nearest place.)"""
    game = plot_phase("forced-down")
    clear(game, "North Sea Zone")
    game.pos.place("East Canada Sea Zone", UK, {"battleship": 1})
    form = FORM_HEADER + "1\tNorth Sea\tb\tGer\t\n2\tBaltic\tb\tNorth Sea\t\n"
    act(game, GER, "plot-paste", text=form)
    act(game, UK, "plot-move", round=1, units="bb", from_area="East Canada Sea Zone",
        to="North Sea")
    submit_all(game)
    until_revealed(game, GER, 1)
    act(game, GER, "execute")
    assert units_at(game, "North Sea Zone", GER) == {"bomber": 1}  # aloft: it moves again
    until_revealed(game, UK, 1)
    events = act(game, UK, "execute")
    landed = next(e for e in events if e.kind == "landed")
    # The nearest places are Finland Norway and West Europe, 1 away: the first by name.
    assert landed.text == "Germany lands 1 bomber from North Sea Zone in Finland Norway."
    until_revealed(game, GER, 2)
    act(game, GER, "execute")
    assert units_at(game, "Finland Norway", GER)["bomber"] == 1
    assert units_at(game, "Baltic Sea Zone", GER).get("bomber", 0) == 0


def test_german_1st_turn_example_executes_round_by_round() -> None:
    """German 1st Turn Example, executed: the form as printed (rulebook.py), pasted,
    submitted, and executed as plotted by the deadline; Germany reveals its actions in rounds
    1 to 7, one a round, and "The Germans have legally plotted to build units during the 6th
    round": 6 tanks at Germany for 30 IPCs."""
    from engine.games.plotted_aa.rulebook import GERMAN_FIRST_TURN
    game = plot_phase("german-executed")
    act(game, GER, "plot-paste", text=GERMAN_FIRST_TURN)
    events = submit_all(game) + run_deadlines(game, until="develop")
    reveals = [e.data["round"] for e in events
               if e.kind == "reveal" and e.data["power"] == GER and e.data["action"]]
    assert reveals == [1, 2, 3, 4, 5, 6, 7]
    built = [e.text for e in events if e.kind == "built" and e.data["power"] == GER]
    assert built == ["Germany builds 6 armour in Germany (30 IPCs)."]
    assert not game.landings and game.battle is None


def test_karelia_the_germans_may_pass_in_the_4th_round() -> None:
    """Rounds: "the German's plotted to attack Karelia during the 4th round. In light of a
    massive Russian build up during the first 3 rounds, the Germans may choose not to move
    any units into Karelia and simply pass during the 4th round." The action is revealed;
    passing moves nothing."""
    game = plot_phase("karelia-pass")
    form = FORM_HEADER + ("1\tNOOP\t\t\t\n2\tW Europe\tinf\tGer\t\n3\tNOOP\t\t\t\n"
                          "4\tKarelia\t3i, t\tFin\t\n\t\t3i, t\tUkr\t\n")
    act(game, GER, "plot-paste", text=form)
    submit_all(game)
    until_revealed(game, GER, 4)
    before = {a: units_at(game, a, GER) for a in ("Finland Norway", "Ukraine S.S.R.")}
    events = act(game, GER, "pass")
    assert events[0].kind == "passed"
    assert {a: units_at(game, a, GER) for a in before} == before
    assert units_at(game, "Karelia S.S.R.", GER) == {}


def test_a_bomber_attacks_at_its_destination_or_stays_it_never_stops_on_the_way() -> None:
    """Executing Aircraft Movement: "the Germans have plotted to fly a bomber to the North
    Sea. If British units are in the North Sea, the bomber must either remain in Germany or
    attack the British, it can't stop in Western Europe on its way to the North Sea." Asked
    to stop (as a tank may), the bomber still flies to the North Sea and attacks."""
    game = plot_phase("bomber-no-stop")
    act(game, GER, "plot-move", round=1, units="b", from_area="Germany", to="North Sea")
    submit_all(game)
    until_revealed(game, GER, 1)
    events = act(game, GER, "execute", stop=True)
    assert units_at(game, "West Europe", GER).get("bomber", 0) == 0
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["area"] == "North Sea Zone"


def test_a_ship_blocked_on_its_two_zone_move_may_attack_the_intervening_enemy() -> None:
    """Executing Two-Area Movement: "It's possible that a tank or ship won't be able to move
    2 areas because of intervening enemy units. In this case, the tank or ship has the
    option of not moving at all or of moving to attack the intervening enemy." The German
    submarine plotted from Spn W Coast to US E Coast (the German example's round 7, no zone
    named between: D-2) finds a British battleship in the North Atlantic, the only way
    through: with `stop` it attacks it (it could only stay)."""
    game = plot_phase("ship-blocked")
    clear(game, "East Canada Sea Zone")
    game.pos.place("East Canada Sea Zone", UK, {"battleship": 1})
    game.pos.place("North Atlantic Sea Zone", UK, {"battleship": 1})
    act(game, GER, "plot-move", round=1, units="sub", from_area="Spn W Coast",
        to="US E Coast")
    submit_all(game)
    until_revealed(game, GER, 1)
    twin = type(game).from_state(game.state())
    act(twin, GER, "execute")
    assert units_at(twin, "West Spain Sea Zone", GER) == {"submarine": 1}
    events = act(game, GER, "execute", stop=True)
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["area"] == "East Canada Sea Zone"
