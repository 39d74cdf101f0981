"""The state of a Cold Cash Risk game and the flow of its Operating Cycle.

`CCRBase` holds the state (documented field by field in docs/cold-cash-risk.md) and runs
everything automatic between two decisions (`_advance`): the start of a player's turn
(CCR-6 when no card can be placed), the territory cards at the end of it, the Earnings
Phase after the Activity Phase, the next Operating Cycle (with the variable turn order
option), the alternate endings and the final settlement (CCR-10).

The concept modules (`placing`, `stock`, `takeover`, `earnings`) add the actions; `game`
puts them together. Interruptions (merger consent, disposals, a nomination, votes, the
move into a conquered territory, hired teams to place, restructuring moves) are decisions
on `stack`; the top one is what `prompts()` asks for.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from engine.acquire.chart import Chain, chains
from engine.acquire.ledger import Ledger, money
from engine.acquire.merger import MergerPlan, Record, Settlement, Terms, cash_out, winners
from engine.deck import Card, Deck
from engine.events import Event, Seat, private, public
from engine.game import Game
from engine.games.cold_cash_risk.board import Board
from engine.games.cold_cash_risk.market import (
    HAND,
    bonus_amounts,
    closing_bell,
    dividend,
    share_price,
)
from engine.risk.map import RiskMap, Territory, classic_map
from engine.rng import Rng

ACTIVITY, EARNINGS = "activity", "earnings"
# Stages of a player's Activity turn.
START, PLACE, RESULT, MERGING, ACTION, SELLING, MEETING, ATTACKING, FREE_MOVE, DONE = (
    "start", "place", "result", "merging", "action", "selling", "meeting", "attacking",
    "free-move", "done")
STAGES = (START, PLACE, RESULT, MERGING, ACTION, SELLING, MEETING, ATTACKING, FREE_MOVE,
          DONE, EARNINGS)
WILD_PREFIX = "Wild"
STANDARD, SHORT, LONG = "standard", "short", "long"
# A CEO's standing order for defending: be asked each time, the most dice allowed, or one.
ASK, MOST, ONE = "ask", "most", "one"
DEFENCE_ORDERS = (ASK, MOST, ONE)


def is_wild(card: Card) -> bool:
    return card.startswith(WILD_PREFIX)


def disposal_text(r: Record) -> str:
    """What a stockholder did with a defunct corporation's shares, in words."""
    chain, done = r["chain"], []
    if r["sold"]:
        done.append(f"sold {r['sold']} {chain} for {money(r['proceeds'])}")
    if r["traded"]:
        done.append(f"traded {r['traded']} {chain} for {r['received']} {r['survivor']}")
    if r["kept"]:
        done.append(f"kept {r['kept']} {chain}" if done else
                    f"kept your {plural(r['kept'], chain + ' share')}")
    return "You " + (", ".join(done[:-1]) + " and " + done[-1] if len(done) > 1
                     else done[0] if done else f"have no {chain} shares left") + "."


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count} {word if count == 1 else (words or word + 's')}"


def fresh_active() -> dict[str, Any]:
    """What one turn has done so far (see docs: `active`)."""
    return {"placed": None, "acted": False, "declined": [], "corporation": None,
            "redraw": False, "earned": [], "merge_refused": False, "begun": False}


class CCRBase(Game):
    """State, helpers and the automatic flow shared by every part of the game."""

    edition: str
    turn: int
    cycle_phase: str
    order: list[Seat]
    index: int
    stage: str
    active: dict[str, Any]
    board: Board
    corporations: dict[Chain, dict[str, Any]]
    ledger: Ledger
    shown: dict[Seat, dict[Chain, int]]
    hands: dict[Seat, list[Card]]
    deck: Deck
    retired: list[Seat]
    stack: list[dict[str, Any]]
    opening: dict[Seat, Card]
    last_battle: dict[str, Any] | None
    results: dict[str, Any] | None
    defence: dict[Seat, str]

    # ===================================================================
    # Plain questions
    # ===================================================================

    @property
    def map(self) -> RiskMap:
        return classic_map()

    @property
    def chains(self) -> tuple[Chain, ...]:
        return chains(self.edition)

    @property
    def current(self) -> Seat | None:
        """Whose Activity or Earnings turn it is."""
        if self.finished or self.index >= len(self.order):
            return None
        return self.order[self.index]

    def ceo(self, chain: Chain) -> Seat:
        ceo: Seat = self.corporations[chain]["ceo"]
        return ceo

    def corporations_of(self, seat: Seat) -> list[Chain]:
        """The corporations `seat` is CEO of, in founding order."""
        return [c for c, info in self.corporations.items() if info["ceo"] == seat]

    def size(self, chain: Chain) -> int:
        return self.board.size(chain)

    def sizes(self) -> dict[Chain, int]:
        return {c: self.board.size(c) for c in self.corporations}

    def price(self, chain: Chain, size: int | None = None) -> int:
        return share_price(chain, self.size(chain) if size is None else size, self.edition)

    def closing_conditions(self) -> bool:
        return closing_bell(self.sizes())

    def usable(self, card: Card) -> bool:
        """A card can place a Mom & Pop: its territory is empty (a wild card: any is)."""
        if is_wild(card):
            return bool(self.board.empty_territories())
        return self.board.is_empty(card)

    def placeable(self, seat: Seat) -> list[Territory]:
        """The empty territories `seat` may place a Mom & Pop in (map order)."""
        hand = self.hands.get(seat, [])
        if any(is_wild(c) for c in hand):
            return self.board.empty_territories()
        return [t for t in self.board.empty_territories() if t in hand]

    def held(self, seat: Seat, chain: Chain) -> int:
        return self.ledger.held(seat, chain)

    def shown_of(self, seat: Seat, chain: Chain) -> int:
        return self.shown.get(seat, {}).get(chain, 0)

    def _clamp_shown(self) -> None:
        """Shares that leave a holding leave its hidden part first (shown <= held)."""
        for seat in self.seats:
            mine = self.shown.setdefault(seat, {})
            for chain in self.chains:
                mine[chain] = max(0, min(mine.get(chain, 0), self.held(seat, chain)))

    def _receive(self, seat: Seat, chain: Chain, count: int) -> None:
        """New shares arrive hidden, or shown with the option `show_new_shares`."""
        if count > 0 and self.options["show_new_shares"]:
            self.shown[seat][chain] = self.shown_of(seat, chain) + count
        self._clamp_shown()

    # ===================================================================
    # Private texts
    # ===================================================================

    def holdings(self, seat: Seat) -> dict[Chain, dict[str, int]]:
        """The seat's shares by corporation (held > 0): held, shown, hidden."""
        result: dict[Chain, dict[str, int]] = {}
        for chain in self.chains:
            n = self.held(seat, chain)
            if n:
                s = self.shown_of(seat, chain)
                result[chain] = {"held": n, "shown": s, "hidden": n - s}
        return result

    def holdings_text(self, seat: Seat) -> str:
        parts = []
        for chain, h in self.holdings(seat).items():
            status = "" if chain in self.corporations else ", not in play"
            parts.append(f"{chain} {h['held']} ({h['shown']} shown, {h['hidden']} hidden"
                         f"{status})")
        return (f"Cash {money(self.ledger.cash[seat])}. Shares: "
                + ("; ".join(parts) if parts else "none") + ".")

    def holdings_event(self, seat: Seat, lead: str = "") -> Event:
        """A private event to `seat` with its cash and holdings."""
        text = (lead + " " if lead else "") + self.holdings_text(seat)
        return private(seat, "holdings", text, cash=self.ledger.cash[seat],
                       holdings=self.holdings(seat))

    def hand_event(self, seat: Seat, lead: str = "") -> Event:
        hand = self.hands[seat]
        text = (lead + " " if lead else "") + "Your territory cards: " + (
            ", ".join(hand) if hand else "none") + "."
        return private(seat, "cards", text, hand=list(hand))

    # ===================================================================
    # Settlements (mergers and hostile takeovers)
    # ===================================================================

    def _begin_settlement(self, plan: MergerPlan, sizes: Mapping[Chain, int], maker: Seat,
                          terms: Terms, reason: str) -> list[Event]:
        """Pay the first defunct corporation's bonuses and line up its disposals."""
        settlement, records = Settlement.begin(self.ledger, plan, sizes, self.seats, maker,
                                               edition=self.edition, terms=terms)
        events = self.settlement_events(records, terms)
        if not settlement.done:
            self.stack.append({"kind": "settle", "reason": reason, "maker": maker,
                               "settlement": settlement.to_json()})
        return events

    def settlement_events(self, records: Sequence[Record], terms: Terms) -> list[Event]:
        """Bonuses go privately to their receivers, with a public summary that names
        nobody; sales and trades are announced, kept shares are not (CCR-5)."""
        events: list[Event] = []
        announced: set[Chain] = set()
        for r in records:
            kind = r["kind"]
            if kind == "bonus":
                chain = r["chain"]
                if chain not in announced:
                    announced.add(chain)
                    price = self.price(chain, r["size"])
                    major, minor = bonus_amounts(price, terms.divisor)
                    halved = " (halved: a hostile takeover)" if terms.divisor == 2 else ""
                    events.append(public(
                        "bonuses_paid",
                        f"{chain} (size {r['size']}, {money(price)} a share) pays its "
                        f"stockholders the majority bonus of {money(major)} and the minority "
                        f"bonus of {money(minor)}{halved}, split as Acquire splits them. "
                        "Who receives what is private.",
                        chain=chain, size=r["size"], price=price, majority=major,
                        minority=minor, divisor=terms.divisor))
                events.append(private(r["seat"], "bonus",
                                      f"You receive {money(r['amount'])} ({r['bonus']} bonus) "
                                      f"for {chain}.", chain=chain, amount=r["amount"],
                                      bonus=r["bonus"]))
            elif kind == "disposal":
                seat, chain, survivor = r["seat"], r["chain"], r["survivor"]
                parts = []
                if r["sold"]:
                    parts.append(f"sells {plural(r['sold'], 'share')} of {chain} for "
                                 f"{money(r['proceeds'])}")
                if r["traded"]:
                    parts.append(f"trades {r['traded']} {chain} for {r['received']} "
                                 f"{survivor}")
                what = " and ".join(parts) if parts else f"keeps their {chain} shares"
                # The Bank's stock changes only with a sale or a trade: said then, once.
                bank = (f" The Bank has {self.ledger.bank[chain]} {chain} and "
                        f"{self.ledger.bank[survivor]} {survivor} left." if parts else "")
                events.append(public(
                    "disposal",
                    f"{seat} {what}.{bank}",
                    seat=seat, chain=chain, survivor=survivor, sold=r["sold"],
                    proceeds=r["proceeds"], traded=r["traded"], received=r["received"],
                    bank={chain: self.ledger.bank[chain],
                          survivor: self.ledger.bank[survivor]}))
                self._clamp_shown()
                if r["received"]:
                    self._receive(seat, survivor, r["received"])
                events.append(self.holdings_event(seat, disposal_text(r)))
            elif kind == "settled":
                events.append(public("settled", f"{r['chain']} is settled and out of play; "
                                     "kept shares are worthless unless it is founded again.",
                                     chain=r["chain"], survivor=r["survivor"]))
        self._clamp_shown()
        return events

    # ===================================================================
    # The flow
    # ===================================================================

    @abstractmethod
    def _auto(self, top: dict[str, Any], rng: Rng) -> list[Event] | None:
        """Resolve the top decision if it needs nobody (implemented by the game)."""
        ...

    def _advance(self, rng: Rng) -> list[Event]:
        """Run everything automatic until somebody must decide."""
        events: list[Event] = []
        for _ in range(10_000):
            if self.finished:
                return events
            if self.options["ending"] == LONG:
                whole = [c for c in self.corporations
                         if len(self.board.territories_of(c)) == len(self.map.territories)]
                if whole and not self.stack:
                    return events + self._closing_bell(
                        f"{whole[0]} controls every territory on the map (long game).")
            if self.stack:
                auto = self._auto(self.stack[-1], rng)
                if auto is None:
                    return events
                events += auto
                continue
            if self.cycle_phase == ACTIVITY:
                if self.index >= len(self.order):
                    events += self._start_earnings()
                    continue
                if self.stage == START:
                    if self.stalled():
                        return events + self._closing_bell(
                            "no corporation is in play and no Mom & Pop can be placed any "
                            "more, so nothing can change.")
                    events += self._begin_turn()
                    continue
                if self.stage == MERGING:
                    self.stage = ACTION
                    continue
                if self.stage in (MEETING, DONE):
                    events += self._end_turn(rng)
                    continue
                if self.stage == FREE_MOVE and not self.free_moves_possible():
                    events += self._end_takeover()
                    continue
                if self.stage == RESULT and not self.result_options():
                    self.stage = ACTION
                    continue
                if self.stage == ACTION and not self.corporations:
                    # With no corporation in play nobody can buy, sell, meet or take over:
                    # the pass is forced, and everyone can see it is. Otherwise the player
                    # is asked even when only `pass` is left, since what is left depends
                    # on private cash and holdings (the table must not learn them).
                    seat = self.order[self.index]
                    events.append(public("passed", f"{seat} has no action to take and "
                                         "passes.", seat=seat, forced=True))
                    self.stage = DONE
                    continue
                return events
            # Earnings Phase
            if self.index >= len(self.order):
                events += self._end_cycle(rng)
                continue
            seat = self.order[self.index]
            if not self.earnings_left(seat):
                self.index += 1
                self.active = fresh_active()
                continue
            return events
        raise RuntimeError("Cold Cash Risk did not settle")  # pragma: no cover

    # Hooks the concept modules provide.
    @abstractmethod
    def free_moves_possible(self) -> bool:
        """Whether a takeover's free move has anywhere to go (takeover.py)."""
        ...

    @abstractmethod
    def _end_takeover(self) -> list[Event]:
        """Close a hostile takeover: Mom & Pop survivors go home (takeover.py)."""
        ...

    @abstractmethod
    def result_options(self) -> list[str]:
        """What the placed Mom & Pop may become: found, absorb, merge, leave (placing.py)."""
        ...

    def stalled(self) -> bool:
        """Nothing can ever happen again: no corporation (so no stock, no takeover, no
        earnings) and no card that could place a Mom & Pop, in any hand or in the deck."""
        if self.corporations:
            return False
        placing = [s for s in self.seats if s not in self.retired]
        cards = [c for s in placing for c in self.hands[s]] + (
            list(self.deck.pile) if placing else [])
        return not any(self.usable(c) for c in cards)

    def earnings_left(self, seat: Seat) -> list[Chain]:
        """The corporations `seat` still has to run in this Earnings turn."""
        return [c for c in self.corporations_of(seat) if c not in self.active["earned"]]

    def _begin_turn(self) -> list[Event]:
        """Place a Mom & Pop if possible; otherwise CCR-6 (or its literal option)."""
        seat = self.order[self.index]
        self.active = fresh_active()
        if seat in self.retired:
            self.stage = ACTION
            return []
        if self.placeable(seat):
            self.stage = PLACE
            return []
        self.stage = ACTION
        hand = self.hands[seat]
        self.deck.discard(*hand)
        count = len(hand)
        self.hands[seat] = []
        discards = f"discards {plural(count, 'card')}" if count else "has no card"
        if self.options["unplaceable"] == "retire":
            self.retired.append(seat)
            return [public("no_placement",
                           f"{seat} holds no card for an empty territory: {seat} {discards} "
                           "and may no longer place Mom & Pops.",
                           seat=seat, discarded=count,
                           retired=True)]
        self.active["redraw"] = True
        return [public("no_placement",
                       f"{seat} holds no card for an empty territory: {seat} {discards}, "
                       f"places nothing this turn and draws back up to {HAND} at the end of "
                       "the turn.", seat=seat,
                       discarded=count, retired=False)]

    def _draw_cards(self, seat: Seat, rng: Rng) -> list[Event]:
        """Take a Territory Card: discard unusable cards and draw back up to 3, until the
        hand is all usable or the deck is out (never reshuffled)."""
        if seat in self.retired:
            return []
        hand = self.hands[seat]
        drawn = discarded = 0
        for _ in range(100):
            bad = [c for c in hand if not self.usable(c)]
            for card in bad:
                hand.remove(card)
                self.deck.discard(card)
            discarded += len(bad)
            want = HAND - len(hand)
            if want <= 0 or not self.deck.pile:
                break
            new = self.deck.draw(rng, min(want, len(self.deck)))
            hand.extend(new)
            drawn += len(new)
        parts = []
        if discarded:
            parts.append(f"discards {plural(discarded, 'unusable card')}")
        parts.append(f"draws {plural(drawn, 'card')}" if drawn else "draws no card")
        events = [public("cards_drawn",
                         f"{seat} {' and '.join(parts)} ({len(hand)} in hand; "
                         f"{plural(len(self.deck), 'card')} left in the deck).",
                         seat=seat, drawn=drawn, discarded=discarded, hand_size=len(hand),
                         deck=len(self.deck))]
        if drawn or discarded:
            events.append(self.hand_event(seat))
        return events

    def _end_turn(self, rng: Rng) -> list[Event]:
        seat = self.order[self.index]
        events = self._draw_cards(seat, rng)
        self.index += 1
        self.stage = START
        self.active = fresh_active()
        nxt = self.order[self.index] if self.index < len(self.order) else None
        follow = f"Next: {nxt}." if nxt else "Next: the Earnings Phase."
        events.append(public("turn_ended", f"{seat}'s turn is over. {follow}", seat=seat,
                             next=nxt))
        if self.options["ending"] == SHORT and not self.deck.pile and not any(
                self.usable(c) for s in self.seats for c in self.hands[s]):
            events += self._closing_bell(
                f"the last territory card has been played and {seat} has completed the "
                "turn (short game).")
        return events

    def _start_earnings(self) -> list[Event]:
        self.cycle_phase = EARNINGS
        self.stage = EARNINGS
        self.index = 0
        self.active = fresh_active()
        ceos = [s for s in self.order if self.corporations_of(s)]
        who = ", ".join(ceos) if ceos else "no CEO (no corporation is in play)"
        return [public("earnings_started",
                       f"Turn {self.turn}: the Earnings Phase. In order: {who}.",
                       turn=self.turn, order=ceos)]

    def _end_cycle(self, rng: Rng) -> list[Event]:
        events = [public("earnings_ended", f"Turn {self.turn} is over.", turn=self.turn)]
        self.turn += 1
        self.cycle_phase = ACTIVITY
        self.stage = START
        self.index = 0
        self.active = fresh_active()
        if self.options["turn_order"] == "variable":
            tiles = list(range(1, len(self.seats) + 1))
            rng.shuffle(tiles, label="turn order tiles")
            drawn = dict(zip(self.seats, tiles, strict=True))
            self.order = sorted(self.seats, key=lambda s: drawn[s])
            text = ", ".join(f"{s} draws {drawn[s]}" for s in self.seats)
            events.append(public("turn_order", f"Turn {self.turn}: turn order tiles: {text}. "
                                 f"Order: {', '.join(self.order)}.", turn=self.turn,
                                 tiles=drawn, order=list(self.order)))
        events.append(public("turn_started", f"Turn {self.turn}: the Activity Phase, "
                             f"starting with {self.order[0]}.", turn=self.turn,
                             order=list(self.order)))
        return events

    def _closing_bell(self, reason: str, declared_by: Seat | None = None) -> list[Event]:
        """CCR-10: full Acquire bonuses for every corporation in play, then every share
        sold at its price; the most cash wins (ties share the win). Everything is shown."""
        sizes = self.sizes()
        prices = {c: self.price(c, s) for c, s in sizes.items()}
        records = cash_out(self.ledger, sizes, edition=self.edition, order=self.seats,
                           prices=prices)
        self._clamp_shown()
        best = winners(self.ledger)
        self.results = {"reason": reason, "declared_by": declared_by,
                        "cash": dict(self.ledger.cash), "sizes": sizes, "prices": prices,
                        "records": [{k: v for k, v in r.items() if k != "text"}
                                    for r in records]}
        self.finish(best)
        self.stack = []
        lines = [r["text"] for r in records]
        standings = sorted(self.seats, key=lambda s: -self.ledger.cash[s])
        table = ", ".join(f"{s} {money(self.ledger.cash[s])}" for s in standings)
        text = (f"The Closing Bell: {reason} Final bonuses and sales at full Acquire values. "
                + (" ".join(lines) + " " if lines else "")
                + f"Final cash: {table}. Winner: {', '.join(best)}.")
        return [public("game_over", text, reason=reason, declared_by=declared_by,
                       cash=dict(self.ledger.cash), winners=list(best),
                       records=[dict(r) for r in self.results["records"]])]

    # ===================================================================
    # Dividends (Earnings Phase), shared by Pay Dividends and Downsize
    # ===================================================================

    def _pay_dividends(self, chain: Chain, factor: int) -> list[Event]:
        price = self.price(chain)
        per_share = dividend(price) * factor
        events = [public("dividends",
                         f"{chain} pays {money(per_share)} per shown share"
                         + (" (doubled by the downsizing)" if factor == 2 else "")
                         + ". Only shown shares earn it; the payments are private.",
                         corporation=chain, per_share=per_share, price=price,
                         doubled=factor == 2)]
        for seat in self.seats:
            n = self.shown_of(seat, chain)
            if n:
                amount = n * per_share
                self.ledger.pay(seat, amount)
                events.append(private(seat, "dividend",
                                      f"{chain} pays you {money(amount)} for {n} shown "
                                      f"share{'s' if n != 1 else ''}. Cash: "
                                      f"{money(self.ledger.cash[seat])}.",
                                      corporation=chain, shares=n, amount=amount))
        return events
