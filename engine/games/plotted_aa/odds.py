"""Odds in Plotted A&A: the `odds` query (`/paa odds`, `/aa odds`) and the plot sheet's odds.

The query is A&A classic's (`engine.aa.odds_question`, one code path): typed armies, an
area as it stands, or the battle being fought, with both sides' weapons developments; here
"could attack it now" counts the units that haven't moved, landed or been built this turn
(`movable`).

The plot sheet shows, under the plot, each plotted attack's exact odds against what the
attacked area holds now (decision V-3): a plotted move into an area where enemy units stand,
its units as plotted (for "all", what stands in the source now that could go there: land
units and aircraft onto land, ships and aircraft at sea, the cargo of a transport landing)
against those enemy units, the enemy AA gun firing at the attacking aircraft, the power's
saved loss order for its casualties. By its round the area may hold more or less: the line
says "now". The sheet is drawn again after every change of the plot, so its odds stay cheap:
each battle is worked out once (a cache keyed by both armies, developments and rules: the
same plot against the same position costs nothing the second time), at most `SHEET_UNITS`
units a battle and only by the exact chains within `SHEET_STATES` states (never sampled);
a bigger battle says to ask `/paa odds`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from engine.aa.combat import DEFAULT_LOSS_ORDER, BattleRules
from engine.aa.map import Area
from engine.aa.odds import BattleOdds, battle_setup, chances, exact_odds_within
from engine.aa.odds_question import Board, ask_odds
from engine.aa.units import (
    AA_GUN,
    AIRCRAFT,
    FACTORY,
    LAND_UNITS,
    SHIPS,
    UNITS,
    Counts,
    Kind,
    Power,
    add,
    allied,
    describe_units,
    total,
)
from engine.events import Event, Seat, private
from engine.games.plotted_aa.base import PlottedBase
from engine.games.plotted_aa.form import MOVE, Action, Source
from engine.rng import Rng

#: The most units (both sides together) a battle on the plot sheet may have.
SHEET_UNITS = 60
#: The most states of the composition chain (submarines against aircraft) on the sheet.
SHEET_STATES = 20_000


class Odds(PlottedBase):
    """The `odds` query."""

    def do_odds(self, seat: Seat, rng: Rng, attackers: str | None = None,
                defenders: str | None = None, area: str | None = None,
                aa_gun: bool | None = None, bombard: int | None = None,
                defender: str | None = None) -> list[Event]:
        """Exact odds, privately: typed armies, an area as it stands, or the battle being
        fought (`engine.aa.odds_question`)."""
        text = ask_odds(odds_board(self), seat, attackers=attackers, defenders=defenders,
                        area=self.area(area) if area else None, aa_gun=aa_gun,
                        bombard=bombard, defender=defender)
        return [private(seat, "odds", text)]


def odds_board(game: PlottedBase) -> Board:
    """What the odds read of a Plotted A&A game: what may still move is what hasn't moved,
    landed or been built this turn."""
    return Board(game.board, game.pos, game.move_rules, game.battle_rules, game.loss_orders,
                 game.battle, game.movable)


# ----- the plot sheet's odds ------------------------------------------------------------------


def sheet_odds(game: PlottedBase, power: Power, plot: Sequence[Action]) -> list[str]:
    """The sheet's lines: each plotted attack's odds against what its area holds now."""
    lines = []
    for action in plot:
        if action.kind != MOVE or action.area is None:
            continue
        line = _attack_line(game, power, action, action.area)
        if line:
            lines.append(line)
    if not lines:
        return []
    return ["Odds of each attack against what the area holds now (the exact odds; by its "
            "round it may hold more or less):", *lines]


def _attack_line(game: PlottedBase, power: Power, action: Action, area: Area) -> str:
    pos, board = game.pos, game.board
    land = board.is_land(area)
    enemies = pos.enemy_units(area, power)
    defenders = _in_order(_add_all(
        {k: n for k, n in c.items() if k not in (AA_GUN, FACTORY)} for c in enemies.values()))
    if not defenders:
        owner = pos.controller(area)
        hostile = land and owner is not None and not allied(owner, power)
        return f"Round {action.round}, {area}: no defender there now." if hostile else ""
    attackers = _in_order(_add_all(_plotted(game, power, s, land) for s in action.sources))
    where = f"Round {action.round}, {area}"
    if not attackers:
        return f"{where}: nothing of the plotted units fights there now."
    if total(attackers) + total(defenders) > SHEET_UNITS:
        return f"{where}: too many units for the sheet: ask /paa odds."
    gun = land and any(AA_GUN in c for c in enemies.values())
    holders = [p for p in enemies if total({k: n for k, n in enemies[p].items()
                                            if k not in (AA_GUN, FACTORY)})]
    theirs = frozenset.intersection(*(frozenset(pos.techs_of(p)) for p in holders))
    order = tuple(game.loss_orders.get(power, DEFAULT_LOSS_ORDER))
    odds = _cached_odds(tuple(attackers.items()), tuple(defenders.items()), gun, land,
                        frozenset(pos.techs_of(power)), theirs, order, game.battle_rules)
    if odds is None:
        return f"{where}: too many units for the sheet: ask /paa odds."
    return (f"{where}: {describe_units(attackers)} against {describe_units(defenders)}"
            f"{' and an AA gun' if gun and any(k in AIRCRAFT for k in attackers) else ''}: "
            f"{chances(odds, sea=not land)}.")


@lru_cache(maxsize=512)
def _cached_odds(attackers: tuple[tuple[Kind, int], ...], defenders: tuple[tuple[Kind, int], ...],
                 aa_gun: bool, land: bool, attacker_techs: frozenset[str],
                 defender_techs: frozenset[str], order: tuple[Kind, ...],
                 rules: BattleRules) -> BattleOdds | None:
    """One battle's exact odds, worked out once per armies, developments and rules."""
    setup = battle_setup(dict(attackers), dict(defenders), aa_gun=aa_gun, land=land,
                         attacker_techs=attacker_techs, defender_techs=defender_techs,
                         attacker_order=order, rules=rules)
    return exact_odds_within(setup, most_states=SHEET_STATES)


def _plotted(game: PlottedBase, power: Power, source: Source, land: bool) -> Counts:
    """The units a row brings into the battle: those named, or for "all" what stands in
    the source now that could fight there; a landing's cargo and a transport's pickups
    fight on land, never at sea."""
    pos = game.pos
    fights = (*LAND_UNITS, *AIRCRAFT) if land else (*SHIPS, *AIRCRAFT)
    if source.units is not None:
        named = dict(source.units)
    else:
        named = pos.units_of(source.area, power)
        if land and game.board.is_sea(source.area):
            named = add(named, pos.cargo_of(source.area, power))
    if land:
        for pickup in source.pickups:
            named = add(named, pickup.units)
    return {k: n for k, n in named.items() if n and k in fights and k != AA_GUN}


def _add_all(parts: Iterable[Counts]) -> Counts:
    out: Counts = {}
    for part in parts:
        out = add(out, part)
    return out


def _in_order(counts: Counts) -> Counts:
    return {k: counts[k] for k in UNITS if counts.get(k)}
