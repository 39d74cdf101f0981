"""Majority and minority bonuses: reference/acquire-tables.md "Bonus tie-breaking"
and its worked examples, and CCR-8's exact halving."""

from __future__ import annotations

from engine.acquire.chart import share_price
from engine.acquire.payouts import Payment, bonuses


def paid(payments: list[Payment]) -> dict[str, int]:
    return {p.seat: p.amount for p in payments}


def test_two_way_majority_tie_splits_both_bonuses() -> None:
    """"Tower (tier1 in 3M) of 4 tiles is absorbed; A has 6, B has 6 shares: majority
    4000 + minority 2000 = 6000 split: A 3000, B 3000" — and nobody else gets a
    minority bonus."""
    price = share_price("Tower", 4, edition="classic")
    result = bonuses({"A": 6, "B": 6, "C": 2}, price)
    assert paid(result) == {"A": 3000, "B": 3000}
    assert {p.kind for p in result} == {"shared majority"}


def test_minority_tie_splits_the_minority_bonus() -> None:
    """"Continental (tier3) of 6-10 tiles; A 8 shares, B 4, C 4: A 8000; B and C split
    4000 -> 2000 each"."""
    price = share_price("Continental", 7)
    assert paid(bonuses({"A": 8, "B": 4, "C": 4}, price)) == {"A": 8000, "B": 2000, "C": 2000}


def test_three_way_majority_tie() -> None:
    """"American (tier2) of 5 tiles; three-way tie for majority: (6000+3000)/3 = 3000
    each"."""
    price = share_price("American", 5)
    assert paid(bonuses({"A": 3, "B": 3, "C": 3}, price)) == {"A": 3000, "B": 3000, "C": 3000}


def test_sole_holder_takes_both() -> None:
    """"Only A owns Luxor (tier1) of 2 tiles: A receives 2000 + 1000 = 3000"."""
    price = share_price("Luxor", 2, edition="classic")
    result = bonuses({"A": 1, "B": 0}, price)
    assert result == [Payment("A", "majority and minority", 3000)]


def test_splits_round_up_to_100() -> None:
    """"Split amounts are rounded UP to the next $100": a tier-1 chain of 3 (minority
    1500) split two ways pays 800 each; of 2 (majority+minority 3000) three ways with
    a three-way tie for majority pays 1000; minority 1000 three ways pays 400."""
    assert paid(bonuses({"A": 9, "B": 2, "C": 2}, 300)) == {"A": 3000, "B": 800, "C": 800}
    assert paid(bonuses({"A": 5, "B": 5, "C": 5}, 200)) == {"A": 1000, "B": 1000, "C": 1000}
    assert paid(bonuses({"A": 5, "B": 1, "C": 1, "D": 1}, 200)) == {
        "A": 2000, "B": 400, "C": 400, "D": 400}
    assert paid(bonuses({"A": 4, "B": 4}, 700)) == {"A": 5300, "B": 5300}  # 10500 / 2


def test_plain_majority_and_minority_and_nobody() -> None:
    assert paid(bonuses({"A": 5, "B": 3, "C": 1}, 500)) == {"A": 5000, "B": 2500}
    assert bonuses({"A": 0, "B": 0}, 500) == []


def test_ccr8_hostile_takeover_halves_exactly() -> None:
    """CCR-8: "Hostile takeover settlements halve exactly (bonuses and the sale price
    can end in $50)". The halving applies to what Acquire would pay, after its
    rounding: 5300 -> 2650; a tier-2 chain of 6-10 (700): 7000/3500 -> 3500/1750."""
    assert paid(bonuses({"A": 5, "B": 3}, 700, divisor=2)) == {"A": 3500, "B": 1750}
    assert paid(bonuses({"A": 4, "B": 4}, 700, divisor=2)) == {"A": 2650, "B": 2650}
    assert paid(bonuses({"A": 2}, 300, divisor=2)) == {"A": 2250}


def test_payments_follow_the_given_order() -> None:
    result = bonuses({"A": 2, "B": 5, "C": 2}, 200, order=["C", "A", "B"])
    assert [p.seat for p in result] == ["C", "A", "B"]
