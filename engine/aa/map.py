"""The Axis & Allies world: land territories, sea zones, borders, canals, the starting position.

The board is data (`classic_map.json`, a compact extract of
`shared/reference/axis-allies-classic.json`: TripleA's *World War II Classic*, the 1984 board).
`AAMap` answers questions about the board only; who holds what and which units stand where
belong to a `engine.aa.position.Position`, so both A&A games share one map.

Names are TripleA's spellings ("Mediteranean", "Carribean"): they are the join keys of the
reference, and of every stored state and log. `engine.aa.names` reads what players type;
`engine.aa.spelling` spells the names right wherever players read them.

>>> m = classic_map()
>>> len(m.land), len(m.sea), len(m.borders), m.total_ipc()
(70, 58, 309, 147)
>>> m.distance("Ukraine S.S.R.", "North Sea Zone")
3
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from typing import Any

from engine.errors import Unreadable

Area = str
Power = str


@dataclass(frozen=True)
class Canal:
    """A passage between two sea zones, open to a side that controls every `must_control`."""

    name: str
    sea_zones: tuple[Area, Area]
    must_control: tuple[Area, ...]


@dataclass(frozen=True)
class LandInfo:
    """What the board prints on a land territory."""

    ipc: int
    original_owner: Power | None  # None: a neutral
    capital: bool
    factory: bool  # an industrial complex at the start of the game
    xy: tuple[int, int]


class AAMap:
    """The board: immutable once built; every border appears in `neighbours` both ways."""

    def __init__(self, raw: Mapping[str, Any], *, optional_borders: bool = True) -> None:
        self.name = str(raw["name"])
        self.layout_size: tuple[int, int] = (int(raw["layout_size"][0]),
                                             int(raw["layout_size"][1]))
        self.land: dict[Area, LandInfo] = {
            name: LandInfo(int(e["ipc"]), e.get("owner"), bool(e.get("capital", False)),
                           bool(e.get("factory", False)), (int(e["xy"][0]), int(e["xy"][1])))
            for name, e in raw["land"].items()}
        self.sea: dict[Area, tuple[int, int]] = {
            name: (int(e["xy"][0]), int(e["xy"][1])) for name, e in raw["sea"].items()}
        borders = [frozenset(b) for b in raw["borders"]]
        optional = {frozenset(b) for b in raw.get("optional_borders", [])}
        if not optional_borders:
            borders = [b for b in borders if b not in optional]
        self.borders: frozenset[frozenset[Area]] = frozenset(borders)
        self.canals: tuple[Canal, ...] = tuple(
            Canal(c["name"], (c["sea_zones"][0], c["sea_zones"][1]), tuple(c["must_control"]))
            for c in raw["canals"])
        self.powers: tuple[dict[str, Any], ...] = tuple(raw["powers"])
        self.starting_units: dict[Area, dict[Power, dict[str, int]]] = {
            a: {p: dict(us) for p, us in by_power.items()}
            for a, by_power in raw["starting_units"].items()}
        self.aliases: dict[Area, tuple[str, ...]] = {
            a: tuple(names) for a, names in raw.get("aliases", {}).items()}
        neighbours: dict[Area, set[Area]] = {a: set() for a in self.areas}
        for border in self.borders:
            if len(border) != 2 or not border <= neighbours.keys():
                raise ValueError(f"bad border {sorted(border)}")
            a, b = sorted(border)
            neighbours[a].add(b)
            neighbours[b].add(a)
        self._neighbours = {a: frozenset(ns) for a, ns in neighbours.items()}
        # The same, in name order: a search walks these, so that what it builds (a path, a
        # dict of distances) is the same in every process whatever the hash seed.
        self._in_order = {a: tuple(sorted(ns)) for a, ns in neighbours.items()}
        self._canal_of: dict[frozenset[Area], Canal] = {
            frozenset(c.sea_zones): c for c in self.canals}

    def __repr__(self) -> str:
        return f"<AAMap {self.name}: {len(self.land)} land, {len(self.sea)} sea>"

    # ----- plain questions ----------------------------------------------

    @cached_property
    def areas(self) -> tuple[Area, ...]:
        """Every area: land territories, then sea zones, each alphabetically."""
        return tuple(sorted(self.land)) + tuple(sorted(self.sea))

    def check(self, area: Area) -> Area:
        """`area` if it is on the board, else `Unreadable` (for names already resolved)."""
        if area not in self._neighbours:
            raise Unreadable(f"There is no area {area!r} on this board.")
        return area

    def is_land(self, area: Area) -> bool:
        return area in self.land

    def is_sea(self, area: Area) -> bool:
        return area in self.sea

    def neighbours(self, area: Area) -> frozenset[Area]:
        return self._neighbours[self.check(area)]

    def adjacent(self, a: Area, b: Area) -> bool:
        return frozenset((a, b)) in self.borders

    def coast(self, area: Area) -> frozenset[Area]:
        """The sea zones touching a land territory (or the land touching a sea zone)."""
        sea = self.is_sea(area)
        return frozenset(n for n in self.neighbours(area) if self.is_sea(n) != sea)

    def ipc(self, area: Area) -> int:
        info = self.land.get(area)
        return info.ipc if info else 0

    def original_owner(self, area: Area) -> Power | None:
        info = self.land.get(area)
        return info.original_owner if info else None

    def is_neutral(self, area: Area) -> bool:
        return area in self.land and self.land[area].original_owner is None

    def capital(self, power: Power) -> Area:
        for p in self.powers:
            if p["power"] == power:
                return str(p["capital"])
        raise Unreadable(f"There is no power {power!r} in this game.")

    def total_ipc(self) -> int:
        return sum(info.ipc for info in self.land.values())

    def canal(self, a: Area, b: Area) -> Canal | None:
        """The canal a ship uses to sail from `a` to `b`, if that border is one."""
        return self._canal_of.get(frozenset((a, b)))

    # ----- distances ----------------------------------------------------

    def distances(self, start: Area, *, through: Collection[Area] | None = None,
                  limit: int | None = None) -> dict[Area, int]:
        """Steps from `start` to every area reachable, stepping only on `through`.

        `start` need not be in `through`; an area outside `through` is reached (so a move may
        end there) but not stepped through. `limit` stops the search at that many steps.
        """
        self.check(start)
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            d = dist[here]
            if limit is not None and d >= limit:
                continue
            if here != start and through is not None and here not in through:
                continue
            for nxt in self._in_order[here]:
                if nxt not in dist:
                    dist[nxt] = d + 1
                    queue.append(nxt)
        return dist

    def distance(self, a: Area, b: Area, *, through: Collection[Area] | None = None) -> int | None:
        """The fewest steps from `a` to `b` (stepping only on `through` between), or None."""
        self.check(b)
        return self.distances(a, through=through).get(b)

    def path(self, a: Area, b: Area, *,
             through: Collection[Area] | None = None) -> list[Area] | None:
        """A shortest chain of areas from `a` to `b` (both included), alphabetical on ties."""
        self.check(a)
        self.check(b)
        if a == b:
            return [a]
        previous: dict[Area, Area] = {a: a}
        queue = deque([a])
        while queue:
            here = queue.popleft()
            if here != a and through is not None and here not in through:
                continue
            for nxt in self._in_order[here]:
                if nxt in previous:
                    continue
                previous[nxt] = here
                if nxt == b:
                    chain = [b]
                    while chain[-1] != a:
                        chain.append(previous[chain[-1]])
                    return chain[::-1]
                queue.append(nxt)
        return None

    def is_chain(self, areas: Iterable[Area]) -> bool:
        """True if each area of `areas` borders the next."""
        items = list(areas)
        return all(self.adjacent(x, y) for x, y in zip(items, items[1:], strict=False))


def load_map_data(name: str = "classic") -> dict[str, Any]:
    """The packaged data of a board (`<name>_map.json` in this package) as plain JSON."""
    text = resources.files("engine.aa").joinpath(f"{name}_map.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


_BOARDS: dict[bool, AAMap] = {}


def classic_map(*, optional_borders: bool = True) -> AAMap:
    """The 1984 board, shared (it is immutable).

    `optional_borders=False` drops the East Canada Sea Zone - West Canada border, as the
    3rd-edition printing does (the 2nd edition, the default, has it).
    """
    board = _BOARDS.get(optional_borders)
    if board is None:
        board = _BOARDS[optional_borders] = AAMap(load_map_data("classic"),
                                                   optional_borders=optional_borders)
    return board
