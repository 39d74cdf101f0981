"""The Killer Clue mansion image, drawn from the public view only."""

from __future__ import annotations

import io
import json
from typing import Any

from PIL import Image

from renders.killer_clue import render
from tests.engine.killer_clue.helpers import (
    GREEN,
    MUSTARD,
    PEACOCK,
    PLUM,
    SCARLET,
    WHITE,
    act,
    new,
    position,
)


def picture(view: dict[str, Any], **kw: Any) -> Image.Image:
    data = render(json.loads(json.dumps(view)), **kw)  # exactly what the bot has: JSON
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.width <= 1600
    return image


def test_start_of_the_game() -> None:
    game = new(seed="render")
    image = picture(game.view(None))
    assert 900 < image.width <= 1000 and image.height > image.width  # the table below the board


def test_busy_position() -> None:
    """Pawns in rooms and corridors, a carried weapon, candles, a locked room, the Butler,
    a disappeared, a murdered and an eliminated suspect."""
    game = position(killer=PEACOCK, round="danger", options={"butler_maid": True},
                    seats=[SCARLET, MUSTARD, WHITE, GREEN, PEACOCK],
                    pawns={SCARLET: "Hall", GREEN: "Hall", PEACOCK: "H17"},
                    status={MUSTARD: "dead", WHITE: "missing"},
                    edit=lambda g: (g["effects"]["locked"].append("Study"),
                                    g["effects"]["staff"].update({"Butler": "Hall"}),
                                    g["candles"].append("Hall"),
                                    g["weapons"].update({"Rope": None}),
                                    g["carrying"].update({PEACOCK: {"weapon": "Rope",
                                                                    "from": "Hall"}})))
    before = picture(game.view(None))
    plain = picture(new([SCARLET, MUSTARD, WHITE, GREEN, PEACOCK], seed="x").view(None))
    assert before.tobytes() != plain.tobytes()
    assert picture(game.view(None), coordinates=False).tobytes() != before.tobytes()


def test_game_over_shows_the_killer() -> None:
    game = position([SCARLET, GREEN, PLUM], killer=PLUM, current=SCARLET,
                    case_file=("Knife", "Study"))
    act(game, SCARLET, "accuse", suspect=PLUM, weapon="Knife", room="Study")
    assert game.finished
    picture(game.view(None))


def test_same_public_view_same_picture() -> None:
    """The picture is a pure function of the public view."""
    game = new(seed="pure")
    assert render(game.view(None)) == render(json.loads(json.dumps(game.view(None))))


def test_the_last_roll_is_shown_only_in_the_turn_it_was_rolled() -> None:
    """Issue 24, a loose end players noticed: "Killer Clue's board keeping the last roll
    into the next turn". The roll is the current suspect's, in the Investigation round; once
    the next suspect's turn begins it is no longer drawn."""
    from renders.text import recording

    view = new(seed="render").view(None)
    current = view["current"]
    other = next(seat for seat in view["table"] if seat != current)

    def said(roller: str) -> list[str]:
        rolled = {**view, "round": "investigation",
                  "last_roll": {"seat": roller, "dice": [3, 4], "why": "move"}}
        with recording() as texts:
            picture(rolled)
        return [t.text for t in texts if t.text.startswith("Last roll")]

    assert said(current) == [f"Last roll: {current} 3+4 = 7"]
    assert said(other) == []
