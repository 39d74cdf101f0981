"""Checking a plot while it is written (Plotted A&A, "Plot Phase").

Two kinds of problem, told apart because the rulebook allows one of them:

- an **error** can never be put right by the time the action is revealed (a round skipped, a
  second move into an area, a tank three areas away, a fighter out of range or with nowhere
  to land, two NOOPs in a row, units built this turn moving): the plot is refused, saying why;
- a **wait** depends on where units stand now ("Plotting 'Invalid' Moves": "You may plot a
  move that's currently invalid in the hope that it will become valid by the time you execute
  it", e.g. a blitz through an area that holds enemy units, or a submarine moving out of an
  area it doesn't occupy yet): the plot is accepted and the action is marked on the sheet.

The plot is followed round by round from the position at the start of the turn: units that
move are no longer where they were (and, but aircraft, may not move again), units built
stay where they are built, units picked up ride in the transport until a later action moves
them off it ("from trn").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.aa.economy import (
    EconomyRules,
    PlacementCap,
    capacity,
    factories_at_start,
    one_aa_gun,
)
from engine.aa.map import AAMap, Area
from engine.aa.movement import (
    CLASSIC,
    MoveRules,
    air_distances,
    can_land,
    hostile,
    landing_ground,
    transport_fits,
)
from engine.aa.position import Position
from engine.aa.units import (
    AA_GUN,
    AIRCRAFT,
    CARRIER,
    FACTORY,
    FIGHTER,
    SHIPS,
    TRANSPORT,
    UNITS,
    Counts,
    Kind,
    Power,
    describe_units,
    movement,
    total,
)
from engine.games.plotted_aa.form import BUILD, MOVE, NOOP, Action, Source, round_refusal


@dataclass
class PlotCheck:
    """What is wrong with a plot: errors refuse it; waits mark an action on the sheet."""

    errors: list[str] = field(default_factory=list)
    waits: dict[int, list[str]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.errors

    def wait(self, action: Action, text: str) -> None:
        self.waits.setdefault(action.round, []).append(text)


@dataclass
class _Units:
    """Where the plot has the power's units, round by round (counts by kind)."""

    fresh: dict[Area, Counts]  # may still move
    flown: dict[Area, dict[Kind, list[int]]] = field(default_factory=dict)  # moved once
    done: dict[Area, Counts] = field(default_factory=dict)  # aircraft that moved twice
    built: dict[Area, Counts] = field(default_factory=dict)  # built this turn: stay put
    aboard: dict[Area, Counts] = field(default_factory=dict)  # picked up, to move off
    carriers: set[Area] = field(default_factory=set)  # sea zones carriers are plotted into
    guns: Counts = field(default_factory=dict)  # the power's AA guns by area, as plotted

    def gun_arrives(self, area: Area, count: int, action: Action, check: PlotCheck) -> None:
        """AA guns moved, landed or built in `area`: one AA gun of a power per territory
        (reference "Units"). The plot is followed from the turn's start, so a gun standing
        there then (and not plotted to leave before) or plotted in earlier is a second one:
        an error, since only the power's own plot moves its AA guns (they never attack,
        retreat or die; one captured goes with its territory)."""
        if count <= 0:
            return
        here = self.guns.get(area, 0)
        if here + count > 1:
            check.errors.append(f"Round {action.round}: {one_aa_gun(area)}")
        self.guns[area] = here + count

    def gun_leaves(self, area: Area, count: int) -> None:
        self.guns[area] = max(0, self.guns.get(area, 0) - count)

    def take(self, area: Area, kind: Kind, count: int) -> tuple[int, list[int]]:
        """Take `count` of `kind` from `area`: how many were found fresh, and the moves
        already used by the aircraft found flown (for a second move)."""
        fresh = self.fresh.setdefault(area, {})
        found = min(count, fresh.get(kind, 0))
        fresh[kind] = fresh.get(kind, 0) - found
        used: list[int] = []
        if found < count and kind in AIRCRAFT:
            pool = self.flown.setdefault(area, {}).setdefault(kind, [])
            while pool and found + len(used) < count:
                used.append(pool.pop(0))
        return found, used


def _steps(board: AAMap, path: Sequence[Area]) -> int | None:
    """The number of steps of a path, or None if two of its areas don't border."""
    for a, b in zip(path, path[1:], strict=False):
        if not board.adjacent(a, b):
            return None
    return len(path) - 1


def check_plot(board: AAMap, position: Position, power: Power, actions: Sequence[Action], *,
               noop: bool = True, rules: MoveRules = CLASSIC,
               placement_cap: PlacementCap = "ipc") -> PlotCheck:
    """Every problem of `power`'s plot, as it stands, from the position at the turn's start."""
    check = PlotCheck()
    _check_rounds(actions, noop, check)
    into: dict[Area, int] = {}
    factories: dict[Area, int] = {}
    units = _Units({a: dict(by.get(power, {})) for a, by in position.units.items()},
                   aboard={a: dict(by.get(power, {})) for a, by in position.cargo.items()},
                   guns={a: by[power][AA_GUN] for a, by in position.units.items()
                         if by.get(power, {}).get(AA_GUN)})
    techs = position.techs_of(power)
    owned = _owned(position, power)
    for action in sorted(actions, key=lambda a: a.round):
        _check_counts(action, power, owned, check)
        if action.kind == BUILD:
            _check_build(board, position, power, action, factories, units, placement_cap,
                         check)
        elif action.kind == MOVE:
            assert action.area is not None
            if action.area in into:
                check.errors.append(f"Round {action.round} moves into {action.area}, and so does "
                                    f"round {into[action.area]}: no more than one move may be "
                                    "plotted into an area (moves through it are free).")
            into.setdefault(action.area, action.round)
            for source in action.sources:
                _check_source(board, position, power, action, source, units, techs, rules,
                              check)
    return check


def _owned(position: Position, power: Power) -> Counts:
    """Every unit of `power` on the board, by kind, cargo included: no row can ever move
    more of a kind than this, whatever happens before its round."""
    owned: Counts = {}
    for where in (position.units, position.cargo):
        for by in where.values():
            for kind, n in by.get(power, {}).items():
                owned[kind] = owned.get(kind, 0) + n
    return owned


def _check_counts(action: Action, power: Power, owned: Counts, check: PlotCheck) -> None:
    """A row naming more units of a kind than the power has in all (a slip: "99i") can never
    become valid by its round: an error, not a wait."""
    named = [s.units for s in action.sources if s.units is not None]
    named += [p.units for s in action.sources for p in s.pickups]
    for counts in named:
        for kind, n in counts.items():
            if n > owned.get(kind, 0) and UNITS[kind].domain != "fixed":
                check.errors.append(f"Round {action.round}: {power} has "
                                    f"{owned.get(kind, 0)} {UNITS[kind].plural} in all, so "
                                    f"it can never move {n}.")


def _check_rounds(actions: Sequence[Action], noop: bool, check: PlotCheck) -> None:
    rounds = sorted(a.round for a in actions)
    seen: set[int] = set()
    for refusal in sorted({round_refusal(r) or "" for r in rounds} - {""}):
        check.errors.append(refusal)
    rounds = [r for r in rounds if round_refusal(r) is None]
    for r in rounds:
        if r in seen:
            check.errors.append(f"Round {r} has two actions: one action a round.")
        seen.add(r)
    missing = [r for r in range(1, max(rounds, default=0) + 1) if r not in seen]
    if missing:
        check.errors.append(f"Round {missing[0]} has no action: rounds begin with 1 and go "
                            "on without skipping a number.")
    noops = sorted(a.round for a in actions if a.kind == NOOP)
    if noops and not noop:
        check.errors.append("This game doesn't use the NOOP option.")
    for a, b in zip(noops, noops[1:], strict=False):
        if b == a + 1:
            check.errors.append(f"Rounds {a} and {b} are both NOOPs: never two in a row.")


def _check_build(board: AAMap, position: Position, power: Power, action: Action,
                 factories: dict[Area, int], units: _Units,
                 placement_cap: PlacementCap, check: PlotCheck) -> None:
    area = action.area
    assert area is not None
    if area in factories:
        check.errors.append(f"Round {action.round} builds at {area} again (round "
                            f"{factories[area]}): one build per factory a turn.")
        return
    factories[area] = action.round
    if action.build.get(FACTORY):
        _check_new_complex(board, position, power, action, check)
        return
    if area not in factories_at_start(board, position, power):
        check.errors.append(f"Round {action.round}: {power} has no industrial complex in "
                            f"{area} that it held at the start of the turn.")
        return
    cap = capacity(board, area, EconomyRules(placement_cap=placement_cap), power)
    if cap is not None and total(action.build) > cap:
        check.errors.append(f"Round {action.round}: the complex in {area} builds at most {cap} "
                            f"units a turn (its IPC value), not {total(action.build)}.")
    built = units.built.setdefault(area, {})
    for kind, n in action.build.items():
        built[kind] = built.get(kind, 0) + n
    units.gun_arrives(area, action.build.get(AA_GUN, 0), action, check)


def _check_new_complex(board: AAMap, position: Position, power: Power, action: Action,
                       check: PlotCheck) -> None:
    """A build action placing a new industrial complex in its own territory ("Plotting Build
    Actions"; where, by the standard rules: a territory the power held at the start of the
    turn, worth at least 1 IPC, without a complex). "A factory may not build new units
    during the turn the factory is built": the action builds the complex alone."""
    area = action.area
    assert area is not None
    where = f"Round {action.round}: "
    if action.build != {FACTORY: 1}:
        check.errors.append(where + "a build action with a new industrial complex builds "
                            "that complex alone (one per territory): a complex builds "
                            "nothing during the turn it is built.")
    elif not board.is_land(area) or position.controller(area) != power \
            or position.start_owner.get(area) != power:
        check.errors.append(where + f"a new industrial complex goes only in a territory "
                            f"{power} held at the start of the turn; {area} isn't one.")
    elif board.ipc(area) == 0:
        check.errors.append(where + f"{area} is worth 0 IPCs: no industrial complex can be "
                            "built there.")
    elif any(FACTORY in c for c in position.all_units(area).values()):
        check.errors.append(where + f"{area} already has an industrial complex.")


def _check_source(board: AAMap, position: Position, power: Power, action: Action,
                  source: Source, units: _Units, techs: set[str], rules: MoveRules,
                  check: PlotCheck) -> None:
    """One row of a move: the units are there (or may be), and each kind can make it."""
    start, end = source.area, action.area
    assert end is not None
    if source.from_transport:
        air = {k: n for k, n in (source.units or {}).items() if k in AIRCRAFT}
        if air:  # fighters flying off with the landing party ("2f, 2i from Bering")
            _check_source(board, position, power, action, Source(start, air, dict(source.via)),
                          units, techs, rules, check)
            rest = {k: n for k, n in (source.units or {}).items() if k not in AIRCRAFT}
            if not rest:
                return
            source = Source(start, rest, dict(source.via), source.pickups, True)
        _check_unload(board, position, power, action, source, units, check)
        return
    if start == end:
        _check_bridging(board, power, action, source, units, check)
        return
    wanted: Counts
    if source.units is None:  # "all": whatever still stands there and may move
        wanted = {k: n for k, n in units.fresh.get(start, {}).items()
                  if n and k != FACTORY and (k not in SHIPS or board.is_sea(end))}
        if wanted.get(AA_GUN) and units.guns.get(end, 0) >= 1:
            del wanted[AA_GUN]  # "all" is what can go: a second AA gun can't
        if not wanted:
            check.wait(action, f"nothing of {power}'s stands in {start} to move now")
            return
    else:
        wanted = dict(source.units)
    riding = 0
    if wanted.get(CARRIER) and wanted.get(FIGHTER):
        riding = min(wanted[FIGHTER], 2 * wanted[CARRIER])
    for kind, count in wanted.items():
        if not count:
            continue
        if kind == FACTORY:
            check.errors.append(f"Round {action.round}: an industrial complex never moves.")
            continue
        found, used = units.take(start, kind, count)
        short = count - found - len(used)
        if short:
            if units.built.get(start, {}).get(kind, 0) >= short and \
                    position.units_of(start, power).get(kind, 0) < count:
                check.errors.append(f"Round {action.round}: {UNITS[kind].plural} built this turn "
                                    "may not move; they stay where they are built and defend.")
            else:
                check.wait(action, f"{power} has fewer than {count} {UNITS[kind].plural} in "
                                   f"{start} now")
        if kind in AIRCRAFT:
            if short and units.done.get(start, {}).get(kind, 0) >= short:
                check.errors.append(f"Round {action.round}: a {UNITS[kind].name} moves at most "
                                    "twice a turn.")
            carried = min(riding, count) if kind == FIGHTER else 0
            steps = _check_air(board, position, power, action, source, kind,
                               [0] * found + used, carried, techs, rules, check,
                               units.carriers)
            pool = units.flown.setdefault(end, {}).setdefault(kind, [])
            pool += [steps] * (count - len(used))
            done = units.done.setdefault(end, {})
            done[kind] = done.get(kind, 0) + len(used)
        else:
            _check_surface(board, position, power, action, source, kind, techs, rules, check)
        if kind == AA_GUN:
            units.gun_leaves(start, found)
            units.gun_arrives(end, count, action, check)
        # Moved land units and ships stay put for the rest of the turn: not fresh again.
    if wanted.get(CARRIER) and board.is_sea(end):
        units.carriers.add(end)  # fighters may count on landing there later
    _check_pickups(board, power, action, source, wanted, units, check)


def _check_bridging(board: AAMap, power: Power, action: Action, source: Source,
                    units: _Units, check: PlotCheck) -> None:
    """A row from an area into itself: transports staying to pick units up ("Plotting
    Transport Movement": "Even if a unit is bridging, one action must be plotted for the
    transport to pick the unit"). The transports have made their move."""
    area = source.area
    named = source.units if source.units is not None else {TRANSPORT: 1}
    if set(named) != {TRANSPORT} or not source.pickups or not board.is_sea(area):
        check.errors.append(f"Round {action.round}: a move goes from one area into another; a "
                            "unit stays where it is only to pick units up: a transport "
                            f"bridging ('trn' from {area} into {area}, noting '+2i from ...').")
        return
    if source.units is None:
        named = {TRANSPORT: units.fresh.get(area, {}).get(TRANSPORT, 0)}
    found, _ = units.take(area, TRANSPORT, named[TRANSPORT])
    if found < named[TRANSPORT]:
        check.wait(action, f"{power} has fewer than {named[TRANSPORT]} transports in {area} "
                           "now")
    _check_pickups(board, power, action, source, named, units, check)


def _check_surface(board: AAMap, position: Position, power: Power, action: Action,
                   source: Source, kind: Kind, techs: set[str], rules: MoveRules,
                   check: PlotCheck) -> None:
    start, end = source.area, action.area
    assert end is not None
    name = UNITS[kind].name
    via = source.via.get(kind) or source.via.get("*")
    reach = movement(kind, techs)
    if via is None and not board.adjacent(start, end) and reach >= 2 \
            and UNITS[kind].domain == "sea":
        via = _only_middle(board, start, end, UNITS[kind].domain)
    path = [start, via, end] if via else [start, end]
    steps = _steps(board, path)
    if steps is None:
        check.errors.append(f"Round {action.round}: {name} from {start} can't move to {end}"
                            + (f" through {via}" if via else "")
                            + ": those areas don't border each other"
                            + ("" if via else "; a two-area move names the area it moves "
                               "through ('via ...')") + ".")
        return
    if steps > reach:
        check.errors.append(f"Round {action.round}: {name} moves at most {reach} "
                            f"area{'s' if reach != 1 else ''}, not {steps}.")
        return
    domain = UNITS[kind].domain
    for area in path[1:]:
        if domain == "sea" and not board.is_sea(area):
            check.errors.append(f"Round {action.round}: ships stay at sea; {area} is land.")
            return
        if domain == "land" and not board.is_land(area):
            check.errors.append(f"Round {action.round}: {name} reaches a sea zone only aboard a "
                                f"transport: plot the transport picking it up (+{name} from "
                                f"{start}).")
            return
    if kind == AA_GUN and hostile(position, board, end, power):
        check.wait(action, f"AA guns never attack: {end} must be friendly by then for the "
                           "AA gun to move")
    named = source.via.get(kind) or source.via.get("*")
    if named is not None and position.has_enemy(named, power, [k for k in UNITS
                                                           if k not in (FACTORY,)]):
        check.wait(action, f"{via} holds enemy units now: the {name} can pass only if they "
                           "are gone by then")


def _only_middle(board: AAMap, start: Area, end: Area, domain: str) -> Area | None:
    """An area a two-area move could pass through, when the plot names none.

    The rulebook says a tank or ship moving two areas "must plot which area it will move
    through", yet its own examples move ships two areas without naming one (the submarine
    from Spn W Coast to US E Coast, the carrier from the Sea of Japan to the Bering Sea): such
    a plot is accepted, and the area passed is chosen when the action is executed (decision
    D-2 of docs/plotted-aa.md). A tank must name it, as every tank of the examples does: its
    blitz depends on it."""
    middles = sorted(a for a in board.neighbours(start) & board.neighbours(end)
                     if (board.is_sea(a) if domain == "sea" else board.is_land(a)))
    return middles[0] if middles else None


def _check_air(board: AAMap, position: Position, power: Power, action: Action, source: Source,
               kind: Kind, used: list[int], carried: int, techs: set[str], rules: MoveRules,
               check: PlotCheck, carriers: set[Area] | None = None) -> int:
    """Range (with a carrier's travel) and somewhere to land; returns the moves it uses."""
    start, end = source.area, action.area
    assert end is not None
    name = UNITS[kind].name
    reach = movement(kind, techs)
    steps = air_distances(board, start, rules=rules).get(end)
    if steps is None:
        check.errors.append(f"Round {action.round}: a {name} can't fly from {start} to {end}.")
        return 0
    if carried and board.is_sea(end):
        via = source.via.get(CARRIER) or source.via.get("*")
        carrier_steps = _steps(board, [start, via, end] if via else [start, end])
        steps = carrier_steps if carrier_steps is not None else steps
    for moves_used in used or [0]:
        left = reach - moves_used - steps
        if left < 0:
            check.errors.append(f"Round {action.round}: {name} from {start} can't reach {end}: "
                                f"it has {reach - moves_used} moves left, and {end} is {steps} "
                                "away.")
            return steps
        # "If the destination is friendly at the beginning of the turn, you may plot the
        # aircraft to move its full range"; a sea zone is nobody's: only a carrier's deck
        # (there now, or plotted there earlier) makes it a place to land.
        if board.is_land(end) and landing_ground(position, end, power, rules=rules):
            continue
        if carried and board.is_sea(end):  # riding their carrier: they land on it
            continue
        spots = [a for a, d in air_distances(board, end, rules=rules).items()
                 if d <= left and (can_land(board, position, power, kind, a, rules=rules)
                                   or (kind == FIGHTER and a in (carriers or ())))]
        if not spots:
            check.errors.append(f"Round {action.round}: {name} from {start} can reach {end} but "
                                f"then has {left} move{'s' if left != 1 else ''} left and no "
                                f"friendly {'territory or carrier' if kind == FIGHTER else 'territory'}"
                                f" within {left}: an aircraft may not plot its full range into "
                                "an area its side doesn't hold.")
            return steps
    return steps


def _check_unload(board: AAMap, position: Position, power: Power, action: Action,
                  source: Source, units: _Units, check: PlotCheck) -> None:
    """Units moving off a transport: out of its sea zone into a land area touching it."""
    sea, land = source.area, action.area
    assert land is not None
    if not board.is_sea(sea) or not board.is_land(land) or not board.adjacent(sea, land):
        check.errors.append(f"Round {action.round}: units leave a transport in {sea} only for a "
                            f"territory touching it; {land} isn't one.")
        return
    never = [k for k in (source.units or {}) if UNITS[k].transport_space is None]
    if never:
        check.errors.append(f"Round {action.round}: {describe_units({k: 1 for k in never})} "
                            f"can't go ashore from {sea}: only what a transport carries "
                            "(infantry, armour, AA guns) lands, and fighters fly.")
        return
    if (source.units or {}).get(AA_GUN) and hostile(position, board, land, power):
        check.wait(action, f"AA guns never attack: {land} must be friendly by then for the "
                           "AA gun to land")
    aboard = units.aboard.setdefault(sea, {})
    named = source.units
    if named is None:  # "all" aboard: what can go (not a second AA gun)
        named = {k: n for k, n in aboard.items()
                 if n and (k != AA_GUN or units.guns.get(land, 0) < 1)}
    for kind, count in named.items():
        found = min(count, aboard.get(kind, 0))
        aboard[kind] = aboard.get(kind, 0) - found
        if found < count:
            check.wait(action, f"no {UNITS[kind].plural} are plotted aboard a transport in {sea} "
                               "before this round")
        if kind == AA_GUN:
            units.gun_arrives(land, count, action, check)


def _check_pickups(board: AAMap, power: Power, action: Action, source: Source,
                   wanted: Mapping[Kind, int], units: _Units, check: PlotCheck) -> None:
    """Cargo: from areas the transport's route touches, no more than it can carry."""
    if not source.pickups:
        return
    transports = wanted.get(TRANSPORT, 0)
    end = action.area
    assert end is not None
    if not transports:
        check.errors.append(f"Round {action.round}: only a transport picks units up; this row "
                            f"moves {describe_units(wanted)}.")
        return
    route = [source.area, *source.via.values(), end]
    cargo: Counts = {}
    for pickup in source.pickups:
        if not any(board.adjacent(sea, pickup.area) for sea in route if board.is_sea(sea)):
            check.errors.append(f"Round {action.round}: the transport's route doesn't touch "
                                f"{pickup.area}, so it can't pick units up there.")
        for kind, n in pickup.units.items():
            if UNITS[kind].transport_space is None:
                check.errors.append(f"Round {action.round}: a transport can't carry a "
                                    f"{UNITS[kind].name}.")
                continue
            found, _ = units.take(pickup.area, kind, n)
            if kind == AA_GUN:
                units.gun_leaves(pickup.area, found)
            if found < n:
                check.wait(action, f"{power} has fewer than {n} {UNITS[kind].plural} in "
                                   f"{pickup.area} now")
            cargo[kind] = cargo.get(kind, 0) + n
    if not transport_fits(cargo, transports):
        check.errors.append(f"Round {action.round}: {transports} transport"
                            f"{'s' if transports != 1 else ''} can't carry "
                            f"{describe_units(cargo)}: each carries 2 infantry, or 1 armour.")
    aboard = units.aboard.setdefault(end, {})
    for kind, n in cargo.items():
        aboard[kind] = aboard.get(kind, 0) + n
