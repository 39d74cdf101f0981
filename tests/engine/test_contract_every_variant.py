"""The engine contract holds for every registered variant (issue 11: "the contract refuses
malformed input itself").

For each game in `engine.VARIANTS` (a new game is covered by registering it), seeded random
legal play reaches varied positions; at each, malformed calls of every kind are made:
a missing required parameter, a parameter of the wrong type, non-finite and absurdly large
numbers, an unknown parameter, and an action name or seat that is not a string. Each must
raise `RuleError` (nothing else) and leave `state()` exactly as it was. And events are
snapshots: what `act` returned is unchanged after every later action.

Issue 21 ("`state()` returns data that later actions never change"): a state taken at any
point, then more actions, and the state taken is exactly as it was; so are the views.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

import engine
from engine import Game, RuleError
from engine.autoplay import pick as random_call  # a prompted action with prompted values
from engine.params import handler_params

GAMES_PER_VARIANT = 4
STEPS = 150
CALLS_PER_CHECK = 30  # a sample of the malformed calls at each checked position

# Values no parameter of any game may take, each with what it stands for.
WRONG_VALUES: list[Any] = [
    math.inf, -math.inf, math.nan, 10**30, -(10**30), 1e300, 2.5,
    [], ["Ann"], {"a": 1}, ("x",), object(), b"bytes", "x" * 50_000,
]
WRONG_NAMES: list[Any] = [None, 5, 2.5, ["roll"], {"a": 1}, ("x",), b"roll", object(), True]


def seats_for(cls: type[Game]) -> list[str]:
    return cls.example_seats()


def frozen(game: Game) -> str:
    return json.dumps(game.state(), sort_keys=True, default=str)


def malformed_calls(game: Game, rnd: random.Random) -> list[tuple[Any, Any, dict[str, Any]]]:
    """Calls that are wrong in form, whatever the position: each must be a RuleError."""
    seat = rnd.choice(game.seats)
    calls: list[tuple[Any, Any, dict[str, Any]]] = []
    prompts = game.prompts()
    offered = [(s, a.name) for s, p in prompts.items() for a in p.actions]
    names = sorted(game.free_actions | game.queries) + [a for _, a in offered]
    for wrong in WRONG_NAMES:
        calls.append((seat, wrong, {}))
        calls.append((wrong, rnd.choice(names) if names else "x", {}))
    calls += [(seat, "", {}), (seat, "__init__", {}), (seat, "no-such-action", {}),
              (seat, "../act", {}), (seat, "a" * 5000, {}), ("Nobody", names[0] if names
                                                         else "x", {})]
    for acting, action in offered[:6] + [(seat, a) for a in sorted(game.free_actions)][:3]:
        types = handler_params(game._handler(action))
        base = {name: "x" for name, p in types.items() if p.required}
        calls.append((acting, action, {**base, "no_such_option": 1}))
        for name, param in types.items():
            if param.required:
                missing = {k: v for k, v in base.items() if k != name}
                calls.append((acting, action, missing))
            for wrong in rnd.sample(WRONG_VALUES, 4):
                calls.append((acting, action, {**base, name: wrong}))
    return calls


@pytest.mark.parametrize("variant", sorted(engine.VARIANTS))
def test_malformed_calls_are_refused_and_change_nothing(variant: str) -> None:
    cls = engine.game_class(variant)
    for number in range(GAMES_PER_VARIANT):
        rnd = random.Random(f"{variant}:{number}")
        game = engine.new_game(variant, seats_for(cls), seed=f"contract-{number}")
        returned: list[tuple[list[Any], list[Any]]] = []
        for step in range(STEPS):
            if step % 20 == 0:
                before = frozen(game)
                calls = malformed_calls(game, rnd)
                for seat, action, params in rnd.sample(calls, min(len(calls), CALLS_PER_CHECK)):
                    with pytest.raises(RuleError):
                        game.act(seat, action, **params)
                    assert frozen(game) == before, (variant, seat, action, params)
            call = random_call(game, rnd)
            if call is None:
                break
            seat, action, params = call
            before = frozen(game)
            try:
                events = game.act(seat, action, **params)
            except RuleError:
                assert frozen(game) == before, (variant, seat, action, params)
                continue
            saved = json.loads(json.dumps([e.to_json() for e in events], default=str))
            returned.append((events, saved))
        # Events are snapshots: nothing the game did later changed what it returned.
        for events, saved in returned:
            assert json.loads(json.dumps([e.to_json() for e in events], default=str)) == saved


@pytest.mark.parametrize("variant", sorted(engine.VARIANTS))
def test_malformed_options_are_refused(variant: str) -> None:
    cls = engine.game_class(variant)
    for option in cls.options_spec:
        for wrong in (math.inf, math.nan, 10**30, [1], {"a": 1}, object()):
            with pytest.raises(RuleError):
                engine.new_game(variant, seats_for(cls), seed="s", options={option.name: wrong})


@pytest.mark.parametrize("variant", sorted(engine.VARIANTS))
def test_a_state_taken_never_changes_with_later_actions(variant: str) -> None:
    """Issue 21: "`state()` returns data that later actions never change (today it hands
    back the game's live lists, so a state kept from before an action changes with the
    game)". Every 5 steps of seeded random legal play a state and the views (public and a
    seat's) are kept with a JSON copy of each; after the game played on, each is unchanged."""
    cls = engine.game_class(variant)
    for number in range(GAMES_PER_VARIANT):
        rnd = random.Random(f"kept:{variant}:{number}")
        game = engine.new_game(variant, seats_for(cls), seed=f"kept-{number}")
        kept: list[tuple[int, str, Any, str]] = []
        for step in range(STEPS):
            if step % 5 == 0:
                for what, taken in (("state", game.state()), ("public view", game.view(None)),
                                    ("seat view", game.view(game.seats[step % len(game.seats)]))):
                    kept.append((step, what, taken, json.dumps(taken, sort_keys=True,
                                                               default=str)))
            call = random_call(game, rnd)
            if call is None:
                break
            try:
                game.act(call[0], call[1], **call[2])
            except RuleError:
                continue
        changed = [(step, what) for step, what, taken, saved in kept
                   if json.dumps(taken, sort_keys=True, default=str) != saved]
        assert not changed, f"{variant}: taken at these steps, changed later: {changed}"
