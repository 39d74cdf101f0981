"""The Axis & Allies map image (issue 15, "Render renders/aa_map.py"): the world and each
theatre from a public view, readable at chat size, colour-blind safe, small and wide enough."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engine.aa.map import classic_map
from engine.aa.position import Position
from renders import aa_map
from renders.palette import MIN_DISTANCE, closest_pair
from renders.text import CHAT_WIDTH, MIN_PX, recording

MOVES = [{"power": "Germany", "from": "Ukraine S.S.R.", "to": "Karelia S.S.R.",
          "units": {"armour": 2}},
         {"power": "Germany", "from": "Libya", "to": "Anglo Sudan Egypt", "units": {"armour": 1}},
         {"power": "Japan", "from": "Japan Sea Zone", "to": "Alaska Sea Zone",
          "units": {"carrier": 1}}]


def opening_view(**extra: Any) -> dict[str, Any]:
    position = Position.opening(classic_map()).to_json()
    return {"position": position, "round": 1, "current": "Germany", "phase": "combat move",
            "moves": MOVES, **extra}


@pytest.mark.parametrize("theatre", [None, *aa_map.THEATRES])
def test_every_picture_is_readable_at_chat_size_and_small_enough(theatre: str | None) -> None:
    """DESIGN, Renders: at most 1600 px wide and 150 KB; the text a player needs at least
    9 px tall when shown 550 px wide (measured: every text drawn, with its em size in px,
    is recorded by renders.text; the needed ones must have size * 550 / width >= 9)."""
    with recording() as drawn:
        png = aa_map.render(opening_view(), theatre=theatre)
    image = Image.open(io.BytesIO(png))
    assert image.width <= 1600 and len(png) <= 150_000
    needed = [d for d in drawn if d.needed]
    assert needed, "the picture must say something a player needs"
    smallest = min(d.size for d in needed)
    assert smallest * CHAT_WIDTH / image.width >= MIN_PX, smallest
    assert not any(d.missing for d in drawn)
    if theatre is not None:  # the zoomed theatre names every area and lists every stack
        texts = " ".join(d.text for d in needed)
        assert "Germany 10" in texts or theatre != "Western Europe"
        assert "4 inf 2 arm" in texts or theatre != "Western Europe"


def test_the_powers_colours_stay_apart_for_colour_blind_players() -> None:
    """Okabe-Ito shades, one per power, plus neutral land and sea: CIEDE2000 at least
    MIN_DISTANCE apart under normal vision, deuteranopia, protanopia and tritanopia."""
    colours = [*aa_map.POWER_COLOURS.values(), aa_map.NEUTRAL, aa_map.SEA]
    assert closest_pair(colours)[0] >= MIN_DISTANCE


def test_the_owner_colours_the_area() -> None:
    """A captured territory takes its captor's colour."""
    view = opening_view(moves=[])
    view["position"]["owner"]["Karelia S.S.R."] = "Germany"
    image = Image.open(io.BytesIO(aa_map.render(view))).convert("RGB")
    f = aa_map.frame(None)
    x, y = f.at(aa_map.anchor("Karelia S.S.R."))
    near = [image.getpixel((round(x) + dx, round(y) - 30)) for dx in (-20, 0, 20)]
    grey = aa_map.POWER_COLOURS["Germany"]
    assert any(sum(abs(a - b) for a, b in zip(p, grey, strict=True)) < 30 for p in near), near


def test_the_theatres_where_the_moves_are() -> None:
    """The round's moves pick the zoomed pictures: the busiest theatre first."""
    assert aa_map.theatres_for({"moves": MOVES[:1]})[0] == "Eastern Front"
    assert "Mediterranean" in aa_map.theatres_for({"moves": MOVES[1:2]})
    assert aa_map.theatres_for({"moves": []}) == []
    for theatre, members in aa_map.THEATRES.items():
        f = aa_map.frame(theatre)
        assert all(f.shows(aa_map.anchor(a)) for a in members), theatre
