"""Acquire's seven chains, their tiers by edition, and the price chart.

The price of a share depends on the chain's tier and size (data:
`acquire_tables.json`, from `reference/acquire-tables.md`):

| Size | Tier 1 | Tier 2 | Tier 3 |
|---|---|---|---|
| 2 | 200 | 300 | 400 |
| 3 | 300 | 400 | 500 |
| 4 | 400 | 500 | 600 |
| 5 | 500 | 600 | 700 |
| 6-10 | 600 | 700 | 800 |
| 11-20 | 700 | 800 | 900 |
| 21-30 | 800 | 900 | 1000 |
| 31-40 | 900 | 1000 | 1100 |
| 41+ | 1000 | 1100 | 1200 |

Tiers by edition: 2008 (the default): Worldwide, Sackson cheap; Festival, Imperial,
American middle; Continental, Tower dear. Classic 3M: Luxor, Tower cheap; American,
Festival, Worldwide middle; Imperial, Continental dear. Never map a chain by name
across editions (Tower is cheap in one and dear in the other).

>>> share_price("Tower", 11), share_price("Tower", 11, edition="classic")
(900, 700)
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from engine.errors import Ambiguous, Unreadable

Chain = str

DEFAULT_EDITION = "2008"


@cache
def tables() -> dict[str, Any]:
    """The packaged Acquire tables (`acquire_tables.json`) as plain JSON."""
    text = resources.files("engine.acquire").joinpath("acquire_tables.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def editions() -> tuple[str, ...]:
    return tuple(tables()["editions"])


def _edition(edition: str) -> dict[str, Any]:
    try:
        data: dict[str, Any] = tables()["editions"][edition]
    except KeyError:
        raise Unreadable(f"There is no Acquire edition {edition!r}; editions: "
                         f"{', '.join(editions())}.") from None
    return data


def chains(edition: str = DEFAULT_EDITION) -> tuple[Chain, ...]:
    """The seven chains of an edition, cheapest tier first."""
    tiers = _edition(edition)["tiers"]
    return tuple(c for tier in sorted(tiers) for c in tiers[tier])


def tier(chain: Chain, edition: str = DEFAULT_EDITION) -> int:
    """1 (cheapest), 2 or 3."""
    for number, members in _edition(edition)["tiers"].items():
        if chain in members:
            return int(number)
    raise Unreadable(f"There is no chain {chain!r} in the {edition} edition; chains: "
                     f"{', '.join(chains(edition))}.")


def size_bracket(size: int) -> str:
    """The price chart's row for a chain of `size`: "2", ..., "6-10", ..., "41+"."""
    for bracket in tables()["size_brackets"]:
        if size >= bracket["min"] and (bracket["max"] is None or size <= bracket["max"]):
            label: str = bracket["label"]
            return label
    raise ValueError(f"a chain has at least 2 tiles, not {size}")


def tier_price(tier_number: int, size: int) -> int:
    """The price of a share of a `tier_number` chain of `size`."""
    return int(tables()["prices"][str(tier_number)][size_bracket(size)])


def share_price(chain: Chain, size: int, *, edition: str = DEFAULT_EDITION) -> int:
    """The price of one share of `chain` at `size`."""
    return tier_price(tier(chain, edition), size)


def majority_bonus(price: int) -> int:
    return int(tables()["majority_multiplier"]) * price


def minority_bonus(price: int) -> int:
    return int(tables()["minority_multiplier"]) * price


def find_chain(text: str, edition: str = DEFAULT_EDITION, *,
               among: tuple[Chain, ...] | None = None) -> Chain:
    """The chain a player meant: forgives case and accepts a unique prefix ("cont")."""
    names = among if among is not None else chains(edition)
    wanted = "".join(ch for ch in text.lower() if ch.isalnum())
    if not wanted:
        raise Unreadable(f"Which chain? One of {', '.join(names)}.")
    exact = [c for c in names if c.lower() == wanted]
    if exact:
        return exact[0]
    starts = [c for c in names if c.lower().startswith(wanted)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        raise Ambiguous(f"{text!r} could be {' or '.join(starts)}.", starts)
    raise Unreadable(f"There is no chain {text!r}; chains: {', '.join(names)}.")
