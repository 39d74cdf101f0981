"""Exact A&A battle odds: a Markov chain over the units each side has lost.

With a saved loss order, every casualty a side takes is the next unit of that order, so a
side's army after any round is fixed by *how many* units it has lost: the state of a battle
is the pair (attacker losses i, defender losses j), as (attackers, defenders) is in
`engine.risk.odds`. The chain's rounds only move to larger i or j (or stay), so one forward
sweep over the grid in (i, j) order carries every state's probability mass to the end, the
self-loop of a round without hits folded in as 1 / (1 - p(no hits)). Per state, the hits a
side scores are the exact distribution of a sum of independent dice (one per unit, three
per heavy bomber), convolved once per army suffix.

What happens once, before or in the first round, splits the chain into a few:
the AA gun's hits (one die an aircraft, each 1 downing the aircraft first in the attacker's
loss order) give one grid per surviving air force, swept side by side since they share the defence;
offshore bombardment adds battleship dice to the attacker's first round (or, by option,
takes its casualties before the defence fires). Attacking submarines strike first in every
round (their grids are swept one at a time).

A submarine's hits sink ships only. When that leaves a side's casualties off its loss
order (aircraft listed before a ship, under fire from submarines), the state is the whole
army, not a count: `battle_odds` then runs the same chain over compositions
(`method="exact-composition"`), and falls back to a Monte Carlo of the combat code, with
its standard error, only when that state space is too large (`method="monte-carlo"`).

Floats throughout ("exact" means no sampling: the numbers are the chain's, to rounding).

>>> o = battle_odds({"infantry": 1}, {"infantry": 1})
>>> round(o.attacker_wins, 6), round(o.defender_wins, 6), round(o.draw, 6)
(0.25, 0.625, 0.125)
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate, cycle
from typing import Literal

from engine.aa.combat import (
    CLASSIC_BATTLE,
    DEFAULT_LOSS_ORDER,
    Battle,
    BattleRules,
    default_casualties,
)
from engine.aa.units import (
    BATTLESHIP,
    BOMBER,
    FIGHTER,
    SHIPS,
    SUBMARINE,
    UNITS,
    Counts,
    Kind,
    attack,
    attack_dice,
    defence,
    describe_units,
    total,
)
from engine.errors import Unreadable
from engine.rng import Rng

Method = Literal["exact", "exact-composition", "monte-carlo"]

# Above this many composition states (estimated) the chain is sampled instead (the grid path
# never is). A battle of 24 against 22 ships and aircraft estimates 112,000 and takes 1.4 s.
MAX_COMPOSITION_STATES = 250_000
MONTE_CARLO_RUNS = 20_000
# A state holding less probability than this is not followed further; the sum of what was
# dropped is reported (`BattleOdds.unresolved`) and is far below the precision shown.
NEGLIGIBLE = 1e-13


@dataclass
class BattleOdds:
    """How a battle ends: probabilities and expected survivors by kind."""

    attacker_wins: float  # every defender destroyed, an attacker left
    defender_wins: float  # every attacker destroyed, a defender left
    draw: float  # both destroyed, or neither side able to hurt the other
    attackers_left: dict[Kind, float]
    defenders_left: dict[Kind, float]
    takes_territory: float  # attacker wins with a land unit left (a land battle)
    method: Method = "exact"
    runs: int = 0
    standard_error: float = 0.0  # of `attacker_wins`, for Monte Carlo
    unresolved: float = 0.0  # probability left in negligible states (below 1e-13 each)
    outcomes: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = field(
        default_factory=dict, repr=False)

    @property
    def expected_attackers_left(self) -> float:
        return sum(self.attackers_left.values())

    @property
    def expected_defenders_left(self) -> float:
        return sum(self.defenders_left.values())


@dataclass(frozen=True)
class BattleSetup:
    """Everything the odds depend on."""

    attackers: Counts
    defenders: Counts
    aa_gun: bool = False
    bombard: int = 0  # battleships offshore (amphibious assaults only)
    land: bool = True
    attacker_techs: frozenset[str] = frozenset()
    defender_techs: frozenset[str] = frozenset()
    attacker_order: tuple[Kind, ...] = DEFAULT_LOSS_ORDER
    defender_order: tuple[Kind, ...] = DEFAULT_LOSS_ORDER
    rules: BattleRules = CLASSIC_BATTLE


def battle_setup(attackers: Mapping[Kind, int], defenders: Mapping[Kind, int], *,
                 aa_gun: bool = False, bombard: int = 0, land: bool | None = None,
                 attacker_techs: Collection[str] = (), defender_techs: Collection[str] = (),
                 attacker_order: Sequence[Kind] = DEFAULT_LOSS_ORDER,
                 defender_order: Sequence[Kind] = DEFAULT_LOSS_ORDER,
                 rules: BattleRules = CLASSIC_BATTLE) -> BattleSetup:
    """A checked `BattleSetup` (see `battle_odds` for the arguments)."""
    return _setup(attackers, defenders, aa_gun, bombard, land, attacker_techs, defender_techs,
                  attacker_order, defender_order, rules)


def battle_odds(attackers: Mapping[Kind, int], defenders: Mapping[Kind, int], *,
                aa_gun: bool = False, bombard: int = 0, land: bool | None = None,
                attacker_techs: Collection[str] = (), defender_techs: Collection[str] = (),
                attacker_order: Sequence[Kind] = DEFAULT_LOSS_ORDER,
                defender_order: Sequence[Kind] = DEFAULT_LOSS_ORDER,
                rules: BattleRules = CLASSIC_BATTLE, runs: int = MONTE_CARLO_RUNS,
                seed: str = "odds") -> BattleOdds:
    """The odds of `attackers` against `defenders`, each side losing units in its order.

    `land` defaults to "the defence has no ships"; `aa_gun` and `bombard` count only in a
    land battle. Kinds that never fight (AA guns, complexes) are ignored in the armies.
    """
    setup = _setup(attackers, defenders, aa_gun, bombard, land, attacker_techs, defender_techs,
                   attacker_order, defender_order, rules)
    return odds_of(setup, runs=runs, seed=seed)


def odds_of(setup: BattleSetup, *, runs: int = MONTE_CARLO_RUNS, seed: str = "odds"
            ) -> BattleOdds:
    """The odds of a checked setup, by the cheapest exact method that applies."""
    if _prefix_exact(setup):
        return _grid_odds(setup)
    if _composition_states(setup) <= MAX_COMPOSITION_STATES:
        return _composition_odds(setup)
    return monte_carlo(setup, runs, seed)


def exact_odds_within(setup: BattleSetup, *, most_states: int) -> BattleOdds | None:
    """The exact odds if they cost little, else None (never a sample): the grid chain
    (its cost grows with the product of the armies' sizes, which the caller bounds), or
    the composition chain when it reaches at most `most_states` states. For a picture
    that must stay cheap, such as the plot sheet redrawn after every change."""
    if _prefix_exact(setup):
        return _grid_odds(setup)
    if _composition_states(setup) <= most_states:
        return _composition_odds(setup)
    return None


def _setup(attackers: Mapping[Kind, int], defenders: Mapping[Kind, int], aa_gun: bool,
           bombard: int, land: bool | None, attacker_techs: Collection[str],
           defender_techs: Collection[str], attacker_order: Sequence[Kind],
           defender_order: Sequence[Kind], rules: BattleRules) -> BattleSetup:
    fighting = {k for k, u in UNITS.items() if u.domain in ("land", "sea", "air")} - {"aa_gun"}
    a = {k: int(n) for k, n in attackers.items() if n and k in fighting}
    d = {k: int(n) for k, n in defenders.items() if n and k in fighting}
    for side, army in (("attacker", attackers), ("defender", defenders)):
        if any(n < 0 for n in army.values()):
            raise Unreadable(f"The {side}'s unit counts must not be negative.")
    if not a or not d:
        raise Unreadable("Give at least one fighting unit on each side.")
    if land is None:
        land = not any(k in SHIPS for k in d)
    if not land:
        bombard = 0
        aa_gun = False
    return BattleSetup(a, d, aa_gun, max(0, bombard), land, frozenset(attacker_techs),
                       frozenset(defender_techs), _order(attacker_order),
                       _order(defender_order), rules)


def _order(order: Sequence[Kind]) -> tuple[Kind, ...]:
    return tuple(order) + tuple(k for k in UNITS if k not in order)


# ----- dice ----------------------------------------------------------------------

def _convolve(a: list[float], b: list[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, p in enumerate(a):
        if p:
            for j, q in enumerate(b):
                out[i + j] += p * q
    return out


def _binomial(n: int, p: float) -> list[float]:
    return [math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def _unit_dice(kind: Kind, attacking: bool, techs: Collection[str], rules: BattleRules
               ) -> list[float]:
    """The distribution of hits one unit scores in a round of general fire."""
    if attacking:
        if kind == SUBMARINE:
            return [1.0]  # it fired in the first strike
        dice = attack_dice(kind, techs, heavy_bomber_dice=rules.heavy_bomber_dice)
        value = attack(kind, techs)
    else:
        dice, value = 1, defence(kind, techs)
    if dice == 0 or value <= 0:
        return [1.0]
    return _binomial(dice, min(value, 6) / 6)


def _clamp(dist: Sequence[float], most: int) -> list[float]:
    """Hits beyond `most` (the units there are to hit) count as `most`."""
    if len(dist) <= most + 1:
        return list(dist)
    head = list(dist[:most])
    head.append(sum(dist[most:]))
    return head


# ----- the grid: states by losses in loss order -------------------------------------

def _expand(army: Mapping[Kind, int], order: Sequence[Kind]) -> list[Kind]:
    """The units in the order they are lost."""
    return [k for k in order for _ in range(army.get(k, 0))]


def _suffix_fire(units: Sequence[Kind], attacking: bool, techs: Collection[str],
                 rules: BattleRules, *, subs_only: bool = False) -> list[list[float]]:
    """fire[i]: hits scored by units[i:] (general fire, or the subs' first strike)."""
    fire: list[list[float]] = [[1.0]] * (len(units) + 1)
    for i in range(len(units) - 1, -1, -1):
        kind = units[i]
        if subs_only:
            one = (_binomial(1, attack(SUBMARINE, techs) / 6) if kind == SUBMARINE else [1.0])
        else:
            one = _unit_dice(kind, attacking, techs, rules)
        fire[i] = _convolve(fire[i + 1], one) if len(one) > 1 else fire[i + 1]
    return fire


def _prefix_exact(s: BattleSetup) -> bool:
    """Whether every casualty always follows the loss order (so a count is the state):
    submarine hits, which sink ships only, must meet only ships."""
    if not s.rules.sub_hits_ships_only:
        return True
    return (not s.attackers.get(SUBMARINE) or all(k in SHIPS for k in s.defenders)) and \
        (not s.defenders.get(SUBMARINE) or all(k in SHIPS for k in s.attackers))


def _aa_variants(s: BattleSetup) -> list[tuple[float, Counts]]:
    """The attacking armies after the AA gun, with their probabilities: one die an
    aircraft, each 1 downing the aircraft first in the attacker's loss order."""
    if not (s.aa_gun and s.land):
        return [(1.0, dict(s.attackers))]
    aircraft = {k: s.attackers.get(k, 0) for k in (FIGHTER, BOMBER) if s.attackers.get(k)}
    out: list[tuple[float, Counts]] = []
    for hits, p in enumerate(_binomial(total(aircraft), 1 / 6)):
        shot = default_casualties(aircraft, hits, 0, s.attacker_order)
        army = {k: n - shot.get(k, 0) for k, n in s.attackers.items()}
        out.append((p, {k: n for k, n in army.items() if n}))
    return out


def _grid_odds(s: BattleSetup) -> BattleOdds:
    if not s.attackers.get(SUBMARINE):
        return _batched_odds(s)
    return _grid_odds_each(s)


def _round_one(s: BattleSetup, p_variant: float, a_fire: list[list[float]],
               a_subs: list[list[float]] | None, d_fire: list[list[float]], na: int,
               nd: int) -> list[list[float]]:
    """The states after the first round (bombardment in it), as a grid of one AA outcome."""
    bombard_dist = (_binomial(s.bombard, attack(BATTLESHIP) / 6)
                    if s.bombard and s.land else [1.0])
    grid = [[0.0] * (nd + 1) for _ in range(na + 1)]
    start = [0.0] * (nd + 1)
    if s.rules.bombardment_return_fire or len(bombard_dist) == 1:
        start[0] = p_variant
        first_bonus = bombard_dist
    else:
        for y, p in enumerate(_clamp(bombard_dist, nd)):
            start[y] += p_variant * p
        first_bonus = [1.0]
    fire = _convolve(a_fire[0], first_bonus) if len(first_bonus) > 1 else a_fire[0]
    for j, m in enumerate(start):
        if m:
            _round(grid, 0, j, m, na, nd, fire, a_subs[0] if a_subs else None, d_fire,
                   fold=False)
    return grid


def _batched_odds(s: BattleSetup) -> BattleOdds:
    """The grid chain of every AA outcome at once (no attacking submarines).

    The grids share the defence, so they are laid side by side: cell (i, j) of outcome v
    at ((i * columns) + j) * V + v. A state's update then touches, for each number of
    attacker losses x, one contiguous run covering every outcome, so the interpreter does
    one list operation where it did fifteen. Neither side's hits are clamped: rows past an
    outcome's last attacker and columns past the last defender simply hold final states.
    """
    d_units = _expand(s.defenders, s.defender_order)
    nd = len(d_units)
    d_fire = _suffix_fire(d_units, False, s.defender_techs, s.rules)
    result = _Tally(s)
    variants: list[tuple[float, list[Kind], list[list[float]]]] = []
    for p_variant, army in _aa_variants(s):
        if not army:
            result.add(p_variant, (), tuple(d_units), s)
            continue
        a_units = _expand(army, s.attacker_order)
        variants.append((p_variant, a_units, _suffix_fire(a_units, True, s.attacker_techs,
                                                           s.rules)))
    if not variants:
        return result.odds("exact")
    width = len(variants)
    most_attackers = max(len(u) for _, u, _ in variants)
    rows = most_attackers + 1
    columns = nd + 1
    cells = [0.0] * (rows * columns * width)
    for v, (p_variant, a_units, a_fire) in enumerate(variants):
        first = _round_one(s, p_variant, a_fire, None, d_fire, len(a_units), nd)
        for i, row in enumerate(first):
            for j, m in enumerate(row):
                if m:
                    cells[(i * columns + j) * width + v] += m
    sizes = [len(u) for _, u, _ in variants]
    for i in range(most_attackers):
        live = [i < n for n in sizes]
        span = max(len(f[i]) for (_, _, f), ok in zip(variants, live, strict=True) if ok) \
            if any(live) else 1
        table = [f[i][y] if ok and y < len(f[i]) else 0.0
                 for y in range(span) for (_, _, f), ok in zip(variants, live, strict=True)]
        no_hit = [f[i][0] if ok else 1.0 for (_, _, f), ok in zip(variants, live, strict=True)]
        # tails[y]: every outcome's chance of y or more hits, for the last, clamped column.
        tails = [[sum(f[i][y:]) if ok else 0.0
                  for (_, _, f), ok in zip(variants, live, strict=True)] for y in range(span)]
        rows_left = most_attackers - i
        for j in range(nd):
            base = (i * columns + j) * width
            masses = cells[base:base + width]
            if not any(masses):
                continue
            hits = d_fire[j]
            if len(hits) > rows_left + 1:
                hits = [*hits[:rows_left], sum(hits[rows_left:])]
            miss = hits[0]
            most = nd - j
            if span > most + 1:
                clamped = [*table[:most * width], *tails[most]]
                length = (most + 1) * width
            else:
                clamped = table
                length = span * width
            scales = [0.0] * width
            moving = False
            for v in range(width):
                m = masses[v]
                if not m or not live[v]:
                    continue
                cells[base + v] = 0.0
                if m < NEGLIGIBLE:
                    result.dropped += m
                    continue
                stay = no_hit[v] * miss
                if stay >= 1.0 - 1e-15:
                    result.add(m, tuple(variants[v][1][i:]), tuple(d_units[j:]), s)
                    continue
                scales[v] = m / (1.0 - stay)
                moving = True
            if not moving:
                continue
            spread = [t * scale for t, scale in zip(clamped, cycle(scales))]
            if miss and length > width:
                at = base + width
                cells[at:base + length] = [c + miss * q for c, q in
                                           zip(cells[at:base + length], spread[width:],
                                               strict=True)]
            for x in range(1, len(hits)):
                w = hits[x]
                if w:
                    at = ((i + x) * columns + j) * width
                    cells[at:at + length] = [c + w * q for c, q in
                                             zip(cells[at:at + length], spread, strict=True)]
    # Final states: the attacker destroyed (by the defenders left, the same for every
    # outcome) or the defence destroyed (by the outcome and the attackers left).
    held: dict[int, float] = {}
    taken: dict[tuple[int, int], float] = {}
    for v, (_, a_units, _) in enumerate(variants):
        na = len(a_units)
        for i in range(rows):
            for j in range(columns):
                m = cells[(i * columns + j) * width + v]
                if not m:
                    continue
                if i >= na:
                    held[j] = held.get(j, 0.0) + m
                elif j >= nd:
                    taken[v, i] = taken.get((v, i), 0.0) + m
                else:
                    raise AssertionError("probability left in a live state")
    for j, m in sorted(held.items()):
        result.add(m, (), tuple(d_units[j:]), s)
    for (v, i), m in sorted(taken.items()):
        result.add(m, tuple(variants[v][1][i:]), (), s)
    return result.odds("exact")


def _grid_odds_each(s: BattleSetup) -> BattleOdds:
    """The grid chain, one AA outcome at a time (attacking submarines strike first)."""
    d_units = _expand(s.defenders, s.defender_order)
    nd = len(d_units)
    d_fire = _suffix_fire(d_units, False, s.defender_techs, s.rules)
    result = _Tally(s)
    d_clamps: dict[tuple[int, int], list[float]] = {}  # shared by the grids
    bombard_dist = (_binomial(s.bombard, attack(BATTLESHIP) / 6)
                    if s.bombard and s.land else [1.0])
    for p_variant, army in _aa_variants(s):
        if not army:
            result.add(p_variant, (), tuple(d_units), s)
            continue
        a_units = _expand(army, s.attacker_order)
        na = len(a_units)
        a_fire = _suffix_fire(a_units, True, s.attacker_techs, s.rules)
        a_subs = _suffix_fire(a_units, True, s.attacker_techs, s.rules, subs_only=True)
        has_subs = SUBMARINE in army
        grid = [[0.0] * (nd + 1) for _ in range(na + 1)]
        # Round 1: bombardment, first strike and fire, without folding the self-loop.
        start = [0.0] * (nd + 1)
        if s.rules.bombardment_return_fire or len(bombard_dist) == 1:
            start[0] = p_variant
            first_bonus = bombard_dist
        else:
            for y, p in enumerate(_clamp(bombard_dist, nd)):
                start[y] += p_variant * p
            first_bonus = [1.0]
        for j, m in enumerate(start):
            if m:
                _round(grid, 0, j, m, na, nd, _convolve(a_fire[0], first_bonus)
                       if len(first_bonus) > 1 else a_fire[0],
                       a_subs[0] if has_subs else None, d_fire, fold=False)
        if has_subs:
            for i in range(na + 1):
                row = grid[i]
                for j in range(nd + 1):
                    m = row[j]
                    if not m or i == na or j == nd:
                        continue
                    row[j] = 0.0
                    if m < NEGLIGIBLE:
                        result.dropped += m
                        continue
                    if not _round(grid, i, j, m, na, nd, a_fire[i], a_subs[i], d_fire,
                                  fold=True):
                        result.add(m, tuple(a_units[i:]), tuple(d_units[j:]), s)
        else:
            for i, j, m in _sweep(grid, na, nd, a_fire, d_fire, d_clamps, result):
                result.add(m, tuple(a_units[i:]), tuple(d_units[j:]), s)
        for i in range(na + 1):
            for j in range(nd + 1):
                m = grid[i][j]
                if m and (i == na or j == nd):
                    result.add(m, tuple(a_units[i:]), tuple(d_units[j:]), s)
    return result.odds("exact")


def _sweep(grid: list[list[float]], na: int, nd: int, a_fire: list[list[float]],
           d_fire: list[list[float]], d_clamps: dict[tuple[int, int], list[float]],
           tally: _Tally) -> list[tuple[int, int, float]]:
    """The later rounds of a grid without submarines, in (i, j) order: every state's mass
    spread as the outer product of the defence's and the attack's hits (the hot loop of
    the calculator, kept flat). Returns the stalemates."""
    stuck: list[tuple[int, int, float]] = []
    for i in range(na):
        row = grid[i]
        fire = a_fire[i]
        tails = list(accumulate(reversed(fire)))[::-1]  # tails[t] = P(hits >= t)
        left = na - i
        for j in range(nd):
            m = row[j]
            if not m:
                continue
            row[j] = 0.0
            if m < NEGLIGIBLE:
                tally.dropped += m
                continue
            most = nd - j
            xa = fire if len(fire) <= most + 1 else [*fire[:most], tails[most]]
            xd = d_clamps.get((j, left))
            if xd is None:
                fd = d_fire[j]
                xd = d_clamps[j, left] = fd if len(fd) <= left + 1 else [*fd[:left],
                                                                       sum(fd[left:])]
            stay = xa[0] * xd[0]
            if stay >= 1.0 - 1e-15:
                stuck.append((i, j, m))
                continue
            scale = m / (1.0 - stay)
            width = len(xa)
            w = scale * xd[0]
            if w and width > 1:
                row[j + 1:j + width] = [r + w * q for r, q in
                                        zip(row[j + 1:j + width], xa[1:], strict=True)]
            for x in range(1, len(xd)):
                w = scale * xd[x]
                if w:
                    target = grid[i + x]
                    target[j:j + width] = [r + w * q for r, q in
                                           zip(target[j:j + width], xa, strict=True)]
    return stuck


def _round(grid: list[list[float]], i: int, j: int, m: float, na: int, nd: int,
           a_fire: list[float], a_subs: list[float] | None, d_fire: list[list[float]], *,
           fold: bool) -> bool:
    """Spread mass `m` at (i, j) over the states one round later. With `fold`, the round
    without any hit is folded in; returns False for a stalemate (no hit possible)."""
    strikes = _clamp(a_subs, nd - j) if a_subs is not None else [1.0]
    xa0 = _clamp(a_fire, nd - j)
    xd0 = _clamp(d_fire[j], na - i)
    stay = strikes[0] * xa0[0] * xd0[0]
    if fold:
        if stay >= 1.0 - 1e-15:
            return False
        scale = m / (1.0 - stay)
    else:
        scale = m
        grid[i][j] += m * stay
    for y1, p1 in enumerate(strikes):
        if not p1:
            continue
        j1 = j + y1
        if j1 == nd:
            grid[i][nd] += scale * p1
            continue
        xa = xa0 if y1 == 0 else _clamp(a_fire, nd - j1)
        xd = xd0 if y1 == 0 else _clamp(d_fire[j1], na - i)
        width = len(xa)
        for x, px in enumerate(xd):
            if not px:
                continue
            w = scale * p1 * px
            row = grid[i + x]
            if x == 0 and y1 == 0:
                # Every outcome but the one without hits.
                row[j1 + 1:j1 + width] = [r + w * q for r, q in
                                          zip(row[j1 + 1:j1 + width], xa[1:], strict=True)]
            else:
                row[j1:j1 + width] = [r + w * q for r, q in
                                      zip(row[j1:j1 + width], xa, strict=True)]
    return True


class _Tally:
    """Outcomes and expected survivors, summed as final states come in."""

    def __init__(self, s: BattleSetup) -> None:
        self.win = self.lose = self.draw = self.takes = self.dropped = 0.0
        self.a_left: dict[Kind, float] = {}
        self.d_left: dict[Kind, float] = {}
        self.outcomes: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}
        self._a_kinds = sorted(s.attackers, key=list(UNITS).index)
        self._d_kinds = sorted(s.defenders, key=list(UNITS).index)
        self._land = s.land
        self._counted: dict[tuple[Sequence[Kind], Sequence[Kind]],
                            tuple[dict[Kind, int], dict[Kind, int]]] = {}

    def add(self, p: float, attackers: Sequence[Kind], defenders: Sequence[Kind],
            s: BattleSetup) -> None:
        """Tally a final state given as the units left (in loss order)."""
        key = (attackers, defenders)
        counted = self._counted.get(key)
        if counted is None:
            counted = self._counted[key] = (
                {k: attackers.count(k) for k in self._a_kinds},
                {k: defenders.count(k) for k in self._d_kinds})
        self.add_counts(p, *counted)

    def add_counts(self, p: float, a: Mapping[Kind, int], d: Mapping[Kind, int]) -> None:
        na, nd = total(a), total(d)
        if na and not nd:
            self.win += p
            if self._land and any(UNITS[k].domain == "land" and n for k, n in a.items()):
                self.takes += p
        elif nd and not na:
            self.lose += p
        else:
            self.draw += p
        for k in self._a_kinds:
            self.a_left[k] = self.a_left.get(k, 0.0) + p * a.get(k, 0)
        for k in self._d_kinds:
            self.d_left[k] = self.d_left.get(k, 0.0) + p * d.get(k, 0)
        key = (tuple(a.get(k, 0) for k in self._a_kinds),
               tuple(d.get(k, 0) for k in self._d_kinds))
        self.outcomes[key] = self.outcomes.get(key, 0.0) + p

    def odds(self, method: Method, runs: int = 0, se: float = 0.0) -> BattleOdds:
        return BattleOdds(self.win, self.lose, self.draw, self.a_left, self.d_left,
                          self.takes, method, runs, se, self.dropped, self.outcomes)


# ----- the same chain over whole compositions (submarine hits off the loss order) ------

Army = tuple[int, ...]


def _composition_states(s: BattleSetup) -> int:
    """An estimate of the states the composition chain reaches. A side loses units in its
    order except that submarine hits pick ships, so its armies are told apart mostly by how
    many units and how many of its ships it has lost: about (units + 1) x (ships + 1), far
    fewer than the product over kinds."""
    def side(army: Mapping[Kind, int]) -> int:
        return (total(army) + 1) * (total(army, SHIPS) + 1)

    return side(s.attackers) * side(s.defenders)


def _composition_odds(s: BattleSetup) -> BattleOdds:
    a_kinds = sorted(s.attackers, key=list(UNITS).index)
    d_kinds = sorted(s.defenders, key=list(UNITS).index)

    def counts(kinds: list[Kind], army: Army) -> Counts:
        return {k: n for k, n in zip(kinds, army, strict=True) if n}

    def army_of(kinds: list[Kind], c: Mapping[Kind, int]) -> Army:
        return tuple(c.get(k, 0) for k in kinds)

    fire_memo: dict[tuple[str, Army], tuple[list[float], list[float]]] = {}

    def fire(side: str, army: Army) -> tuple[list[float], list[float]]:
        """(general hits, ship-only hits) distributions of a side's general fire."""
        key = (side, army)
        if key not in fire_memo:
            kinds = a_kinds if side == "a" else d_kinds
            techs = s.attacker_techs if side == "a" else s.defender_techs
            general, subs = [1.0], [1.0]
            for kind, n in zip(kinds, army, strict=True):
                for _ in range(n):
                    one = _unit_dice(kind, side == "a", techs, s.rules)
                    if kind == SUBMARINE and side == "d" and s.rules.sub_hits_ships_only:
                        subs = _convolve(subs, one)
                    else:
                        general = _convolve(general, one)
            fire_memo[key] = (general, subs)
        return fire_memo[key]

    apply_memo: dict[tuple[str, Army, int, int], Army] = {}

    def apply(side: str, army: Army, hits: int, sub_hits: int) -> Army:
        key = (side, army, hits, sub_hits)
        if key not in apply_memo:
            kinds = a_kinds if side == "a" else d_kinds
            order = s.attacker_order if side == "a" else s.defender_order
            c = counts(kinds, army)
            lost = default_casualties(c, hits, sub_hits, order)
            apply_memo[key] = tuple(n - lost.get(k, 0) for k, n in zip(kinds, army, strict=True))
        return apply_memo[key]

    tally = _Tally(s)
    d0 = army_of(d_kinds, s.defenders)
    mass: dict[tuple[Army, Army], float] = {}
    sub_p = attack(SUBMARINE, s.attacker_techs) / 6

    def one_round(a: Army, d: Army, m: float, first: bool, out: dict[tuple[Army, Army], float]
                  ) -> float:
        """Add the next round's states to `out`; returns the mass that stays put."""
        stay = 0.0
        subs = a[a_kinds.index(SUBMARINE)] if SUBMARINE in a_kinds else 0
        strikes = _binomial(subs, sub_p) if subs else [1.0]
        for y1, p1 in enumerate(strikes):
            if not p1:
                continue
            restricted = s.rules.sub_hits_ships_only
            d1 = apply("d", d, 0 if restricted else y1, y1 if restricted else 0)
            if not any(d1):
                out[(a, d1)] = out.get((a, d1), 0.0) + m * p1
                continue
            a_general, _ = fire("a", a)
            if first and s.bombard and s.land:
                a_general = _convolve(a_general, _binomial(s.bombard, attack(BATTLESHIP) / 6))
            d_general, d_subs = fire("d", d1)
            for ya, pa in enumerate(a_general):
                if not pa:
                    continue
                d2 = apply("d", d1, ya, 0)
                for yg, pg in enumerate(d_general):
                    if not pg:
                        continue
                    for ys, ps in enumerate(d_subs):
                        if not ps:
                            continue
                        a2 = apply("a", a, yg, ys)
                        p = m * p1 * pa * pg * ps
                        if a2 == a and d2 == d:
                            stay += p
                        else:
                            out[(a2, d2)] = out.get((a2, d2), 0.0) + p
        return stay

    for p_variant, army in _aa_variants(s):
        a0 = army_of(a_kinds, army)
        if not any(a0):
            tally.add_counts(p_variant, {}, s.defenders)
            continue
        if s.bombard and s.land and not s.rules.bombardment_return_fire:
            for y, p in enumerate(_binomial(s.bombard, attack(BATTLESHIP) / 6)):
                d1 = apply("d", d0, y, 0)
                out: dict[tuple[Army, Army], float] = {}
                stay = one_round(a0, d1, p_variant * p, False, out) if any(d1) else 0.0
                if not any(d1):
                    out[(a0, d1)] = p_variant * p
                for key, q in out.items():
                    mass[key] = mass.get(key, 0.0) + q
                if stay:
                    mass[(a0, d1)] = mass.get((a0, d1), 0.0) + stay
        else:
            out = {}
            stay = one_round(a0, d0, p_variant, True, out)
            for key, q in out.items():
                mass[key] = mass.get(key, 0.0) + q
            if stay:
                mass[(a0, d0)] = mass.get((a0, d0), 0.0) + stay
    # Later rounds: states by total units left, largest first (a round never adds one).
    layers: dict[int, dict[tuple[Army, Army], float]] = {}
    for key, m in mass.items():
        layer = layers.setdefault(sum(key[0]) + sum(key[1]), {})
        layer[key] = layer.get(key, 0.0) + m
    while layers:
        top = max(layers)
        for (a, d), m in layers.pop(top).items():
            if not any(a) or not any(d):
                tally.add_counts(m, counts(a_kinds, a), counts(d_kinds, d))
                continue
            out = {}
            stay = one_round(a, d, 1.0, False, out)
            if stay >= 1.0 - 1e-15:
                tally.add_counts(m, counts(a_kinds, a), counts(d_kinds, d))
                continue
            scale = m / (1.0 - stay)
            for nxt, q in out.items():
                layer = layers.setdefault(sum(nxt[0]) + sum(nxt[1]), {})
                layer[nxt] = layer.get(nxt, 0.0) + scale * q
    return tally.odds("exact-composition")


# ----- Monte Carlo through the combat code -------------------------------------------

def simulate(s: BattleSetup, rng: Rng) -> Battle:
    """One battle fought to the end by the combat code, casualties by the loss orders."""
    battle = Battle("odds", not s.land, "attacker", dict(s.attackers),
                    {"defender": dict(s.defenders)}, aa_gun=s.aa_gun and s.land,
                    bombard=s.bombard if s.land else 0,
                    amphibious={k: n for k, n in s.attackers.items()
                                if s.bombard and UNITS[k].domain == "land"},
                    techs={"attacker": sorted(s.attacker_techs),
                           "defender": sorted(s.defender_techs)},
                    chooser="defender", rules=s.rules)
    orders = {"attacker": s.attacker_order, "defender": s.defender_order}
    while not battle.over:
        battle.advance(rng)
        if battle.pending:
            battle.choose_defaults(orders)
        elif battle.stage == "retreat":
            battle.press_on()
    return battle


def monte_carlo(s: BattleSetup, runs: int, seed: str = "odds") -> BattleOdds:
    """`runs` battles through the combat code; `standard_error` is that of `attacker_wins`."""
    if runs < 2:
        raise Unreadable("A Monte Carlo estimate needs at least 2 runs.")
    tally = _Tally(s)
    for run in range(runs):
        battle = simulate(s, Rng(seed, f"battle:{run}"))
        tally.add_counts(1.0 / runs, battle.attackers, battle.defending_units)
    p = tally.win
    se = math.sqrt(max(p * (1 - p), 0.0) / (runs - 1))
    return tally.odds("monte-carlo", runs, se)


# ----- for players -------------------------------------------------------------------

def _percent(p: float) -> str:
    if 0 < p < 0.001:
        return "<0.1%"
    if 0.999 < p < 1:
        return ">99.9%"
    return f"{p:.1%}"


def format_odds(odds: BattleOdds, attackers: Mapping[Kind, int],
                defenders: Mapping[Kind, int], *, sea: bool | None = None) -> str:
    """A short private answer for `/aa odds` (`sea`: a battle at sea, where no territory
    is taken; by default, when a ship defends)."""
    if sea is None:
        sea = any(k in SHIPS for k in defenders)
    left_a = ", ".join(f"{v:.1f} {UNITS[k].plural}" for k, v in odds.attackers_left.items()
                       if v >= 0.05) or "nothing"
    left_d = ", ".join(f"{v:.1f} {UNITS[k].plural}" for k, v in odds.defenders_left.items()
                       if v >= 0.05) or "nothing"
    how = {"exact": "exact", "exact-composition": "exact",
           "monte-carlo": f"estimated from {odds.runs:,} battles, "
                          f"±{odds.standard_error:.1%} (one standard error)"}[odds.method]
    return (f"{describe_units(attackers)} against {describe_units(defenders)} ({how}):\n"
            f"{chances(odds, sea=sea)}.\nExpected left: attacker {left_a}; defender "
            f"{left_d}.")


def chances(odds: BattleOdds, *, sea: bool = False) -> str:
    """How a battle ends, in one clause: "attacker wins 61.2% (takes the territory
    60.9%), defender holds 35.1%, both destroyed or stuck 3.7%" (at sea, where no
    territory is taken, without the part in brackets)."""
    takes = (f" (takes the territory {_percent(odds.takes_territory)})"
             if not sea and odds.takes_territory < odds.attacker_wins - 1e-9 else "")
    return (f"attacker wins {_percent(odds.attacker_wins)}{takes}, defender holds "
            f"{_percent(odds.defender_wins)}, both destroyed or stuck {_percent(odds.draw)}")
