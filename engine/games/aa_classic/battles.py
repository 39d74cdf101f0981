"""Conduct combat: strategic bombing raids first, then every battle in turn.

The battles are fought by the loop both A&A games share (`engine.aa.fighting`): each runs on
`engine.aa.combat.Battle`, pausing when an owner must choose casualties (that power is
prompted; the deadline takes its saved loss order) and when the attacker may retreat (the
deadline presses on). A won land battle with a land unit left captures the territory;
aircraft that fought must land in non-combat movement. This module keeps what is classic's
own: the raids, rockets, the order of the battles, landings declared from a contested sea
zone, and the end of the combat phase.
"""

from __future__ import annotations

from engine.aa.combat import Battle, rocket_attack, rocket_targets
from engine.aa.fighting import FIGHTING, Fight, Fighting
from engine.aa.units import ROCKETS, SHIPS
from engine.errors import NotAllowed
from engine.events import Event, Seat
from engine.games.aa_classic.base import NONCOMBAT_MOVE
from engine.games.aa_classic.transports import Transports
from engine.rng import Rng


class Battles(Transports, Fighting):
    """The combat phase."""

    def begin_combat(self, rng: Rng) -> list[Event]:
        events: list[Event] = []
        for area in sorted(self.raids):
            events += self._raid(rng, area, self.raids[area])
        self.raids = {}
        hostile = sorted((a for a in self.pos.units if self.pos.units_of(a, self.power)
                          and (self.pos.has_enemy(a, self.power, FIGHTING)
                               or a in self.attacks or a in self.amphibious)),
                         key=lambda a: (self.board.is_land(a), a))  # sea battles first
        self.battles = [a for a in hostile if a not in self.battles]
        return events + self.next_battle(rng)

    def _raid(self, rng: Rng, area: str, bombers: int) -> list[Event]:
        raid = self.bombing_raid(rng, area, bombers)
        if raid is None:
            return []
        victim, result = raid
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
        events = self.fight(rng)
        if self.battle is None:
            self.stage = NONCOMBAT_MOVE
            events.append(self.say("combat_over", f"{self.power}'s battles are over: "
                                   "non-combat movement."))
        return events

    # ----- the hooks of the shared battle loop (engine.aa.fighting) -------------------

    def next_fight(self) -> Fight | None:
        if not self.battles:
            return None
        area = self.battles.pop(0)
        sources = self.attacks.get(area, [])
        if self.board.is_sea(area) and self.pos.units_of(area, self.power).keys() & SHIPS:
            # The attacker's ships retreat to a friendly sea zone next to the battle.
            sources = self.sea_refuges(area, self.power)
        return Fight(area, sources, self.amphibious.get(area, {}),
                     self.landings.get(area, []))

    def before_fight(self, area: str) -> list[Event]:
        return []

    def after_fight(self, area: str, battle: Battle | None) -> list[Event]:
        """Landings declared from a sea zone go ashore once its battle is won."""
        if battle is not None and battle.sea:
            return self.make_declared_landings(area)
        return []

    def units_lost(self, area: str) -> None:
        return None

    def retreated(self, battle: Battle, to: str) -> list[Event]:
        """Aircraft fly back with the others: one more move."""
        for entry in self.flights:
            if entry["at"] == battle.area and battle.retreated.get(entry["kind"]):
                entry["at"] = to
                entry["used"] = int(entry["used"]) + 1
        self.arrows.append([battle.area, to, self.power])
        return []

    def withdrew(self, power: str, area: str, to: str, subs: int) -> list[Event]:
        """Not in classic (its defending submarines never withdraw)."""
        return []

    def battle_decided(self, rng: Rng) -> list[Event]:
        return self.next_battle(rng)

    def default_casualties_for(self, seat: Seat) -> str:
        """The casualties a power's saved loss order picks now (the deadline's answer)."""
        picked = self.loss_order_casualties(seat)
        return ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in picked.items())

