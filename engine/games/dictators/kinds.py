"""The effect kinds a data file may give a card, a level, a token or an ability, with
their fields: the vocabulary a group's own printing is written in (docs/dictators.md,
"Effect kinds").

A printed card's text is free prose; what the engine does with it is its `effect`, one of
these kinds. Each kind says where it may appear (an Action, an Interruption and at which
moment, an Asset's ability, a Founding Father, a DEFCON level, a Presidential card, a
dictator's ability, a curse's rule) and which fields it takes; `check_effect` refuses
anything else, naming the file, the entry and the field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.games.dictators.schema import SPECIAL_PLACES, Effect, MapData, Spot

# Where a kind may appear.
ACTION, INTERRUPTION, ABILITY = "action", "interruption", "ability"
FOUNDER, LEVEL, PRESIDENT, DICTATOR, RULE = "founder", "level", "president", "dictator", "rule"
CARD = frozenset({ACTION, ABILITY})
ANY_TIME = frozenset({ACTION, ABILITY, INTERRUPTION})

Check = Callable[[Spot, MapData], Any]


def _int(low: int, high: int, what: str) -> Check:
    return lambda spot, board: spot.number(low, high, what)


def _flag(spot: Spot, board: MapData) -> bool:
    return spot.flag()


def _location(spot: Spot, board: MapData) -> str:
    return spot.one_of(board.locations, "a location of the map")


def _place(spot: Spot, board: MapData) -> str:
    return spot.one_of(SPECIAL_PLACES, "a special place (" + ", ".join(SPECIAL_PLACES) + ")")


def _who(spot: Spot, board: MapData) -> str:
    return spot.one_of(WHO, "who it may be played on (" + ", ".join(WHO) + ")")


def _per(spot: Spot, board: MapData) -> str:
    return spot.one_of(("turn", "game"), "how often (turn or game)")


def _roads(spot: Spot, board: MapData) -> tuple[tuple[str, str], ...]:
    roads = {r.ends: r for r in board.roads}
    out = []
    for item in spot.items(30):
        ends = item.items(2)
        names = [e.one_of(board.locations, "a location of the map") for e in ends]
        if len(names) != 2 or frozenset(names) not in roads:
            item.refuse("is not a road of the map.")
        road = roads[frozenset(names)]
        out.append((road.a, road.b))
    return tuple(out)


def _zones(spot: Spot, board: MapData) -> tuple[str, ...]:
    out = []
    for item in spot.items(10):
        zone = item.one_of(board.time_zones, "a time zone of the map")
        if not board.time_zones[zone].no_fly:
            item.refuse(f"is {zone}, which has no place for a no-fly zone on the map.")
        out.append(zone)
    return tuple(out)


def _rules(spot: Spot, board: MapData) -> tuple[Effect, ...]:
    rules = tuple(check_effect(item, RULE, board) for item in spot.items(5))
    if not rules:
        spot.refuse("holds no rule.")
    return rules


WHO = ("opponent_here", "opponent", "anyone")
# Modifiers: while a Founding Father or a cursing card lies with a dictator, or always for a
# dictator whose ability it is.
MODIFIERS = frozenset({FOUNDER, RULE, DICTATOR})

# kind -> (where it may appear, {field: (check, default; ... = required)})
KINDS: dict[str, tuple[frozenset[str], dict[str, tuple[Check, Any]]]] = {
    # moving yourself
    "move": (ANY_TIME, {"steps": (_int(1, 10, "a number of locations"), ...)}),
    "adjacent_state": (ANY_TIME, {}),
    "train": (ANY_TIME, {"skip": (_int(0, 3, "turns to skip"), 1)}),
    "helicopter": (ANY_TIME, {}),
    "stealth": (ANY_TIME, {}),
    "flight": (ANY_TIME, {}),
    "pass_roadblock": (ANY_TIME, {}),
    # others and the board
    "skip_state": (ANY_TIME, {}),
    "roadblock": (ANY_TIME, {}),
    "clear_roadblock": (ANY_TIME, {}),
    "no_fly": (ANY_TIME, {}),
    "clear_no_fly": (ANY_TIME, {}),
    "steal": (ANY_TIME, {"here": (_flag, False)}),
    "curse": (frozenset({ACTION, INTERRUPTION}), {"rules": (_rules, ...)}),
    "send": (ANY_TIME | {PRESIDENT}, {"to": (_place, ...), "who": (_who, "opponent")}),
    "remove_ff": (ANY_TIME, {}),
    # cards and actions
    "draw": (ANY_TIME | {FOUNDER}, {"n": (_int(1, 10, "cards to draw"), 1)}),
    "search": (ANY_TIME, {}),
    "actions": (CARD | {FOUNDER, RULE, DICTATOR},
                {"n": (_int(-2, 3, "actions gained (or lost)"), ...)}),
    "extra_turn": (CARD, {}),
    "disarm_free": (CARD, {}),
    "disarm_attempt": (CARD, {}),
    # Interruptions answering a moment
    "cancel": (frozenset({INTERRUPTION}), {}),
    "divert": (frozenset({INTERRUPTION}), {}),
    "jam": (frozenset({INTERRUPTION}), {}),
    "foil": (frozenset({INTERRUPTION}), {}),
    # modifiers
    "hand_limit": (MODIFIERS, {"n": (_int(0, 20, "a hand limit"), ...)}),
    "no_walk": (MODIFIERS, {}),
    "no_interrupts": (MODIFIERS, {}),
    "no_draw": (MODIFIERS, {}),
    "start_draw": (MODIFIERS, {"n": (_int(1, 3, "cards drawn"), 1)}),
    "draw_double": (MODIFIERS, {}),
    "disarm_min": (MODIFIERS, {"n": (_int(1, 6, "the least disarm roll that succeeds"), ...)}),
    "flight_walk_only": (MODIFIERS, {}),
    "president_bonus": (MODIFIERS, {"n": (_int(1, 19, "a bonus on the d20"), ...)}),
    "ignore_no_fly": (MODIFIERS, {}),
    "walk_ignores_roadblocks": (MODIFIERS, {}),
    "free_draw": (MODIFIERS, {}),
    "end_discard_hand": (frozenset({FOUNDER, RULE}), {}),
    # a Founding Father's arrival
    "skip": (frozenset({FOUNDER}), {"n": (_int(1, 3, "turns to skip"), 1)}),
    "move_to": (frozenset({FOUNDER}), {"location": (_location, ...)}),
    # DEFCON levels
    "founding_fathers": (frozenset({LEVEL}), {"n": (_int(1, 5, "Founding Father cards"), 2),
                                              "top": (_int(5, 60, "cards"), 20)}),
    "discard_hands": (frozenset({LEVEL}), {}),
    "roadblocks": (frozenset({LEVEL}), {"roads": (_roads, ...)}),
    "no_fly_zones": (frozenset({LEVEL}), {"zones": (_zones, ...)}),
    # Presidential cards
    "discard_hand": (frozenset({PRESIDENT}), {}),
    "defcon": (frozenset({PRESIDENT}), {}),
    # dictators
    "zone_free": (frozenset({DICTATOR}), {"zone": (_int(1, 3, "a nuclear zone (1 to 3)"), ...)}),
    "reroll_disarm": (frozenset({DICTATOR}), {"cost": (_int(0, 3, "actions"), 0),
                                              "per": (_per, "turn")}),
    "president_reroll": (frozenset({DICTATOR}), {"cost": (_int(0, 0, "actions"), 0),
                                                 "per": (_per, "game")}),
    "push": (frozenset({DICTATOR}), {"cost": (_int(0, 3, "actions"), 1),
                                     "per": (_per, "turn")}),
    "pickpocket": (frozenset({DICTATOR}), {"cost": (_int(0, 3, "actions"), 1),
                                           "per": (_per, "turn")}),
    "roadblock_here": (frozenset({DICTATOR}), {"cost": (_int(0, 3, "actions"), 1),
                                               "per": (_per, "turn")}),
    "copy": (frozenset({DICTATOR}), {"cost": (_int(0, 0, "actions"), 0),
                                     "per": (_per, "turn")}),
}
# The moment at which each answering kind is played (an Interruption's `when`).
ANSWERS = {"cancel": "card", "divert": "move", "jam": "move", "foil": "disarm"}
# Kinds that make sense only on your own turn: not on an Interruption played "any" time.
OWN_TURN = frozenset({"actions", "extra_turn", "disarm_free", "disarm_attempt"})
# Dictator abilities used by the `ability` action (the others are always on).
ACTIVE = frozenset({"reroll_disarm", "president_reroll", "push", "pickpocket",
                    "roadblock_here", "copy"})
WHERE = {ACTION: "an Action", INTERRUPTION: "an Interruption", ABILITY: "an Asset's ability",
         FOUNDER: "a Founding Father", LEVEL: "a DEFCON level", PRESIDENT: "a Presidential card",
         DICTATOR: "a dictator's ability", RULE: "a curse's rule"}


def check_effect(spot: Spot, where: str, board: MapData, *, when: str | None = None) -> Effect:
    """The effect of `spot` ({"kind": ..., fields}), checked for `where` it appears."""
    spot.obj()
    kind_spot = spot.key("kind")
    kind = kind_spot.one_of(KINDS, "an effect kind this game knows (docs/dictators.md lists "
                                   "them)")
    places, fields = KINDS[kind]
    if where not in places:
        kind_spot.refuse(f"is {kind}, which can't be the effect of {WHERE[where]}.")
    if where == INTERRUPTION:
        answers = ANSWERS.get(kind)
        if answers is not None and when != answers:
            kind_spot.refuse(f"is {kind}, which answers the moment “{answers}”, but the card is "
                             f"played at “{when}”.")
        if answers is None and when != "any":
            kind_spot.refuse(f"is {kind}, which answers no moment: such an Interruption is "
                             "played at “any” time.")
        if kind in OWN_TURN:
            kind_spot.refuse(f"is {kind}, which works only on your own turn: not an "
                             "Interruption's effect.")
    spot.only(("kind", *fields))
    args = []
    for name, (check, default) in fields.items():
        value = spot.key(name, default)
        args.append((name, check(value, board) if name in spot.obj() or default is ...
                     else default))
    return Effect(kind, tuple(args))
