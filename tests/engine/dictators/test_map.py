"""The map: roads and roadblocks, states, time zones and no-fly zones, special places
(rulebook "De kaart", "Speciale locaties", "Wegblokkades en vliegvrije zones", FAQ).
"""

from __future__ import annotations

from typing import Any

from engine.games.dictators.board import road_key
from tests.engine.dictators.helpers import (
    ANN,
    BO,
    CY,
    DATA,
    act,
    actions,
    choices,
    position,
    refused,
)

NOBODY = {BO: [], CY: []}


def blocked(*roads: tuple[str, str]) -> Any:
    def edit(d: dict[str, Any]) -> None:
        d["roadblocks"] = [sorted(r) for r in roads]
    return edit


def test_a_roadblock_closes_its_road_both_ways() -> None:
    """"Een [wegblokkade] kan alleen op een weg geplaatst worden en er kan niet meer dan een
    fiche op een weg liggen. Als er op een weg een [wegblokkade] ligt is de weg geblokkeerd en
    kunnen spelers niet via deze weg bewegen." """
    game = position(at={ANN: "Ohio"}, hands=NOBODY, edit=blocked(("Ohio", "Indiana")))
    assert "Indiana" not in choices(game, ANN, "walk", "to")
    refused(game, ANN, "walk", to="Indiana", match="roadblock")
    # A move along roads (Road Trip) is stopped too: Alaska's one road is closed.
    game = position(at={ANN: "Alaska"}, hands={ANN: ["Road Trip"], **NOBODY},
                    edit=blocked(("Alaska", "Yukon")))
    assert "walk" not in actions(game, ANN) and "play" not in actions(game, ANN)
    game = position(at={ANN: "Yukon"}, hands={ANN: ["Road Trip"], **NOBODY},
                    edit=blocked(("Alaska", "Yukon")))
    act(game, ANN, "play", card="Road Trip")
    assert "Alaska" not in choices(game, ANN, "choose", "to")
    assert "Alberta" in choices(game, ANN, "choose", "to")


def test_one_roadblock_per_road() -> None:
    """"... er kan niet meer dan een fiche op een weg liggen": a blocked road is not offered
    for another roadblock."""
    game = position(hands={ANN: ["Roadblock"], **NOBODY}, edit=blocked(("Ohio", "Indiana")))
    act(game, ANN, "play", card="Roadblock")
    roads = choices(game, ANN, "choose", "road")
    assert "Indiana - Ohio" not in roads and "Kentucky - Ohio" in roads


def test_amtrak_and_the_helicopter_are_not_stopped_by_roadblocks() -> None:
    """FAQ: "Kan ik langs een wegblokkade bewegen met een Amtrak of Helicopter? Jazeker! De
    Amtrak en de Helicopter gaan niet over de wegen." """
    every = [road.ends for road in DATA.map.roads if "Ohio" in road.ends]
    def edit(d: dict[str, Any]) -> None:
        d["roadblocks"] = [sorted(r) for r in every]
    game = position(at={ANN: "Ohio"}, hands={ANN: ["Amtrak", "Helicopter"], **NOBODY},
                    edit=edit)
    assert "walk" not in actions(game, ANN)
    act(game, ANN, "play", card="Helicopter", to="Indiana")
    assert game.location[ANN] == "Indiana"
    game = position(at={ANN: "Ohio"}, hands={ANN: ["Amtrak"], **NOBODY}, edit=edit)
    act(game, ANN, "play", card="Amtrak", to="Virginia")
    assert game.location[ANN] == "Virginia"


def test_a_card_that_passes_a_roadblock_only_where_there_is_one() -> None:
    """FAQ (INFERRED): "Als een kaart zegt dat ik langs een [wegblokkade] mag bewegen ... Nee!
    Je kunt alleen langs een [wegblokkade] bewegen als deze op die weg ligt." (Off-Road.)"""
    game = position(at={ANN: "Ohio"}, hands={ANN: ["Off-Road"], **NOBODY})
    assert "play" not in actions(game, ANN)
    game = position(at={ANN: "Ohio"}, hands={ANN: ["Off-Road"], **NOBODY},
                    edit=blocked(("Ohio", "Indiana")))
    act(game, ANN, "play", card="Off-Road")
    assert choices(game, ANN, "choose", "to") == ["Indiana"]


def no_fly(*zones: str) -> Any:
    def edit(d: dict[str, Any]) -> None:
        d["no_fly"] = list(zones)
    return edit


def test_a_no_fly_zone_stops_flights_into_out_of_and_across_its_time_zone() -> None:
    """"Een [vliegvrije zone] kan alleen geplaatst worden op een tijdzone. Als op een tijdzone
    een [vliegvrije zone] ligt kunnen spelers geen internationale vlucht nemen of een helicopter
    spelen om in, uit of over deze tijdzone te bewegen." """
    game = position(hands=NOBODY, edit=no_fly("Pacific"))
    flights = choices(game, ANN, "fly", "to")
    assert "Los Angeles" not in flights and "Baja California" in flights  # into
    game = position(at={ANN: "Los Angeles"}, hands=NOBODY, edit=no_fly("Pacific"))
    assert "fly" not in actions(game, ANN)  # out of
    game = position(at={ANN: "Dallas"}, hands=NOBODY, edit=no_fly("Mountain"))
    assert "Mexico City" in choices(game, ANN, "fly", "to")  # only the US end counts
    game = position(at={ANN: "Alaska"}, hands=NOBODY, edit=no_fly("Pacific"))
    refused(game, ANN, "fly", to="Washington", match="no-fly")
    game = position(at={ANN: "Illinois"}, hands={ANN: ["Helicopter"], **NOBODY},
                    edit=no_fly("Eastern"))
    act(game, ANN, "play", card="Helicopter")
    assert "Ohio" not in choices(game, ANN, "choose", "to")


def test_across_a_time_zone_between_the_two_ends() -> None:
    """Across (DEFAULT): a zone lying between the two ends' time zones, west to east: Hawaii
    to Washington crosses no zone; Hawaii's flight over the Mountain zone would (none is
    drawn), as the board's reading of "over deze tijdzone"."""
    board = position().board
    assert board.zones_crossed("Hawaii", "Washington") == {"Hawaii", "Pacific"}
    assert board.zones_crossed("Los Angeles", "Miami") == {"Pacific", "Mountain", "Central",
                                                          "Eastern"}
    assert board.zones_crossed("Dallas", "Mexico City") == {"Central"}


def test_the_stealth_fighter_is_not_stopped_by_no_fly_zones() -> None:
    """FAQ: "Jazeker! Een Stealth Fighter wordt niet beperkt door [vliegvrije zones]." """
    game = position(at={ANN: "Illinois"}, hands={ANN: ["Stealth Fighter"], **NOBODY},
                    edit=no_fly("Central", "Eastern"))
    act(game, ANN, "play", card="Stealth Fighter", to="Ohio")
    assert game.location[ANN] == "Ohio"


def test_time_zones_are_used_only_in_the_us() -> None:
    """"Tijdzones worden alleen in de VS gebruikt" (Hawaii has its own: INFERRED). Every US
    location lies in one, no other location does; a helicopter (USA symbol) can't be flown
    from Mexico."""
    for loc in DATA.map.locations.values():
        assert (loc.time_zone is not None) == (loc.country == "US"), loc
    assert DATA.map.locations["Hawaii"].time_zone == "Hawaii"
    game = position(at={ANN: "Mexico City"}, hands={ANN: ["Helicopter"], **NOBODY})
    assert "play" not in actions(game, ANN)


def test_a_helicopter_reaches_its_own_or_a_neighbouring_time_zone() -> None:
    """Helicopter (DEFAULT card): "Fly to any location in your time zone or a neighbouring
    one": from Illinois (Central) Ohio (Eastern) and Colorado (Mountain), not California
    (Pacific)."""
    game = position(at={ANN: "Illinois"}, hands={ANN: ["Helicopter"], **NOBODY})
    act(game, ANN, "play", card="Helicopter")
    offered = choices(game, ANN, "choose", "to")
    assert {"Ohio", "Colorado", "Dallas"} <= set(offered)
    assert "Los Angeles" not in offered and "Ontario" not in offered


def test_hawaii_borders_no_state() -> None:
    """"Let op: Hawaï grenst aan geen enkele andere staat": no road leaves it, and "move to an
    adjacent state" has nowhere to go."""
    game = position(hands={ANN: ["Shortcut"], **NOBODY})
    assert "walk" not in actions(game, ANN) and "play" not in actions(game, ANN)
    assert game.board.adjacent_states("Hawaii") == []


def test_washington_dc_is_a_state_bordering_pa_md_wv_va_and_the_cia() -> None:
    """"In het spel wordt Washington D.C. als een eigen staat gezien. Deze grenst aan
    Pennsylvania, Maryland, West Virginia, Virginia en de CIA." """
    board = position().board
    assert board.adjacent_states("Washington D.C.") == [
        "CIA Headquarters", "Maryland", "Pennsylvania", "Virginia", "West Virginia"]


def test_adjacent_states_need_no_road() -> None:
    """"... dat er geen verbinding via een weg hoeft te zijn": Michigan and Wisconsin share a
    border (no road in the DEFAULT map): Shortcut goes across."""
    game = position(at={ANN: "Michigan"}, hands={ANN: ["Shortcut"], **NOBODY})
    assert game.board.road("Michigan", "Wisconsin") is None
    act(game, ANN, "play", card="Shortcut", to="Wisconsin")
    assert game.location[ANN] == "Wisconsin"


def test_names_are_read_as_players_type_them() -> None:
    """A location by its name, its code on the map or an alias; a road by its two ends."""
    board = position().board
    assert board.find("oh") == "Ohio" and board.find("nuevo leon") == "Nuevo León"
    assert board.find("Washington DC") == "Washington D.C." and board.find("gitmo") == \
        "Guantanamo Bay"
    assert board.find_road("OH - IN") == road_key("Ohio", "Indiana")
    assert board.find_road("indiana to ohio") == road_key("Ohio", "Indiana")
