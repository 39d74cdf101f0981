"""Merger settlement: bonuses, then each holder's sell / trade / keep, chain by chain.

Acquire's order (`reference/acquire-tables.md`, "Mergers"):

1. The largest chain survives; a tie for largest is broken by the merge maker.
2. The defunct chains are settled one at a time, largest first; the maker orders
   defunct chains of equal size.
3. For each defunct chain: its majority and minority bonuses are paid (at its
   price before the merger), then, starting with the merge maker and going round
   the table, each holder disposes of all its shares: sell to the Bank at that
   price, trade 2 for 1 share of the survivor (while the Bank has survivor
   shares), or keep.

`Terms` makes the money parametric: Cold Cash Risk's hostile takeover halves the
bonuses and the sale price exactly and trades 4 for 1 (CCR-8):
`HOSTILE_TAKEOVER_TERMS`. `cash_out` is the end of the game (CCR-10: full values).

>>> from engine.acquire.ledger import Ledger
>>> ledger = Ledger.new(["Ann", "Bo"], ["Tower", "Sackson"])
>>> ledger.buy("Ann", "Sackson", 2, 200)
>>> plan = plan_merger({"Tower": 5, "Sackson": 3})
>>> s, records = Settlement.begin(ledger, plan, {"Tower": 5, "Sackson": 3}, ["Ann", "Bo"], "Ann")
>>> records[0]["text"]
'Ann receives $4,500 (majority and minority bonus) for Sackson.'
>>> s.awaiting(), ledger.cash["Ann"]
(('Ann', 'Sackson'), 10100)
>>> _ = s.dispose(ledger, "Ann", sell=0, trade=2)
>>> s.done, ledger.held("Ann", "Tower")
(True, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.acquire.chart import DEFAULT_EDITION, Chain, share_price, tables
from engine.acquire.ledger import Ledger, money, shares
from engine.acquire.payouts import bonuses
from engine.errors import Ambiguous, NotAllowed, Unreadable
from engine.events import Seat

Record = dict[str, Any]


@dataclass(frozen=True)
class Terms:
    """The money of a settlement: `trade_ratio` defunct shares for 1 survivor share;
    bonuses and the sale price divided by `divisor` (exactly; up to the whole dollar
    if it does not divide)."""

    trade_ratio: int = 2
    divisor: int = 1

    def sale_price(self, price: int) -> int:
        return -(-price // self.divisor)

    def to_json(self) -> dict[str, int]:
        return {"trade_ratio": self.trade_ratio, "divisor": self.divisor}


ACQUIRE_TERMS = Terms()
HOSTILE_TAKEOVER_TERMS = Terms(trade_ratio=4, divisor=2)


def turn_order_from(seats: Sequence[Seat], first: Seat) -> list[Seat]:
    """`seats` in turn order, starting with `first` and going round the table."""
    if first not in seats:
        raise Unreadable(f"There is no seat {first!r}.")
    i = list(seats).index(first)
    return list(seats[i:]) + list(seats[:i])


@dataclass(frozen=True)
class MergerPlan:
    """Which chain survives and the order the defunct chains are settled in."""

    survivor: Chain
    defunct: tuple[Chain, ...]


def plan_merger(sizes: Mapping[Chain, int], *, survivor: Chain | None = None,
                order: Sequence[Chain] | None = None,
                safe_size: int | None = None) -> MergerPlan:
    """Plan a merger of the chains in `sizes` (chain -> size before the merger).

    The largest survives; `survivor` is the maker's pick when several tie for
    largest (else `Ambiguous` lists them). Defunct chains go largest first; `order`
    is the maker's order for those of equal size (else `Ambiguous`). A safe chain
    (`safe_size`, 11 by default) can never be absorbed.
    """
    if len(sizes) < 2:
        raise NotAllowed("A merger needs at least two chains.")
    safe = int(tables()["safe_size"]) if safe_size is None else safe_size
    largest = max(sizes.values())
    biggest = [c for c in sizes if sizes[c] == largest]
    if survivor is None:
        if len(biggest) > 1:
            raise Ambiguous(f"{' and '.join(biggest)} are the same size ({largest}): the "
                            "merge maker chooses which survives.", biggest)
        survivor = biggest[0]
    elif survivor not in sizes:
        raise Unreadable(f"{survivor} is not in this merger.")
    elif sizes[survivor] != largest:
        raise NotAllowed(f"The largest chain survives: {survivor} ({sizes[survivor]}) is "
                         f"smaller than {biggest[0]} ({largest}).")
    defunct = [c for c in sizes if c != survivor]
    too_safe = [c for c in defunct if sizes[c] >= safe]
    if too_safe:
        raise NotAllowed(f"{too_safe[0]} is safe (size {sizes[too_safe[0]]}, {safe} or more) "
                         "and can't be merged.")
    rank = {c: i for i, c in enumerate(order or ())}
    for chain in defunct:
        tied = [c for c in defunct if sizes[c] == sizes[chain]]
        if len(tied) > 1 and any(c not in rank for c in tied):
            raise Ambiguous(f"{' and '.join(tied)} are the same size ({sizes[chain]}): the "
                            "merge maker chooses which is settled first.", tied)
    defunct.sort(key=lambda c: (-sizes[c], rank.get(c, 0)))
    return MergerPlan(survivor, tuple(defunct))


@dataclass(frozen=True)
class DisposalLimits:
    """What the awaited holder may do with its defunct shares."""

    seat: Seat
    chain: Chain
    survivor: Chain
    held: int
    sale_price: int
    trade_ratio: int
    max_trade: int  # defunct shares that can be traded now (a multiple of the ratio)


@dataclass
class Settlement:
    """A merger being settled: a small state machine over a `Ledger`.

    `queue[0]` is the defunct chain being settled (its bonuses already paid) and
    `waiting` the holders still to dispose of it, the awaited one first. When both
    are empty the merger is settled. Every step returns JSON-ready records of what
    happened (kind "bonus", "disposal", "settled"), which the game turns into events.
    """

    survivor: Chain
    queue: list[tuple[Chain, int, int]]  # (chain, size, full price), in settling order
    seats: list[Seat]  # turn order from the merge maker
    terms: Terms = ACQUIRE_TERMS
    waiting: list[Seat] = field(default_factory=list)

    @classmethod
    def begin(cls, ledger: Ledger, plan: MergerPlan, sizes: Mapping[Chain, int],
              seats: Sequence[Seat], maker: Seat, *, edition: str = DEFAULT_EDITION,
              terms: Terms = ACQUIRE_TERMS,
              prices: Mapping[Chain, int] | None = None) -> tuple[Settlement, list[Record]]:
        """Start settling `plan`: pays the first defunct chain's bonuses at once and
        returns the settlement with the records of what happened.

        Prices come from the chart by `sizes` and `edition`, unless `prices` gives them.
        """
        queue = [(c, sizes[c], prices[c] if prices is not None and c in prices
                  else share_price(c, sizes[c], edition=edition)) for c in plan.defunct]
        settlement = cls(plan.survivor, queue, turn_order_from(seats, maker), terms)
        return settlement, settlement._open(ledger)

    # ----- questions ----------------------------------------------------

    @property
    def done(self) -> bool:
        return not self.queue

    @property
    def chain(self) -> Chain | None:
        """The defunct chain being settled."""
        return self.queue[0][0] if self.queue else None

    def awaiting(self) -> tuple[Seat, Chain] | None:
        """(seat, defunct chain) whose disposal is due, or None when settled."""
        if not self.queue or not self.waiting:
            return None
        return self.waiting[0], self.queue[0][0]

    def limits(self, ledger: Ledger) -> DisposalLimits:
        """The awaited holder's options (raises if nobody is awaited)."""
        due = self.awaiting()
        if due is None:
            raise NotAllowed("This merger is settled.")
        seat, chain = due
        held = ledger.held(seat, chain)
        ratio = self.terms.trade_ratio
        max_trade = min(held // ratio, ledger.bank.get(self.survivor, 0)) * ratio
        return DisposalLimits(seat, chain, self.survivor, held,
                              self.terms.sale_price(self.queue[0][2]), ratio, max_trade)

    # ----- steps --------------------------------------------------------

    def dispose(self, ledger: Ledger, seat: Seat, *, sell: int = 0, trade: int = 0,
                keep: int | None = None) -> list[Record]:
        """The awaited holder sells `sell`, trades `trade` (defunct shares, a multiple
        of the ratio) and keeps the rest (`keep`, if given, must be exactly the rest)."""
        lim = self.limits(ledger)
        if seat != lim.seat:
            raise NotAllowed(f"It is {lim.seat}'s turn to dispose of {lim.chain} shares.")
        if sell < 0 or trade < 0 or (keep is not None and keep < 0):
            raise NotAllowed("Share counts can't be negative.")
        rest = lim.held - sell - trade
        if rest < 0:
            raise NotAllowed(f"You hold only {shares(lim.held, lim.chain)}.")
        if keep is not None and keep != rest:
            raise NotAllowed(f"Dispose of all {lim.held} {lim.chain} shares: sell, trade and "
                             f"keep must add up to {lim.held}.")
        if trade % lim.trade_ratio:
            raise NotAllowed(f"Trade {lim.chain} shares in multiples of {lim.trade_ratio} "
                             f"({lim.trade_ratio} for 1 {self.survivor}).")
        if trade > lim.max_trade:
            raise NotAllowed(f"You can trade at most {lim.max_trade} {lim.chain} shares now "
                             f"(the Bank has {ledger.bank.get(self.survivor, 0)} "
                             f"{self.survivor}).")
        proceeds = ledger.sell(seat, lim.chain, sell, lim.sale_price) if sell else 0
        received = (ledger.trade(seat, lim.chain, self.survivor, trade, lim.trade_ratio)
                    if trade else 0)
        parts = []
        if sell:
            parts.append(f"sells {sell} for {money(proceeds)}")
        if trade:
            parts.append(f"trades {trade} for {received} {self.survivor}")
        if rest:
            parts.append(f"keeps {rest}")
        records: list[Record] = [{
            "kind": "disposal", "seat": seat, "chain": lim.chain, "survivor": self.survivor,
            "sold": sell, "proceeds": proceeds, "traded": trade, "received": received,
            "kept": rest, "text": f"{seat} {', '.join(parts) or 'has nothing'} of {lim.chain}.",
        }]
        self.waiting.pop(0)
        if not self.waiting:
            records.extend(self._close())
            if self.queue:
                records.extend(self._open(ledger))
        return records

    def _open(self, ledger: Ledger) -> list[Record]:
        # Pay the bonuses of queue[0] and line up its holders; skip chains nobody holds.
        records: list[Record] = []
        while self.queue:
            chain, size, price = self.queue[0]
            holders = ledger.holders(chain)
            for p in bonuses(holders, price, divisor=self.terms.divisor, order=self.seats):
                ledger.pay(p.seat, p.amount)
                records.append({"kind": "bonus", "seat": p.seat, "chain": chain, "size": size,
                                "bonus": p.kind, "amount": p.amount,
                                "text": f"{p.seat} receives {money(p.amount)} ({p.kind} "
                                        f"bonus) for {chain}."})
            self.waiting = [s for s in self.seats if s in holders]
            if self.waiting:
                break
            records.extend(self._close())
        return records

    def _close(self) -> list[Record]:
        chain, size, _ = self.queue.pop(0)
        return [{"kind": "settled", "chain": chain, "survivor": self.survivor, "size": size,
                 "text": f"{chain} is absorbed into {self.survivor}."}]

    # ----- state --------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"survivor": self.survivor, "queue": [list(q) for q in self.queue],
                "seats": list(self.seats), "terms": self.terms.to_json(),
                "waiting": list(self.waiting)}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Settlement:
        return cls(raw["survivor"], [(str(c), int(s), int(p)) for c, s, p in raw["queue"]],
                   list(raw["seats"]), Terms(**raw["terms"]), list(raw["waiting"]))


def cash_out(ledger: Ledger, sizes: Mapping[Chain, int], *, edition: str = DEFAULT_EDITION,
             order: Sequence[Seat] | None = None,
             prices: Mapping[Chain, int] | None = None) -> list[Record]:
    """The end of the game: every chain on the board (`sizes`) pays its bonuses, then
    every seat sells all its shares of those chains at their price. Shares of chains
    not on the board are worth nothing (they stay in the ledger). Full Acquire values.
    """
    seats = list(order) if order is not None else ledger.seats
    records: list[Record] = []
    for chain, size in sizes.items():
        price = prices[chain] if prices is not None and chain in prices else share_price(
            chain, size, edition=edition)
        for p in bonuses(ledger.holders(chain), price, order=seats):
            ledger.pay(p.seat, p.amount)
            records.append({"kind": "bonus", "seat": p.seat, "chain": chain, "size": size,
                            "bonus": p.kind, "amount": p.amount,
                            "text": f"{p.seat} receives {money(p.amount)} ({p.kind} bonus) "
                                    f"for {chain}."})
    for chain, size in sizes.items():
        price = prices[chain] if prices is not None and chain in prices else share_price(
            chain, size, edition=edition)
        for seat in seats:
            count = ledger.held(seat, chain)
            if count:
                proceeds = ledger.sell(seat, chain, count, price)
                records.append({"kind": "sale", "seat": seat, "chain": chain, "shares": count,
                                "amount": proceeds,
                                "text": f"{seat} sells {count} {chain} for {money(proceeds)}."})
    return records


def winners(ledger: Ledger) -> list[Seat]:
    """The seats with the most cash (ties share the win)."""
    best = max(ledger.cash.values())
    return [s for s, c in ledger.cash.items() if c == best]
