"""Purchase, placement, income, victory and weapons development
(shared/reference/axis-allies-classic.md)."""

from __future__ import annotations

import pytest

from engine.aa.economy import (
    EconomyRules,
    check_placement,
    check_purchase,
    factories_at_start,
    income,
    victory,
)
from engine.aa.research import check_research, research
from engine.errors import NotAllowed
from tests.engine.aa.helpers import BOARD, Dice, opening


def test_purchase_within_the_treasury_and_industrial_technology_discount() -> None:
    """Reference "Industrial Technology": "all units cost 1 IPC less"."""
    assert check_purchase({"armour": 6}, 32) == 30
    with pytest.raises(NotAllowed, match="cost 36 IPCs; you have 32"):
        check_purchase({"fighter": 3}, 32)
    assert check_purchase({"infantry": 10}, 20, {"industrial_technology"}) == 20


def test_placement_only_at_complexes_held_since_the_start_of_the_turn() -> None:
    """Reference "Industrial complex": "new land/air units are placed only in territories
    with a complex you controlled at the start of the turn (naval units in an adjacent sea
    zone)"."""
    pos = opening()
    assert factories_at_start(BOARD, pos, "Germany") == ["Germany", "South Europe"]
    check_placement(BOARD, pos, "Germany", "Germany", {"armour": 6})
    with pytest.raises(NotAllowed, match="no industrial complex in West Europe"):
        check_placement(BOARD, pos, "Germany", "West Europe", {"infantry": 1})
    check_placement(BOARD, pos, "Germany", "Germany", {"submarine": 1},
                    sea="Baltic Sea Zone")
    with pytest.raises(NotAllowed, match="sea zone touching"):
        check_placement(BOARD, pos, "Germany", "Germany", {"submarine": 1},
                        sea="North Sea Zone")
    pos.owner["Karelia S.S.R."] = "Germany"
    pos.captured.add("Karelia S.S.R.")
    with pytest.raises(NotAllowed):
        check_placement(BOARD, pos, "Germany", "Karelia S.S.R.", {"infantry": 1})


def test_placement_within_factory_capacity_or_unlimited_by_option() -> None:
    """Plotted A&A, Plotting Build Actions: "Build actions are limited by the factory's
    capacity as described in the standard rules" (default: the territory's IPC value)."""
    pos = opening()
    with pytest.raises(NotAllowed, match="at most 6 units"):
        check_placement(BOARD, pos, "Germany", "South Europe", {"infantry": 7})
    with pytest.raises(NotAllowed, match="4 placed already"):
        check_placement(BOARD, pos, "Germany", "South Europe", {"infantry": 3}, already=4)
    check_placement(BOARD, pos, "Germany", "South Europe", {"infantry": 12},
                    rules=EconomyRules(placement_cap="unlimited"))


def test_new_complexes_only_where_held_and_worth_ipcs() -> None:
    """Reference: "cannot be built in a territory with IPC value 0"; one per territory."""
    pos = opening()
    check_placement(BOARD, pos, "Germany", "West Europe", {"factory": 1})
    with pytest.raises(NotAllowed, match="worth 0 IPCs"):
        check_placement(BOARD, pos, "Japan", "Caroline Islands", {"factory": 1})
    with pytest.raises(NotAllowed, match="one per territory"):
        check_placement(BOARD, pos, "Germany", "Germany", {"factory": 1})


def test_income_and_a_captured_capital() -> None:
    """Reference "capital capture": the power "collects no income until the capital is
    liberated"."""
    pos = opening()
    assert [income(BOARD, pos, p) for p in ("USSR", "Germany", "United Kingdom", "Japan",
                                           "USA")] == [24, 32, 30, 25, 36]
    pos.owner["Karelia S.S.R."] = "Germany"
    assert income(BOARD, pos, "Germany") == 35 and income(BOARD, pos, "USSR") == 21
    pos.owner["Russia"] = "Germany"
    assert income(BOARD, pos, "USSR") == 0


def test_victory_conditions() -> None:
    """Reference "Victory": Axis military (two of three Allied capitals, both their own),
    Allied military (both Axis capitals, their own), Axis economic at 84 IPCs."""
    pos = opening()
    assert victory(BOARD, pos) is None
    pos.owner["Russia"] = "Germany"
    assert victory(BOARD, pos) is None
    pos.owner["United Kingdom"] = "Germany"
    assert victory(BOARD, pos) == "Axis"
    pos = opening()
    pos.owner["Germany"] = "USSR"
    pos.owner["Japan"] = "USA"
    assert victory(BOARD, pos) == "Allies"
    pos = opening()
    for area, info in BOARD.land.items():
        if info.original_owner in ("USSR", "United Kingdom") and not info.capital:
            pos.owner[area] = "Germany"
    assert victory(BOARD, pos) == "Axis"  # economic: 32 + 25 + most of 54 >= 84
    assert victory(BOARD, pos, EconomyRules(axis_economic_victory=None)) is None


def test_weapons_development_each_six_a_random_new_development() -> None:
    """Reference "Weapons development": "5 IPCs per die; each die showing 6 is one
    breakthrough"; "assigned at random among those not yet owned"."""
    assert check_research(3, 15, ()) == 15
    with pytest.raises(NotAllowed, match="cost 20 IPCs"):
        check_research(4, 15, ())
    result = research(Dice(6, 2, 6), 3, {"jet_power"})
    assert result.breakthroughs == 2 and len(result.gained) == 2
    assert "jet_power" not in result.gained and len(set(result.gained)) == 2
    picked = research(Dice(6), 1, (), pick=True)
    assert picked.gained == () and picked.to_pick == 1
