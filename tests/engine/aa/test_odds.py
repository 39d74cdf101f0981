"""The exact battle calculator: hand-computed values, agreement of its two exact paths, and
a seeded Monte Carlo of the combat code within 3 standard errors on 24 varied battles."""

from __future__ import annotations

import doctest
import math

import pytest

import engine.aa.map
import engine.aa.names
import engine.aa.odds
import engine.aa.units
from engine.aa.combat import BattleRules
from engine.aa.odds import (
    BattleSetup,
    _batched_odds,
    _composition_odds,
    _grid_odds,
    _grid_odds_each,
    battle_odds,
    battle_setup,
    format_odds,
    monte_carlo,
)
from engine.errors import Unreadable


def close(a: float, b: float) -> bool:
    return abs(a - b) < 1e-9


def test_hand_computed_one_infantry_against_one_infantry() -> None:
    """Per round the attacker hits with 1/6, the defender with 2/6:
    attacker only 1/6 * 4/6 = 4/36; both 1/6 * 2/6 = 2/36; defender only 5/6 * 2/6 = 10/36;
    no hit 5/6 * 4/6 = 20/36, which repeats the round. Dividing by 1 - 20/36 = 16/36:
    attacker wins 4/16 = 1/4, both destroyed 2/16 = 1/8, defender holds 10/16 = 5/8."""
    o = battle_odds({"infantry": 1}, {"infantry": 1})
    assert close(o.attacker_wins, 1 / 4) and close(o.draw, 1 / 8)
    assert close(o.defender_wins, 5 / 8)
    assert close(o.expected_attackers_left, 1 / 4) and close(o.takes_territory, 1 / 4)


def test_hand_computed_one_armour_against_one_infantry() -> None:
    """Armour hits with 3/6, infantry defends with 2/6: attacker only 1/2 * 2/3 = 1/3, both
    1/2 * 1/3 = 1/6, defender only 1/2 * 1/3 = 1/6, none 1/2 * 2/3 = 1/3. Dividing by 2/3:
    attacker wins 1/2, both destroyed 1/4, defender holds 1/4."""
    o = battle_odds({"armour": 1}, {"infantry": 1})
    assert close(o.attacker_wins, 1 / 2) and close(o.draw, 1 / 4)
    assert close(o.defender_wins, 1 / 4)


def test_hand_computed_fighter_and_infantry_against_infantry_and_an_aa_gun() -> None:
    """The AA gun shoots the fighter down with 1/6: then 1 infantry against 1 infantry
    (1/4, 1/8, 5/8 as above). With 5/6 the fighter survives; the attacker loses infantry
    first. A round from (infantry + fighter vs infantry): the attack misses with
    5/6 * 1/2 = 5/12, the defence hits with 1/3. Attack hits, defence misses 7/12 * 2/3 =
    14/36 (win, 2 left); both 7/12 * 1/3 = 7/36 (win, the fighter left); defence only
    5/12 * 1/3 = 5/36 (fighter vs infantry); none 10/36 repeats. Dividing by 26/36: 14/26,
    7/26, 5/26; fighter vs infantry is armour vs infantry: 1/2, 1/4, 1/4. So with the
    fighter: attacker 14/26 + 7/26 + 5/52 = 47/52, both destroyed 5/104, defender 5/104.
    In all: attacker 1/6 * 1/4 + 5/6 * 47/52 = 31/39; both destroyed
    1/6 * 1/8 + 5/6 * 5/104 = 19/312; defender 1/6 * 5/8 + 5/6 * 5/104 = 15/104."""
    o = battle_odds({"infantry": 1, "fighter": 1}, {"infantry": 1}, aa_gun=True)
    assert close(o.attacker_wins, 31 / 39)
    assert close(o.draw, 19 / 312)
    assert close(o.defender_wins, 15 / 104)
    # A fighter alone can't take the territory: the wins with only the fighter left.
    assert close(o.takes_territory, 1 / 6 * 1 / 4 + 5 / 6 * 14 / 26)


BATTLES: list[tuple[str, dict[str, object]]] = [
    ("3 inf vs 2 inf", dict(attackers={"infantry": 3}, defenders={"infantry": 2})),
    ("2 inf 2 arm vs 3 inf", dict(attackers={"infantry": 2, "armour": 2},
                                  defenders={"infantry": 3})),
    ("mixed land with AA", dict(attackers={"infantry": 3, "armour": 2, "fighter": 2,
                                           "bomber": 1},
                                defenders={"infantry": 4, "armour": 1, "fighter": 1},
                                aa_gun=True)),
    ("amphibious with bombardment", dict(attackers={"infantry": 2, "armour": 1},
                                         defenders={"infantry": 3}, bombard=2)),
    ("bombardment removed first", dict(attackers={"infantry": 2}, defenders={"infantry": 2},
                                       bombard=1,
                                       rules=BattleRules(bombardment_return_fire=False))),
    ("bombers only vs AA", dict(attackers={"bomber": 3}, defenders={"infantry": 2},
                                aa_gun=True)),
    ("heavy bombers", dict(attackers={"bomber": 2, "infantry": 1},
                           defenders={"infantry": 3, "armour": 1},
                           attacker_techs={"heavy_bombers"})),
    ("jet fighters defend", dict(attackers={"armour": 4}, defenders={"fighter": 2},
                                 defender_techs={"jet_power"})),
    ("fighters vs infantry", dict(attackers={"fighter": 3}, defenders={"infantry": 4})),
    ("naval: battleships", dict(attackers={"battleship": 2}, defenders={"battleship": 1,
                                                                        "transport": 2})),
    ("naval: subs vs transports", dict(attackers={"submarine": 3},
                                       defenders={"transport": 2, "submarine": 1})),
    ("naval: subs vs carrier group", dict(attackers={"submarine": 3, "fighter": 1},
                                          defenders={"carrier": 1, "fighter": 2})),
    ("naval: air vs subs", dict(attackers={"fighter": 2, "bomber": 1},
                                defenders={"submarine": 2}, land=False)),
    ("naval: super subs", dict(attackers={"submarine": 2}, defenders={"submarine": 2},
                               attacker_techs={"super_submarines"})),
    ("naval: carrier and fighters attack", dict(attackers={"carrier": 1, "fighter": 2,
                                                           "battleship": 1},
                                                defenders={"battleship": 1, "submarine": 1,
                                                           "transport": 1})),
    ("defender loss order", dict(attackers={"infantry": 4, "armour": 2},
                                 defenders={"infantry": 2, "fighter": 2, "armour": 1},
                                 defender_order=("fighter", "infantry", "armour"))),
    ("attacker loss order", dict(attackers={"infantry": 2, "armour": 3, "fighter": 1},
                                 defenders={"infantry": 4},
                                 attacker_order=("armour", "infantry", "fighter"))),
    ("big land", dict(attackers={"infantry": 6, "armour": 4, "fighter": 2},
                      defenders={"infantry": 8, "armour": 2, "fighter": 1}, aa_gun=True)),
    ("lopsided", dict(attackers={"armour": 8}, defenders={"infantry": 1})),
    ("defender favoured", dict(attackers={"infantry": 2}, defenders={"infantry": 4,
                                                                     "fighter": 1})),
    ("transports only attack", dict(attackers={"transport": 1, "battleship": 1},
                                    defenders={"transport": 1})),
    ("sub hits any unit by option", dict(attackers={"submarine": 2, "fighter": 1},
                                         defenders={"carrier": 1, "fighter": 1},
                                         rules=BattleRules(sub_hits_ships_only=False))),
    ("subs in a mixed fleet", dict(attackers={"submarine": 2, "battleship": 1,
                                              "bomber": 1},
                                   defenders={"submarine": 1, "carrier": 1, "fighter": 2,
                                              "transport": 1})),
    ("bombard and AA", dict(attackers={"infantry": 3, "fighter": 1}, defenders={
        "infantry": 2, "armour": 1}, bombard=1, aa_gun=True)),
]
RUNS = 300


@pytest.mark.parametrize(("name", "battle"), BATTLES, ids=[b[0] for b in BATTLES])
def test_exact_odds_within_three_standard_errors_of_the_combat_codes_monte_carlo(
        name: str, battle: dict[str, object]) -> None:
    """24 battles: land, sea, AA, bombardment, technologies, loss orders, options. The
    standard error is the exact probability's, sqrt(p(1-p)/runs)."""
    exact = battle_odds(**battle)  # type: ignore[arg-type]
    assert exact.method in ("exact", "exact-composition")
    assert close(exact.attacker_wins + exact.defender_wins + exact.draw + exact.unresolved, 1)
    setup = battle_setup(**battle)  # type: ignore[arg-type]
    sampled = monte_carlo(setup, RUNS, seed=name)
    for got, want in ((sampled.attacker_wins, exact.attacker_wins),
                      (sampled.defender_wins, exact.defender_wins)):
        se = math.sqrt(want * (1 - want) / RUNS)
        assert abs(got - want) <= 3 * se + 1e-9, (name, got, want, se)


def test_the_side_by_side_grids_agree_with_one_grid_at_a_time() -> None:
    for battle in (BattleSetup({"infantry": 8, "armour": 6, "fighter": 4, "bomber": 2},
                               {"infantry": 10, "armour": 5, "fighter": 5}, aa_gun=True),
                   BattleSetup({"infantry": 2, "fighter": 3}, {"infantry": 6, "armour": 1},
                               aa_gun=True, bombard=2),
                   BattleSetup({"armour": 3, "bomber": 1}, {"infantry": 1}, aa_gun=True,
                               rules=BattleRules(bombardment_return_fire=False), bombard=1)):
        together, apart = _batched_odds(battle), _grid_odds_each(battle)
        assert close(together.attacker_wins, apart.attacker_wins)
        assert close(together.draw, apart.draw)
        assert close(together.takes_territory, apart.takes_territory)
        for kind, value in apart.defenders_left.items():
            assert close(value, together.defenders_left[kind])


def test_the_grid_and_the_composition_chain_agree() -> None:
    for battle in (BattleSetup({"infantry": 3, "armour": 2, "fighter": 1},
                               {"infantry": 3, "armour": 1}, aa_gun=True),
                   BattleSetup({"infantry": 3, "armour": 2}, {"infantry": 3, "armour": 1},
                               bombard=2),
                   BattleSetup({"submarine": 3, "battleship": 1},
                               {"transport": 3, "carrier": 1, "battleship": 1}, land=False)):
        grid, chain = _grid_odds(battle), _composition_odds(battle)
        assert close(grid.attacker_wins, chain.attacker_wins)
        assert close(grid.draw, chain.draw)
        for kind, value in grid.attackers_left.items():
            assert close(value, chain.attackers_left[kind])


def test_submarines_off_the_loss_order_use_the_composition_chain() -> None:
    o = battle_odds({"submarine": 2}, {"fighter": 1, "carrier": 1},
                    defender_order=("fighter", "carrier"))
    assert o.method == "exact-composition"


def test_monte_carlo_only_when_the_state_space_explodes(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    monkeypatch.setattr(engine.aa.odds, "MAX_COMPOSITION_STATES", 10)
    o = battle_odds({"submarine": 3, "fighter": 2}, {"carrier": 2, "fighter": 3},
                    runs=200)
    assert o.method == "monte-carlo" and o.runs == 200 and o.standard_error > 0
    assert "one standard error" in format_odds(o, {"submarine": 3}, {"carrier": 2})


def test_a_20_against_20_battle_is_exact_and_sums_to_one() -> None:
    o = battle_odds({"infantry": 8, "armour": 6, "fighter": 4, "bomber": 2},
                    {"infantry": 10, "armour": 5, "fighter": 4}, aa_gun=True)
    assert o.method == "exact"
    assert abs(o.attacker_wins + o.defender_wins + o.draw - 1) < 1e-9


def test_refusals() -> None:
    with pytest.raises(Unreadable):
        battle_odds({}, {"infantry": 1})
    with pytest.raises(Unreadable):
        battle_odds({"infantry": 1}, {"aa_gun": 1})


def test_answer_for_players() -> None:
    text = format_odds(battle_odds({"armour": 1}, {"infantry": 1}), {"armour": 1},
                       {"infantry": 1})
    assert "attacker wins 50.0%" in text and "defender holds 25.0%" in text
    assert "_" not in text


@pytest.mark.parametrize("module", [engine.aa.map, engine.aa.names, engine.aa.units,
                                    engine.aa.odds])
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.failed == 0 and result.attempted > 0
