"""RISK building blocks: the classic map, combat, exact odds, reinforcements, cards.

Pure and owner-agnostic: ownership and armies are passed in as plain data, and
all luck comes from the `engine.rng.Rng` given to the combat functions. Used by
the RISK-based variants (Cold Cash Risk, One World Dominion).
"""

from engine.risk.cards import (
    SET_VALUES,
    SYMBOLS,
    WILD,
    card_ids,
    card_symbol,
    check_set,
    is_set,
    new_card_deck,
    set_value,
    sets_in,
)
from engine.risk.combat import (
    BlitzResult,
    Dice,
    RoundResult,
    battle_round,
    blitz,
    check_attack,
    check_conquest_move,
    compare,
    conquest_move_range,
    max_attack_dice,
    max_defend_dice,
)
from engine.risk.map import Continent, RiskMap, Territory, classic_map, load_map_data
from engine.risk.odds import (
    BattleOdds,
    battle_odds,
    format_odds,
    odds_table,
    round_counts,
    round_probabilities,
)
from engine.risk.rules import (
    Reinforcements,
    check_fortify,
    fortify_targets,
    reinforcement_breakdown,
    reinforcements,
)

__all__ = [
    "SET_VALUES", "SYMBOLS", "WILD", "BattleOdds", "BlitzResult", "Continent", "Dice",
    "Reinforcements", "RiskMap", "RoundResult", "Territory", "battle_odds", "battle_round",
    "blitz", "card_ids", "card_symbol", "check_attack", "check_conquest_move", "check_fortify",
    "check_set", "classic_map", "compare", "conquest_move_range", "format_odds",
    "fortify_targets", "is_set", "load_map_data", "max_attack_dice", "max_defend_dice",
    "new_card_deck", "odds_table", "reinforcement_breakdown", "reinforcements",
    "round_counts", "round_probabilities", "set_value", "sets_in",
]
