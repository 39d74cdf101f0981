"""Random legal play for Illuminati: a prompted action with values from its prompt, as a
player might choose them (attacks on uncontrolled Groups to control them more often than
not, money put down now and then, offers made and answered), and now and then a free
action from a seat nobody waits for (a Special played, a gift). Shared by the random-play
tests and the benchmarks."""

from __future__ import annotations

import random
from typing import Any

from engine.games.illuminati import Illuminati

WEIGHTS = {"attack": 6.0, "spend": 1.5, "pass": 4.0, "place": 5.0, "aid": 1.0,
           "call-off": 0.3, "play": 1.0, "abolish": 0.5, "replace": 1.0, "give-up": 1.0,
           "transfer": 1.0, "move": 0.7, "drop": 0.2, "offer": 0.5, "give": 0.3,
           "accept": 2.0, "decline": 1.0, "end-turn": 1.5, "pass-turn": 0.4,
           "choose-goal": 5.0, "accuse": 0.3, "show": 0.2}


def random_action(game: Illuminati, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
    """(seat, action, params) chosen from the prompts (or, rarely, a free action)."""
    prompts = game.prompts()
    if rnd.random() < 0.03:
        seat = rnd.choice(game.seats)
        hand = game.hands.get(seat, [])
        if hand and rnd.random() < 0.6:
            return seat, "play", {"card": rnd.choice(hand)}
        others = [s for s in game.seats if s != seat]
        return seat, "give", {"player": rnd.choice(others), "mb": rnd.randint(1, 3)}
    seat = rnd.choice(sorted(prompts))
    specs = list(prompts[seat].actions)
    weights = [WEIGHTS.get(s.name, 1.0) for s in specs]
    spec = rnd.choices(specs, weights)[0]
    params: dict[str, Any] = {}
    for param in spec.params:
        if not param.required and rnd.random() < 0.6:
            continue
        if param.choices:
            values = [c.value for c in param.choices]
            if spec.name == "attack" and param.name == "target" and rnd.random() < 0.7:
                loose = [v for v in values if v in game.uncontrolled]
                values = loose or values
            if spec.name == "attack" and param.name == "how" and rnd.random() < 0.7:
                values = ["control"]
            if spec.name == "attack" and param.name == "privilege" and rnd.random() < 0.7:
                values = ["none"]
            params[param.name] = rnd.choice(values)
        elif param.choices is None and param.kind == "int":
            params[param.name] = rnd.randint(1, 4)
    return seat, spec.name, params
