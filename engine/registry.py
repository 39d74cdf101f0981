"""The variants the engine knows, by id."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import RuleError, Unreadable
from engine.game import Game
from engine.imported import load_imported

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


def load(variant: str, state: dict[str, Any], *, imported: bool = False) -> Game:
    """Rebuild a game from `state()` output, losslessly.

    `imported=True`: the state was made outside the bot (`/game import`), so it is checked
    whole first, the game's own `check_state` included, and refused in words naming the
    field (`engine/imported.py`)."""
    cls = game_class(variant)
    if state.get("variant") != variant:
        raise Unreadable(f"That state is a {state.get('variant')!r} game, not {variant!r}.")
    if imported:
        return load_imported(cls, state)
    return cls.from_state(state)


def check_options(variant: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options read and checked whole, as `/game new` takes them: a game is set up with
    them at every table size it seats (setup is pure and cheap), so that options no game
    could start with are refused now, in words, not at `/game start`. Refused: options
    that fail at every size (with the game's own words), and any that break the setup."""
    cls = game_class(variant)
    options = cls.read_options(given)
    refusals: list[RuleError] = []
    for count in range(cls.min_seats, cls.max_seats + 1):
        try:
            cls(_trial_seats(cls, count), seed="options", options=options)
        except RuleError as exc:
            refusals.append(exc)
        except Exception:  # noqa: BLE001 - named below, in words
            raise Unreadable(_broken(cls, options, count)) from None
    if refusals and len(refusals) == cls.max_seats - cls.min_seats + 1:
        raise refusals[0]
    return options


def _trial_seats(cls: type[Game], count: int) -> list[str]:
    return list(cls.seat_names[:count]) if cls.seat_names else \
        [f"Player {n}" for n in range(1, count + 1)]


def _broken(cls: type[Game], options: dict[str, Any], count: int) -> str:
    """Which option breaks the setup, in words: the first that does it alone."""
    defaults = cls.read_options({})
    for name, value in options.items():
        if value == defaults[name]:
            continue
        try:
            cls(_trial_seats(cls, count), seed="options", options={name: value})
        except RuleError:
            continue
        except RecursionError:
            return (f"The option {name} nests its values too deeply to be read: change it or "
                    "leave it out.")
        except Exception:  # noqa: BLE001
            return (f"{cls.title} can't be set up with the option {name} as given: change it "
                    "or leave it out.")
    return f"{cls.title} can't be set up with these options together: change one of them."
