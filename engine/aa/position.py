"""Who controls what and which units stand where: the small position type every block takes.

A `Position` is plain data (it round-trips through JSON), independent of any `Game`, so that
movement, combat and economy rules serve `aa-classic` and `plotted-aa` alike. It also keeps
what the air-landing rule needs from the start of the turn: who controlled each territory
then (`start_owner`) and which territories changed hands since (`captured`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.aa.map import AAMap, Area
from engine.aa.units import (
    AIRCRAFT,
    POWERS,
    SHIPS,
    Counts,
    Kind,
    Power,
    add,
    allied,
    subtract,
)


@dataclass
class Position:
    """Control, units and treasuries; mutable, copied with `copy()`."""

    owner: dict[Area, Power] = field(default_factory=dict)  # land only; neutrals absent
    units: dict[Area, dict[Power, Counts]] = field(default_factory=dict)
    start_owner: dict[Area, Power] = field(default_factory=dict)
    captured: set[Area] = field(default_factory=set)
    treasury: dict[Power, int] = field(default_factory=dict)
    techs: dict[Power, set[str]] = field(default_factory=dict)
    # Land units aboard each power's transports in a sea zone (not among `units` there:
    # cargo doesn't fight at sea).
    cargo: dict[Area, dict[Power, Counts]] = field(default_factory=dict)

    @classmethod
    def opening(cls, board: AAMap) -> Position:
        """The printed setup: original owners, starting units, starting IPCs."""
        owner = {a: info.original_owner for a, info in board.land.items()
                 if info.original_owner is not None}
        units = {a: {p: dict(c) for p, c in by.items()} for a, by in board.starting_units.items()}
        treasury = {str(p["power"]): int(p["starting_ipc"]) for p in board.powers}
        return cls(owner, units, dict(owner), set(), treasury, {p: set() for p in POWERS})

    def copy(self) -> Position:
        return Position.from_json(self.to_json())

    # ----- questions ----------------------------------------------------

    def controller(self, area: Area) -> Power | None:
        return self.owner.get(area)

    def units_of(self, area: Area, power: Power) -> Counts:
        return dict(self.units.get(area, {}).get(power, {}))

    def all_units(self, area: Area) -> dict[Power, Counts]:
        return {p: dict(c) for p, c in self.units.get(area, {}).items() if c}

    def enemy_units(self, area: Area, power: Power,
                    kinds: Iterable[Kind] | None = None) -> dict[Power, Counts]:
        """Units of `power`'s enemies in `area` (optionally only these kinds)."""
        wanted = None if kinds is None else set(kinds)
        out: dict[Power, Counts] = {}
        for p, counts in self.units.get(area, {}).items():
            if allied(p, power):
                continue
            picked = {k: n for k, n in counts.items()
                      if n and (wanted is None or k in wanted)}
            if picked:
                out[p] = picked
        return out

    def has_enemy(self, area: Area, power: Power, kinds: Iterable[Kind] | None = None) -> bool:
        return bool(self.enemy_units(area, power, kinds))

    def has_enemy_fighters(self, area: Area, power: Power) -> bool:
        return self.has_enemy(area, power, AIRCRAFT)

    def has_enemy_ships(self, area: Area, power: Power) -> bool:
        return self.has_enemy(area, power, SHIPS)

    def friendly(self, area: Area, power: Power) -> bool:
        """A land territory controlled now by `power` or an ally."""
        return allied(self.owner.get(area), power)

    def friendly_since_start(self, area: Area, power: Power) -> bool:
        """Friendly now and at the start of the turn, and not captured this turn: where
        aircraft may land."""
        return (self.friendly(area, power) and allied(self.start_owner.get(area), power)
                and area not in self.captured)

    def techs_of(self, power: Power) -> set[str]:
        return set(self.techs.get(power, set()))

    def cargo_of(self, sea: Area, power: Power) -> Counts:
        return dict(self.cargo.get(sea, {}).get(power, {}))

    # ----- changes ------------------------------------------------------

    def place(self, area: Area, power: Power, counts: Mapping[Kind, int]) -> None:
        by = self.units.setdefault(area, {})
        by[power] = add(by.get(power, {}), counts)

    def remove(self, area: Area, power: Power, counts: Mapping[Kind, int]) -> None:
        """Take units away; ValueError if they are not there (a bug, not a player's error)."""
        by = self.units.setdefault(area, {})
        left = subtract(by.get(power, {}), counts)
        if left:
            by[power] = left
        else:
            by.pop(power, None)
        if not by:
            self.units.pop(area, None)

    def move(self, power: Power, counts: Mapping[Kind, int], start: Area, end: Area) -> None:
        self.remove(start, power, counts)
        self.place(end, power, counts)

    def load(self, power: Power, land: Area, sea: Area, counts: Mapping[Kind, int]) -> None:
        """Land units board `power`'s transports (check with `movement.check_load`)."""
        self.remove(land, power, counts)
        by = self.cargo.setdefault(sea, {})
        by[power] = add(by.get(power, {}), counts)

    def unload(self, power: Power, sea: Area, land: Area, counts: Mapping[Kind, int]) -> None:
        self.drop_cargo(sea, power, counts)
        self.place(land, power, counts)

    def drop_cargo(self, sea: Area, power: Power, counts: Mapping[Kind, int]) -> None:
        by = self.cargo.setdefault(sea, {})
        left = subtract(by.get(power, {}), counts)
        if left:
            by[power] = left
        else:
            by.pop(power, None)
        if not by:
            self.cargo.pop(sea, None)

    def ship_cargo(self, power: Power, start: Area, end: Area,
                   counts: Mapping[Kind, int]) -> None:
        """Cargo sails with the transports carrying it."""
        if counts:
            self.drop_cargo(start, power, counts)
            by = self.cargo.setdefault(end, {})
            by[power] = add(by.get(power, {}), counts)

    def new_turn(self) -> None:
        """Remember who controls what now, for this turn's air landings."""
        self.start_owner = dict(self.owner)
        self.captured = set()

    # ----- JSON ---------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "owner": dict(sorted(self.owner.items())),
            "units": {a: {p: dict(sorted(c.items())) for p, c in sorted(by.items()) if c}
                      for a, by in sorted(self.units.items()) if by},
            "start_owner": dict(sorted(self.start_owner.items())),
            "captured": sorted(self.captured),
            "treasury": dict(self.treasury),
            "techs": {p: sorted(t) for p, t in self.techs.items()},
            "cargo": {a: {p: dict(sorted(c.items())) for p, c in sorted(by.items()) if c}
                      for a, by in sorted(self.cargo.items()) if by},
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Position:
        return cls(
            dict(raw["owner"]),
            {a: {p: {k: int(n) for k, n in c.items()} for p, c in by.items()}
             for a, by in raw["units"].items()},
            dict(raw["start_owner"]),
            set(raw["captured"]),
            {p: int(n) for p, n in raw["treasury"].items()},
            {p: set(t) for p, t in raw["techs"].items()},
            {a: {p: {k: int(n) for k, n in c.items()} for p, c in by.items()}
             for a, by in raw.get("cargo", {}).items()},
        )
