"""Area names as players and the rulebook write them (ruling PAA-1 and the plot examples)."""

from __future__ import annotations

import pytest

from engine.aa.names import find_area
from engine.errors import Ambiguous, Unreadable


@pytest.mark.parametrize(("typed", "area"), [
    ("E Med", "East Mediteranean Sea Zone"),
    ("Arabian Sea", "Red Sea Zone"),
    ("Bering Sea", "Alaska Sea Zone"),
    ("Bering", "Alaska Sea Zone"),
    ("Sea of Japan", "Japan Sea Zone"),
    ("North Sea", "North Sea Zone"),
    ("FE Afr", "French Equatorial Africa"),
    ("F E Afr", "French Equatorial Africa"),
    ("Egypt", "Anglo Sudan Egypt"),
    ("Karelia", "Karelia S.S.R."),
    ("Ukraine", "Ukraine S.S.R."),
    ("W Europe", "West Europe"),
    ("Western Europe", "West Europe"),
    ("Southern Europe", "South Europe"),
])
def test_paa1_aliases(typed: str, area: str) -> None:
    """PAA-1: "E Med = East Mediteranean Sea Zone; Arabian Sea = Red Sea Zone; Bering Sea =
    Alaska Sea Zone; Sea of Japan = Japan Sea Zone; North Sea = North Sea Zone; FE Afr =
    French Equatorial Africa; Egypt = Anglo Sudan Egypt; Karelia = Karelia S.S.R.; Ukraine =
    Ukraine S.S.R.; W Europe / Western Europe = West Europe; Southern Europe = South Europe.
    Keep these as aliases players can type." """
    assert find_area(typed) == area


@pytest.mark.parametrize(("typed", "area"), [
    ("Fin", "Finland Norway"), ("Ukr", "Ukraine S.S.R."), ("E Eur", "East Europe"),
    ("Ger", "Germany"), ("Baltic", "Baltic Sea Zone"), ("C Med", "Central Mediteranean Sea Zone"),
    ("S Eur", "South Europe"), ("Libya", "Libya"), ("Alg", "Algeria"),
    ("F W Afr", "French West Africa"), ("US E Coast", "East US Sea Zone"),
    ("Spn W Coast", "West Spain Sea Zone"), ("W Eur", "West Europe"),
])
def test_german_first_turn_example_names(typed: str, area: str) -> None:
    """Plotted A&A, German 1st Turn Example: the form names "Fin", "Ukr", "E Eur", "Ger",
    "Baltic", "C Med", "S Eur", "Libya", "F W Afr", "Alg", "US E Coast", "Spn W Coast"."""
    assert find_area(typed) == area


def test_sea_word_picks_the_sea_zone_and_its_absence_the_land() -> None:
    assert find_area("Japan") == "Japan"
    assert find_area("Japan sea") == "Japan Sea Zone"
    assert find_area("Karelia SZ") == "Karelia Sea Zone"
    assert find_area("Midway sz") == "Midway Sea Zone"
    assert find_area("karelia ssr") == "Karelia S.S.R."


def test_a_sea_zone_named_by_its_coast() -> None:
    """Plotted A&A, Getting Started: "you can identify a sea zone by naming a coastal area
    or island clearly associated with that zone"."""
    assert find_area("UK coast") == "North Sea Zone"
    with pytest.raises(Ambiguous) as info:
        find_area("Egypt coast")
    assert info.value.candidates == ["East Mediteranean Sea Zone", "Red Sea Zone"]


def test_ambiguous_lists_candidates() -> None:
    with pytest.raises(Ambiguous) as info:
        find_area("Canada")
    assert info.value.candidates == ["East Canada", "West Canada"]
    assert "East Canada or West Canada" in info.value.message
    with pytest.raises(Ambiguous) as info:
        find_area("Mediterranean")
    assert len(info.value.candidates) == 3


def test_correct_spellings_and_small_misspellings() -> None:
    assert find_area("East Mediterranean") == "East Mediteranean Sea Zone"
    assert find_area("Caribbean") == "Carribean Sea Zone"
    assert find_area("Colombia") == "Columbia"
    assert find_area("Germnay") == "Germany"
    assert find_area("Kazakhstan") == "Kazakh S.S.R."


def test_unknown_name_is_refused_with_the_nearest() -> None:
    with pytest.raises(Unreadable) as info:
        find_area("Atlantis")
    assert "Nearest:" in info.value.message
    with pytest.raises(Unreadable):
        find_area("   ")


def test_every_name_and_alias_reads_back_as_its_area() -> None:
    from engine.aa.map import classic_map
    board = classic_map()
    for area in board.areas:
        for typed in (area, area.lower(), area.upper(), *board.aliases.get(area, ())):
            assert find_area(typed) == area, typed
        if board.is_sea(area):
            assert find_area(area.replace(" Sea Zone", " SZ")) == area


def test_where_only_a_sea_zone_will_do_a_territory_stands_for_its_coast() -> None:
    from engine.aa.names import classic_names
    names = classic_names()
    assert names.find_sea("Karelia") == "Karelia Sea Zone"
    assert names.find_sea("UK") == "North Sea Zone"
    assert names.find_sea("E Med") == "East Mediteranean Sea Zone"
    with pytest.raises(Ambiguous) as info:
        names.find_sea("Egypt")
    assert info.value.candidates == ["East Mediteranean Sea Zone", "Red Sea Zone"]
    with pytest.raises(Unreadable, match="no coast"):
        names.find_sea("Switzerland")
