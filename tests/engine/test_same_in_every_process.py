"""Every game plays the same in every process, whatever its hash seed (issue 21).

A set of strings iterates in an order that depends on the process's hash seed
(`PYTHONHASHSEED`, random unless set). Where that order reaches an event, the state, a
prompt or a die, the same stored log replays differently in another process: after a
restart, in `/game verify`, after an undo (Plotted A&A once queued its aircraft to land by
iterating a frozenset of kinds). Seeded random games of every registered variant are played
here in two processes whose hash seeds order {"fighter", "bomber"} differently (1 and 2),
and each step's state, events, prompts and views must be the same, byte for byte, in both.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import RuleError, autoplay
from engine.aa.units import POWERS
from tests.engine.aa.test_aa_classic import _random_action

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
import json, sys
from tests.engine.test_same_in_every_process import play_every_variant
print(json.dumps(play_every_variant()))
"""
GAMES = 4  # seeded games per variant
STEPS = 200  # steps per game (Plotted A&A: turns, below)
PLOTTED_TURNS = 3


def step_digest(game: engine.Game, events: list[engine.Event]) -> str:
    """What a step shows anywhere, in the order the game produced it (no key sorted)."""
    prompts = [[seat, prompt.text, [[a.name, a.label, [[p.name, p.required, p.kind,
                                                         p.question,
                                                         None if p.choices is None else
                                                         [[c.value, c.label]
                                                          for c in p.choices]]
                                                        for p in a.params]]
                                    for a in prompt.actions]]
               for seat, prompt in game.prompts().items()]
    record = [game.state(), [e.to_json() for e in events], prompts, game.view(None),
              [game.view(seat) for seat in game.seats], game.timeout_actions()]
    return hashlib.sha256(json.dumps(record, default=repr).encode()).hexdigest()[:12]


def play(variant: str, number: int) -> list[str]:
    """One seeded random game: each step's digest. The moves are `engine.autoplay`'s (A&A
    classic's: its own random player's, which moves units) mixed with the deadline's."""
    cls = engine.game_class(variant)
    game = engine.new_game(variant, cls.example_seats(), seed=f"every-process-{number}",
                           history=True)
    rnd = random.Random(f"every-process:{variant}:{number}")
    digests = [step_digest(game, game.setup_events)]
    if variant == "plotted-aa":
        return digests + _play_plotted(game, rnd)
    for _ in range(STEPS):
        if game.finished:
            break
        call = _random_action(game, rnd) if variant == "aa-classic" else (
            autoplay.pick(game, rnd) if rnd.random() < 0.8 else None)
        if call is None:
            todo = game.timeout_actions()
            if not todo:
                call = autoplay.pick(game, rnd)
                if call is None:
                    break
            else:
                call = todo[0]
        seat, action, params = call
        try:
            events = game.act(seat, action, **params)
        except RuleError:
            continue
        digests.append(step_digest(game, events))
    return digests


def _play_plotted(game: Any, rnd: random.Random) -> list[str]:
    """Plots of random rows (one unit, a mix of kinds, "all", aircraft in groups; one area
    or two away, often into enemy areas), then the execution by the deadline's answers
    with passes, retreats and landings chosen at random mixed in."""
    board, digests = game.board, []
    for _ in range(PLOTTED_TURNS):
        for _ in range(600):
            if game.finished or game.stage == "plot":
                break
            seat, action, params = game.timeout_actions()[0]
            digests.append(step_digest(game, game.act(seat, action, **params)))
        if game.finished:
            break
        for power in POWERS:
            pos = game.pos
            areas = sorted(a for a in pos.units if pos.units_of(a, power))
            round_number = 1
            air = [a for a in areas if any(k in ("fighter", "bomber")
                                           for k in pos.units_of(a, power))]
            for _ in range(12):
                start = rnd.choice(air if air and rnd.random() < 0.4 else areas)
                here = pos.units_of(start, power)
                have = sorted(k for k in here if k != "factory")
                if not have:
                    continue
                units = rnd.choice(["all", f"1 {rnd.choice(have)}",
                                    ", ".join(rnd.sample(have, min(2, len(have)))),
                                    ", ".join(f"{here[k]} {k}" for k in have
                                              if k in ("fighter", "bomber")) or "all"])
                near = sorted(board.distances(start, limit=3 if start in air else 2))
                enemy = [a for a in near if pos.enemy_units(a, power)]
                to = rnd.choice(enemy if enemy and rnd.random() < 0.6 else near)
                try:
                    events = game.act(power, "plot-move", round=round_number, units=units,
                                      from_area=start, to=to)
                except RuleError:
                    continue
                digests.append(step_digest(game, events))
                round_number += 1
        for power in POWERS:
            digests.append(step_digest(game, game.act(power, "plot-submit",
                                                      as_it_stands=True)))
        for _ in range(800):
            if game.finished or game.stage not in ("execute", "final-build"):
                break
            seat, action, params = game.timeout_actions()[0]
            battle = game.battle
            prompt = game.prompts()[seat]
            if action == "execute" and rnd.random() < 0.1:
                action, params = "pass", {}
            elif battle is not None and battle.stage == "retreat" and battle.retreats \
                    and rnd.random() < 0.3:
                action, params = "retreat", {"to": rnd.choice(battle.retreats)}
            elif action == "land" and rnd.random() < 0.5:
                spec = prompt.action("land")
                assert spec is not None and spec.params[0].choices
                params = {"to": rnd.choice(spec.params[0].choices).value}
            try:
                events = game.act(seat, action, **params)
            except RuleError:
                events = game.act(*game.timeout_actions()[0][:2],
                                  **game.timeout_actions()[0][2])
            digests.append(step_digest(game, events))
    return digests


def play_every_variant() -> dict[str, list[list[str]]]:
    return {variant: [play(variant, number) for number in range(GAMES)]
            for variant in sorted(engine.VARIANTS)}


def _in_process(hash_seed: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.Popen([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def first_difference(one: list[str], two: list[str]) -> str:
    for index, (a, b) in enumerate(zip(one, two, strict=False)):
        if a != b:
            return f"step {index}"
    return "the number of steps" if len(one) != len(two) else "nothing"


@pytest.mark.slow
def test_every_variant_plays_the_same_whatever_the_hash_seed() -> None:
    """Hash seeds 1 and 2 iterate {"fighter", "bomber"} in different orders; every variant's
    seeded games must give the same digest at every step in both processes."""
    runs = [_in_process(seed) for seed in ("1", "2")]
    results = []
    for run in runs:
        out, err = run.communicate(timeout=600)
        assert run.returncode == 0, err[-3000:]
        results.append(json.loads(out))
    one, two = results
    assert sorted(one) == sorted(two) and {"aa-classic", "plotted-aa"} <= set(one)
    differences = {f"{variant} game {n}": first_difference(a, b)
                   for variant in one for n, (a, b) in enumerate(zip(one[variant],
                                                                     two[variant],
                                                                     strict=True))
                   if a != b}
    assert not differences, f"differs by hash seed at: {differences}"
    assert all(len(games[0]) > 20 for games in one.values())
