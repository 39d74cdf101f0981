"""Map facts of the 1984 board, checked against shared/reference/axis-allies-classic.md."""

from __future__ import annotations

import pytest

from engine.aa.map import classic_map
from engine.aa.units import POWERS
from engine.errors import Unreadable

BOARD = classic_map()


def test_counts_70_land_58_sea_309_connections() -> None:
    """Reference "Counts": "70 land territories (56 owned at start, 14 neutral), 58 sea
    zones, 309 unique connections (land-sea 92, sea-sea 125, land-land 92)"."""
    assert len(BOARD.land) == 70
    assert len(BOARD.sea) == 58
    assert len(BOARD.borders) == 309
    assert sum(1 for a in BOARD.land if BOARD.is_neutral(a)) == 14
    kinds = {"land-land": 0, "land-sea": 0, "sea-sea": 0}
    for border in BOARD.borders:
        seas = sum(BOARD.is_sea(a) for a in border)
        kinds[("land-land", "land-sea", "sea-sea")[seas]] += 1
    assert kinds == {"land-land": 92, "land-sea": 92, "sea-sea": 125}


def test_adjacency_symmetric_and_no_self_borders() -> None:
    for area in BOARD.areas:
        assert area not in BOARD.neighbours(area)
        for other in BOARD.neighbours(area):
            assert area in BOARD.neighbours(other)


def test_total_ipc_147() -> None:
    """Reference: "total map value 147 IPCs"."""
    assert BOARD.total_ipc() == 147


def test_starting_incomes_24_32_30_25_36() -> None:
    """Reference "Powers and turn order": starting IPCs = income 24 / 32 / 30 / 25 / 36."""
    income = {p: sum(i.ipc for i in BOARD.land.values() if i.original_owner == p)
              for p in POWERS}
    assert [income[p] for p in POWERS] == [24, 32, 30, 25, 36]
    assert [p["starting_ipc"] for p in BOARD.powers] == [24, 32, 30, 25, 36]


def test_capitals_and_original_factories() -> None:
    assert [BOARD.capital(p) for p in POWERS] == [
        "Russia", "Germany", "United Kingdom", "Japan", "East US"]
    factories = sorted(a for a, i in BOARD.land.items() if i.factory)
    assert factories == ["East US", "Germany", "Japan", "Karelia S.S.R.", "Russia",
                         "South Europe", "United Kingdom", "West US"]
    with pytest.raises(Unreadable):
        BOARD.capital("France")


def test_both_canals() -> None:
    """Reference "Canals": Suez (East Med - Red Sea; Anglo Sudan Egypt and Syria Jordan),
    Panama (Caribbean - West Panama; Panama)."""
    suez = BOARD.canal("East Mediteranean Sea Zone", "Red Sea Zone")
    panama = BOARD.canal("West Panama Sea Zone", "Carribean Sea Zone")
    assert suez is not None and suez.must_control == ("Anglo Sudan Egypt", "Syria Jordan")
    assert panama is not None and panama.must_control == ("Panama",)
    assert BOARD.adjacent(*suez.sea_zones) and BOARD.adjacent(*panama.sea_zones)
    assert BOARD.canal("North Sea Zone", "Baltic Sea Zone") is None


def test_starting_units_sample() -> None:
    assert BOARD.starting_units["Germany"]["Germany"] == {
        "armour": 2, "infantry": 4, "fighter": 1, "bomber": 1, "factory": 1, "aa_gun": 1}
    assert BOARD.starting_units["Hawaii Sea Zone"]["USA"] == {
        "fighter": 1, "submarine": 1, "carrier": 1}


def test_optional_border_east_canada_sea_zone_west_canada() -> None:
    """Reference: the East Canada Sea Zone - West Canada connection is in the 2nd edition's
    file and commented out in the 3rd's: the default board has it, an option drops it."""
    assert BOARD.adjacent("East Canada Sea Zone", "West Canada")
    third = classic_map(optional_borders=False)
    assert not third.adjacent("East Canada Sea Zone", "West Canada")
    assert len(third.borders) == 308


def test_paa1_distances() -> None:
    """PAA-1: "Ukraine-Karelia-Finland Norway-North Sea is 3"; "Japan Sea Zone to it
    [the Alaska Sea Zone] is 2 moves through the Soviet Far East Sea Zone"."""
    assert BOARD.distance("Ukraine S.S.R.", "North Sea Zone") == 3
    assert BOARD.distance("Japan Sea Zone", "Alaska Sea Zone") == 2
    assert BOARD.is_chain(["Japan Sea Zone", "Soviet Far East Sea Zone", "Alaska Sea Zone"])
