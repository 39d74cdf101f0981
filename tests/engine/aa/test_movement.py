"""One test per movement rule (shared/reference/axis-allies-classic.md) and the pure movement
facts of the Plotted A&A examples (ruling PAA-1)."""

from __future__ import annotations

import pytest

from engine.aa.movement import (
    MoveRules,
    air_route,
    check_landing,
    check_load,
    check_move,
    check_unload,
    land_route,
    sea_route,
    transport_fits,
)
from engine.errors import NotAllowed
from tests.engine.aa.helpers import BOARD, clear, opening

GER, UK, USSR, JAP, USA = "Germany", "United Kingdom", "USSR", "Japan", "USA"


def test_infantry_moves_one_territory() -> None:
    pos = opening()
    route = land_route(BOARD, pos, GER, "infantry", "Germany", "West Europe", combat=False)
    assert route.path == ("Germany", "West Europe") and not route.attack
    with pytest.raises(NotAllowed, match="2 moves away"):
        land_route(BOARD, pos, GER, "infantry", "Germany", "Ukraine S.S.R.", combat=False)


def test_land_units_never_enter_sea_zones() -> None:
    with pytest.raises(NotAllowed, match="aboard a transport"):
        land_route(BOARD, opening(), GER, "infantry", "Germany", "Baltic Sea Zone",
                   combat=False)


def test_entering_enemy_territory_is_combat_and_refused_in_non_combat_movement() -> None:
    pos = opening()
    route = land_route(BOARD, pos, GER, "infantry", "Ukraine S.S.R.", "Caucasus", combat=True)
    assert route.attack
    with pytest.raises(NotAllowed, match="non-combat"):
        land_route(BOARD, pos, GER, "infantry", "Ukraine S.S.R.", "Caucasus", combat=False)


def test_armour_blitz_through_an_empty_enemy_territory() -> None:
    """Reference: "blitz: armor may move through an unoccupied enemy territory (capturing
    it) and continue". Plotted A&A: "the tank blitzing through French Equatorial Africa"."""
    pos = opening()
    route = land_route(BOARD, pos, GER, "armour", "Libya", "Anglo Sudan Egypt",
                       ["French Equatorial Africa"], combat=True)
    assert route.blitzed == ("French Equatorial Africa",) and route.attack


def test_blitz_blocked_by_a_unit_that_arrived_earlier() -> None:
    """Plotted A&A, Executing Two-Area Movement: "If the British moved an infantry into FE
    Afr during round 1, the German tank must either attack the British in FE Afr or remain
    in Libya. The tank may not move directly from Libya to Egypt." """
    pos = opening()
    pos.place("French Equatorial Africa", UK, {"infantry": 1})
    with pytest.raises(NotAllowed, match="can't blitz through French Equatorial Africa"):
        land_route(BOARD, pos, GER, "armour", "Libya", "Anglo Sudan Egypt",
                   ["French Equatorial Africa"], combat=True)
    assert land_route(BOARD, pos, GER, "armour", "Libya", "French Equatorial Africa",
                      combat=True).attack


def test_only_armour_blitzes_and_only_in_combat_movement() -> None:
    pos = opening()
    with pytest.raises(NotAllowed):
        land_route(BOARD, pos, GER, "armour", "Libya", "Anglo Sudan Egypt",
                   ["French Equatorial Africa"], combat=False)
    with pytest.raises(NotAllowed, match="only armour blitzes"):
        land_route(BOARD, pos, GER, "infantry", "Libya", "Anglo Sudan Egypt",
                   ["French Equatorial Africa"], combat=True, moves_left=2)


def test_aa_gun_never_attacks_and_complex_never_moves() -> None:
    pos = opening()
    with pytest.raises(NotAllowed, match="AA guns never attack"):
        land_route(BOARD, pos, GER, "aa_gun", "West Europe", "United Kingdom", combat=True)
    assert land_route(BOARD, pos, GER, "aa_gun", "Germany", "East Europe", combat=False)
    with pytest.raises(NotAllowed, match="never moves"):
        check_move(BOARD, pos, GER, {"factory": 1}, "Germany", "East Europe", combat=False)


def test_neutrals_cost_3_ipcs_in_combat_movement_or_are_closed_by_option() -> None:
    """Reference "neutrals": "entering a neutral territory costs 3 IPCs (TripleA
    'neutralCharge' = 3)"; aircraft may not fly over them."""
    pos = opening()
    route = land_route(BOARD, pos, GER, "infantry", "West Europe", "Spain", combat=True)
    assert route.charge == 3 and route.attack
    with pytest.raises(NotAllowed, match="neutral"):
        land_route(BOARD, pos, GER, "infantry", "West Europe", "Spain", combat=False)
    with pytest.raises(NotAllowed, match="no unit may enter"):
        land_route(BOARD, pos, GER, "infantry", "West Europe", "Spain", combat=True,
                   rules=MoveRules(neutrals="closed"))
    with pytest.raises(NotAllowed, match="neutral"):
        air_route(BOARD, pos, GER, "fighter", "West Europe", "Spain", combat=True)


def test_ships_stop_at_enemy_ships_and_attack_there() -> None:
    pos = opening()
    # The British battleship in the North Sea blocks the Baltic sub's way to the West Spain SZ.
    with pytest.raises(NotAllowed, match="North Sea Zone"):
        sea_route(BOARD, pos, GER, "submarine", "Baltic Sea Zone", "West Spain Sea Zone",
                  ["North Sea Zone"], combat=True)
    assert sea_route(BOARD, pos, GER, "submarine", "Baltic Sea Zone", "North Sea Zone",
                     combat=True).attack
    with pytest.raises(NotAllowed, match="non-combat"):
        sea_route(BOARD, pos, GER, "submarine", "Baltic Sea Zone", "North Sea Zone",
                  combat=False)


def test_enemy_submarines_block_unless_the_option_lets_ships_pass() -> None:
    pos = clear(opening(), "North Sea Zone")
    pos.place("North Sea Zone", UK, {"submarine": 1})
    with pytest.raises(NotAllowed):
        sea_route(BOARD, pos, GER, "transport", "Baltic Sea Zone", "West Spain Sea Zone",
                  ["North Sea Zone"], combat=True)
    route = sea_route(BOARD, pos, GER, "transport", "Baltic Sea Zone", "West Spain Sea Zone",
                      ["North Sea Zone"], combat=True,
                      rules=MoveRules(submarines_block=False))
    assert route.moves == 2


def test_suez_canal_needs_egypt_and_syria() -> None:
    """Reference "Canals": "Suez: East Mediteranean SZ <-> Red Sea SZ, passable if your side
    controls Anglo Sudan Egypt and Syria Jordan"."""
    pos = opening()
    assert sea_route(BOARD, pos, UK, "submarine", "East Mediteranean Sea Zone", "Red Sea Zone",
                     combat=False).moves == 1
    pos.place("East Mediteranean Sea Zone", GER, {"transport": 1})
    with pytest.raises(NotAllowed, match="Suez Canal is closed to Germany"):
        sea_route(BOARD, pos, GER, "transport", "East Mediteranean Sea Zone", "Red Sea Zone",
                  combat=False)
    pos.owner["Anglo Sudan Egypt"] = GER
    pos.owner["Syria Jordan"] = GER
    assert sea_route(BOARD, pos, GER, "transport", "East Mediteranean Sea Zone",
                     "Red Sea Zone", combat=False).moves == 1


def test_panama_canal_needs_panama() -> None:
    pos = opening()
    pos.place("Carribean Sea Zone", JAP, {"submarine": 1})
    with pytest.raises(NotAllowed, match="Panama Canal"):
        sea_route(BOARD, pos, JAP, "submarine", "Carribean Sea Zone", "West Panama Sea Zone",
                  combat=False)
    pos.owner["Panama"] = JAP
    assert sea_route(BOARD, pos, JAP, "submarine", "Carribean Sea Zone",
                     "West Panama Sea Zone", combat=False).moves == 1


def test_air_range_is_counted_in_areas_over_land_and_sea() -> None:
    pos = opening()
    with pytest.raises(NotAllowed, match="5 moves away and a fighter has 4 moves left"):
        air_route(BOARD, pos, GER, "fighter", "Germany", "India", combat=True)
    with pytest.raises(NotAllowed, match="no moves left to land"):
        air_route(BOARD, pos, GER, "fighter", "Germany", "Persia", combat=True)


def test_paa1_fighter_ukraine_to_north_sea_leaves_one_to_land() -> None:
    """PAA-1: "North Sea = North Sea Zone (Ukraine-Karelia-Finland Norway-North Sea is 3,
    leaving 1 to land in West Europe or Finland Norway)"."""
    route = air_route(BOARD, opening(), GER, "fighter", "Ukraine S.S.R.", "North Sea Zone",
                      combat=True)
    assert route.moves_left == 1 and route.attack
    assert set(route.landings) == {"West Europe", "Finland Norway"}


def test_fighter_ukraine_to_algeria_uses_its_whole_range_to_a_friendly_area() -> None:
    """Plotted A&A: "the Germans may plot to move the fighter from Ukraine to Algeria, using
    all of the fighter's movement to land in a friendly area" and, when "the British landed
    infantry in Algeria during an earlier round", "the fighter may not leave Ukraine"."""
    pos = opening()
    route = air_route(BOARD, pos, GER, "fighter", "Ukraine S.S.R.", "Algeria", combat=False)
    assert route.moves_left == 0
    pos.owner["Algeria"] = UK
    pos.captured.add("Algeria")
    with pytest.raises(NotAllowed):
        air_route(BOARD, pos, GER, "fighter", "Ukraine S.S.R.", "Algeria", combat=False)


def test_paa1_bomber_germany_to_e_med_then_arabian_sea_lands_in_libya() -> None:
    """PAA-1: "Arabian Sea = Red Sea Zone (Germany-South Europe-E Med, then the Red Sea Zone,
    leaves the bomber 2 moves: Anglo Sudan Egypt, Libya)". Plotted A&A: "This leaves the
    bomber with enough range to land in Libya." """
    pos = opening()
    first = air_route(BOARD, pos, GER, "bomber", "Germany", "East Mediteranean Sea Zone",
                      combat=True)
    assert first.attack and first.moves_left == 3
    second = air_route(BOARD, pos, GER, "bomber", "East Mediteranean Sea Zone", "Red Sea Zone",
                       combat=True, moves_used=6 - first.moves_left)
    assert second.moves_left == 2
    assert "Libya" in second.landings


def test_aircraft_refusal_says_moves_left_and_no_friendly_territory_within() -> None:
    """Issue 15: "Bomber from Germany can reach E Med but then has 2 moves left and no
    friendly territory within 2"."""
    pos = opening()
    pos.owner["Libya"] = UK
    with pytest.raises(NotAllowed) as info:
        air_route(BOARD, pos, GER, "bomber", "Germany", "Red Sea Zone", combat=True)
    assert info.value.message == ("Bomber from Germany can reach Red Sea Zone but then has 2 "
                                  "moves left and no friendly territory within 2.")


def test_paa1_japan_sea_zone_to_alaska_sea_zone_is_two_and_fighters_land_on_the_carrier() -> None:
    """PAA-1: "Bering Sea = Alaska Sea Zone (Japan Sea Zone to it is 2 moves through the
    Soviet Far East Sea Zone)". Plotted A&A: "The fighters will have 1 movement point left to
    land on the carrier after combat." """
    pos = opening()
    assert sea_route(BOARD, pos, JAP, "carrier", "Japan Sea Zone", "Alaska Sea Zone",
                     combat=False).moves == 2
    pos.place("Alaska Sea Zone", JAP, {"carrier": 1, "transport": 1})
    route = air_route(BOARD, pos, JAP, "fighter", "Alaska Sea Zone", "Alaska", combat=True,
                      moves_used=2)
    assert route.attack and route.moves_left == 1
    assert route.landings == ("Alaska Sea Zone",)


def test_aircraft_land_only_where_friendly_at_the_start_and_still_friendly() -> None:
    """Plotted A&A, Aircraft Landing (standard non-combat rule): "An aircraft must land in a
    friendly area that was also friendly at the beginning of the turn"; never in a territory
    captured this turn."""
    pos = opening()
    check_landing(BOARD, pos, GER, "fighter", "West Europe")
    pos.owner["Caucasus"] = GER
    pos.captured.add("Caucasus")
    with pytest.raises(NotAllowed, match="captured this turn"):
        check_landing(BOARD, pos, GER, "fighter", "Caucasus")
    pos.owner["West Europe"] = UK
    with pytest.raises(NotAllowed, match="not friendly"):
        check_landing(BOARD, pos, GER, "fighter", "West Europe")
    with pytest.raises(NotAllowed, match="only fighters land"):
        check_landing(BOARD, pos, GER, "bomber", "Baltic Sea Zone")


def test_fighters_land_on_friendly_carriers_with_room() -> None:
    """Reference "carrier: holds 2 fighters"."""
    pos = opening()
    # The Hawaii carrier holds one US fighter already: room for one more, then none.
    check_landing(BOARD, pos, USA, "fighter", "Hawaii Sea Zone")
    check_landing(BOARD, pos, UK, "fighter", "Hawaii Sea Zone")  # an ally's carrier
    pos.place("Hawaii Sea Zone", USA, {"fighter": 1})
    with pytest.raises(NotAllowed, match="no friendly carrier"):
        check_landing(BOARD, pos, USA, "fighter", "Hawaii Sea Zone")


def test_transport_capacity_two_infantry_or_one_armour_or_one_aa_gun() -> None:
    """Reference "transport: 2 spaces (2 infantry, or 1 armor, or 1 AA gun)"; the revised
    reading (1 infantry + 1 other land unit) is an option."""
    assert transport_fits({"infantry": 2}, 1)
    assert transport_fits({"armour": 1}, 1)
    assert not transport_fits({"infantry": 1, "armour": 1}, 1)
    assert transport_fits({"infantry": 1, "armour": 1}, 1, rules=MoveRules(transport="revised"))
    assert not transport_fits({"armour": 2}, 1, rules=MoveRules(transport="revised"))
    assert transport_fits({"infantry": 3, "aa_gun": 1}, 3)
    assert not transport_fits({"fighter": 1}, 5)


def test_loading_from_an_adjacent_territory() -> None:
    pos = opening()
    check_load(BOARD, pos, GER, "Baltic Sea Zone", "Germany", {"infantry": 2})
    with pytest.raises(NotAllowed, match="can't carry"):
        check_load(BOARD, pos, GER, "Baltic Sea Zone", "Germany", {"infantry": 1, "armour": 1})
    with pytest.raises(NotAllowed, match="doesn't touch"):
        check_load(BOARD, pos, GER, "Baltic Sea Zone", "South Europe", {"infantry": 1})
    with pytest.raises(NotAllowed, match="can't carry a fighter"):
        check_load(BOARD, pos, GER, "Baltic Sea Zone", "Germany", {"fighter": 1})


def test_unloading_into_an_enemy_territory_is_an_amphibious_assault() -> None:
    """Plotted A&A: "the tank ... lands in Egypt next round" from the E Med transport."""
    pos = opening()
    assert check_unload(BOARD, pos, GER, "Central Mediteranean Sea Zone", "Libya",
                        combat=False).attack is False
    pos.units.pop("East Mediteranean Sea Zone")
    assert check_unload(BOARD, pos, GER, "East Mediteranean Sea Zone", "Anglo Sudan Egypt",
                        combat=True).attack
    with pytest.raises(NotAllowed, match="amphibious"):
        check_unload(BOARD, pos, GER, "East Mediteranean Sea Zone", "Anglo Sudan Egypt",
                     combat=False)
    with pytest.raises(NotAllowed, match="neutral"):
        check_unload(BOARD, pos, GER, "East Mediteranean Sea Zone", "Turkey", combat=True)


def test_karelia_finland_attack_group_and_blitz_routes() -> None:
    """Plotted A&A, German 1st Turn Example, round 4: "3i, t Fin; 3i, t Ukr; 3i, t E Eur; 2t
    Ger Via E Eur" into Karelia: each group's move is legal by distance."""
    pos = opening()
    for start in ("Finland Norway", "Ukraine S.S.R.", "East Europe"):
        routes = check_move(BOARD, pos, GER, {"infantry": 3, "armour": 1}, start,
                            "Karelia S.S.R.", combat=True)
        assert all(r.attack for r in routes.values())
    assert land_route(BOARD, pos, GER, "armour", "Germany", "Karelia S.S.R.", ["East Europe"],
                      combat=True).moves == 2


def test_paa_transport_picks_up_a_tank_in_c_med_and_it_lands_in_egypt_from_e_med() -> None:
    """Plotted A&A, Plotting Transport Movement: "the Germans plot to move a transport into
    the Eastern Mediterranean from the Central Mediterranean on round 1, picking up a tank
    from Southern Europe. On round 2, they plot to move the tank into Egypt from the Eastern
    Mediterranean." """
    pos = opening()
    check_load(BOARD, pos, GER, "Central Mediteranean Sea Zone", "South Europe", {"armour": 1})
    pos.load(GER, "South Europe", "Central Mediteranean Sea Zone", {"armour": 1})
    route = sea_route(BOARD, pos, GER, "transport", "Central Mediteranean Sea Zone",
                      "East Mediteranean Sea Zone", combat=True)
    assert route.attack  # the British submarine is there
    pos.units.pop("East Mediteranean Sea Zone")  # sunk in round 1
    pos.move(GER, {"transport": 1, "battleship": 1}, "Central Mediteranean Sea Zone",
             "East Mediteranean Sea Zone")
    pos.ship_cargo(GER, "Central Mediteranean Sea Zone", "East Mediteranean Sea Zone",
                   {"armour": 1})
    landing = check_unload(BOARD, pos, GER, "East Mediteranean Sea Zone", "Anglo Sudan Egypt",
                           combat=True)
    assert landing.attack
    pos.unload(GER, "East Mediteranean Sea Zone", "Anglo Sudan Egypt", {"armour": 1})
    assert pos.units_of("Anglo Sudan Egypt", GER) == {"armour": 1}
    assert pos.cargo == {}


def test_cargo_divides_when_only_some_transports_sail() -> None:
    from engine.aa.movement import split_cargo
    assert split_cargo({"infantry": 2, "armour": 1}, 1, 1) == ({"armour": 1}, {"infantry": 2})
    assert split_cargo({"armour": 2}, 1, 0) is None
    assert split_cargo({"armour": 2, "infantry": 1}, 1, None) == ({"armour": 1},
                                                                 {"armour": 1, "infantry": 1})


def test_paa_all_aircraft_to_the_north_sea_and_back() -> None:
    """Plotted A&A, Aircraft Landing: "the Germans plotted to fly all of their aircraft to
    the North Sea on round 3. After combat ... the Germans could move their bomber back to
    Germany, and their fighters to Western Europe." (German 1st Turn Example, round 3: f
    from Ukr, Fin, E Eur, W Eur; f, b from Ger.)"""
    pos = opening()
    for start, kind in (("Ukraine S.S.R.", "fighter"), ("Finland Norway", "fighter"),
                        ("East Europe", "fighter"), ("West Europe", "fighter"),
                        ("Germany", "fighter"), ("Germany", "bomber")):
        route = air_route(BOARD, pos, GER, kind, start, "North Sea Zone", combat=True)
        assert route.attack
        back = "Germany" if kind == "bomber" else "West Europe"
        assert back in route.landings, (start, kind, route.landings)
        check_landing(BOARD, pos, GER, kind, back)
