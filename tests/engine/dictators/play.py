"""Seeded random legal play for Revenge of the Dictators (tests and bench).

`random_action(game, rnd)` picks a prompted action of an awaited seat, its values from the
prompt's menus. Half of the time a dictator on its turn heads somewhere useful instead (one of
its own bases not yet disarmed, or Washington D.C. once it has some), walking or flying along
a shortest path, and tries to disarm where it can, so that random games reach the President
and the late game. Ending a turn and a standing pass are taken only now and then while something else is
offered.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from engine.games.dictators import Dictators

Call = tuple[str, str, dict[str, Any]]


def goal(game: Dictators, seat: str) -> set[str]:
    """Where `seat` wants to go: its bases still to disarm, else Washington D.C."""
    bases = {c["base"] for c in game.nz[seat] if not c["disarmed"] and c["zone"] in (1, 2, 3)}
    if game.bases_counted(seat) >= 2 or not bases:
        return {game.board.place("capital")}
    return bases


def next_step(game: Dictators, seat: str) -> str | None:
    """The first location of a shortest path (roads and flights) to one of `goal`."""
    board = game.board
    start = game.location[seat]
    targets = goal(game, seat)
    if start in targets:
        return None
    seen = {start: start}
    todo = deque([start])
    trident = game.trident_spot()
    while todo:
        here = todo.popleft()
        for there in board.walk_targets(here, game.blocked()) + \
                board.flight_targets(here, trident=trident):
            if there in seen:
                continue
            seen[there] = here
            if there in targets:
                step = there
                while seen[step] != start:
                    step = seen[step]
                return step
            todo.append(there)
    return None


def random_action(game: Dictators, rnd: random.Random, guide: float = 0.5) -> Call:
    """A prompted action of an awaited seat; with chance `guide` a step towards its goal."""
    prompts = game.prompts()
    seat = rnd.choice(sorted(prompts))
    prompt = prompts[seat]
    names = [a.name for a in prompt.actions]
    if "disarm" in names and rnd.random() < 0.9 * guide / 0.5:
        return seat, "disarm", {}
    if rnd.random() < guide and not game.stack:
        step = next_step(game, seat)
        for action in ("walk", "fly"):
            spec = prompt.action(action)
            if spec is not None and step is not None and \
                    step in {c.value for c in spec.params[0].choices or ()}:
                return seat, action, {"to": step}
    # Ending a turn, and a standing pass (which would leave every later window unasked),
    # only now and then.
    specs = [a for a in prompt.actions if a.name not in ("end-turn", "pass-all")]
    if not specs or rnd.random() < 0.12:
        specs = [a for a in prompt.actions if a.name != "pass-all" or rnd.random() < 0.1]
    spec = rnd.choice(specs)
    params: dict[str, Any] = {}
    for param in spec.params:
        if param.choices and (param.required or rnd.random() < 0.6):
            params[param.name] = rnd.choice(param.choices).value
    return seat, spec.name, params
