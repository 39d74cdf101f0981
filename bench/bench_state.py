"""What `state()` costs late in a game now that it returns a copy (issue 21).

Issue 21: "`state()` returns data that later actions never change ... a deep copy at the
boundary; measure the cost on a late game". For each registered game, one position after
`STEPS` steps of the seeded random legal play of tests/engine/test_contract_every_variant.py;
in it, `state()` (with its copy) against the same state built without the copy (the floor),
interleaved, medians of `REPEAT`; and the state's size as JSON. The bot takes a state only
for a snapshot (every 20 actions, at an undo and at the end), never per action.
Run: .venv/bin/python bench/bench_state.py
"""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

import _common  # noqa: F401  (puts the repository on sys.path)

import engine
import tests.support.pig  # noqa: F401  (registers "pig", as the tests do)
from engine import Game, RuleError
from engine.game import STATE_SCHEMA
from tests.engine.test_contract_every_variant import random_call, seats_for

STEPS = 600
REPEAT = 200


def late(variant: str) -> Game:
    cls = engine.game_class(variant)
    rnd = random.Random(f"bench-state:{variant}")
    game = engine.new_game(variant, seats_for(cls), seed="bench-state")
    for _ in range(STEPS):
        call = random_call(game, rnd)
        if call is None:
            break
        try:
            game.act(call[0], call[1], **call[2])
        except RuleError:
            continue
    return game


def uncopied(game: Game) -> dict[str, Any]:
    """The state as `state()` built it before issue 21: the game's own containers."""
    return {"schema": STATE_SCHEMA, "variant": game.variant, "seats": list(game.seats),
            "seed": game.seed, "options": dict(game.options), "finished": game.finished,
            "winners": list(game.winners), "setup_luck": game.setup_luck,
            "steps": game.step_count, "public_steps": game.public_steps,
            "game": game._dump()}


def main() -> None:
    print(f"{'game':22} {'steps':>5} {'state':>9} {'no copy':>9} {'copy adds':>10} {'JSON':>9}")
    for variant in sorted(engine.VARIANTS):
        game = late(variant)
        with_copy, without = [], []
        for _ in range(REPEAT):
            start = time.perf_counter()
            game.state()
            middle = time.perf_counter()
            uncopied(game)
            with_copy.append(middle - start)
            without.append(time.perf_counter() - middle)
        copied, floor = statistics.median(with_copy), statistics.median(without)
        size = len(json.dumps(game.state()))
        print(f"{variant:22} {game.step_count:5} {copied * 1e3:7.3f}ms {floor * 1e3:7.3f}ms "
              f"{(copied - floor) * 1e3:8.3f}ms {size:8,}B")


if __name__ == "__main__":
    main()
