"""Transports in `aa-classic`: loading, sailing with cargo, unloading, amphibious assaults.

`load` puts land units from a territory onto the power's transports in a touching sea zone
(capacity by the transport option); cargo sails with its transports (when only some of a
zone's transports sail, they take as much as they can carry); `unload` lands cargo in a
touching territory: into an enemy one it is an amphibious assault (combat movement only),
which the power's battleships in that sea zone support with shore bombardment. From a zone
with enemy ships the landing is declared in combat movement and made once the sea battle
there is won (called off otherwise). Transports sunk take the cargo they can't hold down.
"""

from __future__ import annotations

from engine.aa.economy import one_aa_gun
from engine.aa.movement import check_load, check_unload, split_cargo
from engine.aa.units import (
    AA_GUN,
    SHIPS,
    TRANSPORT,
    UNITS,
    Counts,
    describe_units,
)
from engine.errors import NotAllowed
from engine.events import Event, Seat
from engine.games.aa_classic.base import COMBAT_MOVE, AAClassicBase
from engine.rng import Rng


class Transports(AAClassicBase):
    """`load`, `unload`, and cargo following its transports."""

    def do_load(self, seat: Seat, rng: Rng, units: str, from_area: str,
                sea: str) -> list[Event]:
        cargo = self.units(units)
        land, zone = self.area(from_area), self.names.find_sea(sea)
        have = self.available(land)
        for kind, n in cargo.items():
            if have.get(kind, 0) < n:
                raise NotAllowed(f"{self.power} has {have.get(kind, 0)} {UNITS[kind].plural} "
                                 f"in {land} free to move, not {n}.")
        check_load(self.board, self.pos, self.power, zone, land, cargo,
                   self.pos.cargo_of(zone, self.power), rules=self.move_rules)
        self.pos.load(self.power, land, zone, cargo)
        self.arrows.append([land, zone, self.power])
        return [self.say("loaded", f"{self.power} loads {describe_units(cargo)} from {land} "
                         f"onto its transports in {zone}.", units=dict(cargo), area=zone)]

    def do_unload(self, seat: Seat, rng: Rng, units: str, sea: str, to: str) -> list[Event]:
        cargo = self.units(units)
        zone, land = self.names.find_sea(sea), self.area(to)
        aboard = self.pos.cargo_of(zone, self.power)
        for kind, n in cargo.items():
            if aboard.get(kind, 0) < n:
                raise NotAllowed(f"{self.power}'s transports in {zone} carry "
                                 f"{describe_units(aboard)}.")
        if cargo.get(AA_GUN) and \
                cargo[AA_GUN] + self.pos.units_of(land, self.power).get(AA_GUN, 0) > 1:
            raise NotAllowed(one_aa_gun(land))
        combat = self.stage == COMBAT_MOVE
        contested = combat and self.pos.has_enemy(zone, self.power, SHIPS)
        route = check_unload(self.board, self.pos, self.power, zone, land, combat=combat,
                             contested=contested, rules=self.move_rules)
        if contested:
            self.declared.append([zone, land, dict(cargo)])
            self.arrows.append([zone, land, self.power])
            return [self.say("declared", f"{self.power} will land {describe_units(cargo)} from "
                             f"{zone} in {land} once the sea battle there is won.",
                             units=dict(cargo), area=land)]
        return self.land_cargo(zone, land, cargo, route.attack)

    def land_cargo(self, zone: str, land: str, cargo: Counts, attack: bool) -> list[Event]:
        """Put cargo ashore (an amphibious assault when `attack`)."""
        self.pos.unload(self.power, zone, land, cargo)
        self.note_moved(land, cargo)
        self.arrows.append([zone, land, self.power])
        if attack:
            landed = self.amphibious.setdefault(land, {})
            for kind, n in cargo.items():
                landed[kind] = landed.get(kind, 0) + n
            seas = self.landings.setdefault(land, [])
            if zone not in seas:
                seas.append(zone)
        verb = "lands" if not attack else "storms ashore with"
        return [self.say("unloaded", f"{self.power} {verb} {describe_units(cargo)} from "
                         f"{zone} in {land}.", units=dict(cargo), area=land)]

    def make_declared_landings(self, zone: str) -> list[Event]:
        """After the sea battle in `zone`: the landings declared from it go ashore if the
        sea is clear and the cargo is still aboard, else they are called off."""
        events: list[Event] = []
        for entry in [d for d in self.declared if d[0] == zone]:
            self.declared.remove(entry)
            _, land, wanted = entry
            aboard = self.pos.cargo_of(zone, self.power)
            cargo = {k: min(n, aboard.get(k, 0)) for k, n in wanted.items()}
            cargo = {k: n for k, n in cargo.items() if n}
            if self.pos.has_enemy(zone, self.power, SHIPS) or not cargo:
                events.append(self.say("landing_off", f"{self.power}'s landing from {zone} in "
                                       f"{land} is called off.", area=land))
                continue
            attack = not self.pos.friendly(land, self.power) or \
                self.pos.has_enemy(land, self.power)
            events += self.land_cargo(zone, land, cargo, attack)
            if attack and land not in self.battles:
                self.battles.append(land)
        return events

    def sail_cargo(self, start: str, end: str, transports: int) -> Counts:
        """Move the cargo of `transports` sailing transports along; returns it."""
        aboard = self.pos.cargo_of(start, self.power)
        if not aboard or not transports:
            return {}
        total = self.pos.units_of(start, self.power).get(TRANSPORT, 0)
        split = split_cargo(aboard, transports, total - transports, rules=self.move_rules)
        if split is None:
            raise NotAllowed(f"The transports staying in {start} can't hold "
                             f"{describe_units(aboard)}: unload first or move more of them.")
        moving, _ = split
        self.pos.ship_cargo(self.power, start, end, moving)
        return moving
