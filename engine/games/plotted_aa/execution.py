"""The Execution Phase: rounds; in turn order each power reveals its action for the round
and its owner executes all, some or none of it (Plotted A&A, "Execution Phase").

A move is executed from the position as it stands now, by the blocks' movement rules
(`engine.aa.movement`), with the rulebook's limits: a tank or ship plotted to move two
areas moves both, stops at the first (`stop`: attacking there if it is hostile) or stays;
aircraft fly to their plotted destination or not at all; units move once a turn, aircraft
at most twice within their range. What can no longer be done as plotted stays where it is
when the owner lets the bot execute "as plotted"; when the owner names the units, a unit
that can't go is refused with the reason. Combat is fought before the next power acts, by
the battle loop both A&A games share (`engine.aa.fighting`: casualties chosen by their
owners, the attacker's retreat, a defending submarine's withdrawal); this module gives it
the battles an action started and what Plotted A&A does around them (aircraft forced down,
landing after the attack). Then the aircraft that must land are landed (`landing`), then
the next power reveals.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from engine.aa.combat import (
    DEFAULT_LOSS_ORDER,
    Battle,
    capture,
    rocket_attack,
    rocket_targets,
)
from engine.aa.economy import (
    capacity,
    check_placement,
    factories_at_start,
    one_aa_gun,
    purchase_cost,
)
from engine.aa.fighting import FIGHTING, Fight, Fighting
from engine.aa.flyover import fire_at_flight, flight_path
from engine.aa.map import Area
from engine.aa.movement import (
    check_unload,
    hostile,
    split_cargo,
    transport_fits,
    unit_route,
)
from engine.aa.units import (
    AA_GUN,
    AIRCRAFT,
    BOMBER,
    CARRIER,
    FACTORY,
    FIGHTER,
    POWERS,
    ROCKETS,
    SHIPS,
    SUBMARINE,
    TRANSPORT,
    UNITS,
    Counts,
    Power,
    add,
    describe_units,
    movement,
    subtract,
    total,
)
from engine.errors import NotAllowed
from engine.events import Event, Seat
from engine.games.plotted_aa.base import FINAL_BUILD
from engine.games.plotted_aa.commitment import canonical_plot
from engine.games.plotted_aa.form import BUILD, NOOP, Action, Source, describe_action
from engine.games.plotted_aa.landing import Landing
from engine.rng import Rng

# Events that show something was done (moved, built, unloaded, bombed...).
DOING = frozenset({"moved", "built", "unloaded", "loaded", "bombing", "blitz", "neutral"})


class Execution(Landing, Fighting):
    """Reveal, `execute`, `pass`; builds and moves as the rulebook executes them."""

    # ----- rounds and reveals ---------------------------------------------------

    def next_round(self, rng: Rng) -> list[Event]:
        self.round += 1
        if self.round > self.last_round():
            return self.end_execution(rng)
        self.current = -1
        return [self.say("round", f"Turn {self.turn}, round {self.round}.",
                         round=self.round)] + self.next_power(rng)

    def next_power(self, rng: Rng) -> list[Event]:
        """Reveal the next power's action this round (NOOPs and missing rounds pass by)."""
        events: list[Event] = []
        while True:
            self.current += 1
            if self.current >= len(POWERS):
                self.current = len(POWERS) - 1
                events.append(self.say("round_over", f"Round {self.round} is over.",
                                       round=self.round,
                                       moves=[dict(m) for m in self.moves
                                              if m["round"] == self.round]))
                return events + self.next_round(rng)
            power = self.power
            action = self.action_of(power, self.round)
            if action is None:
                events.append(self.say("reveal", f"{power} has no action in round "
                                       f"{self.round}: its units defend.", power=power,
                                       round=self.round, action=None))
                continue
            if action.kind == NOOP:
                events.append(self.say("reveal", f"{power} reveals a NOOP: its units stay "
                                       "where they are and defend.", power=power,
                                       round=self.round, action=action.to_json()))
                self.note_outcome(power, action, "noop")
                continue
            self.revealed = action
            events.append(self.say("reveal", f"{power} reveals its action: "
                                   f"{describe_action(action)}", power=power,
                                   round=self.round, action=action.to_json()))
            return events

    def proceed(self, rng: Rng) -> list[Event]:
        """After an action: fight its battles, land its aircraft, then the next power."""
        events: list[Event] = []
        while True:
            if self.battle is not None or self.battles:
                events += self.fight(rng)
                if self.battle is not None:
                    return events + self.settle(rng)
                continue
            events += self.crash_stranded()
            if self.landings:
                return events + self.settle(rng)
            events += self.check_aloft(self.power)
            events += self.crash_stranded()
            if self.landings:
                return events + self.settle(rng)
            break
        events += self.next_power(rng)
        return events + self.settle(rng)

    def end_execution(self, rng: Rng) -> list[Event]:
        disclosed = {}
        for power in POWERS:
            disclosed[power] = {"plot": canonical_plot(self.plots.get(power, [])),
                                "salt": self.salts.get(power, ""),
                                "digest": self.digests.get(power, "")}
        self.disclosed = disclosed
        self.round = 0
        self.revealed = None
        events = [self.say("plots_disclosed", f"Turn {self.turn}'s plots and salts are public "
                           "now: anyone can check each against the digest published at "
                           "submit (sha256 of the salt followed by the plot).",
                           plots=disclosed)]
        self.stage = FINAL_BUILD
        self.current = -1
        events += self.turn_report()
        return events + self.next_final_builder(rng)

    def turn_report(self) -> list[Event]:
        """The turn report, once the Execution Phase is over (`report.py`)."""
        return []

    @abstractmethod
    def next_final_builder(self, rng: Rng) -> list[Event]:
        """Prompt the next power of the Final Build Phase (the builds mixin)."""

    # ----- the owner's decision -------------------------------------------------------

    def do_execute(self, seat: Seat, rng: Rng, units: str | None = None, stop: bool = False,
                   bomb: bool = False, sea: str | None = None,
                   over: str | None = None) -> list[Event]:
        """Execute the revealed action: all of it (as plotted, where still legal), or the
        units named; `stop`: two-area movers stop at the area they move through; `bomb`:
        bombers reaching an enemy industrial complex bomb it; `sea`: the sea zone next to
        the factory where ships built go ("Executing Build Actions"); `over`: the areas the
        aircraft fly over ("Executing Aircraft Movement": "A fighter or bomber chooses which
        areas it will fly over"), one way per area they leave, separated by ';'."""
        action = self.revealed
        if action is None:
            raise NotAllowed("No action of yours is revealed now.")
        self.revealed = None
        self.held = []
        ways = self._ways(over) if over else []
        if action.kind == BUILD:
            if ways:
                raise NotAllowed("Only aircraft fly over areas; a build moves nothing.")
            events = self.execute_build(action, self.units(units) if units else None, sea)
        else:
            if sea is not None:
                raise NotAllowed("A sea zone is asked only where ships are built.")
            events = self.execute_move(rng, action, self.units(units) if units else None,
                                       stop=stop, bomb=bomb, ways=ways)
        done = any(e.kind in DOING and (e.kind != "built" or e.data.get("units"))
                   and not e.text.endswith("moves nothing.") for e in events)
        if self.held:
            self.note_outcome(seat, action, "in part" if done else "blocked",
                              " ".join(dict.fromkeys(self.held)))
        elif units or stop:
            self.note_outcome(seat, action, "chosen", "stopping at the first area" if stop
                              else "")
        else:
            self.note_outcome(seat, action, "executed" if done else "blocked")
        return events + self.proceed(rng)

    def do_execute_part(self, seat: Seat, rng: Rng, units: str | None = None,
                        stop: bool = False, bomb: bool = False, sea: str | None = None,
                        over: str | None = None) -> list[Event]:
        """Execute the revealed action with choices: only the units named, stopping at the
        first area, bombing, a sea zone, a way for the aircraft (the form of "in part";
        `execute` alone is "as plotted", one click)."""
        return self.do_execute(seat, rng, units=units, stop=stop, bomb=bomb, sea=sea,
                               over=over)

    def note_outcome(self, power: Power, action: Action, status: str, why: str = "") -> None:
        """What became of a revealed action, for the turn report: executed, chosen (the
        units its owner named), in part, blocked (and by what), passed, or a NOOP."""
        self.outcomes.setdefault(power, []).append({
            "round": action.round, "status": status, "why": why,
            "by_orders": bool(getattr(self, "_by_orders", False))})

    def _ways(self, over: str) -> list[list[Area]]:
        """The ways the owner gave its aircraft: areas in order, split by ',' (one way) and
        ';' (the ways of aircraft leaving different areas)."""
        ways = [[self.area(name.strip()) for name in part.split(",") if name.strip()]
                for part in over.split(";")]
        return [way for way in ways if way]

    def do_pass(self, seat: Seat, rng: Rng) -> list[Event]:
        action = self.revealed
        if action is None:
            raise NotAllowed("No action of yours is revealed now.")
        self.revealed = None
        if action.kind == BUILD:
            self.defer_build(seat, action.build)
        self.note_outcome(seat, action, "passed")
        return [self.say("passed", f"{seat} passes: nothing of its round {self.round} action "
                         "is done.", power=seat)] + self.proceed(rng)

    # ----- builds ------------------------------------------------------------------------

    def execute_build(self, action: Action, chosen: Counts | None,
                      sea: str | None = None) -> list[Event]:
        """Place all, some or none of the plotted units at the factory, paying for them
        ("Executing Build Actions"); what isn't built waits for the Final Build Phase."""
        power, factory = self.power, action.area
        assert factory is not None
        plotted = dict(action.build)
        if chosen is not None:
            for kind, n in chosen.items():
                if plotted.get(kind, 0) < n:
                    raise NotAllowed(f"You plotted {describe_units(plotted)} at {factory}: you "
                                     "may not build a unit you didn't plot to build.")
        if plotted.get(FACTORY):
            return self._build_complex(factory, chosen)
        held = factory in factories_at_start(self.board, self.pos, power)
        reasons: list[str] = []
        if chosen is None:
            if held:
                chosen, reasons = self.affordable_build(power, factory, plotted)
            else:
                chosen, reasons = {}, [f"{power} hasn't held the complex in {factory} since "
                                       "the turn began"]
        elif not held:
            raise NotAllowed(f"{power} no longer holds the complex in {factory}: build the "
                             "units in the Final Build Phase.")
        events: list[Event] = []
        if chosen:
            events += self.place_units(power, factory, chosen, sea)
        rest = subtract(plotted, chosen)
        self.defer_build(power, rest)
        if not chosen:
            events.append(self.say("built", f"{power} builds nothing at {factory} now.",
                                   power=power, area=factory))
        if reasons and any(rest.values()):
            self.held.append(f"{describe_units(rest)} not built at {factory}: "
                             f"{'; '.join(reasons)}.")
            events.append(self.say("unbuilt", f"{describe_units(rest)} not built at {factory} "
                                   f"now: {'; '.join(reasons)}. What is not built may be built "
                                   "in the Final Build Phase.", power=power, area=factory,
                                   units=dict(rest)))
        return events

    def affordable_build(self, power: Power, factory: Area,
                         wanted: Counts) -> tuple[Counts, list[str]]:
        """What of `wanted` can be built at `factory` now, in the order wanted, and why the
        rest can't: ships need a sea zone without enemy ships, a power has one AA gun a
        territory, the IPCs go as far as they go, and the complex's capacity."""
        chosen: Counts = {}
        reasons: list[str] = []
        money = self.pos.treasury.get(power, 0)
        techs = self.pos.techs_of(power)
        placeable = self.ship_zones(power, factory)
        guns = 1 - self.pos.units_of(factory, power).get(AA_GUN, 0)
        for kind, n in wanted.items():
            if kind in SHIPS and not placeable:
                reasons.append(f"enemy ships are in every sea zone next to {factory}")
                continue
            if kind == AA_GUN and n > guns:
                reasons.append(f"one AA gun of {power}'s may stand in {factory}"
                               + (", and one is there already" if guns <= 0 else ""))
                n = max(guns, 0)
            price = purchase_cost({kind: 1}, techs)
            afford = min(n, money // price) if price else n
            if afford < n:
                reasons.append(f"{power} has too few IPCs")
            if afford:
                chosen[kind] = afford
                money -= afford * price
        fitted = self._fit_capacity(power, factory, chosen)
        if fitted != chosen:
            reasons.append(f"the complex in {factory} builds at most "
                           f"{capacity(self.board, factory, self.economy_rules, power)} units "
                           "a turn")
        return fitted, list(dict.fromkeys(reasons))

    def _build_complex(self, area: Area, chosen: Counts | None) -> list[Event]:
        """A new industrial complex ("Plotting Build Actions", where by the standard rules:
        a territory held since the start of the turn, worth an IPC, without a complex), if
        it can still be built and paid for now. One not built now is never built this turn
        (decision D-15): the Final Build Phase builds at original factories only, and "If
        it's impossible to build units you plotted to build, just hang on to your IPCs"."""
        power = self.power
        if chosen is not None and not chosen.get(FACTORY):
            return [self.say("built", f"{power} builds nothing at {area} now.", power=power,
                             area=area)]
        price = purchase_cost({FACTORY: 1}, self.pos.techs_of(power))
        try:
            check_placement(self.board, self.pos, power, area, {FACTORY: 1},
                            rules=self.economy_rules)
            if price > self.pos.treasury.get(power, 0):
                raise NotAllowed(f"An industrial complex costs {price} IPCs; {power} has "
                                 f"{self.pos.treasury.get(power, 0)}.")
        except NotAllowed as exc:
            if chosen is not None:
                raise
            self.held.append(f"The industrial complex in {area} can't be built now: "
                             f"{exc.message}")
            return [self.say("built", f"{power} can't build the industrial complex in {area} "
                             f"now. {exc.message} {power} keeps its IPCs.", power=power,
                             area=area)]
        return self.place_units(power, area, {FACTORY: 1})

    def defer_build(self, power: Power, units: Counts) -> None:
        """Plotted units not built now may be built in the Final Build Phase; an industrial
        complex may not (D-15)."""
        rest = {k: n for k, n in units.items() if k != FACTORY and n}
        if rest:
            self.unbuilt[power] = add(self.unbuilt.get(power, {}), rest)

    def ship_zones(self, power: Power, factory: Area) -> list[Area]:
        """The sea zones next to a factory where its new ships may go: no enemy ship there."""
        return sorted(z for z in self.board.coast(factory)
                      if not self.pos.has_enemy(z, power, SHIPS))

    def ship_zone(self, power: Power, factory: Area, sea: str | None) -> Area:
        """The sea zone the owner chose for ships built at `factory` ("a ship built at a
        coastal factory goes to the adjacent sea zone its owner chooses"); asked only when
        there is a choice."""
        zones = self.ship_zones(power, factory)
        if not zones:
            raise NotAllowed(f"Enemy ships are in every sea zone next to {factory}: no ship "
                             "can be placed there now.")
        if sea is None:
            if len(zones) == 1:
                return zones[0]
            raise NotAllowed(f"Ships built at {factory} go to a sea zone next to it: say which "
                             f"({' or '.join(zones)}).")
        zone = self.area(sea)
        if zone not in zones:
            raise NotAllowed(f"Ships built at {factory} go to {' or '.join(zones)}, not "
                             f"{zone}.")
        return zone

    def _fit_capacity(self, power: Power, factory: Area, chosen: Counts) -> Counts:
        cap = capacity(self.board, factory, self.economy_rules, power)
        if cap is None:
            return chosen
        room = cap - self.placed.get(factory, 0)
        out: Counts = {}
        for kind, n in chosen.items():
            take = min(n, max(room, 0))
            if take:
                out[kind] = take
                room -= take
        return out

    def place_units(self, power: Power, factory: Area, units: Counts,
                    zone: str | None = None) -> list[Event]:
        """Pay for and place units at a factory; ships in the sea zone `zone` names."""
        techs = self.pos.techs_of(power)
        price = purchase_cost(units, techs)
        if price > self.pos.treasury.get(power, 0):
            raise NotAllowed(f"{describe_units(units)} cost {price} IPCs; {power} has "
                             f"{self.pos.treasury.get(power, 0)}: choose which units not to "
                             "build.")
        ships = {k: n for k, n in units.items() if k in SHIPS}
        others = {k: n for k, n in units.items() if k not in SHIPS}
        sea = self.ship_zone(power, factory, zone) if ships else None
        check_placement(self.board, self.pos, power, factory, units, sea=sea,
                        already=self.placed.get(factory, 0), rules=self.economy_rules)
        self.pos.treasury[power] -= price
        built = self.built.setdefault(power, {})
        if others:
            self.pos.place(factory, power, others)
            built[factory] = add(built.get(factory, {}), others)
        if ships and sea is not None:
            self.pos.place(sea, power, ships)
            built[sea] = add(built.get(sea, {}), ships)
        self.placed[factory] = self.placed.get(factory, 0) + total(units)
        self.note_built(power, units)
        where = factory + (f" and {sea}" if ships and sea else "")
        return [self.say("built", f"{power} builds {describe_units(units)} in {where} "
                         f"({price} IPCs).", power=power, area=factory, units=dict(units))]

    # ----- moves ---------------------------------------------------------------------

    def execute_move(self, rng: Rng, action: Action, chosen: Counts | None, *, stop: bool,
                     bomb: bool, ways: list[list[Area]] | None = None) -> list[Event]:
        power, end = self.power, action.area
        assert end is not None
        self.held = []
        earlier, recorded = self.moves, len(self.moves)  # a new round starts a new list
        explicit = chosen is not None
        wanted = dict(chosen) if chosen is not None else None
        plans: list[tuple[Source, Counts]] = []
        # Units already given to an earlier row of this action (a plot made before rows from
        # one area were merged may name an area twice): no unit is moved twice.
        claimed: dict[tuple[Area, bool], Counts] = {}
        for source in split_aircraft(action.sources):
            key = (source.area, source.from_transport)
            if source.from_transport:
                have = self.pos.cargo_of(source.area, power)
            else:
                have = self.movable(power, source.area)
            have = {k: n - claimed.get(key, {}).get(k, 0) for k, n in have.items()}
            planned = source.units if source.units is not None else self._all(have, end)
            take: Counts = {}
            for kind, n in planned.items():
                count = min(n, have.get(kind, 0))
                if wanted is not None:
                    count = min(count, wanted.get(kind, 0))
                    if count:
                        wanted[kind] -= count
                if count > 0:
                    take[kind] = count
            claimed[key] = add(claimed.get(key, {}), take)
            plans.append((source, take))
            if wanted is None and source.units is not None:
                self._say_missing(source, planned, take)
        if wanted is not None and any(wanted.values()):
            extra = {k: n for k, n in wanted.items() if n}
            raise NotAllowed(f"{describe_units(extra)}: not part of this action, or not where "
                             "it was plotted to move from.")
        way_of = self._match_ways(ways or [], [s for s, take in plans if not s.from_transport
                                               and any(k in AIRCRAFT for k in take)], end)
        events: list[Event] = []
        fights: dict[Area, dict[str, Any]] = {}
        raiders: Counts = {}
        for source, take in plans:
            if not take:
                continue
            if source.from_transport:
                events += self._unload(source, end, take, explicit, fights)
            else:
                events += self._move_source(rng, source, end, take, explicit, stop, bomb,
                                            fights, raiders, way_of.get(source.area))
        if raiders.get(BOMBER):
            events += self._raid(rng, end, raiders[BOMBER])
        # The guns flown over fired first; then what moved, before the battles it starts
        # and the places it takes; then what stayed, and why.
        flak = [e for e in events if e.kind == "flak"]
        events = [e for e in events if e.kind != "flak"]
        made = self.moves[recorded:] if self.moves is earlier else self.moves
        if made:
            words = "; ".join(f"{describe_units(m['units'])} from {m['from']} to {m['to']}"
                              for m in made)
            events.insert(0, self.say("moved", f"{power} moves {words}.", power=power))
        elif not events:
            events.append(self.say("moved", f"{power} moves nothing.", power=power))
        if self.held:
            events.insert(1, self.say("held", "Not done as plotted: "
                                      + " ".join(dict.fromkeys(self.held)), power=power))
        for area in sorted(fights, key=lambda a: (self.board.is_land(a), a)):
            self.battles.append(fights[area])
        return flak + events

    def _say_missing(self, source: Source, planned: Counts, take: Counts) -> None:
        """Plotted units not where the row moves them from (lost, moved, or never there):
        as plotted, the move goes without them, and the reveal says so."""
        there = "aboard there" if source.from_transport else "there free to move"
        for kind, n in planned.items():
            found = take.get(kind, 0)
            if found < n:
                have = f"only {found}" if found else "none"
                self.held.append(f"{UNITS[kind].label(n)} from {source.area}: {have} {there} "
                                 "now.")

    def _match_ways(self, ways: list[list[Area]], sources: list[Source],
                    end: Area) -> dict[Area, list[Area]]:
        """Which aircraft fly which way the owner gave: each way goes to the aircraft of the
        action whose area borders its first area (the area they leave and `end` may be
        named too); a way no aircraft of the action can fly is refused."""
        out: dict[Area, list[Area]] = {}
        for way in ways:
            fits = False
            for source in sources:
                inner = list(way)
                if inner and inner[0] == source.area:
                    inner = inner[1:]
                if inner and inner[-1] == end:
                    inner = inner[:-1]
                chain = [source.area, *inner, end]
                if all(self.board.adjacent(a, b) for a, b in zip(chain, chain[1:],
                                                                strict=False)):
                    out.setdefault(source.area, inner)
                    fits = True
            if not fits:
                raise NotAllowed(f"No aircraft of this action can fly over {', '.join(way)} to "
                                 f"{end}: each area of a way borders the next, the first the "
                                 "area the aircraft leave, the last their destination.")
        return out

    def _all(self, have: Counts, end: Area) -> Counts:
        """'all': every unit there that can make the move (ships only to sea; no complex)."""
        sea = self.board.is_sea(end)
        return {k: n for k, n in have.items()
                if k != FACTORY and (UNITS[k].domain == "air"
                                     or (UNITS[k].domain == "sea") == sea)}

    def _refuse_or_skip(self, explicit: bool, reason: str) -> None:
        """A unit that can't go: refused with the reason when the owner named the units
        (D-3); as plotted, it stays, and the reason is said after the move (`held`)."""
        if explicit:
            raise NotAllowed(reason)
        self.held.append(reason)

    def _move_source(self, rng: Rng, source: Source, end: Area, take: Counts, explicit: bool,
                     stop: bool, bomb: bool, fights: dict[Area, dict[str, Any]],
                     raiders: Counts, way: list[Area] | None = None) -> list[Event]:
        """Move one row's units; `way`: the areas its aircraft fly over, as the owner
        chose (else a shortest way over the fewest enemy AA guns)."""
        power, start = self.power, source.area
        events: list[Event] = []
        moving: dict[Area, Counts] = {}  # target -> surface units
        blitzed: list[Area] = []
        charges: dict[Area, int] = {}  # neutrals entered: the charge, paid once
        carriers_to_sea = 0
        for kind, n in take.items():
            if kind in AIRCRAFT:
                continue
            if end == start:  # bridging: transports stay to pick units up
                if kind != TRANSPORT or not source.pickups:
                    self._refuse_or_skip(explicit, "Only a transport stays where it is, "
                                         "to pick units up.")
                    continue
                moving.setdefault(end, {})[kind] = n
                continue
            via = source.via.get(kind) or source.via.get("*")
            if via is None and stop and kind in SHIPS:
                via = self._blocking_middle(start, end)
            target = via if (stop and via) else end
            path = [via] if via and target == end else []
            if kind == AA_GUN and (hostile(self.pos, self.board, target, power)
                                   or self.pos.controller(target) is None):
                self._refuse_or_skip(explicit, f"AA guns never attack: {target} is hostile "
                                     "now, so the AA gun stays where it is.")
                continue
            if kind == AA_GUN:  # one AA gun of a power per territory (reference "Units")
                room = 1 - self.pos.units_of(target, power).get(AA_GUN, 0) \
                    - moving.get(target, {}).get(AA_GUN, 0)
                if n > room:
                    self._refuse_or_skip(explicit, f"{one_aa_gun(target)} The AA gun in "
                                         f"{start} stays where it is.")
                    n = max(room, 0)
                    if not n:
                        continue
            try:
                # AA guns move like any land unit, only never into a battle (Combat and
                # Non-Combat Movement: no distinction is plotted, but an AA gun never
                # attacks); the blocks check that as a non-combat move.
                route = unit_route(self.board, self.pos, power, kind, start, target, path,
                                   combat=kind != AA_GUN, rules=self.move_rules)
            except NotAllowed as exc:
                if via and target == end and self.pos.has_enemy(via, power, FIGHTING) \
                        and explicit:
                    self._refuse_or_skip(explicit, f"{exc.message} It may attack {via} "
                                         "(execute with stop) or stay.")
                else:
                    self._refuse_or_skip(explicit, exc.message)
                continue
            if route.charge and target not in charges:
                if self.pos.treasury.get(power, 0) < route.charge:
                    self._refuse_or_skip(explicit, f"Entering the neutral {target} costs "
                                         f"{route.charge} IPCs; {power} has "
                                         f"{self.pos.treasury.get(power, 0)}.")
                    continue
                charges[target] = route.charge
            blitzed += [a for a in route.blitzed if a not in blitzed]
            moving.setdefault(target, {})[kind] = n
            if kind == CARRIER and target == end:
                carriers_to_sea = n
        # Aircraft: fighters riding carriers that sail to the destination; the rest fly.
        riders = min(take.get(FIGHTER, 0), carriers_to_sea * UNITS[CARRIER].capacity) \
            if self.board.is_sea(end) else 0
        flying: list[tuple[dict[str, Any], int]] = []
        flown: dict[str, list[Area]] = {}  # kind -> the areas it flies over (not riders)
        taken: list[tuple[int, dict[str, Any]]] = []
        for kind in (FIGHTER, BOMBER):
            if take.get(kind):
                taken += list(enumerate(self.take_aircraft(power, start, kind, take[kind])))
        # Aircraft leaving don't take the room they would land in (a carrier's deck).
        lifted = {k: take[k] for k in (FIGHTER, BOMBER) if take.get(k)}
        if lifted:
            self.pos.remove(start, power, lifted)
        flight: list[Area] = []
        no_way = None
        if taken:
            try:
                flight = flight_path(self.board, self.pos, power, start, end, way or (),
                                   rules=self.move_rules, fire=self.fly_over_fire)
            except NotAllowed as exc:
                no_way = exc.message
        for index, entry in taken:
            kind = entry["kind"]
            steps: int | None = len(flight) - 1
            reason = None
            if kind == FIGHTER and index < riders:
                steps = self._carrier_steps(start, end)
                reach = movement(FIGHTER, self.pos.techs_of(power))
                if steps is None or entry["used"] + steps > reach:
                    reason = "The fighters can't ride that far."
            elif no_way is not None:
                reason = no_way
            else:
                try:
                    unit_route(self.board, self.pos, power, kind, start, end, way or (),
                               combat=True, moves_used=int(entry["used"]),
                               rules=self.move_rules)
                except NotAllowed as exc:
                    reason = exc.message
                flown[kind] = flight
            if reason is not None:
                self._forget_new(entry)
                # A way the owner chose is an explicit choice: refused, not skipped (D-3).
                self._refuse_or_skip(explicit or way is not None, reason)
                continue
            flying.append((entry, int(steps or 0)))
        if lifted:
            self.pos.place(start, power, lifted)
        if self.fly_over_fire and flown:
            flying, fire_events = self._fly_over(rng, start, flying, flown,
                                                 riders=[e for i, e in taken if i < riders])
            events += fire_events
        # Apply.
        for target, charge in charges.items():
            self.pos.treasury[power] -= charge
            events.append(self.say("neutral", f"{power} pays {charge} IPCs to enter the "
                                   f"neutral {target}.", power=power, area=target))
        for area in blitzed:
            if self.pos.controller(area) != power and not self.pos.friendly(area, power):
                events += [self.say("blitz", line, power=power, area=area)
                           for line in capture(self.board, self.pos, area, power)]
        for target, counts in moving.items():
            if counts.get(TRANSPORT) and target != start:
                self._sail_cargo(start, target, counts[TRANSPORT])
            if target != start:
                self.pos.move(power, counts, start, target)
            self.note_moved(power, target, counts)
        air: Counts = {}
        for entry, steps in flying:
            kind = entry["kind"]
            entry["at"] = end
            entry["used"] = int(entry["used"]) + steps
            air[kind] = air.get(kind, 0) + 1
        if air:
            self.pos.move(power, air, start, end)
            if bomb and air.get(BOMBER) and self._enemy_factory(end):
                raiders[BOMBER] = raiders.get(BOMBER, 0) + air[BOMBER]
        if end in moving or air:
            events += self._pickups(source, end)
        for target, counts in moving.items():
            if target == end and air:
                counts = add(counts, air)
            if target != start:
                self._record(start, target, counts, fights, source)
        if air and end not in moving:
            self._record(start, end, air, fights, source)
        return events

    def _fly_over(self, rng: Rng, start: Area, flying: list[tuple[dict[str, Any], int]],
                  flown: dict[str, list[Area]], riders: list[dict[str, Any]]
                  ) -> tuple[list[tuple[dict[str, Any], int]], list[Event]]:
        """The 1984 rules (`engine.aa.flyover`), which Plotted A&A follows ("Getting
        Started"): each enemy AA gun the aircraft fly over fires at them; those shot down
        are lost before they arrive. Fighters riding a carrier fly over nothing. Returns the
        aircraft still flying and what the guns did."""
        power = self.power
        aloft: Counts = {}
        for entry, _ in flying:
            if not any(entry is r for r in riders):
                aloft[entry["kind"]] = aloft.get(entry["kind"], 0) + 1
        paths = {k: p for k, p in flown.items() if aloft.get(k)}
        if not paths:
            return flying, []
        order = self.loss_orders.get(power, list(DEFAULT_LOSS_ORDER))
        fire = fire_at_flight(rng, self.pos, power, paths, aloft, order)
        events = [self.say("flak", line, power=power, area=start) for line in fire.lines]
        left = dict(fire.shot)
        kept: list[tuple[dict[str, Any], int]] = []
        for entry, steps in reversed(flying):  # the last aircraft taken are the ones lost
            kind = entry["kind"]
            if left.get(kind) and not any(entry is r for r in riders):
                left[kind] -= 1
                self.flights.remove(entry)
                self.pos.remove(start, power, {kind: 1})
                continue
            kept.append((entry, steps))
        return kept[::-1], events

    def _blocking_middle(self, start: Area, end: Area) -> Area | None:
        """For a ship plotted two sea zones without naming the one between (D-2), the zone
        between that holds enemy units, for `stop` ("Executing Two-Area Movement": it "has
        the option of not moving at all or of moving to attack the intervening enemy")."""
        if self.board.adjacent(start, end):
            return None
        middles = sorted(a for a in self.board.neighbours(start) & self.board.neighbours(end)
                         if self.board.is_sea(a) and self.pos.has_enemy(a, self.power))
        return middles[0] if middles else None

    def _forget_new(self, entry: dict[str, Any]) -> None:
        if entry["used"] == 0 and not entry["landed"] and entry in self.flights:
            self.flights.remove(entry)

    def _carrier_steps(self, start: Area, end: Area) -> int | None:
        return self.board.distance(start, end, through=self.board.sea.keys())

    def _enemy_factory(self, area: Area) -> bool:
        return any(FACTORY in c for p, c in self.pos.enemy_units(area, self.power).items())

    def _record(self, start: Area, target: Area, counts: Counts,
                fights: dict[Area, dict[str, Any]], source: Source) -> None:
        power = self.power
        self.record_move({"power": power, "from": start, "to": target,
                           "units": dict(counts)})
        if self._hostile_now(target):
            info = fights.setdefault(target, {"area": target, "sources": [], "amphibious": {},
                                              "seas": [], "raiders": 0})
            if start not in info["sources"] and any(UNITS[k].domain != "air" for k in counts):
                info["sources"].append(start)

    def _hostile_now(self, area: Area) -> bool:
        power = self.power
        if self.pos.has_enemy(area, power, FIGHTING):
            return True
        return self.board.is_land(area) and not self.pos.friendly(area, power) \
            and any(UNITS[k].domain == "land" for k in self.pos.units_of(area, power))

    def _sail_cargo(self, start: Area, end: Area, transports: int) -> None:
        power = self.power
        aboard = self.pos.cargo_of(start, power)
        if not aboard:
            return
        have = self.pos.units_of(start, power).get(TRANSPORT, 0)
        split = split_cargo(aboard, transports, have - transports, rules=self.move_rules)
        if split is None:
            split = split_cargo(aboard, transports, None, rules=self.move_rules)
        if split is not None:
            self.pos.ship_cargo(power, start, end, split[0])

    def _pickups(self, source: Source, end: Area) -> list[Event]:
        power = self.power
        events: list[Event] = []
        if not self.board.is_sea(end):
            return events
        for pickup in source.pickups:
            have = self.movable(power, pickup.area)
            counts = {k: min(n, have.get(k, 0)) for k, n in pickup.units.items()}
            counts = {k: n for k, n in counts.items() if n}
            if not counts:
                continue
            # "You may not move units onto a newly built transport" (Plotting Build Actions).
            transports = self.pos.units_of(end, power).get(TRANSPORT, 0) \
                - self.built.get(power, {}).get(end, {}).get(TRANSPORT, 0)
            aboard = self.pos.cargo_of(end, power)
            while counts and not transport_fits(add(aboard, counts), transports,
                                                rules=self.move_rules):
                # What doesn't fit stays ashore, the bulkiest first.
                bulky = max(counts, key=lambda k: (UNITS[k].transport_space is None,
                                                   UNITS[k].transport_space or 0, k))
                counts[bulky] -= 1
                counts = {k: n for k, n in counts.items() if n}
            if not counts:
                continue
            self.pos.load(power, pickup.area, end, counts)
            self.record_move({"power": power, "from": pickup.area, "to": end,
                               "units": dict(counts)})
            events.append(self.say("loaded", f"{power}'s transports in {end} pick up "
                                   f"{describe_units(counts)} from {pickup.area}.",
                                   power=power, area=end, units=dict(counts)))
        return events

    def _unload(self, source: Source, land: Area, take: Counts, explicit: bool,
                fights: dict[Area, dict[str, Any]]) -> list[Event]:
        power, sea = self.power, source.area
        try:
            route = check_unload(self.board, self.pos, power, sea, land, combat=True,
                                 rules=self.move_rules)
        except NotAllowed as exc:
            self._refuse_or_skip(explicit, exc.message)
            return []
        if route.attack and take.get(AA_GUN):  # an AA gun never storms ashore
            self._refuse_or_skip(explicit, f"AA guns never attack: {land} is hostile now, so "
                                 "the AA gun stays aboard.")
            take = {k: n for k, n in take.items() if k != AA_GUN}
        room = 1 - self.pos.units_of(land, power).get(AA_GUN, 0)
        if take.get(AA_GUN, 0) > room:  # one AA gun of a power per territory
            self._refuse_or_skip(explicit, f"{one_aa_gun(land)} The AA gun stays aboard.")
            take = {k: n for k, n in take.items() if k != AA_GUN} | (
                {AA_GUN: room} if room > 0 else {})
        if not take:
            return []
        self.pos.unload(power, sea, land, take)
        self.note_moved(power, land, take)
        self._record(sea, land, take, fights, source)
        if route.attack and land in fights:
            info = fights[land]
            info["amphibious"] = add(info["amphibious"], take)
            if sea not in info["seas"]:
                info["seas"].append(sea)
            if sea in info["sources"]:
                info["sources"].remove(sea)
        verb = "storms ashore with" if route.attack else "lands"
        return [self.say("unloaded", f"{power} {verb} {describe_units(take)} from {sea} in "
                         f"{land}.", power=power, area=land, units=dict(take))]

    def _raid(self, rng: Rng, area: Area, bombers: int) -> list[Event]:
        """Strategic bombing, not plotted: beyond the treasury it reduces this turn's income."""
        raid = self.bombing_raid(rng, area, bombers)
        if raid is None:
            return []
        victim, result = raid
        return self.apply_bombing(area, victim, result.shot_down, result.damage, result.paid,
                                  result.shortfall)

    def rocket_guns(self) -> dict[Area, list[Area]]:
        """The acting power's AA guns that may fire a rocket now, with their targets."""
        power = self.power
        if ROCKETS not in self.pos.techs_of(power):
            return {}
        guns = {a: rocket_targets(self.board, self.pos, power, a) for a in self.pos.units
                if a not in self.rockets_fired and self.pos.units_of(a, power).get(AA_GUN)}
        return {a: t for a, t in sorted(guns.items()) if t}

    def do_rockets(self, seat: Seat, rng: Rng, from_area: str, target: str) -> list[Event]:
        """Rockets (Develop Weapons Phase: "follow the standard rules for weapons
        development"): an AA gun within 3 areas of an enemy industrial complex rolls 1 die
        of bombing damage, once a turn. Not plotted, as strategic bombing isn't: fired while
        its power has an action revealed, before executing it (decision D-16). Damage
        beyond the victim's treasury comes off this turn's income ("Strategic Bombing")."""
        if self.revealed is None:
            raise NotAllowed("Rockets fire while your revealed action waits.")
        gun, aim = self.area(from_area), self.area(target)
        if aim not in self.rocket_guns().get(gun, []):
            raise NotAllowed(f"No AA gun of {seat} in {gun} can fire a rocket at a complex in "
                             f"{aim} now (once a turn, 3 areas at most).")
        victim = self.pos.controller(aim)
        assert victim is not None
        result = rocket_attack(rng, self.pos.treasury.get(victim, 0))
        self.rockets_fired.append(gun)
        self.pos.treasury[victim] = self.pos.treasury.get(victim, 0) - result.paid
        if result.shortfall:
            self.shortfall[victim] = self.shortfall.get(victim, 0) + result.shortfall
        text = (f"{seat}'s rocket from {gun} hits the complex in {aim}: {result.damage} "
                f"damage; {victim} pays {result.paid} IPCs")
        if result.shortfall:
            text += f" and collects {result.shortfall} IPCs less this turn"
        return [self.say("rockets", text + ".", power=seat, area=aim, paid=result.paid,
                         shortfall=result.shortfall)]

    def apply_bombing(self, area: Area, victim: Power, shot_down: int, damage: int, paid: int,
                      shortfall: int) -> list[Event]:
        power = self.power
        self.pos.treasury[victim] = self.pos.treasury.get(victim, 0) - paid
        if shortfall:
            self.shortfall[victim] = self.shortfall.get(victim, 0) + shortfall
        if shot_down:
            self.pos.remove(area, power, {BOMBER: shot_down})
            self.reconcile_flights(area)
        text = (f"{power} bombs the complex in {area}: {shot_down} bomber"
                f"{'s' if shot_down != 1 else ''} shot down, {damage} damage; {victim} pays "
                f"{paid} IPCs")
        if shortfall:
            text += f" and collects {shortfall} IPCs less this turn"
        events = [self.say("bombing", text + ".", power=power, area=area, paid=paid,
                           shortfall=shortfall)]
        return events + self.must_land(power, area, [BOMBER])

    # ----- battles: the hooks of the shared battle loop (engine.aa.fighting) ---------

    def next_fight(self) -> Fight | None:
        if not self.battles:
            return None
        info = self.battles.pop(0)
        self.battle_info = info
        return Fight(info["area"], info["sources"], info["amphibious"], info["seas"])

    def before_fight(self, area: Area) -> list[Event]:
        return self.ground_enemy_aircraft(area)

    def after_fight(self, area: Area, battle: Battle | None) -> list[Event]:
        """Aircraft land after the attack (Aircraft Landing, condition 2); a defender's
        fighters whose carrier sank land at once."""
        self.battle_info = {}
        return self.unseat_fighters(area) + self.must_land(self.power, area, list(AIRCRAFT))

    def units_lost(self, area: Area) -> None:
        self.reconcile_flights(area)

    def retreated(self, battle: Battle, to: Area) -> list[Event]:
        """Aircraft aloft go with the others, and land there or from there."""
        for entry in self.flights:
            if entry["power"] == self.power and entry["at"] == battle.area \
                    and not entry["landed"]:
                entry["at"] = to
        self.record_move({"power": self.power, "from": battle.area, "to": to,
                           "units": dict(battle.retreated)})
        return self.must_land(self.power, to, list(AIRCRAFT))

    def withdrew(self, power: Power, area: Area, to: Area, subs: int) -> list[Event]:
        """Withdrawn submarines are still the ones that moved or were built this turn (they
        may make a plotted move from where they are now, if they haven't moved)."""
        for records in (self.moved, self.built):
            here = records.get(power, {}).get(area, {})
            shift = min(subs, here.get(SUBMARINE, 0))
            if shift:
                here[SUBMARINE] -= shift
                there = records[power].setdefault(to, {})
                there[SUBMARINE] = there.get(SUBMARINE, 0) + shift
        self.record_move({"power": power, "from": area, "to": to, "units": {SUBMARINE: subs}})
        return []

    def battle_decided(self, rng: Rng) -> list[Event]:
        return self.proceed(rng)


def split_aircraft(sources: tuple[Source, ...]) -> list[Source]:
    """A row moving fighters and the infantry of a transport off a sea zone ("2f, 2i from
    Bering") is two moves: the aircraft fly, the land units leave the transport."""
    out: list[Source] = []
    for source in sources:
        if source.from_transport and source.units is not None \
                and any(k in AIRCRAFT for k in source.units):
            air = {k: n for k, n in source.units.items() if k in AIRCRAFT}
            rest = {k: n for k, n in source.units.items() if k not in AIRCRAFT}
            out.append(Source(source.area, air, dict(source.via)))
            if rest:
                out.append(Source(source.area, rest, dict(source.via), source.pickups, True))
        else:
            out.append(source)
    return out
