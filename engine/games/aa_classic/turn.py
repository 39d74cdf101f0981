"""The phases around the fighting: weapons development, purchase, placement, income.

A missed purchase buys nothing; at the end of placement whatever is still unplaced goes to
the power's complexes in turn (its capital first) as capacity allows, and the rest is lost
(a power must place what it bought). Income follows, then the next power; after the USA's
turn the round ends and the victory conditions are checked.
"""

from __future__ import annotations

from engine.aa.economy import (
    check_placement,
    check_purchase,
    factories_at_start,
    income,
    victory,
)
from engine.aa.research import check_research, research
from engine.aa.units import (
    DEVELOPMENT_NAMES,
    FACTORY,
    POWERS,
    SHIPS,
    SIDE,
    Counts,
    cost,
    describe_units,
    subtract,
    total,
)
from engine.errors import NotAllowed
from engine.events import Event, Seat
from engine.games.aa_classic.base import (
    PLACE,
    PURCHASE,
    AAClassicBase,
)
from engine.rng import Rng


class Turn(AAClassicBase):
    """Research, purchase, placement and income of the power whose turn it is."""

    def do_research(self, seat: Seat, rng: Rng, dice: int) -> list[Event]:
        count = dice  # a whole number: the contract reads it (engine/params.py)
        owned = self.pos.techs_of(self.power)
        price = check_research(count, self.pos.treasury[self.power], owned)
        self.pos.treasury[self.power] -= price
        result = research(rng, count, owned, pick=self.options["research"] == "pick")
        self.pos.techs.setdefault(self.power, set()).update(result.gained)
        gained = ", ".join(DEVELOPMENT_NAMES[d] for d in result.gained) or "nothing"
        if result.to_pick:
            self.to_pick = result.to_pick
            gained = (f"{result.to_pick} breakthrough{'s' if result.to_pick != 1 else ''} "
                      f"to choose")
        else:
            self.stage = PURCHASE
        return [self.say("research", f"{self.power} buys {count} research "
                         f"{'die' if count == 1 else 'dice'} ({price} IPCs), rolls "
                         f"{', '.join(map(str, result.rolls))}: {gained}.",
                         rolls=list(result.rolls), gained=list(result.gained))]

    def do_develop(self, seat: Seat, rng: Rng, development: str) -> list[Event]:
        """Choose a development for a breakthrough (option research: pick)."""
        chosen = next((d for d, name in DEVELOPMENT_NAMES.items()
                       if development.strip().lower() in (d, name.lower())), None)
        if chosen is None or chosen in self.pos.techs_of(self.power):
            raise NotAllowed(f"Choose a development {self.power} doesn't have yet.")
        self.pos.techs.setdefault(self.power, set()).add(chosen)
        self.to_pick -= 1
        if self.to_pick <= 0:
            self.to_pick = 0
            self.stage = PURCHASE
        return [self.say("developed", f"{self.power} develops {DEVELOPMENT_NAMES[chosen]}.",
                         development=chosen)]

    def do_buy(self, seat: Seat, rng: Rng, units: str) -> list[Event]:
        wanted = self.units(units)
        spent = sum(self._price(k) * n for k, n in self.bought.items())
        check_purchase(wanted, self.pos.treasury[self.power] - spent,
                       self.pos.techs_of(self.power))
        for kind, n in wanted.items():
            self.bought[kind] = self.bought.get(kind, 0) + n
        cost = sum(self._price(k) * n for k, n in self.bought.items())
        return [self.say("bought", f"{self.power} orders {describe_units(wanted)} "
                         f"({cost} IPCs in all this turn).", units=dict(wanted))]

    def _price(self, kind: str) -> int:
        return cost(kind, self.pos.techs_of(self.power))

    def pay_purchase(self) -> None:
        """Leaving the purchase phase: the order is paid for."""
        self.pos.treasury[self.power] -= sum(self._price(k) * n for k, n in self.bought.items())

    def do_place(self, seat: Seat, rng: Rng, units: str, at: str,
                 sea: str | None = None) -> list[Event]:
        return self._place(self.units(units), self.area(at),
                           self.names.find_sea(sea) if sea else None)

    def _place(self, placing: Counts, factory: str, zone: str | None) -> list[Event]:
        for kind, n in placing.items():
            if self.bought.get(kind, 0) < n:
                raise NotAllowed(f"{self.power} has {self.bought.get(kind, 0)} unplaced "
                                 f"{kind} to place, not {n}.")
        check_placement(self.board, self.pos, self.power, factory, placing, sea=zone,
                        already=self.placed.get(factory, 0), rules=self.economy_rules,
                        built=self.built)
        if placing.get(FACTORY) and factory not in self.built:
            self.built.append(factory)
        ships = {k: n for k, n in placing.items() if k in SHIPS}
        others = {k: n for k, n in placing.items() if k not in SHIPS}
        if others:
            self.pos.place(factory, self.power, others)
        if ships and zone is not None:
            self.pos.place(zone, self.power, ships)
        self.bought = subtract(self.bought, placing)
        self.placed[factory] = self.placed.get(factory, 0) + total(placing)
        where = factory + (f" and {zone}" if ships and zone else "")
        return [self.say("placed", f"{self.power} places {describe_units(placing)} in "
                         f"{where}.", units=dict(placing), area=factory)]

    def place_the_rest(self) -> list[Event]:
        """End of placement: unplaced units go to the complexes (capital first)."""
        events: list[Event] = []
        capital = self.board.capital(self.power)
        factories = sorted(factories_at_start(self.board, self.pos, self.power, self.built),
                           key=lambda a: (a != capital, a))
        for factory in factories:
            for kind in list(self.bought):
                n = self.bought.get(kind, 0)
                if not n:
                    continue
                # Ships go to the first sea zone touching the complex free of enemy ships.
                seas: list[str | None] = [
                    z for z in sorted(self.board.coast(factory))
                    if not self.pos.has_enemy(z, self.power, SHIPS)] if kind in SHIPS \
                    else [None]
                for sea in seas[:1]:
                    for count in range(n, 0, -1):
                        try:
                            check_placement(self.board, self.pos, self.power, factory,
                                            {kind: count}, sea=sea,
                                            already=self.placed.get(factory, 0),
                                            rules=self.economy_rules, built=self.built)
                        except NotAllowed:
                            continue
                        events += self._place({kind: count}, factory, sea)
                        break
        if any(self.bought.values()):
            events.append(self.say("unplaced", f"{self.power} could not place "
                                   f"{describe_units(self.bought)}: they are lost.",
                                   units=dict(self.bought)))
        self.bought = {}
        return events

    def collect_income(self) -> list[Event]:
        gain = income(self.board, self.pos, self.power)
        self.pos.treasury[self.power] = self.pos.treasury.get(self.power, 0) + gain
        return [self.say("income", f"{self.power} collects {gain} IPCs "
                         f"(treasury {self.pos.treasury[self.power]}).", ipcs=gain)]

    def next_power(self) -> list[Event]:
        events: list[Event] = []
        if self.current == len(POWERS) - 1:
            winner = victory(self.board, self.pos, self.economy_rules)
            if winner is not None:
                seats = [self.seat_of(p) for p in POWERS if SIDE[p] == winner]
                self.finish(seats)
                return [self.say("game_over", f"The {winner} win at the end of round "
                                 f"{self.round}.", side=winner)]
            self.round += 1
            self.current = 0
        else:
            self.current += 1
        self.fresh_turn()
        events.append(self.say("turn_started", f"Round {self.round}: {self.power}'s turn "
                               f"({self.pos.treasury.get(self.power, 0)} IPCs)."))
        return events

    def placing_done(self) -> list[Event]:
        events = self.place_the_rest() if self.stage == PLACE else []
        events += self.collect_income()
        events += self.next_power()
        return events

    def purchases(self) -> Counts:
        return dict(self.bought)
