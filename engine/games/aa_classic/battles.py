"""Conduct combat: strategic bombing raids first, then every battle in turn.

Each battle runs on `engine.aa.combat.Battle`: it pauses when an owner must choose
casualties (that power is prompted; the deadline takes its saved loss order) and when the
attacker may retreat (the deadline presses on). A won land battle with a land unit left
captures the territory; aircraft that fought must land in non-combat movement.
"""

from __future__ import annotations

from engine.aa.combat import (
    DEFAULT_LOSS_ORDER,
    capture,
    default_casualties,
    rocket_attack,
    rocket_targets,
    start_battle,
    strategic_bombing,
)
from engine.aa.units import AA_GUN, FACTORY, ROCKETS, TRANSPORT, UNITS, Kind, parse_units
from engine.errors import NotAllowed
from engine.events import Event, Seat
from engine.games.aa_classic.base import NONCOMBAT_MOVE
from engine.games.aa_classic.transports import Transports
from engine.rng import Rng


class Battles(Transports):
    """The combat phase."""

    def begin_combat(self, rng: Rng) -> list[Event]:
        events: list[Event] = []
        for area in sorted(self.raids):
            events += self._raid(rng, area, self.raids[area])
        self.raids = {}
        hostile = sorted((a for a in self.pos.units if self.pos.units_of(a, self.power)
                          and (self.pos.has_enemy(a, self.power, _FIGHTING)
                               or a in self.attacks or a in self.amphibious)),
                         key=lambda a: (self.board.is_land(a), a))  # sea battles first
        self.battles = [a for a in hostile if a not in self.battles]
        return events + self.next_battle(rng)

    def _raid(self, rng: Rng, area: str, bombers: int) -> list[Event]:
        victim = self.pos.controller(area)
        if victim is None:
            return []
        aa = any(AA_GUN in c for p, c in self.pos.all_units(area).items() if p == victim)
        result = strategic_bombing(rng, bombers, self.pos.treasury.get(victim, 0), aa_gun=aa,
                                   techs=self.pos.techs_of(self.power))
        self.pos.treasury[victim] -= result.paid
        if result.shot_down:
            self.pos.remove(area, self.power, {"bomber": result.shot_down})
        return [self.say("bombing", f"{self.power} bombs the complex in {area}: "
                         f"{result.shot_down} bomber{'s' if result.shot_down != 1 else ''} "
                         f"shot down, {result.damage} damage; {victim} pays {result.paid} "
                         f"IPCs.", area=area, paid=result.paid)]

    def do_rockets(self, seat: Seat, rng: Rng, from_area: str, target: str) -> list[Event]:
        """Rockets: an AA gun within 3 of an enemy complex rolls 1 die of bombing damage,
        once a turn each (reference "Weapons development", Rockets)."""
        if ROCKETS not in self.pos.techs_of(self.power):
            raise NotAllowed(f"{self.power} hasn't developed Rockets.")
        gun, aim = self.area(from_area), self.area(target)
        if gun in self.rockets_fired:
            raise NotAllowed(f"The AA gun in {gun} has fired its rocket this turn.")
        if aim not in rocket_targets(self.board, self.pos, self.power, gun):
            raise NotAllowed(f"No AA gun of {self.power} in {gun} reaches an enemy complex "
                             f"in {aim} (3 areas at most).")
        victim = self.pos.controller(aim)
        assert victim is not None
        result = rocket_attack(rng, self.pos.treasury.get(victim, 0))
        self.pos.treasury[victim] -= result.paid
        self.rockets_fired.append(gun)
        return [self.say("rockets", f"{self.power}'s rocket from {gun} hits {aim}: "
                         f"{result.damage} damage; {victim} pays {result.paid} IPCs.",
                         area=aim, paid=result.paid)]

    def next_battle(self, rng: Rng) -> list[Event]:
        """Fight battles until one pauses for a choice, or go to non-combat movement."""
        events: list[Event] = []
        while True:
            if self.battle is None:
                if not self.battles:
                    self.stage = NONCOMBAT_MOVE
                    events.append(self.say("combat_over", f"{self.power}'s battles are over: "
                                           f"non-combat movement."))
                    return events
                area = self.battles.pop(0)
                attackers = {k: n for k, n in self.pos.units_of(area, self.power).items()
                             if k in _FIGHTING}
                enemies = self.pos.enemy_units(area, self.power, _FIGHTING)
                if not enemies:
                    events += self._won(area)
                    continue
                retreats = [s for s in self.attacks.get(area, [])
                            if self.pos.friendly(s, self.power) or self.board.is_sea(s)]
                landed = {k: min(n, attackers.get(k, 0))
                          for k, n in self.amphibious.get(area, {}).items()}
                self.battle = start_battle(self.board, self.pos, area, self.power, attackers,
                                           amphibious=landed,
                                           bombard=self.bombardment(area) if landed else 0,
                                           retreats=retreats, rules=self.battle_rules)
            battle = self.battle
            lines = battle.advance(rng)
            if lines:
                events.append(self.say("battle", "\n".join(lines), area=battle.area))
            if not battle.over:
                return events
            events += self._settle()

    def _settle(self) -> list[Event]:
        battle = self.battle
        assert battle is not None
        self.battle = None
        for power, counts in battle.lost.items():
            self.pos.remove(battle.area, power, counts)
        events = self.sink_cargo(battle.area) if battle.sea else []
        if battle.outcome == "attacker":
            events += self._won(battle.area)
        if battle.sea:
            events += self.make_declared_landings(battle.area)
        return events

    def _won(self, area: str) -> list[Event]:
        if not self.board.is_land(area) or self.pos.friendly(area, self.power):
            return []
        land = [k for k, n in self.pos.units_of(area, self.power).items()
                if n and UNITS[k].domain == "land"]
        if not land:
            return []
        return [self.say("captured", line, area=area)
                for line in capture(self.board, self.pos, area, self.power)]

    def do_casualties(self, seat: Seat, rng: Rng, units: str) -> list[Event]:
        battle = self.battle
        if battle is None:
            raise NotAllowed("There is no battle waiting for casualties.")
        lines = battle.choose(seat, parse_units(units))
        events = [self.say("casualties", " ".join(lines), area=battle.area)]
        if not battle.pending:
            events += self.next_battle(rng)
        return events

    def default_casualties_for(self, seat: Seat) -> str:
        """The casualties a power's saved loss order picks now (the deadline's answer)."""
        battle = self.battle
        assert battle is not None
        choice = next(c for c in battle.pending if c.power == seat)
        order: list[Kind] = self.loss_orders.get(seat, list(DEFAULT_LOSS_ORDER))
        picked = default_casualties(choice.among, choice.hits, choice.sub_hits, order)
        return ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in picked.items())

    def do_retreat(self, seat: Seat, rng: Rng, to: str) -> list[Event]:
        battle = self.battle
        if battle is None:
            raise NotAllowed("There is no battle to retreat from.")
        target = self.area(to)
        lines = battle.retreat(target)
        for power, counts in battle.lost.items():
            self.pos.remove(battle.area, power, counts)
        battle.lost = {}
        self.sail_cargo(battle.area, target, battle.retreated.get(TRANSPORT, 0))
        self.pos.move(self.power, battle.retreated, battle.area, target)
        for entry in self.flights:  # aircraft fly back with the others: one more move
            if entry["at"] == battle.area and battle.retreated.get(entry["kind"]):
                entry["at"] = target
                entry["used"] = int(entry["used"]) + 1
        self.arrows.append([battle.area, target, self.power])
        events = [self.say("retreat", " ".join(lines), area=battle.area, to=target)]
        if battle.over:
            self.battle = None
            if battle.sea:
                events += self.make_declared_landings(battle.area)
        return events + self.next_battle(rng)

    def do_continue(self, seat: Seat, rng: Rng) -> list[Event]:
        battle = self.battle
        if battle is None:
            raise NotAllowed("There is no battle to continue.")
        battle.press_on()
        return self.next_battle(rng)


_FIGHTING = [k for k in UNITS if k not in (AA_GUN, FACTORY)]

