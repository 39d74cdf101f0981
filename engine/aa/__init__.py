"""Axis & Allies building blocks: the 1984 board, names, units, movement, combat, exact odds.

Pure and game-agnostic: who holds what and which units stand where are passed in as a
`Position`, and all luck comes from the `engine.rng.Rng` given to the functions that roll.
Used by the A&A games (`aa-classic`, `plotted-aa`), as `engine.risk` serves the RISK games.

| module | concept |
|---|---|
| `map` | the board (`classic_map.json`): areas, borders, IPC values, capitals, canals, setup |
| `names` | area names as players type them (PAA-1 aliases, coasts), `Ambiguous` candidates |
| `spelling` | area names as players read them ("Mediterranean" for the key's "Mediteranean"): every A&A text and picture |
| `units` | unit kinds, powers, sides, turn order, weapons developments, unit lists |
| `position` | control, units, treasuries, and what the start of the turn fixes |
| `movement` | land, sea, air, transport moves; landing; neutrals; canals |
| `combat` | a battle step by step with casualty choices; capture; strategic bombing |
| `fighting` | a game's battles one at a time: casualties, retreats, prompts (both games) |
| `odds` | the exact battle calculator |
| `odds_question` | the odds a player asks for: an area as it stands, the battle fought, typed units (both games) |
| `economy` | purchase, placement, income, victory |
| `research` | weapons development |
"""

from engine.aa.combat import (
    DEFAULT_LOSS_ORDER,
    Battle,
    BattleRules,
    BombingResult,
    Choice,
    capture,
    check_casualties,
    default_casualties,
    rocket_attack,
    rocket_targets,
    start_battle,
    strategic_bombing,
)
from engine.aa.economy import (
    EconomyRules,
    capacity,
    check_placement,
    check_purchase,
    factories_at_start,
    income,
    purchase_cost,
    victory,
)
from engine.aa.map import AAMap, Area, Canal, classic_map
from engine.aa.movement import (
    MoveRules,
    Route,
    air_distances,
    air_route,
    can_land,
    check_landing,
    check_load,
    check_move,
    check_unload,
    hostile,
    land_route,
    landing_spots,
    sea_route,
    split_cargo,
    transport_fits,
    unit_route,
)
from engine.aa.names import AreaNames, find_area
from engine.aa.odds import (
    BattleOdds,
    BattleSetup,
    battle_odds,
    battle_setup,
    format_odds,
    monte_carlo,
    odds_of,
)
from engine.aa.position import Position
from engine.aa.research import ResearchResult, check_research, research
from engine.aa.units import (
    DEVELOPMENTS,
    POWERS,
    SIDE,
    UNITS,
    UnitKind,
    allied,
    describe_units,
    parse_units,
    side_of,
)

__all__ = [
    "DEFAULT_LOSS_ORDER", "DEVELOPMENTS", "POWERS", "SIDE", "UNITS", "AAMap", "Area",
    "AreaNames", "Battle", "BattleOdds", "BattleRules", "BattleSetup", "BombingResult",
    "Canal", "Choice", "EconomyRules", "MoveRules", "Position", "ResearchResult", "Route",
    "UnitKind", "air_distances", "air_route", "allied", "battle_odds", "battle_setup",
    "can_land", "capacity", "capture", "check_casualties", "check_landing", "check_load",
    "check_move", "check_placement", "check_purchase", "check_research", "check_unload",
    "classic_map", "default_casualties", "describe_units", "factories_at_start", "find_area",
    "format_odds", "hostile", "income", "land_route", "landing_spots", "monte_carlo",
    "odds_of", "parse_units", "purchase_cost", "research", "rocket_attack", "rocket_targets",
    "sea_route", "side_of", "split_cargo", "start_battle", "strategic_bombing",
    "transport_fits", "unit_route", "victory",
]
