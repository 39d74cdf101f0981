"""The classic map against reference/risk-classic-map.json, and territory name lookup."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.errors import Ambiguous, Unreadable
from engine.risk.map import RiskMap, classic_map, load_map_data

# A copy of reference/risk-classic-map.json, so the tests run anywhere.
REFERENCE = Path(__file__).parent / "reference" / "risk-classic-map.json"


@pytest.fixture(scope="module")
def m() -> RiskMap:
    return classic_map()


@pytest.fixture(scope="module")
def reference() -> dict:
    if not REFERENCE.exists():
        pytest.skip("reference/risk-classic-map.json is not available here")
    return json.loads(REFERENCE.read_text())


def test_counts_42_territories_6_continents_83_borders(m: RiskMap) -> None:
    """reference/risk-classic-map.json "counts": 42 territories, 6 continents,
    83 undirected borders (degree sum 166)."""
    assert len(m.territories) == len(set(m.territories)) == 42
    assert len(m.continents) == 6
    assert len(m.borders) == 83
    assert sum(len(m.neighbours(t)) for t in m.territories) == 166


def test_continent_bonuses(m: RiskMap) -> None:
    """Continent bonuses: North America 5, South America 2, Europe 5, Africa 3,
    Asia 7, Australia 2 (reference "continents")."""
    assert m.bonuses == {"North America": 5, "South America": 2, "Europe": 5, "Africa": 3,
                         "Asia": 7, "Australia": 2}
    sizes = {c: len(ts) for c, ts in m.continents.items()}
    assert sizes == {"North America": 9, "South America": 4, "Europe": 7, "Africa": 6,
                     "Asia": 12, "Australia": 4}


def test_every_border_is_symmetric(m: RiskMap) -> None:
    """"all borders are symmetric": b in neighbours(a) iff a in neighbours(b)."""
    for a in m.territories:
        assert a not in m.neighbours(a)
        for b in m.neighbours(a):
            assert a in m.neighbours(b), (a, b)
            assert m.adjacent(a, b) and m.adjacent(b, a)


def test_borders_match_reference_exactly(m: RiskMap, reference: dict) -> None:
    """The 83 borders are exactly the reference's, both as its border list and as
    its per-territory neighbour lists, and continents hold the same territories."""
    ref_borders = {frozenset((b["a"], b["b"])) for b in reference["borders"]}
    assert m.borders == ref_borders
    for t in reference["territories"]:
        assert m.neighbours(t["name"]) == set(t["neighbors"])
        assert m.continent_of(t["name"]) == t["continent"]
    for c in reference["continents"]:
        assert set(m.continents[c["name"]]) == set(c["territories"])
        assert m.bonus(c["name"]) == c["bonus"]


def test_every_sea_lane_is_present(m: RiskMap, reference: dict) -> None:
    """reference "sea_lanes": 25 water crossings (Alaska-Kamchatka, Greenland-Iceland,
    Brazil-North Africa, East Africa-Middle East, Siam-Indonesia, ...), each a border."""
    lanes = {frozenset((s["a"], s["b"])) for s in reference["sea_lanes"]}
    assert len(lanes) == 25
    assert m.sea_lanes == lanes
    for lane in lanes:
        a, b = sorted(lane)
        assert m.adjacent(a, b) and m.is_sea_lane(b, a)


@pytest.mark.parametrize("a,b", [
    ("Alaska", "Kamchatka"), ("Greenland", "Iceland"), ("Brazil", "North Africa"),
    ("Western Europe", "North Africa"), ("Southern Europe", "Egypt"),
    ("East Africa", "Middle East"), ("Siam", "Indonesia"), ("New Guinea", "Western Australia"),
    ("Kamchatka", "Japan"), ("Mongolia", "Japan"), ("South Africa", "Madagascar"),
])
def test_named_sea_lanes(m: RiskMap, a: str, b: str) -> None:
    """reference "cross_check": East Africa-Middle East and New Guinea-Western Australia
    are on the classic board (some clones drop one of them)."""
    assert m.is_sea_lane(a, b)


def test_intercontinental_borders(m: RiskMap, reference: dict) -> None:
    """reference "intercontinental_borders": 14 borders join two continents."""
    crossing = {b for b in m.borders if len({m.continent_of(t) for t in b}) == 2}
    assert crossing == {frozenset(p) for p in reference["intercontinental_borders"]}
    assert len(crossing) == 14


def test_packaged_data_loads_through_importlib() -> None:
    """The map is packaged data (engine/risk/classic_map.json), not read from a path."""
    data = load_map_data("classic")
    assert data["name"] == "classic" and len(data["borders"]) == 83


def test_connected_through() -> None:
    """connected(a, b, through=...) only steps on the given territories in between."""
    m = classic_map()
    assert m.connected("Alaska", "Kamchatka")
    assert m.connected("Alaska", "Argentina")
    assert not m.connected("Alaska", "Ontario", through=set())
    assert m.connected("Alaska", "Ontario", through={"Alberta"})
    assert m.connected("Brazil", "Argentina", through=set())  # adjacent
    own = {"Peru", "Venezuela", "Central America"}
    assert m.connected("Argentina", "Western United States", through=own)
    assert not m.connected("Argentina", "Alaska", through=own)
    assert m.path("Argentina", "Eastern United States", through=own) == [
        "Argentina", "Peru", "Venezuela", "Central America", "Eastern United States"]


def test_continents_held() -> None:
    m = classic_map()
    owned = set(m.continents["Australia"]) | set(m.continents["South America"]) | {"Siam"}
    assert m.continents_held(owned) == ["South America", "Australia"]


@pytest.mark.parametrize("text,expected", [
    ("E. Africa", "East Africa"), ("east africa", "East Africa"), ("EAST-AFRICA", "East Africa"),
    ("Kamchatka", "Kamchatka"), ("kamchatka", "Kamchatka"), ("Kamchaka", "Kamchatka"),
    ("Afganistan", "Afghanistan"), ("Afghanistan", "Afghanistan"),
    ("Congo", "Congo"), ("Central Africa", "Congo"),
    ("W. US", "Western United States"), ("western us", "Western United States"),
    ("Western U.S.", "Western United States"), ("E US", "Eastern United States"),
    ("North-West Territory", "Northwest Territory"), ("NW Territory", "Northwest Territory"),
    ("Eastern Canada", "Quebec"), ("Southeast Asia", "Siam"), ("Urals", "Ural"),
    ("Great Britain & Ireland", "Great Britain"), ("Scandanavia", "Scandinavia"),
    ("w aus", "Western Australia"), ("mad", "Madagascar"), ("Middle-East", "Middle East"),
])
def test_find_forgives(text: str, expected: str) -> None:
    """Names forgive case, punctuation, aliases of other editions (reference
    "aliases_in_other_editions": Eastern Canada, Central Africa, Southeast Asia, ...)
    and small misspellings."""
    assert classic_map().find(text) == expected


@pytest.mark.parametrize("text,candidates", [
    ("Australia", ["Western Australia", "Eastern Australia"]),
    ("united states", ["Western United States", "Eastern United States"]),
    ("africa", ["North Africa", "East Africa", "Congo", "South Africa"]),
    ("europe", ["Northern Europe", "Western Europe", "Southern Europe"]),
])
def test_find_ambiguous_lists_candidates(text: str, candidates: list[str]) -> None:
    with pytest.raises(Ambiguous) as caught:
        classic_map().find(text)
    assert caught.value.candidates == candidates


def test_find_unreadable_names_the_nearest() -> None:
    with pytest.raises(Unreadable) as caught:
        classic_map().find("Yakuzt Bay")
    assert "Yakutsk" in caught.value.message
    with pytest.raises(Unreadable):
        classic_map().find("   ")
    with pytest.raises(Unreadable):
        classic_map().neighbours("Atlantis")
