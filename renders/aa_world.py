"""The Axis & Allies board on real coastlines, for `renders.aa_map`: outlines, frames, rasters.

`renders/data/aa_world.json` holds each of the board's 128 areas as projected, simplified
polygons (Natural Earth 1:50m countries grouped as the 1984 board groups them, and sea zones
dividing the oceans as the board does) and a point for its label, derived offline by
`tools/aa_map/derive.py` (which says how to run it; its tables document every line drawn
through a country and every zone's extent). The world is `WIDTH` x `height()` units, Miller
projection, its left edge 87 degrees west; it wraps like the board (East US at the left
edge, West US at the right), so every picture draws the outlines again one world to the
left and right of the frame where they show.

    anchor(area)        # where the area's label goes, in world units
    world_frame()       # the whole world at the pictures' width
    frame_around(points, ...)  # a close-up around some points (a theatre)
    index(frame)        # the frame's areas as a palette image (cached per frame)

An index picture's pixel is the area's number in `AREAS` (land by name, then sea by name),
or one of the entries below for off-board water and land and the borders, so a render
colours the whole map by setting a palette, not by drawing it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from itertools import accumulate

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from engine.aa.map import Area, classic_map

DATA = "data/aa_world.json"
OFF_SEA, OFF_LAND = 128, 129
OFF_HATCH, SEA_EDGE, LAND_EDGE, PAPER = 251, 252, 253, 254
HATCH = 9  # px between the diagonal lines over what is off the board

Point = tuple[float, float]
Ring = list[Point]


@dataclass(frozen=True)
class Outline:
    """One area: its polygons (each an outer ring and its holes, in world units), where its
    label goes, and whether it is a sea zone."""

    polygons: tuple[tuple[Ring, ...], ...]
    anchor: Point
    sea: bool
    box: tuple[float, float, float, float]  # left, top, right, bottom of all its polygons


def _rings(flat_rings: Sequence[Sequence[int]]) -> tuple[Ring, ...]:
    """Delta-encoded rings ([x0, y0, dx1, dy1, ...]) as points."""
    return tuple(list(zip(accumulate(flat[0::2]), accumulate(flat[1::2]), strict=True))
                 for flat in flat_rings)


def _outline(polygons: Sequence[Sequence[Sequence[int]]], anchor: Sequence[int],
             sea: bool) -> Outline:
    polys = tuple(_rings(p) for p in polygons)
    xs = [x for p in polys for x, _ in p[0]] or [anchor[0]]
    ys = [y for p in polys for _, y in p[0]] or [anchor[1]]
    return Outline(polys, (float(anchor[0]), float(anchor[1])), sea,
                   (min(xs), min(ys), max(xs), max(ys)))


@dataclass(frozen=True)
class World:
    """The shipped data, read once (on the first picture, not at import)."""

    areas: dict[Area, Outline]
    off_board: dict[str, Outline]
    height: int
    projection: dict[str, float]


@cache
def world() -> World:
    with resources.files("renders").joinpath(DATA).open("rb") as handle:
        raw = json.load(handle)
    if raw["width"] != WIDTH:
        raise ValueError(f"{DATA} is {raw['width']} units wide, not {WIDTH}")
    return World({a: _outline(e["polygons"], e["anchor"], e["sea"])
                  for a, e in raw["areas"].items()},
                 {kind: _outline(polys, (0, 0), kind == "sea")
                  for kind, polys in raw["off_board"].items()},
                 int(raw["height"]), dict(raw["projection"]))


def outlines() -> dict[Area, Outline]:
    """Every area's outline, by the board's name (its data key)."""
    return world().areas


def off_board() -> dict[str, Outline]:
    """The land and water that are not on the board (the Arctic, Greenland, small islands)."""
    return world().off_board


WIDTH = 16000  # world units across (tools/aa_map/derive.py's UNITS)


def height() -> int:
    """World units from top (78 N) to bottom (58 S)."""
    return world().height


@cache
def areas() -> tuple[Area, ...]:
    """The areas in the order of the index pictures' values: land by name, then sea."""
    board = classic_map()
    return tuple(sorted(board.land)) + tuple(sorted(board.sea))


def anchor(area: Area) -> Point:
    """Where the area's label goes (world units)."""
    return outlines()[area].anchor


# ----- frames --------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """Which part of the world a picture shows (world units) and at what scale (px a unit).
    The world wraps: `at` takes the copy of a point nearest the frame's middle."""

    left: float
    top: float
    scale: float
    width: int
    height: int

    @property
    def middle(self) -> float:
        return self.left + self.width / self.scale / 2

    def near(self, point: Point, x: float | None = None) -> Point:
        """The copy of `point` (one world left or right) nearest `x` (the middle)."""
        target = self.middle if x is None else x
        shift = round((target - point[0]) / WIDTH) * WIDTH
        return (point[0] + shift, point[1])

    def at(self, point: Point) -> tuple[float, float]:
        """Where `point` (world units) is in the picture (px)."""
        x, y = self.near(point)
        return ((x - self.left) * self.scale, (y - self.top) * self.scale)

    def px(self, point: Point) -> tuple[float, float]:
        """`point` in px without choosing a copy (for points already chosen)."""
        return ((point[0] - self.left) * self.scale, (point[1] - self.top) * self.scale)

    def shows(self, point: Point) -> bool:
        x, y = self.at(point)
        return 0 <= x <= self.width and 0 <= y <= self.height


def world_frame(width: int) -> Frame:
    scale = width / WIDTH
    return Frame(0.0, 0.0, scale, width, round(height() * scale))


def frame_around(points: Sequence[Point], width: int, *, margin: float = 260.0,
                 min_aspect: float = 1.1, max_aspect: float = 1.5) -> Frame:
    """A close-up showing `points` (world units, copies chosen near the first) with a
    margin, no wider than `max_aspect` times its height nor narrower than `min_aspect`."""
    first = points[0][0]
    chosen = [(p[0] + round((first - p[0]) / WIDTH) * WIDTH, p[1]) for p in points]
    low_x, high_x = min(p[0] for p in chosen) - margin, max(p[0] for p in chosen) + margin
    low_y, high_y = min(p[1] for p in chosen) - margin, max(p[1] for p in chosen) + margin
    w, h = high_x - low_x, high_y - low_y
    if w < h * min_aspect:
        w = h * min_aspect
    elif w > h * max_aspect:
        h = w / max_aspect
    h = min(h, float(height()))
    middle_x, middle_y = (low_x + high_x) / 2, (low_y + high_y) / 2
    top = min(max(0.0, middle_y - h / 2), height() - h)
    scale = width / w
    return Frame(middle_x - w / 2, top, scale, width, round(h * scale))


# ----- rasters -------------------------------------------------------------------------


def _draw(image: Image.Image, draw: ImageDraw.ImageDraw, frame: Frame, outline: Outline,
          value: int) -> None:
    """Fill the outline's polygons (holes left as they were) in every copy that shows."""
    left, top, right, bottom = outline.box
    for k in (-1, 0, 1):
        dx = k * WIDTH
        x0, x1 = (left + dx - frame.left) * frame.scale, (right + dx - frame.left) * frame.scale
        y0, y1 = (top - frame.top) * frame.scale, (bottom - frame.top) * frame.scale
        if x1 < 0 or x0 > frame.width or y1 < 0 or y0 > frame.height:
            continue
        for polygon in outline.polygons:
            rings = [[((x + dx - frame.left) * frame.scale, (y - frame.top) * frame.scale)
                      for x, y in ring] for ring in polygon]
            if len(rings) == 1:
                draw.polygon(rings[0], fill=value)
                continue
            xs = [x for x, _ in rings[0]]
            ys = [y for _, y in rings[0]]
            bx, by = int(min(xs)) - 1, int(min(ys)) - 1
            mask = Image.new("L", (int(max(xs)) - bx + 3, int(max(ys)) - by + 3), 0)
            pen = ImageDraw.Draw(mask)
            pen.polygon([(x - bx, y - by) for x, y in rings[0]], fill=255)
            for hole in rings[1:]:
                pen.polygon([(x - bx, y - by) for x, y in hole], fill=0)
            image.paste(value, (bx, by), mask)


def _differs(image: Image.Image) -> Image.Image:
    """A mask of the pixels whose right or lower neighbour has another value."""
    right = ImageChops.offset(image, -1, 0)
    down = ImageChops.offset(image, 0, -1)
    edge = ImageChops.lighter(ImageChops.difference(image, right),
                              ImageChops.difference(image, down))
    return edge.point(lambda v: 255 if v else 0)


@lru_cache(maxsize=20)
def index(frame: Frame) -> Image.Image:
    """The frame's index picture (mode L, cached): each pixel its area's number, off-board
    water and land, and the borders (land borders and coasts darker and, zoomed in,
    wider than the lines between sea zones)."""
    image = raster(frame)
    shapes = outlines()
    sea = {n for n, a in enumerate(areas()) if shapes[a].sea} | {OFF_SEA}
    land_only = image.point([0 if v in sea else min(255, v + 1) for v in range(256)])
    coast = _differs(land_only)
    every = _differs(image)
    off = image.point([255 if v in (OFF_SEA, OFF_LAND) else 0 for v in range(256)])
    image.paste(OFF_HATCH, (0, 0), ImageChops.multiply(off, _hatch(frame.width, frame.height)))
    if frame.scale > 0.2:  # a close-up: land borders and coasts 3 px wide
        coast = coast.filter(ImageFilter.MaxFilter(3))
    image.paste(SEA_EDGE, (0, 0), every)
    image.paste(LAND_EDGE, (0, 0), coast)
    return image


def _hatch(width: int, height: int) -> Image.Image:
    """Thin diagonal lines, 255 on 0: the mark of what is off the board (beside its pale
    colour, which alone would not tell it from a neutral territory or a sea zone)."""
    hatch = Image.new("L", (width, height), 0)
    draw = ImageDraw.Draw(hatch)
    for start in range(-height, width, HATCH):
        draw.line([(start, height), (start + height, 0)], fill=255, width=1)
    return hatch


def raster(frame: Frame) -> Image.Image:
    """The frame's areas without borders (mode L): each pixel its area's number (the sea
    zones' water where no land is), or off-board water or land."""
    image = Image.new("L", (frame.width, frame.height), OFF_SEA)
    draw = ImageDraw.Draw(image)
    numbers = {a: n for n, a in enumerate(areas())}
    shapes = outlines()
    for area in areas():
        if shapes[area].sea:
            _draw(image, draw, frame, shapes[area], numbers[area])
    _draw(image, draw, frame, off_board()["land"], OFF_LAND)
    for area in areas():
        if not shapes[area].sea:
            _draw(image, draw, frame, shapes[area], numbers[area])
    return image
