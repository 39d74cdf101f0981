"""Exact RISK battle odds: the whole table for 1..30 attackers x 1..30 defenders.

Target: at most 1 s (median of several runs) for the fast (float) table; the exact
(Fraction) table and 900 separate forward chains are printed for comparison.
Run: .venv/bin/python bench/bench_odds.py
"""

from __future__ import annotations

from _common import median_seconds  # also puts the repository on sys.path

from engine.risk.odds import battle_odds, odds_table  # noqa: E402

SIZE = 30
REPEAT = 7
TARGET = 1.0



def main() -> None:
    fast = median_seconds(lambda: odds_table(SIZE, SIZE), REPEAT)
    exact = median_seconds(lambda: odds_table(SIZE, SIZE, exact=True), 3)
    separate = median_seconds(lambda: [battle_odds(a, d, exact=False)
                                       for a in range(1, SIZE + 1)
                                       for d in range(1, SIZE + 1)], 3)
    table = odds_table(SIZE, SIZE)
    print(f"odds table {SIZE}x{SIZE} (float, one backward sweep): {fast * 1000:.1f} ms "
          f"median of {REPEAT}  (target <= {TARGET:.0f} s: {'ok' if fast <= TARGET else 'MISSED'})")
    print(f"odds table {SIZE}x{SIZE} (exact Fractions):             {exact * 1000:.1f} ms")
    print(f"{SIZE * SIZE} separate forward chains (float):           {separate * 1000:.1f} ms")
    print(f"check: A=30 D=30 attacker wins {table[SIZE, SIZE].attacker_wins:.6f}")


if __name__ == "__main__":
    main()
