"""Exact battle odds against reference/risk-battle-odds.json.

Convention of the reference ("battle_table.convention"): "A = number of attacking
armies that can roll, i.e. EXCLUDING the one army that must stay behind ... A
territory holding T armies attacks with A = T-1." engine.risk.odds uses the same A.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from engine.errors import Unreadable
from engine.risk.odds import (
    battle_odds,
    format_odds,
    odds_table,
    round_counts,
    round_probabilities,
)

# A copy of reference/risk-battle-odds.json, so the tests run anywhere.
REFERENCE = Path(__file__).parent / "reference" / "risk-battle-odds.json"


@pytest.fixture(scope="module")
def ref() -> dict:
    if not REFERENCE.exists():
        pytest.skip("reference/risk-battle-odds.json is not available here")
    return json.loads(REFERENCE.read_text())


def test_single_roll_probabilities_exact(ref: dict) -> None:
    """"single_roll": e.g. 1 vs 1: 15/36 defender loses, 21/36 attacker loses."""
    for entry in ref["single_roll"]:
        probs = round_probabilities(entry["attacker_dice"], entry["defender_dice"])
        assert sum(round_counts(entry["attacker_dice"], entry["defender_dice"]).values()) \
            == entry["total_equally_likely_rolls"]
        for o in entry["outcomes"]:
            assert probs[o["attacker_loses"], o["defender_loses"]] == \
                Fraction(o["probability_exact"])


def test_win_probability_table_1_to_10_within_1e6(ref: dict) -> None:
    """"battle_table.attacker_win_probability" for every A, D in 1..10 (rounded to 6
    decimals there), within 1e-6 of the exact chain, both paths."""
    table = ref["battle_table"]
    fast = odds_table(10, 10)
    for i, a in enumerate(table["rows_A"]):
        for j, d in enumerate(table["cols_D"]):
            want = table["attacker_win_probability"][i][j]
            assert abs(float(battle_odds(a, d).attacker_wins) - want) <= 1e-6, (a, d)
            assert abs(fast[a, d].attacker_wins - want) <= 1e-6, (a, d)


def test_expected_losses_table(ref: dict) -> None:
    """"expected_attacker_armies_lost" / "expected_defender_armies_lost" (4 decimals)."""
    table = ref["battle_table"]
    for i, a in enumerate(table["rows_A"]):
        for j, d in enumerate(table["cols_D"]):
            odds = battle_odds(a, d)
            assert abs(float(odds.expected_attacker_losses)
                       - table["expected_attacker_armies_lost"][i][j]) <= 5.1e-5
            assert abs(float(odds.expected_defender_losses)
                       - table["expected_defender_armies_lost"][i][j]) <= 5.1e-5


def test_exact_fractions_exactly(ref: dict) -> None:
    """"exact_fractions_sample": A1_D1 = 5/12, A2_D2 = 235/648, A4_D3 =
    402241935565/626913312768, ... equal as fractions."""
    for key, text in ref["battle_table"]["exact_fractions_sample"].items():
        a, d = key[1:].split("_D")
        assert battle_odds(int(a), int(d)).attacker_wins == Fraction(text), key


def test_independent_code_check_territory_convention(ref: dict) -> None:
    """"verification.independent_code_check": a suite counting the armies in the
    territory (T) asserts 3v1=0.7542438272 ... 200v200=0.9038658101, reproduced with
    A = T - 1 (values to 10 decimals)."""
    checks = {(3, 1): 0.7542438272, (3, 2): 0.3626543210, (4, 2): 0.6559539998,
              (5, 5): 0.3586062332, (10, 5): 0.8729364727, (10, 10): 0.4799352565,
              (15, 10): 0.8345705609, (20, 20): 0.5774574026, (100, 100): 0.8079031789,
              (200, 200): 0.9038658101}
    assert "3v1=0.7542438272" in ref["verification"]["independent_code_check"]
    for (t, d), want in checks.items():
        assert abs(battle_odds(t - 1, d, exact=False).attacker_wins - want) < 1e-9


def test_distribution_is_complete_and_consistent() -> None:
    """Exactly one side is wiped out in every final outcome; probabilities sum to 1;
    the table's backward sweep equals the forward chain exactly."""
    exact_table = odds_table(8, 8, exact=True)
    for a in range(1, 9):
        for d in range(1, 9):
            odds = battle_odds(a, d)
            assert sum(odds.outcomes.values()) == 1
            assert all((x == 0) != (y == 0) for x, y in odds.outcomes)
            assert odds.attacker_wins + odds.defender_wins == 1
            assert exact_table[a, d].outcomes == odds.outcomes
            assert odds.expected_attackers_left == sum(p * x for (x, _), p in
                                                       odds.outcomes.items())


def test_format_odds() -> None:
    """The `odds attackers defenders` answer states the convention and the odds."""
    text = format_odds(2, 2)
    assert "2 attacking armies (a territory of 3; 1 stays behind) against 2 defenders" in text
    assert "attacker takes it 36.3%" in text and "defender holds 63.7%" in text
    assert ">99.9%" in format_odds(30, 1)
    with pytest.raises(Unreadable):
        format_odds(0, 3)
    with pytest.raises(Unreadable):
        format_odds(5, 10_000)
