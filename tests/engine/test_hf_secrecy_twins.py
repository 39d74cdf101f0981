"""Twins for High Frontier's political events (issue 11): the secret is the order of the
face-down event deck, which no seat knows. A twin of each position shuffles the deck again;
both positions must wait for the same seats and show the same public view, and the same
action must announce the same thing until a card is turned up (the draw reveals it: HF-2
"the Sec-Gen draws")."""

from __future__ import annotations

import copy
import random

import pytest

import engine
from tests.engine.test_hf_properties import OPTION_SETS, SEAT_SETS, bookkeeping_move, prompted_move
from tests.support.secrecy import check_twin

V = "hf-political-events"
REVEALS = frozenset({"drawn", "reshuffle"})


@pytest.mark.slow  # seeded volume: `-m "not slow"` skips it locally
def test_the_deck_order_changes_nothing_public_before_a_draw() -> None:
    compared = 0
    for index in range(30):
        rnd = random.Random(f"hf-twins-{index}")
        game = engine.new_game(V, rnd.choice(SEAT_SETS), seed=f"hf-twins-{index}",
                               options=rnd.choice(OPTION_SETS))
        for _ in range(40):
            state = game.state()
            twin_state = copy.deepcopy(state)
            rnd.shuffle(twin_state["game"]["pile"])
            twin = engine.load(V, twin_state)
            move = prompted_move if rnd.random() < 0.8 else bookkeeping_move
            seat, action, params = move(game, rnd)
            if check_twin(game, twin, seat, action, params, reveals=REVEALS) is not None:
                compared += 1
    assert compared > 300
