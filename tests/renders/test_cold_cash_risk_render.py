"""The Cold Cash Risk map and stock market table, drawn from the public view only."""

from __future__ import annotations

import io
import json
from typing import Any

from PIL import Image

from renders.cold_cash_risk import map_view, render, render_map, render_market
from tests.engine.cold_cash_risk.helpers import (
    ANN,
    AUSTRALIA,
    BO,
    CY,
    act,
    held_by,
    mompops,
    new,
    position,
)


def picture(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.width <= 1600
    return image


def public(view: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(view))  # exactly what the bot has: JSON


def busy() -> Any:
    """Two corporations with towers, Mom & Pops (one defending a takeover), a sale."""
    game = position(territories={**held_by("American", 2, *AUSTRALIA), "Siam": ("Tower", 4),
                                 "China": ("Tower", 1), **mompops("India", "Peru")},
                    corporations={"American": (ANN, "Indonesia"), "Tower": (BO, "Siam")},
                    shares={CY: {"Tower": (3, 1)}}, stage="action")
    game.board.teams["India"] = 3  # a Mom & Pop defending this turn
    return game


def test_the_opening_bell() -> None:
    game = new(seed="render")
    image = picture(render(public(game.view(None))))
    assert image.width == 1600 and image.height > 1000


def test_the_map_and_the_market_are_two_pictures() -> None:
    """Issue 14: the market is its own picture, so that both read at chat size; `render`
    (what the bot posts after every turn) is the map."""
    view = public(busy().view(None))
    alone = picture(render_map(view))
    assert picture(render(view)).tobytes() == alone.tobytes()
    table = picture(render_market(view))
    assert table.width < alone.width
    plain = picture(render_map(public(new(seed="x").view(None))))
    assert plain.tobytes() != alone.tobytes()


def test_the_map_view_uses_corporations_towers_and_mom_and_pops() -> None:
    """Towers and Mom & Pops are markers; a Mom & Pop shows teams only while defending."""
    drawn = map_view(public(busy().view(None)))
    assert drawn["players"] == {"Tower": "yellow", "American": "blue"}
    assert drawn["territories"]["Siam"] == {"owner": "Tower", "armies": 4,
                                            "markers": ["tower"]}
    assert drawn["territories"]["Peru"] == {"owner": "Mom & Pop", "armies": None,
                                            "markers": ["mompop"]}
    assert drawn["territories"]["India"]["armies"] == 3


def test_the_end_of_the_game() -> None:
    game = position(territories={**held_by("American", 1, *AUSTRALIA)},
                    corporations={"American": (BO, "Indonesia")}, hands={ANN: ["Siam"]},
                    shares={ANN: {"American": 3}})
    act(game, ANN, "place", territory="Siam")
    act(game, ANN, "absorb", corporation="American")
    act(game, ANN, "buy", corporation="American", count=3)
    view = public(game.view(None))
    view["finished"] = True
    view["winners"] = [ANN]
    view["results"] = {"cash": {ANN: 9000, BO: 6000, CY: 6000}}
    picture(render(view))
