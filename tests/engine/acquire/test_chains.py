"""engine.acquire.chart: chains, tiers by edition and the price chart, against reference/acquire-tables.*"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.acquire.chart import (
    DEFAULT_EDITION,
    chains,
    find_chain,
    majority_bonus,
    minority_bonus,
    share_price,
    size_bracket,
    tier,
    tier_price,
)
from engine.errors import Ambiguous, Unreadable

# A copy of reference/acquire-tables.json, so the tests run anywhere.
REFERENCE = Path(__file__).parent / "reference" / "acquire-tables.json"


@pytest.fixture(scope="module")
def ref() -> dict:
    return json.loads(REFERENCE.read_text())


def test_ccr2_default_tiers_2008() -> None:
    """CCR-2: "Tiers follow the 2008 edition by default: Worldwide and Sackson cheap;
    Festival, Imperial and American middle; Continental and Tower dear. Option: the
    classic 3M names and tiers." """
    assert DEFAULT_EDITION == "2008"
    assert {c: tier(c) for c in chains()} == {
        "Worldwide": 1, "Sackson": 1, "Festival": 2, "Imperial": 2, "American": 2,
        "Continental": 3, "Tower": 3}
    assert {c: tier(c, "classic") for c in chains("classic")} == {
        "Luxor": 1, "Tower": 1, "American": 2, "Festival": 2, "Worldwide": 2,
        "Imperial": 3, "Continental": 3}
    assert len(chains("1999")) == 7


def test_tiers_match_reference(ref: dict) -> None:
    """reference "chain_tiers_by_edition" (3M 1962-1995, Hasbro 2008, Hasbro 1999)."""
    names = {"3M": "classic", "2008": "2008", "1999": "1999"}
    for entry in ref["chain_tiers_by_edition"]:
        edition = next(v for k, v in names.items() if k in entry["edition"])
        for key, number in (("tier1_cheapest", 1), ("tier2_medium", 2),
                            ("tier3_expensive", 3)):
            for chain in entry[key]:
                assert tier(chain, edition) == number, (edition, chain)


@pytest.mark.parametrize("size,prices", [
    (2, (200, 300, 400)), (6, (600, 700, 800)), (11, (700, 800, 900)),
    (21, (800, 900, 1000)), (31, (900, 1000, 1100)), (41, (1000, 1100, 1200)),
])
def test_price_of_each_tier_at_sizes(size: int, prices: tuple[int, int, int]) -> None:
    """reference/acquire-tables.md "Share price and bonuses": rows 2, 6-10, 11-20,
    21-30, 31-40 and 41+."""
    assert tuple(tier_price(t, size) for t in (1, 2, 3)) == prices
    assert share_price("Sackson", size) == prices[0]
    assert share_price("Festival", size) == prices[1]
    assert share_price("Continental", size) == prices[2]
    assert share_price("Luxor", size, edition="classic") == prices[0]


def test_whole_chart_matches_reference(ref: dict) -> None:
    """Every size 2..60 against "stock_price" and "bonuses" (majority 10x, minority 5x)
    and the "price_formula"."""
    k = {"2": 2, "3": 3, "4": 4, "5": 5, "6-10": 6, "11-20": 7, "21-30": 8, "31-40": 9,
         "41+": 10}
    for size in range(2, 61):
        bracket = size_bracket(size)
        for t in (1, 2, 3):
            price = tier_price(t, size)
            assert price == ref["stock_price"][f"tier{t}"][bracket]
            assert price == 100 * (k[bracket] + t - 1)
            bonus = ref["bonuses"][f"tier{t}"][bracket]
            assert (majority_bonus(price), minority_bonus(price)) == (bonus["majority"],
                                                                     bonus["minority"])
    assert [size_bracket(s) for s in (2, 5, 6, 10, 11, 20, 21, 40, 41, 108)] == [
        "2", "5", "6-10", "6-10", "11-20", "11-20", "21-30", "31-40", "41+", "41+"]
    with pytest.raises(ValueError):
        size_bracket(1)  # "Size 1 (a lone tile) is not a chain and has no price."


def test_tower_differs_by_edition() -> None:
    """"Tower is tier 1 in the 3M/classic naming but tier 3 in the 2008 naming"."""
    assert share_price("Tower", 4) == 600
    assert share_price("Tower", 4, edition="classic") == 400


def test_find_chain() -> None:
    assert find_chain("tower") == "Tower"
    assert find_chain("CONT") == "Continental"
    assert find_chain("lux", "classic") == "Luxor"
    with pytest.raises(Unreadable):
        find_chain("Luxor")  # not in the 2008 edition
    with pytest.raises(Unreadable):
        tier("Luxor")
    with pytest.raises(Unreadable):
        chains("1850")
    with pytest.raises(Ambiguous) as caught:
        find_chain("Hy", "1999", among=("Hydra", "Hyper"))
    assert caught.value.candidates == ["Hydra", "Hyper"]
