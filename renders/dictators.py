"""Revenge of the Dictators: North America, drawn from the public view only (`game.view(None)`).

`render(view)` -> the map of the game's data set (a group's own printing included: the map
comes with the view's `data` option): every location with its code, the roads, the dotted
international flights, the time zones as tinted bands with their names, the nuclear bases
with their zone (1 to 4) and, when disarmed, the letter of the dictator whose card it was; a
face-down Nuclear Zone 4 token (?) on the bases still carrying one; roadblocks (X on the road);
no-fly zones (the time zone hatched, and named); the Trident with its warheads while it is on
the board; the White House in Washington D.C.; the meeples as lettered discs in their seats'
colours. Above the map the turn and the DEFCON track; under it, a line per dictator (where,
cards in hand as a count, bases disarmed and the d20 the President needs, tokens, cards
lying with them) and the table's state in words.

The public view holds no hand, no face-down Nuclear Zone card and no token's numeral, so none
can reach the image. The still map (land, zones, roads, flights, locations) is drawn once per
map and process. Every colour comes with a letter, a digit or a word.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from engine.games.dictators.datafiles import game_data
from engine.games.dictators.schema import MapData
from renders import palette
from renders.encode import png
from renders.registry import Pictures, register
from renders.text import Drawn, Pen, Style, fit, min_size, recording, replay, wrap

RGB = tuple[int, int, int]

WIDTH = 1280
MIN = min_size(WIDTH)  # 21 px: 9 px when shown 550 px wide
TEXT = Style(MIN)
BOLD = Style(MIN, bold=True)
HEAD = Style(MIN + 6, bold=True)
SMALL = Style(MIN - 4)  # decoration only
SCALE = 1.24
MAP_X, MAP_Y = 20, 92
MAP_H = int(700 * SCALE) + 10
PANEL_Y = MAP_Y + MAP_H
LINE = MIN + 9
PAD = 20

SEA: RGB = (204, 222, 236)
INK: RGB = (28, 30, 38)
MUTED: RGB = (92, 96, 110)
PAPER: RGB = (248, 246, 239)
ROAD: RGB = (128, 116, 98)
FLIGHT: RGB = (24, 84, 150)
PILL: RGB = (255, 255, 255)
CAPITAL: RGB = (240, 200, 70)
TOKEN: RGB = (60, 60, 66)
BARRIER: RGB = (250, 220, 40)
NO_FLY: RGB = (170, 40, 40)
TRIDENT: RGB = (20, 40, 90)
LAND: dict[str, RGB] = {"CA": (232, 226, 212), "MX": (238, 220, 196), "other": (224, 224, 224)}
# Time zones by their place west to east; each also named on the map.
ZONE_TINT: dict[int, RGB] = {0: (222, 236, 212), 1: (247, 226, 204), 2: (228, 240, 210),
                             3: (246, 236, 194), 4: (224, 230, 248)}
# Nuclear zones: the badge's colour, always with its digit.
NUCLEAR: dict[int, RGB] = {1: palette.COLOURS["blue"], 2: palette.COLOURS["orange"],
                           3: palette.COLOURS["green"], 4: palette.COLOURS["pink"]}
LETTERS = "ABCDE"


def xy(x: float, y: float) -> tuple[int, int]:
    return round(MAP_X + x * SCALE), round(MAP_Y + y * SCALE)


def seat_colours(order: Sequence[str]) -> dict[str, RGB]:
    return {seat: palette.seat_colour(i, i) for i, seat in enumerate(order)}


def seat_letters(order: Sequence[str]) -> dict[str, str]:
    return {seat: LETTERS[i % len(LETTERS)] for i, seat in enumerate(order)}


# ----- the still map ------------------------------------------------------------------------


def _pill_box(pen: Pen, cx: int, cy: int, code: str) -> tuple[int, int, int, int]:
    w = pen.length(code, BOLD) + 14
    return (round(cx - w / 2), cy - 15, round(cx + w / 2), cy + 15)


def _dotted(draw: ImageDraw.ImageDraw, a: tuple[int, int], b: tuple[int, int], fill: RGB,
            width: int = 3, dash: int = 9, gap: int = 7) -> None:
    length = math.dist(a, b)
    if not length:
        return
    dx, dy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        end = min(length, t + dash)
        draw.line([(a[0] + dx * t, a[1] + dy * t), (a[0] + dx * end, a[1] + dy * end)],
                  fill=fill, width=width)
        t = end + gap


@cache
def still(board: MapData) -> tuple[Image.Image, Image.Image, list[Drawn]]:
    """Drawn once per map: the land with its time zones (RGB), and over it the network of
    roads, flights and locations (RGBA, so that a no-fly zone's hatching goes between)."""
    land = Image.new("RGB", (WIDTH, MAP_H), SEA)
    network = Image.new("RGBA", (WIDTH, MAP_H), (0, 0, 0, 0))
    locs = board.locations
    trident = board.special["trident"]
    order = {z.id: z.order for z in board.time_zones.values()}

    def at(lid: str) -> tuple[int, int]:
        x, y = xy(locs[lid].x, locs[lid].y)
        return x, y - MAP_Y

    with recording() as drawn:
        pen = Pen(land)
        for loc in sorted((loc for loc in locs.values() if loc.id != trident),
                          key=lambda loc: (loc.time_zone is not None, loc.country)):
            cx, cy = at(loc.id)
            tint = ZONE_TINT[order[loc.time_zone]] if loc.time_zone else LAND.get(
                loc.country, LAND["other"])
            pen.draw.ellipse((cx - 52, cy - 46, cx + 52, cy + 46), fill=tint)
        # The time zones' names, at the top of their band (Hawaii and Alaska beside them).
        for zone in board.time_zones.values():
            members = [loc for loc in locs.values() if loc.time_zone == zone.id]
            if not members:
                continue
            if zone.order == 0:
                cx, cy = at(members[0].id)
                pen.text((cx + 30, cy + 40), f"{zone.id} time", SMALL, MUTED, "lm",
                         needed=False)
                continue
            mean = sum(xy(m.x, m.y)[0] for m in members) / len(members)
            pen.text((mean, 14), f"{zone.id.upper()} TIME", BOLD, MUTED, "mm")
        pen = Pen(network)
        for road in board.roads:
            pen.draw.line([at(road.a), at(road.b)], fill=ROAD, width=4)
        for pair in board.flights:
            a, b = sorted(pair)
            _dotted(pen.draw, at(a), at(b), FLIGHT)
        for loc in locs.values():
            if loc.id == trident:
                continue
            cx, cy = at(loc.id)
            box = _pill_box(pen, cx, cy, loc.code)
            fill = CAPITAL if loc.id == board.special["capital"] else PILL
            pen.draw.rounded_rectangle(box, radius=9, fill=fill, outline=INK, width=2)
            pen.text((cx, cy), loc.code, BOLD, INK, "mm")
        cx, cy = at(board.special["capital"])
        pen.text((cx + 4, cy + 30), "White House", SMALL, INK, "mm", needed=False)
    return land, network, drawn


# ----- the view's marks on it --------------------------------------------------------------


def picture(view: Mapping[str, Any]) -> Image.Image:
    data = game_data(str((view.get("options") or {}).get("data", "")))
    board = data.map
    land, network, drawn = still(board)
    order = list(view.get("order") or view.get("seats") or [])
    rows = [(seat if i == 0 else None, part)
            for seat, line in panel_lines(view)
            for i, part in enumerate(wrap(line, TEXT, WIDTH - 2 * PAD - 40) or [""])]
    height = PANEL_Y + PAD + LINE * (len(rows) + 2) + PAD
    image = Image.new("RGB", (WIDTH, height), PAPER)
    image.paste(land, (0, MAP_Y))
    no_fly(image, board, view)
    image.paste(network, (0, MAP_Y), network)
    replay(drawn)
    pen = Pen(image)
    no_fly_names(pen, board, view)
    colours = seat_colours(order)
    letters = seat_letters(order)
    locs = board.locations
    trident = board.special["trident"]

    def at(lid: str) -> tuple[int, int]:
        return xy(locs[lid].x, locs[lid].y)

    header(pen, view, colours, letters)
    trident_mark(pen, board, view, at)
    for a, b in view.get("roadblocks") or ():
        if a in locs and b in locs:
            (ax, ay), (bx, by) = at(a), at(b)
            mx, my = (ax + bx) // 2, (ay + by) // 2
            pen.draw.rectangle((mx - 13, my - 13, mx + 13, my + 13), fill=BARRIER,
                               outline=INK, width=2)
            pen.text((mx, my), "X", BOLD, INK, "mm")
    owners = {(z, b): s for s, info in (view.get("nuclear") or {}).items()
              for z, b in ((d["zone"], d["base"]) for d in info.get("disarmed", []))}
    carrying = set(view.get("base_tokens") or ())
    for zone, bases in data.zones.items():
        for lid in bases:
            if lid not in locs or lid == trident:
                continue
            cx, cy = at(lid)
            box = _pill_box(pen, cx, cy, locs[lid].code)
            bx, by = box[2] + 2, box[1] - 2
            pen.draw.ellipse((bx - 14, by - 14, bx + 14, by + 14), fill=NUCLEAR[zone],
                             outline=INK, width=2)
            pen.text((bx, by), str(zone), BOLD, palette.ink_on(NUCLEAR[zone]), "mm")
            owner = owners.get((zone, lid))
            if owner is not None:
                ox, oy = box[0] - 2, box[1] - 2
                colour = colours.get(owner, palette.NEUTRALS[0])
                pen.draw.rectangle((ox - 14, oy - 14, ox + 14, oy + 14), fill=colour,
                                   outline=INK, width=2)
                pen.text((ox, oy), letters.get(owner, "?"), BOLD, palette.ink_on(colour),
                         "mm")
            if lid in carrying:
                tx, ty = box[2] + 2, box[3] + 2
                pen.draw.rectangle((tx - 12, ty - 12, tx + 12, ty + 12), fill=TOKEN,
                                   outline=PAPER, width=1)
                pen.text((tx, ty), "?", BOLD, PAPER, "mm")
    meeples(pen, view, order, colours, letters, at)
    table(pen, rows, colours, letters)
    return image


def header(pen: Pen, view: Mapping[str, Any], colours: Mapping[str, RGB],
           letters: Mapping[str, str]) -> None:
    current = view.get("current")
    dictator = (view.get("dictators") or {}).get(current, {}).get("name", "")
    if view.get("finished"):
        winners = " and ".join(str(w) for w in view.get("winners") or [])
        title = f"Revenge of the Dictators - {winners or 'nobody'} won"
    else:
        title = (f"Revenge of the Dictators - turn {view.get('turn_number')}: {current}"
                 + (f" ({dictator})" if dictator else ""))
    pen.text((PAD, 34), fit(title, HEAD, WIDTH - 430), HEAD, INK, "lm")
    level = int(view.get("defcon") or 5)
    x = WIDTH - PAD - 5 * 44
    pen.text((x - 12, 34), "DEFCON", BOLD, INK, "rm")
    for n in (5, 4, 3, 2, 1):
        box = (x, 14, x + 38, 54)
        on = n == level
        fill = palette.COLOURS["red"] if on else PAPER
        pen.draw.rectangle(box, fill=fill, outline=INK, width=3 if on else 1)
        pen.text((x + 19, 34), str(n), BOLD, palette.ink_on(fill) if on else MUTED, "mm")
        x += 44


def no_fly(image: Image.Image, board: MapData, view: Mapping[str, Any]) -> None:
    """A closed time zone: hatched across its locations' land, and named in red."""
    closed = set(view.get("no_fly") or ())
    if not closed:
        return
    mask = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(mask)
    for loc in board.locations.values():
        if loc.time_zone in closed:
            cx, cy = xy(loc.x, loc.y)
            draw.ellipse((cx - 52, cy - 46, cx + 52, cy + 46), fill=120)
    hatch = Image.new("L", image.size, 0)
    hd = ImageDraw.Draw(hatch)
    for x in range(-image.height, image.width, 18):
        hd.line([(x, MAP_Y + MAP_H), (x + MAP_H, MAP_Y)], fill=255, width=3)
    image.paste(NO_FLY, (0, 0), ImageChops.multiply(mask, hatch))


def no_fly_names(pen: Pen, board: MapData, view: Mapping[str, Any]) -> None:
    for zone in view.get("no_fly") or ():
        members = [loc for loc in board.locations.values() if loc.time_zone == zone]
        if not members:
            continue
        mean = sum(xy(m.x, m.y)[0] for m in members) / len(members)
        top = min(xy(m.x, m.y)[1] for m in members)
        pen.text((mean, top - 40), f"NO-FLY ZONE: {zone.upper()}", BOLD, NO_FLY, "mm",
                 stroke_width=3, stroke_fill=PAPER)


def trident_mark(pen: Pen, board: MapData, view: Mapping[str, Any], at: Any) -> None:
    info = view.get("trident") or {}
    if info.get("state") != "on board":
        return
    spot = board.special["trident"]
    tx, ty = at(spot)
    for link in board.trident_links:
        _dotted(pen.draw, (tx, ty), at(link), TRIDENT)
    label = f"TRIDENT: {info.get('warheads', 0)} warheads"
    w = pen.length(label, BOLD) + 16
    pen.draw.rounded_rectangle((tx - w / 2, ty - 16, tx + w / 2, ty + 16), radius=8,
                               fill=TRIDENT, outline=PAPER, width=2)
    pen.text((tx, ty), label, BOLD, PAPER, "mm")


def meeples(pen: Pen, view: Mapping[str, Any], order: Sequence[str],
            colours: Mapping[str, RGB], letters: Mapping[str, str], at: Any) -> None:
    """Each dictator's meeple as a disc in its seat's colour with its letter, round the
    location it stands on (under it, left to right)."""
    places: dict[str, list[str]] = {}
    for seat in order:
        where = (view.get("locations") or {}).get(seat)
        if where is not None:
            places.setdefault(where, []).append(seat)
    current = view.get("current")
    for where, seats in places.items():
        try:
            cx, cy = at(where)
        except KeyError:
            continue
        n = len(seats)
        for i, seat in enumerate(seats):
            mx = round(cx + (i - (n - 1) / 2) * 32)
            my = cy + 34
            colour = colours[seat]
            if seat == current:
                pen.draw.ellipse((mx - 19, my - 19, mx + 19, my + 19), outline=INK, width=3)
            pen.draw.ellipse((mx - 15, my - 15, mx + 15, my + 15), fill=colour, outline=INK,
                             width=2)
            pen.text((mx, my), letters[seat], BOLD, palette.ink_on(colour), "mm")


# ----- the table under the map ---------------------------------------------------------------


def seat_line(view: Mapping[str, Any], seat: str) -> str:
    info = (view.get("dictators") or {}).get(seat, {})
    nuclear = (view.get("nuclear") or {}).get(seat, {})
    where = (view.get("locations") or {}).get(seat, "?")
    cards = (view.get("hand_sizes") or {}).get(seat, 0)
    held = (view.get("tokens_held") or {}).get(seat, 0)
    used = (view.get("tokens_revealed") or {}).get(seat, [])
    parts = [f"{seat} ({info.get('name', '?')} “{info.get('title', '')}”) at {where}",
             f"{cards} card{'s' if cards != 1 else ''}",
             f"{nuclear.get('counted', 0)} of zones 1-3 disarmed, the President needs "
             f"{nuclear.get('needs', 20)}",
             f"tokens {held}" + (f" (used {', '.join(used)})" if used else "")]
    lying = [e for e in view.get("in_play") or () if e.get("holder") == seat]
    if lying:
        parts.append("with " + ", ".join(
            str(e.get("card")) + (f" ({e['turns']} turns)" if e.get("turns") else "")
            for e in lying))
    skips = (view.get("skips") or {}).get(seat, 0)
    if skips:
        parts.append(f"skips {skips} turn{'s' if skips != 1 else ''}")
    if seat in (view.get("reserved") or ()):
        parts.append("keeps a Presidential card")
    return ": ".join(parts[:1]) + "; " + "; ".join(parts[1:]) + "."


def panel_lines(view: Mapping[str, Any]) -> list[tuple[str | None, str]]:
    """The table under the map: (the seat a line is about, or None; the line)."""
    order = list(view.get("order") or view.get("seats") or [])
    lines: list[tuple[str | None, str]] = [(s, seat_line(view, s)) for s in order]
    lines.append((None, president(view)))
    lines.append((None, waiting(view)))
    roll = view.get("last_roll")
    if roll:
        die = "d20 for the President" if roll.get("die") == 20 else "d6 to disarm"
        lines.append((None, f"Last roll: {roll.get('seat')} rolled {roll.get('total')} on the "
                            f"{die} (needed {roll.get('need')})."))
    trident = view.get("trident") or {}
    state = {"waiting": "not yet surfaced", "on board": f"in the {trident.get('location')} "
             f"with {trident.get('warheads')} warheads", "gone": "gone"}.get(
        str(trident.get("state")), "?")
    closed = ", ".join(view.get("no_fly") or []) or "none"
    lines.append((None, f"Roadblocks: {len(view.get('roadblocks') or [])} of 30. No-fly "
                        f"zones: {closed}. The Trident: {state}."))
    lines.append((None, f"Command deck: {view.get('command_deck')} cards, "
                        f"{len(view.get('command_discards') or [])} discarded. Founding "
                        f"Fathers left: {view.get('founder_supply')}. Presidential deck: "
                        f"{view.get('president_deck')}."))
    lines.append((None, "Key: a digit 1-4 marks a nuclear base of that zone; a lettered square "
                        "beside it, the dictator who disarmed it; a lettered disc, a "
                        "dictator's meeple; ? a face-down Nuclear Zone 4 token; X a roadblock; "
                        "dotted lines, international flights."))
    return lines


def president(view: Mapping[str, Any]) -> str:
    """Where the President stands: in the White House, or driven out by the winner."""
    winners = view.get("winners") or []
    if view.get("finished") and winners:
        return f"The President has been driven out of the White House by {winners[0]}."
    trial = (view.get("turn") or {}).get("president") or {}
    seat = (view.get("turn") or {}).get("seat")
    if trial.get("card"):
        return (f"The President is in the White House. {seat} drew “{trial['card']}” this "
                "turn" + (f" and rolled {trial.get('roll')} (needed {trial.get('need')})."
                          if trial.get("present") and trial.get("roll") else "."))
    return "The President is in the White House (confronted from Washington D.C., DC)."


def waiting(view: Mapping[str, Any]) -> str:
    if view.get("finished"):
        return "The game is over."
    decision = view.get("decision") or {}
    if decision.get("kind") == "window" and decision.get("awaiting"):
        return ("Waiting for " + ", ".join(decision["awaiting"]) + " to play an Interruption "
                "or pass.")
    if decision.get("seat"):
        return f"Waiting for {decision['seat']}."
    turn = view.get("turn") or {}
    return (f"{view.get('current')} is playing: {turn.get('actions', 0)} actions left, "
            f"the Walk {'used' if turn.get('walked') else 'left'}.")


def table(pen: Pen, rows: Sequence[tuple[str | None, str]], colours: Mapping[str, RGB],
          letters: Mapping[str, str]) -> None:
    y = PANEL_Y + PAD
    pen.draw.line([(0, PANEL_Y), (WIDTH, PANEL_Y)], fill=MUTED, width=2)
    pen.text((PAD, y + LINE / 2), "THE TABLE", BOLD, MUTED, "lm")
    y += LINE
    for seat, line in rows:
        cy = y + LINE / 2
        if seat is not None:
            colour = colours[seat]
            pen.draw.ellipse((PAD, cy - 14, PAD + 28, cy + 14), fill=colour, outline=INK,
                             width=2)
            pen.text((PAD + 14, cy), letters[seat], BOLD, palette.ink_on(colour), "mm")
        pen.text((PAD + 40, cy), line, TEXT, INK, "lm")
        y += LINE


def render(view: Mapping[str, Any]) -> bytes:
    """What the bot posts when a turn ends: `picture`, encoded once."""
    return png(picture(view))


register("dictators", Pictures(board=render))
