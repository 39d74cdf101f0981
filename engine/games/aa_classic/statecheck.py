"""What an imported `aa-classic` state must be (the schema in this package's docstring).

Besides the board's own rules (`engine.aa.statecheck`): the round counts from 1, the power
to play is one of the five, the stage is one of the turn's six phases, and the turn's
bookkeeping names areas of the board, units of the game and counts from 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.aa.map import classic_map
from engine.aa.statecheck import MOST_UNITS, POWER, check_battle, check_position, units
from engine.aa.units import AIRCRAFT, DEVELOPMENTS, LAND_UNITS, POWERS, UNITS
from engine.games.aa_classic.base import STAGES
from engine.statecheck import Field

# The longest flight: a bomber with long-range aircraft.
LONGEST_FLIGHT = 8


def check_state(state: Mapping[str, Any]) -> None:
    board = classic_map()
    game = Field(state["game"], "game")
    areas = set(board.land) | set(board.sea)
    area = "an area of the board"
    check_position(game["position"], board)
    game["round"].count(1, MOST_UNITS, what="the round")
    game["current"].count(0, len(POWERS) - 1, what="the power to play (0 = USSR … 4 = USA)")
    game["stage"].one_of(STAGES, "a phase of a turn (" + ", ".join(STAGES) + ")")
    units(game["bought"])
    for _, count in game["placed"].entries(board.land, "a land territory of the board"):
        count.count(0, MOST_UNITS, what="units placed")
    for _, moved in game["moved"].entries(areas, area):
        units(moved)
    for flight in game["flights"].items():
        flight["kind"].one_of(AIRCRAFT, "an aircraft (fighter, bomber)")
        flight["at"].one_of(areas, area)
        flight["used"].count(0, LONGEST_FLIGHT, what="moves used")
    for _, sources in game["attacks"].entries(areas, area):
        sources.names(areas, area)
    for _, bombers in game["raids"].entries(board.land, "a land territory of the board"):
        bombers.count(0, MOST_UNITS, what="raiding bombers")
    game["battles"].names(areas, area, unique=True)
    for _, landed in game["amphibious"].entries(board.land, "a land territory of the board"):
        units(landed, LAND_UNITS, "a land unit")
    for _, seas in game["landings"].entries(board.land, "a land territory of the board"):
        seas.names(board.sea, "a sea zone of the board")
    game["rockets_fired"].names(areas, area)
    for entry in game["declared"].items():
        sea, land, cargo = _three(entry)
        sea.one_of(board.sea, "a sea zone of the board")
        land.one_of(board.land, "a land territory of the board")
        units(cargo, LAND_UNITS, "a land unit")
    game["to_pick"].count(0, len(DEVELOPMENTS), what="breakthroughs to choose")
    check_battle(game["battle"], board)
    for _, order in game["loss_orders"].entries(POWERS, POWER):
        order.names(UNITS, "a unit of the game", unique=True)
    for arrow in game["arrows"].items():
        start, end, power = _three(arrow)
        start.one_of(areas, area)
        end.one_of(areas, area)
        power.one_of(POWERS, POWER)


def _three(field: Field) -> tuple[Field, Field, Field]:
    parts = field.items()
    if len(parts) != 3:
        field.refuse("must hold three values.")
    return parts[0], parts[1], parts[2]
