"""The map as a graph: roads, flights, states and time zones, and names as players type them.

Rulebook "De kaart": a Walk follows a road between two locations; an international flight
follows a dotted line; states are adjacent when they share a border, "no road connection is
needed", and Hawaii borders no state; Washington D.C. counts as a state of its own. Time
zones are used only in the US: a no-fly zone closes its time zone to flights and
helicopters "into, out of or across" it. Across (DEFAULT): a zone whose place from west to
east lies strictly between the two ends' places; a location outside the US has no time zone,
so only the US end of a flight counts there.

The positions are queried, never stored: a `Board` is built once per map and shared.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import cache

from engine.errors import Ambiguous, Unreadable
from engine.games.dictators.schema import US, Location, MapData, Road, fold

RoadKey = frozenset[str]


def road_key(a: str, b: str) -> RoadKey:
    return frozenset((a, b))


class Board:
    """Questions about one map (read-only; shared by every game on that map)."""

    def __init__(self, data: MapData) -> None:
        self.data = data
        self.locations = data.locations
        self.roads: dict[RoadKey, Road] = {r.ends: r for r in data.roads}
        self.road_ends: dict[str, list[str]] = {loc: [] for loc in data.locations}
        for road in data.roads:
            self.road_ends[road.a].append(road.b)
            self.road_ends[road.b].append(road.a)
        self.flight_ends: dict[str, list[str]] = {loc: [] for loc in data.locations}
        for pair in data.flights:
            a, b = sorted(pair)
            self.flight_ends[a].append(b)
            self.flight_ends[b].append(a)
        self.states: dict[str, list[str]] = {}
        for loc in data.locations.values():
            self.states.setdefault(loc.state, []).append(loc.id)
        self.state_borders: dict[str, set[str]] = {s: set() for s in self.states}
        for pair in data.borders:
            a, b = sorted(pair)
            self.state_borders[a].add(b)
            self.state_borders[b].add(a)
        self._names = self._name_table()
        self.mainland = self._rail_network()

    # ----- places -------------------------------------------------------------------

    def place(self, key: str) -> str:
        """A special place of the map: start, capital, trident, guantanamo, area51, cia."""
        return self.data.special[key]

    def loc(self, lid: str) -> Location:
        return self.locations[lid]

    def state_of(self, lid: str) -> str:
        return self.locations[lid].state

    def in_us(self, lid: str) -> bool:
        return self.locations[lid].country == US

    def _rail_network(self) -> frozenset[str]:
        """The mainland US (Amtrak): the US locations joined to the capital by US roads."""
        start = self.place("capital")
        seen = {start}
        todo = [start]
        while todo:
            here = todo.pop()
            for there in self.road_ends[here]:
                if there not in seen and self.in_us(there):
                    seen.add(there)
                    todo.append(there)
        return frozenset(seen)

    # ----- roads ----------------------------------------------------------------------

    def road(self, a: str, b: str) -> Road | None:
        return self.roads.get(road_key(a, b))

    def roads_at(self, lid: str) -> list[Road]:
        return [self.roads[road_key(lid, other)] for other in self.road_ends[lid]]

    def walk_targets(self, lid: str, blocked: Collection[RoadKey], *,
                     through_blocks: bool = False) -> list[str]:
        """The locations one road away, a road with a roadblock excluded unless
        `through_blocks`."""
        return sorted(t for t in self.road_ends[lid]
                      if through_blocks or road_key(lid, t) not in blocked)

    def blocked_targets(self, lid: str, blocked: Collection[RoadKey]) -> list[str]:
        """The locations one road away along a road with a roadblock on it."""
        return sorted(t for t in self.road_ends[lid] if road_key(lid, t) in blocked)

    def within(self, lid: str, steps: int, blocked: Collection[RoadKey]) -> list[str]:
        """Every location 1 to `steps` roads away, no road with a roadblock used."""
        seen = {lid: 0}
        frontier = [lid]
        for depth in range(1, steps + 1):
            nxt = []
            for here in frontier:
                for there in self.walk_targets(here, blocked):
                    if there not in seen:
                        seen[there] = depth
                        nxt.append(there)
            frontier = nxt
        return sorted(t for t in seen if t != lid)

    # ----- states ---------------------------------------------------------------------

    def adjacent_states(self, state: str) -> list[str]:
        return sorted(self.state_borders.get(state, ()))

    def adjacent_state_locations(self, lid: str) -> list[str]:
        """The locations of the states bordering `lid`'s state."""
        return sorted(t for s in self.adjacent_states(self.state_of(lid))
                      for t in self.states[s])

    # ----- flights and time zones -----------------------------------------------------

    def flight_targets(self, lid: str, *, trident: str | None = None) -> list[str]:
        """The other ends of the dotted lines at `lid`; with the Trident on the board
        (`trident`: its location), its links too."""
        out = set(self.flight_ends[lid])
        if trident is not None:
            links = self.data.trident_links
            if lid == trident:
                out |= set(links)
            elif lid in links:
                out.add(trident)
        return sorted(out)

    def zones_crossed(self, a: str, b: str) -> set[str]:
        """The time zones a flight from `a` to `b` flies into, out of or across."""
        zones = self.data.time_zones
        ends = [self.locations[x].time_zone for x in (a, b)]
        found = {z for z in ends if z is not None}
        orders = [zones[z].order for z in ends if z is not None]
        if len(orders) == 2:
            low, high = sorted(orders)
            found |= {z.id for z in zones.values() if low < z.order < high}
        return found

    def helicopter_targets(self, lid: str) -> list[str]:
        """US locations in `lid`'s time zone or a neighbouring one (a helicopter)."""
        here = self.locations[lid].time_zone
        if here is None:
            return []
        order = self.data.time_zones[here].order
        return sorted(t for t, loc in self.locations.items()
                      if t != lid and loc.time_zone is not None
                      and abs(self.data.time_zones[loc.time_zone].order - order) <= 1)

    # ----- names as players type them --------------------------------------------------

    def _name_table(self) -> dict[str, str]:
        table: dict[str, str] = {}
        for loc in self.locations.values():
            for word in (loc.id, loc.code, *loc.aliases):
                table.setdefault(fold(word), loc.id)
        return table

    def find(self, text: str, among: Iterable[str] | None = None) -> str:
        """The location a player means ("ohio", "OH", "new york", "nuevo leon")."""
        wanted = fold(str(text))
        exact = self._names.get(wanted)
        pool = list(self.locations) if among is None else list(among)
        if exact is not None and exact in pool:
            return exact
        if exact is not None and among is None:
            return exact
        starts = sorted({lid for lid in pool if fold(lid).startswith(wanted)}) if wanted else []
        if len(starts) == 1:
            return starts[0]
        if len(starts) > 1:
            raise Ambiguous(f"“{text}” could be {', '.join(starts[:6])}: which one?", starts)
        if exact is not None:
            return exact
        raise Unreadable(f"There is no location “{str(text)[:40]}” on the map.")

    def find_state(self, text: str) -> str:
        wanted = fold(str(text))
        for state in self.states:
            if fold(state) == wanted:
                return state
        lid = self._names.get(wanted)
        if lid is not None and len(self.states[self.state_of(lid)]) == 1:
            return self.state_of(lid)
        starts = sorted(s for s in self.states if fold(s).startswith(wanted)) if wanted else []
        if len(starts) == 1:
            return starts[0]
        raise Unreadable(f"There is no state “{str(text)[:40]}” on the map.")

    def find_road(self, text: str) -> RoadKey:
        """A road named by its two ends ("Ohio - Indiana", "OH/IN", "ohio to indiana")."""
        raw = str(text)
        for sep in (" - ", " – ", " to ", "/", "-", ","):
            if sep in raw:
                left, _, right = raw.partition(sep)
                try:
                    key = road_key(self.find(left.strip()), self.find(right.strip()))
                except Unreadable:
                    continue
                if key in self.roads:
                    return key
        raise Unreadable(f"There is no road “{raw[:60]}”: name a road by its two ends, as in "
                         "“Ohio - Indiana”.")

    def road_name(self, key: RoadKey) -> str:
        return self.roads[key].name

    def find_zone(self, text: str) -> str:
        wanted = fold(str(text)).removesuffix(" time zone").removesuffix(" time")
        for zone in self.data.time_zones:
            if fold(zone) == wanted:
                return zone
        raise Unreadable(f"There is no time zone “{str(text)[:40]}” (the time zones are "
                         f"{', '.join(self.data.time_zones)}).")


@cache
def board_of(data: MapData) -> Board:
    """The board of a map, built once (maps are compared by identity: each is read once)."""
    return Board(data)
