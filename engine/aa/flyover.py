"""AA fire at aircraft flying over (the 1984 rules), shared by A&A classic and Plotted A&A.

The 1984 rulebook lets an AA gun fire not only at aircraft attacking its territory but at
every enemy aircraft flying over it (reference "Combat rules", aa gun: "Original rule also
let AA fire at aircraft flying over"; TripleA's classic reading, "Always on AA" off, fires
only at attackers). Each enemy AA gun a flight passes over (not where it starts or ends)
rolls one die at each aircraft; each 1 downs one, the aircraft first in the mover's saved
loss order (there is no pause mid-flight to ask); those shot down never arrive.

Without a chosen way, aircraft fly a shortest way over the fewest guns (`flight_path`): the way a
pilot would pick. The games decide when a flight is fired at and remove what was shot down;
this module says which areas fire, in which order, and what they hit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.aa.combat import default_casualties
from engine.aa.map import AAMap, Area
from engine.aa.movement import CLASSIC, MoveRules, air_path
from engine.aa.position import Position
from engine.aa.units import AA_GUN, UNITS, Counts, Kind, Power, allied, describe_units
from engine.rng import Rng


def gun_areas(board: AAMap, pos: Position, power: Power) -> frozenset[Area]:
    """Territories holding an AA gun of an enemy of `power`: the ones a flight avoids."""
    return frozenset(a for a in pos.units if board.is_land(a) and _enemy_gun(pos, a, power))


def _enemy_gun(pos: Position, area: Area, power: Power) -> bool:
    return any(AA_GUN in c for p, c in pos.all_units(area).items() if not allied(p, power))


def flak(pos: Position, power: Power, path: Sequence[Area]) -> list[Area]:
    """The areas a flight over `path` passes over (not where it starts or ends) that hold an
    AA gun of an enemy of `power`, in the order flown over: each fires at the aircraft."""
    return [a for a in path[1:-1] if _enemy_gun(pos, a, power)]


def flight_path(board: AAMap, pos: Position, power: Power, start: Area, end: Area,
          over: Sequence[Area] = (), *, rules: MoveRules = CLASSIC,
          fire: bool = True) -> list[Area]:
    """The areas a flight of `power` flies over from `start` to `end`, both included: `over`
    in order when the owner names it, else a shortest way over the fewest enemy AA guns
    (when guns fire at all), alphabetical on a tie."""
    avoid = gun_areas(board, pos, power) if fire else frozenset()
    return air_path(board, start, end, over, rules=rules, avoid=avoid)


@dataclass(frozen=True)
class FlyOver:
    """What the guns a flight passed over did: the aircraft shot down, and in words."""

    shot: Counts
    lines: tuple[str, ...]


def fire_at_flight(rng: Rng, pos: Position, power: Power,
                   paths: Mapping[Kind, Sequence[Area]], aloft: Mapping[Kind, int],
                   order: Sequence[Kind]) -> FlyOver:
    """Fire every enemy AA gun that aircraft of `power` fly over: `paths` gives each kind's
    way, `aloft` how many fly, `order` the mover's saved loss order (which aircraft a hit
    downs). Guns fire in the order first flown over (by name on a tie), each at the
    aircraft still aloft that pass over it."""
    left = {k: int(aloft.get(k, 0)) for k in paths}
    shot: Counts = {}
    lines: list[str] = []
    first = {a: min(path.index(a) for path in paths.values() if a in path)
             for path in paths.values() for a in flak(pos, power, path)}
    for area in sorted(first, key=lambda a: (first[a], a)):
        target = {k: n for k, n in left.items() if n and area in paths[k]}
        if not target:
            continue
        hits = sum(sum(1 for d in rng.roll(n, label=f"AA gun in {area} at "
                                                   f"{UNITS[kind].plural}") if d == 1)
                   for kind, n in target.items())
        hit = default_casualties(target, hits, 0, order)
        for kind, n in hit.items():
            left[kind] -= n
            shot[kind] = shot.get(kind, 0) + n
        lines.append(f"The AA gun in {area} fires at {describe_units(target)} flying over: "
                     f"{describe_units(hit) if hit else 'none'} shot down.")
    return FlyOver(shot, tuple(lines))
