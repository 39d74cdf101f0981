"""The odds a player asks for in an A&A game: one code path for `/aa odds` and `/paa odds`.

Both games' `odds` query (`aa-classic`, `plotted-aa`) is `ask_odds`: the calculator
(`engine.aa.odds`) fed from the game's position, so that an answer counts what the board
says (both sides' weapons developments, the AA gun there, the asker's saved loss order)
instead of what the player remembered to type. Three ways to ask:

- **as typed**: both armies typed ("3 inf, 2 arm" against "2 inf, ftr"), a calculator;
- **an area**: what it holds now. An area where the asker's enemies stand (or an enemy
  territory) is one the asker would attack: its defenders, every unit there of a power at
  war with the asker (its AA gun firing at the attacking aircraft), against the attackers
  typed or, left out, every unit of the asker's power that could make a combat move into
  it now. An area the asker's side holds is one it would defend: its units there against
  each enemy power that could attack it now, one answer per power;
- **the battle being fought**: its armies as they stand now (the AA gun and offshore
  bombardment counted only until they have fired). A battle moved into and still to be
  fought (a game fights one at a time) is asked by its area: the units that moved in
  attack.

"Could attack it now": each unit on its own legal combat move from where it stands
(`engine.aa.movement.unit_route`: ranges, blitzes, enemy ships in the way, aircraft able to
land afterwards), among the units the game still lets move (`free`); units aboard
transports are not counted (type them).

Weapons developments: the attacker's and the defending powers' (those they all have when
several defend together; a named `defender`'s, or those every enemy of the asker has, for
typed armies). Casualties: the asker's saved loss order for the asker's side; the other
side's order is its owner's secret, so the cheapest first (the default order).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from engine.aa.combat import DEFAULT_LOSS_ORDER, Battle, BattleRules
from engine.aa.map import AAMap, Area
from engine.aa.movement import MoveRules, unit_route
from engine.aa.odds import battle_odds, format_odds
from engine.aa.position import Position
from engine.aa.units import (
    AA_GUN,
    DEVELOPMENT_NAMES,
    FACTORY,
    FIGHTER,
    JET_POWER,
    POWERS,
    UNITS,
    Counts,
    Kind,
    Power,
    add,
    allied,
    attack,
    describe_units,
    parse_units,
)
from engine.errors import NotAllowed, RuleError, Unreadable

# What lets a unit move now: the game's own bookkeeping (moved, built, landed).
Free = Callable[[Power, Area], Counts]


@dataclass(frozen=True)
class Board:
    """What of a game the odds read: the map and position, its movement and combat rules,
    the saved loss orders, the battle being fought, and what may still move."""

    board: AAMap
    pos: Position
    move_rules: MoveRules
    battle_rules: BattleRules
    loss_orders: Mapping[Power, Sequence[Kind]]
    battle: Battle | None
    free: Free


def ask_odds(game: Board, seat: Power, *, attackers: str | None = None,
             defenders: str | None = None, area: Area | None = None,
             aa_gun: bool | None = None, bombard: int | None = None,
             defender: str | None = None) -> str:
    """The answer to `seat`'s question, in words (see the module for the three ways)."""
    if defender is not None and defender not in POWERS:
        raise Unreadable(f"There is no power {defender[:40]!r}. Powers: "
                         f"{', '.join(POWERS)}.")
    battle = game.battle
    typed = attackers is not None or defenders is not None
    if not typed and battle is not None and area in (None, battle.area):
        return _battle_now(game, seat, battle)
    if area is None:
        if attackers is None or defenders is None:
            raise Unreadable("Name an area (what it holds now), or type both sides' units: "
                             "attackers and defenders.")
        return _as_typed(game, seat, parse_units(attackers), parse_units(defenders),
                         aa_gun=bool(aa_gun), bombard=bombard or 0, defender=defender)
    if _attacked_by(game, seat, area):
        return _attack_on(game, seat, area, attackers, defenders, aa_gun, bombard)
    return _defence_of(game, seat, area, attackers, defenders, aa_gun, bombard)


# ----- the three ways ---------------------------------------------------------------------


def _as_typed(game: Board, seat: Power, a: Counts, d: Counts, *, aa_gun: bool, bombard: int,
              defender: Power | None) -> str:
    mine = game.pos.techs_of(seat)
    if defender is not None:
        theirs = game.pos.techs_of(defender)
    else:
        theirs = _shared(game.pos, [p for p in POWERS if not allied(p, seat)])
    text = _answer(game, a, d, attacker=seat, attacker_techs=mine, defender_techs=theirs,
                   aa_gun=aa_gun, bombard=bombard, asker=seat)
    if defender is None and d.get(FIGHTER) and JET_POWER not in theirs and any(
            JET_POWER in game.pos.techs_of(p) for p in POWERS if not allied(p, seat)):
        text += ("\nSome enemies have Jet Power (fighters defend at 5): name the defending "
                 "power to count it.")
    return text


def _battle_now(game: Board, seat: Power, battle: Battle) -> str:
    """The battle being fought, from where it stands."""
    rules = battle.rules
    aa_to_fire = battle.aa_gun and not battle.sea and battle.step in ("open", "aa")
    before_fire = ("open", "aa", "bombard", "first_strike", "fire") \
        if rules.bombardment_return_fire else ("open", "aa", "bombard")
    shore = battle.bombard if battle.amphibious and battle.round <= 1 \
        and battle.step in before_fire else 0
    defending = sorted(battle.defenders, key=POWERS.index)
    head = (f"The battle in {battle.area} as it stands"
            f"{f' (round {battle.round})' if battle.round else ''}: {battle.attacker} "
            f"attacks, {' and '.join(defending)} defend{'s' if len(defending) == 1 else ''}.")
    if battle.pending:
        head += " Units hit but not yet chosen as casualties still count."
    if not battle.attackers or not battle.defending_units:
        return head + " One side has nothing left to fight with."
    text = _answer(game, dict(battle.attackers), battle.defending_units,
                   attacker=battle.attacker,
                   attacker_techs=set(battle.techs.get(battle.attacker, [])),
                   defender_techs=set.intersection(*(set(battle.techs.get(p, []))
                                                     for p in defending)),
                   aa_gun=aa_to_fire, bombard=shore, asker=seat, land=not battle.sea)
    return head + "\n" + text


def _attack_on(game: Board, seat: Power, area: Area, attackers: str | None,
               defenders: str | None, aa_gun: bool | None, bombard: int | None) -> str:
    """`seat` attacks `area`: its defenders now against the attackers typed or in reach."""
    pos = game.pos
    holders = _fighting_by_power(pos.enemy_units(area, seat))
    d = parse_units(defenders) if defenders is not None else _sum(holders)
    gun = any(AA_GUN in c for c in pos.enemy_units(area, seat).values()) \
        and game.board.is_land(area)
    lines = []
    present = _fighting_by_power({p: c for p, c in pos.all_units(area).items()
                                  if allied(p, seat)})
    if attackers is not None:
        a = parse_units(attackers)
    elif present and holders:
        # Both sides there: a battle moved in and still to be fought (the game fights one
        # at a time): the attack is what stands there.
        a = _sum(present)
        lines.append(f"{seat}'s side has moved in, a battle to be fought: {_held(present)}.")
    else:
        sources = could_attack(game, seat, area)
        if not sources:
            raise NotAllowed(f"None of {seat}'s units could attack {area} now: type the "
                             "attackers.")
        a = _sum(sources)
        lines.append(f"Every unit of {seat} that could attack {area} now: "
                     f"{_from_where(sources)}.")
    if not d:
        return "\n".join([*lines, f"{area} holds no units at war with {seat} now: an attack "
                          "meets no defender there."])
    if defenders is None:
        lines.insert(0, f"{area} now: {_held(holders)}"
                     f"{', and an AA gun' if gun else ''}.")
    theirs = _shared(pos, list(holders) or [p for p in POWERS if not allied(p, seat)])
    lines.append(_answer(game, a, d, attacker=seat, attacker_techs=pos.techs_of(seat),
                         defender_techs=theirs, aa_gun=gun if aa_gun is None else aa_gun,
                         bombard=bombard or 0, asker=seat, land=game.board.is_land(area)))
    return "\n".join(lines)


def _defence_of(game: Board, seat: Power, area: Area, attackers: str | None,
                defenders: str | None, aa_gun: bool | None, bombard: int | None) -> str:
    """`seat`'s side holds `area` (or nobody does): its units there against each enemy
    that could attack it now, or against the attackers typed."""
    pos = game.pos
    ours = _fighting_by_power({p: c for p, c in pos.all_units(area).items()
                               if allied(p, seat)})
    d = parse_units(defenders) if defenders is not None else _sum(ours)
    if not d:
        return f"Nothing of {seat}'s side defends {area} now: there is no battle to reckon."
    gun = any(AA_GUN in c for p, c in pos.all_units(area).items() if allied(p, seat)) \
        and game.board.is_land(area)
    our_techs = _shared(pos, list(ours) or [seat])
    head = f"{area} now: {_held(ours)}{', and an AA gun' if gun else ''}." \
        if defenders is None else f"{area}, defended by {describe_units(d)} as typed."
    land = game.board.is_land(area)
    enemies = [p for p in POWERS if not allied(p, seat)]
    if attackers is not None:
        theirs = _shared(pos, enemies)
        return "\n".join([head, _answer(game, parse_units(attackers), d, attacker=None,
                                        attacker_techs=theirs, defender_techs=our_techs,
                                        aa_gun=gun if aa_gun is None else aa_gun,
                                        bombard=bombard or 0, asker=seat, land=land)])
    lines = [head]
    for enemy in enemies:
        sources = could_attack(game, enemy, area)
        if not sources:
            continue
        lines.append(f"If {enemy} attacks with everything that could reach it now "
                     f"({_from_where(sources)}):")
        lines.append(_answer(game, _sum(sources), d, attacker=enemy,
                             attacker_techs=pos.techs_of(enemy), defender_techs=our_techs,
                             aa_gun=gun if aa_gun is None else aa_gun, bombard=bombard or 0,
                             asker=seat, land=land))
    if len(lines) == 1:
        lines.append(f"No enemy unit could attack {area} now.")
    return "\n".join(lines)


# ----- reach ---------------------------------------------------------------------------------


def could_attack(game: Board, power: Power, area: Area) -> dict[Area, Counts]:
    """Where `power`'s units that could make a combat move into `area` now stand: each
    unit that attacks (not AA guns, complexes or transports) on its own legal route, among
    those the game still lets move. Units already in `area` and cargo are left out."""
    found: dict[Area, Counts] = {}
    for start in sorted(game.pos.units):
        if start == area:
            continue
        for kind, n in sorted(game.free(power, start).items()):
            if n <= 0 or kind in (AA_GUN, FACTORY) or attack(kind) <= 0:
                continue
            try:
                unit_route(game.board, game.pos, power, kind, start, area, combat=True,
                           rules=game.move_rules)
            except RuleError:
                continue
            found.setdefault(start, {})[kind] = n
    return found


def _attacked_by(game: Board, seat: Power, area: Area) -> bool:
    """Whether `area` is one `seat` would attack: enemy units there, or enemy land."""
    pos = game.pos
    if pos.has_enemy(area, seat):
        return True
    owner = pos.controller(area)
    return game.board.is_land(area) and owner is not None and not allied(owner, seat)


# ----- one answer ------------------------------------------------------------------------------


def _answer(game: Board, a: Counts, d: Counts, *, attacker: Power | None,
            attacker_techs: Collection[str], defender_techs: Collection[str], aa_gun: bool,
            bombard: int, asker: Power, land: bool | None = None) -> str:
    """The calculator's answer, with the developments it counted. The asker's saved loss
    order orders its own side's casualties; the other side loses its cheapest first."""
    mine = list(game.loss_orders.get(asker, DEFAULT_LOSS_ORDER))
    attacking = attacker is not None and allied(attacker, asker)
    odds = battle_odds(a, d, aa_gun=aa_gun, bombard=bombard, land=land,
                       attacker_techs=attacker_techs, defender_techs=defender_techs,
                       attacker_order=mine if attacking else DEFAULT_LOSS_ORDER,
                       defender_order=DEFAULT_LOSS_ORDER if attacking else mine,
                       rules=game.battle_rules)
    text = format_odds(odds, a, d, sea=None if land is None else not land)
    counted = [_developments("attack", attacker_techs), _developments("defence",
                                                                      defender_techs)]
    note = "; ".join(c for c in counted if c)
    return text + (f"\nWeapons developments: {note}." if note else "")


def _developments(side: str, techs: Collection[str]) -> str:
    return f"{side} with {', '.join(DEVELOPMENT_NAMES[t] for t in sorted(techs))}" \
        if techs else ""


# ----- small helpers ----------------------------------------------------------------------------


def _fighting_by_power(units: Mapping[Power, Counts]) -> dict[Power, Counts]:
    """Each power's units that fight in rounds (AA guns and complexes stand by)."""
    out = {p: {k: n for k, n in c.items() if n and k not in (AA_GUN, FACTORY)}
           for p, c in units.items()}
    return {p: c for p, c in sorted(out.items(), key=lambda pc: POWERS.index(pc[0])) if c}


def _sum(by: Mapping[str, Counts]) -> Counts:
    total: Counts = {}
    for counts in by.values():
        total = add(total, counts)
    return {k: total[k] for k in UNITS if total.get(k)}


def _shared(pos: Position, powers: Sequence[Power]) -> set[str]:
    """The developments every one of `powers` has (none for none)."""
    if not powers:
        return set()
    return set.intersection(*(pos.techs_of(p) for p in powers))


def _held(by_power: Mapping[Power, Counts]) -> str:
    return "; ".join(f"{describe_units(c)} of {p}" for p, c in by_power.items()) \
        or "no units that fight"


def _from_where(sources: Mapping[Area, Counts]) -> str:
    return "; ".join(f"{describe_units(c)} from {a}" for a, c in sources.items())

