"""Conduct combat: strategic bombing raids first, then every battle in turn.

The battles are fought by the loop both A&A games share (`engine.aa.fighting`): each runs on
`engine.aa.combat.Battle`, pausing when an owner must choose casualties (that power is
prompted; the deadline takes its saved loss order) and when the attacker may retreat (the
deadline presses on). A won land battle with a land unit left captures the territory;
aircraft that fought must land in non-combat movement. This module keeps what is classic's
own: the raids, rockets, the order of the battles, landings declared from a contested sea
zone, defending fighters whose carrier was sunk (they land at once, their owner choosing
where, or are lost), and the end of the combat phase.
"""

from __future__ import annotations

from engine.aa.combat import Battle, rocket_attack, rocket_targets
from engine.aa.fighting import FIGHTING, Fight, Fighting
from engine.aa.movement import carrier_room, landing_spots, stranded_fighters
from engine.aa.units import (
    BOMBER,
    FIGHTER,
    POWERS,
    ROCKETS,
    SHIPS,
    UNITS,
    Counts,
    allied,
    movement,
)
from engine.errors import NotAllowed
from engine.events import Event, Seat
from engine.game import ActionSpec, Choice, Param, Prompt
from engine.games.aa_classic.base import NONCOMBAT_MOVE
from engine.games.aa_classic.transports import Transports
from engine.rng import Rng


class Battles(Transports, Fighting):
    """The combat phase."""

    def begin_combat(self, rng: Rng) -> list[Event]:
        """Strategic bombing raids first (each is only a raid: the AA gun fires at the
        raiders once, and they stay out of any battle there), then the battles, sea battles
        first."""
        events: list[Event] = []
        for area in sorted(self.raids):
            events += self._raid(rng, area, self.raids[area])
        hostile = sorted((a for a in self.pos.units if self._fighters_in(a)
                          and (self.pos.has_enemy(a, self.power, FIGHTING)
                               or a in self.attacks or a in self.amphibious)),
                         key=lambda a: (self.board.is_land(a), a))  # sea battles first
        self.battles = [a for a in hostile if a not in self.battles]
        return events + self.next_battle(rng)

    def _fighters_in(self, area: str) -> Counts:
        """The power's units in `area` that fight there (not the bombers that raided it)."""
        raiders = {BOMBER: self.raids.get(area, 0)}
        have = self.pos.units_of(area, self.power)
        return {k: n - raiders.get(k, 0) for k, n in have.items() if n > raiders.get(k, 0)}

    def _raid(self, rng: Rng, area: str, bombers: int) -> list[Event]:
        """A strategic bombing raid (reference "Strategic bombing"): not a battle; the
        surviving raiders stay there (`raids`) until they fly off to land."""
        bombers = min(bombers, self.pos.units_of(area, self.power).get(BOMBER, 0))
        raid = self.bombing_raid(rng, area, bombers) if bombers else None
        if raid is None:
            self.raids.pop(area, None)
            return []
        victim, result = raid
        self.pos.treasury[victim] -= result.paid
        if result.shot_down:
            self.pos.remove(area, self.power, {BOMBER: result.shot_down})
            self._forget_flights(area, BOMBER, result.shot_down)
        self.raids[area] = bombers - result.shot_down
        return [self.say("bombing", f"{self.power} bombs the complex in {area}: "
                         f"{result.shot_down} bomber{'s' if result.shot_down != 1 else ''} "
                         f"shot down, {result.damage} damage; {victim} pays {result.paid} "
                         f"IPCs.", area=area, paid=result.paid)]

    def _forget_flights(self, area: str, kind: str, count: int) -> None:
        """Aircraft lost in `area` no longer fly (the most used entries go first)."""
        entries = sorted((f for f in self.flights if f["at"] == area and f["kind"] == kind),
                         key=lambda f: -int(f["used"]))
        for entry in entries[:count]:
            self.flights.remove(entry)

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
        if self.battle is None and not self.ditching:
            self.stage = NONCOMBAT_MOVE
            events.append(self.say("combat_over", f"{self.power}'s battles are over: "
                                   "non-combat movement."))
        return events

    # ----- the hooks of the shared battle loop (engine.aa.fighting) -------------------

    def next_fight(self) -> Fight | None:
        if not self.battles or self.ditching:
            return None
        area = self.battles.pop(0)
        sources = self.attacks.get(area, [])
        if self.board.is_sea(area) and self.pos.units_of(area, self.power).keys() & SHIPS:
            # The attacker's ships retreat to a friendly sea zone next to the battle.
            sources = self.sea_refuges(area, self.power)
        return Fight(area, sources, self.amphibious.get(area, {}),
                     self.landings.get(area, []), {BOMBER: self.raids.get(area, 0)})

    def before_fight(self, area: str) -> list[Event]:
        return []

    def after_fight(self, area: str, battle: Battle | None) -> list[Event]:
        """After a sea battle, defending fighters whose carrier was sunk land at once, and
        landings declared from the sea zone go ashore once its battle is won."""
        if battle is not None and battle.sea:
            defenders = [p for p in POWERS if not allied(p, self.power)]
            for power, count in stranded_fighters(self.pos, area, defenders).items():
                self.ditching.append([power, area, count])
            return self.make_declared_landings(area) + self.land_stranded()
        return []

    # ----- defending fighters whose carrier was sunk ---------------------------------

    def ditch_spots(self, power: str, zone: str) -> list[str]:
        """Where `power`'s fighters in `zone` may land now: a territory friendly since the
        turn began, or a friendly carrier with room, within a fighter's move, nearest
        first."""
        reach = movement(FIGHTER, self.pos.techs_of(power))
        return [a for a in landing_spots(self.board, self.pos, power, FIGHTER, zone, reach,
                                         rules=self.move_rules) if a != zone]

    def land_stranded(self) -> list[Event]:
        """Land the stranded fighters that have one place to go, lose those with none; stop
        at the first with a choice (its owner is asked)."""
        events: list[Event] = []
        while self.ditching:
            power, zone, count = self.ditching[0]
            here = self.pos.units_of(zone, power).get(FIGHTER, 0)
            count = min(int(count), here)
            spots = self.ditch_spots(power, zone)
            if count and len(spots) > 1:
                self.ditching[0][2] = count
                return events
            self.ditching.pop(0)
            if not count:
                continue
            if not spots:
                self.pos.remove(zone, power, {FIGHTER: count})
                events.append(self.say("crashed", f"{power} loses "
                                       f"{UNITS[FIGHTER].label(count)} in {zone}: the "
                                       f"carrier is sunk and no place to land is within "
                                       f"reach.", area=zone, owner=power))
                continue
            events += self._ditch(power, zone, count, spots[0])
        return events

    def _ditch(self, power: str, zone: str, count: int, to: str) -> list[Event]:
        """`count` fighters of `power` fly from `zone` to `to` (as many as its carriers
        hold at sea); the rest stay to be landed."""
        room = count if self.board.is_land(to) else min(count, carrier_room(self.pos, to, power))
        self.pos.move(power, {FIGHTER: room}, zone, to)
        if room < count:
            self.ditching.insert(0, [power, zone, count - room])
        verb = "lands" if room == 1 else "land"
        return [self.say("landed", f"{power}'s {UNITS[FIGHTER].label(room)} from the sunk "
                         f"carrier in {zone} {verb} in {to}.", area=to, owner=power)]

    def do_land_stranded(self, seat: Seat, rng: Rng, to: str) -> list[Event]:
        """The owner of fighters whose carrier was sunk lands them (`land` in combat)."""
        power, zone, count = self.ditching[0]
        spot = self.area(to)
        if spot not in self.ditch_spots(power, zone):
            raise NotAllowed(f"{power}'s fighters in {zone} can land only in "
                             f"{', '.join(self.ditch_spots(power, zone))}.")
        self.ditching.pop(0)
        events = self._ditch(power, zone, int(count), spot)
        events += self.land_stranded()
        if not self.ditching:
            events += self.next_battle(rng)
        return events

    def ditch_prompt(self) -> dict[Seat, Prompt]:
        power, zone, count = self.ditching[0]
        choices = tuple(Choice(a) for a in self.ditch_spots(power, zone))
        seat = self.seat_of(power)
        them = "it" if int(count) == 1 else "them"
        return {seat: Prompt(seat, f"Your {UNITS[FIGHTER].label(int(count))} in {zone} "
                             f"lost {'its' if them == 'it' else 'their'} carrier: land "
                             f"{them} now, or {'it is' if them == 'it' else 'they are'} "
                             f"lost.", (
            ActionSpec("land", "Land the fighters", (Param("to", choices),)),))}

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

