"""Aircraft landing (Plotted A&A, "Aircraft Landing"): never plotted, chosen by the owner.

An aircraft must land immediately when opposing units move into its area and the area is
unfriendly to it, when it completes an attack, or when it completes its last plotted move.
It lands in an area friendly now and at the start of the turn (a fighter also on a friendly
carrier with room), within its moves left; once landed it doesn't move again this turn.
Aircraft that must land and can stay where they are stay; the others wait, off the board,
for their owner's `land` (the deadline takes the nearest place); with nowhere to land they
are lost. Aircraft forced down by an enemy's arrival land at once at the nearest place
(decision D-4 of docs/plotted-aa.md: the enemy's battle can't wait for another power).

The aircraft of a power waiting to land in one area (a battle's, or a move's) are asked
once, as one group, whatever their kinds and fuel: `land` lands every one of them that can
reach the place chosen; `land-part` lands only the units named there (a split), the rest
asked again. (A game begun before this asked each kind and fuel apart: `rules_version` 1.)
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any

from engine.aa.flyover import fire_at_flight, flight_path
from engine.aa.map import Area
from engine.aa.movement import air_distances, landing_spots
from engine.aa.units import (
    BOMBER,
    CARRIER,
    FIGHTER,
    POWERS,
    UNITS,
    Kind,
    Power,
    allied,
    describe_units,
    movement,
)
from engine.errors import NotAllowed
from engine.events import Event, Seat
from engine.games.plotted_aa.form import Action
from engine.games.plotted_aa.plotting import Plotting
from engine.rng import Rng


class Landing(Plotting):
    """`land`, and the three conditions that make an aircraft land."""

    def range_left(self, power: Power, kind: Kind, used: int) -> int:
        return movement(kind, self.pos.techs_of(power)) - used

    def _may_stay(self, power: Power, kind: Kind, area: Area, count: int) -> int:
        """How many of `count` aircraft now in `area` may end the turn there."""
        if self.board.is_land(area):
            ok = self.friendly_for_aircraft(area, power) and not self.pos.has_enemy(area,
                                                                                   power)
            return count if ok else 0
        if kind != FIGHTER or self.pos.has_enemy(area, power):
            return 0
        return self._carrier_seats(power, area, count)

    def _carrier_seats(self, power: Power, zone: Area, count: int) -> int:
        """How many of `count` fighters of `power` in a sea zone have a place on its side's
        carriers there, the side's other fighters there seated first ("a sea zone that
        contains a friendly carrier is considered a friendly area for as many fighters as
        the carrier will hold"); not on a carrier built this turn ("you may not land
        fighters on a newly built carrier")."""
        settled = self._carrier_room(power, zone) + count
        return max(0, min(count, settled))

    def _carrier_room(self, power: Power, zone: Area) -> int:
        """Places left for fighters on `power`'s side's carriers in a sea zone, the carriers
        built this turn left out (negative: more fighters than places)."""
        room = 0
        for p, counts in self.pos.units.get(zone, {}).items():
            if allied(p, power):
                new = self.built.get(p, {}).get(zone, {}).get(CARRIER, 0)
                room += (counts.get(CARRIER, 0) - new) * UNITS[CARRIER].capacity
                room -= counts.get(FIGHTER, 0)
        return room

    def must_land(self, power: Power, area: Area, kinds: Sequence[Kind],
                  *, at_once: bool = False, riding: int = 0) -> list[Event]:
        """The aloft aircraft of `power` in `area` (of `kinds`) land now; `riding` fighters
        stay aloft aboard their carriers (they defend with them and may still make their
        plotted move)."""
        events: list[Event] = []
        for kind in kinds:
            aloft = [f for f in self.aircraft_entries(power, area, kind) if not f["landed"]]
            if kind == FIGHTER:
                aloft = sorted(aloft, key=lambda f: -int(f["used"]))[riding:]
            if not aloft:
                continue
            stay = self._may_stay(power, kind, area, len(aloft))
            for entry in aloft[:stay]:
                entry["landed"] = True
            leaving = sorted(aloft[stay:], key=lambda f: f["used"])
            for entry in leaving:
                self.flights.remove(entry)
                self.pos.remove(area, power, {kind: 1})
                group = {"power": power, "at": area, "kind": kind, "count": 1,
                         "used": int(entry["used"])}
                if not self.spots(group):
                    events.append(self.say("crashed", f"{power} loses a {UNITS[kind].name} "
                                           f"near {area}: nowhere to land.", power=power,
                                           area=area))
                    continue
                same = next((g for g in self.landings if g["power"] == power
                             and g["at"] == area and g["kind"] == kind
                             and g["used"] == group["used"]), None)
                if same is not None:
                    same["count"] += 1
                else:
                    self.landings.append(group)
        if at_once:
            while any(g["power"] == power for g in self.landings):
                group = next(g for g in self.landings if g["power"] == power)
                events += self.land_group(group, self.spots(group)[0])
        return events

    def spots(self, group: dict[str, Any]) -> list[Area]:
        power, kind = group["power"], group["kind"]
        left = self.range_left(power, kind, int(group["used"]))
        spots = landing_spots(self.board, self.pos, power, kind, group["at"], left,
                              rules=self.move_rules)
        return [a for a in spots if self.board.is_land(a) or self._carrier_room(power, a) > 0]

    def land_group(self, group: dict[str, Any], to: Area,
                   rng: Rng | None = None, count: int | None = None) -> list[Event]:
        """Land a group of aircraft in `to` (`count` of them: all by default). Given `rng`
        (the owner's own landing, under the standard non-combat movement rules), enemy AA
        guns flown over fire at it on the way (`engine.aa.flyover`, option `aa_fly_over`);
        aircraft forced down during another power's action land at once, unfired at, as in
        A&A classic."""
        power, kind = group["power"], group["kind"]
        if to not in self.spots(group):
            raise NotAllowed(f"The {UNITS[kind].plural} from {group['at']} can't land in {to}: "
                             f"they may land in {', '.join(self.spots(group))}.")
        count = int(group["count"]) if count is None else min(count, int(group["count"]))
        if self.board.is_sea(to):  # as many as the carriers there hold
            asked = count
            self.pos.place(to, power, {kind: asked})
            count = self._may_stay(power, kind, to, asked)
            self.pos.remove(to, power, {kind: asked})
        events: list[Event] = []
        lost = 0
        if rng is not None and self.fly_over_fire and group["at"] != to:
            path = flight_path(self.board, self.pos, power, group["at"], to,
                               rules=self.move_rules)
            fire = fire_at_flight(rng, self.pos, power, {kind: path}, {kind: count}, [kind])
            events += [self.say("flak", line, power=power, area=group["at"])
                       for line in fire.lines]
            lost = fire.shot.get(kind, 0)
        steps = air_distances(self.board, group["at"], rules=self.move_rules).get(to, 0)
        landed = count - lost
        if landed:
            self.pos.place(to, power, {kind: landed})
        for _ in range(landed):
            self.flights.append({"power": power, "kind": kind, "at": to,
                                 "used": int(group["used"]) + steps, "landed": True})
        group["count"] = int(group["count"]) - count
        if group["count"] <= 0:
            self.landings.remove(group)
        if not landed:
            return events
        if group["at"] != to:
            self.record_move({"power": power, "from": group["at"], "to": to,
                               "units": {kind: landed}})
        return events + [self.say("landed", f"{power} lands {describe_units({kind: landed})} "
                                  f"from {group['at']} in {to}.", power=power, area=to,
                                  units={kind: landed})]

    def crash_stranded(self) -> list[Event]:
        """Aircraft waiting to land whose last places filled up meanwhile are lost."""
        events: list[Event] = []
        for group in list(self.landings):
            if not self.spots(group):
                self.landings.remove(group)
                events.append(self.say("crashed", f"{group['power']} loses "
                                       f"{describe_units({group['kind']: group['count']})} "
                                       f"near {group['at']}: nowhere left to land.",
                                       power=group["power"], area=group["at"]))
        return events

    def landing_groups(self, power: Power, at: Area) -> list[dict[str, Any]]:
        """The aircraft of `power` waiting to land from `at`, asked as one group (a game
        begun before that: the first kind and fuel alone)."""
        groups = [g for g in self.landings if g["power"] == power and g["at"] == at]
        return groups if self.rules_version >= 2 else groups[:1]

    def landing_choices(self, power: Power, at: Area) -> list[Area]:
        """Where at least one of those aircraft may land, nearest first."""
        spots = {a for g in self.landing_groups(power, at) for a in self.spots(g)}
        distance = air_distances(self.board, at, rules=self.move_rules)
        return sorted(spots, key=lambda a: (distance.get(a, 99), a))

    def do_land(self, seat: Seat, rng: Rng, to: str, units: str | None = None
                ) -> list[Event]:
        """Land the aircraft waiting in one area (all that can reach `to`, or the `units`
        named: the others are asked again)."""
        first = next((g for g in self.landings if g["power"] == seat), None)
        if first is None:
            raise NotAllowed("None of your aircraft is waiting to land.")
        target = self.area(to)
        groups = self.landing_groups(seat, first["at"])
        if self.rules_version < 2:
            return self.land_group(first, target, rng) + self.proceed(rng)
        able = sorted((g for g in groups if target in self.spots(g)),
                      key=lambda g: (-int(g["used"]), g["kind"]))
        if not able:
            raise NotAllowed(f"None of the aircraft from {first['at']} can land in {target}: "
                             "they may land in "
                             f"{', '.join(self.landing_choices(seat, first['at']))}.")
        wanted = self.units(units) if units else None
        if wanted is not None:
            for kind, n in wanted.items():
                reach = sum(int(g["count"]) for g in able if g["kind"] == kind)
                if reach < n:
                    waiting = sum(int(g["count"]) for g in groups if g["kind"] == kind)
                    raise NotAllowed(f"{UNITS[kind].label(n)} from {first['at']}: only "
                                     f"{reach} of the {waiting} waiting can reach {target}.")
        events: list[Event] = []
        landed: dict[str, int] = {}
        for group in able:
            kind = group["kind"]
            count = int(group["count"]) if wanted is None else min(int(group["count"]),
                                                                    wanted.get(kind, 0))
            if wanted is not None:
                wanted[kind] = wanted.get(kind, 0) - count
            if count <= 0:
                continue
            for event in self.land_group(group, target, rng, count):
                if event.kind == "landed":
                    for k, n in dict(event.data.get("units", {})).items():
                        landed[k] = landed.get(k, 0) + int(n)
                else:
                    events.append(event)
        if landed:
            events.append(self.say("landed", f"{seat} lands {describe_units(landed)} from "
                                   f"{first['at']} in {target}.", power=seat, area=target,
                                   units=landed))
        return events + self.proceed(rng)

    def do_land_part(self, seat: Seat, rng: Rng, to: str, units: str) -> list[Event]:
        """Land only the aircraft named (a split of the group): the others are asked
        again."""
        return self.do_land(seat, rng, to, units)

    @abstractmethod
    def proceed(self, rng: Rng) -> list[Event]:
        """Go on with the round once the aircraft have landed (the execution mixin)."""

    def check_aloft(self, power: Power) -> list[Event]:
        """Aircraft that completed their last plotted move land."""
        events: list[Event] = []
        for entry in list(self.flights):
            if entry["power"] != power or entry["landed"] or entry not in self.flights:
                continue
            if not self._moves_again(power, entry["at"], entry["kind"]):
                events += self.must_land(power, entry["at"], [entry["kind"]])
        return events

    def _moves_again(self, power: Power, area: Area, kind: Kind) -> bool:
        later: list[Action] = [a for a in self.plots.get(power, []) if a.round > self.round]
        return any(s.area == area and (s.units.get(kind, 0) > 0 if s.units is not None
                                       else not s.from_transport)
                   for a in later for s in a.sources)

    def ground_enemy_aircraft(self, area: Area) -> list[Event]:
        """Opposing units arrive: aloft aircraft for which the area is unfriendly land at
        once (Aircraft Landing, condition 1). Fighters riding a friendly carrier in a sea
        zone are in a friendly area "for as many fighters as the carrier will hold": they
        stay aboard and defend with it, as in the Alaska example ("Plotting Fighter and
        Carrier Movement"), and keep their plotted move."""
        events: list[Event] = []
        for power in sorted({f["power"] for f in self.flights
                             if f["at"] == area and not f["landed"]}):
            if allied(power, self.power):
                continue
            if self.board.is_land(area) and self.friendly_for_aircraft(area, power):
                continue
            riding = 0
            if self.board.is_sea(area):
                aloft = [f for f in self.aircraft_entries(power, area, FIGHTER)
                         if not f["landed"]]
                riding = self._carrier_seats(power, area, len(aloft))
            events += self.must_land(power, area, [FIGHTER, BOMBER], at_once=True,
                                     riding=riding)
        return events

    def unseat_fighters(self, zone: Area) -> list[Event]:
        """After a battle at sea: fighters beyond the places left on their side's carriers
        there (a carrier sunk) must land at once (Aircraft Landing, condition 1: the zone is
        no longer friendly to them and opposing units are in it), at the nearest place
        (D-4). A fighter that had landed this turn can't move again ("Once an aircraft has
        landed, it may not move again during the turn"), and one with nowhere to land, is
        lost. The attacker's aircraft land as after any attack (condition 2)."""
        events: list[Event] = []
        if not self.board.is_sea(zone):
            return events
        for power in POWERS:
            if power == self.power:
                continue
            have = self.pos.units_of(zone, power).get(FIGHTER, 0)
            excess = have - self._carrier_seats(power, zone, have)
            if have == 0 or excess <= 0:
                continue
            entries = self.aircraft_entries(power, zone, FIGHTER)
            unmoved = [None] * (have - len(entries))
            order = unmoved + sorted((f for f in entries if not f["landed"]),
                                     key=lambda f: f["used"]) + \
                [f for f in entries if f["landed"]]
            for entry in order[:excess]:
                self.pos.remove(zone, power, {FIGHTER: 1})
                if entry is not None:
                    self.flights.remove(entry)
                group = {"power": power, "at": zone, "kind": FIGHTER, "count": 1,
                         "used": int(entry["used"]) if entry is not None else 0}
                if (entry is not None and entry["landed"]) or not self.spots(group):
                    events.append(self.say("crashed", f"{power} loses a fighter near {zone}: "
                                           "its carrier is gone and it can't land "
                                           "elsewhere.", power=power, area=zone))
                    continue
                self.landings.append(group)
                events += self.land_group(group, self.spots(group)[0])
        return events
