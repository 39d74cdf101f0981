"""The Axis & Allies world map, drawn from a game's public view.

    render(view)                       # the whole world: who holds what, the round's moves
    render(view, theatre="Europe")     # one theatre, zoomed: names, IPCs and unit stacks
    theatres_for(view)                 # the theatres where the round's moves are

Discord shows an image about 550 px wide. At that size the whole world (128 areas) cannot
carry legible names and unit counts, so the world picture says who holds what (colour and a
letter per power), where the round's moves went (arrows) and the powers' treasuries, and a
theatre picture zoomed on where the action is carries every label a player needs, at least
9 px tall at chat size. Both are 1600 px wide.

The areas are cells of the reference layout's points (`renders.aa_cells`), filled by owner:
a palette lookup, not a redraw, so a render costs little more than encoding it.

The view it reads (the A&A games' public view; everything optional but `owner`/`units`):
`{"position": {"owner": {area: power}, "units": {area: {power: {kind: n}}},
"treasury": {power: n}}, "income": {power: n}, "moves": [{"power", "from", "to",
"units": {kind: n}}], "round": n, "current": power, "phase": text}`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from engine.aa.map import AAMap, Area, classic_map
from engine.aa.units import POWERS, Power
from renders import encode
from renders.aa_cells import areas, cells, xy
from renders.palette import RGB, ink_on
from renders.text import Pen, Style, length, min_size

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
LAND_EDGE: RGB = (60, 60, 60)
SEA_EDGE: RGB = (160, 190, 215)
INK: RGB = (25, 25, 30)
PAPER: RGB = (255, 255, 255)

# Short unit names as players write them ("3 inf 2 arm").
UNIT_SHORT: dict[str, str] = {"infantry": "inf", "armour": "arm", "fighter": "ftr",
                              "bomber": "bmr", "battleship": "bb", "carrier": "cv",
                              "transport": "trn", "submarine": "sub", "aa_gun": "AA",
                              "factory": "IC"}
UNIT_ORDER = tuple(UNIT_SHORT)

# Theatres: the areas each must show; the picture is their box with a margin.
THEATRES: dict[str, tuple[Area, ...]] = {
    "Western Europe": ("United Kingdom", "Eire", "Finland Norway", "West Europe", "Germany",
                       "South Europe", "Spain", "North Sea Zone", "Baltic Sea Zone"),
    "Eastern Front": ("Karelia S.S.R.", "Russia", "East Europe", "Ukraine S.S.R.",
                      "Caucasus", "Finland Norway", "Turkey", "Kazakh S.S.R."),
    "Mediterranean": ("Gibraltar", "Algeria", "Libya", "Anglo Sudan Egypt", "Syria Jordan",
                      "Persia", "South Europe", "Turkey"),
    "Africa": ("French West Africa", "French Equatorial Africa", "Italian East Africa",
               "Congo", "Kenya-Rhodesia", "South Africa", "Anglo Sudan Egypt", "Madagascar"),
    "Asia": ("Novosibirsk", "Evenki National Okrug", "Yakut S.S.R.", "Soviet Far East",
             "Sinkiang", "China", "Mongolia", "Manchuria", "India", "Kwangtung",
             "French Indo China"),
    "Pacific": ("Japan", "Okinawa", "Philippines", "Wake Island", "Midway",
                "Caroline Islands", "Solomon Islands", "New Guinea", "Borneo Celebes",
                "East Indies", "Australia"),
    "Americas (Atlantic)": ("East Canada", "East US", "Cuba", "Panama", "Brazil", "Columbia",
                            "Peru", "North Atlantic Sea Zone"),
    "Americas (Pacific)": ("Alaska", "West Canada", "West US", "Mexico", "Hawaiian Islands",
                           "Midway"),
}
# Names too long for their cell, as the rulebook and players shorten them (PAA-1).
SHORT_NAMES: dict[Area, str] = {
    "East Mediteranean Sea Zone": "E Med", "Central Mediteranean Sea Zone": "C Med",
    "West Mediteranean Sea Zone": "W Med", "French Equatorial Africa": "FE Afr",
    "French West Africa": "FW Afr", "Italian East Africa": "It E Afr",
    "Anglo Sudan Egypt": "Egypt", "Evenki National Okrug": "Evenki",
    "French Indo China": "Fr Indo China", "Argentina-Chile": "Arg-Chile",
}

@dataclass(frozen=True)
class Frame:
    """Which part of the layout a picture shows, and at what scale."""

    left: float
    top: float
    scale: float
    width: int
    height: int

    def at(self, point: Sequence[float]) -> tuple[float, float]:
        return ((point[0] - self.left) * self.scale, (point[1] - self.top) * self.scale)


@cache
def frame(theatre: str | None) -> Frame:
    board = classic_map()
    lw, lh = board.layout_size
    if theatre is None:
        scale = WIDTH / lw
        return Frame(0, 0, scale, WIDTH, round(lh * scale))
    points = [xy(board, a) for a in THEATRES[theatre]]
    low_x, high_x = min(p[0] for p in points) - 45.0, max(p[0] for p in points) + 45.0
    low_y, high_y = min(p[1] for p in points) - 35.0, max(p[1] for p in points) + 35.0
    w = max(high_x - low_x, (high_y - low_y) * 1.5)
    left = min(max(0.0, (low_x + high_x) / 2 - w / 2), lw - w)
    h = min(lh - max(0.0, low_y), w / 1.25)
    top = max(0.0, min(low_y, lh - h))
    scale = WIDTH / w
    return Frame(left, top, scale, WIDTH, round(h * scale))


EDGE_INDEX, PAPER_INDEX = 255, 254


@cache
def _cells_for(theatre: str | None) -> Image.Image:
    """The picture's index image, cached: each pixel the number of its area (a palette
    entry), the borders and the band underneath baked in as two more entries, so that a
    render colours the whole map by setting a palette, not by drawing it."""
    f = frame(theatre)
    box = (f.left, f.top, f.left + f.width / f.scale, f.top + f.height / f.scale)
    crop = (float(round(box[0])), float(round(box[1])), float(round(box[2])),
            float(round(box[3])))
    if f.scale > 2:  # zoomed: round the cells' stairs off at half size, where it is cheap
        half = cells().resize((f.width // 2, f.height // 2), Image.Resampling.NEAREST,
                              box=crop).filter(ImageFilter.ModeFilter(3))
        index = half.resize((f.width, f.height), Image.Resampling.NEAREST)
    else:
        index = cells().resize((f.width, f.height), Image.Resampling.NEAREST, box=crop)
    edges = index.filter(ImageFilter.FIND_EDGES).point(lambda v: 255 if v else 0)
    width = max(1, round(f.scale / 1.6))
    if width > 1:
        edges = edges.filter(ImageFilter.MaxFilter(width | 1))
    index.paste(EDGE_INDEX, (0, 0), edges)
    whole = Image.new("L", (f.width, f.height + _band_height()), PAPER_INDEX)
    whole.paste(index, (0, 0))
    return whole


def _palette(owner: Mapping[Area, Power]) -> list[int]:
    board = classic_map()
    flat: list[int] = []
    for area in areas():
        if area in board.sea:
            colour = SEA
        else:
            colour = POWER_COLOURS.get(owner.get(area, ""), NEUTRAL)
        flat += colour
    flat += [0] * (3 * PAPER_INDEX - len(flat))
    return flat + list(PAPER) + list(LAND_EDGE)


def _position(view: Mapping[str, Any]) -> Mapping[str, Any]:
    return view.get("position") or view


def render(view: Mapping[str, Any], *, theatre: str | None = None) -> bytes:
    """The world (or one theatre) as a PNG: owners, unit stacks, the round's moves."""
    return encode.png(picture(view, theatre=theatre))


def picture(view: Mapping[str, Any], *, theatre: str | None = None) -> Image.Image:
    """The finished RGB picture before the encode (a game's render draws on it)."""
    if theatre is not None and theatre not in THEATRES:
        raise ValueError(f"unknown theatre {theatre!r}")
    board = classic_map()
    f = frame(theatre)
    position = _position(view)
    owner: Mapping[Area, Power] = position.get("owner", {})
    index = _cells_for(theatre).copy()
    index.putpalette(_palette(owner))
    image = index.convert("RGB")
    band = _band_height()
    pen = Pen(image)
    _moves(pen, board, f, view.get("moves") or [])
    pen.draw.rectangle([0, f.height, f.width, f.height + band], fill=PAPER)  # arrows end here
    if theatre is None:
        _world_marks(pen, board, f, owner, position.get("units", {}))
    else:
        _theatre_labels(pen, board, f, owner, position.get("units", {}), theatre)
    _band(pen, f, band, view, theatre)
    return image


def theatres_for(view: Mapping[str, Any]) -> list[str]:
    """The theatres that show the round's moves, the best first: each end of a move scores
    two for a theatre it belongs to and one for a theatre that merely shows it."""
    scores: dict[str, int] = {}
    for move in view.get("moves") or []:
        ends = [a for a in (move.get("from"), move.get("to")) if a in classic_map().areas]
        for name, members in THEATRES.items():
            score = sum(2 if a in members else 1 if _inside(frame(name), a) else 0
                        for a in ends)
            if score:
                scores[name] = scores.get(name, 0) + score
    return sorted(scores, key=lambda n: (-scores[n], list(THEATRES).index(n)))


def _inside(f: Frame, area: Area) -> bool:
    x, y = f.at(xy(classic_map(), area))
    return 0 <= x <= f.width and 0 <= y <= f.height


# ----- drawing -------------------------------------------------------------------------


def _band_height() -> int:
    return 2 * min_size(WIDTH) + 40


def _band(pen: Pen, f: Frame, band: int, view: Mapping[str, Any], theatre: str | None) -> None:
    """The line under the map: round, whose turn, and each power's treasury (income)."""
    size = min_size(WIDTH)
    y = f.height + 10
    title = theatre or "The world"
    parts = [title]
    if view.get("round"):
        parts.append(f"round {view['round']}")
    if view.get("current"):
        parts.append(f"{view['current']} to play")
    if view.get("phase"):
        parts.append(str(view["phase"]))
    pen.text((16, y), " · ".join(parts), Style(size, bold=True), INK)
    treasury = _position(view).get("treasury", {})
    income = view.get("income", {})
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


def _moves(pen: Pen, board: AAMap, f: Frame, moves: Sequence[Mapping[str, Any]]) -> None:
    width = max(4, round(f.scale * 2.5))
    for move in moves:
        start, end = move.get("from"), move.get("to")
        if start not in board.areas or end not in board.areas or start == end:
            continue
        colour = POWER_COLOURS.get(str(move.get("power")), INK)
        (x0, y0), (x1, y1) = f.at(xy(board, start)), f.at(xy(board, end))
        pen.draw.line([(x0, y0), (x1, y1)], fill=INK, width=width + 4)
        pen.draw.line([(x0, y0), (x1, y1)], fill=colour, width=width)
        _arrow_head(pen.draw, (x0, y0), (x1, y1), colour, width * 4)


def _arrow_head(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float],
                colour: RGB, size: float) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    back = (b[0] - ux * size, b[1] - uy * size)
    left = (back[0] - uy * size / 2, back[1] + ux * size / 2)
    right = (back[0] + uy * size / 2, back[1] - ux * size / 2)
    draw.polygon([b, left, right], fill=colour, outline=INK)


def _world_marks(pen: Pen, board: AAMap, f: Frame, owner: Mapping[Area, Power],
                 units: Mapping[Area, Mapping[Power, Mapping[str, int]]]) -> None:
    """The world picture: each land area's owner letter and IPC value, a dot per stack.

    These marks are for orientation (the theatre pictures carry the readable labels), so
    they are drawn small and marked as not needed at chat size."""
    small = Style(18, bold=True)
    for area, info in board.land.items():
        x, y = f.at(info.xy)
        power = owner.get(area)
        letter = POWER_LETTERS.get(power or "", "")
        label = f"{letter}{info.ipc}" if info.ipc else letter or "·"
        colour = POWER_COLOURS.get(power or "", NEUTRAL)
        pen.text((x, y), label, small, ink_on(colour), anchor="mm", needed=False)
    for area, by in units.items():
        if area not in board.areas:
            continue
        x, y = f.at(xy(board, area))
        for i, power in enumerate(p for p in POWERS if by.get(p)):
            count = sum(n for k, n in by[power].items() if k != "factory")
            if not count:
                continue
            cx = x - 14 + i * 16
            pen.draw.ellipse([cx - 7, y + 13, cx + 7, y + 27], fill=POWER_COLOURS[power],
                             outline=INK)


def _short_name(area: Area) -> str:
    if area in SHORT_NAMES:
        return SHORT_NAMES[area]
    return (area.replace(" Sea Zone", " Sea").replace(" S.S.R.", "").replace("Islands", "Is.")
            .strip())


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


def _place(labels: list[_Label], f: Frame, size: int) -> list[tuple[_Label, float, float]]:
    """Put each label's box near its point where it overlaps no other (greedy: the
    labels with most units first); returns each label with its box's top-left."""
    placed: list[tuple[float, float, float, float]] = []
    out: list[tuple[_Label, float, float]] = []
    step = size * 0.8
    offsets = [(0.0, 0.0)] + [(dx * r * step, dy * r * step) for r in range(1, 8)
                              for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1),
                                             (1, -1), (-1, -1))]
    for label in sorted(labels, key=lambda b: -b.height * b.width):
        best: tuple[float, float, float] | None = None
        spots = []
        for dx, dy in offsets:
            left = label.point[0] - label.width / 2 + dx
            top = label.point[1] - (size + 8) + dy
            left = min(max(4.0, left), f.width - label.width - 4)
            top = min(max(4.0, top), f.height - label.height - 4)
            spots.append((left, top))
        # Only the boxes within reach of some spot can overlap it (the same sums, faster).
        reach = (min(x for x, _ in spots) - 3, min(y for _, y in spots) - 3,
                 max(x for x, _ in spots) + label.width + 3,
                 max(y for _, y in spots) + label.height + 3)
        near = [o for o in placed if min(reach[2], o[2]) > max(reach[0], o[0])
                and min(reach[3], o[3]) > max(reach[1], o[1])]
        for left, top in spots:
            box = (left - 3, top - 3, left + label.width + 3, top + label.height + 3)
            overlap = sum(max(0.0, min(box[2], o[2]) - max(box[0], o[0]))
                          * max(0.0, min(box[3], o[3]) - max(box[1], o[1])) for o in near)
            if best is None or overlap < best[0]:
                best = (overlap, left, top)
            if overlap == 0:
                break
        assert best is not None
        _, left, top = best
        placed.append((left - 3, top - 3, left + label.width + 3, top + label.height + 3))
        out.append((label, left, top))
    return out


def _theatre_labels(pen: Pen, board: AAMap, f: Frame, owner: Mapping[Area, Power],
                    units: Mapping[Area, Mapping[Power, Mapping[str, int]]],
                    theatre: str) -> None:
    """Every area in the frame: its name and IPC value, and each power's units by kind,
    placed so that no two labels cover each other (a leader line when moved off)."""
    size = min_size(WIDTH)
    labels: list[_Label] = []
    for area in areas():
        x, y = f.at(xy(board, area))
        if not (0 <= x <= f.width and 0 <= y <= f.height):
            continue
        name = _short_name(area)
        if area in board.land and board.land[area].ipc:
            name += f" {board.land[area].ipc}"
        labels.append(_label(area, (x, y), name, units.get(area, {}), size))
    style, bold = Style(size), Style(size, bold=True)
    for label, left, top in _place(labels, f, size):
        x, y = label.point
        sea = label.area in board.sea
        colour = SEA if sea else POWER_COLOURS.get(owner.get(label.area, ""), NEUTRAL)
        moved = not (left - 2 <= x <= left + label.width + 2
                     and top - 2 <= y <= top + label.height + 2)
        if moved:
            pen.draw.line([(x, y), (left + label.width / 2, top + label.height / 2)],
                          fill=INK, width=2)
            pen.draw.ellipse([x - 5, y - 5, x + 5, y + 5], fill=INK)
            pen.draw.rounded_rectangle([left - 3, top - 3, left + label.width + 3,
                                        top + size + 10], radius=6, fill=colour, outline=INK)
        pen.text((left + label.width / 2, top + (size + 6) / 2), label.name, bold,
                 ink_on(colour), anchor="mm", stroke_width=0 if moved else 3,
                 stroke_fill=colour)
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
                         Style(size, bold=True), ink_on(chip_colour), anchor="mm")
            pen.text((left + size + 12, line_y + (size + 6) / 2), text, style, INK, anchor="lm")
            line_y += size + 8
