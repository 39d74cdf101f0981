"""Croupier's rules engine: pure, deterministic, no Discord and no I/O.

The facade, the same for every game (see docs/architecture.md):

- `VARIANTS`, `new_game(variant, seats, seed=..., options=...)`, `load(variant, state)`
- `game.act(seat, action, **params) -> list[Event]`, raising `RuleError`
- `game.prompts()`, `game.view(seat | None)`, `game.state()`
- `replay`, `verify`, `undo_last`, `commitment`
"""

from engine.deck import Deck
from engine.errors import Ambiguous, NotAllowed, RuleError, Unreadable
from engine.events import PUBLIC, Event, Seat, private, public
from engine.game import Game
from engine.registry import VARIANTS, game_class, load, new_game, register
from engine.replay import UNDO, Verification, replay, undo_last, verify, verify_steps
from engine.rng import Rng, commitment
from engine.spec import ActionSpec, Choice, Option, Param, Prompt, Step, Window

__all__ = [
    "PUBLIC", "UNDO", "VARIANTS", "ActionSpec", "Ambiguous", "Choice", "Deck", "Event", "Game",
    "NotAllowed", "Option", "Param", "Prompt", "RuleError", "Rng", "Seat", "Step", "Unreadable",
    "Verification", "commitment", "game_class", "load", "new_game", "private", "public",
    "register", "replay", "undo_last", "verify", "verify_steps", "Window",
]

# isort: off
# Last, because the games import the names above: this registers every variant.
from engine import games as _games  # noqa: E402, F401
# isort: on
