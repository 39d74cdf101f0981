"""Stock: buying and selling, shown and hidden shares (CCR-5), the disposal of defunct
stock after a merger or takeover, and stockholders' meetings with their open vote.

Holdings are private: each seat's view shows its own shares and how many are shown. A
purchase or sale is announced (who, which corporation, how many, at what price) with the
shares left in the Bank; the new holdings go privately to the buyer or seller.
"""

from __future__ import annotations

from typing import Any

from engine.acquire.chart import Chain
from engine.acquire.ledger import money
from engine.acquire.merger import Settlement, Terms, turn_order_from
from engine.errors import NotAllowed
from engine.events import Event, Seat, public
from engine.game import ActionSpec, Choice, Param
from engine.games.cold_cash_risk.base import ACTION, DONE, MEETING, SELLING, CCRBase, plural
from engine.games.cold_cash_risk.market import MAX_BUY
from engine.games.cold_cash_risk.placing import NO, YES, yes_no
from engine.rng import Rng


def counts(low: int, high: int, step: int = 1) -> tuple[Choice, ...]:
    return tuple(Choice(str(n)) for n in range(low, high + 1, step))


class Stock(CCRBase):
    """Buy, sell, show, hide, dispose, meeting, accept, vote."""

    # ----- what is possible ---------------------------------------------

    def buyable(self, seat: Seat) -> list[Chain]:
        cash = self.ledger.cash[seat]
        return [c for c in self.corporations
                if self.ledger.bank[c] > 0 and self.price(c) <= cash]

    def sellable(self, seat: Seat) -> list[Chain]:
        return [c for c in self.corporations if self.held(seat, c) > 0]

    def nominees(self, seat: Seat, chain: Chain) -> list[Seat]:
        declined = {(c, s) for c, s in self.active["declined"]}
        return [s for s in turn_order_from(self.seats, seat)
                if s != self.ceo(chain) and (chain, s) not in declined]

    def meetable(self, seat: Seat) -> list[Chain]:
        return [c for c in self.sellable(seat) if self.nominees(seat, c)]

    # ----- prompts -------------------------------------------------------

    def stock_specs(self, seat: Seat) -> list[ActionSpec]:
        specs: list[ActionSpec] = []
        if self.stage == ACTION:
            buy = self.buyable(seat)
            if buy:
                specs.append(ActionSpec("buy", "Buy 1 to 3 shares", (
                    Param("corporation", tuple(Choice(c, f"{c} ({money(self.price(c))})")
                                               for c in buy)),
                    Param("count", counts(1, MAX_BUY), kind="int"))))
        sell = self.sellable(seat)
        if sell and self.stage in (ACTION, SELLING):
            most = max(self.held(seat, c) for c in sell)
            specs.append(ActionSpec("sell", "Sell shares" if self.stage == ACTION
                                    else "Sell more shares", (
                Param("corporation", tuple(Choice(c, f"{c} ({money(self.price(c))})")
                                           for c in sell)),
                Param("count", counts(1, most), kind="int"))))
        if self.stage == ACTION:
            meet = self.meetable(seat)
            if meet:
                everyone = [s for s in turn_order_from(self.seats, seat)
                            if any(s in self.nominees(seat, c) for c in meet)]
                specs.append(ActionSpec("meeting", "Call a stockholders' meeting", (
                    Param("corporation", tuple(Choice(c, f"{c} (CEO {self.ceo(c)})")
                                               for c in meet)),
                    Param("nominee", tuple(Choice(s) for s in everyone)))))
        return specs

    def dispose_prompt_params(self, entry: dict[str, Any]) -> tuple[str, tuple[Param, ...]]:
        settlement = Settlement.from_json(entry["settlement"])
        lim = settlement.limits(self.ledger)
        sell = f"Sell them at {money(lim.sale_price)} each"
        choices = (f"{sell}, trade them {lim.trade_ratio} for 1 {lim.survivor} (up to "
                   f"{lim.max_trade} of them) and keep the rest" if lim.max_trade else
                   f"{sell} and keep the rest (no trade for {lim.survivor} is possible now)")
        text = (f"{lim.chain} is out of play: what do you do with your {lim.held} {lim.chain} "
                f"shares? {choices}. Kept shares are worth nothing unless it is founded again.")
        return text, (
            Param("sell", counts(0, lim.held), required=False, kind="int"),
            Param("trade", counts(0, lim.max_trade, lim.trade_ratio), required=False,
                  kind="int"),
            Param("keep", counts(0, lim.held), required=False, kind="int"))

    # ----- buying and selling -------------------------------------------

    def do_buy(self, seat: Seat, rng: Rng, corporation: str, count: int) -> list[Event]:
        """Buy 1, 2 or 3 shares of one corporation in play at its price."""
        chain = corporation
        if chain not in self.corporations:
            raise NotAllowed(f"{chain} is not in play.")  # pragma: no cover
        if not 1 <= count <= MAX_BUY:
            raise NotAllowed(f"Buy 1 to {MAX_BUY} shares.")
        price = self.price(chain)
        self.ledger.buy(seat, chain, count, price)
        self._receive(seat, chain, count)
        self.active["acted"] = True
        self.stage = DONE
        bank = self.ledger.bank[chain]
        return [public("bought", f"{seat} buys {plural(count, 'share')} of {chain} at "
                       f"{money(price)} ({money(count * price)}). The Bank has {bank} {chain} "
                       "left.", seat=seat, corporation=chain, count=count, price=price,
                       bank=bank),
                self.holdings_event(seat, f"You bought {count} {chain}.")]

    def do_sell(self, seat: Seat, rng: Rng, corporation: str, count: int) -> list[Event]:
        """Sell shares of a corporation in play at its price; then sell more or pass."""
        chain = corporation
        if chain not in self.corporations:
            raise NotAllowed(f"{chain} is not in play.")  # pragma: no cover
        price = self.price(chain)
        self.ledger.sell(seat, chain, count, price)
        self._clamp_shown()
        self.active["acted"] = True
        self.stage = SELLING
        bank = self.ledger.bank[chain]
        return [public("sold", f"{seat} sells {plural(count, 'share')} of {chain} at "
                       f"{money(price)} ({money(count * price)}). The Bank has {bank} {chain} "
                       "left.", seat=seat, corporation=chain, count=count, price=price,
                       bank=bank),
                self.holdings_event(seat, f"You sold {count} {chain}.")]

    # ----- shown and hidden shares (free actions; what is shown is public) -----

    def do_show(self, seat: Seat, rng: Rng, corporation: str,
                count: int | None = None) -> list[Event]:
        """Show `count` more of your shares (all hidden ones if no count): shown shares
        vote and earn dividends (CCR-5); everyone sees what you show, not what you hold."""
        chain = corporation
        hidden = self.held(seat, chain) - self.shown_of(seat, chain)
        n = hidden if count is None else count
        if self.held(seat, chain) == 0:
            raise NotAllowed(f"You hold no {chain} shares.")
        if n < 1 or n > hidden:
            raise NotAllowed(f"You have {plural(hidden, 'hidden share')} of {chain}.")
        self.shown[seat][chain] = self.shown_of(seat, chain) + n
        return [self._showing(seat, chain, f"shows {plural(n, 'share')} of {chain}"),
                self.holdings_event(seat, f"You now show {self.shown[seat][chain]} {chain}.")]

    def do_hide(self, seat: Seat, rng: Rng, corporation: str,
                count: int | None = None) -> list[Event]:
        """Hide `count` of your shown shares (all if no count)."""
        chain = corporation
        shown = self.shown_of(seat, chain)
        n = shown if count is None else count
        if n < 1 or n > shown:
            raise NotAllowed(f"You show {plural(shown, 'share')} of {chain}.")
        self.shown[seat][chain] = shown - n
        return [self._showing(seat, chain, f"takes {plural(n, 'share')} of {chain} off the "
                                           "table"),
                self.holdings_event(seat, f"You now show {self.shown[seat][chain]} {chain}.")]

    def _showing(self, seat: Seat, chain: str, what: str) -> Event:
        """Shown shares lie on the table: a change is seen by everyone (not the holding)."""
        total = self.shown_of(seat, chain)
        return public("showing", f"{seat} {what}: {plural(total, 'share')} shown now.",
                      seat=seat, corporation=chain, showing=total)

    # ----- disposal of defunct stock ------------------------------------

    def do_dispose(self, seat: Seat, rng: Rng, sell: int | None = None,
                   trade: int | None = None, keep: int | None = None) -> list[Event]:
        """Sell, trade (2 for 1, or 4 for 1 after a hostile takeover) and keep your shares
        of the defunct corporation; what is not sold or traded is kept."""
        entry = self.stack[-1]
        settlement = Settlement.from_json(entry["settlement"])
        if keep is not None and sell is None and trade is not None:
            sell = settlement.limits(self.ledger).held - trade - keep
        elif keep is not None and trade is None and sell is not None:
            trade = settlement.limits(self.ledger).held - sell - keep
        records = settlement.dispose(self.ledger, seat, sell=sell or 0, trade=trade or 0,
                                     keep=keep)
        events = self.settlement_events(records, Terms(**entry["settlement"]["terms"]))
        if settlement.done:
            self.stack.pop()
        else:
            entry["settlement"] = settlement.to_json()
        return events

    # ----- stockholders' meetings ----------------------------------------

    def do_meeting(self, seat: Seat, rng: Rng, corporation: str, nominee: str) -> list[Event]:
        """Call a meeting of a corporation you own stock in, nominating a new CEO."""
        chain = corporation
        if chain not in self.meetable(seat) or nominee not in self.nominees(seat, chain):
            raise NotAllowed(f"You can't nominate {nominee} for {chain}.")
        self.stage = MEETING
        events = [public("meeting_called",
                         f"{seat} calls a stockholders' meeting of {chain} and nominates "
                         f"{nominee} as CEO (the incumbent is {self.ceo(chain)}).",
                         seat=seat, corporation=chain, nominee=nominee,
                         incumbent=self.ceo(chain))]
        if nominee == seat:
            return events + self.open_vote(seat, chain, nominee)
        self.stack.append({"kind": "accept", "seat": nominee, "caller": seat,
                           "corporation": chain})
        return events

    def do_accept(self, seat: Seat, rng: Rng, choice: str) -> list[Event]:
        """The nominee accepts the nomination or declines it."""
        entry = self.stack.pop()
        chain, caller = entry["corporation"], entry["caller"]
        if choice == NO:
            self.active["declined"].append([chain, seat])
            self.stage = ACTION
            return [public("nomination_declined",
                           f"{seat} declines the nomination: {caller} may take another "
                           "action.", seat=seat, corporation=chain, caller=caller)]
        return [public("nomination_accepted", f"{seat} accepts the nomination.", seat=seat,
                       corporation=chain)] + self.open_vote(caller, chain, seat)

    def open_vote(self, caller: Seat, chain: Chain, nominee: Seat) -> list[Event]:
        """The meeting opens: stockholders may still show shares (a free action) until the
        caller asks for their votes, one by one, in any order ("Balloting must be open,
        but you may ask for votes in any order you want")."""
        self.active["acted"] = True
        self.stack.append({"kind": "vote", "caller": caller, "corporation": chain,
                           "nominee": nominee, "incumbent": self.ceo(chain), "asked": None,
                           "votes": []})
        return [public("vote_opened",
                       f"The stockholders of {chain} vote on {nominee} as CEO with their "
                       f"shown shares, openly. Shares shown before a stockholder's ballot "
                       f"count; {caller} asks for the votes in any order.",
                       corporation=chain, nominee=nominee, caller=caller)]

    def voters_left(self, entry: dict[str, Any]) -> list[Seat]:
        """"all stockholders must vote": everyone who shows shares and has not voted yet,
        in turn order from the caller (the caller may ask them in any order)."""
        chain = entry["corporation"]
        voted = {v["seat"] for v in entry["votes"]}
        return [s for s in turn_order_from(self.seats, entry["caller"])
                if s not in voted and self.shown_of(s, chain)]

    def vote_seat(self, entry: dict[str, Any]) -> Seat | None:
        asked: Seat | None = entry.get("asked")
        return asked if asked is not None else entry["caller"]

    def ballot_specs(self, entry: dict[str, Any]) -> tuple[str, tuple[ActionSpec, ...]]:
        """The caller's turn in the meeting: ask the next stockholder, or count the votes
        when every stockholder who shows shares has voted."""
        left = self.voters_left(entry)
        chain = entry["corporation"]
        if left:
            return (f"The meeting of {chain}: ask a stockholder for their vote (any order). "
                    "Everyone who shows shares must vote.", (
                        ActionSpec("ballot", "Ask for a vote", (
                            Param("voter", tuple(Choice(s, f"{s} ({self.shown_of(s, chain)} "
                                                            "shown)") for s in left)),)),))
        return (f"The meeting of {chain}: every stockholder who shows shares has voted. "
                "Count the votes.", (ActionSpec("count-votes", "Count the votes"),))

    def do_ballot(self, seat: Seat, rng: Rng, voter: str) -> list[Event]:
        """The meeting's caller asks one stockholder who shows shares for their vote."""
        entry = self.stack[-1]
        entry["asked"] = voter
        return [public("ballot", f"{seat} asks {voter} for their vote on {entry['nominee']}.",
                       seat=seat, voter=voter, corporation=entry["corporation"])]

    def do_count_votes(self, seat: Seat, rng: Rng) -> list[Event]:
        """Every stockholder who shows shares has voted: the meeting's result."""
        return self.close_vote(self.stack[-1])

    def do_vote(self, seat: Seat, rng: Rng, choice: str) -> list[Event]:
        """Vote all your shown shares for (yes) or against (no) the nominee: the shares
        shown at your ballot count."""
        entry = self.stack[-1]
        weight = self.shown_of(seat, entry["corporation"])
        entry["votes"].append({"seat": seat, "choice": choice, "shares": weight})
        entry["asked"] = None
        side = "for" if choice == YES else "against"
        return [public("vote", f"{seat} votes {side} {entry['nominee']} with "
                       f"{plural(weight, 'shown share')}.", seat=seat, choice=choice,
                       shares=weight, corporation=entry["corporation"])]

    def close_vote(self, entry: dict[str, Any]) -> list[Event]:
        """The fors win: the nominee is CEO. The againsts win or tie: the incumbent stays."""
        self.stack.pop()
        chain, nominee = entry["corporation"], entry["nominee"]
        fors = sum(v["shares"] for v in entry["votes"] if v["choice"] == YES)
        against = sum(v["shares"] for v in entry["votes"] if v["choice"] == NO)
        if fors > against:
            self.corporations[chain]["ceo"] = nominee
            text = f"{fors} for, {against} against: {nominee} is the new CEO of {chain}."
        else:
            text = (f"{fors} for, {against} against: {entry['incumbent']} remains CEO of "
                    f"{chain}.")
        return [public("meeting_result", text, corporation=chain, nominee=nominee,
                       fors=fors, against=against, elected=fors > against,
                       ceo=self.ceo(chain))]

    def nominee_prompt(self, entry: dict[str, Any]) -> tuple[str, ActionSpec]:
        return (f"{entry['caller']} nominates you as CEO of {entry['corporation']}. Do you "
                "accept?", ActionSpec("accept", "Accept the nomination", (
                    Param("choice", yes_no(("Accept", "Decline"))),)))

    def vote_prompt(self, entry: dict[str, Any], seat: Seat) -> tuple[str, ActionSpec]:
        weight = self.shown_of(seat, entry["corporation"])
        return (f"Vote on {entry['nominee']} as CEO of {entry['corporation']} (incumbent "
                f"{entry['incumbent']}) with your {plural(weight, 'shown share')}.",
                ActionSpec("vote", "Vote", (
                    Param("choice", (Choice(YES, f"For {entry['nominee']}"),
                                     Choice(NO, f"Against (keep {entry['incumbent']})"))),)))
