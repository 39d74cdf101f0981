"""Acquire's majority and minority bonuses, with the tie splits.

- The largest holder gets the majority bonus (10x the price), the second largest
  the minority bonus (5x).
- A sole holder takes both.
- Tied for the majority: add both bonuses and split them equally; nobody gets a
  minority bonus.
- Tied for the minority: split the minority bonus equally.
- Split amounts are rounded up to the next $100.

`divisor` pays a fraction of every amount, computed after Acquire's rounding and
exactly (Cold Cash Risk's hostile takeover halves, CCR-8, so amounts may end in $50).

>>> bonuses({"A": 8, "B": 4, "C": 4}, 800)
[Payment(seat='A', kind='majority', amount=8000), Payment(seat='B', kind='shared minority', amount=2000), Payment(seat='C', kind='shared minority', amount=2000)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.acquire.chart import majority_bonus, minority_bonus, tables
from engine.events import Seat


@dataclass(frozen=True)
class Payment:
    """Money the bank pays a seat. `kind`: majority, minority, majority and minority
    (sole holder), shared majority, shared minority, or sale."""

    seat: Seat
    kind: str
    amount: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "amount": self.amount}


def _split(total: int, ways: int) -> int:
    step = int(tables()["split_rounding"])
    return -(-total // (ways * step)) * step  # total / ways, rounded up to $100


def _scaled(amount: int, divisor: int) -> int:
    # Exact when the amount divides; otherwise up to the next whole dollar.
    return -(-amount // divisor)


def bonuses(holdings: Mapping[Seat, int], price: int, *, divisor: int = 1,
            order: Sequence[Seat] | None = None) -> list[Payment]:
    """The bonuses a chain at `price` per share pays its holders.

    `holdings` maps seats to shares held (0 = none); `order` (default: the mapping's
    order) orders the payments, e.g. turn order from the merge maker.
    """
    if divisor < 1:
        raise ValueError("divisor must be a positive whole number")
    seats = list(order) if order is not None else list(holdings)
    held = {s: holdings.get(s, 0) for s in seats if holdings.get(s, 0) > 0}
    if not held:
        return []
    major, minor = majority_bonus(price), minority_bonus(price)
    counts = sorted(set(held.values()), reverse=True)
    top = [s for s in held if held[s] == counts[0]]
    paid: list[tuple[Seat, str, int]] = []
    if len(held) == 1:
        paid.append((top[0], "majority and minority", major + minor))
    elif len(top) > 1:
        share = _split(major + minor, len(top))
        paid.extend((s, "shared majority", share) for s in top)
    else:
        paid.append((top[0], "majority", major))
        second = [s for s in held if held[s] == counts[1]]
        if len(second) == 1:
            paid.append((second[0], "minority", minor))
        else:
            share = _split(minor, len(second))
            paid.extend((s, "shared minority", share) for s in second)
    rank = {s: i for i, s in enumerate(seats)}
    paid.sort(key=lambda p: rank[p[0]])
    return [Payment(s, kind, _scaled(amount, divisor)) for s, kind, amount in paid]
