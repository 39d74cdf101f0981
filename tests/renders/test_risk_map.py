"""The RISK map render (renders/risk_map.py): DESIGN.md "Renders": "At most 1600 px
wide, readable in Discord's preview; labels as well as colours (colour-blind safe)"."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from renders.palette import delta_e
from renders.risk_map import HEADER, LAYOUT, PALETTE, render


def view(**owners: Any) -> dict[str, Any]:
    territories = {"Alaska": {"owner": "Ann", "armies": 5, "markers": ["tower"]},
                   "Kamchatka": {"owner": "Bo", "armies": 12, "markers": []},
                   "Egypt": {"owner": "Mom & Pop", "armies": 2, "markers": ["mompop"]},
                   "Siam": {"owner": None, "armies": 0, "markers": ["blocked"]}}
    for name, owner in owners.items():
        territories[name.replace("_", " ")] = {"owner": owner, "armies": 3, "markers": []}
    return {"title": "Test map", "players": {"Ann": "red", "Bo": 1},
            "territories": territories}


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png))


def test_png_at_most_1600_wide() -> None:
    png = render(view())
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = image(png)
    assert img.format == "PNG" and img.width <= 1600 and img.height <= 1600


def test_same_view_same_bytes() -> None:
    """A pure function of the view: the same view gives byte-identical PNGs."""
    assert render(view()) == render(view())
    assert render(view(), highlight=["Alaska"]) == render(view(), highlight=["Alaska"])


def test_owner_tag_is_drawn_not_only_the_colour() -> None:
    """Colour-blind safe: two owners with the same colour still look different,
    because each territory carries its owner's tag."""
    same_colour = view(Peru="Ann")
    same_colour["players"] = {"Ann": "red", "Bo": "red"}
    other = view(Peru="Bo")
    other["players"] = {"Ann": "red", "Bo": "red"}
    a, b = image(render(same_colour)), image(render(other))
    x, y = LAYOUT["Peru"]
    box = (x - 40, y + HEADER - 20, x + 40, y + HEADER + 20)
    assert a.crop(box).tobytes() != b.crop(box).tobytes()


def test_owner_colour_and_army_count_show() -> None:
    """The owner's colour is on the territory's chip; a different army count changes
    the picture."""
    img = image(render(view(Peru="Ann")))
    x, y = LAYOUT["Peru"]
    region = img.crop((x - 40, y + HEADER - 12, x + 40, y + HEADER + 12)).convert("RGB")
    # The palette encode may move a flat colour by less than a just-noticeable difference.
    assert min(delta_e(c, PALETTE["red"]) for _, c in region.getcolors(10_000) or []) < 1
    more = view(Peru="Ann")
    more["territories"]["Peru"]["armies"] = 99
    assert render(more) != render(view(Peru="Ann"))


def test_empty_and_odd_views_render() -> None:
    """A new Cold Cash Risk game has an empty map; names outside ASCII, unknown
    markers and owners who are not players still render."""
    assert image(render({})).width == 1600
    odd = {"title": "Ünïcode — test", "players": {"Zoë": "#123456", "Zed": "nonsense"},
           "territories": {"Peru": {"owner": "Zoë", "armies": 1234, "markers": ["?", "rebel"]},
                           "Japan": {"owner": "Neutral", "armies": 2,
                                     "markers": ["neutral", "mutant"]}}}
    assert render(odd)[:4] == b"\x89PNG"
    assert image(render(odd, legend=False)).height < image(render(odd)).height
