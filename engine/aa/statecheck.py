"""What an imported A&A position must be, for `aa-classic` and `plotted-aa` alike.

The rules the board itself imposes (reference/axis-allies-classic.md, "Units" and the
map): units stand in areas of the board, ships at sea, land units and industrial complexes
on land (land units at sea ride as cargo), at most one complex a territory; counts and
treasuries are never negative; a transport carries at most its spaces; every power has a
treasury and only the six weapons developments exist. Also the battle being fought, if any.
"""

from __future__ import annotations

from collections.abc import Collection

from engine.aa.map import AAMap
from engine.aa.units import (
    AA_GUN,
    DEVELOPMENTS,
    FACTORY,
    LAND_UNITS,
    POWERS,
    SHIPS,
    TRANSPORT,
    UNITS,
)
from engine.statecheck import Field

# No side could ever field more than this many of one kind in one area.
MOST_UNITS = 1000
# The whole board's income is 147 IPCs a round; a treasury beyond this is a typo.
MOST_IPCS = 100_000
KINDS = "a unit of the game (infantry, armour, fighter, bomber, battleship, carrier, " \
    "transport, submarine, aa_gun, factory)"
POWER = f"a power ({', '.join(POWERS)})"
STAGES = ("fighting", "choose", "retreat", "withdraw", "over")
STEPS = ("open", "aa", "bombard", "first_strike", "fire", "round_end")


def units(field: Field, kinds: Collection[str] | None = None, what: str = KINDS
          ) -> dict[str, int]:
    """kind -> count: known kinds, whole numbers from 0 (no -7 infantry)."""
    allowed = set(UNITS) if kinds is None else kinds
    return {kind: count.count(0, MOST_UNITS, what=f"a number of {kind}")
            for kind, count in field.entries(allowed, what)}


def check_position(field: Field, board: AAMap) -> None:
    """`Position.to_json()`: control, units, treasuries, developments, cargo."""
    areas = set(board.land) | set(board.sea)
    for key in ("owner", "start_owner"):
        for _, controller in field[key].entries(board.land, "a land territory of the board"):
            controller.one_of(POWERS, POWER)
    field["captured"].names(board.land, "a land territory of the board", unique=True)
    for area, by_power in field["units"].entries(areas, "an area of the board"):
        at_sea = area in board.sea
        for _holder, counts in by_power.entries(POWERS, POWER):
            have = units(counts)
            for kind, n in have.items():
                if not n:
                    continue
                if at_sea and (kind in LAND_UNITS or kind == FACTORY):
                    counts[kind].refuse(f"puts {UNITS[kind].plural} at sea: land units at sea "
                                        "ride a transport, in “cargo”.")
                if not at_sea and kind in SHIPS:
                    counts[kind].refuse(f"puts {UNITS[kind].plural} on land.")
            if have.get(FACTORY, 0) > 1:
                counts[FACTORY].refuse("is more than one: a territory has at most one "
                                       "industrial complex.")
            if have.get(AA_GUN, 0) > 1:
                counts[AA_GUN].refuse("is more than one: a power has at most one AA gun in a "
                                      "territory.")
    treasury = field["treasury"]
    for _power, ipcs in treasury.entries(POWERS, POWER):
        ipcs.count(0, MOST_IPCS, what="a treasury")
    for power in POWERS:
        if not treasury.has(power):
            treasury.refuse(f"has no treasury for {power} (0 if it has no IPCs).")
    for _owner, techs in field["techs"].entries(POWERS, POWER):
        techs.names(DEVELOPMENTS, "a weapons development (" + ", ".join(DEVELOPMENTS) + ")",
                    unique=True)
    for sea, by_power in field.get("cargo", {}).entries(board.sea, "a sea zone of the board"):
        for power, cargo in by_power.entries(POWERS, POWER):
            loaded = units(cargo, LAND_UNITS, "a land unit a transport carries (infantry, "
                                              "armour, aa_gun)")
            space = sum(UNITS[k].transport_space or 0 for k in loaded for _ in range(loaded[k]))
            transports = field["units"].obj().get(sea, {}).get(power, {}).get(TRANSPORT, 0)
            capacity = UNITS[TRANSPORT].capacity * transports if isinstance(transports, int) \
                else 0
            if space > capacity:
                cargo.refuse(f"needs {space} transport spaces, but {power} has "
                             f"{transports} transport(s) there ({capacity} spaces).")


def check_battle(field: Field, board: AAMap) -> None:
    """`Battle.to_json()`, the battle being fought: where, who, what is left, what is asked."""
    if field.missing:
        return
    areas = set(board.land) | set(board.sea)
    area = field["area"].one_of(areas, "an area of the board")
    if field["sea"].flag() != (area in board.sea):
        field["sea"].refuse(f"says {'a sea' if area in board.land else 'a land'} battle, "
                            f"but {area} is {'land' if area in board.land else 'sea'}.")
    field["attacker"].one_of(POWERS, POWER)
    units(field["attackers"])
    for _, counts in field["defenders"].entries(POWERS, POWER):
        units(counts)
    units(field["amphibious"], LAND_UNITS, "a land unit")
    field["aa_gun"].flag()
    field["bombard"].count(0, MOST_UNITS, what="the bombarding battleships")
    field["retreats"].names(areas, "an area of the board")
    for _owner, techs in field["techs"].entries(POWERS, POWER):
        techs.names(DEVELOPMENTS, "a weapons development")
    field["chooser"].one_of_or_none(POWERS, POWER)
    field["round"].count(0, MOST_UNITS, what="the battle's round")
    field["stage"].one_of(STAGES, "a stage of a battle (" + ", ".join(STAGES) + ")")
    field["step"].one_of(STEPS, "a step of a battle round")
    for choice in field["pending"].items():
        choice["side"].one_of(("attacker", "defender"), "attacker or defender")
        choice["power"].one_of(POWERS, POWER)
        choice["hits"].count(0, MOST_UNITS, what="hits")
        choice["sub_hits"].count(0, MOST_UNITS, what="hits")
        units(choice["among"])
    for _, counts in field["lost"].entries(POWERS, POWER):
        units(counts)
    for line in field["log"].items():
        line.text(2000)
    units(field["retreated"])
    for _, refuges in field.get("withdrawals", {}).entries(POWERS, POWER):
        refuges.names(board.sea, "a sea zone of the board")
    field.get("asked", []).names(POWERS, POWER)
    rules = field["rules"]
    for name in ("bombardment_return_fire", "sub_hits_ships_only", "sub_withdrawal"):
        rules.get(name, False).flag()
    rules.get("heavy_bomber_dice", 3).count(1, 6, what="heavy bombers' dice")
