"""Random play over 200 seeded games in which every reaction window and every decision with a
deadline policy is answered by the game's own policy (`timeout_actions()`, as the bot does
when a window's time or a deadline runs out); the turns are played by random legal actions,
and odd or malformed calls are tried everywhere.

- The deadline's plan is always accepted, action after action: a game never stalls on it.
- Nothing raises but `RuleError`, and a refusal changes nothing.
- `load(state())` round-trips; every game replays and verifies from its seed.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine import RuleError
from engine.games.one_world_dominion import OneWorldDominion
from tests.engine.one_world_dominion.helpers import (
    ANN,
    BO,
    CY,
    MAP,
    act,
    loaded,
    position,
    verified,
)
from tests.engine.one_world_dominion.play import random_action

GAMES = 200
STEPS = 70
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
# Values a player (or a stale button) might send for any parameter.
ODD_VALUES: list[Any] = [None, "", "Atlantis", "x" * 120, 0, -1, 7, 10**6, "3", 2.5]


def position_of(game: OneWorldDominion) -> tuple[str, bool, int]:
    return json.dumps(game.state(), sort_keys=True), game.finished, game.step_count


def odd_call(game: OneWorldDominion, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
    """A prompted action with one parameter changed to an odd value, or dropped."""
    seat, action, params = random_action(game, rnd)
    spec = game.prompts()[seat].action(action)
    names = [p.name for p in spec.params] if spec else []
    if names:
        name = rnd.choice(names)
        if rnd.random() < 0.3:
            params.pop(name, None)
        else:
            params[name] = rnd.choice(ODD_VALUES)
    if rnd.random() < 0.2:  # someone else presses the button
        seat = rnd.choice(game.seats)
    return seat, action, params


def try_call(game: OneWorldDominion, seat: str, action: str, params: dict[str, Any]) -> bool:
    """Act; a refusal must be a RuleError that leaves everything as it was."""
    before = position_of(game)
    try:
        game.act(seat, action, **params)
    except RuleError:
        assert position_of(game) == before, (seat, action, params)
        return False
    return True


def answer_deadline(game: OneWorldDominion) -> int:
    """Apply the deadline's plan as the bot does: every action of it must be accepted."""
    plan = game.timeout_actions()
    for seat, action, params in plan:
        game.act(seat, action, **params)
    return len(plan)


@pytest.mark.slow
def test_random_play_with_every_deadline_answered_automatically() -> None:
    answered = acted = odd = refused = 0
    kinds: set[str] = set()
    for index in range(GAMES):
        rnd = random.Random(f"deadlines-{index}")
        seats = NAMES[:rnd.choice([3, 4, 5])]
        options = {"start": "deal", "setup_batch": 40, "starting_cards": rnd.choice([2, 4]),
                   "defence": rnd.choice(["choose", "most"]),
                   "saboteur_card_armies": rnd.choice(["delayed", "placed"]),
                   "cards": "classic" if index % 10 == 9 else "owd"}
        game = engine.new_game("one-world-dominion", seats, seed=f"deadlines-{index}",
                               options=options, history=True)
        assert isinstance(game, OneWorldDominion)
        for step in range(STEPS):
            if game.finished:
                break
            if step % 3 == 0:  # a stale button, a typo, an empty option: anywhere
                odd += 1
                refused += not try_call(game, *odd_call(game, rnd))
                continue
            if game.stack:  # every window and decision: its deadline answers it
                kinds.add(game.stack[-1]["kind"])
                taken = answer_deadline(game)
                if taken:
                    answered += taken
                    continue
            if try_call(game, *random_action(game, rnd)):  # the turn is the players'
                acted += 1
            if step % 7 == 0:
                state = game.state()
                assert engine.load("one-world-dominion", state).state() == state
        verified(game)
    assert answered > GAMES * 5 and acted > GAMES * 10 and refused > GAMES
    assert {"window", "defend", "occupy"} <= kinds, kinds


def test_a_forced_turn_in_is_answered_by_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Taking 6 or more cards forces a turn-in at once; at the deadline the first set is
    turned in, its armies placed in the first area, until 4 or fewer cards are left or no
    set: the turn then goes on."""
    areas = {t: (ANN, 2) for t in MAP.territories} | {"Kamchatka": (BO, 1), "Alaska": (ANN, 4),
                                                       "Siam": (CY, 1)}
    game = position(step="attack", areas=areas,
                    hands={ANN: ["Mole", "Navy", "Jihad", "Ebola"],
                           BO: ["Fighters", "Fast Rail", "Radar", "Mad Cow Disease"]})
    loaded(monkeypatch, [6, 6, 6], [1])
    act(game, ANN, "attack", from_territory="Alaska", to_territory="Kamchatka", dice=3)
    act(game, BO, "defend", dice=1)
    assert game.stack[-1]["kind"] == "trade-down" and len(game.hands[ANN]) == 8
    while game.timeout_actions():
        answer_deadline(game)
    assert not game.stack and len(game.hands[ANN]) <= 4
    assert "attack" in [a.name for a in game.prompts()[ANN].actions]
