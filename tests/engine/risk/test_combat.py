"""RISK combat: dice rules, every possible throw, blitz, conquest moves, and a seeded
Monte Carlo of the combat code against the exact odds."""

from __future__ import annotations

import json
import math
from collections import Counter
from itertools import product
from pathlib import Path

import pytest

from engine.errors import NotAllowed, Unreadable
from engine.risk.combat import (
    RoundResult,
    battle_round,
    blitz,
    check_attack,
    check_conquest_move,
    compare,
    conquest_move_range,
    max_attack_dice,
    max_defend_dice,
)
from engine.risk.odds import battle_odds, round_counts
from engine.rng import Rng

# A copy of reference/risk-battle-odds.json, so the tests run anywhere.
ODDS = Path(__file__).parent / "reference" / "risk-battle-odds.json"


class Scripted:
    """Dice that come from a list, to feed battle_round chosen throws."""

    def __init__(self, values: list[int]) -> None:
        self.values = list(values)

    def roll(self, count: int = 1, sides: int = 6, *, label: str = "dice") -> list[int]:
        taken, self.values = self.values[:count], self.values[count:]
        return taken


class Packed:
    """Fair d6s from an engine `Rng`, drawn in batches to keep a big simulation fast:
    each roll of a 7776-sided die is five base-6 digits, i.e. five independent d6s.
    One luck record per batch instead of one per throw."""

    DIGITS = [t for t in product(range(1, 7), repeat=5)]

    def __init__(self, rng: Rng, batch: int = 1 << 14) -> None:
        self.rng, self.batch, self.pos = rng, batch, 0
        self.buffer: list[int] = []

    def roll(self, count: int = 1, sides: int = 6, *, label: str = "dice") -> list[int]:
        if self.pos + count > len(self.buffer):
            values = self.rng.roll(self.batch, 6 ** 5, label="batch")
            self.buffer = [d for v in values for d in self.DIGITS[v - 1]]
            self.pos = 0
        taken = self.buffer[self.pos:self.pos + count]
        self.pos += count
        return taken


def test_ties_go_to_the_defender() -> None:
    """reference/risk-battle-odds.json "rules.comparison": sort each side descending,
    compare pairwise for min(a, d) pairs; a higher attacker die kills one defender,
    otherwise (including ties) the attacker loses one."""
    assert compare([6, 3, 1], [5, 3]) == (1, 1)
    assert compare([4], [4, 4]) == (1, 0)
    assert compare([1, 6, 2], [5, 1]) == (0, 2)
    assert compare([3, 3, 3], [3]) == (1, 0)


@pytest.mark.parametrize("a,d", [(a, d) for a in (1, 2, 3) for d in (1, 2)])
def test_battle_round_over_every_throw_matches_reference_counts(a: int, d: int) -> None:
    """reference/risk-battle-odds.json "single_roll": outcome counts over all 6^(a+d)
    equally likely throws, e.g. 3 vs 2: 2890 / 2611 / 2275 of 7776. Every throw is
    fed through battle_round itself."""
    counts: dict[tuple[int, int], int] = {}
    for throw in product(range(1, 7), repeat=a + d):
        r = battle_round(Scripted(list(throw)), a, d)
        assert r.attacker_dice == tuple(sorted(throw[:a], reverse=True))
        assert r.defender_dice == tuple(sorted(throw[a:], reverse=True))
        key = (r.attacker_losses, r.defender_losses)
        counts[key] = counts.get(key, 0) + 1
    assert counts == round_counts(a, d)
    if ODDS.exists():
        ref = next(s for s in json.loads(ODDS.read_text())["single_roll"]
                   if s["attacker_dice"] == a and s["defender_dice"] == d)
        assert {(o["attacker_loses"], o["defender_loses"]): o["count"]
                for o in ref["outcomes"]} == counts


def test_dice_limits() -> None:
    """rules: the attacker rolls 1-3 dice and never more than armies - 1; the defender
    1-2, never more than its armies."""
    assert [max_attack_dice(n) for n in range(1, 6)] == [0, 1, 2, 3, 3]
    assert [max_defend_dice(n) for n in range(0, 4)] == [0, 1, 2, 2]
    check_attack(4, 2, 3, 2)
    for bad in [(3, 2, 3, 2), (1, 1, 1, 1), (5, 1, 3, 2), (5, 0, 1, 1), (5, 3, 4, 2),
                (5, 3, 3, 3), (5, 3, 0, 1)]:
        with pytest.raises(NotAllowed):
            check_attack(*bad)
    with pytest.raises(NotAllowed):
        battle_round(Rng("s", "0"), 4, 2)


def test_battle_round_uses_and_records_the_rng() -> None:
    rng = Rng("seed", "7")
    r = battle_round(rng, 3, 2)
    assert isinstance(r, RoundResult)
    assert [x["label"] for x in rng.luck] == ["attack", "defence"]
    assert sorted(rng.luck[0]["values"], reverse=True) == list(r.attacker_dice)
    again = battle_round(Rng("seed", "7"), 3, 2)
    assert again == r
    assert r.to_json()["attacker_losses"] == r.attacker_losses
    assert " vs " in r.describe()


def test_blitz_until_conquest_or_stop() -> None:
    """A blitz repeats rounds with the most dice until the territory falls or the
    attacker is down to `stop_at` armies; it returns every round."""
    for n in range(50):
        result = blitz(Rng("blitz", str(n)), 8, 6, stop_at=3)
        assert result.rounds
        assert result.attackers == 8 - result.attacker_losses
        assert result.defenders == 6 - result.defender_losses
        assert result.conquered or result.attackers <= 3
        assert result.attackers >= 2  # never below stop_at - 1 (two losses in a round)
        for i, r in enumerate(result.rounds):
            before_a = 8 - sum(x.attacker_losses for x in result.rounds[:i])
            before_d = 6 - sum(x.defender_losses for x in result.rounds[:i])
            assert len(r.attacker_dice) == min(3, before_a - 1)
            assert len(r.defender_dice) == min(2, before_d)
    full = blitz(Rng("blitz", "full"), 3, 9)
    assert full.conquered or full.attackers == 1
    with pytest.raises(NotAllowed):
        blitz(Rng("s", "0"), 1, 3)
    with pytest.raises(NotAllowed):
        blitz(Rng("s", "0"), 3, 3, stop_at=3)
    with pytest.raises(Unreadable):
        blitz(Rng("s", "0"), 3, 3, stop_at=0)


def test_conquest_move() -> None:
    """After a conquest the attacker moves in at least as many armies as dice in the
    last roll and at most all but one."""
    assert conquest_move_range(10, 3) == range(3, 10)
    assert conquest_move_range(2, 1) == range(1, 2)
    check_conquest_move(10, 3, 3)
    check_conquest_move(10, 3, 9)
    for bad in (2, 10):
        with pytest.raises(NotAllowed):
            check_conquest_move(10, 3, bad)


@pytest.mark.slow  # seeded volume: `-m "not slow"` skips it locally
@pytest.mark.parametrize("attackers,defenders", [(3, 2), (5, 5), (10, 3)])
def test_monte_carlo_of_blitz_agrees_with_exact_odds(attackers: int, defenders: int) -> None:
    """200,000 seeded blitzes per pair, run through the combat code, agree with the
    exact Markov chain (A = attackers able to roll, so the territory holds A + 1) within
    3 standard errors: the attacker's win rate and both sides' mean survivors."""
    n = 200_000
    dice = Packed(Rng("monte-carlo", f"{attackers}v{defenders}"))
    ends: Counter[tuple[int, int]] = Counter()
    for _ in range(n):
        result = blitz(dice, attackers + 1, defenders)
        ends[result.attackers - 1, result.defenders] += 1
    assert sum(ends.values()) == n
    exact = battle_odds(attackers, defenders, exact=False)
    assert set(ends) <= set(exact.outcomes)
    p = exact.attacker_wins
    wins = sum(c for (_, d), c in ends.items() if d == 0)
    assert abs(wins / n - p) <= 3 * math.sqrt(p * (1 - p) / n)
    for side, expected in ((0, exact.expected_attackers_left),
                           (1, exact.expected_defenders_left)):
        mean = sum(k[side] * c for k, c in ends.items()) / n
        var = sum(k[side] ** 2 * c for k, c in ends.items()) / n - mean * mean
        assert abs(mean - expected) <= 3 * math.sqrt(var / n)
