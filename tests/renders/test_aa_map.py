"""The Axis & Allies map image (issue 15, "Render renders/aa_map.py"): the world and each
theatre from a public view, readable at chat size, colour-blind safe, small and wide enough."""

from __future__ import annotations

import io
import math
from typing import Any

import pytest
from PIL import Image, ImageChops

from engine.aa.map import classic_map
from engine.aa.position import Position
from renders import aa_map, aa_world
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


# ----- issue 24: a map that looks like the world, names spelled right, drawn once ---------


def _lon_lat(point: tuple[float, float]) -> tuple[float, float]:
    """A point of the data back in longitude and latitude (Miller, left edge 87 W)."""
    projection = aa_world.world().projection
    x, y = point
    lon = projection["west"] + x / aa_world.WIDTH * 360
    top = 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * math.radians(projection["north"])))
    miller = top - y / (aa_world.WIDTH / (2 * math.pi))
    lat = math.degrees((math.atan(math.exp(miller / 1.25)) - math.pi / 4) / 0.4)
    return ((lon + 180) % 360 - 180, lat)


@pytest.mark.parametrize(("area", "lon", "lat"), [
    ("United Kingdom", (-6, 2), (50, 58.7)), ("Japan", (129, 146), (30, 46)),
    ("Australia", (114, 153), (-38, -12)), ("East US", (-89, -67), (25, 47)),
    ("West US", (-125, -89), (25, 49)), ("Madagascar", (43, 51), (-26, -12)),
    ("Hawaiian Islands", (-161, -154), (18, 23)), ("Midway", (-178, -176), (27, 29)),
    ("Karelia S.S.R.", (26, 60), (47, 72)), ("Caspian Sea Zone", (46, 55), (36, 48)),
    ("North Sea Zone", (-13, 32), (49, 75)), ("Carribean Sea Zone", (-90, -60), (8, 24.5)),
])
def test_each_area_lies_where_it_is_in_the_world(area: str, lon: tuple[float, float],
                                                 lat: tuple[float, float]) -> None:
    """Issue 24, "A map that looks like the world": the areas are drawn on real coastlines
    (Natural Earth, renders/data/aa_world.json), each label at its place in the world."""
    at_lon, at_lat = _lon_lat(aa_map.anchor(area))
    assert lon[0] <= at_lon <= lon[1] and lat[0] <= at_lat <= lat[1], (area, at_lon, at_lat)
    left, top, right, bottom = aa_world.outlines()[area].box
    assert right > left and bottom > top


def _touching() -> set[frozenset[str]]:
    """The pairs of areas whose pixels meet in a fine raster of the whole world (about
    0.06 degrees a pixel, a margin past both edges so the wrap counts)."""
    scale = 0.4
    margin = 1000.0
    frame = aa_world.Frame(-margin, 0.0, scale, round((aa_world.WIDTH + 2 * margin) * scale),
                           round(aa_world.height() * scale))
    image = aa_world.raster(frame)
    names = aa_world.areas()
    right = ImageChops.offset(image, -1, 0).crop((0, 0, image.width - 1, image.height))
    down = ImageChops.offset(image, 0, -1).crop((0, 0, image.width, image.height - 1))
    pairs: set[frozenset[str]] = set()
    for a_image, b_image in ((image.crop((0, 0, image.width - 1, image.height)), right),
                             (image.crop((0, 0, image.width, image.height - 1)), down)):
        met = Image.merge("LA", (a_image, b_image)).getcolors(maxcolors=1 << 16) or []
        pairs |= {frozenset((names[a], names[b])) for _, (a, b) in met
                  if a != b and a < len(names) and b < len(names)}
    return pairs


def test_the_outlines_show_every_border_of_the_board() -> None:
    """Issue 24: sea zones "dividing the oceans as the board does: every sea zone touches
    the land areas and zones the board says it touches, as far as a picture can show", and
    every land border of the board is a border on the map (the East US - West US border
    and the zones around the Gulf of Mexico meet across the picture's edge, as on the
    board; the canals and the straits are cut through the land)."""
    touching = _touching()
    missing = sorted(" - ".join(sorted(b)) for b in classic_map().borders if b not in touching)
    assert not missing, missing


def test_every_area_is_named_in_some_theatre() -> None:
    """Issue 24: "every area named and its units readable": each of the 128 areas has its
    label, at least 9 px tall at chat size, in at least one theatre picture."""
    named: set[str] = set()
    view = opening_view(moves=[])
    for theatre in aa_map.THEATRES:
        with recording() as drawn:
            aa_map.render(view, theatre=theatre)
        named |= {d.text for d in drawn if d.needed and d.size * CHAT_WIDTH / 1600 >= MIN_PX}
    board = classic_map()
    for area in board.areas:
        name = aa_map.screen_name(area)
        ipc = board.land[area].ipc if area in board.land else 0
        assert (f"{name} {ipc}" if ipc else name) in named, area


def test_area_names_are_spelled_right_on_screen_while_the_keys_stay() -> None:
    """Issue 24: area names "spelled right on screen ("Mediterranean", "Caribbean": the
    reference data misspells some) while the data keys stay"."""
    board = classic_map()
    assert "Carribean Sea Zone" in board.sea and "East Mediteranean Sea Zone" in board.sea
    texts: list[str] = []
    for theatre in ("Americas (Atlantic)", "Mediterranean", "South America"):
        with recording() as drawn:
            aa_map.render(opening_view(), theatre=theatre)
        texts += [d.text for d in drawn]
    assert "Caribbean Sea" in texts and "Colombia" in texts
    for wrong in ("Carribean", "Mediteranean", "Antartic", "Columbia"):
        assert not any(wrong in t for t in texts), wrong
    assert aa_map.spelled("move into Carribean Sea Zone and Central Mediteranean Sea Zone") \
        == "move into Caribbean Sea Zone and Central Mediterranean Sea Zone"


def test_a_view_drawn_again_is_not_drawn_again() -> None:
    """Issue 24: "theatre backgrounds reused while the position stands ... cache by the
    view's relevant parts": the same view gives the same bytes from the cache, with the
    texts it drew still recorded; a view that differs only in what the map does not draw
    is the same picture; a changed position is drawn anew."""
    view = opening_view()
    with recording() as first:
        png = aa_map.render(view, theatre="Pacific")
    hits = aa_map._cached.cache_info().hits
    with recording() as again:
        assert aa_map.render({**view, "stage": "plot", "digests": {"USSR": "x"}},
                             theatre="Pacific") == png
    assert aa_map._cached.cache_info().hits == hits + 1
    assert [d.text for d in again] == [d.text for d in first]
    moved = opening_view()
    moved["position"]["units"]["Japan"]["Japan"]["infantry"] += 1
    with recording() as drawn:
        assert aa_map.render(moved, theatre="Pacific") != png
    assert any(t.text.startswith("4 inf") for t in drawn)


def test_the_zones_cover_the_oceans_and_what_is_off_the_board_is_hatched() -> None:
    """Issue 24: sea zones "dividing the oceans as the board does": all water south of
    60 N belongs to a zone (only the Arctic, Baffin Bay and the seas by Iceland's north are
    off the board), and what is off the board carries a hatch besides its pale colour (a
    pale colour alone would not tell it from a neutral territory or a zone)."""
    f = aa_map.frame(None)
    top = aa_world.world().projection["north"]
    scale = aa_world.WIDTH / (2 * math.pi)

    def y_of(lat: float) -> float:
        def miller(v: float) -> float:
            return 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * math.radians(v)))
        return (miller(top) - miller(lat)) * scale * f.scale

    raster = aa_world.raster(f)
    off_water = raster.point([255 if v == aa_world.OFF_SEA else 0 for v in range(256)])
    assert off_water.crop((0, round(y_of(60)), f.width, f.height)).getbbox() is None
    index = aa_world.index(f)
    greenland = index.crop((round(f.width * 0.02), 0, round(f.width * 0.09), round(y_of(70))))
    assert aa_world.OFF_HATCH in {v for _, v in greenland.getcolors() or []}
