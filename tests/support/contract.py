"""The engine contract's invariants, checked by every game's test helpers.

After every accepted action the state still round-trips through `load(state())`;
after every refusal the state is exactly as it was (STYLE.md: "A shared test helper
asserts state() is unchanged after every RuleError"). `verify` is the one place tests
replay a game's steps from its seed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine import Event, Game, RuleError


def act(game: Game, seat: str, action: str, *,
        check: Callable[[Game, list[Event]], None] | None = None, **params: Any) -> list[Event]:
    """Take an action that must be accepted, and check the invariants after it."""
    events = game.act(seat, action, **params)
    if check is not None:
        check(game, events)
    state = game.state()
    assert engine.load(game.variant, state).state() == state
    return events


def verify(game: Game, *, published_commitment: str | None = None) -> engine.Verification:
    """Replay `game` from its seed and its steps (the game must be made with history=True)."""
    assert game.history is not None, "make the game with engine.new_game(..., history=True)"
    return engine.verify(game.state(), game.history, published_commitment=published_commitment)


def refused(game: Game, seat: str, action: str, match: str | None = None,
            **params: Any) -> RuleError:
    """An action that must be refused, leaving the state exactly as it was."""
    before = copy.deepcopy(game.state())
    with pytest.raises(RuleError, match=match) as caught:
        game.act(seat, action, **params)
    assert game.state() == before
    return caught.value


def actions(game: Game, seat: str) -> list[str]:
    """The actions `seat`'s prompt offers now."""
    prompt = game.prompts().get(seat)
    return [a.name for a in prompt.actions] if prompt else []


def choices(game: Game, seat: str, action: str, param: str) -> list[str]:
    """The values `seat`'s prompt lists for `param` of `action`."""
    prompt = game.prompts()[seat]
    spec = prompt.action(action)
    assert spec is not None, f"{seat} may not {action}: {[a.name for a in prompt.actions]}"
    for p in spec.params:
        if p.name == param:
            assert p.choices is not None
            return [c.value for c in p.choices]
    raise AssertionError(f"{action} has no {param}")
