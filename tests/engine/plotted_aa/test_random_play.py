"""Random play over many seeded games (issue 21: "Random legal play over at least 200 seeded
games ... plots built from random rows (repeated rows, re-typed rows, impossible counts,
every unit kind, bridging) and every deadline answered automatically: no exception but
RuleError, refusals change nothing, round trips, replay and verify hold").

Each game plays its first turn: every power writes its plot from random rows (moves from
where its units are and from anywhere, counts it hasn't got, every unit kind, rows typed
again with another count, transports picking units up on their way or where they are,
cargo moving off later, builds of every kind including industrial complexes and ships,
NOOPs, removals, pastes of the form as it stands), submits it or leaves it to the Plot
Phase's deadline; then every decision of the Execution and Final Build Phases is taken
either by the deadline (`timeout_actions`) or by a random prompted answer. Every step
checks, through `helpers.act`, that a refusal changes nothing and that the state
round-trips; every deadline answer must be accepted (a refused one would stall the game);
the game must reach the next turn; and the log must replay and verify.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import Game, RuleError
from engine.aa.units import POWERS, TRANSPORT, UNITS
from engine.games.plotted_aa.form import format_form, short_units
from tests.engine.plotted_aa.helpers import act, plot_phase, verified

GAMES = 200
SHORT = {kind: short_units({kind: 1}) for kind in UNITS}


def _units_text(rnd: random.Random, counts: dict[str, int]) -> str:
    """Units as a player writes them: some of those there, counts right or impossible,
    sometimes a kind that isn't there at all, sometimes "all"."""
    if rnd.random() < 0.12:
        return "all"
    kinds = [k for k, n in counts.items() if n]
    if not kinds or rnd.random() < 0.15:
        kinds = [rnd.choice(list(UNITS))]
    picked = rnd.sample(kinds, rnd.randint(1, min(3, len(kinds))))
    parts = []
    for kind in picked:
        have = counts.get(kind, 0)
        n = rnd.choice([1, 1, max(have, 1), have + 1, have + 3]) if have else rnd.randint(1, 3)
        parts.append(f"{n}{SHORT[kind]}" if n > 1 else SHORT[kind])
    return ", ".join(parts)


def _plot_row(game: Any, power: str, rnd: random.Random, rows: list[dict[str, Any]],
              next_round: int) -> dict[str, Any]:
    """One random `plot-move` row: typed again with another count, cargo moving off a
    transport picked up earlier, a sensible move, or anything at all."""
    board, pos = game.board, game.pos
    roll = rnd.random()
    if rows and roll < 0.15:  # re-typed: the same round, source and destination
        row = dict(rnd.choice(rows))
        row["units"] = _units_text(rnd, pos.units_of(row["from_area"], power))
        return row
    loaded = [r for r in rows if r.get("pickup") and board.is_sea(r["to"])]
    if loaded and roll < 0.5:  # the cargo picked up earlier moves off (bridging too)
        row = rnd.choice(loaded)
        land = sorted(board.coast(row["to"]))
        cargo = row["pickup"].split(" from ")[0].lstrip("+")
        return {"round": next_round, "units": cargo, "from_area": row["to"],
                "to": rnd.choice(land) if land else row["to"]}
    mine = sorted(a for a in board.areas if pos.units_of(a, power))
    fleets = [a for a in mine if pos.units_of(a, power).get(TRANSPORT)]
    start = rnd.choice(fleets) if fleets and rnd.random() < 0.3 else \
        rnd.choice(mine) if mine and rnd.random() < 0.9 else rnd.choice(board.areas)
    counts = pos.units_of(start, power)
    near = sorted(board.neighbours(start))
    two = sorted({b for a in near for b in board.neighbours(a)} - {start})
    four = sorted({c for b in two for a in board.neighbours(b)
                   for c in board.neighbours(a)} - {start})
    roll = rnd.random()
    if roll < 0.5:
        end = rnd.choice(near)
    elif roll < 0.7:
        end = rnd.choice(two)
    elif roll < 0.8 and any(k in counts for k in ("fighter", "bomber")):
        end = rnd.choice(four)
    elif roll < 0.9:
        end = start  # bridging: a transport staying where it is to pick units up
    else:
        end = rnd.choice(board.areas)
    row: dict[str, Any] = {"round": rnd.choice([next_round, next_round,
                                                rnd.randint(1, next_round + 1),
                                                *([rnd.choice([0, -2, 100])]
                                                  if rnd.random() < 0.1 else [])]),
                           "units": _units_text(rnd, counts), "from_area": start, "to": end}
    if rnd.random() < 0.2:
        middle = sorted(board.neighbours(start) & board.neighbours(end)) or near
        row["via"] = rnd.choice(middle)
    if board.is_sea(start) and (counts.get(TRANSPORT) or rnd.random() < 0.1) \
            and rnd.random() < 0.7:
        seas = [start] + ([end] if board.is_sea(end) else [])
        coast = sorted({a for z in seas for a in board.coast(z)})
        own = [a for a in coast if pos.units_of(a, power)]
        if coast:
            land = rnd.choice(own) if own and rnd.random() < 0.8 else rnd.choice(coast)
            cargo = _units_text(rnd, {k: n for k, n in pos.units_of(land, power).items()
                                      if UNITS[k].transport_space})
            row["pickup"] = f"+{cargo if cargo != 'all' else 'i'} from {land}"
            if rnd.random() < 0.8:
                row["units"] = rnd.choice(["trn", "trn, " + row["units"], "2trn"])
    return row


def _plot(game: Any, power: str, rnd: random.Random) -> None:
    """A power writes its plot from random commands; some are refused (that's the point)."""
    board, pos = game.board, game.pos
    rows: list[dict[str, Any]] = []
    next_round = 1
    for _ in range(rnd.randint(0, 18)):
        roll = rnd.random()
        try:
            if roll < 0.62:
                row = _plot_row(game, power, rnd, rows, next_round)
                act(game, power, "plot-move", **row)
                rows.append(row)
            elif roll < 0.75:
                owned = sorted(a for a in board.land if pos.owner.get(a) == power)
                factories = [a for a in owned if board.land[a].factory]
                factory = rnd.choice(owned) if rnd.random() < 0.3 else rnd.choice(factories)
                units = rnd.choice(["ic", "2i", "i, t", "bb", "trn, sub", "cv, f", "aa",
                                    "b", "12i", "t, trn", "ic, i", "sub", "2 trn"])
                if factory not in factories and rnd.random() < 0.7:
                    units = "ic"
                act(game, power, "plot-build", round=rnd.choice([next_round, 1]),
                    factory=factory, units=units)
            elif roll < 0.82:
                act(game, power, "plot-noop", round=rnd.choice([next_round, next_round + 1]))
            elif roll < 0.88:
                act(game, power, "plot-remove", round=rnd.randint(1, next_round))
            elif roll < 0.9:
                act(game, power, "plot-clear")
                rows = []
            elif roll < 0.95:
                text = format_form(game.plots[power])
                lines = text.splitlines()
                if len(lines) > 1 and rnd.random() < 0.5:  # a row pasted twice
                    line = rnd.choice(lines[1:])
                    lines.append("\t\t" + "\t".join(line.split("\t")[2:]))
                act(game, power, "plot-paste", text="\n".join(lines))
            else:
                act(game, power, "plot-submit")
                return
            next_round = max((a.round for a in game.plots[power]), default=0) + 1
        except RuleError:
            continue


def _random_answer(game: Game, rnd: random.Random) -> tuple[str, str, dict[str, Any]] | None:
    """A random prompted action with plausible values (legal or not)."""
    prompts = game.prompts()
    if not prompts:
        return None
    seat = rnd.choice(sorted(prompts))
    spec = rnd.choice(prompts[seat].actions)
    params: dict[str, Any] = {}
    for param in spec.params:
        if not param.required and rnd.random() < 0.5:
            continue
        if param.choices:
            params[param.name] = rnd.choice(param.choices).value
        elif param.kind == "bool":
            params[param.name] = rnd.random() < 0.5
        elif param.kind == "int":
            params[param.name] = rnd.randint(0, 3)
        elif param.name == "over":  # a way for the aircraft: a shortest one, or a walk
            revealed = getattr(game, "revealed", None)
            board = game.board  # type: ignore[attr-defined]
            here = rnd.choice(revealed.sources).area if revealed is not None \
                and revealed.sources else rnd.choice(board.areas)
            way = []
            if revealed is not None and revealed.area and rnd.random() < 0.6:
                way = (board.path(here, revealed.area) or [here, here])[1:-1]
            for _ in range(0 if way else rnd.randint(1, 3)):
                here = rnd.choice(sorted(board.neighbours(here)))
                way.append(here)
            params[param.name] = ", ".join(way) or "x"
        elif param.name == "units":
            revealed = getattr(game, "revealed", None)
            named = [k for s in revealed.sources for k in (s.units or {})] \
                if revealed is not None else []
            named += list(revealed.build) if revealed is not None else []
            if named and rnd.random() < 0.7:
                params[param.name] = ", ".join(SHORT[k] for k in
                                               rnd.sample(named, rnd.randint(1, len(named))))
            else:
                params[param.name] = rnd.choice(["i", "t", "f", "b", "2i", "i, t", "bb",
                                                 "trn", "sub", "cv", "aa", "f, b", "ic"])
        elif param.required:
            params[param.name] = "x"
    return seat, spec.name, params


def _deadline(game: Game) -> None:
    """The deadline's answers, each of which must be accepted (a refusal stalls the game)."""
    for seat, action, params in game.timeout_actions():
        try:
            act(game, seat, action, **params)
        except RuleError as exc:
            raise AssertionError(f"the deadline's {action} for {seat} was refused: "
                                 f"{exc.message}") from exc


def play(seed: int) -> Game:
    """One seeded game: its first turn, and a second one for every fourth seed."""
    rnd = random.Random(f"random-play-{seed}")
    game = plot_phase(f"random-play-{seed}")
    for turn in range(1 if seed % 4 else 2):
        if turn:
            while game.stage == "develop" and not game.finished:  # type: ignore
                _deadline(game)
            if game.finished:
                break
        play_turn(game, rnd)
    return game


def play_turn(game: Game, rnd: random.Random) -> None:
    for power in rnd.sample(list(POWERS), len(POWERS)):
        _plot(game, power, rnd)
    _deadline(game)  # the Plot Phase's time limit: every plot not submitted is taken
    assert game.stage != "plot"  # type: ignore[attr-defined]
    for _ in range(3000):
        if game.stage == "develop" or game.finished:  # type: ignore[attr-defined]
            break
        if rnd.random() < 0.5:
            _deadline(game)
            continue
        answer = _random_answer(game, rnd)
        if answer is None:
            raise AssertionError("nobody is asked anything, and the turn isn't over")
        seat, action, params = answer
        try:
            act(game, seat, action, **params)
        except RuleError:
            pass
    assert game.stage == "develop" or game.finished, "the turn never ended"  # type: ignore


@pytest.mark.slow
@pytest.mark.parametrize("block", range(10))
def test_random_play_raises_only_rule_errors_and_every_deadline_moves_the_game_on(
        block: int) -> None:
    """Issue 21: "no exception but RuleError, refusals change nothing, round trips, replay
    and verify hold" over at least 200 seeded games (20 per block)."""
    for seed in range(block * GAMES // 10, (block + 1) * GAMES // 10):
        game = play(seed)
        assert verified(game), seed
