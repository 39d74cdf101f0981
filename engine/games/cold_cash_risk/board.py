"""The map of Cold Cash Risk: who holds each territory, and with how many security teams.

A territory is empty, a Mom & Pop, or held by a corporation. Corporations and Mom & Pops
are the only owners: players own shares, never territories. A Mom & Pop has no security
teams except while it defends against a hostile takeover (it rolls a die for them, and
they are removed when the attacks are over).

Sizes and hiring follow the rulings:

- CCR-3: size = territories + the bonuses of the continents held entirely; a corporation
  that controls only one territory is size 2.
- CCR-4: Hire Security gives territories // 3 + continent bonuses, with no minimum.

>>> from engine.risk.map import classic_map
>>> m = classic_map()
>>> australia = list(m.continents["Australia"])
>>> corporate_size(m, australia), hire_count(m, australia), corporate_size(m, ["Peru"])
(6, 3, 2)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.errors import Unreadable
from engine.risk.map import RiskMap, Territory
from engine.risk.rules import reinforcements

MOMPOP = "Mom & Pop"
SINGLE_TERRITORY_SIZE = 2


def corporate_size(risk_map: RiskMap, territories: Collection[Territory]) -> int:
    """CCR-3: territories + continent bonuses; one territory is size 2; none is 0."""
    held = set(territories)
    if not held:
        return 0
    if len(held) == 1:
        return SINGLE_TERRITORY_SIZE
    return len(held) + sum(risk_map.bonus(c) for c in risk_map.continents_held(held))


def hire_count(risk_map: RiskMap, territories: Iterable[Territory]) -> int:
    """CCR-4: territories // 3 + continent bonuses, with no minimum of 3."""
    return reinforcements(risk_map, territories, minimum=0)


@dataclass
class Board:
    """Owner (a corporation or `MOMPOP`) and security teams of every occupied territory.

    `owners` has no key for an empty territory. Teams are 0 for a Mom & Pop that is not
    defending, and at least 1 for a corporation's territory (except for the moment between
    a conquest and the move into it).
    """

    risk_map: RiskMap
    owners: dict[Territory, str] = field(default_factory=dict)
    teams: dict[Territory, int] = field(default_factory=dict)
    # Owners change only through `put` and `transfer`, which drop this index.
    _by_owner: dict[str, list[Territory]] | None = field(default=None, repr=False,
                                                          compare=False)
    _order: tuple[Territory, ...] = field(default=(), repr=False, compare=False)
    _sizes: dict[str, int] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._order = self.risk_map.territories

    # ----- questions ----------------------------------------------------

    def owner(self, territory: Territory) -> str | None:
        return self.owners.get(territory)

    def is_empty(self, territory: Territory) -> bool:
        return territory not in self.owners

    def is_mompop(self, territory: Territory) -> bool:
        return self.owners.get(territory) == MOMPOP

    def empty_territories(self) -> list[Territory]:
        """Empty territories in map order."""
        return [t for t in self._order if t not in self.owners]

    def territories_of(self, owner: str) -> list[Territory]:
        """The territories `owner` holds, in map order."""
        if self._by_owner is None:
            index: dict[str, list[Territory]] = {}
            for t in self._order:
                if t in self.owners:
                    index.setdefault(self.owners[t], []).append(t)
            self._by_owner = index
        return list(self._by_owner.get(owner, ()))

    def mompops(self) -> list[Territory]:
        return self.territories_of(MOMPOP)

    def teams_of(self, owner: str) -> int:
        return sum(self.teams.get(t, 0) for t in self.territories_of(owner))

    def size(self, corporation: str) -> int:
        if corporation not in self._sizes:
            self._sizes[corporation] = corporate_size(self.risk_map,
                                                      self.territories_of(corporation))
        return self._sizes[corporation]

    def continents_of(self, corporation: str) -> list[str]:
        return self.risk_map.continents_held(self.territories_of(corporation))

    def hire(self, corporation: str) -> int:
        return hire_count(self.risk_map, self.territories_of(corporation))

    def neighbouring_owners(self, territory: Territory) -> list[str]:
        """The corporations bordering `territory` (not Mom & Pops), sorted."""
        found = {self.owners[n] for n in self.risk_map.neighbours(territory)
                 if n in self.owners and self.owners[n] != MOMPOP}
        return sorted(found)

    def neighbouring_mompops(self, territory: Territory) -> list[Territory]:
        near = self.risk_map.neighbours(territory)
        return [n for n in self._order if n in near and self.owners.get(n) == MOMPOP]

    def connected_mompops(self, territory: Territory) -> list[Territory]:
        """The Mom & Pops joined to `territory` through a chain of Mom & Pops (map order):
        "All Mom & Pops contiguous with the new corporation", as Acquire founds a chain
        with every tile connected to it."""
        found: set[Territory] = set()
        frontier = [territory]
        while frontier:
            here = frontier.pop()
            for n in self.risk_map.neighbours(here):
                if n not in found and n != territory and self.owners.get(n) == MOMPOP:
                    found.add(n)
                    frontier.append(n)
        return [t for t in self._order if t in found]

    # ----- changes ------------------------------------------------------

    def put(self, territory: Territory, owner: str, teams: int) -> None:
        self.owners[territory] = owner
        self.teams[territory] = teams
        self._changed()

    def add_teams(self, territory: Territory, count: int) -> None:
        self.teams[territory] = self.teams.get(territory, 0) + count

    def transfer(self, old: str, new: str) -> list[Territory]:
        """Every territory of `old` passes to `new` with its teams; returns them."""
        moved = self.territories_of(old)
        for t in moved:
            self.owners[t] = new
        self._changed()
        return moved

    def _changed(self) -> None:
        self._by_owner = None
        self._sizes = {}

    # ----- state --------------------------------------------------------

    def to_json(self) -> dict[str, dict[str, Any]]:
        """{territory: {"owner", "teams"}} in map order, occupied territories only."""
        return {t: {"owner": self.owners[t], "teams": self.teams.get(t, 0)}
                for t in self._order if t in self.owners}

    @classmethod
    def from_json(cls, risk_map: RiskMap, raw: dict[str, Any]) -> Board:
        board = cls(risk_map)
        known = set(risk_map.territories)
        for territory, info in raw.items():
            if territory not in known:
                raise Unreadable(f"There is no territory {territory!r} on the map.")
            board.put(territory, str(info["owner"]), int(info["teams"]))
        return board
