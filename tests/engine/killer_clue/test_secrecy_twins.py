"""Twins: every seat's secrets varied, the acting seat's own included (issue 11).

Rulebook, Intrigue & Danger cards: each player holds a hand nobody else sees; the draw pile is
face down. A twin of each position deals the innocents' Intrigue & Danger cards among them
again (each keeping as many cards, the actor included) and shuffles the draw pile, leaving
everything public as it was. The two positions must wait for the same seats and show the same
public view, and the same action, where both accept it, must announce the same thing. The
killer's identity is varied separately (the public view is the same whoever the killer is).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tests.engine.killer_clue.helpers import ALL, load, new
from tests.engine.killer_clue.test_secrecy import random_action, relabel_killer
from tests.support.secrecy import check_twin, waits_alike

GAMES = 25
STEPS = 100
# Rulebook, Danger round: the face-down cards are shuffled and turned up, so what the hands
# held is then public (and a random card is drawn from the hand).
REVEALS = frozenset({"danger_revealed"})


def deal_again(state: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """The innocents' hands dealt again among them (same sizes); the draw pile shuffled."""
    twin = copy.deepcopy(state)
    g = twin["game"]
    innocents = [s for s in g["table"] if s != g["killer"]]
    pool = [card for s in innocents for card in g["hands"][s]]
    rnd.shuffle(pool)
    for seat in innocents:
        size = len(g["hands"][seat])
        g["hands"][seat], pool = pool[:size], pool[size:]
    rnd.shuffle(g["draw_pile"])
    return twin


@pytest.mark.slow  # seeded volume: `-m "not slow"` skips it locally
def test_the_same_action_announces_the_same_whatever_the_hands() -> None:
    compared = 0
    for index in range(GAMES):
        rnd = random.Random(f"twins-{index}")
        seats = rnd.sample(ALL, rnd.randint(3, 6))
        game = new(seats, seed=f"twins-{index}", butler_maid=rnd.random() < 0.5,
                   red_herrings=rnd.random() < 0.5)
        for _ in range(STEPS):
            if game.finished:
                break
            state = game.state()
            twin = load(deal_again(state, rnd))
            relabelled = relabel_killer(state)
            if relabelled is not None:
                waits_alike(game, load(relabelled))
            seat, action, params = random_action(game, rnd)
            if check_twin(game, twin, seat, action, params, reveals=REVEALS) is not None:
                compared += 1
    assert compared > GAMES * STEPS // 3
