"""The RISK world map: continents, borders, and every territory's owner and armies.

`render(view)` draws from a plain public view:

    {"title": "Cold Cash Risk - turn 3",
     "players": {"Ann": "red", "Bo": 1},          # a colour name, "#rrggbb" or an index
     "territories": {"Alaska": {"owner": "Ann", "armies": 4, "markers": ["tower"]}, ...}}

Territories left out of `territories` are drawn empty. An owner not listed in
`players` (a neutral, "Mom & Pop") gets a colour of its own. Every territory shows
its owner's colour *and* the owner's tag (initials, in the legend), so nobody needs
to tell colours apart, and its army count. Markers: tower, mompop, neutral, rebel,
mutant, blocked, each a distinct icon explained in the legend.

The layout (node positions, short names, continent colours) is data in this module;
borders, sea lanes and continents come from `engine.risk`. The still background
(sea, continents, borders) is drawn once per process, supersampled, and reused.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from functools import cache
from itertools import combinations
from typing import Any

from PIL import Image, ImageDraw

from engine.risk.map import RiskMap, classic_map
from renders import palette
from renders.encode import png
from renders.text import Drawn, Pen, Style, fit, min_size, recording, replay

RGB = tuple[int, int, int]
Point = tuple[float, float]

WIDTH = 1600
HEADER = 64
MAP_HEIGHT = 860
LEGEND_ROW = 42
LEGEND_HEIGHT = 60 + 5 * LEGEND_ROW
HEIGHT = HEADER + MAP_HEIGHT + LEGEND_HEIGHT
SUPERSAMPLE = 2

SEA: RGB = (160, 196, 222)
GRID: RGB = (176, 208, 230)
HEADER_BG: RGB = (28, 38, 56)
LEGEND_BG: RGB = (240, 236, 226)
INK: RGB = (30, 30, 36)
MUTED: RGB = (90, 90, 100)
LAND_BORDER: RGB = (70, 64, 58)
SEA_LANE: RGB = (24, 62, 110)
HIGHLIGHT: RGB = (255, 140, 0)
EMPTY: RGB = (250, 250, 250)
BLOCKED: RGB = (200, 20, 30)

# Node centres on the map area (1600 x 860, y down), territory by territory.
LAYOUT: dict[str, tuple[int, int]] = {
    "Alaska": (90, 120), "Northwest Territory": (235, 95), "Greenland": (500, 62),
    "Alberta": (195, 205), "Ontario": (320, 210), "Quebec": (450, 195),
    "Western United States": (210, 315), "Eastern United States": (365, 320),
    "Central America": (265, 425),
    "Venezuela": (375, 505), "Peru": (330, 630), "Brazil": (480, 600), "Argentina": (390, 770),
    "Iceland": (615, 130), "Scandinavia": (780, 95), "Great Britain": (625, 245),
    "Northern Europe": (765, 250), "Western Europe": (640, 365), "Southern Europe": (790, 370),
    "Ukraine": (915, 205),
    "North Africa": (680, 510), "Egypt": (840, 480), "East Africa": (905, 605),
    "Congo": (770, 640), "South Africa": (820, 780), "Madagascar": (975, 760),
    "Ural": (1060, 140), "Siberia": (1180, 100), "Yakutsk": (1320, 70),
    "Kamchatka": (1480, 95), "Irkutsk": (1295, 185), "Mongolia": (1335, 295),
    "Japan": (1505, 300), "Afghanistan": (1045, 290), "China": (1200, 375),
    "Middle East": (975, 420), "India": (1100, 470), "Siam": (1255, 500),
    "Indonesia": (1310, 615), "New Guinea": (1480, 595), "Western Australia": (1335, 775),
    "Eastern Australia": (1500, 760),
}

# Names as printed on the map (the full name is in the view and the engine).
SHORT: dict[str, str] = {
    "Northwest Territory": "NW Territory", "Western United States": "Western US",
    "Eastern United States": "Eastern US", "Northern Europe": "N. Europe",
    "Western Europe": "W. Europe", "Southern Europe": "S. Europe",
    "Western Australia": "W. Australia", "Eastern Australia": "E. Australia",
    "Great Britain": "G. Britain", "South Africa": "S. Africa",
}
# Territories whose name goes above the node rather than below it.
NAME_ABOVE = frozenset({"Greenland", "Yakutsk", "Scandinavia", "Siberia"})

# Continent: (fill, edge, label position on the map area).
CONTINENTS: dict[str, tuple[RGB, RGB, tuple[int, int]]] = {
    "North America": ((243, 222, 160), (176, 140, 50), (20, 8)),
    "South America": ((240, 186, 160), (170, 90, 60), (20, 700)),
    "Europe": ((190, 203, 238), (80, 100, 170), (860, 10)),
    "Africa": ((232, 198, 156), (150, 100, 50), (1010, 640)),
    "Asia": ((190, 224, 176), (70, 130, 60), (1390, 420)),
    "Australia": ((218, 186, 230), (120, 70, 140), (1030, 822)),
}

# Owners that are seats take their colour from `renders.palette` (colour-blind safe);
# owners that are not seats (neutrals, Mom & Pops) get its greys.
PALETTE = palette.COLOURS
EXTRA = palette.NEUTRALS

MARKERS: dict[str, str] = {
    "tower": "corporate tower", "mompop": "Mom & Pop", "neutral": "neutral",
    "rebel": "rebels", "mutant": "mutants", "blocked": "blocked",
}

# Text sizes: everything a player reads is at least `min_size(WIDTH)` px (9 px at 550 wide).
TEXT = Style(min_size(WIDTH))
BOLD = Style(min_size(WIDTH), bold=True)
TITLE = Style(min_size(WIDTH) + 7, bold=True)
SMALL = Style(15)  # letters inside icons, which the legend explains


def _colour(value: Any, index: int) -> RGB:
    return palette.seat_colour(value, index)


def _ink_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on `colour`."""
    return palette.ink_on(colour, INK)


def _darker(colour: RGB, factor: float = 0.6) -> RGB:
    return (int(colour[0] * factor), int(colour[1] * factor), int(colour[2] * factor))


def _tags(names: list[str]) -> dict[str, str]:
    """Short unique tags: initials of several words ("Mom & Pop" -> "MP"), else the
    first letter, or as many letters as it takes to tell names with that letter apart
    (Zoe, Zed, Zara -> Zo, Ze, Za). Any script: 李明 -> 李, Émile -> É."""

    def options(name: str) -> list[str]:
        words = [w for w in name.replace("&", " ").split() if w[:1].isalnum()]
        compact = "".join(c for c in name if c.isalnum()) or name.strip()[:1] or "P"
        found = ["".join(w[0] for w in words[:3]).upper()] if len(words) > 1 else []
        return found + [compact[:1].upper(), compact[:2].capitalize(), compact[:3].capitalize()]

    tags: dict[str, str] = {}
    for level in range(4):
        proposals = {n: options(n)[min(level, len(options(n)) - 1)]
                     for n in names if n not in tags}
        # Compared without case: "Al" and "AL" would be hard to tell apart.
        counts = Counter(t.upper() for t in proposals.values())
        for name, tag in proposals.items():
            if counts[tag.upper()] == 1 and tag.upper() not in _taken(tags):
                tags[name] = tag
    for name in names:
        n = 1
        while name not in tags:
            tag = f"{options(name)[0][:1]}{n}"
            if tag.upper() not in _taken(tags):
                tags[name] = tag
            n += 1
    return tags


def _taken(tags: dict[str, str]) -> set[str]:
    return {t.upper() for t in tags.values()}


# ----- the still background ----------------------------------------------------


def _dashed(draw: ImageDraw.ImageDraw, a: Point, b: Point, colour: RGB, width: int,
            dash: float, gap: float) -> None:
    (x0, y0), (x1, y1) = a, b
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    if length == 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    pos = 0.0
    while pos < length:
        end = min(pos + dash, length)
        draw.line([(x0 + ux * pos, y0 + uy * pos), (x0 + ux * end, y0 + uy * end)],
                  fill=colour, width=width)
        pos = end + gap


def _wrap_lane(a: Point, b: Point) -> tuple[Point, Point] | None:
    """For a lane drawn across the map's edge (Alaska-Kamchatka): the points where
    each half leaves the map, or None for an ordinary lane."""
    if abs(a[0] - b[0]) < WIDTH / 2:
        return None
    left, right = (a, b) if a[0] < b[0] else (b, a)
    mid_y = (left[1] + right[1]) / 2
    return (0.0, mid_y - 30), (float(WIDTH), mid_y - 30)


@cache
def _background(map_name: str) -> tuple[Image.Image, list[Drawn]]:
    """Sea, continents, borders and continent names: drawn once, supersampled; with the
    texts drawn on it (for the record of text sizes)."""
    risk_map = _map(map_name)
    k = SUPERSAMPLE
    img = Image.new("RGB", (WIDTH * k, MAP_HEIGHT * k), SEA)
    draw = ImageDraw.Draw(img)
    for gx in range(0, WIDTH, 100):
        draw.line([(gx * k, 0), (gx * k, MAP_HEIGHT * k)], fill=GRID, width=k)
    for gy in range(0, MAP_HEIGHT, 100):
        draw.line([(0, gy * k), (WIDTH * k, gy * k)], fill=GRID, width=k)

    def at(t: str) -> Point:
        x, y = LAYOUT[t]
        return x * k, y * k

    # Each continent is the union of discs round its nodes and bands along its land
    # borders: first a little larger in the edge colour, then the fill on top.
    for continent, members in risk_map.continents.items():
        fill, edge, _ = CONTINENTS.get(continent, ((220, 220, 220), (120, 120, 120), (0, 0)))
        inner = [b for b in risk_map.borders if b <= set(members)
                 and b not in risk_map.sea_lanes]
        # Three territories bordering each other enclose land: fill the triangle.
        triangles = [(a, b, c) for a, b, c in combinations(members, 3)
                     if {frozenset((a, b)), frozenset((b, c)), frozenset((a, c))} <= set(inner)]
        for colour, radius in ((edge, 60), (fill, 56)):
            r = radius * k
            for tri in triangles:
                draw.polygon([at(t) for t in tri], fill=colour)
            for border in inner:
                a, b = sorted(border)
                draw.line([at(a), at(b)], fill=colour, width=int(r * 1.6))
            for t in members:
                x, y = at(t)
                draw.ellipse([x - r, y - r, x + r, y + r], fill=colour)
    for border in sorted(risk_map.borders, key=sorted):
        a, b = sorted(border)
        if border in risk_map.sea_lanes:
            wrap = _wrap_lane(LAYOUT[a], LAYOUT[b])
            if wrap is not None:
                left, right = sorted((a, b), key=lambda t: LAYOUT[t][0])
                (lx, ly), (rx, ry) = wrap
                _dashed(draw, at(left), (lx * k, ly * k), SEA_LANE, 3 * k, 10 * k, 7 * k)
                _dashed(draw, at(right), (rx * k, ry * k), SEA_LANE, 3 * k, 10 * k, 7 * k)
                continue
            _dashed(draw, at(a), at(b), SEA_LANE, 3 * k, 10 * k, 7 * k)
        else:
            draw.line([at(a), at(b)], fill=LAND_BORDER, width=3 * k)
    # A box filter: smooth edges with few distinct shades, so the palette PNG stays small.
    img = img.reduce(k)
    pen = Pen(img)
    white = (255, 255, 255)
    with recording() as drawn:
        for continent in risk_map.continents:
            _, edge, (x, y) = CONTINENTS.get(continent, ((0, 0, 0), (0, 0, 0), (0, 0)))
            text = f"{continent.upper()}  +{risk_map.bonus(continent)}"
            pen.text((x, y), text, BOLD, _darker(edge, 0.75), stroke_width=3, stroke_fill=white)
        # The lane across the map's edge says where it goes.
        for border in risk_map.sea_lanes:
            a, b = sorted(border)
            wrap = _wrap_lane(LAYOUT[a], LAYOUT[b])
            if wrap is not None:
                left, right = sorted((a, b), key=lambda t: LAYOUT[t][0])
                (lx, ly), (rx, ry) = wrap
                pen.text((lx + 6, ly - 8), f"to {SHORT.get(right, right)}", TEXT, SEA_LANE,
                         "ls", stroke_width=3, stroke_fill=white)
                pen.text((rx - 6, ry - 8), f"to {SHORT.get(left, left)}", TEXT, SEA_LANE,
                         "rs", stroke_width=3, stroke_fill=white)
    return img, drawn


@cache
def _map(name: str) -> RiskMap:
    if name != "classic":
        raise ValueError(f"no layout for the {name!r} map")
    return classic_map()


# ----- markers -------------------------------------------------------------------


def _marker(pen: Pen, kind: str, x: float, y: float) -> None:
    """A 22 px icon centred on (x, y)."""
    draw = pen.draw
    r = 11
    box = [x - r, y - r, x + r, y + r]
    white = (255, 255, 255)
    if kind == "tower":
        draw.rectangle([x - 7, y - 6, x + 7, y + 10], fill=(40, 40, 48), outline=white)
        for cx in (x - 7, x - 1.5, x + 4):
            draw.rectangle([cx, y - 11, cx + 3, y - 5], fill=(40, 40, 48), outline=white)
        draw.rectangle([x - 2, y + 3, x + 2, y + 10], fill=(250, 210, 80))
    elif kind == "mompop":
        draw.polygon([(x - 10, y - 1), (x, y - 11), (x + 10, y - 1)], fill=(20, 20, 20),
                     outline=white)
        draw.rectangle([x - 7, y - 1, x + 7, y + 10], fill=(20, 20, 20), outline=white)
        draw.rectangle([x - 2, y + 3, x + 2, y + 10], fill=white)
    elif kind == "blocked":
        draw.ellipse(box, fill=BLOCKED, outline=white, width=2)
        draw.rectangle([x - 7, y - 2, x + 7, y + 2], fill=white)
    else:
        letter, shape_fill = {"neutral": ("N", (120, 120, 120)),
                              "rebel": ("R", palette.COLOURS["red"]),
                              "mutant": ("M", palette.COLOURS["blue"])}.get(kind, ("?", (90, 90, 90)))
        if kind == "rebel":
            draw.rectangle(box, fill=shape_fill, outline=white, width=2)
        elif kind == "mutant":
            draw.polygon([(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)],
                         fill=shape_fill, outline=white)
        else:
            draw.ellipse(box, fill=shape_fill, outline=white, width=2)
        pen.text((x, y + 1), letter, SMALL, white, "mm", needed=False)


# ----- the picture ---------------------------------------------------------------


def _chip(pen: Pen, x: float, y: float, tag: str, colour: RGB,
          armies: int | None) -> tuple[float, float, float, float]:
    """The owner's tag on its colour beside the army count; returns the chip's box."""
    draw = pen.draw
    tag_w = max(34.0, pen.length(tag, BOLD) + 12)
    count = "" if armies is None else str(armies)
    count_w = max(34.0, pen.length(count, BOLD) + 14) if count else 0.0
    h = 38
    left = x - (tag_w + count_w) / 2
    box = (left, y - h / 2, left + tag_w + count_w, y + h / 2)
    if count_w:
        draw.rounded_rectangle(box, radius=7, fill=(255, 255, 255))
        draw.rounded_rectangle((box[0], box[1], left + tag_w, box[3]), radius=7, fill=colour,
                               corners=(True, False, False, True))
        draw.line([(left + tag_w, box[1]), (left + tag_w, box[3])], fill=INK, width=2)
        pen.text((left + tag_w + count_w / 2, y), count, BOLD, INK, "mm")
    else:
        draw.rounded_rectangle(box, radius=7, fill=colour)
    draw.rounded_rectangle(box, radius=7, outline=INK, width=2)
    pen.text((left + tag_w / 2, y), tag, BOLD, _ink_on(colour), "mm")
    return box


def render(view: Mapping[str, Any], *, highlight: Collection[str] = (),
           legend: bool = True, map_name: str = "classic") -> bytes:
    """The map as PNG bytes (1600 px wide), drawn from a public view only.

    `highlight` rings territories (an attack's source and target, say); `legend`
    False leaves the legend strip off.
    """
    return png(picture(view, highlight=highlight, legend=legend, map_name=map_name))


def picture(view: Mapping[str, Any], *, highlight: Collection[str] = (),
            legend: bool = True, map_name: str = "classic") -> Image.Image:
    """The map as an RGB image (for renders that add to it before the one encode)."""
    risk_map = _map(map_name)
    territories: Mapping[str, Mapping[str, Any]] = view.get("territories") or {}
    players: Mapping[str, Any] = view.get("players") or {}
    names = list(players)
    colours = {p: _colour(v, i) for i, (p, v) in enumerate(players.items())}
    others = sorted({str(t.get("owner")) for t in territories.values()
                     if t.get("owner") is not None and t.get("owner") not in players})
    for i, other in enumerate(others):
        colours[other] = EXTRA[i % len(EXTRA)]
    tags = _tags(names + others)

    height = HEADER + MAP_HEIGHT + (_legend_height(len(names + others)) if legend else 0)
    img = Image.new("RGB", (WIDTH, height), LEGEND_BG)
    background, drawn = _background(map_name)
    img.paste(background, (0, HEADER))
    replay(drawn)
    pen = Pen(img)
    draw = pen.draw
    draw.rectangle([0, 0, WIDTH, HEADER], fill=HEADER_BG)
    title = str(view.get("title") or "RISK")
    pen.text((20, HEADER / 2), title, TITLE, (255, 255, 255), "lm")

    wanted = set(highlight)
    for name in risk_map.territories:
        x, y0 = LAYOUT[name]
        y = y0 + HEADER
        info = territories.get(name) or {}
        owner = info.get("owner")
        armies = info.get("armies")
        markers = [str(m) for m in info.get("markers") or ()]
        if name in wanted:
            draw.ellipse([x - 46, y - 46, x + 46, y + 46], outline=HIGHLIGHT, width=6)
        if owner is None and not armies:
            draw.ellipse([x - 10, y - 10, x + 10, y + 10], fill=EMPTY, outline=INK, width=2)
            box = (x - 10.0, y - 10.0, x + 10.0, y + 10.0)
        else:
            key = str(owner) if owner is not None else ""
            box = _chip(pen, x, y, tags.get(key, "-"), colours.get(key, EMPTY),
                        int(armies) if armies is not None else None)
        if "blocked" in markers:
            draw.rounded_rectangle((box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4),
                                   radius=10, outline=BLOCKED, width=3)
        label = SHORT.get(name, name)
        if name in NAME_ABOVE:
            ly, anchor = box[1] - 2, "md"
        else:
            ly, anchor = box[3] + 1, "ma"
        pen.text((x, ly), label, TEXT, INK, anchor, stroke_width=3, stroke_fill=(255, 255, 255))
        shown = [m for m in markers if m in MARKERS] + [m for m in markers if m not in MARKERS]
        mx = box[2] + 15
        for m in shown:
            _marker(pen, m, mx, y)
            mx += 25

    if legend:
        _legend(pen, HEADER + MAP_HEIGHT, names + others, tags, colours, territories)
    return img


def _legend_height(owners: int) -> int:
    return 60 + max(5, -(-min(owners, 12) // 2)) * LEGEND_ROW


def _legend(pen: Pen, top: int, owners: list[str], tags: dict[str, str],
            colours: dict[str, RGB], territories: Mapping[str, Mapping[str, Any]]) -> None:
    """Owners (tag, name, territories and armies) on the left, the key on the right."""
    draw = pen.draw
    draw.line([(0, top), (WIDTH, top)], fill=(180, 170, 150), width=2)
    held: dict[str, tuple[int, int]] = {}
    for info in territories.values():
        owner = info.get("owner")
        if owner is not None:
            count, armies = held.get(str(owner), (0, 0))
            held[str(owner)] = (count + 1, armies + int(info.get("armies") or 0))
    x0, y0 = 20, top + 12
    pen.text((x0, y0), "OWNERS", BOLD, MUTED)
    first = y0 + 36 + LEGEND_ROW // 2
    if not owners:
        pen.text((x0, first), "nobody yet", TEXT, MUTED, "lm")
    rows = max(5, -(-min(len(owners), 12) // 2))
    for i, owner in enumerate(owners[:12]):
        col, row = divmod(i, rows)
        x, y = x0 + col * 520, first + row * LEGEND_ROW
        count, armies = held.get(owner, (0, 0))
        box = _chip(pen, x + 24, y, tags[owner], colours[owner], None)
        text = f"{owner}: {count} terr., {armies} armies"
        pen.text((box[2] + 10, y), fit(text, TEXT, 470 - (box[2] - x)), TEXT, INK, "lm")
    if len(owners) > 12:
        pen.text((x0 + 1040, y0), f"and {len(owners) - 12} more", TEXT, MUTED, "ra")
    # The key: markers, empty territories, borders, lanes, highlights.
    kx = 1080
    pen.text((kx, y0), "KEY", BOLD, MUTED)
    items: list[tuple[str, str]] = [(k, v) for k, v in MARKERS.items()]
    items += [("empty", "empty"), ("border", "border"), ("lane", "sea lane"),
              ("highlight", "highlighted")]
    for i, (kind, text) in enumerate(items):
        col, row = divmod(i, 5)
        x, y = kx + 14 + col * 265, first + row * LEGEND_ROW
        if kind in MARKERS:
            _marker(pen, kind, x, y)
        elif kind == "empty":
            draw.ellipse([x - 9, y - 9, x + 9, y + 9], fill=EMPTY, outline=INK, width=2)
        elif kind == "border":
            draw.line([(x - 12, y), (x + 14, y)], fill=LAND_BORDER, width=3)
        elif kind == "lane":
            _dashed(draw, (x - 12, y), (x + 14, y), SEA_LANE, 3, 8, 5)
        else:
            draw.ellipse([x - 13, y - 13, x + 13, y + 13], outline=HIGHLIGHT, width=4)
        pen.text((x + 24, y), text, TEXT, INK, "lm")
