"""Movement rules of classic A&A for every unit kind, over a `Position` (not a `Game`).

Each check either returns what the move means (its path, the territories an armour blitzes
and captures on the way, whether it ends in combat, what a neutral costs) or raises
`NotAllowed` saying why in a player's words, e.g. "Bomber from Germany can reach East
Mediteranean Sea Zone but then has 3 moves left and no friendly territory within 3".

The rules (shared/reference/axis-allies-classic.md, "Combat rules" and "Units"):

- land units move their movement through friendly territories; entering an enemy territory
  (or one holding enemy units) ends the move in combat; armour may blitz through an enemy
  territory that holds no enemy units, capturing it, and go on;
- ships move through sea zones without enemy ships; entering one ends the move in combat;
  a canal is open to a side that controls its territories;
- aircraft fly over anything but neutrals; one that ends its combat move in a hostile area
  must be able to land afterwards in a territory friendly at the start of the turn and
  still friendly (or, a fighter, on a carrier), never one captured this turn;
- a transport carries 2 spaces (infantry 1, armour and AA gun 2); its cargo lands in an
  adjacent territory; landing in an enemy territory is an amphibious assault;
- AA guns move 1 and never attack; industrial complexes never move; neutrals may be
  entered in combat movement for a charge (3 IPCs) or not at all, by option.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from engine.aa.map import AAMap, Area
from engine.aa.position import Position
from engine.aa.units import (
    AA_GUN,
    AIRCRAFT,
    ARMOUR,
    CARRIER,
    FACTORY,
    FIGHTER,
    INFANTRY,
    POWERS,
    SHIPS,
    SUBMARINE,
    TRANSPORT,
    UNITS,
    Counts,
    Kind,
    Power,
    allied,
    describe_units,
    movement,
)
from engine.errors import NotAllowed, Unreadable


@dataclass(frozen=True)
class MoveRules:
    """Options that change movement; the defaults are the documented classic ones."""

    neutrals: Literal["pay", "closed"] = "pay"  # "pay": enter in combat move for a charge
    neutral_charge: int = 3
    air_over_neutrals: bool = False
    submarines_block: bool = True  # enemy submarines stop movement like any ship
    transport: Literal["classic", "revised"] = "classic"  # revised: 1 infantry + 1 other
    # Aircraft may land in a territory friendly now and at the start of the turn even if it
    # changed hands in between (Plotted A&A, "Aircraft Landing"); classic: never in one
    # captured this turn.
    land_where_recaptured: bool = False


CLASSIC = MoveRules()


@dataclass(frozen=True)
class Route:
    """What a legal move means."""

    path: tuple[Area, ...]
    attack: bool = False  # ends in combat (an enemy area, or a neutral to be taken)
    blitzed: tuple[Area, ...] = ()  # empty enemy territories captured on the way
    charge: int = 0  # IPCs to pay for entering a neutral
    moves_left: int = 0
    landings: tuple[Area, ...] = field(default=(), compare=False)  # aircraft only

    @property
    def moves(self) -> int:
        return len(self.path) - 1


def _name(kind: Kind) -> str:
    return UNITS[kind].name.capitalize() if kind != AA_GUN else "AA gun"


def _holders(pos: Position, area: Area, power: Power, kinds: Collection[Kind] | None = None
             ) -> str:
    enemies = pos.enemy_units(area, power, kinds)
    return "; ".join(f"{describe_units(c)} of {p}" for p, c in sorted(enemies.items()))


def hostile(pos: Position, board: AAMap, area: Area, power: Power) -> bool:
    """An area a move into ends in combat: enemy units there, or (land) enemy control."""
    if pos.has_enemy(area, power, [k for k in UNITS if k not in (FACTORY, AA_GUN)]):
        return True
    return board.is_land(area) and not board.is_neutral(area) and not pos.friendly(area, power) \
        and pos.controller(area) is not None


def _chain(board: AAMap, start: Area, end: Area, via: Sequence[Area]) -> list[Area]:
    path = [start, *via, end]
    for a, b in zip(path, path[1:], strict=False):
        if not board.adjacent(a, b):
            raise NotAllowed(f"{a} and {b} don't border each other.")
    return path


# ----- land --------------------------------------------------------------------

def land_route(board: AAMap, pos: Position, power: Power, kind: Kind, start: Area, end: Area,
               via: Sequence[Area] = (), *, combat: bool, moves_left: int | None = None,
               rules: MoveRules = CLASSIC) -> Route:
    """Check a land unit's move (infantry, armour, AA gun) from `start` to `end`."""
    name = _name(kind)
    if kind == FACTORY:
        raise NotAllowed("An industrial complex never moves.")
    if UNITS[kind].domain != "land":
        raise Unreadable(f"{name} is not a land unit.")
    if not board.is_land(end):
        raise NotAllowed(f"{name} can't move into {end}: land units reach a sea zone only "
                         f"aboard a transport.")
    left = movement(kind, pos.techs_of(power)) if moves_left is None else moves_left
    if kind == AA_GUN and combat:
        raise NotAllowed("AA guns never attack: move them in non-combat movement.")
    can_blitz = kind == ARMOUR and combat

    def passable(area: Area) -> bool:
        if not board.is_land(area) or board.is_neutral(area):
            return False
        if pos.friendly(area, power):
            return not pos.has_enemy(area, power)
        return can_blitz and not _blocks_blitz(pos, area, power)

    if via:
        path = _chain(board, start, end, via)
        for area in path[1:-1]:
            if not passable(area):
                raise NotAllowed(_why_not_through(board, pos, power, kind, area, combat))
    else:
        steps = board.distance(start, end, through=board.land.keys())
        if steps is None:
            raise NotAllowed(f"{name} can't reach {end} from {start} over land: it needs "
                             f"a transport.")
        if steps > left:
            raise NotAllowed(f"{name} from {start} can't reach {end}: it is {steps} moves "
                             f"away and {name.lower()} has {left} left.")
        found = board.path(start, end, through={a for a in board.land if passable(a)})
        if found is None:
            raise NotAllowed(f"{name} can't reach {end} from {start}: there is no way through "
                             f"friendly territory" + (" or empty enemy territory." if can_blitz
                                                      else "."))
        path = found
    if len(path) - 1 > left:
        raise NotAllowed(f"{name} from {start} can't reach {end}: it is {len(path) - 1} moves "
                         f"away and {name.lower()} has {left} left.")
    charge = 0
    attack = hostile(pos, board, end, power)
    if board.is_neutral(end) and pos.controller(end) is None:
        if rules.neutrals == "closed":
            raise NotAllowed(f"{end} is neutral: no unit may enter it in this game.")
        if not combat:
            raise NotAllowed(f"{end} is neutral: enter it only in combat movement "
                             f"({rules.neutral_charge} IPCs).")
        charge, attack = rules.neutral_charge, True
    if attack and not combat:
        raise NotAllowed(f"{name} can't move into {end} in non-combat movement: "
                         f"it is hostile ({_holders(pos, end, power) or 'enemy territory'}).")
    blitzed = tuple(a for a in path[1:-1] if not pos.friendly(a, power))
    return Route(tuple(path), attack, blitzed, charge, left - (len(path) - 1))


def _blocks_blitz(pos: Position, area: Area, power: Power) -> bool:
    # AA guns and complexes don't stop a blitz: they are captured with the territory.
    return pos.has_enemy(area, power, [k for k in UNITS if k not in (FACTORY, AA_GUN)])


def _why_not_through(board: AAMap, pos: Position, power: Power, kind: Kind, area: Area,
                     combat: bool) -> str:
    name = _name(kind)
    if not board.is_land(area):
        return f"{name} can't pass through {area}: it is a sea zone."
    if board.is_neutral(area):
        return f"{name} can't pass through {area}: it is neutral."
    if pos.friendly(area, power):
        return f"{name} can't pass through {area}: {_holders(pos, area, power)} are there."
    if kind == ARMOUR and combat:
        return (f"Armour can't blitz through {area}: "
                f"{_holders(pos, area, power)} are there.")
    if kind == ARMOUR:
        return f"Armour blitzes only in combat movement; {area} is enemy territory."
    return f"{name} can't pass through {area}: it is enemy territory; only armour blitzes."


# ----- sea ---------------------------------------------------------------------

def canal_open(board: AAMap, pos: Position, power: Power, a: Area, b: Area) -> bool:
    canal = board.canal(a, b)
    return canal is None or all(pos.friendly(t, power) for t in canal.must_control)


def sea_route(board: AAMap, pos: Position, power: Power, kind: Kind, start: Area, end: Area,
              via: Sequence[Area] = (), *, combat: bool, moves_left: int | None = None,
              rules: MoveRules = CLASSIC) -> Route:
    """Check a ship's move from sea zone `start` to sea zone `end`."""
    name = _name(kind)
    if kind not in SHIPS:
        raise Unreadable(f"{name} is not a ship.")
    if not board.is_sea(end):
        raise NotAllowed(f"{name} can't sail into {end}: it is land.")
    left = movement(kind, pos.techs_of(power)) if moves_left is None else moves_left
    blockers = [k for k in SHIPS if rules.submarines_block or k != SUBMARINE]

    def passable(area: Area) -> bool:
        return board.is_sea(area) and not pos.has_enemy(area, power, blockers)

    if via:
        path = _chain(board, start, end, via)
        for area in path[1:-1]:
            if not board.is_sea(area):
                raise NotAllowed(f"{name} can't sail through {area}: it is land.")
            if not passable(area):
                raise NotAllowed(f"{name} can't sail through {area}: "
                                 f"{_holders(pos, area, power, SHIPS)} are there.")
    else:
        found = _sea_path(board, pos, power, start, end, passable, canals=True)
        if found is None or len(found) - 1 > left:
            # Say which canal is in the way, if a way through it would do.
            other = _sea_path(board, pos, power, start, end, passable, canals=False)
            if other is not None and len(other) - 1 <= left:
                found = other
        if found is None:
            raise NotAllowed(f"{name} can't reach {end} from {start}: enemy ships are in "
                             f"the way.")
        path = found
    for a, b in zip(path, path[1:], strict=False):
        if not canal_open(board, pos, power, a, b):
            canal = board.canal(a, b)
            assert canal is not None
            raise NotAllowed(f"The {canal.name} is closed to {power}: your side must control "
                             f"{' and '.join(canal.must_control)}.")
    if len(path) - 1 > left:
        raise NotAllowed(f"{name} from {start} can't reach {end}: it is {len(path) - 1} moves "
                         f"away and it has {left} left.")
    attack = pos.has_enemy(end, power)
    if attack and not combat:
        raise NotAllowed(f"{name} can't enter {end} in non-combat movement: "
                         f"{_holders(pos, end, power)} are there.")
    return Route(tuple(path), attack, (), 0, left - (len(path) - 1))


def _sea_path(board: AAMap, pos: Position, power: Power, start: Area, end: Area,
              passable: Callable[[Area], bool], *, canals: bool) -> list[Area] | None:
    through = {a for a in board.sea if passable(a)}
    # Breadth-first with canals: a closed canal is a missing border.
    frontier = [start]
    previous: dict[Area, Area] = {start: start}
    while frontier:
        nxt_frontier: list[Area] = []
        for here in frontier:
            if here != start and here not in through:
                continue
            for nxt in sorted(board.neighbours(here)):
                if nxt in previous or not board.is_sea(nxt):
                    continue
                if canals and not canal_open(board, pos, power, here, nxt):
                    continue
                previous[nxt] = here
                if nxt == end:
                    chain = [end]
                    while chain[-1] != start:
                        chain.append(previous[chain[-1]])
                    return chain[::-1]
                nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return None


# ----- air ---------------------------------------------------------------------

def air_distances(board: AAMap, start: Area, *, rules: MoveRules = CLASSIC) -> dict[Area, int]:
    """Steps an aircraft needs from `start` to every area it may fly to."""
    through = None if rules.air_over_neutrals else {a for a in board.areas
                                                   if not board.is_neutral(a)}
    dist = board.distances(start, through=through)
    if not rules.air_over_neutrals:
        dist = {a: d for a, d in dist.items() if not board.is_neutral(a)}
    return dist


def carrier_room(pos: Position, area: Area, power: Power) -> int:
    """Free fighter places on friendly carriers in a sea zone."""
    room = 0
    for p, counts in pos.units.get(area, {}).items():
        if allied(p, power):
            room += counts.get(CARRIER, 0) * UNITS[CARRIER].capacity - counts.get(FIGHTER, 0)
    return max(room, 0)


def stranded_fighters(pos: Position, zone: Area, powers: Collection[Power]) -> dict[Power, int]:
    """Fighters of `powers` in sea zone `zone` beyond the room on their side's carriers there
    (after a sea battle sank carriers): each power's own carriers hold its own fighters
    first, the room left its allies' in turn order."""
    units = pos.all_units(zone)
    room = {p: c.get(CARRIER, 0) * UNITS[CARRIER].capacity for p, c in units.items()}
    need = {p: units.get(p, {}).get(FIGHTER, 0) for p in powers}
    for power in need:
        own = min(need[power], room.get(power, 0))
        need[power] -= own
        room[power] = room.get(power, 0) - own
    order = [p for p in POWERS if p in need] + sorted(p for p in need if p not in POWERS)
    for power in order:
        for holder in sorted(room, key=lambda p: POWERS.index(p) if p in POWERS else 99):
            if need[power] and allied(holder, power) and room[holder] > 0:
                took = min(need[power], room[holder])
                need[power] -= took
                room[holder] -= took
    return {p: n for p, n in need.items() if n}


def landing_ground(pos: Position, area: Area, power: Power, *,
                   rules: MoveRules = CLASSIC) -> bool:
    """Whether a land territory's control lets `power`'s aircraft land there: friendly now
    and at the start of the turn, and (unless `rules.land_where_recaptured`) not captured
    this turn."""
    if rules.land_where_recaptured:
        return pos.friendly(area, power) and allied(pos.start_owner.get(area), power)
    return pos.friendly_since_start(area, power)


def can_land(board: AAMap, pos: Position, power: Power, kind: Kind, area: Area, *,
             rules: MoveRules = CLASSIC) -> bool:
    """Whether an aircraft of `power` may end its turn in `area` as things stand."""
    if board.is_land(area):
        return landing_ground(pos, area, power, rules=rules) and not pos.has_enemy(area, power)
    return kind == FIGHTER and carrier_room(pos, area, power) > 0 \
        and not pos.has_enemy(area, power)


def landing_spots(board: AAMap, pos: Position, power: Power, kind: Kind, here: Area,
                  within: int, *, rules: MoveRules = CLASSIC) -> list[Area]:
    """Where an aircraft in `here` with `within` moves left could land, nearest first."""
    dist = air_distances(board, here, rules=rules)
    spots = [a for a, d in dist.items()
             if d <= within and can_land(board, pos, power, kind, a, rules=rules)]
    return sorted(spots, key=lambda a: (dist[a], a))


def air_route(board: AAMap, pos: Position, power: Power, kind: Kind, start: Area, end: Area,
              via: Sequence[Area] = (), *, combat: bool, moves_used: int = 0,
              rules: MoveRules = CLASSIC) -> Route:
    """Check an aircraft's flight (over `via`, in order, when named); in combat, a landing
    must remain possible afterwards."""
    name = _name(kind)
    if kind not in AIRCRAFT:
        raise Unreadable(f"{name} is not an aircraft.")
    total = movement(kind, pos.techs_of(power))
    have = total - moves_used
    if board.is_neutral(end) and not rules.air_over_neutrals:
        raise NotAllowed(f"{name} can't fly into {end}: aircraft may not enter neutral "
                         f"territory.")
    steps = air_distances(board, start, rules=rules).get(end)
    if via and steps is not None:
        steps = len(air_path(board, start, end, via, rules=rules)) - 1
    if steps is None or steps > have:
        away = "out of reach" if steps is None else f"{steps} moves away"
        raise NotAllowed(f"{name} from {start} can't reach {end}: it is {away} and a "
                         f"{name.lower()} has {have} moves left.")
    left = have - steps
    attack = hostile(pos, board, end, power)
    if not combat:
        if attack:
            raise NotAllowed(f"{name} can't fly into {end} in non-combat movement: "
                             f"it is hostile.")
        if not can_land(board, pos, power, kind, end, rules=rules):
            raise NotAllowed(_landing_refusal(board, pos, power, kind, end))
        return Route((start, end), False, (), 0, left, (end,))
    spots = landing_spots(board, pos, power, kind, end, left, rules=rules)
    if attack or not can_land(board, pos, power, kind, end, rules=rules):
        spots = [s for s in spots if s != end]
        if not spots:
            places = "friendly territory" if kind != FIGHTER else "friendly territory or carrier"
            if left == 0:
                raise NotAllowed(f"{name} from {start} can reach {end} but then has no moves "
                                 f"left to land.")
            raise NotAllowed(f"{name} from {start} can reach {end} but then has {left} "
                             f"move{'s' if left != 1 else ''} left and no {places} within "
                             f"{left}.")
    return Route((start, end), attack, (), 0, left, tuple(spots))


def air_path(board: AAMap, start: Area, end: Area, via: Sequence[Area] = (), *,
             rules: MoveRules = CLASSIC, avoid: Collection[Area] = ()) -> list[Area]:
    """The areas an aircraft flies over from `start` to `end`, both included: over `via` in
    order when named (each bordering the next, no neutral), else a shortest way over the
    fewest areas in `avoid` (say, those with an enemy AA gun), alphabetical on ties."""
    if via:
        path = _chain(board, start, end, via)
        for area in path[1:-1]:
            if board.is_neutral(area) and not rules.air_over_neutrals:
                raise NotAllowed(f"Aircraft may not fly over {area}: it is neutral.")
        return path
    dist = air_distances(board, start, rules=rules)
    if end not in dist:
        raise NotAllowed(f"No aircraft can fly from {start} to {end}.")
    best: dict[Area, tuple[int, list[Area]]] = {start: (0, [start])}
    for area in sorted((a for a in dist if 0 < dist[a] <= dist[end]),
                       key=lambda a: (dist[a], a)):
        options = [(best[p][0] + (1 if p in avoid and p != start else 0), best[p][1] + [area])
                   for p in board.neighbours(area)
                   if p in best and dist.get(p) == dist[area] - 1
                   and (p == start or not board.is_neutral(p) or rules.air_over_neutrals)]
        if options:
            best[area] = min(options)
    return best[end][1]


def _landing_refusal(board: AAMap, pos: Position, power: Power, kind: Kind, area: Area) -> str:
    name = _name(kind)
    if board.is_sea(area):
        if kind != FIGHTER:
            return f"{name} can't land at sea: only fighters land, on carriers."
        return f"Fighter can't land in {area}: no friendly carrier there has room."
    if area in pos.captured:
        return f"{name} can't land in {area}: it was captured this turn."
    if not pos.friendly(area, power):
        return f"{name} can't land in {area}: it is not friendly."
    return f"{name} can't land in {area}: it was not friendly at the start of the turn."


def check_landing(board: AAMap, pos: Position, power: Power, kind: Kind, area: Area) -> None:
    """Refuse, with the reason, an aircraft ending its turn in `area`."""
    if not can_land(board, pos, power, kind, area):
        raise NotAllowed(_landing_refusal(board, pos, power, kind, area))


# ----- transports --------------------------------------------------------------

def transport_fits(cargo: Mapping[Kind, int], transports: int, *,
                   rules: MoveRules = CLASSIC) -> bool:
    """Whether `transports` transports can carry `cargo` (land units only)."""
    for kind, n in cargo.items():
        if n and UNITS[kind].transport_space is None:
            return False
    if rules.transport == "revised":
        # Each carries 1 infantry and 1 other land unit, or 2 infantry... ([2004] reading).
        others = sum(n for k, n in cargo.items() if k != INFANTRY)
        infantry = cargo.get(INFANTRY, 0)
        return others <= transports and infantry + others <= 2 * transports
    spaces = sum((UNITS[k].transport_space or 0) * n for k, n in cargo.items())
    if spaces > 2 * transports:
        return False
    # Two-space units (armour, AA gun) take a whole transport each.
    big = sum(n for k, n in cargo.items() if (UNITS[k].transport_space or 0) == 2)
    return big + (cargo.get(INFANTRY, 0) + 1) // 2 <= transports


def split_cargo(cargo: Mapping[Kind, int], moving: int, staying: int | None, *,
                rules: MoveRules = CLASSIC) -> tuple[Counts, Counts] | None:
    """How cargo divides when `moving` of a zone's transports sail and `staying` stay:
    the moving ones take as much as they can carry (armour and AA guns first), the rest
    must fit those that stay (`staying=None`: the rest is lost, as when transports sink).
    None if no division fits."""
    kinds = sorted(cargo, key=lambda k: (-(UNITS[k].transport_space or 0), k))
    best: tuple[int, Counts, Counts] | None = None

    def search(index: int, taken: Counts) -> None:
        nonlocal best
        if index == len(kinds):
            rest = {k: cargo[k] - taken.get(k, 0) for k in cargo}
            if transport_fits(taken, moving, rules=rules) and (
                    staying is None or transport_fits(rest, staying, rules=rules)):
                spaces = sum((UNITS[k].transport_space or 0) * n for k, n in taken.items())
                if best is None or spaces > best[0]:
                    best = (spaces, {k: n for k, n in taken.items() if n},
                            {k: n for k, n in rest.items() if n})
            return
        kind = kinds[index]
        for n in range(cargo[kind], -1, -1):
            search(index + 1, {**taken, kind: n})

    search(0, {})
    return None if best is None else (best[1], best[2])


def check_load(board: AAMap, pos: Position, power: Power, sea: Area, land: Area,
               cargo: Mapping[Kind, int], aboard: Mapping[Kind, int] | None = None, *,
               transports: int | None = None, rules: MoveRules = CLASSIC) -> None:
    """Refuse loading `cargo` from `land` onto transports of `power` in `sea` when it can't."""
    if not board.adjacent(sea, land) or not board.is_sea(sea) or not board.is_land(land):
        raise NotAllowed(f"{land} doesn't touch {sea}: units load from an adjacent territory.")
    for kind in cargo:
        if UNITS[kind].transport_space is None:
            raise NotAllowed(f"A transport can't carry a {UNITS[kind].name}: it carries "
                             f"infantry, armour and AA guns.")
    have = pos.units_of(land, power)
    for kind, n in cargo.items():
        if have.get(kind, 0) < n:
            raise NotAllowed(f"{power} has {have.get(kind, 0)} {UNITS[kind].plural} in {land}, "
                             f"not {n}.")
    count = pos.units_of(sea, power).get(TRANSPORT, 0) if transports is None else transports
    if count == 0:
        raise NotAllowed(f"{power} has no transport in {sea}.")
    load: Counts = dict(aboard or {})
    for k, n in cargo.items():
        load[k] = load.get(k, 0) + n
    if not transport_fits(load, count, rules=rules):
        raise NotAllowed(f"{count} transport{'s' if count != 1 else ''} can't carry "
                         f"{describe_units(load)}: each carries 2 infantry, or 1 armour, "
                         f"or 1 AA gun.")


def check_unload(board: AAMap, pos: Position, power: Power, sea: Area, land: Area, *,
                 combat: bool, contested: bool = False, rules: MoveRules = CLASSIC) -> Route:
    """Check cargo landing from `sea` into `land`; an enemy territory is an amphibious assault.

    With `contested`, enemy ships in `sea` are allowed: the landing is declared now and made
    once the sea battle there is won (the caller's business).
    """
    if not board.is_sea(sea) or not board.adjacent(sea, land) or not board.is_land(land):
        raise NotAllowed(f"Cargo in {sea} can land only in a territory touching it; "
                         f"{land} doesn't.")
    if board.is_neutral(land) and pos.controller(land) is None:
        raise NotAllowed(f"{land} is neutral: units may not land there from the sea.")
    attack = hostile(pos, board, land, power)
    if attack and not combat:
        raise NotAllowed(f"Landing in {land} is an amphibious assault: make it in combat "
                         f"movement.")
    if pos.has_enemy(sea, power, SHIPS) and attack and not contested:
        raise NotAllowed(f"Enemy ships in {sea} must be cleared before units land from it.")
    return Route((sea, land), attack, (), 0, 0)


# ----- any unit ----------------------------------------------------------------

def unit_route(board: AAMap, pos: Position, power: Power, kind: Kind, start: Area, end: Area,
               via: Sequence[Area] = (), *, combat: bool, moves_used: int = 0,
               rules: MoveRules = CLASSIC) -> Route:
    """Check one kind's move, whatever its domain."""
    domain = UNITS[kind].domain
    if domain == "fixed":
        raise NotAllowed("An industrial complex never moves.")
    if domain == "air":
        return air_route(board, pos, power, kind, start, end, via, combat=combat,
                         moves_used=moves_used, rules=rules)
    left = movement(kind, pos.techs_of(power)) - moves_used
    if domain == "sea":
        return sea_route(board, pos, power, kind, start, end, via, combat=combat,
                         moves_left=left, rules=rules)
    return land_route(board, pos, power, kind, start, end, via, combat=combat,
                      moves_left=left, rules=rules)


def check_move(board: AAMap, pos: Position, power: Power, units: Mapping[Kind, int],
               start: Area, end: Area, via: Sequence[Area] = (), *, combat: bool,
               rules: MoveRules = CLASSIC) -> dict[Kind, Route]:
    """Check moving `units` of `power` together from `start` to `end` (each kind its route)."""
    have = pos.units_of(start, power)
    for kind, n in units.items():
        if have.get(kind, 0) < n:
            raise NotAllowed(f"{power} has {have.get(kind, 0)} {UNITS[kind].plural} in "
                             f"{start}, not {n}.")
    return {kind: unit_route(board, pos, power, kind, start, end,
                             via if UNITS[kind].domain != "air" else (), combat=combat,
                             rules=rules)
            for kind in units if units[kind]}
