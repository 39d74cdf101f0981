"""Every game's images as players meet them (issue 14): every name renders, the text a player
needs is at least 9 px tall when Discord shows the image 550 px wide, at most 1600 px wide and
150 KB (issue 13).

Every game's board and market in the renders registry (`renders.PICTURES`) is drawn, from a
random game between NAMES (or the game's own seats) unless a richer position is given below;
the A&A close-ups and Plotted A&A's private preview have their own tests.

How it is measured: the renders draw all text through `renders.text.Pen`, which records each
text with its size in px (the font's em size) and whether a player needs it; here
`size * 550 / image width >= 9` for every needed text. A glyph is missing when no font of the
chain maps the character (`renders.text.missing`, from each font's own character map), and
each run of a drawn text is checked against the coverage of the font that draws it.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

import engine
import renders
from engine import autoplay
from renders import fonts, risk_map
from renders.text import CHAT_WIDTH, MIN_PX, Drawn, Pen, Style, missing, recording, runs
from tests.engine.killer_clue.helpers import (
    GREEN,
    MUSTARD,
    PEACOCK,
    SCARLET,
    WHITE,
    position,
)

NAMES = ["Zoë", "José", "李明", "🐙kraken"]


# Random legal play from the prompts' choices alone, every question answered.
CLICKS = autoplay.Leaning(skip_optional=0.0, open_values=False)


def played(variant: str, steps: int, seed: str) -> engine.Game:
    """A game between NAMES (or the game's own seats) after `steps` random legal actions
    (the prompts' choices)."""
    cls = engine.game_class(variant)
    seats = cls.example_seats() if cls.seat_names else NAMES[:cls.max_seats]
    game = engine.new_game(variant, seats, seed=seed)
    autoplay.play(game, random.Random(seed), steps, CLICKS)
    return game


def public(game: engine.Game) -> dict[str, Any]:
    return json.loads(json.dumps(game.view(None)))  # exactly what the bot has: JSON


def clue_view() -> dict[str, Any]:
    game = position(killer=PEACOCK, round="danger", options={"butler_maid": True},
                    seats=[SCARLET, MUSTARD, WHITE, GREEN, PEACOCK],
                    pawns={SCARLET: "Hall", GREEN: "Hall", PEACOCK: "H17"},
                    status={MUSTARD: "dead", WHITE: "missing"},
                    edit=lambda g: (g["effects"]["locked"].append("Study"),
                                    g["candles"].append("Hall"),
                                    g["weapons"].update({"Rope": None}),
                                    g["carrying"].update({PEACOCK: {"weapon": "Rope",
                                                                    "from": "Hall"}})))
    return public(game)


def risk_view() -> dict[str, Any]:
    owners = [*NAMES, "Mom & Pop", None]
    rnd = random.Random(5)
    territories = {}
    for name in risk_map.LAYOUT:
        owner = rnd.choice(owners)
        territories[name] = {"owner": owner, "armies": rnd.randint(1, 40) if owner else 0,
                             "markers": ["mompop"] if owner == "Mom & Pop" else []}
    return {"title": "Turn 9: 李明 attacks", "players": {n: i for i, n in enumerate(NAMES)},
            "territories": territories}


def owd_view() -> dict[str, Any]:
    from tests.renders.test_one_world_dominion_render import busy

    return public(busy())


# Positions richer than a short random game reaches, by variant; the others play STEPS.
VIEWS: dict[str, Callable[[], dict[str, Any]]] = {"killer-clue": clue_view,
                                                  "one-world-dominion": owd_view}
# Illuminati's random players soon leave the game (a legal action): at 25 steps all four are
# still in, each with the structure its picture shows.
STEPS = {"hf-political-events": 30, "illuminati": 25}


def view_of(variant: str) -> dict[str, Any]:
    if variant in VIEWS:
        return VIEWS[variant]()
    return public(played(variant, STEPS.get(variant, 60), "chat"))


Drawing = tuple[Callable[[], bytes], list[str]]


def every_board(pictures: renders.Pictures, view: dict[str, Any]) -> bytes:
    """Every board one announcement of the view posts (`boards`: Illuminati draws each
    player's structure on its own), all recorded; the largest is the one measured."""
    views = pictures.boards(view, []) if pictures.boards is not None else [view]
    return max((pictures.board(v) for v in views or [view]), key=len)


def images() -> dict[str, Drawing]:
    """Each registered picture by name: how to draw it, and the seats' names it shows (a
    game seated by its players' names names them on its board, or on its market if it has
    one)."""
    out: dict[str, Drawing] = {
        "RISK map": (lambda: risk_map.render(risk_view(), highlight=["Peru", "Brazil"]), NAMES)}
    for variant, pictures in sorted(renders.PICTURES.items()):
        cls = engine.game_class(variant)
        named = [] if cls.seat_names else NAMES[:cls.max_seats]
        out[f"{cls.title} board"] = (lambda p=pictures, v=variant: every_board(p, view_of(v)),
                                     [] if pictures.market is not None else named)
        if pictures.market is not None:
            out[f"{cls.title} market"] = (lambda m=pictures.market, v=variant: m(view_of(v)),
                                          named)
    return out


IMAGES = images()


@pytest.fixture(scope="module", params=sorted(IMAGES))
def drawn(request: pytest.FixtureRequest) -> tuple[str, bytes, list[Drawn]]:
    with recording() as texts:
        data = IMAGES[request.param][0]()
    return request.param, data, texts


def test_every_name_renders(drawn: tuple[str, bytes, list[Drawn]]) -> None:
    """Issue 14: "Seats named Zoë, José, 李明 or 🐙kraken show as boxes or vanish": every
    character of every text has a glyph in the font that draws it."""
    name, _data, texts = drawn
    assert texts, name
    for text in texts:
        assert text.missing == [], (name, text)
        for number, part in runs(text.text):
            for char in part:
                assert fonts.covers(number, char) or not char.strip(), (name, text.text, char)
    seen = "".join(t.text for t in texts)
    assert all(n in seen for n in IMAGES[name][1]), name  # the seats it names


def test_needed_text_is_readable_at_chat_size(drawn: tuple[str, bytes, list[Drawn]]) -> None:
    """Issue 14: "the text a player needs ... at least 9 px tall" when shown 550 px wide."""
    name, data, texts = drawn
    image = Image.open(io.BytesIO(data))
    needed = [t for t in texts if t.needed]
    assert needed
    smallest = min(needed, key=lambda t: t.size)
    assert smallest.size * CHAT_WIDTH / image.width >= MIN_PX, (name, smallest, image.width)


def test_one_palette_png_at_most_1600_wide_and_150_kb(
        drawn: tuple[str, bytes, list[Drawn]]) -> None:
    """Issue 13: "palette PNG ... at most 150 KB at the size it is posted"; issue 14: "At
    most 1600 px wide"."""
    name, data, _texts = drawn
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.mode == "P", name
    assert image.width <= 1600 and len(data) <= 150_000, (name, image.size, len(data))


def test_a_character_no_font_has_shows_its_code() -> None:
    """Issue 14: "where no font has a glyph, a readable fallback, never a box or nothing"."""
    image = Image.new("RGB", (400, 60), (255, 255, 255))
    with recording() as texts:
        Pen(image).text((10, 10), "Ann \U00013000", Style(20), (0, 0, 0))
    assert texts[0].missing == ["\U00013000"] == missing("Ann \U00013000")
    assert runs("Ann \U00013000") == ((0, "Ann [U+13000]"),)
    assert len(image.getcolors() or []) > 1  # something was drawn
