"""The phases around the plot: Develop Weapons, Final Build, Collect Income.

Develop Weapons is played in turn order and not plotted (the blocks' research rules). In
the Final Build Phase, in turn order, each power may build the units it plotted to build
but didn't, at one of its original factories, as far as its IPCs go; it may not build units
it didn't plot. Collect Income follows: the income of the territories held, less what
strategic bombing took beyond the treasury this turn (that never carries over).
"""

from __future__ import annotations

from typing import Any

from engine.aa.economy import factories_at_start, income, victory
from engine.aa.map import Area
from engine.aa.research import check_research, research
from engine.aa.units import (
    DEVELOPMENT_NAMES,
    POWERS,
    SHIPS,
    SIDE,
    Counts,
    Power,
    describe_units,
)
from engine.errors import NotAllowed
from engine.events import Event, Seat
from engine.games.plotted_aa.base import DEVELOP, PLOT
from engine.games.plotted_aa.execution import Execution
from engine.rng import Rng


class Turn(Execution):
    """`research`, `skip`, `final-build`, and the turn's end."""

    # ----- Develop Weapons Phase ------------------------------------------------

    def do_research(self, seat: Seat, rng: Rng, dice: int) -> list[Event]:
        self.ahead.pop(seat, None)  # answered (ahead or now): it applies to one phase
        owned = self.pos.techs_of(seat)
        price = check_research(dice, self.pos.treasury.get(seat, 0), owned)
        self.pos.treasury[seat] -= price
        result = research(rng, dice, owned)
        self.pos.techs.setdefault(seat, set()).update(result.gained)
        gained = ", ".join(DEVELOPMENT_NAMES[d] for d in result.gained) or "nothing"
        event = self.say("research", f"{seat} buys {dice} research "
                         f"{'die' if dice == 1 else 'dice'} ({price} IPCs), rolls "
                         f"{', '.join(map(str, result.rolls))}: {gained}.", power=seat,
                         rolls=list(result.rolls), gained=list(result.gained))
        return [event] + self.next_developer(rng)

    def do_skip(self, seat: Seat, rng: Rng) -> list[Event]:
        if self.stage == DEVELOP:
            self.ahead.pop(seat, None)
            return [self.say("research", f"{seat} develops no weapons this turn.",
                             power=seat)] + self.next_developer(rng)
        return [self.say("final_build", f"{seat} builds nothing more this turn.",
                         power=seat)] + self.next_final_builder(rng)

    def next_developer(self, rng: Rng) -> list[Event]:
        self.current += 1
        if self.current < len(POWERS):
            return self.settle(rng)
        self.current = 0
        self.stage = PLOT
        return [self.say("plot_phase", f"Turn {self.turn}: the Plot Phase. Every power plots "
                         "its turn in secret, then submits.", turn=self.turn)]

    # ----- Final Build Phase -------------------------------------------------------

    def original_factories(self, power: Power) -> list[Area]:
        capital = self.board.capital(power)
        held = factories_at_start(self.board, self.pos, power)
        return sorted((a for a in held if self.board.land[a].factory
                       and self.board.original_owner(a) == power),
                      key=lambda a: (a != capital, a))

    def can_final_build(self, power: Power) -> bool:
        """Whether something the power plotted and didn't build can be built now at one of
        its original factories (IPCs, capacity, sea zones, one AA gun a territory)."""
        return bool(self.unbuilt.get(power)) and any(
            self.default_final_build(power, f) for f in self.original_factories(power))

    def next_final_builder(self, rng: Rng) -> list[Event]:
        while True:
            self.current += 1
            if self.current >= len(POWERS):
                return self.collect_income() + self.settle(rng)
            if self.can_final_build(self.power):
                left = self.unbuilt[self.power]
                return [self.say("final_build", f"Final Build Phase: {self.power} may build "
                                 f"{describe_units(left)} at an original factory.",
                                 power=self.power)] + self.settle(rng)

    def do_final_build(self, seat: Seat, rng: Rng, at: str, units: str | None = None,
                       sea: str | None = None) -> list[Event]:
        factory = self.area(at)
        if factory not in self.original_factories(seat):
            raise NotAllowed(f"Final builds go to an original factory {seat} still holds: "
                             f"{', '.join(self.original_factories(seat))}.")
        left = self.unbuilt.get(seat, {})
        chosen: Counts
        if units:
            chosen = self.units(units)
            for kind, n in chosen.items():
                if left.get(kind, 0) < n:
                    raise NotAllowed(f"{seat} may build only what it plotted and didn't build: "
                                     f"{describe_units(left)}.")
        else:
            chosen = self.default_final_build(seat, factory)
        if not chosen:
            raise NotAllowed(f"Nothing of {describe_units(left)} can be built at {factory} now.")
        events = self.place_units(seat, factory, chosen, sea)
        self.unbuilt[seat] = {k: n - chosen.get(k, 0) for k, n in left.items()
                              if n - chosen.get(k, 0) > 0}
        if self.can_final_build(seat):
            return events + self.settle(rng)
        return events + self.next_final_builder(rng)

    def default_final_build(self, power: Power, factory: Area) -> Counts:
        """What the deadline builds at `factory`: what can be built of what is left, in the
        order plotted."""
        return self.affordable_build(power, factory, self.unbuilt.get(power, {}))[0]

    # ----- Collect Income ------------------------------------------------------------

    def collect_income(self) -> list[Event]:
        events: list[Event] = []
        for power in POWERS:
            gain = income(self.board, self.pos, power)
            cut = min(gain, self.shortfall.get(power, 0))
            self.pos.treasury[power] = self.pos.treasury.get(power, 0) + gain - cut
            text = f"{power} collects {gain - cut} IPCs"
            if cut:
                text += f" ({gain} less {cut} for strategic bombing beyond its treasury)"
            events.append(self.say("income", text + f"; treasury "
                                   f"{self.pos.treasury[power]}.", power=power,
                                   ipcs=gain - cut))
        winner = victory(self.board, self.pos, self.economy_rules)
        if winner is not None:
            self.finish([p for p in POWERS if SIDE[p] == winner])
            return events + [self.say("game_over", f"The {winner} win at the end of turn "
                                      f"{self.turn}.", side=winner)]
        self.turn += 1
        self.fresh_turn()
        self.stage = DEVELOP
        self.current = 0
        return events + [self.say("turn_started", f"Turn {self.turn}: the Develop Weapons "
                                  "Phase, USSR first.", turn=self.turn)]

    def final_build_timeout(self) -> tuple[Seat, str, dict[str, Any]]:
        power = self.power
        for factory in self.original_factories(power):
            chosen = self.default_final_build(power, factory)
            if chosen:
                zones = self.ship_zones(power, factory)
                if any(k in SHIPS for k in chosen) and len(zones) > 1:
                    return (power, "final-build", {"at": factory, "sea": zones[0]})
                return (power, "final-build", {"at": factory})
        return (power, "skip", {})
