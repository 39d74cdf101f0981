"""RISK reinforcements and fortifying moves, owner-agnostic.

Ownership is passed in as plain data (the set of a player's or corporation's
territories), so Cold Cash Risk's corporations and classic players share the rules.

>>> from engine.risk.map import classic_map
>>> m = classic_map()
>>> australia = m.continents["Australia"]
>>> reinforcements(m, australia), reinforcements(m, australia, minimum=0)
(5, 3)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from engine.errors import NotAllowed
from engine.risk.map import Continent, RiskMap, Territory

CLASSIC_MINIMUM = 3


@dataclass(frozen=True)
class Reinforcements:
    """Where new armies come from: territories // 3 (at least `minimum`) + continents."""

    territories: int
    from_territories: int
    continents: tuple[Continent, ...]
    from_continents: int

    @property
    def total(self) -> int:
        return self.from_territories + self.from_continents

    def describe(self) -> str:
        text = f"{self.from_territories} for {self.territories} territories"
        if self.continents:
            text += f" + {self.from_continents} for {', '.join(self.continents)}"
        return f"{text} = {self.total}"


def reinforcement_breakdown(risk_map: RiskMap, owned: Iterable[Territory], *,
                            minimum: int = CLASSIC_MINIMUM) -> Reinforcements:
    """The reinforcements for holding `owned`, itemised.

    `minimum` is the least the territories give: 3 in classic RISK, 0 for Cold Cash
    Risk's Hire Security (CCR-4).
    """
    held = set(owned)
    continents = tuple(risk_map.continents_held(held))
    return Reinforcements(
        territories=len(held),
        from_territories=max(minimum, len(held) // 3),
        continents=continents,
        from_continents=sum(risk_map.bonus(c) for c in continents),
    )


def reinforcements(risk_map: RiskMap, owned: Iterable[Territory], *,
                   minimum: int = CLASSIC_MINIMUM) -> int:
    """territories // 3 (at least `minimum`) plus the bonus of every continent held."""
    return reinforcement_breakdown(risk_map, owned, minimum=minimum).total


def fortify_targets(risk_map: RiskMap, source: Territory, own: Collection[Territory], *,
                    through_own: bool = False) -> set[Territory]:
    """The own territories armies in `source` may move to: adjacent ones, or with
    `through_own` any reachable through a chain of own territories."""
    if through_own:
        return risk_map.region(source, own) - {source}
    return {t for t in risk_map.neighbours(source) if t in own}


def check_fortify(risk_map: RiskMap, source: Territory, target: Territory, count: int, *,
                  source_armies: int, own: Collection[Territory],
                  through_own: bool = False) -> None:
    """Refuse a fortifying move the rules do not allow.

    Both territories must be the mover's (`own`), different, adjacent (or, with
    `through_own`, joined by own territories), and at least one army stays behind.
    """
    if source not in own:
        raise NotAllowed(f"You don't hold {source}.")
    if target not in own:
        raise NotAllowed(f"You don't hold {target}.")
    if source == target:
        raise NotAllowed("Move armies to a different territory.")
    if count < 1:
        raise NotAllowed("Move at least 1 army.")
    if count > source_armies - 1:
        raise NotAllowed(f"{source} has {source_armies} armies: you may move at most "
                         f"{source_armies - 1}; one stays behind.")
    if through_own:
        if not risk_map.connected(source, target, through=own):
            raise NotAllowed(f"{target} can't be reached from {source} through your own "
                             "territories.")
    elif not risk_map.adjacent(source, target):
        raise NotAllowed(f"{target} does not border {source}.")
