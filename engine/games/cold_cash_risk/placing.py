"""Place a Mom & Pop, and what it allows: found a corporation, let one absorb it, let the
corporations around it merge (with every CEO's consent, CCR-7), or leave it as it is.

Rulebook, "Place a Mom & Pop" to "Nothing Interesting". A merger follows Acquire through
`engine.acquire.merger`: the largest corporation survives (the placer breaks ties), the
defunct ones are settled largest first, a safe corporation (11 or more) is never merged.
"""

from __future__ import annotations

from typing import Any

from engine.acquire.chart import Chain
from engine.acquire.chart import tier as chart_tier
from engine.acquire.ledger import money
from engine.acquire.merger import ACQUIRE_TERMS, MergerPlan, plan_merger, turn_order_from
from engine.errors import NotAllowed
from engine.events import Event, Seat, public
from engine.game import ActionSpec, Choice, Param
from engine.games.cold_cash_risk.base import (
    ACTION,
    MERGING,
    PLACE,
    RESULT,
    CCRBase,
    is_wild,
    plural,
)
from engine.games.cold_cash_risk.board import MOMPOP
from engine.games.cold_cash_risk.market import FOUNDING_TEAMS, MAX_CORPORATIONS, SAFE_SIZE
from engine.risk.map import Territory
from engine.rng import Rng

YES, NO = "yes", "no"


def yes_no(labels: tuple[str, str] = ("Yes", "No")) -> tuple[Choice, ...]:
    return (Choice(YES, labels[0]), Choice(NO, labels[1]))


class Placing(CCRBase):
    """Placing Mom & Pops and their results."""

    # ----- what is possible ---------------------------------------------

    def foundable(self) -> list[Chain]:
        """Corporations not in play that may be founded (fewer than 6 are active)."""
        if len(self.corporations) >= MAX_CORPORATIONS:
            return []
        return [c for c in self.chains if c not in self.corporations]

    def placed(self) -> Territory:
        territory: Territory = self.active["placed"]
        return territory

    def merger_sizes(self) -> dict[Chain, int]:
        """The sizes of the corporations bordering the placed Mom & Pop (which is not
        counted: "The merging tile itself is not counted")."""
        return {c: self.size(c) for c in self.board.neighbouring_owners(self.placed())}

    def merge_possible(self) -> bool:
        sizes = sorted(self.merger_sizes().values(), reverse=True)
        # Only the largest may be safe: a second safe one could never be absorbed.
        return len(sizes) >= 2 and sizes[1] < SAFE_SIZE and not self.active["merge_refused"]

    def result_options(self) -> list[str]:
        """found / absorb / merge, as far as the placed Mom & Pop allows them."""
        if self.active["placed"] is None or self.active["merge_refused"]:
            return []
        options = []
        if self.foundable():
            options.append("found")
        if self.board.neighbouring_owners(self.placed()):
            options.append("absorb")
        if self.merge_possible():
            options.append("merge")
        return options

    # ----- prompts -------------------------------------------------------

    def place_spec(self, seat: Seat) -> ActionSpec:
        where = self.placeable(seat)
        return ActionSpec("place", "Place a Mom & Pop", (
            Param("territory", tuple(Choice(t) for t in where)),))

    def place_text(self, seat: Seat) -> str:
        hand = self.hands[seat]
        named = [c for c in hand if not is_wild(c) and self.usable(c)]
        wild = any(is_wild(c) for c in hand)
        text = "Place a Mom & Pop"
        if named:
            text += f" with a card for {', '.join(named)}"
        if wild:
            text += (" or" if named else "") + " with your wild card in any empty territory"
        return text + "."

    def result_specs(self) -> list[ActionSpec]:
        options = self.result_options()
        specs: list[ActionSpec] = []
        if "found" in options:
            specs.append(ActionSpec("found", "Found a new corporation", (
                Param("corporation", tuple(Choice(c, f"{c} (tier {self.tier(c)})")
                                           for c in self.foundable())),)))
        if "absorb" in options:
            specs.append(ActionSpec("absorb", "Let a corporation absorb it", (
                Param("corporation", tuple(Choice(c) for c in
                                           self.board.neighbouring_owners(self.placed()))),)))
        if "merge" in options:
            sizes = self.merger_sizes()
            largest = max(sizes.values())
            tied = [c for c in sizes if sizes[c] == largest]
            # `survivor` is optional: without it, a tie is refused as Ambiguous, with the
            # tied corporations as candidates (the cog offers them in a menu).
            params = [Param("survivor", tuple(Choice(c, f"{c} (size {sizes[c]})")
                                              for c in tied), required=False)]
            # `first`: which of several equal-sized defunct corporations is settled first.
            equal = [c for c in sizes if list(sizes.values()).count(sizes[c]) > 1]
            if len(equal) > (2 if len(tied) == 2 else 1):
                params.append(Param("first", tuple(Choice(c) for c in equal), required=False))
            specs.append(ActionSpec("merge", "Let the corporations merge", tuple(params)))
        specs.append(ActionSpec("leave", "Leave it as it is"))
        return specs

    def tier(self, chain: Chain) -> int:
        return chart_tier(chain, self.edition)

    # ----- actions -------------------------------------------------------

    def place_mompop(self, seat: Seat, territory: Territory) -> list[Event]:
        """Play a card: its territory, or a wild card for any empty territory."""
        if self.stage != PLACE or territory not in self.placeable(seat):
            raise NotAllowed(f"You can't place a Mom & Pop in {territory}.")  # pragma: no cover
        hand = self.hands[seat]
        card = territory if territory in hand else next(c for c in hand if is_wild(c))
        hand.remove(card)
        self.deck.discard(card)
        self.board.put(territory, MOMPOP, 0)
        self.active["placed"] = territory
        self.stage = RESULT
        how = " with a wild card" if is_wild(card) else ""
        events = [public("placed", f"{seat} places a Mom & Pop in {territory}{how}.",
                         seat=seat, territory=territory, wild=is_wild(card))]
        if not self.result_options():
            events.append(public("nothing_interesting", f"The Mom & Pop in {territory} "
                                 "stays as it is: nothing to found, absorb or merge.",
                                 territory=territory))
        return events

    def do_found(self, seat: Seat, rng: Rng, corporation: str) -> list[Event]:
        """Found a new corporation at the placed Mom & Pop: its tower, 3 security teams,
        every Mom & Pop contiguous with it absorbed (1 team each; option `founding`: the
        whole chain of Mom & Pops, or only those adjacent to the tower), 1 free share."""
        chain = corporation
        if chain not in self.foundable():
            raise NotAllowed(f"{chain} can't be founded now.")  # pragma: no cover
        where = self.placed()
        self.board.put(where, chain, FOUNDING_TEAMS)
        self.corporations[chain] = {"ceo": seat, "tower": where}
        absorbed = (self.board.connected_mompops(where)
                    if self.options["founding"] == "chain"
                    else self.board.neighbouring_mompops(where))
        for t in absorbed:
            self.board.put(t, chain, 1)
        free = self.ledger.grant(seat, chain, 1)
        self._receive(seat, chain, free)
        self.stage = ACTION
        size = self.size(chain)
        text = (f"{seat} founds {chain} in {where}: its tower and {FOUNDING_TEAMS} security "
                f"teams")
        if absorbed:
            text += f"; it absorbs the Mom & Pop{'s' if len(absorbed) > 1 else ''} in " \
                    f"{', '.join(absorbed)}"
        text += (f". {seat} is its CEO. {chain} is size {size} "
                 f"({money(self.price(chain))} a share). ")
        text += (f"{seat} takes the founder's free share; the Bank has "
                 f"{self.ledger.bank[chain]} {chain} left." if free else
                 f"The Bank has no {chain} share left for the founder.")
        return [public("founded", text, seat=seat, corporation=chain, territory=where,
                       absorbed=absorbed, size=size, free_share=free,
                       bank=self.ledger.bank[chain]),
                self.holdings_event(seat, f"You founded {chain}.")]

    def do_absorb(self, seat: Seat, rng: Rng, corporation: str) -> list[Event]:
        """A bordering corporation absorbs the placed Mom & Pop (1 security team)."""
        chain = corporation
        where = self.placed()
        if chain not in self.board.neighbouring_owners(where):
            raise NotAllowed(f"{chain} does not border {where}.")  # pragma: no cover
        self.board.put(where, chain, 1)
        self.stage = ACTION
        return [public("absorbed", f"{chain} absorbs the Mom & Pop in {where} (1 security "
                       f"team). {chain} is size {self.size(chain)}.", seat=seat,
                       corporation=chain, territory=where, size=self.size(chain))]

    def do_leave(self, seat: Seat, rng: Rng) -> list[Event]:
        """Nothing Interesting: the Mom & Pop stays as it is."""
        self.stage = ACTION
        return [public("left", f"{seat} leaves the Mom & Pop in {self.placed()} as it is.",
                       seat=seat, territory=self.placed())]

    def do_merge(self, seat: Seat, rng: Rng, survivor: str | None = None,
                 first: str | None = None) -> list[Event]:
        """Propose that every corporation bordering the placed Mom & Pop merge; the CEOs
        of the corporations involved must agree (CCR-7). The placer orders every tie of
        equal-sized defunct corporations (`first`, then `settle-first` for the rest)."""
        if not self.merge_possible():
            raise NotAllowed("These corporations can't merge.")  # pragma: no cover
        sizes = self.merger_sizes()
        plan = plan_merger(sizes, survivor=survivor, order=sorted(sizes), safe_size=SAFE_SIZE)
        ranked = [first] if first else []
        self.stage = MERGING
        entry: dict[str, Any] = {"kind": "order", "seat": seat, "survivor": plan.survivor,
                                 "sizes": sizes, "ranked": ranked}
        if not self.unordered(entry):
            return self._propose(seat, plan.survivor, sizes, ranked)
        self.stack.append(entry)
        return [public("merger_ordering",
                       f"{seat} proposes to merge the corporations around the Mom & Pop in "
                       f"{self.placed()} into {plan.survivor}, and first orders the "
                       "equal-sized ones for their settlement.", seat=seat,
                       survivor=plan.survivor, sizes=dict(sizes))]

    def unordered(self, entry: dict[str, Any]) -> list[Chain]:
        """The largest equal-sized defunct corporations whose settling order the placer
        has not given yet (when two or more are left), else []."""
        sizes: dict[Chain, int] = entry["sizes"]
        ranked = set(entry["ranked"])
        defunct = [c for c in sorted(sizes) if c != entry["survivor"]]
        for size in sorted({sizes[c] for c in defunct}, reverse=True):
            left = [c for c in defunct if sizes[c] == size and c not in ranked]
            if len(left) > 1:
                return left
        return []

    def order_prompt(self, entry: dict[str, Any]) -> tuple[str, ActionSpec]:
        tied = self.unordered(entry)
        size = entry["sizes"][tied[0]]
        return (f"{' and '.join(tied)} are the same size ({size}): which is settled first?",
                ActionSpec("settle-first", "Settle first", (
                    Param("corporation", tuple(Choice(c) for c in tied)),)))

    def do_settle_first(self, seat: Seat, rng: Rng, corporation: str) -> list[Event]:
        """Multiple Mergers (Acquire): the placer decides the order of equal-sized
        defunct corporations, one pick at a time."""
        entry = self.stack[-1]
        entry["ranked"].append(corporation)
        events = [public("settle_order", f"{seat} settles {corporation} before the others "
                         f"of size {entry['sizes'][corporation]}.", seat=seat,
                         corporation=corporation)]
        if self.unordered(entry):
            return events
        self.stack.pop()
        return events + self._propose(seat, entry["survivor"], entry["sizes"],
                                      entry["ranked"])

    def _propose(self, seat: Seat, survivor: Chain, sizes: dict[Chain, int],
                 ranked: list[Chain]) -> list[Event]:
        """The merger as ordered, proposed to every other CEO involved."""
        order = list(ranked) + [c for c in sorted(sizes) if c not in ranked]
        plan = plan_merger(sizes, survivor=survivor, order=order, safe_size=SAFE_SIZE)
        where = self.placed()
        involved = [plan.survivor, *plan.defunct]
        ceos = {self.ceo(c) for c in involved} - {seat}
        asked = [s for s in turn_order_from(self.seats, seat) if s in ceos]
        entry: dict[str, Any] = {
            "kind": "consent", "seat": asked[0] if asked else None, "waiting": asked,
            "agreed": [], "placer": seat, "territory": where, "survivor": plan.survivor,
            "defunct": list(plan.defunct), "sizes": dict(sizes)}
        names = ", ".join(f"{c} (size {sizes[c]})" for c in plan.defunct)
        text = (f"{seat} proposes to merge {names} into {plan.survivor} (size "
                f"{sizes[plan.survivor]}) through the Mom & Pop in {where}.")
        text += (f" Every CEO involved must agree: asking {', '.join(asked)}." if asked
                 else f" {seat} is the CEO of every corporation involved.")
        events = [public("merger_proposed", text, seat=seat, territory=where,
                         survivor=plan.survivor, defunct=list(plan.defunct), sizes=dict(sizes),
                         asked=list(asked))]
        self.stage = MERGING
        if not asked:
            return events + self.execute_merger(entry)
        self.stack.append(entry)
        return events

    def do_consent(self, seat: Seat, rng: Rng, choice: str) -> list[Event]:
        """A CEO agrees to the proposed merger, or refuses it (CCR-7)."""
        entry = self.stack[-1]
        if choice == NO:
            self.stack.pop()
            self.active["merge_refused"] = True
            self.stage = ACTION
            return [public("merger_refused",
                           f"{seat} refuses the merger: the Mom & Pop in {entry['territory']} "
                           "must remain a Mom & Pop.", seat=seat,
                           territory=entry["territory"])]
        entry["agreed"].append(seat)
        entry["waiting"].pop(0)
        events = [public("consent", f"{seat} agrees to the merger.", seat=seat)]
        if entry["waiting"]:
            entry["seat"] = entry["waiting"][0]
            return events
        self.stack.pop()
        return events + self.execute_merger(entry)

    def execute_merger(self, entry: dict[str, Any]) -> list[Event]:
        """The survivor takes the Mom & Pop (1 team) and every defunct corporation's
        territories and teams; defunct towers are removed; then Acquire's settlement."""
        survivor: Chain = entry["survivor"]
        defunct: list[Chain] = list(entry["defunct"])
        where: Territory = entry["territory"]
        self.board.put(where, survivor, 1)
        for chain in defunct:
            self.board.transfer(chain, survivor)
            del self.corporations[chain]
        size = self.size(survivor)
        held = plural(len(self.board.territories_of(survivor)), "territory", "territories")
        one = len(defunct) == 1
        events = [public("merged",
                         f"{', '.join(defunct)} merge{'s' if one else ''} into {survivor}: "
                         f"{'its' if one else 'their'} security teams are {survivor}'s now "
                         f"and {'its tower is' if one else 'their towers are'} removed. "
                         f"{survivor} is size {size} ({held}).",
                         survivor=survivor, defunct=defunct, territory=where, size=size)]
        plan = MergerPlan(survivor, tuple(defunct))
        events += self._begin_settlement(plan, entry["sizes"], entry["placer"], ACQUIRE_TERMS,
                                         "merger")
        return events
