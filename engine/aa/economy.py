"""Money and industry: purchase, placement within factory capacity, income, victory.

Reference (shared/reference/axis-allies-classic.md): new land and air units are placed only
in territories with an industrial complex the power controlled at the start of the turn,
naval units in a sea zone touching one; a complex is never built where the IPC value is 0;
income is the IPC value of the territories controlled, none while the capital is held by the
enemy; the Axis win holding two of the three Allied capitals and both their own, or at 84
IPCs of combined income; the Allies win holding both Axis capitals and their own.

The placement cap per complex differs between printings: by default a complex places at
most its territory's IPC value of units a turn (the capacity the Plotted A&A rulebook refers
to, "limited by the factory's capacity as described in the standard rules"); the option
`placement_cap="unlimited"` is the reading without a cap, and `"new-and-captured"` the one
the 1984 game's data encodes (TripleA's classic placement): a power's original complexes
place any number, complexes built or captured at most the territory's IPC value.

A complex built this turn places nothing until the next turn (the game passes the
territories where it built one as `built`), and a territory holds one AA gun of a power
(`EconomyRules.one_aa_gun`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Literal

from engine.aa.map import AAMap, Area
from engine.aa.position import Position
from engine.aa.units import (
    AA_GUN,
    ALLIES,
    AXIS,
    FACTORY,
    POWERS,
    SHIPS,
    SIDE,
    Counts,
    Kind,
    Power,
    allied,
    cost,
    describe_units,
    total,
)
from engine.errors import NotAllowed

PlacementCap = Literal["ipc", "unlimited", "new-and-captured"]


@dataclass(frozen=True)
class EconomyRules:
    placement_cap: PlacementCap = "ipc"
    # A second AA gun of a power is never placed in a territory (reference "Units": one per
    # territory); both A&A games turn it on (off: no limit).
    one_aa_gun: bool = False
    axis_economic_victory: int | None = 84  # None: no economic victory
    allied_economic_victory: int | None = None


CLASSIC_ECONOMY = EconomyRules()


def purchase_cost(units: Mapping[Kind, int], techs: Collection[str] = ()) -> int:
    return sum(cost(k, techs) * n for k, n in units.items())


def check_purchase(units: Mapping[Kind, int], treasury: int,
                   techs: Collection[str] = ()) -> int:
    """The price of `units`, or a refusal if it is more than the treasury."""
    if not units or not total(units):
        raise NotAllowed("Buy at least one unit, or buy nothing this turn.")
    price = purchase_cost(units, techs)
    if price > treasury:
        raise NotAllowed(f"{describe_units(units)} cost {price} IPCs; you have {treasury}.")
    return price


def factories_at_start(board: AAMap, pos: Position, power: Power,
                       built: Collection[Area] = ()) -> list[Area]:
    """Territories with a complex that `power` controlled at the start of the turn and
    still controls: where it may place new units (not those in `built`, the territories
    where it built a complex this turn: a new complex produces from the next turn)."""
    return sorted(a for a in board.land
                  if pos.start_owner.get(a) == power and pos.owner.get(a) == power
                  and a not in pos.captured and a not in built
                  and any(FACTORY in c for c in pos.all_units(a).values()))


def original_factory(board: AAMap, area: Area, power: Power | None) -> bool:
    """A complex printed on the board in `power`'s own original territory."""
    info = board.land.get(area)
    return info is not None and info.factory and info.original_owner == power


def capacity(board: AAMap, area: Area, rules: EconomyRules = CLASSIC_ECONOMY,
             power: Power | None = None) -> int | None:
    """Units a complex in `area` may place in a turn for `power` (None: no cap)."""
    if rules.placement_cap == "unlimited":
        return None
    if rules.placement_cap == "new-and-captured" and original_factory(board, area, power):
        return None
    return board.ipc(area)


def check_placement(board: AAMap, pos: Position, power: Power, factory: Area,
                    units: Mapping[Kind, int], *, sea: Area | None = None, already: int = 0,
                    rules: EconomyRules = CLASSIC_ECONOMY,
                    built: Collection[Area] = ()) -> None:
    """Refuse, saying why, placing `units` at the complex in `factory` (ships in `sea`).

    `already` counts the units this complex has placed this turn; `built`: the territories
    where `power` built a complex this turn.
    """
    units = {k: n for k, n in units.items() if n}
    ships = {k: n for k, n in units.items() if k in SHIPS}
    others = {k: n for k, n in units.items() if k not in SHIPS}
    if factory in built:
        raise NotAllowed(f"The complex built in {factory} this turn produces from the next "
                         f"turn.")
    if factory not in factories_at_start(board, pos, power, built):
        if others.get(FACTORY):
            _check_new_factory(board, pos, power, factory)
            if set(others) != {FACTORY} or ships:
                raise NotAllowed(f"A new complex in {factory} places nothing this turn.")
            return
        raise NotAllowed(f"{power} has no industrial complex in {factory} that it held at "
                         f"the start of the turn: new units go only there.")
    if others.get(FACTORY):
        raise NotAllowed(f"{factory} already has an industrial complex: one per territory.")
    if rules.one_aa_gun and others.get(AA_GUN) \
            and others[AA_GUN] + pos.units_of(factory, power).get(AA_GUN, 0) > 1:
        raise NotAllowed(one_aa_gun(factory))
    if ships:
        if sea is None or not board.is_sea(sea) or not board.adjacent(sea, factory):
            raise NotAllowed(f"Ships are placed in a sea zone touching {factory}: name it.")
        if pos.has_enemy(sea, power, SHIPS):
            raise NotAllowed(f"Enemy ships are in {sea}: new ships can't be placed there.")
    cap = capacity(board, factory, rules, power)
    count = total(units)
    if cap is not None and already + count > cap:
        raise NotAllowed(f"The complex in {factory} places at most {cap} units a turn "
                         f"(its IPC value); {already} placed already, {count} more asked.")


def _check_new_factory(board: AAMap, pos: Position, power: Power, area: Area) -> None:
    if not board.is_land(area):
        raise NotAllowed("An industrial complex is built on land.")
    if pos.start_owner.get(area) != power or pos.owner.get(area) != power \
            or area in pos.captured:
        raise NotAllowed(f"A new complex goes only in a territory {power} held at the start "
                         f"of the turn; {area} isn't one.")
    if board.ipc(area) == 0:
        raise NotAllowed(f"{area} is worth 0 IPCs: no complex can be built there.")
    if any(FACTORY in c for c in pos.all_units(area).values()):
        raise NotAllowed(f"{area} already has an industrial complex: one per territory.")


def one_aa_gun(area: Area) -> str:
    """The refusal of a second AA gun in a territory (reference "Units": one per territory)."""
    return f"Only one AA gun may stand in a territory: {area} would have two."


def capital_held(board: AAMap, pos: Position, power: Power) -> bool:
    """Whether `power`'s capital is in its own side's hands."""
    return allied(pos.controller(board.capital(power)), power)


def income(board: AAMap, pos: Position, power: Power) -> int:
    """The IPC value of the territories `power` controls; nothing while its capital is
    held by the enemy."""
    if not capital_held(board, pos, power):
        return 0
    return sum(board.ipc(a) for a, p in pos.owner.items() if p == power)


def side_income(board: AAMap, pos: Position, side: str) -> int:
    return sum(income(board, pos, p) for p in POWERS if SIDE[p] == side)


def victory(board: AAMap, pos: Position, rules: EconomyRules = CLASSIC_ECONOMY) -> str | None:
    """The side that has won at the end of a round, or None."""
    allied_caps = [board.capital(p) for p in POWERS if SIDE[p] == ALLIES]
    axis_caps = [board.capital(p) for p in POWERS if SIDE[p] == AXIS]
    axis_holds_own = all(SIDE.get(pos.controller(c) or "") == AXIS for c in axis_caps)
    allies_hold_own = all(SIDE.get(pos.controller(c) or "") == ALLIES for c in allied_caps)
    taken = sum(1 for c in allied_caps if SIDE.get(pos.controller(c) or "") == AXIS)
    if axis_holds_own and taken >= 2:
        return AXIS
    if allies_hold_own and all(
            SIDE.get(pos.controller(c) or "") == ALLIES for c in axis_caps):
        return ALLIES
    if rules.axis_economic_victory is not None and \
            side_income(board, pos, AXIS) >= rules.axis_economic_victory:
        return AXIS
    if rules.allied_economic_victory is not None and \
            side_income(board, pos, ALLIES) >= rules.allied_economic_victory:
        return ALLIES
    return None


def place(pos: Position, power: Power, area: Area, units: Mapping[Kind, int]) -> Counts:
    """Put placed units on the board (after `check_placement`)."""
    pos.place(area, power, units)
    return dict(units)
