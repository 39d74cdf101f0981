"""Exact RISK battle odds: an absorbing Markov chain over (attackers, defenders).

Convention (as `reference/risk-battle-odds.json` and Osborne 2003): **A counts the
armies able to attack**, not the one that must stay behind. A territory holding T
armies attacks with A = T - 1. The attacker always rolls min(3, A) dice and the
defender min(2, D); the battle goes on until one side has 0 (A = 0 means the
attacker is down to the army that stays home).

The probabilities of one round are counted exactly by enumerating every throw of
the dice (`round_probabilities`). `battle_odds` follows one battle forward with
`fractions.Fraction` (exact) or floats (fast); `odds_table` computes every pair up
to a size in one backward sweep.

>>> o = battle_odds(2, 2)
>>> o.attacker_wins
Fraction(235, 648)
>>> round(float(battle_odds(10, 10, exact=False).attacker_wins), 6)
0.567593
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any, Generic, Literal, TypeVar, overload

from engine.errors import Unreadable
from engine.risk.combat import MAX_ATTACK_DICE, MAX_DEFEND_DICE, compare

N = TypeVar("N", Fraction, float)

# `format_odds` answers in well under a second up to this many armies a side.
MAX_ODDS_ARMIES = 300


@cache
def round_counts(attack_dice: int, defend_dice: int) -> dict[tuple[int, int], int]:
    """How many of the 6^(a+d) equally likely throws give each (attacker losses,
    defender losses)."""
    counts: dict[tuple[int, int], int] = {}
    for throw in product(range(1, 7), repeat=attack_dice + defend_dice):
        key = compare(throw[:attack_dice], throw[attack_dice:])
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))


def round_probabilities(attack_dice: int, defend_dice: int) -> dict[tuple[int, int], Fraction]:
    """Exact probability of each (attacker losses, defender losses) in one round."""
    total = 6 ** (attack_dice + defend_dice)
    return {k: Fraction(c, total) for k, c in round_counts(attack_dice, defend_dice).items()}


@cache
def _transitions(exact: bool) -> dict[tuple[int, int], tuple[tuple[int, int, Fraction | float],
                                                              ...]]:
    table: dict[tuple[int, int], tuple[tuple[int, int, Fraction | float], ...]] = {}
    for a in range(1, MAX_ATTACK_DICE + 1):
        for d in range(1, MAX_DEFEND_DICE + 1):
            probs = round_probabilities(a, d)
            table[a, d] = tuple((al, dl, p if exact else float(p))
                                for (al, dl), p in probs.items())
    return table


@dataclass(frozen=True)
class BattleOdds(Generic[N]):
    """How a battle of `attackers` (A: able to attack) against `defenders` ends.

    `outcomes` maps each final (attackers left, defenders left) to its probability;
    exactly one of the two is 0 in every outcome.
    """

    attackers: int
    defenders: int
    outcomes: dict[tuple[int, int], N]

    def _sum(self, items: Iterator[N]) -> N:
        total = sum(items, self.zero)
        return total

    @property
    def zero(self) -> N:
        sample = next(iter(self.outcomes.values()))
        return sample * 0

    @property
    def attacker_wins(self) -> N:
        """Probability that every defender is eliminated."""
        return self._sum(p for (_, d), p in self.outcomes.items() if d == 0)

    @property
    def defender_wins(self) -> N:
        return self._sum(p for (a, _), p in self.outcomes.items() if a == 0)

    @property
    def expected_attackers_left(self) -> N:
        return self._sum(p * a for (a, _), p in self.outcomes.items())

    @property
    def expected_defenders_left(self) -> N:
        return self._sum(p * d for (_, d), p in self.outcomes.items())

    @property
    def expected_attacker_losses(self) -> N:
        return self.attackers - self.expected_attackers_left

    @property
    def expected_defender_losses(self) -> N:
        return self.defenders - self.expected_defenders_left

    def most_likely(self) -> tuple[tuple[int, int], N]:
        """The single most likely final (attackers left, defenders left)."""
        key = max(self.outcomes, key=lambda k: (self.outcomes[k], k))
        return key, self.outcomes[key]


def _check(attackers: int, defenders: int) -> None:
    if attackers < 1 or defenders < 1:
        raise Unreadable("Give at least 1 attacking army (not counting the one that stays "
                         "behind) and at least 1 defender.")


@overload
def battle_odds(attackers: int, defenders: int, *,
                exact: Literal[True] = True) -> BattleOdds[Fraction]: ...
@overload
def battle_odds(attackers: int, defenders: int, *, exact: Literal[False]) -> BattleOdds[float]: ...
@overload
def battle_odds(attackers: int, defenders: int, *,
                exact: bool) -> BattleOdds[Fraction] | BattleOdds[float]: ...
def battle_odds(attackers: int, defenders: int, *,
                exact: bool = True) -> BattleOdds[Fraction] | BattleOdds[float]:
    """The distribution of final outcomes of A=`attackers` against D=`defenders`.

    `exact` gives `Fraction`s; otherwise floats (same chain, faster).
    """
    _check(attackers, defenders)
    trans = _transitions(exact)
    one: Fraction | float = Fraction(1) if exact else 1.0
    mass: dict[tuple[int, int], Any] = {(attackers, defenders): one}
    outcomes: dict[tuple[int, int], Any] = {}
    # Every round removes at least one army, never adds one: visiting states with
    # attackers descending, then defenders descending, sees each state complete.
    for a in range(attackers, 0, -1):
        row = trans[min(MAX_ATTACK_DICE, a), 1], trans[min(MAX_ATTACK_DICE, a), 2]
        for d in range(defenders, 0, -1):
            p = mass.pop((a, d), None)
            if p is None:
                continue
            for al, dl, q in row[min(MAX_DEFEND_DICE, d) - 1]:
                key = (a - al, d - dl)
                target = outcomes if key[0] == 0 or key[1] == 0 else mass
                target[key] = target.get(key, 0) + p * q
    ordered = dict(sorted(outcomes.items(), key=lambda kv: (kv[0][1], -kv[0][0])))
    result: BattleOdds[Any] = BattleOdds(attackers, defenders, ordered)
    return result


@overload
def odds_table(max_attackers: int, max_defenders: int, *,
               exact: Literal[False] = False) -> dict[tuple[int, int], BattleOdds[float]]: ...
@overload
def odds_table(max_attackers: int, max_defenders: int, *,
               exact: Literal[True]) -> dict[tuple[int, int], BattleOdds[Fraction]]: ...
def odds_table(max_attackers: int, max_defenders: int, *,
               exact: bool = False) -> Any:
    """`battle_odds` for every A in 1..max_attackers and D in 1..max_defenders at once.

    One backward sweep: the final distribution from (A, D) is the round's
    probabilities times the distributions of the states one round later.
    """
    _check(max_attackers, max_defenders)
    trans = _transitions(exact)
    one: Fraction | float = Fraction(1) if exact else 1.0
    zero: Fraction | float = one * 0
    # dist[a][d] = (win, hold): win[k] = P(attacker wins with k left), k = 0..a;
    # hold[l] = P(defender holds with l left), l = 0..d.
    Dist = tuple[list[Any], list[Any]]
    dist: list[list[Dist]] = []
    for a in range(max_attackers + 1):
        row: list[Dist] = []
        for d in range(max_defenders + 1):
            win = [zero] * (a + 1)
            hold = [zero] * (d + 1)
            if d == 0:
                win[a] = one
            elif a == 0:
                hold[d] = one
            else:
                for al, dl, q in trans[min(MAX_ATTACK_DICE, a), min(MAX_DEFEND_DICE, d)]:
                    sub_win, sub_hold = (dist[a - al][d - dl] if al else row[d - dl])
                    for k, p in enumerate(sub_win):
                        if p:
                            win[k] += q * p
                    for k, p in enumerate(sub_hold):
                        if p:
                            hold[k] += q * p
            row.append((win, hold))
        dist.append(row)
    table: dict[tuple[int, int], BattleOdds[Any]] = {}
    for a in range(1, max_attackers + 1):
        for d in range(1, max_defenders + 1):
            win, hold = dist[a][d]
            outcomes = {(k, 0): p for k in range(a, 0, -1) if (p := win[k])}
            outcomes.update({(0, k): p for k in range(1, d + 1) if (p := hold[k])})
            table[a, d] = BattleOdds(a, d, outcomes)
    return table


def _percent(p: float) -> str:
    if 0 < p < 0.001:
        return "<0.1%"
    if 0.999 < p < 1:
        return ">99.9%"
    return f"{p:.1%}"


def format_odds(attackers: int, defenders: int) -> str:
    """A short answer for a player: `odds <attackers> <defenders>`.

    `attackers` counts the armies able to attack (the one that stays behind not
    counted), as the reference tables do.

    >>> print(format_odds(2, 2))
    2 attacking armies (a territory of 3; 1 stays behind) against 2 defenders:
    attacker takes it 36.3%, defender holds 63.7%.
    Expected left: attacker 0.6 of 2, defender 1.1 of 2. Most likely: defender holds with 2 (44.8%).
    """
    _check(attackers, defenders)
    if attackers > MAX_ODDS_ARMIES or defenders > MAX_ODDS_ARMIES:
        raise Unreadable(f"Odds go up to {MAX_ODDS_ARMIES} armies a side.")
    odds = battle_odds(attackers, defenders, exact=False)
    win = odds.attacker_wins
    (a_left, d_left), p = odds.most_likely()
    likely = (f"attacker wins with {a_left} left" if d_left == 0
              else f"defender holds with {d_left}")
    return (f"{attackers} attacking arm{'ies' if attackers != 1 else 'y'} (a territory of "
            f"{attackers + 1}; 1 stays behind) against {defenders} "
            f"defender{'s' if defenders != 1 else ''}:\n"
            f"attacker takes it {_percent(win)}, defender holds {_percent(odds.defender_wins)}.\n"
            f"Expected left: attacker {odds.expected_attackers_left:.1f} of {attackers}, "
            f"defender {odds.expected_defenders_left:.1f} of {defenders}. "
            f"Most likely: {likely} ({_percent(p)}).")
