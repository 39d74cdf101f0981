"""Every choice clickable (issue 26: "Commands `/dict`, every choice clickable"; issue 14's
click walk, at the engine's level until the cog exists): in random games, every action a
prompt offers can be completed from its menus alone: each required question has choices, and
some combination of the offered values is accepted. A card whose target is not typed asks for
it (`choose`), so nothing needs free text."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import engine
from engine import RuleError
from engine.games.dictators import Dictators
from tests.engine.dictators.play import random_action


def completions(spec: Any, rnd: random.Random, tries: int = 12) -> list[dict[str, Any]]:
    """Up to `tries` ways to answer `spec` from its menus (optional questions too, or not)."""
    menus = [p for p in spec.params if p.choices]
    out = []
    for _ in range(tries):
        params: dict[str, Any] = {}
        for param in menus:
            if param.required or rnd.random() < 0.7:
                params[param.name] = rnd.choice(param.choices).value
        out.append(params)
    return out


def test_every_prompted_action_completes_by_clicks_alone() -> None:
    checked: set[str] = set()
    for index in range(12):
        rnd = random.Random(f"clicks-{index}")
        game = engine.new_game("dictators", ["Ann", "Bo", "Cy", "Di"][:2 + index % 3],
                               seed=f"clicks-{index}")
        assert isinstance(game, Dictators)
        for _ in range(120):
            if game.finished:
                break
            saved = json.loads(json.dumps(game.state()))
            for seat, prompt in game.prompts().items():
                for spec in prompt.actions:
                    assert all(p.choices for p in spec.params if p.required), (spec.name,)
                    accepted = False
                    for params in itertools.islice(completions(spec, rnd), 12):
                        trial = engine.load("dictators", json.loads(json.dumps(saved)))
                        try:
                            trial.act(seat, spec.name, **params)
                        except RuleError:
                            continue
                        accepted = True
                        break
                    assert accepted, (index, seat, spec.name, [p.name for p in spec.params])
                    checked.add(spec.name)
            seat, action, params = random_action(game, rnd)
            try:
                game.act(seat, action, **params)
            except RuleError:
                pass
    assert {"walk", "fly", "draw", "play", "choose", "back", "pass", "end-turn", "discard",
            "disarm", "keep"} <= checked, checked
