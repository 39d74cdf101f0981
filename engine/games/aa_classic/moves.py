"""Combat and non-combat movement of the power whose turn it is.

`move` moves units of one area to another (`via` names the areas in between for armour and
ships; aircraft choose their own way). In combat movement a move into a hostile area starts
a battle there; armour blitzing through an empty enemy territory captures it on the way;
bombers sent to an enemy industrial complex with `bomb` raid it instead of fighting. A unit
moves in one of the two phases only, and aircraft that attacked or raided in combat
movement move again only to land; aircraft keep their moves used and must end the turn
where they may land (those that can't are lost at the end of non-combat movement). With
option `aa_fly_over` (the 1984 rules) every enemy AA gun an aircraft flies over fires at
it. Transports carry their cargo along (see `transports`).
"""

from __future__ import annotations

from engine.aa.combat import DEFAULT_LOSS_ORDER, capture
from engine.aa.economy import one_aa_gun
from engine.aa.flyover import fire_at_flight, flight_path
from engine.aa.movement import can_land, hostile, unit_route
from engine.aa.units import (
    AA_GUN,
    AIRCRAFT,
    BOMBER,
    CARRIER,
    FACTORY,
    FIGHTER,
    TRANSPORT,
    UNITS,
    Counts,
    allied,
    describe_units,
    subtract,
)
from engine.errors import NotAllowed
from engine.events import Event, Seat
from engine.games.aa_classic.base import COMBAT_MOVE
from engine.games.aa_classic.transports import Transports
from engine.rng import Rng


class Moves(Transports):
    """`move` in both movement phases, and the end of non-combat movement."""

    def do_attack(self, seat: Seat, rng: Rng, units: str, from_area: str, to: str,
                  via: str | None = None) -> list[Event]:
        """`move` into a hostile area, refused if the area isn't hostile."""
        end = self.area(to)
        if not hostile(self.pos, self.board, end, self.power) and not (
                self.board.is_neutral(end) and self.pos.controller(end) is None):
            raise NotAllowed(f"{end} is not hostile: use move to go there.")
        return self.do_move(seat, rng, units, from_area, to, via)

    def land_aircraft(self, seat: Seat, rng: Rng, units: str, from_area: str,
                      to: str) -> list[Event]:
        """`move` for aircraft only, to where they end the turn."""
        if any(k not in AIRCRAFT for k in self.units(units)):
            raise NotAllowed("Only fighters and bombers land; move the other units with move.")
        return self.do_move(seat, rng, units, from_area, to)

    def do_move(self, seat: Seat, rng: Rng, units: str, from_area: str, to: str,
                via: str | None = None, bomb: bool = False) -> list[Event]:
        wanted = self.units(units)
        start, end = self.area(from_area), self.area(to)
        path = [self.area(v.strip()) for v in via.split(",")] if via else []
        combat = self.stage == COMBAT_MOVE
        have = self.available(start)
        for kind, n in wanted.items():
            if have.get(kind, 0) < n:
                moved = self.moved.get(start, {}).get(kind, 0) or self.engaged(start, kind)
                extra = f" ({moved} moved already this turn)" if moved else ""
                raise NotAllowed(f"{self.power} has {have.get(kind, 0)} "
                                 f"{UNITS[kind].plural} in {start} free to move, not {n}{extra}.")
        if bomb and (set(wanted) != {BOMBER} or not combat):
            raise NotAllowed("Only bombers bomb, and only in combat movement.")
        if wanted.get(AA_GUN) and end != start and \
                wanted[AA_GUN] + self.pos.units_of(end, self.power).get(AA_GUN, 0) > 1:
            raise NotAllowed(one_aa_gun(end))
        events: list[Event] = []
        charge = 0
        hostile = False
        flights: dict[str, list[str]] = {}  # aircraft kind -> the areas it flies over
        for kind, n in wanted.items():
            for _ in range(n if kind in AIRCRAFT else 1):
                used = self.flight(start, kind)["used"] if kind in AIRCRAFT else 0
                route = unit_route(self.board, self.pos, self.power, kind, start, end, path,
                                   combat=combat, moves_used=int(used), rules=self.move_rules)
                charge = max(charge, route.charge)
                hostile = hostile or route.attack
                for area in route.blitzed:
                    if self.pos.controller(area) != self.power:
                        events += [self.say("blitz", line, area=area)
                                   for line in capture(self.board, self.pos, area, self.power)]
            if kind in AIRCRAFT:
                flights[kind] = flight_path(self.board, self.pos, self.power, start, end,
                                            path, rules=self.move_rules,
                                            fire=self.fly_over_fire)
        if bomb and not any(FACTORY in c for p, c in self.pos.all_units(end).items()
                            if p != self.power):
            raise NotAllowed(f"There is no enemy industrial complex in {end} to bomb.")
        if charge:
            if self.pos.treasury[self.power] < charge:
                raise NotAllowed(f"Entering {end} costs {charge} IPCs; {self.power} has "
                                 f"{self.pos.treasury[self.power]}.")
            self.pos.treasury[self.power] -= charge
        if self.fly_over_fire:
            shot, lines = self._fly_over(rng, start, wanted, flights)
            events += [self.say("flak", line, area=start) for line in lines]
            wanted = subtract(wanted, shot)
        engaged = combat and (hostile or bomb)
        for kind, n in wanted.items():
            if kind in AIRCRAFT:
                for _ in range(n):
                    entry = self.flight(start, kind)
                    self.fly(entry, end, len(flights[kind]) - 1)
                    if engaged:
                        entry["engaged"] = True
        self.sail_cargo(start, end, wanted.get(TRANSPORT, 0))
        if wanted:
            self.pos.move(self.power, wanted, start, end)
        self.note_moved(end, {k: n for k, n in wanted.items() if k not in AIRCRAFT})
        if engaged and wanted:
            if bomb:
                self.raids[end] = self.raids.get(end, 0) + wanted[BOMBER]
            else:
                sources = self.attacks.setdefault(end, [])
                if any(UNITS[k].domain == "land" for k in wanted) and start not in sources:
                    sources.append(start)
        self.arrows.append([start, end, self.power])
        if not wanted:
            return events
        verb = "bombs" if bomb else "attacks" if hostile else "moves"
        events.append(self.say("moved", f"{self.power} {verb} {describe_units(wanted)} "
                               f"from {start} to {end}" + (f" (entering a neutral: "
                                                             f"{charge} IPCs)" if charge
                                                             else "") + ".",
                               units=dict(wanted), origin=start, to=end))
        return events

    def _fly_over(self, rng: Rng, start: str, wanted: Counts,
                  flights: dict[str, list[str]]) -> tuple[Counts, list[str]]:
        """The 1984 rules (`engine.aa.flyover`): each enemy AA gun the aircraft fly over
        fires at them; those shot down are removed from `start` before they arrive.
        Returns them and what happened."""
        order = self.loss_orders.get(self.power, list(DEFAULT_LOSS_ORDER))
        fire = fire_at_flight(rng, self.pos, self.power, flights, wanted, order)
        for kind, n in fire.shot.items():
            for _ in range(n):
                entry = self.flight(start, kind)
                if not entry.get("new"):
                    self.flights.remove(entry)
                self.pos.remove(start, self.power, {kind: 1})
        return fire.shot, list(fire.lines)

    def crash_unlanded(self) -> list[Event]:
        """End of non-combat movement: aircraft that can't stay where they are are lost."""
        lost: dict[str, Counts] = {}
        for area in sorted({f["at"] for f in self.flights} | set(self.pos.units)):
            here = self.pos.units_of(area, self.power)
            for kind in AIRCRAFT:
                n = here.get(kind, 0)
                if not n:
                    continue
                if self.board.is_sea(area):
                    # Fighters fit on friendly carriers there (their own count included).
                    raw = sum(c.get(CARRIER, 0) * UNITS[CARRIER].capacity - c.get(FIGHTER, 0)
                              for p, c in self.pos.all_units(area).items()
                              if allied(p, self.power))
                    keep = max(0, min(n, n + raw)) if kind == FIGHTER else 0
                elif can_land(self.board, self.pos, self.power, kind, area) or \
                        area not in {f["at"] for f in self.flights}:
                    keep = n
                else:
                    keep = 0
                if keep < n:
                    lost.setdefault(area, {})[kind] = n - keep
        events: list[Event] = []
        for area, counts in lost.items():
            self.pos.remove(area, self.power, counts)
            events.append(self.say("crashed", f"{self.power} loses {describe_units(counts)} "
                                   f"in {area}: no place to land.", area=area,
                                   units=dict(counts)))
        return events
