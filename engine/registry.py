"""The variants the engine knows, by id."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import Unreadable
from engine.game import Game

VARIANTS: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a game available under its `variant` id."""
    VARIANTS[cls.variant] = cls
    return cls


def game_class(variant: str) -> type[Game]:
    try:
        return VARIANTS[variant]
    except KeyError:
        known = ", ".join(sorted(VARIANTS)) or "none"
        raise Unreadable(f"There is no game {variant!r}. Games: {known}.") from None


def new_game(variant: str, seats: list[str], *, seed: str,
             options: Mapping[str, Any] | None = None, history: bool = False) -> Game:
    """Start a game of `variant` for `seats` (in turn order), with all luck from `seed`.

    `history=True` keeps every step in `game.history` (tests and demos that verify or
    undo in memory); the bot keeps the log in its database instead.

    >>> import engine
    >>> g = engine.new_game("hf-political-events", ["Ann", "Bo", "Cy"], seed="s")
    >>> sorted(g.prompts()) != []
    True
    """
    game = game_class(variant)(list(seats), seed=seed, options=options)
    if history:
        game.history = []
    return game


def load(variant: str, state: dict[str, Any]) -> Game:
    """Rebuild a game from `state()` output, losslessly."""
    cls = game_class(variant)
    if state.get("variant") != variant:
        raise Unreadable(f"That state is a {state.get('variant')!r} game, not {variant!r}.")
    return cls.from_state(state)
