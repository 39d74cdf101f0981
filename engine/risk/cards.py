"""The classic RISK territory cards: 42 territory cards and 2 wild cards.

Each territory card shows one symbol: infantry, cavalry or artillery, 14 of each.
The printed assignment differs between editions and is not in the reference, so
this is a documented house table (data: `classic_map.json`, key `cards`): going
through the territories in the map's order, continent by continent, the symbols
cycle infantry, cavalry, artillery. A group can load its own printing as data.

| Territory | Symbol | Territory | Symbol |
|---|---|---|---|
| Alaska | infantry | Egypt | infantry |
| Northwest Territory | cavalry | East Africa | cavalry |
| Greenland | artillery | Congo | artillery |
| Alberta | infantry | South Africa | infantry |
| Ontario | cavalry | Madagascar | cavalry |
| Quebec | artillery | Ural | artillery |
| Western United States | infantry | Siberia | infantry |
| Eastern United States | cavalry | Yakutsk | cavalry |
| Central America | artillery | Kamchatka | artillery |
| Venezuela | infantry | Irkutsk | infantry |
| Peru | cavalry | Mongolia | cavalry |
| Brazil | artillery | Japan | artillery |
| Argentina | infantry | Afghanistan | infantry |
| Iceland | cavalry | China | cavalry |
| Scandinavia | artillery | Middle East | artillery |
| Great Britain | infantry | India | infantry |
| Northern Europe | cavalry | Siam | cavalry |
| Western Europe | artillery | Indonesia | artillery |
| Southern Europe | infantry | New Guinea | infantry |
| Ukraine | cavalry | Western Australia | cavalry |
| North Africa | artillery | Eastern Australia | artillery |

Wild 1 and Wild 2 show all three symbols.

A set is three cards of one symbol, one of each symbol, or any two cards with a
wild card. Sets traded in during the game are worth, in order, 4, 6, 8, 10, 12 and
15 armies, then 5 more for each further set (20, 25, ...).

>>> set_value(1), set_value(6), set_value(7), set_value(8)
(4, 15, 20, 25)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from engine.deck import Card, Deck
from engine.errors import NotAllowed, Unreadable
from engine.risk.map import RiskMap
from engine.rng import Rng

SYMBOLS = ("infantry", "cavalry", "artillery")
WILD = "wild"
SET_VALUES = (4, 6, 8, 10, 12, 15)
SET_VALUE_STEP = 5


def wild_cards(risk_map: RiskMap) -> list[Card]:
    return [f"Wild {i}" for i in range(1, risk_map.wild_cards + 1)]


def card_ids(risk_map: RiskMap) -> list[Card]:
    """Every card of the deck: one per territory (in map order), then the wild cards."""
    return [t for t in risk_map.territories if t in risk_map.card_symbols] + wild_cards(risk_map)


def card_symbol(risk_map: RiskMap, card: Card) -> str:
    """"infantry", "cavalry", "artillery" or "wild"."""
    if card in wild_cards(risk_map):
        return WILD
    try:
        return risk_map.card_symbols[card]
    except KeyError:
        raise Unreadable(f"There is no card {card!r}.") from None


def new_card_deck(risk_map: RiskMap, rng: Rng) -> Deck:
    """The whole deck, shuffled with the step's generator."""
    deck = Deck("territory cards", card_ids(risk_map))
    deck.shuffle(rng)
    return deck


def is_set(symbols: Sequence[str]) -> bool:
    """True for three symbols that make a set (wild matches anything)."""
    if len(symbols) != 3:
        return False
    plain = [s for s in symbols if s != WILD]
    if len(plain) < 3:
        return True
    return len(set(plain)) in (1, 3)


def check_set(risk_map: RiskMap, cards: Sequence[Card]) -> None:
    """Refuse three cards that do not make a set (or are not three distinct cards)."""
    if len(cards) != 3 or len(set(cards)) != 3:
        raise NotAllowed("Trade in exactly three different cards.")
    symbols = [card_symbol(risk_map, c) for c in cards]
    if not is_set(symbols):
        raise NotAllowed(f"{', '.join(cards)} ({', '.join(symbols)}) is not a set: you need "
                         "three of a kind, one of each, or a wild card.")


def sets_in(risk_map: RiskMap, hand: Sequence[Card]) -> list[tuple[Card, Card, Card]]:
    """Every set that can be made from `hand`, in the hand's order."""
    return [combo for combo in combinations(hand, 3)
            if is_set([card_symbol(risk_map, c) for c in combo])]


def set_value(number: int) -> int:
    """Armies for the `number`-th set traded in during the game (1-based)."""
    if number < 1:
        raise ValueError("sets are counted from 1")
    if number <= len(SET_VALUES):
        return SET_VALUES[number - 1]
    return SET_VALUES[-1] + SET_VALUE_STEP * (number - len(SET_VALUES))
