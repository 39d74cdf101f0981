"""The Axis & Allies world map, drawn from a game's public view.

    render(view)                       # the whole world: who holds what, the round's moves
    render(view, theatre="Europe")     # one theatre, zoomed: names, IPCs and unit stacks
    theatres_for(view)                 # the theatres where the round's moves are

The map is the world a player knows: the 1984 board's territories on real coastlines and
its sea zones dividing the oceans (`renders.aa_world`, derived from Natural Earth by
`tools/aa_map/derive.py`), wrapping as the board does (East US at the left edge, West US at
the right). Discord shows an image about 550 px wide: the whole world cannot carry 128
legible names and unit counts at that size, so the world picture says who holds what
(colour and a letter per power), where the round's moves went (arrows) and the powers'
treasuries, and a theatre picture zoomed on where the action is names every area in it
and lists its units, every label at least 9 px tall at chat size. Both are 1600 px wide.
Every area appears in at least one theatre.

A render costs little more than its encode: the areas are an index picture cached per frame
(`aa_world.index`), coloured by owner through its palette; the coloured map is cached per
frame and owners, and whole pictures are cached by the parts of the view they draw, so a
view drawn again (the same board to another channel, a preview whose plot did not change)
is not drawn again.

The view it reads (the A&A games' public view; everything optional but `owner`/`units`):
`{"position": {"owner": {area: power}, "units": {area: {power: {kind: n}}},
"treasury": {power: n}}, "income": {power: n}, "moves": [{"power", "from", "to",
"units": {kind: n}}], "round": n, "current": power, "phase": text}`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from engine.aa.map import AAMap, Area, classic_map
from engine.aa.spelling import spelled
from engine.aa.units import POWERS, Power
from renders import aa_world, encode
from renders.aa_world import Frame, Point
from renders.palette import RGB, ink_on
from renders.text import Drawn, Pen, Style, length, min_size, recording, replay

WIDTH = 1600
# Okabe-Ito shades (renders.palette), one per power, with its letter on every mark.
POWER_COLOURS: dict[Power, RGB] = {
    "USSR": (213, 94, 0),            # vermillion
    "Germany": (95, 95, 95),         # dark grey
    "United Kingdom": (0, 114, 178),  # blue
    "Japan": (240, 228, 66),         # yellow
    "USA": (0, 158, 115),            # bluish green
}
POWER_LETTERS: dict[Power, str] = {"USSR": "R", "Germany": "G", "United Kingdom": "B",
                                   "Japan": "J", "USA": "A"}
NEUTRAL: RGB = (225, 222, 214)
SEA: RGB = (214, 232, 246)
OFF_BOARD_SEA: RGB = (236, 242, 247)   # water that is not on the board (the Arctic)
OFF_BOARD_LAND: RGB = (238, 236, 231)  # land that is not on the board (Greenland, ...)
OFF_BOARD_HATCH: RGB = (196, 200, 206)  # the diagonal lines over both: "not on the board"
LAND_EDGE: RGB = (60, 60, 60)
SEA_EDGE: RGB = (150, 180, 208)
INK: RGB = (25, 25, 30)
SEA_INK: RGB = (20, 60, 110)  # sea zones' names, on the water
CASING: RGB = (250, 250, 250)  # round the arrows, so that they show on their own colour
PAPER: RGB = (255, 255, 255)

# Short unit names as players write them ("3 inf 2 arm").
UNIT_SHORT: dict[str, str] = {"infantry": "inf", "armour": "arm", "fighter": "ftr",
                              "bomber": "bmr", "battleship": "bb", "carrier": "cv",
                              "transport": "trn", "submarine": "sub", "aa_gun": "AA",
                              "factory": "IC"}
UNIT_ORDER = tuple(UNIT_SHORT)

# Theatres: the areas each must show; the picture is their box with a margin. Together
# they show every area of the board (tests/renders/test_aa_map.py).
THEATRES: dict[str, tuple[Area, ...]] = {
    "Western Europe": ("United Kingdom", "Eire", "Finland Norway", "West Europe", "Germany",
                       "South Europe", "Spain", "North Sea Zone", "Baltic Sea Zone",
                       "West Spain Sea Zone"),
    "Eastern Front": ("Karelia S.S.R.", "Russia", "East Europe", "Ukraine S.S.R.",
                      "Caucasus", "Finland Norway", "Turkey", "Karelia Sea Zone"),
    "Mediterranean": ("Gibraltar", "Algeria", "Libya", "Anglo Sudan Egypt", "Syria Jordan",
                      "South Europe", "Turkey", "West Mediteranean Sea Zone"),
    "Middle East": ("Turkey", "Caucasus", "Persia", "Afghanistan", "Kazakh S.S.R.",
                    "Saudi Arabia", "Syria Jordan", "India", "Red Sea Zone"),
    "Africa": ("French West Africa", "French Equatorial Africa", "Italian East Africa",
               "Congo", "Kenya-Rhodesia", "South Africa", "Anglo Sudan Egypt", "Madagascar",
               "Rio del Oro"),
    "Indian Ocean": ("Madagascar", "India", "East Indies", "West Australia Sea Zone",
                     "South Compass Sea Zone", "Red Sea Zone"),
    "Siberia": ("Novosibirsk", "Evenki National Okrug", "Yakut S.S.R.", "Soviet Far East",
                "Mongolia", "Kazakh S.S.R.", "Russia"),
    "China": ("Sinkiang", "China", "Mongolia", "Manchuria", "India", "Kwangtung",
              "French Indo China", "Japan"),
    "Pacific": ("Japan", "Okinawa", "Philippines", "Wake Island", "Caroline Islands",
                "Solomon Islands", "New Guinea", "Borneo Celebes", "East Indies"),
    "South Pacific": ("Australia", "New Zealand", "New Guinea", "Solomon Islands",
                      "South Pacific Sea Zone"),
    "North Pacific": ("Japan", "Soviet Far East", "Alaska", "Midway", "Hawaiian Islands",
                      "Wake Island", "Hawaii Sea Zone"),
    "Americas (Atlantic)": ("East Canada", "East US", "Cuba", "Panama", "Columbia",
                            "North Atlantic Sea Zone", "Gulf of Mexico Sea Zone"),
    "Americas (Pacific)": ("Alaska", "West Canada", "West US", "Mexico", "Hawaiian Islands",
                           "Midway"),
    "South America": ("Brazil", "Columbia", "Peru", "Argentina-Chile",
                      "East Pacific Sea Zone", "South Atlantic Sea Zone"),
    "South Atlantic": ("Brazil", "Argentina-Chile", "Angola", "South Africa",
                       "Antartic Sea Zone", "South Africa Sea Zone"),
}
# Names as a player reads them: spelled right on screen as in every text (`engine.aa.spelling`:
# the data keys keep the reference's spellings, "Mediteranean", "Carribean", "Antartic",
# "Columbia"), and shortened where a long name would not fit (PAA-1: the abbreviations
# players use).
SHORT_NAMES: dict[Area, str] = {
    "East Mediteranean Sea Zone": "E Med", "Central Mediteranean Sea Zone": "C Med",
    "West Mediteranean Sea Zone": "W Med", "French Equatorial Africa": "Fr Eq Africa",
    "French West Africa": "Fr W Africa", "Italian East Africa": "It E Africa",
    "Anglo Sudan Egypt": "Egypt", "Evenki National Okrug": "Evenki",
    "French Indo China": "Fr Indo China", "Argentina-Chile": "Arg-Chile",
    "South East Madagascar Sea Zone": "SE Madagascar Sea",
}


@cache
def _palette_image() -> Image.Image:
    """The one palette every A&A picture is encoded with: the map's flat colours and the
    shades between the pairs that meet at antialiased edges (text on its box or the water,
    arrows on land and sea), so that a picture needs no palette search of its own, only a
    nearest-colour lookup (several times faster than Pillow's octree)."""
    flat = [*POWER_COLOURS.values(), NEUTRAL, SEA, OFF_BOARD_SEA, OFF_BOARD_LAND,
            OFF_BOARD_HATCH, LAND_EDGE, SEA_EDGE, INK, PAPER, SEA_INK, CASING, (30, 30, 36)]
    colours: list[RGB] = list(dict.fromkeys(flat))
    grounds = [PAPER, SEA, NEUTRAL, *POWER_COLOURS.values()]
    inks = [INK, PAPER, SEA_INK, LAND_EDGE]

    def ramp(a: RGB, b: RGB, steps: int) -> None:
        for i in range(1, steps):
            t = i / steps
            c = tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
            if c not in colours:
                colours.append(c)  # type: ignore[arg-type]

    for ground in grounds:
        for ink in inks:
            if ink != ground:
                ramp(ground, ink, 6)
    for a in (*POWER_COLOURS.values(), INK):
        for b in (SEA, NEUTRAL):
            ramp(a, b, 3)
    colours = colours[:256]
    image = Image.new("P", (1, 1))
    image.putpalette([v for c in colours for v in c] + [0] * (768 - 3 * len(colours)))
    return image


def in_palette(image: Image.Image) -> Image.Image:
    """An RGB picture in the fixed palette (mode P)."""
    return image.quantize(palette=_palette_image(), dither=Image.Dither.NONE)


@cache
def palette_index(colour: RGB) -> int:
    """The fixed palette's entry nearest `colour` (for drawing on a palette picture)."""
    return int(in_palette(Image.new("RGB", (1, 1), colour)).getpixel((0, 0)))  # type: ignore[arg-type]


MAX_BYTES = 140_000  # under the 150 KB a picture may weigh, with room to spare


def png(image: Image.Image) -> bytes:
    """An A&A picture as PNG bytes, in the fixed palette (`_palette_image`): compressed
    fast (zlib level 3: half the time of level 6 for a fifth more bytes), and harder in
    the rare picture that would then weigh more than `MAX_BYTES`."""
    indexed = image if image.mode == "P" else in_palette(image)
    data = encode.png(indexed, level=3)
    return data if len(data) <= MAX_BYTES else encode.png(indexed)


def screen_name(area: Area) -> str:
    """An area's name as the map prints it: spelled right, shortened where long."""
    if area in SHORT_NAMES:
        return SHORT_NAMES[area]
    return spelled(area.replace(" Sea Zone", " Sea").replace(" S.S.R.", "")
                   .replace("Islands", "Is.").strip())


def anchor(area: Area) -> Point:
    """Where the area's label and the ends of the arrows go (world units)."""
    return aa_world.anchor(area)


@cache
def frame(theatre: str | None) -> Frame:
    """The part of the world a picture shows: the world, or a theatre's close-up."""
    if theatre is None:
        return aa_world.world_frame(WIDTH)
    return aa_world.frame_around([anchor(a) for a in THEATRES[theatre]], WIDTH)


def _position(view: Mapping[str, Any]) -> Mapping[str, Any]:
    return view.get("position") or view


# ----- the cached layers ---------------------------------------------------------------


def _palette(owner: Mapping[Area, Power]) -> list[int]:
    board = classic_map()
    flat: list[int] = []
    for area in aa_world.areas():
        if area in board.sea:
            colour = SEA
        else:
            colour = POWER_COLOURS.get(owner.get(area, ""), NEUTRAL)
        flat += colour
    flat += OFF_BOARD_SEA + OFF_BOARD_LAND
    flat += [0] * (3 * aa_world.OFF_HATCH - len(flat))
    return flat + list(OFF_BOARD_HATCH) + list(SEA_EDGE) + list(LAND_EDGE) + list(PAPER) + \
        list(INK)


@lru_cache(maxsize=8)
def _coloured(theatre: str | None, owners: tuple[tuple[Area, Power], ...]) -> Image.Image:
    """The map coloured by owner with the band's paper under it, as a palette picture
    (cached by the owners; one byte a pixel: `.convert("RGB")` to draw on it)."""
    f = frame(theatre)
    whole = Image.new("L", (f.width, f.height + _band_height()), aa_world.PAPER)
    whole.paste(aa_world.index(f), (0, 0))
    whole.putpalette(_palette(dict(owners)))
    return whole


def _owners(view: Mapping[str, Any]) -> tuple[tuple[Area, Power], ...]:
    owner = _position(view).get("owner", {})
    return tuple(sorted((str(a), str(p)) for a, p in owner.items()))


def still_of(view: Mapping[str, Any], theatre: str | None) -> Still:
    """The cached still of a view's position in a frame."""
    units = json.dumps(_position(view).get("units", {}), sort_keys=True)
    return still(theatre, _owners(view), units)


# ----- the pictures --------------------------------------------------------------------


def render(view: Mapping[str, Any], *, theatre: str | None = None) -> bytes:
    """The world (or one theatre) as a PNG: owners, unit stacks, the round's moves."""
    if theatre is not None and theatre not in THEATRES:
        raise ValueError(f"unknown theatre {theatre!r}")
    return cached_png(_picture_png, _drawn_parts(view), theatre)


def cached_png(draw: Any, parts: Mapping[str, Any], *args: Any) -> bytes:
    """`draw(parts, *args)`'s PNG, drawn once per distinct `parts` (what of a view the
    picture shows), the texts it drew recorded again for whoever records them."""
    key = json.dumps(parts, sort_keys=True, default=str)
    png, drawn = _cached(draw, key, args)
    replay(list(drawn))
    return png


@lru_cache(maxsize=48)
def _cached(draw: Any, key: str, args: tuple[Any, ...]) -> tuple[bytes, tuple[Drawn, ...]]:
    with recording() as drawn:
        png = draw(json.loads(key), *args)
    return png, tuple(drawn)


def _drawn_parts(view: Mapping[str, Any]) -> dict[str, Any]:
    """What of a view the map draws (the cache's key)."""
    position = _position(view)
    return {"position": {k: position.get(k) for k in ("owner", "units", "treasury")},
            "income": view.get("income"), "moves": view.get("moves"),
            "round": view.get("round"), "current": view.get("current"),
            "phase": view.get("phase")}


def _picture_png(view: Mapping[str, Any], theatre: str | None) -> bytes:
    return png(picture(view, theatre=theatre))


def picture(view: Mapping[str, Any], *, theatre: str | None = None) -> Image.Image:
    """The finished RGB picture before the encode (a game's render draws on it)."""
    if theatre is not None and theatre not in THEATRES:
        raise ValueError(f"unknown theatre {theatre!r}")
    f = frame(theatre)
    owners = _owners(view)
    image = _coloured(theatre, owners).convert("RGB")
    pen = Pen(image)
    units = json.dumps(_position(view).get("units", {}), sort_keys=True)
    boxes = label_boxes(view, theatre) if theatre is not None else []
    for p, q, colour in arrows(f, view.get("moves") or [], boxes):
        draw_arrow(pen.draw, p, q, arrow_width(f), colour, INK, CASING)
    pen.draw.rectangle([0, f.height, f.width, f.height + _band_height()], fill=PAPER)
    _marks(pen, theatre, owners, units)
    _band(pen, f, view, theatre, f.height)
    return image


def _marks(pen: Pen, theatre: str | None, owners: tuple[tuple[Area, Power], ...],
           units: str) -> None:
    """The world's marks, or a theatre's labels (`units` as sorted JSON)."""
    if theatre is None:
        _world_marks(pen, classic_map(), frame(None), dict(owners), json.loads(units))
    else:
        _theatre_labels(pen, classic_map(), theatre, dict(owners), units)


KEY: RGB = (255, 0, 255)  # the background of a layer of labels: no label is drawn in it


@dataclass(frozen=True)
class Still:
    """A position's picture without moves, in the fixed palette, with the mask of its
    labels. A picture drawn again and again while the position stands (a power's preview
    after each change of its plot) starts from it, draws its arrows and puts back the
    labels they cross, instead of drawing the map and its labels from scratch."""

    image: Image.Image   # mode P: the map, its labels and the band's paper
    labels: Image.Image  # mode 1: set where a label is
    drawn: tuple[Drawn, ...]


@lru_cache(maxsize=8)
def still(theatre: str | None, owners: tuple[tuple[Area, Power], ...], units: str) -> Still:
    """The cached still of a position (`units` as sorted JSON)."""
    f = frame(theatre)
    layer = Image.new("RGB", (f.width, f.height), KEY)
    with recording() as drawn:
        _marks(Pen(layer), theatre, owners, units)
    mask = ImageChops.difference(layer, Image.new("RGB", layer.size, KEY)).convert("L")
    mask = mask.point(lambda v: 255 if v else 0).convert("1")
    image = _coloured(theatre, owners).convert("RGB")
    image.paste(layer, (0, 0), mask)
    return Still(in_palette(image), mask, tuple(drawn))


def moves_on(canvas: Image.Image, f: Frame, moves: Sequence[Mapping[str, Any]],
             base: Still, boxes: Sequence[Box] = ()) -> None:
    """The moves' arrows on a palette picture made from `base`, under its labels."""
    draw = ImageDraw.Draw(canvas)
    covered = []
    for p, q, colour in arrows(f, moves, boxes):
        covered.append(draw_arrow(draw, p, q, arrow_width(f), palette_index(colour),
                                  palette_index(INK), palette_index(CASING)))
    for left, top, right, bottom in covered:
        box = (max(0, left), max(0, top), min(f.width, right), min(f.height, bottom))
        if box[2] > box[0] and box[3] > box[1]:
            canvas.paste(base.image.crop(box), box[:2], base.labels.crop(box))


def in_rgb(canvas: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
    """Part of a palette picture in RGB, to draw antialiased text on (`put_back` returns
    it to the palette)."""
    return canvas.crop(box).convert("RGB")


def put_back(canvas: Image.Image, part: Image.Image, at: tuple[int, int]) -> None:
    canvas.paste(in_palette(part), at)


def band_on(canvas: Image.Image, view: Mapping[str, Any], theatre: str | None) -> None:
    """The band under the map on a palette picture."""
    f = frame(theatre)
    part = Image.new("RGB", (f.width, _band_height()), PAPER)
    _band(Pen(part), f, view, theatre, 0)
    put_back(canvas, part, (0, f.height))


def theatres_for(view: Mapping[str, Any]) -> list[str]:
    """The theatres that show the round's moves, the best first: each end of a move scores
    two for a theatre it belongs to and one for a theatre that merely shows it."""
    scores: dict[str, int] = {}
    for move in view.get("moves") or []:
        ends = [a for a in (move.get("from"), move.get("to")) if a in classic_map().areas]
        for name, members in THEATRES.items():
            score = sum(2 if a in members else 1 if frame(name).shows(anchor(a)) else 0
                        for a in ends)
            if score:
                scores[name] = scores.get(name, 0) + score
    return sorted(scores, key=lambda n: (-scores[n], list(THEATRES).index(n)))


def segment(f: Frame, start: Area, end: Area) -> list[tuple[tuple[float, float],
                                                            tuple[float, float]]]:
    """A move's arrow in the picture: from the start's label point to the end's copy
    nearest it (the short way round the world), in each copy of the world that shows it."""
    a = f.near(anchor(start))
    b = f.near(anchor(end), a[0])
    out = []
    for k in (-1, 0, 1):
        dx = k * aa_world.WIDTH
        p, q = f.px((a[0] + dx, a[1])), f.px((b[0] + dx, b[1]))
        if max(p[0], q[0]) >= 0 and min(p[0], q[0]) <= f.width:
            out.append((p, q))
    return out


# ----- drawing -------------------------------------------------------------------------


def _band_height() -> int:
    return 2 * min_size(WIDTH) + 40


def _band(pen: Pen, f: Frame, view: Mapping[str, Any], theatre: str | None,
          top: float) -> None:
    """The line under the map (from `top`): round, whose turn, and each power's treasury
    (income)."""
    size = min_size(WIDTH)
    y = top + 10
    parts = [theatre or "The world"]
    if view.get("round"):
        parts.append(f"round {view['round']}")
    if view.get("current"):
        parts.append(f"{view['current']} to play")
    if view.get("phase"):
        parts.append(str(view["phase"]))
    pen.text((16, y), spelled(" · ".join(parts)), Style(size, bold=True), INK)
    treasury = _position(view).get("treasury", {})
    income = view.get("income") or {}
    x = 16.0
    y += size + 10
    for power in POWERS:
        if power not in treasury and power not in income:
            continue
        colour = POWER_COLOURS[power]
        chip = Style(size, bold=True)
        pen.draw.rounded_rectangle([x, y, x + size + 4, y + size + 4], radius=6, fill=colour,
                                   outline=INK)
        pen.text((x + (size + 4) / 2, y + (size + 4) / 2), POWER_LETTERS[power], chip,
                 ink_on(colour), anchor="mm")
        x += size + 12
        money = f"{power} {treasury.get(power, 0)}"
        if power in income:
            money += f" (+{income[power]})"
        x += pen.text((x, y + 2), money, Style(size), INK) + 28


def arrows(f: Frame, moves: Sequence[Mapping[str, Any]], boxes: Sequence[Box] = ()
           ) -> list[tuple[tuple[float, float], tuple[float, float], RGB]]:
    """Each move's arrow (start, end, colour) in the picture, in each copy of the world
    that shows it; an arrow whose end lies under a label stops at the label's edge, so that
    its head shows."""
    board = classic_map()
    out = []
    for move in moves:
        start, end = move.get("from"), move.get("to")
        if start not in board.areas or end not in board.areas or start == end:
            continue
        colour = POWER_COLOURS.get(str(move.get("power")), INK)
        for p, q in segment(f, str(start), str(end)):
            out.append((p, _stop_at(p, q, boxes, arrow_width(f) * 4), colour))
    return out


def _stop_at(p: tuple[float, float], q: tuple[float, float], boxes: Sequence[Box],
             head: float) -> tuple[float, float]:
    """`q`, or where the segment from `p` enters the label box that covers `q`."""
    def inside(x: float, y: float, box: Box) -> bool:
        return box[0] - 4 <= x <= box[2] + 4 and box[1] - 4 <= y <= box[3] + 4

    for box in boxes:
        if not inside(*q, box) or inside(*p, box):
            continue
        low, high = 0.0, 1.0  # p outside, q inside: the edge lies between
        for _ in range(14):
            t = (low + high) / 2
            if inside(p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t, box):
                high = t
            else:
                low = t
        stop = (p[0] + (q[0] - p[0]) * low, p[1] + (q[1] - p[1]) * low)
        if math.dist(p, stop) >= 2 * head:
            return stop
    return q


def arrow_width(f: Frame) -> int:
    return max(4, round(f.scale * 12))


def draw_arrow(draw: ImageDraw.ImageDraw, p: tuple[float, float], q: tuple[float, float],
               width: int, fill: Any, ink: Any, casing: Any) -> tuple[int, int, int, int]:
    """One arrow: a pale casing (so that it shows on land of its own colour), an ink
    outline, the power's colour, its head; returns the box it covers."""
    head = _arrow_head_points(p, q, width * 4)
    draw.line([p, q], fill=casing, width=width + 10)
    draw.polygon(_arrow_head_points(p, q, width * 4 + 10), fill=casing)
    draw.line([p, q], fill=ink, width=width + 4)
    draw.line([p, q], fill=fill, width=width)
    draw.polygon(head, fill=fill, outline=ink, width=2)
    xs = [p[0], q[0], *(x for x, _ in head)]
    ys = [p[1], q[1], *(y for _, y in head)]
    reach = width + 12
    return (int(min(xs)) - reach, int(min(ys)) - reach, int(max(xs)) + reach,
            int(max(ys)) + reach)


def _arrow_head_points(a: tuple[float, float], b: tuple[float, float], size: float
                       ) -> list[tuple[float, float]]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / span, dy / span
    back = (b[0] - ux * size, b[1] - uy * size)
    return [b, (back[0] - uy * size / 2, back[1] + ux * size / 2),
            (back[0] + uy * size / 2, back[1] - ux * size / 2)]


def _world_marks(pen: Pen, board: AAMap, f: Frame, owner: Mapping[Area, Power],
                 units: Mapping[str, Mapping[Power, Mapping[str, int]]]) -> None:
    """The world picture: each land area's owner letter and IPC value, a ring round the
    islands too small to see, a dot per power with units in an area.

    These marks are for orientation (the theatre pictures carry the readable labels), so
    they are drawn small and marked as not needed at chat size."""
    small = Style(16, bold=True)
    for area, info in board.land.items():
        x, y = f.at(anchor(area))
        power = owner.get(area)
        colour = POWER_COLOURS.get(power or "", NEUTRAL)
        left, top, right, bottom = aa_world.outlines()[area].box
        if max(right - left, bottom - top) * f.scale < 10:  # an island: ring it
            pen.draw.ellipse([x - 9, y - 9, x + 9, y + 9], outline=INK, width=3)
            pen.draw.ellipse([x - 7, y - 7, x + 7, y + 7], outline=colour, width=3)
            y -= 20
        letter = POWER_LETTERS.get(power or "", "")
        label = f"{letter}{info.ipc}" if info.ipc else letter or "·"
        pen.text((x, y), label, small, ink_on(colour), anchor="mm", needed=False,
                 stroke_width=2, stroke_fill=colour)
    for area, by in units.items():
        if area not in board.areas:
            continue
        x, y = f.at(anchor(area))
        present = [p for p in POWERS
                   if sum(n for k, n in (by.get(p) or {}).items() if k != "factory")]
        for i, power in enumerate(present):
            cx = x - 8 * (len(present) - 1) + i * 16
            pen.draw.ellipse([cx - 7, y + 11, cx + 7, y + 25], fill=POWER_COLOURS[power],
                             outline=INK)


@dataclass
class _Label:
    """One area's label: its name line and a line or more of units per power."""

    area: Area
    point: tuple[float, float]
    name: str
    units: list[tuple[Power | None, str]]  # (power, or None for a continuation; text)
    width: float
    height: float


def _label(area: Area, point: tuple[float, float], name: str,
           by: Mapping[Power, Mapping[str, int]], size: int) -> _Label:
    style, bold = Style(size), Style(size, bold=True)
    longest = 6.5 * size
    lines: list[tuple[Power | None, str]] = []
    for power in POWERS:
        counts = by.get(power) or {}
        tokens = [f"{n} {UNIT_SHORT.get(k, k)}" for k in UNIT_ORDER if (n := counts.get(k, 0))]
        line, first = "", True
        for token in tokens:
            trial = f"{line} {token}".strip()
            if line and length(trial, style) > longest:
                lines.append((power if first else None, line))
                line, first = token, False
            else:
                line = trial
        if line:
            lines.append((power if first else None, line))
    chip = size + 10
    width = max([length(name, bold)] + [length(t, style) + chip + 8 for _, t in lines])
    height = (size + 8) * (1 + len(lines)) + 4
    return _Label(area, point, name, lines, width, height)


Box = tuple[float, float, float, float]


def place_boxes(sizes: Sequence[tuple[tuple[float, float], float, float]], width: float,
                height: float, step: float, *, taken: Sequence[Box] = (),
                gap: float = 3.0) -> list[tuple[float, float]]:
    """Top-left corners for boxes of (wanted centre, width, height) inside `width` x
    `height`, each moved from its wanted place in growing rings until it overlaps neither a
    box placed before it nor any of `taken` (greedy, in the order given); where no spot
    within reach is free, the least covered one."""
    placed: list[Box] = list(taken)
    out: list[tuple[float, float]] = []
    offsets = [(0.0, 0.0)] + [(dx * r * step, dy * r * step) for r in range(1, 12)
                              for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1),
                                             (-1, 1), (1, -1), (-1, -1), (2, 1), (-2, 1),
                                             (2, -1), (-2, -1))]
    for (cx, cy), w, h in sizes:
        spots = []
        for dx, dy in offsets:
            left = min(max(4.0, cx - w / 2 + dx), width - w - 4)
            top = min(max(4.0, cy - h / 2 + dy), height - h - 4)
            spots.append((left, top))
        reach = (min(x for x, _ in spots) - gap, min(y for _, y in spots) - gap,
                 max(x for x, _ in spots) + w + gap, max(y for _, y in spots) + h + gap)
        near = [o for o in placed if min(reach[2], o[2]) > max(reach[0], o[0])
                and min(reach[3], o[3]) > max(reach[1], o[1])]
        best: tuple[float, float, float] | None = None
        for left, top in spots:
            box = (left - gap, top - gap, left + w + gap, top + h + gap)
            overlap = sum(max(0.0, min(box[2], o[2]) - max(box[0], o[0]))
                          * max(0.0, min(box[3], o[3]) - max(box[1], o[1])) for o in near)
            if best is None or overlap < best[0]:
                best = (overlap, left, top)
            if overlap == 0:
                break
        assert best is not None
        _, left, top = best
        placed.append((left - gap, top - gap, left + w + gap, top + h + gap))
        out.append((left, top))
    return out


def label_boxes(view: Mapping[str, Any], theatre: str) -> list[Box]:
    """Where a theatre picture's labels lie (px): marks drawn on it avoid them."""
    units = json.dumps(_position(view).get("units", {}), sort_keys=True)
    return [(x, y, x + lb.width, y + lb.height) for lb, (x, y) in _layout(theatre, units)]


@lru_cache(maxsize=64)
def _layout(theatre: str, units: str) -> tuple[tuple[_Label, tuple[float, float]], ...]:
    """A theatre's labels and their top-left corners for a position's units (cached)."""
    f = frame(theatre)
    size = min_size(WIDTH)
    labels = _labels(f, json.loads(units))
    corners = place_boxes([(_wanted(lb, size), lb.width, lb.height) for lb in labels],
                          f.width, f.height, size * 0.8)
    return tuple(zip(labels, corners, strict=True))


def _wanted(label: _Label, size: int) -> tuple[float, float]:
    return (label.point[0], label.point[1] - (size + 8) + label.height / 2)


def _labels(f: Frame, units: Mapping[str, Mapping[Power, Mapping[str, int]]]
            ) -> list[_Label]:
    """Every area in the frame: its label, the largest first (placed first)."""
    board = classic_map()
    size = min_size(WIDTH)
    labels: list[_Label] = []
    for area in aa_world.areas():
        if not f.shows(anchor(area)):
            continue
        name = screen_name(area)
        if area in board.land and board.land[area].ipc:
            name += f" {board.land[area].ipc}"
        labels.append(_label(area, f.at(anchor(area)), name, units.get(area, {}), size))
    return sorted(labels, key=lambda b: (-b.height * b.width, b.area))


def _theatre_labels(pen: Pen, board: AAMap, theatre: str, owner: Mapping[Area, Power],
                    units: str) -> None:
    """Every area in the frame: its name and IPC value, and each power's units by kind,
    placed so that no two labels cover each other (a leader line when moved off)."""
    size = min_size(WIDTH)
    style, bold = Style(size), Style(size, bold=True)
    for label, (left, top) in _layout(theatre, units):
        x, y = label.point
        sea = label.area in board.sea
        colour = SEA if sea else POWER_COLOURS.get(owner.get(label.area, ""), NEUTRAL)
        moved = not (left - 2 <= x <= left + label.width + 2
                     and top - 2 <= y <= top + label.height + 2)
        if moved:
            pen.draw.line([(x, y), (left + label.width / 2, top + label.height / 2)],
                          fill=INK, width=2)
            pen.draw.ellipse([x - 5, y - 5, x + 5, y + 5], fill=INK)
        if moved or not sea:
            pen.draw.rounded_rectangle([left - 3, top - 3, left + label.width + 3,
                                        top + size + 10], radius=6, fill=colour, outline=INK)
        boxed = moved or not sea
        pen.text((left + label.width / 2, top + (size + 6) / 2), label.name, bold,
                 ink_on(colour) if boxed else SEA_INK, anchor="mm",
                 stroke_width=0 if boxed else 3, stroke_fill=colour)
        line_y = top + size + 10
        for power, text in label.units:
            chip_colour = POWER_COLOURS[power] if power else PAPER
            width = pen.length(text, style) + size + 18
            pen.draw.rounded_rectangle([left, line_y, left + width, line_y + size + 6],
                                       radius=7, fill=PAPER, outline=INK, width=2)
            if power:
                pen.draw.rounded_rectangle([left, line_y, left + size + 8, line_y + size + 6],
                                           radius=7, fill=chip_colour, outline=INK, width=2)
                pen.text((left + (size + 8) / 2, line_y + (size + 6) / 2), POWER_LETTERS[power],
                         bold, ink_on(chip_colour), anchor="mm")
            pen.text((left + size + 12, line_y + (size + 6) / 2), text, style, INK, anchor="lm")
            line_y += size + 8
