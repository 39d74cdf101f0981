"""Following battles through a game: one fought at a time, paused for its owners' choices.

Both A&A games fight the same way (`aa-classic` in its combat phase, `plotted-aa` after each
revealed action): the next battle of the game's queue starts on `engine.aa.combat.Battle`
against the enemies in the area (unopposed, the area is simply taken); it runs until an
owner must choose casualties, the attacker may retreat, or (where the game's rules let
them) a defending power's submarines may withdraw; the answers (`casualties`, `retreat`,
`continue`) go on with it; when it is over the losses leave the board, cargo beyond the
surviving transports sinks, and a won land battle with a land unit left captures the
territory. A retreat takes the retreating units, and the cargo of their transports, to the
area chosen at once; withdrawing submarines go to a friendly sea zone next to the battle.

What differs stays in each game, behind the hooks below: where the battles come from
(`next_fight`), what happens around them (aircraft forced down or landing, landings declared
from a contested sea zone), the bookkeeping of a retreat, and what comes after a decision.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.aa.combat import (
    DEFAULT_LOSS_ORDER,
    Battle,
    BattleRules,
    BombingResult,
    capture,
    default_casualties,
    start_battle,
    strategic_bombing,
)
from engine.aa.map import AAMap, Area
from engine.aa.movement import MoveRules, canal_open, split_cargo
from engine.aa.position import Position
from engine.aa.units import (
    AA_GUN,
    AIRCRAFT,
    BATTLESHIP,
    FACTORY,
    SUBMARINE,
    TRANSPORT,
    UNITS,
    Counts,
    Kind,
    Power,
    describe_units,
    find_kind,
    parse_units,
    subtract,
)
from engine.errors import NotAllowed
from engine.events import Event, Seat, private
from engine.game import ActionSpec, Choice, Game, Param, Prompt
from engine.rng import Rng

# Units that fight (AA guns and complexes stand by; they change hands with the territory).
FIGHTING = [k for k in UNITS if k not in (AA_GUN, FACTORY)]


@dataclass
class Fight:
    """A battle to fight: where, where the attacking land and sea units came from (the
    retreats), what landed from the sea, the sea zones it landed from (bombardment), and
    the attacker's units there that stay out of it (bombers that raided the complex)."""

    area: Area
    sources: Sequence[Area] = ()
    amphibious: Counts = field(default_factory=dict)
    seas: Sequence[Area] = ()
    bystanders: Counts = field(default_factory=dict)


class Fighting(Game):
    """Battles one at a time: `casualties`, `retreat`, `continue`, and their prompts."""

    board: AAMap
    pos: Position
    battle: Battle | None
    loss_orders: dict[Power, list[Kind]]

    # ----- what the game provides ---------------------------------------------------

    @property
    @abstractmethod
    def power(self) -> Power:
        """The power whose move this is: the attacker."""

    @property
    @abstractmethod
    def move_rules(self) -> MoveRules:
        """The game's movement options."""

    @property
    @abstractmethod
    def battle_rules(self) -> BattleRules:
        """The game's combat options."""

    @abstractmethod
    def say(self, kind: str, text: str, **data: object) -> Event:
        """A public event of the game."""

    @abstractmethod
    def area(self, text: str) -> Area:
        """The area a player's words name."""

    @abstractmethod
    def next_fight(self) -> Fight | None:
        """Take the next battle off the game's queue (None: no battle left)."""

    @abstractmethod
    def before_fight(self, area: Area) -> list[Event]:
        """The attacker arrives in `area`, before its battle is set up."""

    @abstractmethod
    def after_fight(self, area: Area, battle: Battle | None) -> list[Event]:
        """The battle in `area` is over (`battle` None: there was none to fight)."""

    @abstractmethod
    def units_lost(self, area: Area) -> None:
        """Casualties just left `area` (keep the game's own records of units in step)."""

    @abstractmethod
    def retreated(self, battle: Battle, to: Area) -> list[Event]:
        """The attacker's units `battle.retreated` just moved from the battle to `to`."""

    @abstractmethod
    def withdrew(self, power: Power, area: Area, to: Area, subs: int) -> list[Event]:
        """`subs` defending submarines of `power` just withdrew from `area` to `to`."""

    @abstractmethod
    def battle_decided(self, rng: Rng) -> list[Event]:
        """Go on after a casualty choice or a retreat decision (the next battle, or the
        rest of the game's sequence)."""

    # ----- fighting ----------------------------------------------------------------------

    def fight(self, rng: Rng) -> list[Event]:
        """Fight the queued battles until one pauses for a choice or none is left."""
        events: list[Event] = []
        power = self.power
        while True:
            if self.battle is None:
                plan = self.next_fight()
                if plan is None:
                    return events
                area = plan.area
                events += self.before_fight(area)
                attackers = {k: n - plan.bystanders.get(k, 0)
                             for k, n in self.pos.units_of(area, power).items()
                             if k in FIGHTING and n > plan.bystanders.get(k, 0)}
                if not self.pos.enemy_units(area, power, FIGHTING) \
                        and not self.lone_aa_gun(area, attackers):
                    events += self.won(area)
                    events += self.after_fight(area, None)
                    continue
                retreats = [s for s in plan.sources
                            if self.pos.friendly(s, power) or self.board.is_sea(s)]
                landed = {k: min(n, attackers.get(k, 0)) for k, n in plan.amphibious.items()}
                rules = self.battle_rules
                subs = self.pos.enemy_units(area, power, [SUBMARINE]) \
                    if rules.sub_withdrawal and self.board.is_sea(area) else {}
                self.battle = start_battle(self.board, self.pos, area, power, attackers,
                                           amphibious=landed,
                                           bombard=self.bombardment(plan.seas) if landed else 0,
                                           retreats=retreats,
                                           withdrawals={p: self.sea_refuges(area, p)
                                                        for p in subs},
                                           rules=rules)
            battle = self.battle
            lines = battle.advance(rng)
            if lines:
                events.append(self.say("battle", "\n".join(lines), area=battle.area,
                                       power=power))
            if not battle.over:
                return events
            events += self._settle(battle)

    def lone_aa_gun(self, area: Area, attackers: Counts) -> bool:
        """An enemy AA gun with no other defender still fires at the attacking aircraft
        (the 1984 rules: it fires at every aircraft attacking its territory)."""
        return self.board.is_land(area) and any(attackers.get(k) for k in AIRCRAFT) \
            and self.pos.has_enemy(area, self.power, [AA_GUN])

    def sea_refuges(self, zone: Area, power: Power) -> list[Area]:
        """The sea zones next to `zone` where `power`'s ships may go from a battle: no enemy
        unit there, and a canal on the way open to `power`."""
        return sorted(z for z in self.board.neighbours(zone)
                      if self.board.is_sea(z) and not self.pos.has_enemy(z, power)
                      and canal_open(self.board, self.pos, power, zone, z))

    def bombardment(self, seas: Sequence[Area]) -> int:
        """The attacker's battleships offshore an amphibious assault, not in a sea battle."""
        return sum(self.pos.units_of(z, self.power).get(BATTLESHIP, 0)
                   for z in seas if not self.pos.has_enemy(z, self.power))

    def _settle(self, battle: Battle) -> list[Event]:
        self.battle = None
        self._clear_losses(battle)
        events = self.sink_cargo(battle.area) if battle.sea else []
        if battle.outcome == "attacker":
            events += self.won(battle.area)
        return events + self.after_fight(battle.area, battle)

    def _clear_losses(self, battle: Battle) -> None:
        for power, counts in battle.lost.items():
            self.pos.remove(battle.area, power, counts)
        battle.lost = {}
        self.units_lost(battle.area)

    def won(self, area: Area) -> list[Event]:
        """The attacker takes a land territory it holds with a land unit."""
        power = self.power
        if not self.board.is_land(area) or self.pos.friendly(area, power):
            return []
        if not any(n and UNITS[k].domain == "land"
                   for k, n in self.pos.units_of(area, power).items()):
            return []
        return [self.say("captured", line, power=power, area=area)
                for line in capture(self.board, self.pos, area, power)]

    def sink_cargo(self, zone: Area) -> list[Event]:
        """After a battle at sea: cargo beyond what the surviving transports hold is lost."""
        events: list[Event] = []
        for power, aboard in list(self.pos.cargo.get(zone, {}).items()):
            left = self.pos.units_of(zone, power).get(TRANSPORT, 0)
            split = split_cargo(aboard, left, None, rules=self.move_rules)
            lost = subtract(aboard, split[0] if split else {})
            if lost:
                self.pos.drop_cargo(zone, power, lost)
                events.append(self.say("cargo_lost", f"{power} loses {describe_units(lost)} "
                                       f"aboard sunk transports in {zone}.", area=zone))
        return events

    def bombing_raid(self, rng: Rng, area: Area,
                     bombers: int) -> tuple[Power, BombingResult] | None:
        """The attacker's bombers raid the complex in `area` (its AA gun fires first)."""
        victim = self.pos.controller(area)
        if victim is None:
            return None
        aa = any(AA_GUN in c for p, c in self.pos.all_units(area).items() if p == victim)
        return victim, strategic_bombing(rng, bombers, self.pos.treasury.get(victim, 0),
                                         aa_gun=aa, techs=self.pos.techs_of(self.power))

    # ----- the owners' decisions ---------------------------------------------------------

    def do_casualties(self, seat: Seat, rng: Rng, units: str) -> list[Event]:
        battle = self.battle
        if battle is None:
            raise NotAllowed("There is no battle waiting for casualties.")
        lines = battle.choose(seat, parse_units(units))
        events = [self.say("casualties", " ".join(lines), area=battle.area)]
        if not battle.pending:
            events += self.battle_decided(rng)
        return events

    def do_retreat(self, seat: Seat, rng: Rng, to: str) -> list[Event]:
        battle = self.battle
        if battle is None:
            raise NotAllowed("There is no battle to retreat from.")
        target = self.area(to)
        if battle.stage == "withdraw":
            return self._withdraw(battle, seat, target, rng)
        lines = battle.retreat(target)
        self._clear_losses(battle)
        self._sail_along(battle.area, target, battle.retreated.get(TRANSPORT, 0))
        self.pos.move(self.power, battle.retreated, battle.area, target)
        events = [self.say("retreat", " ".join(lines), area=battle.area, to=target)]
        events += self.retreated(battle, target)
        if battle.over:
            self.battle = None
            events += self.after_fight(battle.area, battle)
        return events + self.battle_decided(rng)

    def _withdraw(self, battle: Battle, power: Power, to: Area, rng: Rng) -> list[Event]:
        """A defending power's submarines withdraw to a friendly sea zone next to the battle."""
        subs = battle.defenders.get(power, {}).get(SUBMARINE, 0)
        lines = battle.withdraw(power, to)
        self._clear_losses(battle)
        self.pos.move(power, {SUBMARINE: subs}, battle.area, to)
        events = [self.say("withdrawal", " ".join(lines), area=battle.area, to=to,
                           power=power)]
        events += self.withdrew(power, battle.area, to, subs)
        return events + self.battle_decided(rng)

    def _sail_along(self, start: Area, end: Area, transports: int) -> None:
        """The cargo of transports leaving `start` goes with them."""
        aboard = self.pos.cargo_of(start, self.power)
        if not aboard or not transports:
            return
        have = self.pos.units_of(start, self.power).get(TRANSPORT, 0)
        split = split_cargo(aboard, transports, have - transports, rules=self.move_rules) \
            or split_cargo(aboard, transports, None, rules=self.move_rules)
        if split is not None:
            self.pos.ship_cargo(self.power, start, end, split[0])

    def do_continue(self, seat: Seat, rng: Rng) -> list[Event]:
        battle = self.battle
        if battle is None:
            raise NotAllowed("There is no battle to continue.")
        battle.press_on()
        return self.battle_decided(rng)

    # ----- prompts and the deadline ------------------------------------------------------

    def battle_prompts(self) -> dict[Seat, Prompt]:
        """Who must answer the battle being fought, and how."""
        battle = self.battle
        if battle is None:
            return {}
        if battle.pending:
            return {c.power: Prompt(c.power, f"Battle in {battle.area}: {_yours(c.describe())}", (
                ActionSpec("casualties", "Choose casualties", (Param("units"),)),))
                for c in battle.pending}
        if battle.stage == "withdraw":
            seat = battle.decider
            return {seat: Prompt(seat, f"Battle in {battle.area}, round {battle.round}: your "
                                 "submarines may withdraw to a friendly sea zone next to it, "
                                 "or stay.", (
                ActionSpec("continue", "Stay"),
                ActionSpec("retreat", "Withdraw the submarines",
                           (Param("to", tuple(Choice(a) for a in battle.refuges)),))))}
        if battle.stage == "retreat":
            seat = battle.attacker
            return {seat: Prompt(seat, f"Battle in {battle.area}, round {battle.round}: "
                                 "press on or retreat.", (
                ActionSpec("continue", "Press on"),
                ActionSpec("retreat", "Retreat",
                           (Param("to", tuple(Choice(a) for a in battle.retreats)),))))}
        return {}

    def do_loss_order(self, seat: Seat, rng: Rng, order: str) -> list[Event]:
        """Save the order in which this power's units are lost when it doesn't choose."""
        kinds = [find_kind(word) for word in order.replace(";", ",").split(",") if word.strip()]
        if len(set(kinds)) != len(kinds) or not kinds:
            raise NotAllowed("Name each unit kind once, cheapest loss first, e.g. "
                             "\"inf, arm, ftr, bmb\".")
        self.loss_orders[seat] = kinds
        listed = ", ".join(UNITS[k].plural for k in kinds)
        return [private(seat, "loss_order", f"Saved loss order for {seat}: {listed}.")]

    def loss_order_casualties(self, power: Power) -> Counts:
        """The casualties `power`'s saved loss order picks now (the deadline's answer)."""
        battle = self.battle
        assert battle is not None
        choice = next(c for c in battle.pending if c.power == power)
        order: list[Kind] = self.loss_orders.get(power, list(DEFAULT_LOSS_ORDER))
        return default_casualties(choice.among, choice.hits, choice.sub_hits, order)


def _yours(choice: str) -> str:
    """A casualty choice said to its own power (its prompt already names the seat):
    "Choose 2 casualties among ..." rather than "Germany: choose 2 casualties ..."."""
    words = choice.split(": ", 1)[-1]
    return words[:1].upper() + words[1:]
