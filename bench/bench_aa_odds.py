"""Exact A&A battle odds against a Monte Carlo of the combat code, in the same run.

The battle: 8 infantry, 6 armour, 4 fighters, 2 bombers attack 10 infantry, 5 armour,
5 fighters and an AA gun (20 against 20; the AA gun fires before round 1, so the exact
chain is 15 grids, one per number of fighters and bombers it shoots down).
Targets (issue 15): the exact odds in at most 0.1 s, and faster than 2,000 battles fought
through `engine.aa.combat` with the same loss orders (TripleA's way of estimating).
Run: .venv/bin/python bench/bench_aa_odds.py
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from _common import median_seconds  # also puts the repository on sys.path

from engine.aa.odds import BattleOdds, battle_odds, battle_setup, monte_carlo  # noqa: E402

ATTACKERS = {"infantry": 8, "armour": 6, "fighter": 4, "bomber": 2}
DEFENDERS = {"infantry": 10, "armour": 5, "fighter": 5}
REPEAT = 9
TARGET = 0.1
RUNS = 2000


def exact() -> BattleOdds:
    return battle_odds(ATTACKERS, DEFENDERS, aa_gun=True)


def sampled() -> BattleOdds:
    return monte_carlo(battle_setup(ATTACKERS, DEFENDERS, aa_gun=True), RUNS, seed="bench")


def cpu_seconds(step: Callable[[], object], repeat: int) -> float:
    """The median CPU time of `repeat` calls (less sensitive to other processes than wall)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        step()
        times.append(time.process_time() - start)
    return sorted(times)[len(times) // 2]


def main() -> None:
    exact()  # warm the imports
    wall_exact = median_seconds(exact, REPEAT)
    cpu_exact = cpu_seconds(exact, REPEAT)
    wall_mc = median_seconds(sampled, 3)
    odds = exact()
    mc = sampled()
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} CPUs")
    print(f"exact odds, 20 vs 20 with AA: {wall_exact * 1000:.1f} ms wall, "
          f"{cpu_exact * 1000:.1f} ms CPU (median of {REPEAT}); target <= {TARGET * 1000:.0f} ms: "
          f"{'ok' if wall_exact <= TARGET else 'MISSED'}")
    print(f"{RUNS} battles through the combat code: {wall_mc * 1000:.0f} ms wall (median of 3)")
    print(f"ratio exact / Monte Carlo: {wall_exact / wall_mc:.3f} "
          f"({'faster' if wall_exact < wall_mc else 'SLOWER'})")
    print(f"attacker wins: exact {odds.attacker_wins:.4f} "
          f"(defender {odds.defender_wins:.4f}, draw {odds.draw:.4f}); "
          f"Monte Carlo {mc.attacker_wins:.4f} +- {mc.standard_error:.4f}")


if __name__ == "__main__":
    main()
