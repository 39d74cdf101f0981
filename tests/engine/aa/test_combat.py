"""One test per combat rule of shared/reference/axis-allies-classic.md ("Combat rules",
"Strategic bombing"), with scripted dice."""

from __future__ import annotations

import json

import pytest

from engine.aa.combat import (
    Battle,
    BattleRules,
    capture,
    default_casualties,
    rocket_targets,
    start_battle,
    strategic_bombing,
)
from engine.errors import NotAllowed
from tests.engine.aa.helpers import BOARD, Dice, clear, opening


def fight(battle: Battle, dice: Dice) -> list[str]:
    """Advance until a pause; the lines said."""
    return battle.advance(dice)


def test_hit_on_attack_or_defence_value_or_less() -> None:
    """Reference "hit": "each unit rolls one die per round; hit if die <= attack (attacker)
    or <= defense (defender)"."""
    battle = Battle("Libya", False, "United Kingdom", {"armour": 1}, {"Germany": {"infantry": 1}})
    lines = fight(battle, Dice(3, 3))  # armour hits on 3; infantry (defence 2) misses on 3
    assert battle.outcome == "attacker"
    assert "the attack scores 1 hit, the defence 0 hits" in " ".join(lines)


def test_attacking_submarines_strike_first_and_their_victims_do_not_fire_back() -> None:
    """Reference "sequence": "attacking subs' surprise strike (casualties removed without
    firing back) -> attacker fires -> defender fires"."""
    battle = Battle("North Sea Zone", True, "Germany", {"submarine": 1},
                    {"United Kingdom": {"battleship": 1}})
    fight(battle, Dice(2))  # the submarine hits on 2: the battleship never fires
    assert battle.outcome == "attacker" and battle.attackers == {"submarine": 1}


def test_defending_submarines_fire_with_the_rest_no_first_strike() -> None:
    """Reference "submarines": "only ATTACKING submarines get the first-strike; defending
    subs fire normally"."""
    battle = Battle("North Sea Zone", True, "United Kingdom", {"battleship": 1},
                    {"Germany": {"submarine": 1}})
    fight(battle, Dice(4, 1))  # both hit in the same round: both sink
    assert battle.outcome == "draw"


def test_submarine_hits_sink_ships_only() -> None:
    """Reference "submarines": "Sub hits may only be applied to ships, not aircraft"."""
    battle = Battle("Hawaii Sea Zone", True, "Japan", {"submarine": 1},
                    {"USA": {"fighter": 1, "carrier": 1}})
    fight(battle, Dice(1, 6, 6, 3))  # first strike 1; fighter 6; round 2: 6, fighter 3
    assert battle.lost["USA"] == {"carrier": 1}  # no choice: the carrier is the only ship
    assert battle.outcome == "defender"
    # A defending submarine's hit can't be taken by an attacking fighter.
    battle = Battle("Hawaii Sea Zone", True, "Japan", {"fighter": 2},
                    {"USA": {"submarine": 1}}, retreats=["Midway Sea Zone"])
    fight(battle, Dice(6, 6, 1))
    assert battle.stage == "retreat"
    assert battle.attackers == {"fighter": 2}


def test_aa_gun_fires_once_at_each_attacking_aircraft_before_the_first_round() -> None:
    """Reference "aa gun": "before the first round, each defending AA gun rolls one die for
    each attacking aircraft; 1 = hit, aircraft removed. Only one AA gun per territory
    fires." Which aircraft a hit downs is the attacker's choice, as all its casualties are
    (reference "casualties": "owner chooses which of his units are lost"; the 1984 rules let
    the attacker choose the type shot down)."""
    pos = opening()
    battle = start_battle(BOARD, pos, "West Europe", "United Kingdom",
                          {"fighter": 2, "bomber": 1}, retreats=["United Kingdom"])
    assert battle.aa_gun
    # AA: fighters 1, 5; bomber 4: one hit, the attacker chooses the aircraft it downs.
    lines = fight(battle, Dice(1, 5, 4))
    assert lines[1] == "AA gun fires at 2 fighters, 1 bomber: 1 hit, the attacker's choice."
    assert battle.stage == "choose" and battle.pending[0].power == "United Kingdom"
    assert battle.pending[0].among == {"fighter": 2, "bomber": 1}
    battle.choose("United Kingdom", {"bomber": 1})
    assert battle.attackers == {"fighter": 2}
    # Round 1: fighters 6, 6; the defence (2 armour, 2 infantry, 1 fighter) 6s.
    fight(battle, Dice(6, 6, 6, 6, 6, 6, 6))
    assert battle.stage == "retreat" and battle.round == 2
    # One kind only: no choice to make.
    battle = start_battle(BOARD, pos, "West Europe", "United Kingdom", {"fighter": 2},
                          retreats=["United Kingdom"])
    lines = fight(battle, Dice(1, 5, 6, 6, 6, 6, 6, 6, 6))
    assert lines[1] == "AA gun fires at 2 fighters: 1 fighter shot down."
    assert battle.attackers == {"fighter": 1}
    # Round 2 has no AA fire: the next dice are the round's own (1 attacking, 5 defending).
    battle.press_on()
    fight(battle, Dice(6, 6, 6, 6, 6, 6))
    assert battle.stage == "retreat" and battle.round == 3

def test_shore_bombardment_first_round_of_an_amphibious_assault_only() -> None:
    """Reference "shore bombardment": "battleships in the sea zone may fire once (attack 4)
    in support of an amphibious assault, first round only; (TripleA option: bombardment
    casualties return fire = true)"."""
    battle = Battle("Libya", False, "United Kingdom", {"infantry": 1},
                    {"Germany": {"infantry": 1}}, amphibious={"infantry": 1}, bombard=1)
    # Round 1: infantry 6 (miss), bombardment 4 (hit); the German infantry returns fire: 2.
    fight(battle, Dice(6, 4, 2))
    assert battle.outcome == "draw"  # the bombardment's casualty fired back
    # By option its casualty is removed before it fires.
    battle = Battle("Libya", False, "United Kingdom", {"infantry": 1},
                    {"Germany": {"infantry": 1}}, amphibious={"infantry": 1}, bombard=1,
                    rules=BattleRules(bombardment_return_fire=False))
    fight(battle, Dice(4))
    assert battle.outcome == "attacker" and battle.attackers == {"infantry": 1}
    # Without an amphibious landing there is no bombardment; none in round 2 either.
    battle = Battle("Libya", False, "United Kingdom", {"infantry": 1},
                    {"Germany": {"infantry": 1}}, bombard=1, retreats=["Anglo Sudan Egypt"])
    fight(battle, Dice(6, 6))
    assert battle.stage == "retreat"
    battle = Battle("Libya", False, "United Kingdom", {"infantry": 1, "armour": 1},
                    {"Germany": {"infantry": 2}}, amphibious={"infantry": 1}, bombard=1,
                    retreats=["Anglo Sudan Egypt"])
    fight(battle, Dice(6, 6, 6, 6, 6))  # round 1: armour, infantry, bombardment, 2 defenders
    assert battle.stage == "retreat"
    battle.press_on()
    fight(battle, Dice(6, 6, 6, 6))  # round 2: no bombardment die
    assert battle.stage == "retreat" and battle.round == 3


def test_casualties_chosen_by_their_owner() -> None:
    """Reference "casualties": "owner chooses which of his units are lost"; the block exposes
    the pending choice and refuses an answer that doesn't fit."""
    battle = Battle("Karelia S.S.R.", False, "Germany", {"infantry": 2, "armour": 1},
                    {"USSR": {"infantry": 2, "fighter": 1}})
    fight(battle, Dice(1, 6, 6, 1, 6, 6))  # one hit each way
    assert {c.power for c in battle.pending} == {"Germany", "USSR"}
    soviet = next(c for c in battle.pending if c.power == "USSR")
    assert soviet.count == 1 and soviet.among == {"infantry": 2, "fighter": 1}
    assert "USSR: choose 1 casualty among 2 infantry, 1 fighter." == soviet.describe()
    with pytest.raises(NotAllowed, match="exactly 1"):
        battle.choose("USSR", {"infantry": 2})
    with pytest.raises(NotAllowed, match="only 0 bombers"):
        battle.choose("USSR", {"bomber": 1})
    battle.choose("USSR", {"fighter": 1})
    battle.choose("Germany", {"armour": 1})
    assert battle.defenders == {"USSR": {"infantry": 2}}
    assert battle.attackers == {"infantry": 2}


def test_a_saved_loss_order_answers_at_the_deadline() -> None:
    battle = Battle("Karelia S.S.R.", False, "Germany", {"infantry": 2, "armour": 1},
                    {"USSR": {"infantry": 2, "fighter": 1}})
    fight(battle, Dice(1, 6, 6, 1, 6, 6))
    battle.choose_defaults({"USSR": ["fighter", "infantry"]})
    assert battle.defenders == {"USSR": {"infantry": 2}}
    assert battle.attackers == {"infantry": 1, "armour": 1}  # default order: infantry first
    assert default_casualties({"fighter": 2, "carrier": 1, "submarine": 1}, 1, 1) == {
        "submarine": 1, "fighter": 1}


def test_attacker_retreats_after_a_full_round_to_an_offered_territory() -> None:
    """Reference "retreat": "only the attacker may retreat, after a full round, all units
    together to one adjacent friendly territory from which at least one attacking land unit
    came"."""
    battle = Battle("Karelia S.S.R.", False, "Germany", {"infantry": 2},
                    {"USSR": {"infantry": 2}}, retreats=["East Europe"])
    with pytest.raises(NotAllowed):
        battle.retreat("East Europe")
    fight(battle, Dice(6, 6, 6, 6))
    assert battle.stage == "retreat"
    with pytest.raises(NotAllowed, match="only to East Europe"):
        battle.retreat("Finland Norway")
    battle.retreat("East Europe")
    assert battle.outcome == "retreat" and battle.retreated == {"infantry": 2}


def test_units_landed_in_an_amphibious_assault_cannot_retreat() -> None:
    battle = Battle("Karelia S.S.R.", False, "Germany", {"infantry": 2, "armour": 1},
                    {"USSR": {"infantry": 3}}, amphibious={"infantry": 2},
                    retreats=["East Europe"])
    fight(battle, Dice(6, 6, 6, 6, 6, 6))
    battle.retreat("East Europe")
    assert battle.retreated == {"armour": 1}
    assert battle.attackers == {"infantry": 2} and battle.stage == "fighting"


def test_one_hit_sinks_a_battleship() -> None:
    """Reference "battleship hits": "1 (TripleA property 'Two hit battleship' = false)"."""
    battle = Battle("North Sea Zone", True, "Germany", {"battleship": 1},
                    {"United Kingdom": {"battleship": 1}})
    fight(battle, Dice(5, 4))
    assert battle.outcome == "defender" and battle.lost == {"Germany": {"battleship": 1}}


def test_capture_takes_control_aa_gun_and_complex() -> None:
    pos = clear(opening(), "Karelia S.S.R.")
    pos.place("Karelia S.S.R.", "USSR", {"aa_gun": 1, "factory": 1})
    lines = capture(BOARD, pos, "Karelia S.S.R.", "Germany")
    assert pos.owner["Karelia S.S.R."] == "Germany" and "Karelia S.S.R." in pos.captured
    assert pos.units_of("Karelia S.S.R.", "Germany") == {"aa_gun": 1, "factory": 1}
    assert lines[0] == "Germany captures Karelia S.S.R."


def test_a_captured_capitals_treasury_goes_to_the_captor() -> None:
    """Reference "capital capture": "A power whose capital is captured surrenders its
    unspent IPCs to the captor"."""
    pos = opening()
    pos.treasury.update({"USSR": 17, "Germany": 5})
    capture(BOARD, pos, "Russia", "Germany")
    assert pos.treasury["USSR"] == 0 and pos.treasury["Germany"] == 22


def test_liberating_an_allys_capital_returns_it_and_its_complex() -> None:
    """Reference "capital capture": a captured capital collects no income "until the
    capital is liberated"; TripleA's classic takeover: an ally who takes it back gives it to
    its original owner, its complex included, and the owner's other original territories its
    allies hold return to it."""
    pos = clear(opening(), "Russia", "Karelia S.S.R.")
    pos.owner["Russia"] = "Germany"
    pos.place("Russia", "Germany", {"factory": 1, "aa_gun": 1})
    pos.owner["Karelia S.S.R."] = "United Kingdom"
    pos.place("Karelia S.S.R.", "United Kingdom", {"factory": 1})
    lines = capture(BOARD, pos, "Russia", "United Kingdom")
    assert pos.owner["Russia"] == "USSR"
    assert pos.units_of("Russia", "USSR") == {"factory": 1, "aa_gun": 1}
    assert pos.units_of("Russia", "United Kingdom") == {}
    assert pos.owner["Karelia S.S.R."] == "USSR"
    assert pos.units_of("Karelia S.S.R.", "USSR") == {"factory": 1}
    assert lines[0] == "United Kingdom liberates Russia: it returns to USSR."


def test_liberating_an_allys_territory_returns_it() -> None:
    pos = opening()
    pos.owner["India"] = "Japan"
    lines = capture(BOARD, pos, "India", "USA")
    assert pos.owner["India"] == "United Kingdom"
    assert "liberates" in lines[0]
    # While the ally's capital is in enemy hands, the liberator keeps it.
    pos.owner["India"] = "Japan"
    pos.owner["United Kingdom"] = "Germany"
    capture(BOARD, pos, "India", "USA")
    assert pos.owner["India"] == "USA"


def test_strategic_bombing_aa_then_one_die_per_bomber_limited_by_treasury() -> None:
    """Reference "Strategic bombing": "defending AA gun fires first at each bomber (hit on
    1)"; "each surviving bomber rolls 1 die (3 with Heavy Bombers); the victim surrenders
    that many IPCs from its treasury". Plotted A&A: "rolls 6 but the Germans have only 4
    IPCs ... they receive 2 IPCs fewer"."""
    result = strategic_bombing(Dice(1, 3, 6), 2, 4, aa_gun=True)
    assert (result.shot_down, result.damage, result.paid, result.shortfall) == (1, 6, 4, 2)
    heavy = strategic_bombing(Dice(2, 6, 6, 6), 1, 30, aa_gun=True, techs={"heavy_bombers"})
    assert heavy.damage == 18 and heavy.paid == 18


def test_rockets_reach_an_enemy_complex_within_three() -> None:
    pos = opening()
    assert "Karelia S.S.R." in rocket_targets(BOARD, pos, "Germany", "Germany")
    assert rocket_targets(BOARD, pos, "Germany", "Libya") == []


def test_a_battle_round_trips_through_json_at_every_pause() -> None:
    battle = Battle("Karelia S.S.R.", False, "Germany", {"infantry": 2, "armour": 1},
                    {"USSR": {"infantry": 2, "fighter": 1}}, retreats=["East Europe"])
    fight(battle, Dice(1, 6, 6, 1, 6, 6))
    copy = Battle.from_json(json.loads(json.dumps(battle.to_json())))
    assert copy.to_json() == battle.to_json()
    copy.choose_defaults()
    battle.choose_defaults()
    assert copy.to_json() == battle.to_json()


def test_a_shared_defence_is_chosen_by_the_territorys_controller_own_units_first() -> None:
    """Ruling AA-2 (this engine's): casualties of a defence shared by allies are chosen by
    the territory's controller, its own units taken first."""
    pos = opening()
    pos.place("India", "USA", {"infantry": 1, "fighter": 1})
    battle = start_battle(BOARD, pos, "India", "Japan", {"infantry": 3},
                          retreats=["French Indo China"])
    assert battle.chooser == "United Kingdom"
    fight(battle, Dice(1, 1, 6, 6, 6, 6, 6, 6))  # two hits on the defence
    assert [c.power for c in battle.pending] == ["United Kingdom"]
    battle.choose("United Kingdom", {"infantry": 2})
    assert battle.lost == {"United Kingdom": {"infantry": 2}}
    assert battle.defenders == {"United Kingdom": {"fighter": 1},
                                "USA": {"infantry": 1, "fighter": 1}}
