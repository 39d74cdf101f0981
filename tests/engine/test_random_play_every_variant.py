"""Random legal play over 200 seeded games of every game, every deadline answered by the game.

Issue 21's acceptance, for every registered game: no exception but `RuleError`; a refusal
changes nothing; the deadline's own answers (`timeout_actions`) are always accepted; the state
round-trips through `engine.load`; and `engine.verify` replays the log to the same position.
Games with a dedicated test of this kind, played with their own plots and options, are left to
it (named below), so that no game is played twice over.
"""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine import RuleError, autoplay

GAMES = 200
STEPS = 40
# Each of these has its own 200 games, with the game's own kinds of random input.
DEDICATED = {
    "aa-classic": "tests/engine/aa/test_classic_random.py",
    "plotted-aa": "tests/engine/plotted_aa/test_random_play.py",
    "one-world-dominion": "tests/engine/one_world_dominion/test_random_deadlines.py",
    "illuminati": "tests/engine/illuminati/test_random_play.py",
    "dictators": "tests/engine/dictators/test_random_play.py",
}


def frozen(game: engine.Game) -> str:
    return json.dumps(game.state(), sort_keys=True)


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(engine.VARIANTS))
def test_two_hundred_random_games_with_deadlines_answered(variant: str) -> None:
    if variant in DEDICATED:
        pytest.skip(f"played by {DEDICATED[variant]}")
    cls = engine.game_class(variant)
    refused = accepted = by_deadline = 0
    for number in range(GAMES):
        seats = cls.example_seats()
        game = engine.new_game(variant, seats, seed=f"every-{number}", history=True)
        rnd = random.Random(f"{variant}-{number}")
        for step in range(STEPS):
            if game.finished:
                break
            if step % 5 == 4 and game.timeout_actions():
                for seat, action, params in game.timeout_actions():
                    game.act(seat, action, **params)  # the deadline's answer must be legal
                    by_deadline += 1
                continue
            call = autoplay.pick(game, rnd)
            if call is None:
                break
            seat, action, params = call
            before = frozen(game)
            try:
                game.act(seat, action, **params)
                accepted += 1
            except RuleError:
                assert frozen(game) == before, (variant, number, step, action, params)
                refused += 1
            if step % 10 == 0:
                assert frozen(engine.load(variant, game.state())) == frozen(game)
        assert game.history is not None
        assert engine.verify(game.state(), game.history).ok, (variant, number)
    assert accepted > GAMES  # the games really moved
