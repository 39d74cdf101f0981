"""What every state made outside the bot must pass before it becomes a game (`/game import`).

`engine.load(variant, state, imported=True)` comes here. In order:

1. the envelope: seats (the game's own `_check_seats`), `finished`, `winners`, options,
   `steps`, and an object `game`, each refused by name;
2. the game's own `check_state` (`engine/games/<id>/statecheck.py`): counts, areas,
   stages, digests, treasuries, as the rules require;
3. the game reads it (`from_state`); whatever still fails there is refused in words;
4. the position can be played on: unless the game is over someone is asked to act, and
   only seats of the game are; every view, description and the state itself can be made;
   the deadline's default moves and each offered choice, tried on copies, fail only as a
   player's move may fail (a `RuleError`). A state that passes all this is a position a
   group can go on from; nothing of the original is changed by the trials.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from typing import Any

from engine.errors import RuleError, Unreadable
from engine.game import Game
from engine.statecheck import Field

# A seat's name, as /game join takes it.
LONGEST_SEAT = 40


def load_imported(cls: type[Game], state: Mapping[str, Any]) -> Game:
    """The game `state` describes, or an `Unreadable` naming what breaks the rules."""
    check_envelope(cls, state)
    game = _restored(cls, state)
    check_playable(game)
    return game


def check_envelope(cls: type[Game], state: Mapping[str, Any]) -> None:
    """The fields every game's state has, outside its own `game` object."""
    root = Field(dict(state))
    seats = [item.text(LONGEST_SEAT) for item in root["seats"].items(longest=cls.max_seats)]
    for item, seat in zip(root["seats"].items(), seats, strict=True):
        if not seat.strip() or seat != seat.strip():
            item.refuse("must be a seat's name, without spaces around it.")
    cls._check_seats(seats)
    root["finished"].flag()
    root["winners"].names(seats, "a seat of this game", unique=True)
    options = root.get("options", {})
    options.obj()
    cls.read_options(options.value)
    if root.has("steps"):
        root["steps"].count(what="the number of steps taken")
    root["game"].obj()


def _restored(cls: type[Game], state: Mapping[str, Any]) -> Game:
    """The game's own `check_state`, then `from_state`, with whatever they could not read
    said in words."""
    try:
        cls.check_state(state)
        return cls.from_state(state)
    except RuleError:
        raise
    except KeyError as exc:
        raise Unreadable(f"The state file's “game” could not be read: “{exc.args[0]}” is "
                         f"missing or unknown to {cls.title} (see the state schema in the "
                         f"{cls.title} reference).") from None
    except RecursionError:
        raise Unreadable("The state file nests its values too deeply to be read.") from None
    except Exception:  # noqa: BLE001 - any other failure is a file that doesn't fit
        raise Unreadable(f"The state file's “game” does not fit {cls.title}'s state (see the "
                         f"state schema in the {cls.title} reference).") from None


def check_playable(game: Game) -> None:
    """The position can be played on: someone is asked to act, and acting fails only as a
    player's move may fail. Every trial runs on a copy."""
    cls = type(game)
    try:
        prompts = game.prompts()
    except RuleError:
        raise
    except Exception:  # noqa: BLE001
        _stuck(cls, "nobody can be asked to act in it")
    strangers = sorted(set(prompts) - set(game.seats))
    if strangers:
        raise Unreadable(f"In this position the game asks {strangers[0]}, who has no seat: "
                         "check whose turn it is and what is pending.")
    if not game.finished and not prompts:
        raise Unreadable("In this position nobody is asked to do anything, so the game could "
                         "never go on: check its stage (or phase), whose turn it is and what "
                         "is pending.")
    _trial(cls, "showing it", lambda: _show(game), moves=False)
    saved = game.state()
    _trial(cls, "saving it", lambda: json.dumps(saved, allow_nan=False), moves=False)
    _trial(cls, "reading it back", lambda: cls.from_state(saved), moves=False)
    _trial(cls, "its deadline's default moves", lambda: _timeout(cls, saved))
    for seat, prompt in prompts.items():
        for spec in prompt.actions:
            params: dict[str, Any] = {}
            for param in spec.params:
                if param.choices:
                    params[param.name] = param.choices[0].value
                elif param.required:
                    break
            else:
                _trial(cls, f"{seat}'s choice “{spec.shown}”",
                       functools.partial(_move, cls, saved, seat, spec.name, params))


def _show(game: Game) -> None:
    game.view(None)
    for seat in game.seats:
        game.view(seat)
        game.describe(seat)


def _move(cls: type[Game], saved: dict[str, Any], seat: str, action: str,
          params: dict[str, Any]) -> None:
    cls.from_state(saved).act(seat, action, **params)


def _timeout(cls: type[Game], saved: dict[str, Any]) -> None:
    copy = cls.from_state(saved)
    for seat, action, params in copy.timeout_actions():
        copy.act(seat, action, **params)


def _trial(cls: type[Game], what: str, run: Callable[[], Any], *, moves: bool = True) -> None:
    """Run `run`; `moves`: it makes moves, which the rules may refuse (a `RuleError`) in a
    sound position too."""
    try:
        run()
    except RuleError:
        if not moves:
            _stuck(cls, f"{what} fails")
    except Exception:  # noqa: BLE001 - the position is not one the game can go on from
        _stuck(cls, f"{what} fails")


def _stuck(cls: type[Game], what: str) -> None:
    raise Unreadable(f"{cls.title} can't go on from the position in this file ({what}): some "
                     "of its fields contradict each other. Check them against the state "
                     f"schema in the {cls.title} reference.")
