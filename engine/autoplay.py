"""Random legal play over `prompts()`: the one random player of the tests, benches and demo.

It plays as a player who clicks at random would: one of the seats the game awaits, one of the
actions its prompt offers, and for each parameter one of the prompt's own choices. A
parameter the prompt leaves open (free text, a number) gets a plausible value of the type its
handler takes, or is left out when it may be. A `Leaning` says how a caller wants its games
to go: actions kept rare (those that end a game), weights, values preferred, a game's own
touches (a target the source can reach). What the engine refuses is the engine's business:
`play` leaves such a call out, and the state is as it was (`Game.act`'s contract).

The randomness is the caller's `random.Random`, seeded by the caller: the games' own luck
stays their seeded `Rng`, so the same steps roll the same whoever chose them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.errors import RuleError
from engine.events import Event, Seat
from engine.game import Game
from engine.params import handler_params
from engine.spec import ActionSpec, Choice, Param

Call = tuple[Seat, str, dict[str, Any]]
# A caller's own touch to a call about to be made (it may change `params` in place).
Touch = Callable[[Game, Seat, ActionSpec, dict[str, Any], random.Random], None]
# The choices of a parameter a caller prefers, given all the prompt lists.
Prefer = Callable[[Param, list[Choice], random.Random], list[Choice]]
# A value for a parameter the prompt leaves open; None leaves it out.
OpenValue = Callable[[Game, ActionSpec, Param, random.Random], Any]


def plausible(game: Game, spec: ActionSpec, param: Param, rnd: random.Random) -> Any:
    """A value of the type the handler takes: a small number, yes or no, or a short word when
    the parameter is required (an optional text is left out)."""
    kinds = handler_params(game._handler(spec.name)).get(param.name)
    types = kinds.kinds if kinds is not None else ()
    if int in types:
        return rnd.randint(0, 4)
    if bool in types:
        return rnd.random() < 0.5
    if param.required:
        return rnd.choice(["x", "1", "yes"])
    return None


@dataclass(frozen=True)
class Leaning:
    """How a random player leans. The defaults: every action and value alike, an optional
    parameter left out half the time, open parameters filled by `plausible`."""

    # Actions taken only now and then, or when nothing else is offered (ending the game).
    rare: frozenset[str] = frozenset()
    rare_chance: float = 0.0
    # Weights of the actions a prompt offers (by name; the others weigh `weight`).
    weights: Mapping[str, float] = field(default_factory=dict)
    weight: float = 1.0
    # The chance that an optional parameter is left out.
    skip_optional: float = 0.5
    # False: only actions whose required parameters all have choices, and no open values.
    open_values: bool = True
    open_value: OpenValue = plausible
    prefer: Prefer | None = None
    touch: Touch | None = None


EVENLY = Leaning()


def pick(game: Game, rnd: random.Random, leaning: Leaning = EVENLY) -> Call | None:
    """A random prompted call (seat, action, parameters), or None when nobody is awaited
    (or, without open values, no action can be made from the choices alone)."""
    prompts = game.prompts()
    if not prompts:
        return None
    seat = rnd.choice(sorted(prompts))
    specs = list(prompts[seat].actions)
    if not leaning.open_values:
        specs = [s for s in specs if all(p.choices or not p.required for p in s.params)]
        if not specs:
            return None
    if leaning.rare and any(s.name in leaning.rare for s in specs):
        common = [s for s in specs if s.name not in leaning.rare]
        if common and (not leaning.rare_chance or rnd.random() >= leaning.rare_chance):
            specs = common
    if leaning.weights:
        spec = rnd.choices(specs, [leaning.weights.get(s.name, leaning.weight)
                                   for s in specs])[0]
    else:
        spec = rnd.choice(specs)
    params: dict[str, Any] = {}
    for param in spec.params:
        if not param.required and leaning.skip_optional and rnd.random() < leaning.skip_optional:
            continue
        if param.choices:
            choices = list(param.choices)
            if leaning.prefer is not None:
                choices = leaning.prefer(param, choices, rnd) or choices
            params[param.name] = rnd.choice(choices).value
        elif param.choices is None and leaning.open_values:
            value = leaning.open_value(game, spec, param, rnd)
            if value is not None:
                params[param.name] = value
    if leaning.touch is not None:
        leaning.touch(game, seat, spec, params, rnd)
    return seat, spec.name, params


def play(game: Game, rnd: random.Random, steps: int, leaning: Leaning = EVENLY) -> list[Event]:
    """Up to `steps` random prompted calls (a refused one counts and changes nothing); stops
    when the game awaits nobody. Returns the events of the accepted ones."""
    events: list[Event] = []
    for _ in range(steps):
        call = pick(game, rnd, leaning)
        if call is None:
            break
        seat, action, params = call
        try:
            events += game.act(seat, action, **params)
        except RuleError:
            continue
    return events


def first_legal(game: Game, seat: Seat, action: str,
                candidates: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The first parameters the engine accepts for `seat`'s `action`, tried on a copy of the
    game (the game itself is left as it is)."""
    for params in candidates:
        trial = type(game).from_state(game.state())
        try:
            trial.act(seat, action, **params)
        except RuleError:
            continue
        return params
    return None
