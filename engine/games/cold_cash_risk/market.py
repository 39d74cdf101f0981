"""The stock market: prices, dividends, colours and the Closing Bell's conditions.

Prices come from Acquire's chart by the corporation's size and tier (CCR-2, CCR-3); the
tiers depend on the chosen edition (`engine.acquire.chart`). A dividend is 10% of the
price per shown share ("Pay Dividends"), doubled by a downsize.

>>> share_price("American", 11), dividend(share_price("American", 11))
(800, 80)
>>> closing_bell({"American": 22}), closing_bell({"American": 11, "Tower": 10})
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.acquire.chart import Chain, majority_bonus, minority_bonus, tier
from engine.acquire.chart import share_price as chart_price

MAX_CORPORATIONS = 6  # "The maximum number of active corporations is 6."
SAFE_SIZE = 11  # "if the size of the smaller corporation is 11 or higher, it cannot be merged"
CLOSING_SINGLE = 22  # "If a single corporation is size 22 or greater"
CLOSING_ALL = 11  # "or all corporations are size 11 or greater"
MAX_BUY = 3  # "You may purchase 1, 2, or 3 shares"
HAND = 3  # "Deal 3 new territory cards to each player."
FOUNDING_TEAMS = 3  # "Replace the Mom & Pop you just placed with 3 security teams."

# The colour of each corporation's security teams (the rulebook lets the founder choose a
# colour; the bot gives every chain its own, so that the map reads the same all game).
COLOURS: dict[Chain, str] = {
    "Worldwide": "brown", "Sackson": "red", "Festival": "green", "Imperial": "purple",
    "American": "blue", "Continental": "teal", "Tower": "yellow", "Luxor": "red",
    "Zeta": "pink", "Hydra": "orange", "Fusion": "green", "America": "blue",
    "Phoenix": "purple", "Quantum": "teal",
}


def share_price(chain: Chain, size: int, edition: str = "2008") -> int:
    """The price of one share of `chain` at `size` (Acquire's chart)."""
    return chart_price(chain, size, edition=edition)


def dividend(price: int) -> int:
    """"The per-share-dividend is equal to 10% of this value"."""
    return price // 10


def bonus_amounts(price: int, divisor: int = 1) -> tuple[int, int]:
    """(majority, minority) bonus before splits, divided by `divisor` (CCR-8 halves)."""
    return -(-majority_bonus(price) // divisor), -(-minority_bonus(price) // divisor)


def closing_bell(sizes: Mapping[Chain, int]) -> bool:
    """The Closing Bell may ring: one corporation of 22 or more, or all of 11 or more."""
    if not sizes:
        return False
    return max(sizes.values()) >= CLOSING_SINGLE or min(sizes.values()) >= CLOSING_ALL


def tier_of(chain: Chain, edition: str) -> int:
    return tier(chain, edition)
