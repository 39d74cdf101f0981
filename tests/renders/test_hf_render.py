"""The High Frontier political events board, drawn from the public view only."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
from PIL import Image

import engine
from engine import Game
from renders.hf import render

V = "hf-political-events"


def stacked(game: Game, *cards: str) -> Game:
    state = game.state()
    for card in cards:
        state["game"]["pile"].remove(card)
    state["game"]["pile"].extend(reversed(cards))
    return engine.load(V, state)


def picture(view: dict[str, Any], **kw: Any) -> Image.Image:
    data = render(json.loads(json.dumps(view)), **kw)  # exactly what the bot has: JSON
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.width <= 1600
    return image


def scenes() -> list[tuple[str, Game]]:
    out = []
    game = engine.new_game(V, ["Ann", "Bo", "Cy", "Dee"], seed="render")
    game.act("Ann", "ideology", player="Bo", ideology="Freedom")
    out.append(("before the first turn", engine.load(V, game.state())))
    game.act("Ann", "law", law="Freedom")
    game = stacked(game, "freedom", "space-debris", "pad-explosion", "stability",
                   "rightward-shift")
    game.act("Ann", "turn")
    out.append(("bonus walk", engine.load(V, game.state())))
    for seat in ["Ann", "Bo", "Cy", "Dee"]:
        game.act(seat, "done")
    game.act("Ann", "turn")
    game.act("Ann", "turn")
    out.append(("ignored by repetition", engine.load(V, game.state())))
    game.act("Ann", "turn")
    out.append(("stability", engine.load(V, game.state())))
    game.act("Ann", "anarchy", on=True)
    game.act("Ann", "war", on=True)
    game.act("Ann", "turn")
    out.append(("anarchy and war end", engine.load(V, game.state())))
    seats = ["Alexandra the Great of Macedon", "B", "C", "D", "E", "F", "G", "H"]
    game = engine.new_game(V, seats, seed="r2", options={"seniority": "declared"})
    rnd = random.Random(3)
    for _ in range(40):
        seat, prompt = next(iter(game.prompts().items()))
        spec = prompt.actions[rnd.randrange(len(prompt.actions))]
        params = {p.name: rnd.choice(p.choices).value for p in spec.params if p.choices}
        game.act(seat, spec.name, **params)
    out.append(("eight seats, declared Seniority", game))
    return out


@pytest.mark.parametrize("name, game", scenes())
def test_render_every_scene(name: str, game: Game) -> None:
    image = picture(game.view(None))
    assert image.width == 1280 and image.height >= 700


def test_render_is_a_pure_function_of_the_public_view() -> None:
    game = scenes()[1][1]
    view = game.view(None)
    assert render(view) == render(json.loads(json.dumps(view)))
    for seat in game.seats:  # a seat's view draws the same board: nothing extra is shown
        assert render(game.view(seat)) == render(view)


def test_render_after_the_draw_is_what_the_bot_posts() -> None:
    """render_on names the draw's event kind."""
    game = engine.new_game(V, ["Ann", "Bo"], seed="post")
    events = game.act("Ann", "turn")
    assert any(e.kind in game.render_on for e in events)
    picture(game.view(None))
