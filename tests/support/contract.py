"""The engine contract's invariants, checked by every game's test helpers.

After every accepted action the state still round-trips through `load(state())`;
after every refusal the state is exactly as it was (STYLE.md: "A shared test helper
asserts state() is unchanged after every RuleError").
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


def refused(game: Game, seat: str, action: str, match: str | None = None,
            **params: Any) -> RuleError:
    """An action that must be refused, leaving the state exactly as it was."""
    before = copy.deepcopy(game.state())
    with pytest.raises(RuleError, match=match) as caught:
        game.act(seat, action, **params)
    assert game.state() == before
    return caught.value
