"""What a scripted player reads off a prompt, and tries on a copy of the game first.

Only the engine's facade: a prompt's choices, `engine.load(variant, state())` for a copy,
`act` on it (`engine.autoplay.first_legal`), and `timeout_actions()` for what the game's
deadline would do.
"""

from __future__ import annotations

from typing import Any

import engine
from engine import ActionSpec, Game
from engine.autoplay import first_legal  # the parameters the engine accepts, on a copy


def choice_values(spec: ActionSpec, name: str) -> list[str]:
    """The values a question of the action offers, in the menu's order."""
    param = next(p for p in spec.params if p.name == name)
    return [c.value for c in (param.choices or ())]


def offered_after(game: Game, seat: str, action: str, params: dict[str, Any]) -> set[str]:
    """The actions the seat is offered after `action` (on a copy), or {} if refused."""
    trial = engine.load(game.variant, game.state())
    try:
        trial.act(seat, action, **params)
    except engine.RuleError:
        return set()
    prompt = trial.prompts().get(seat)
    return {a.name for a in prompt.actions} if prompt else set()


def is_legal(game: Game, seat: str, action: str, params: dict[str, Any]) -> bool:
    """Whether the engine accepts the action with these parameters now (on a copy)."""
    return first_legal(game, seat, action, [params]) is not None


def deadline_pick(game: Game, seat: str, action: str) -> dict[str, Any]:
    """The parameters the game's deadline would take for `seat`'s `action` now (its
    `timeout_actions()`): for casualties, what the power's saved loss order picks."""
    for who, what, params in game.timeout_actions():
        if who == seat and what == action:
            return params
    raise RuntimeError(f"the game's deadline would not take {action} for {seat} now")
