"""Money and shares: each seat's cash and holdings, and the Bank's shares.

The Bank holds 25 shares of each chain; a share is either in the Bank or held by
a seat, never both, so every chain's shares always add up to 25. JSON-ready.

>>> ledger = Ledger.new(["Ann", "Bo"], ["Tower", "Sackson"])
>>> ledger.buy("Ann", "Tower", 3, 400)
>>> ledger.cash["Ann"], ledger.held("Ann", "Tower"), ledger.bank["Tower"]
(4800, 3, 22)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.acquire.chart import Chain, tables
from engine.errors import NotAllowed
from engine.events import Seat


def shares(count: int, chain: Chain) -> str:
    """A count of shares in words: "1 Festival share", "3 Festival shares"."""
    return f"{count} {chain} share{'' if count == 1 else 's'}"


def money(amount: int) -> str:
    """$6,000 style."""
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


@dataclass
class Ledger:
    """Cash and shares of every seat, and the shares left in the Bank."""

    cash: dict[Seat, int]
    shares: dict[Seat, dict[Chain, int]]
    bank: dict[Chain, int]

    @classmethod
    def new(cls, seats: Sequence[Seat], chains: Iterable[Chain], *, cash: int | None = None,
            shares_per_chain: int | None = None) -> Ledger:
        """Every seat with the starting cash ($6,000) and no shares; 25 of each in the Bank."""
        start = int(tables()["starting_cash"]) if cash is None else cash
        per_chain = (int(tables()["shares_per_chain"]) if shares_per_chain is None
                     else shares_per_chain)
        chain_list = list(chains)
        return cls({s: start for s in seats}, {s: {c: 0 for c in chain_list} for s in seats},
                   {c: per_chain for c in chain_list})

    @property
    def seats(self) -> list[Seat]:
        return list(self.cash)

    def held(self, seat: Seat, chain: Chain) -> int:
        return self.shares.get(seat, {}).get(chain, 0)

    def holders(self, chain: Chain) -> dict[Seat, int]:
        """Seats holding `chain`, with their shares, in seat order."""
        return {s: n for s in self.cash if (n := self.held(s, chain)) > 0}

    def _move(self, seat: Seat, chain: Chain, count: int) -> None:
        # `count` shares from the Bank to `seat` (negative: back to the Bank).
        self.shares.setdefault(seat, {})
        self.shares[seat][chain] = self.held(seat, chain) + count
        self.bank[chain] = self.bank.get(chain, 0) - count

    def buy(self, seat: Seat, chain: Chain, count: int, price: int) -> None:
        """Buy `count` shares from the Bank at `price` each."""
        if count < 1:
            raise NotAllowed("Buy at least 1 share.")
        if self.bank.get(chain, 0) < count:
            raise NotAllowed(f"The Bank has only {self.bank.get(chain, 0)} {chain} shares left.")
        cost = count * price
        if self.cash[seat] < cost:
            raise NotAllowed(f"{count} {chain} shares cost {money(cost)}; you have "
                             f"{money(self.cash[seat])}.")
        self.cash[seat] -= cost
        self._move(seat, chain, count)

    def sell(self, seat: Seat, chain: Chain, count: int, price: int) -> int:
        """Sell `count` shares back to the Bank at `price` each; returns the proceeds."""
        if count < 1:
            raise NotAllowed("Sell at least 1 share.")
        if self.held(seat, chain) < count:
            raise NotAllowed(f"You hold only {shares(self.held(seat, chain), chain)}.")
        self.cash[seat] += count * price
        self._move(seat, chain, -count)
        return count * price

    def grant(self, seat: Seat, chain: Chain, count: int = 1) -> int:
        """Give free shares (a founder's share) while the Bank has them; returns how many."""
        given = min(count, self.bank.get(chain, 0))
        if given > 0:
            self._move(seat, chain, given)
        return given

    def trade(self, seat: Seat, defunct: Chain, survivor: Chain, count: int, ratio: int) -> int:
        """Trade `count` defunct shares, `ratio` for 1, for shares of the survivor."""
        if count % ratio:
            raise NotAllowed(f"Trade {defunct} shares in multiples of {ratio}.")
        if self.held(seat, defunct) < count:
            raise NotAllowed(f"You hold only {shares(self.held(seat, defunct), defunct)}.")
        wanted = count // ratio
        if self.bank.get(survivor, 0) < wanted:
            raise NotAllowed(f"The Bank has only {self.bank.get(survivor, 0)} {survivor} shares "
                             f"to trade for.")
        self._move(seat, defunct, -count)
        self._move(seat, survivor, wanted)
        return wanted

    def pay(self, seat: Seat, amount: int) -> None:
        self.cash[seat] += amount

    def to_json(self) -> dict[str, Any]:
        return {"cash": dict(self.cash),
                "shares": {s: dict(h) for s, h in self.shares.items()},
                "bank": dict(self.bank)}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Ledger:
        return cls({s: int(v) for s, v in raw["cash"].items()},
                   {s: {c: int(n) for c, n in h.items()} for s, h in raw["shares"].items()},
                   {c: int(n) for c, n in raw["bank"].items()})
