"""The Earnings Phase: for each corporation a CEO controls, one of restructure (1 to 3
free moves), hire security (CCR-4), pay dividends (10% of the price per shown share) or
downsize (fire as many teams as hiring would give, and pay double dividends).

Hired teams go where the CEO says: all into `territory` if given, otherwise a pending
`place` decision lets the CEO spread them (`place territory count`). Fired teams are
taken from `territory` first if given, then from the largest stacks, and never leave a
territory without a team (a corporation's territory is never empty).
"""

from __future__ import annotations

from typing import Any

from engine.acquire.chart import Chain
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, public
from engine.game import ActionSpec, Choice, Param
from engine.games.cold_cash_risk.base import CCRBase, plural
from engine.games.cold_cash_risk.stock import counts
from engine.risk.map import Territory
from engine.risk.rules import check_fortify, fortify_targets
from engine.rng import Rng

RESTRUCTURE, HIRE, DIVIDENDS, DOWNSIZE = "restructure", "hire", "dividends", "downsize"
EARNINGS_CHOICES = (RESTRUCTURE, HIRE, DIVIDENDS, DOWNSIZE)
RESTRUCTURE_MOVES = 3


class Earnings(CCRBase):
    """earnings, and the decisions it may leave: place (hired teams), move (restructure)."""

    def restructure_moves(self, chain: Chain) -> dict[Territory, list[Territory]]:
        own = self.board.territories_of(chain)
        through = self.options["free_move"] == "chain"
        result: dict[Territory, list[Territory]] = {}
        for t in own:
            if self.board.teams.get(t, 0) >= 2:
                targets = sorted(fortify_targets(self.map, t, own, through_own=through))
                if targets:
                    result[t] = targets
        return result

    # ----- prompts -------------------------------------------------------

    def earnings_spec(self, seat: Seat) -> ActionSpec:
        left = self.earnings_left(seat)
        own = sorted({t for c in left for t in self.board.territories_of(c)})
        most = max((self.board.teams.get(t, 0) for t in own), default=1)
        labels = {RESTRUCTURE: "Restructure: 1 to 3 free moves",
                  HIRE: "Hire security", DIVIDENDS: "Pay dividends",
                  DOWNSIZE: "Downsize: fire teams, double dividends"}
        territory_choices = tuple(Choice(t) for t in own)
        return ActionSpec("earnings", "Run a corporation", (
            Param("corporation", tuple(Choice(c, self.earnings_label(c)) for c in left)),
            Param("choice", tuple(Choice(c, labels[c]) for c in EARNINGS_CHOICES
                                  if c != DOWNSIZE or any(map(self.can_downsize, left)))),
            Param("territory", territory_choices, required=False),
            Param("from_territory", territory_choices, required=False),
            Param("to_territory", territory_choices, required=False),
            Param("count", counts(1, max(1, most - 1)), required=False, kind="int")))

    def earnings_label(self, chain: Chain) -> str:
        return (f"{chain} (size {self.size(chain)}, hires {self.board.hire(chain)}, "
                f"${self.price(chain) // 10} a share)")

    def deploy_prompt(self, entry: dict[str, Any]) -> tuple[str, ActionSpec]:
        chain = entry["corporation"]
        own = self.board.territories_of(chain)
        return (f"Place {plural(entry['left'], 'new security team')} of {chain} in its "
                "territories.", ActionSpec("place", "Place hired teams", (
                    Param("territory", tuple(Choice(t) for t in own)),
                    Param("count", counts(1, entry["left"]), required=False, kind="int"))))

    def restructure_prompt(self, entry: dict[str, Any]) -> tuple[str, list[ActionSpec]]:
        chain = entry["corporation"]
        moves = self.restructure_moves(chain)
        sources = list(moves)
        targets = sorted({t for ts in moves.values() for t in ts})
        most = max(self.board.teams[s] for s in sources)
        return (f"Restructure {chain}: {plural(entry['left'], 'free move')} left.", [
            ActionSpec("move", "Free move", (
                Param("from_territory", tuple(Choice(s, f"{s} ({self.board.teams[s]})")
                                              for s in sources)),
                Param("to_territory", tuple(Choice(t) for t in targets)),
                Param("count", counts(1, most - 1), kind="int"))),
            ActionSpec("pass", "Stop restructuring")])

    # ----- the action ----------------------------------------------------

    def do_earnings(self, seat: Seat, rng: Rng, corporation: str, choice: str,
                    territory: str | None = None, from_territory: str | None = None,
                    to_territory: str | None = None, count: int | None = None) -> list[Event]:
        """One earnings action for one corporation you are CEO of."""
        chain = corporation
        if chain not in self.earnings_left(seat):
            raise NotAllowed(f"{chain} is not yours to run now.")  # pragma: no cover
        own = self.board.territories_of(chain)
        if territory is not None and territory not in own:
            raise NotAllowed(f"{territory} is not {chain}'s.")
        self.active["earned"].append(chain)
        if choice == RESTRUCTURE:
            entry = {"kind": "restructure", "seat": seat, "corporation": chain,
                     "left": RESTRUCTURE_MOVES}
            self.stack.append(entry)
            events = [public("restructuring", f"{seat} restructures {chain} (up to "
                             f"{RESTRUCTURE_MOVES} free moves).", seat=seat, corporation=chain)]
            if from_territory is not None or to_territory is not None:
                events += self.restructure_move(seat, entry, from_territory, to_territory,
                                                count)
            return events
        if choice == HIRE:
            return self.hire(seat, chain, territory)
        if choice == DIVIDENDS:
            return [public("paying", f"{seat} pays dividends from {chain}.", seat=seat,
                           corporation=chain)] + self._pay_dividends(chain, 1)
        return self.downsize(seat, chain, territory)

    def hire(self, seat: Seat, chain: Chain, territory: Territory | None) -> list[Event]:
        """CCR-4: territories // 3 + continent bonuses."""
        n = self.board.hire(chain)
        own = self.board.territories_of(chain)
        events = [public("hired", f"{chain} hires {plural(n, 'security team')} "
                         f"(one for every 3 of its {len(own)} territories"
                         + (f", plus the bonus for holding {', '.join(self.board.continents_of(chain))}"
                            if self.board.continents_of(chain) else "") + ").",
                         corporation=chain, teams=n, seat=seat)]
        if n == 0:
            return events
        if territory is None and len(own) == 1:
            territory = own[0]
        if territory is not None:
            return events + self._deploy(chain, territory, n)
        self.stack.append({"kind": "deploy", "seat": seat, "corporation": chain, "left": n})
        return events

    def _deploy(self, chain: Chain, territory: Territory, count: int) -> list[Event]:
        self.board.add_teams(territory, count)
        return [public("deployed", f"{chain} places {plural(count, 'security team')} in "
                       f"{territory} ({self.board.teams[territory]} there now).",
                       corporation=chain, territory=territory, count=count)]

    def deploy(self, seat: Seat, entry: dict[str, Any], territory: Territory,
               count: int | None) -> list[Event]:
        chain = entry["corporation"]
        n = entry["left"] if count is None else count
        if territory not in self.board.territories_of(chain):
            raise NotAllowed(f"{territory} is not {chain}'s.")  # pragma: no cover
        if not 1 <= n <= entry["left"]:
            raise NotAllowed(f"Place 1 to {entry['left']} teams.")
        entry["left"] -= n
        if entry["left"] == 0:
            self.stack.pop()
        return self._deploy(chain, territory, n)

    def can_downsize(self, chain: Chain) -> bool:
        """It has as many teams to spare as hiring would give (every territory keeps one)."""
        return sum(self.spare_teams(chain).values()) >= self.board.hire(chain)

    def check_downsize(self, chain: Chain) -> None:
        if not self.can_downsize(chain):
            n, spare = self.board.hire(chain), sum(self.spare_teams(chain).values())
            raise NotAllowed(f"{chain} can't downsize: it would have to fire "
                             f"{plural(n, 'team')} and only {spare} can go (every territory "
                             "keeps a team).")

    def spare_teams(self, chain: Chain) -> dict[Territory, int]:
        """Teams that may be fired, by territory: all but the one each territory keeps."""
        teams = self.board.teams
        return {t: teams[t] - 1 for t in self.board.territories_of(chain) if teams[t] > 1}

    def downsize(self, seat: Seat, chain: Chain, territory: Territory | None) -> list[Event]:
        """Downsize: "remove that number of teams instead" - exactly as many as hiring
        would give, the CEO choosing where (all from `territory` if it has them, otherwise
        the pending `fire`); refused when the corporation has fewer teams to spare, since a
        territory always keeps a team (D-16). Then the double dividends."""
        self.check_downsize(chain)
        n = self.board.hire(chain)
        events = [public("downsized", f"{seat} downsizes {chain}: "
                         f"{plural(n, 'security team')} to fire (as many as hiring would "
                         "give), and double dividends.", seat=seat, corporation=chain,
                         due=n)]
        events += self._pay_dividends(chain, 2)
        entry = {"kind": "fire", "seat": seat, "corporation": chain, "left": n}
        if n and territory is not None and territory in self.spare_teams(chain):
            events += self.fire(seat, entry, territory, min(n, self.spare_teams(chain)[territory]))
        if entry["left"]:
            self.stack.append(entry)
        return events

    def fire(self, seat: Seat, entry: dict[str, Any], territory: Territory,
             count: int | None) -> list[Event]:
        """Fire `count` teams (default: as many as may go) of the downsizing corporation
        in `territory`."""
        chain = entry["corporation"]
        spare = self.spare_teams(chain).get(territory, 0)
        n = min(entry["left"], spare) if count is None else count
        if not spare:
            raise NotAllowed(f"{territory} has no {chain} team to spare: every territory "
                             "keeps one.")
        if not 1 <= n <= min(spare, entry["left"]):
            raise NotAllowed(f"Fire 1 to {min(spare, entry['left'])} teams in {territory}.")
        self.board.teams[territory] -= n
        entry["left"] -= n
        if not entry["left"] and self.stack and self.stack[-1] is entry:
            self.stack.pop()
        return [public("fired", f"{chain} fires {plural(n, 'security team')} in {territory} "
                       f"({self.board.teams[territory]} left there).", corporation=chain,
                       territory=territory, count=n)]

    def fire_forced(self, entry: dict[str, Any]) -> bool:
        """Only one way to fire what is left: every spare team goes, or one territory
        has them all."""
        spare = self.spare_teams(entry["corporation"])
        return len(spare) == 1 or sum(spare.values()) == entry["left"]

    def fire_prompt(self, entry: dict[str, Any]) -> tuple[str, ActionSpec]:
        spare = self.spare_teams(entry["corporation"])
        return (f"Downsizing {entry['corporation']}: fire {plural(entry['left'], 'team')} "
                "(every territory keeps one).", ActionSpec("fire", "Fire security teams", (
                    Param("territory", tuple(Choice(t, f"{t} ({n} to spare)")
                                             for t, n in spare.items())),
                    Param("count", counts(1, min(entry["left"], max(spare.values()))),
                          required=False, kind="int"))))

    def restructure_move(self, seat: Seat, entry: dict[str, Any], source: str | None,
                         target: str | None, count: int | None) -> list[Event]:
        if source is None or target is None or count is None:
            raise Unreadable("A free move needs where from, where to and how many security teams.")
        chain = entry["corporation"]
        own = self.board.territories_of(chain)
        check_fortify(self.map, source, target, count, source_armies=self.board.teams[source],
                      own=own, through_own=self.options["free_move"] == "chain")
        self.board.teams[source] -= count
        self.board.teams[target] += count
        entry["left"] -= 1
        if entry["left"] == 0 and self.stack and self.stack[-1] is entry:
            self.stack.pop()
        return [public("restructured", f"{chain} moves {plural(count, 'security team')} from "
                       f"{source} to {target}.", corporation=chain, from_territory=source,
                       to_territory=target, count=count)]
