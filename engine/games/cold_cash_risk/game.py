"""Cold Cash Risk: RISK + Acquire (rules/cold-cash-risk.md, rulings CCR-1..CCR-10).

Players are stockholders; corporations hold the territories. An Operating Cycle is an
Activity Phase (each player: place a Mom & Pop and see what it allows, one action - buy,
sell, a stockholders' meeting, a hostile takeover or pass -, then territory cards) and an
Earnings Phase (each CEO: restructure, hire, pay dividends or downsize, per corporation).
The Closing Bell may be declared at the start of a turn once one corporation is size 22 or
all are 11 or more (or the short or long game option ends the game).

Holdings, which of them are shown, cash and the territory cards in hand are private: they
appear only in their owner's view and private events. Every decision the engine cannot
take alone is a prompt; interruptions are decisions on a stack (see `base`).
"""

from __future__ import annotations

from typing import Any

from engine import wording
from engine.acquire.chart import find_chain
from engine.acquire.ledger import Ledger, money
from engine.acquire.merger import Settlement, turn_order_from
from engine.deck import Deck
from engine.errors import NotAllowed, RuleError, Unreadable
from engine.events import Event, Seat, private, public
from engine.game import ActionSpec, Option, Param, Prompt
from engine.games.cold_cash_risk import statecheck, words
from engine.games.cold_cash_risk.base import (
    ACTION,
    ACTIVITY,
    ASK,
    ATTACKING,
    DEFENCE_ORDERS,
    DONE,
    EARNINGS,
    FREE_MOVE,
    PLACE,
    RESULT,
    SELLING,
    STAGES,
    STANDARD,
    START,
    is_wild,
)
from engine.games.cold_cash_risk.board import Board
from engine.games.cold_cash_risk.earnings import EARNINGS_CHOICES, Earnings
from engine.games.cold_cash_risk.market import (
    COLOURS,
    HAND,
    SAFE_SIZE,
    dividend,
    tier_of,
)
from engine.games.cold_cash_risk.placing import NO, YES, Placing, yes_no
from engine.games.cold_cash_risk.stock import Stock
from engine.games.cold_cash_risk.takeover import Takeover
from engine.registry import register
from engine.risk.cards import new_card_deck
from engine.rng import Rng

STARTING_CASH = 6000  # CCR-1
TERRITORY_PARAMS = frozenset({"territory", "from_territory", "to_territory"})
CHAIN_PARAMS = frozenset({"corporation", "survivor", "first"})
YES_WORDS = frozenset({"yes", "y", "agree", "accept", "for", "true", "1"})
NO_WORDS = frozenset({"no", "n", "refuse", "decline", "against", "false", "0"})
DECISIONS = frozenset({"order", "consent", "settle", "accept", "vote", "occupy", "engage", "defend",
                       "deploy", "fire",
                       "restructure"})

RULINGS = (
    "CCR-1: Players: 3 to 6. Each starts with $6,000.",
    "CCR-2: Corporations are Acquire's seven chains with 25 shares each; at most 6 are "
    "active at once. Tiers follow the 2008 edition by default: Worldwide and Sackson cheap; "
    "Festival, Imperial and American middle; Continental and Tower dear. Option: the classic "
    "3M names and tiers.",
    "CCR-3: Size = territories + bonuses of the continents the corporation holds entirely; "
    "a one-territory corporation is size 2. Prices and bonuses come from Acquire's chart "
    "(majority 10x, minority 5x the share price; Acquire's tie splits, rounded up to $100; "
    "a sole holder takes both).",
    "CCR-4: Hire Security gives territories // 3 + continent bonuses, with no minimum of 3: "
    "the rulebook's Australia example (4 territories + the continent) gives 3 teams.",
    "CCR-5: Holdings are private. Each player decides, privately, how many shares of each "
    "corporation are shown. Only shown shares vote and earn dividends; hidden shares still "
    "count for merger bonuses and the final count. Purchases and sales themselves are "
    "announced, and so are the shares left in the bank.",
    "CCR-6: A player who cannot place a Mom & Pop discards the hand, places nothing this "
    "turn, and draws back up to 3 at the end of the turn. Option: the literal reading, no "
    "placements for the rest of the game.",
    "CCR-7: A merger needs the agreement of every CEO of a corporation involved (the "
    "placer's own corporations count as agreed). Multiple mergers follow Acquire: the "
    "largest survives, defunct chains are settled largest first, the placer breaks ties of "
    "size.",
    "CCR-8: Hostile takeover settlements halve exactly (bonuses and the sale price can end "
    "in $50); trades need 4 defunct shares for 1 share of the winner.",
    "CCR-9: The free move is to an adjacent territory of the same corporation, as in "
    "classic RISK. Option: through a chain of the corporation's territories.",
    "CCR-10: At the Closing Bell the final bonuses and the sale of all stock use full "
    "Acquire values.",
)



@register
class ColdCashRisk(Placing, Stock, Takeover, Earnings):
    """Cold Cash Risk for 3 to 6 players (CCR-1), seats named after the players."""

    variant = "cold-cash-risk"
    title = "Cold Cash Risk"
    summary = ("RISK meets Acquire: buy shares in globe-spanning corporations, merge them, "
               "run them as CEO and take them over by force. Most cash wins.")
    rulings = RULINGS
    min_seats = 3
    max_seats = 6
    options_spec = (
        Option("edition", "2008", "CCR-2: the Acquire edition giving the corporations' names "
               "and tiers: '2008' (Worldwide and Sackson cheap; Festival, Imperial, American "
               "middle; Continental, Tower dear), 'classic' (3M: Luxor, Tower cheap; "
               "American, Festival, Worldwide middle; Imperial, Continental dear) or '1999'.",
               choices=("2008", "classic", "1999")),
        Option("turn_order", "fixed", "Options, Variable Turn Order: 'fixed' = clockwise from "
               "the player with the alphabetically first territory card; 'variable' = from "
               "the second Operating Cycle on, shuffled tiles 1..players set the order of "
               "both phases.", choices=("fixed", "variable")),
        Option("ending", STANDARD, "Options, Alternate Endings: 'standard' = the Closing "
               "Bell, declared at the start of a turn once a corporation is size 22 or all "
               "are 11 or more; 'short' = the game ends after the turn in which the last "
               "territory card is played; 'long' = when one corporation controls every "
               "territory.", choices=(STANDARD, "short", "long")),
        Option("unplaceable", "redraw", "CCR-6: a player with no card for an empty "
               "territory discards the hand and 'redraw' = draws back up to 3 at the end of "
               "the turn, or 'retire' = may no longer place Mom & Pops (the literal reading; "
               "no more cards are drawn).", choices=("redraw", "retire")),
        Option("free_move", "adjacent", "CCR-9: the free move of a takeover and the moves of "
               "a restructuring go to an 'adjacent' territory of the same corporation, or "
               "through a 'chain' of its territories.", choices=("adjacent", "chain")),
        Option("founding", "chain", "Founding a corporation absorbs 'chain' = every Mom & "
               "Pop contiguous with it, through other Mom & Pops (\"All Mom & Pops "
               "contiguous with the new corporation are immediately absorbed\", as Acquire "
               "founds with every connected tile), or 'adjacent' = only the Mom & Pops next "
               "to its tower (D-3).", choices=("chain", "adjacent")),
        Option("show_new_shares", False, "CCR-5: shares a player receives (bought, founder's "
               "share, traded) arrive shown instead of hidden. Off: new shares are hidden "
               "until the player shows them."),
    )
    free_actions = frozenset({"show", "hide", "defence"})
    queries = frozenset({"portfolio", "market", "odds"})
    render_on = frozenset({"turn_ended", "earnings_ended", "game_over"})
    check_state = staticmethod(statecheck.check_state)  # what an imported state must be

    # ===================================================================
    # The Opening Bell
    # ===================================================================

    def setup(self, rng: Rng) -> list[Event]:
        self.edition = str(self.options["edition"])
        self.turn = 1
        self.cycle_phase = ACTIVITY
        self.stage = START
        self.index = 0
        self.active = {}
        self.board = Board(self.map)
        self.corporations = {}
        self.ledger = Ledger.new(self.seats, self.chains, cash=STARTING_CASH)
        self.shown = {s: {c: 0 for c in self.chains} for s in self.seats}
        self.retired = []
        self.stack = []
        self.last_battle = None
        self.results = None
        self.defence = {s: ASK for s in self.seats}
        # Order: 1 territory card each; a wild card is discarded and replaced.
        self.deck = new_card_deck(self.map, rng)
        self.opening = {}
        for seat in self.seats:
            card = self.deck.draw_one(rng)
            while is_wild(card):
                self.deck.discard(card)
                card = self.deck.draw_one(rng)
            self.opening[seat] = card
        first = min(self.seats, key=lambda s: self.opening[s])
        self.order = turn_order_from(self.seats, first)
        # Mom & Pops: one in the territory of each order card, which is then discarded.
        for seat in self.seats:
            self.board.put(self.opening[seat], "Mom & Pop", 0)
            self.deck.discard(self.opening[seat])
        # Hand: 3 new territory cards each.
        dealt = self.deck.deal(rng, self.seats, HAND)
        self.hands = {s: list(dealt[s]) for s in self.seats}
        drawn = ", ".join(f"{s} {self.opening[s]}" for s in self.seats)
        events = [public(
            "opening_bell",
            f"The Opening Bell. Each player has {money(STARTING_CASH)}. Order cards: {drawn}. "
            f"{self.opening[first]} comes first alphabetically: {first} moves first; the "
            f"order is {', '.join(self.order)}. A Mom & Pop opens in each of those "
            f"territories. Everyone is dealt {HAND} territory cards.",
            opening=dict(self.opening), order=list(self.order), first=first,
            starting_cash=STARTING_CASH, edition=self.edition)]
        events += [self.hand_event(s, "The Opening Bell.") for s in self.seats]
        events += self._advance(rng)
        return events

    # ===================================================================
    # Prompts
    # ===================================================================

    def decision_seat(self, top: dict[str, Any]) -> Seat | None:
        kind = top["kind"]
        if kind == "settle":
            due = Settlement.from_json(top["settlement"]).awaiting()
            return due[0] if due else None
        if kind == "vote":
            return self.vote_seat(top)
        seat: Seat | None = top.get("seat")
        return seat

    def _prompts(self) -> dict[Seat, Prompt]:
        if self.stack:
            top = self.stack[-1]
            seat = self.decision_seat(top)
            if seat is None:
                return {}
            return {seat: self._decision_prompt(top, seat)}
        seat = self.current
        if seat is None:
            return {}
        if self.cycle_phase == EARNINGS:
            return {seat: Prompt(seat, f"Earnings Phase: one action for each of your "
                                 f"corporations ({', '.join(self.earnings_left(seat))}).", (
                                     self.earnings_spec(seat),
                                     ActionSpec("pass", "Skip the rest of your corporations")))}
        return {seat: self._activity_prompt(seat)}

    def declare_end_allowed(self, seat: Seat) -> bool:
        """"any player may declare the game over at the *beginning* of his or her turn"."""
        if self.options["ending"] != STANDARD or self.cycle_phase != ACTIVITY:
            return False
        # Anything the player has done this turn (a declined nomination included) means
        # the beginning is past (D-20).
        beginning = not self.active.get("begun") and (
            self.stage == PLACE or (self.stage == ACTION and self.active["placed"] is None
                                    and not self.active["acted"]))
        return beginning and self.closing_conditions()

    def _activity_prompt(self, seat: Seat) -> Prompt:
        specs: list[ActionSpec] = []
        if self.declare_end_allowed(seat):
            specs.append(ActionSpec("declare-end", "Ring the Closing Bell (end the game)"))
        if self.stage == PLACE:
            specs.append(self.place_spec(seat))
            text = self.place_text(seat)
        elif self.stage == RESULT:
            specs += self.result_specs()
            text = (f"Your Mom & Pop in {self.placed()}: found a corporation, let one absorb "
                    "it, let the corporations merge, or leave it as it is.")
        elif self.stage == ACTION:
            specs += self.stock_specs(seat) + self.takeover_specs(seat)
            specs.append(ActionSpec("pass", "Pass (no action)"))
            text = "Take one action: buy, sell, call a stockholders' meeting, a hostile " \
                   "takeover (CEOs), or pass."
        elif self.stage == SELLING:
            specs += self.stock_specs(seat)
            specs.append(ActionSpec("pass", "Done selling"))
            text = "Sell more shares, or you are done."
        elif self.stage == ATTACKING:
            specs += self.takeover_specs(seat)
            text = f"Hostile takeover with {self.active['corporation']}: attack again, end " \
                   "the attacks, or make the free move now."
        else:  # FREE_MOVE
            specs += self.takeover_specs(seat)
            specs.append(ActionSpec("pass", "No free move"))
            text = "Make your free move, or pass."
        return Prompt(seat, text, tuple(specs))

    def _decision_prompt(self, top: dict[str, Any], seat: Seat) -> Prompt:
        kind = top["kind"]
        if kind == "consent":
            defunct = ", ".join(top["defunct"])
            return Prompt(seat, f"{top['placer']} proposes to merge {defunct} into "
                          f"{top['survivor']}. As a CEO involved, do you agree?", (
                              ActionSpec("consent", "Agree to the merger", (
                                  Param("choice", yes_no(("Agree", "Refuse"))),)),))
        if kind == "order":
            text, spec = self.order_prompt(top)
            return Prompt(seat, text, (spec,))
        if kind == "settle":
            text, params = self.dispose_prompt_params(top)
            return Prompt(seat, text, (ActionSpec("dispose", "Dispose of defunct shares",
                                                  params),))
        if kind == "accept":
            text, spec = self.nominee_prompt(top)
            return Prompt(seat, text, (spec,))
        if kind == "vote":
            if top.get("asked") is None:
                text, ballot = self.ballot_specs(top)
                return Prompt(seat, text, ballot)
            text, spec = self.vote_prompt(top, seat)
            return Prompt(seat, text, (spec,))
        if kind == "occupy":
            text, spec = self.occupy_prompt(top)
            return Prompt(seat, text, (spec,))
        if kind == "engage":
            text, fight = self.engage_prompt(top)
            return Prompt(seat, text, tuple(fight))
        if kind == "defend":
            text, spec = self.defend_prompt(top)
            return Prompt(seat, text, (spec,))
        if kind == "deploy":
            text, spec = self.deploy_prompt(top)
            return Prompt(seat, text, (spec,))
        if kind == "fire":
            text, spec = self.fire_prompt(top)
            return Prompt(seat, text, (spec,))
        text, specs = self.restructure_prompt(top)
        return Prompt(seat, text, tuple(specs))

    def _auto(self, top: dict[str, Any], rng: Rng) -> list[Event] | None:
        """Resolve a decision that needs nobody, or that has exactly one option."""
        kind = top["kind"]
        if kind == "settle":
            if Settlement.from_json(top["settlement"]).awaiting() is None:
                self.stack.pop()
                return []
            return None
        if kind == "deploy":
            own = self.board.territories_of(top["corporation"])
            if len(own) == 1:
                return self.deploy(top["seat"], top, own[0], None)
            return None
        if kind == "fire":
            if self.fire_forced(top):
                spare = self.spare_teams(top["corporation"])
                events: list[Event] = []
                for territory in spare:
                    if top["left"]:
                        events += self.fire(top["seat"], top, territory, None)
                return events
            return None
        if kind == "restructure":
            if top["left"] <= 0 or not self.restructure_moves(top["corporation"]):
                self.stack.pop()
                return [public("restructured_done", f"{top['corporation']} has restructured.",
                               corporation=top["corporation"])]
            return None
        return None

    # ===================================================================
    # Checking and normalising input
    # ===================================================================

    def _check(self, seat: Seat, action: str, params: dict[str, Any]) -> Any:
        """Read forgiving input into the exact values the prompts list ("kamchatka",
        "e. africa", "cont", "3"), then the base checks; every action that changes the
        game is followed by everything automatic up to the next decision."""
        self._normalise(action, params)
        try:
            handler = super()._check(seat, action, params)
        except NotAllowed:
            self._explain(seat, action, params)
            raise
        if action in self.queries:
            return handler

        def run(seat: Seat, rng: Rng, **kwargs: Any) -> list[Event]:
            if (action not in self.free_actions and self.cycle_phase == ACTIVITY
                    and seat == self.current):
                self.active["begun"] = True  # the beginning of the turn is past
            events: list[Event] = handler(seat, rng, **kwargs)
            return events + self._advance(rng)

        return run

    def _explain(self, seat: Seat, action: str, params: dict[str, Any]) -> None:
        """Refuse an unoffered choice with the rule's reason, from the seat's own view."""
        prompt = None if self.finished else self.prompts().get(seat)
        if prompt is None:
            return
        if prompt.action(action) is None and not (
                action in ("attack", "blitz") and prompt.action("announce")):
            return
        if action == "earnings" and params.get("choice") == "downsize" and params.get(
                "corporation") in self.corporations:
            self.check_downsize(params["corporation"])
        source, target = params.get("from_territory"), params.get("to_territory")
        if action in ("attack", "blitz", "announce") and source and target and not self.stack:
            self._attack_source(seat, source, target)
            if action != "announce" and self.unrolled(target):
                raise NotAllowed(f"Announce the attack on the Mom & Pop in {target} first: "
                                 "it rolls for its security teams before you choose your "
                                 "dice.")
        territory = params.get("territory")
        if action == "place" and territory and self.stage == PLACE and not self.stack:
            if not self.board.is_empty(territory):
                raise NotAllowed(f"{territory} is not empty: a Mom & Pop goes only into an "
                                 "empty territory.")
            raise NotAllowed(f"You hold no card for {territory} (and no wild card).")

    def _normalise(self, action: str, params: dict[str, Any]) -> None:
        for name, value in list(params.items()):
            if value is None:
                continue
            if name in TERRITORY_PARAMS:
                text = str(value)
                params[name] = text if text in self.map.territories else self.map.find(text)
            elif name in CHAIN_PARAMS:
                params[name] = find_chain(str(value), self.edition)
            elif name in ("nominee", "voter"):
                wanted = str(value).strip().lower()
                match = [s for s in self.seats if s.lower() == wanted]
                params[name] = match[0] if match else str(value)
            elif name == "choice":
                params[name] = self._read_choice(action, str(value))

    def _read_choice(self, action: str, value: str) -> str:
        text = value.strip().lower()
        if action == "earnings":
            found = [c for c in EARNINGS_CHOICES if c.startswith(text)] if text else []
            if text in ("dividend", "pay"):
                return "dividends"
            return found[0] if len(found) == 1 else text
        if action == "vote" and self.stack and self.stack[-1]["kind"] == "vote":
            top = self.stack[-1]
            if text == str(top["nominee"]).lower():
                return YES
            if text == str(top["incumbent"]).lower():
                return NO
        if text in YES_WORDS:
            return YES
        if text in NO_WORDS:
            return NO
        return text

    # ===================================================================
    # Shared action names, dispatched by context
    # ===================================================================

    def do_place(self, seat: Seat, rng: Rng, territory: str,
                 count: int | None = None) -> list[Event]:
        """Place a Mom & Pop (Activity Phase), or place hired security teams (Earnings)."""
        if self.stack and self.stack[-1]["kind"] == "deploy":
            return self.deploy(seat, self.stack[-1], territory, count)
        if count is not None:
            raise Unreadable("A number of security teams is given only when placing hired ones.")
        return self.place_mompop(seat, territory)

    def do_fire(self, seat: Seat, rng: Rng, territory: str,
                count: int | None = None) -> list[Event]:
        """Fire teams of the downsizing corporation in one of its territories."""
        return self.fire(seat, self.stack[-1], territory, count)

    def do_move(self, seat: Seat, rng: Rng, from_territory: str | None = None,
                to_territory: str | None = None, count: int | None = None) -> list[Event]:
        """Move security teams: into a conquered territory, a restructuring move, or a
        takeover's free move (which ends the takeover)."""
        if self.stack:
            top = self.stack[-1]
            if top["kind"] == "occupy":
                return self.occupy_move(seat, top, from_territory, to_territory, count)
            return self.restructure_move(seat, top, from_territory, to_territory, count)
        return self.free_move(seat, from_territory, to_territory, count)

    def do_pass(self, seat: Seat, rng: Rng) -> list[Event]:
        """Pass: no action, done selling, no free move, stop restructuring, or skip the
        rest of your Earnings turn - whatever the prompt offers it for."""
        if self.stack and self.stack[-1]["kind"] == "restructure":
            top = self.stack.pop()
            return [public("restructured_done", f"{top['corporation']} has restructured.",
                           corporation=top["corporation"])]
        if self.cycle_phase == EARNINGS:
            left = self.earnings_left(seat)
            self.active["earned"] += left
            return [public("earnings_passed", f"{seat} does nothing more with "
                           f"{', '.join(left)} this Earnings Phase.", seat=seat,
                           corporations=left)]
        if self.stage == SELLING:
            self.stage = DONE
            return []
        if self.stage == FREE_MOVE:
            return self._end_takeover()
        self.stage = DONE
        return [public("passed", f"{seat} passes.", seat=seat)]

    def do_defence(self, seat: Seat, rng: Rng, choice: str) -> list[Event]:
        """Your standing order as a defending CEO (a free action, public like the dice):
        `ask` each time, roll the `most` dice allowed, or roll `one`."""
        if choice not in DEFENCE_ORDERS:
            raise Unreadable(f"Defence is one of {', '.join(DEFENCE_ORDERS)}, not {choice!r}.")
        self.defence[seat] = choice
        text = {ASK: "will be asked how many dice to defend with",
                "most": "will always defend with as many dice as allowed",
                "one": "will always defend with one die"}[choice]
        return [public("defence", f"{seat} {text}.", seat=seat, choice=choice)]

    def do_declare_end(self, seat: Seat, rng: Rng) -> list[Event]:
        """Ring the Closing Bell at the beginning of your turn (when its conditions hold)."""
        sizes = self.sizes()
        biggest = max(sizes, key=lambda c: sizes[c])
        reason = (f"{seat} declares the game over ({biggest} is size {sizes[biggest]}"
                  + (")." if sizes[biggest] >= 22 else "; every corporation is size 11 or "
                     "more)."))
        return self._closing_bell(reason, declared_by=seat)

    # ===================================================================
    # In players' words (the tables are in `words`)
    # ===================================================================

    options_spec = wording.labelled(options_spec, words.OPTION_LABELS)

    def prompts(self) -> dict[Seat, Prompt]:
        """The prompts with every menu's question and label in players' words."""
        return wording.worded(super().prompts(), words.QUESTIONS, words.LABELS)

    def act(self, seat: Seat, action: str, **params: Any) -> list[Event]:
        """As every game acts; a refusal from the shared RISK rules says "security teams"."""
        try:
            return super().act(seat, action, **params)
        except RuleError as error:
            raise words.in_teams(error) from None

    def not_now(self, seat: Seat, action: str) -> str:
        return wording.not_now(self.prompts(), seat)

    def describe(self, seat: Seat) -> list[str]:
        """Your cash, shares, corporations and territory cards, in words."""
        out = [f"Cash: {money(self.ledger.cash[seat])}."]
        holdings = self.holdings(seat)
        if not holdings:
            out.append("You hold no shares.")
        for chain, h in holdings.items():
            worth = (f"{money(self.price(chain))} a share" if chain in self.corporations
                     else "not in play: worthless unless it is founded again")
            n = h["held"]
            out.append(f"{chain}: {n} share{'' if n == 1 else 's'} ({h['shown']} shown, "
                       f"{h['hidden']} hidden), {worth}.")
        led = [c for c in self.corporations if self.ceo(c) == seat]
        if led:
            out.append("You are the CEO of " + ", ".join(
                f"{c} (size {self.size(c)})" for c in led) + ".")
        hand = ", ".join(self.hands[seat]) or "none"
        cards = f"Your territory cards: {hand}."
        if seat in self.retired:
            cards += " You may no longer place Mom & Pops."
        out.append(cards)
        return out

    # ===================================================================
    # Questions (answered privately, never logged)
    # ===================================================================

    def do_portfolio(self, seat: Seat, rng: Rng) -> list[Event]:
        """Your cash, shares (shown and hidden) and territory cards, privately."""
        hand = ", ".join(self.hands[seat]) or "none"
        return [private(seat, "portfolio", f"{self.holdings_text(seat)} Territory cards: "
                        f"{hand}.", cash=self.ledger.cash[seat], holdings=self.holdings(seat),
                        hand=list(self.hands[seat]))]

    def do_market(self, seat: Seat, rng: Rng) -> list[Event]:
        """The stock market table, privately: every corporation's size, price, dividend,
        CEO and the shares left in the Bank."""
        lines = []
        for row in self.market_rows():
            if row["active"]:
                shown = ", ".join(f"{s} {n}" for s, n in row["shown_by"].items()) or "none"
                lines.append(f"{row['corporation']} (tier {row['tier']}): size {row['size']}, "
                             f"{money(row['price'])} a share, dividend "
                             f"{money(row['dividend'])}, CEO {row['ceo']}, Bank "
                             f"{row['bank']}{', safe' if row['safe'] else ''}, shown: {shown}")
            else:
                lines.append(f"{row['corporation']} (tier {row['tier']}): not in play, Bank "
                             f"{row['bank']}")
        return [private(seat, "market", "Stock market: " + "; ".join(lines) + ".",
                        market=self.market_rows())]

    # ===================================================================
    # Deadline policy
    # ===================================================================

    def _default(self, seat: Seat) -> tuple[str, dict[str, Any]]:
        """What a seat that missed the deadline does now (docs: Deadline policy)."""
        if self.stack:
            kind = self.stack[-1]["kind"]
            if kind == "occupy":
                return "move", {"count": self.stack[-1]["min"]}
            if kind == "engage":
                return "attack", {}
            if kind == "order":  # D-6: alphabetically
                return "settle-first", {"corporation": self.unordered(self.stack[-1])[0]}
            if kind == "defend":
                teams = self.board.teams[self.stack[-1]["to"]]
                return "defend", {"dice": min(2, teams)}
            if kind == "vote":
                top = self.stack[-1]
                if top.get("asked") is not None:
                    return "vote", {"choice": NO}
                left = self.voters_left(top)
                return ("ballot", {"voter": left[0]}) if left else ("count-votes", {})
            if kind == "fire":
                spare = self.spare_teams(self.stack[-1]["corporation"])
                return "fire", {"territory": max(spare, key=lambda t: spare[t])}
            if kind == "deploy":
                chain = self.stack[-1]["corporation"]
                tower = self.corporations[chain]["tower"]
                return "place", {"territory": tower}
            policy = {"consent": ("consent", {"choice": NO}), "settle": ("dispose", {}),
                      "accept": ("accept", {"choice": NO}),
                      "restructure": ("pass", {})}
            return policy[kind]
        if self.cycle_phase == EARNINGS:
            return "pass", {}
        if self.stage == PLACE:
            return "place", {"territory": sorted(self.placeable(seat))[0]}
        if self.stage == RESULT:
            return "leave", {}
        if self.stage == ATTACKING:
            return "end-attacks", {}
        return "pass", {}

    def _context(self) -> tuple[int, str, int]:
        return self.turn, self.cycle_phase, self.index

    def timeout_actions(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        """The awaited seat's defaults, up to the end of its turn or its decision: it
        places in the alphabetically first territory it can, leaves the Mom & Pop as it
        is and passes its action; ends attacks without a free move; moves the fewest teams
        into a conquest; places hired teams in the tower; stops restructuring; skips the
        rest of its Earnings turn; refuses a merger, keeps defunct shares, declines a
        nomination and votes against."""
        if self.finished:
            return []
        clone = type(self).from_state(self.state())
        assert isinstance(clone, ColdCashRisk)
        awaited = set(clone.prompts())
        context = clone._context()
        plan: list[tuple[Seat, str, dict[str, Any]]] = []
        for _ in range(20):
            prompts = clone.prompts()
            if len(prompts) != 1 or clone._context() != context:
                break
            seat = next(iter(prompts))
            if seat not in awaited:
                break
            action, params = clone._default(seat)
            try:
                clone.act(seat, action, **params)
            except RuleError:  # pragma: no cover - every default is a prompted choice
                break
            plan.append((seat, action, params))
            if clone.finished:
                break
        return plan

    # ===================================================================
    # Views
    # ===================================================================

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        seat = self.current
        if self.stack:
            top = self.stack[-1]
            return (f"turn {self.turn}: {self.cycle_phase}, waiting for "
                    f"{self.decision_seat(top)} ({top['kind']})")
        return f"turn {self.turn}: {self.cycle_phase} ({seat}, {self.stage})"

    def market_rows(self) -> list[dict[str, Any]]:
        """One row per corporation of the edition, for the market table."""
        rows = []
        for chain in self.chains:
            active = chain in self.corporations
            size = self.size(chain) if active else None
            price = self.price(chain) if active else None
            rows.append({
                "corporation": chain, "tier": tier_of(chain, self.edition),
                "colour": COLOURS.get(chain, "grey"), "active": active, "size": size,
                "price": price, "dividend": dividend(price) if price else None,
                "bank": self.ledger.bank[chain],
                "ceo": self.ceo(chain) if active else None,
                "tower": self.corporations[chain]["tower"] if active else None,
                "territories": len(self.board.territories_of(chain)) if active else 0,
                "teams": self.board.teams_of(chain) if active else 0,
                "safe": bool(size and size >= SAFE_SIZE),
                # Shown shares are on the table for all to see (rulebook, "Secrecy": you
                # may keep shares hidden "if you do not want to reveal" them).
                "shown_by": {s: self.shown_of(s, chain) for s in self.seats
                             if self.shown_of(s, chain)},
            })
        return rows

    def pending_public(self) -> dict[str, Any] | None:
        """The decision being awaited, as everyone may know it."""
        if not self.stack:
            return None
        top = self.stack[-1]
        kind = top["kind"]
        info: dict[str, Any] = {"kind": kind, "seat": self.decision_seat(top)}
        if kind == "order":
            info.update(survivor=top["survivor"], sizes=dict(top["sizes"]),
                        ranked=list(top["ranked"]), tied=self.unordered(top))
        elif kind == "consent":
            info.update(placer=top["placer"], territory=top["territory"],
                        survivor=top["survivor"], defunct=list(top["defunct"]),
                        agreed=list(top["agreed"]), waiting=list(top["waiting"]))
        elif kind == "settle":
            settlement = Settlement.from_json(top["settlement"])
            info.update(reason=top["reason"], corporation=settlement.chain,
                        survivor=settlement.survivor, maker=top["maker"],
                        trade_ratio=settlement.terms.trade_ratio)
        elif kind == "accept":
            info.update(caller=top["caller"], corporation=top["corporation"])
        elif kind == "vote":
            info.update(caller=top["caller"], corporation=top["corporation"],
                        nominee=top["nominee"], incumbent=top["incumbent"],
                        asked=top.get("asked"), left=self.voters_left(top),
                        votes=[dict(v) for v in top["votes"]])
        elif kind == "occupy":
            info.update({"from": top["from"], "to": top["to"], "min": top["min"],
                         "max": top["max"]})
        elif kind == "engage":
            info.update({"from": top["from"], "to": top["to"]})
        elif kind == "defend":
            info.update({"from": top["from"], "to": top["to"], "attacker": top["attacker"],
                         "corporation": top["corporation"], "dice": top["dice"],
                         "blitz": top["blitz"]})
        else:
            info.update(corporation=top["corporation"], left=top["left"])
        return info

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        corporations = {}
        market = self.market_rows()
        for row in market:
            chain = row["corporation"]
            if row["active"]:
                corporations[chain] = {
                    "ceo": row["ceo"], "tower": row["tower"], "size": row["size"],
                    "price": row["price"], "dividend": row["dividend"], "bank": row["bank"],
                    "territories": row["territories"], "teams": row["teams"],
                    "continents": self.board.continents_of(chain),
                    "hire": self.board.hire(chain), "safe": row["safe"],
                    "colour": row["colour"], "tier": row["tier"]}
        towers = {info["tower"] for info in self.corporations.values()}
        view: dict[str, Any] = {
            "edition": self.edition,
            "turn": self.turn,
            "part": self.cycle_phase,
            "stage": self.stage,
            "order": list(self.order),
            "current": self.current,
            "corporations": corporations,
            "market": market,
            "territories": {t: {"owner": info["owner"], "teams": info["teams"],
                                "tower": t in towers}
                            for t, info in self.board.to_json().items()},
            "mompops": self.board.mompops(),
            "empty_territories": len(self.board.empty_territories()),
            "hand_sizes": {s: len(self.hands[s]) for s in self.seats},
            "deck": len(self.deck),
            "discards": len(self.deck.discards),
            "retired": list(self.retired),
            "opening": dict(self.opening),
            "closing_bell": self.closing_conditions(),
            "ending": self.options["ending"],
            "placed": self.active.get("placed"),
            "takeover": self.active.get("corporation"),
            "pending": self.pending_public(),
            "last_battle": self.last_battle,
            "defence": dict(self.defence),
            "results": self.results,
        }
        if seat is not None:
            view["you"] = seat
            view["cash"] = self.ledger.cash[seat]
            view["holdings"] = self.holdings(seat)
            view["hand"] = list(self.hands[seat])
            view["placeable"] = (self.placeable(seat) if seat == self.current
                                 and self.stage == PLACE and not self.stack else [])
        return view

    # ===================================================================
    # State
    # ===================================================================

    def _dump(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "turn": self.turn,
            "phase": self.cycle_phase,
            "order": list(self.order),
            "index": self.index,
            "stage": self.stage,
            "active": _copy(self.active),
            "board": self.board.to_json(),
            "corporations": {c: dict(i) for c, i in self.corporations.items()},
            "ledger": self.ledger.to_json(),
            "shown": {s: dict(h) for s, h in self.shown.items()},
            "hands": {s: list(h) for s, h in self.hands.items()},
            "draw_pile": list(self.deck.pile),
            "discards": list(self.deck.discards),
            "retired": list(self.retired),
            "stack": [_copy(e) for e in self.stack],
            "opening": dict(self.opening),
            "last_battle": _copy(self.last_battle),
            "results": _copy(self.results),
            "defence": dict(self.defence),
        }

    def _restore(self, data: dict[str, Any]) -> None:
        try:
            self.edition = str(data["edition"])
            self.turn = int(data["turn"])
            self.cycle_phase = str(data["phase"])
            self.order = list(data["order"])
            self.index = int(data["index"])
            self.stage = str(data["stage"])
            self.active = dict(data["active"])
            self.board = Board.from_json(self.map, dict(data["board"]))
            self.corporations = {str(c): dict(i) for c, i in data["corporations"].items()}
            self.ledger = Ledger.from_json(dict(data["ledger"]))
            self.shown = {s: {c: int(n) for c, n in h.items()}
                          for s, h in data["shown"].items()}
            self.hands = {s: list(h) for s, h in data["hands"].items()}
            self.deck = Deck("territory cards", list(data["draw_pile"]),
                             list(data["discards"]))
            self.retired = list(data["retired"])
            self.stack = [_upgrade(dict(e)) for e in data["stack"]]
            self.opening = dict(data["opening"])
            self.last_battle = data.get("last_battle")
            self.results = data.get("results")
            self.defence = {s: str(data.get("defence", {}).get(s, ASK)) for s in self.seats}
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise Unreadable(f"This Cold Cash Risk state is incomplete: {exc!r}") from None
        self._check_loaded()

    def _check_loaded(self) -> None:
        """Refuse an imported state that breaks the game's invariants."""
        chains = set(self.chains)
        if self.cycle_phase not in (ACTIVITY, EARNINGS) or self.stage not in STAGES:
            raise Unreadable(f"Unknown phase or stage {self.cycle_phase!r}/{self.stage!r}.")
        if sorted(self.order) != sorted(self.seats) or set(self.hands) != set(self.seats):
            raise Unreadable("The turn order and the hands must name exactly the seats.")
        for chain, info in self.corporations.items():
            if chain not in chains:
                raise Unreadable(f"{chain} is not a corporation of the {self.edition} edition.")
            if info.get("ceo") not in self.seats:
                raise Unreadable(f"{chain}'s CEO {info.get('ceo')!r} is not a seat.")
            if self.board.owner(info.get("tower", "")) != chain:
                raise Unreadable(f"{chain}'s tower must stand in one of its territories.")
        for t, owner in self.board.owners.items():
            if owner != "Mom & Pop" and owner not in self.corporations:
                raise Unreadable(f"{t} is held by {owner}, which is not in play.")
        for chain in self.chains:
            total = self.ledger.bank.get(chain, 0) + sum(
                self.ledger.held(s, chain) for s in self.seats)
            if total != 25:
                raise Unreadable(f"{chain} shares must add up to 25, not {total}.")
            for s in self.seats:
                if not 0 <= self.shown_of(s, chain) <= self.ledger.held(s, chain):
                    raise Unreadable(f"{s} shows more {chain} shares than held.")
        for kind in (e.get("kind") for e in self.stack):
            if kind not in DECISIONS:
                raise Unreadable(f"Unknown pending decision {kind!r}.")
        if len(self.corporations) > 6:
            raise Unreadable("At most 6 corporations are in play.")


def _upgrade(entry: dict[str, Any]) -> dict[str, Any]:
    """A vote saved before the caller ordered the ballots (a fixed `roll`) goes on with
    the next stockholder of that roll asked."""
    if entry.get("kind") == "vote" and "roll" in entry:
        roll = entry.pop("roll")
        done = len(entry["votes"])
        entry["asked"] = roll[done] if done < len(roll) else None
    return entry


def _copy(value: Any) -> Any:
    """A deep copy of plain JSON data."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
