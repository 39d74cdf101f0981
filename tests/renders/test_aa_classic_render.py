"""What the bot posts for aa-classic: the world, and the theatre of the round's moves beside
it (issue 15: "a zoomed image of the theatre where the action is")."""

from __future__ import annotations

import io

from PIL import Image

import engine
from engine.aa.units import POWERS
from renders import aa_classic


def test_the_close_up_is_the_theatre_of_the_rounds_moves_and_none_without_moves() -> None:
    game = engine.new_game("aa-classic", list(POWERS), seed="zoom")
    assert aa_classic.render_zoom(game.view(None)) is None
    world = Image.open(io.BytesIO(aa_classic.render(game.view(None))))
    assert world.width == 1600
    for action in ("end-phase", "end-phase"):
        game.act("USSR", action)
    game.act("USSR", "attack", units="3 inf, arm", from_area="Karelia", to="E Eur")
    zoom = aa_classic.render_zoom(game.view(None))
    assert zoom is not None and len(zoom) <= 150_000
    picture = Image.open(io.BytesIO(zoom))
    assert picture.width == 1600 and picture.height != world.height
