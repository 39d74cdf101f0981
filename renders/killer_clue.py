"""The Killer Clue mansion, drawn from the public view only.

`render(game.view(None))` draws the 24 x 25 grid: the nine rooms with their names, doors
and secret passages; every corridor square with the label players type in `/clue go`
(column letter, row number); the pawns in the suspects' colours with a text label; the
weapons in their rooms (or carried beside a pawn); candles, locked doors, the Butler and
Maid; and, beside the board, the suspects who have disappeared, died or left, the round,
the cards played face up, the last Danger round's cards and the last roll. Everything
coloured also carries a printed label.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

from engine.games.killer_clue import board
from renders.text import Font, load_font, wrap

RGB = tuple[int, int, int]

CELL = 38
MARGIN = 28  # room for the coordinate labels
PANEL_W = 500
BG: RGB = (30, 28, 34)
CORRIDOR: RGB = (222, 205, 160)
CORRIDOR_EDGE: RGB = (190, 172, 126)
CORRIDOR_INK: RGB = (150, 132, 90)
WALL: RGB = (52, 48, 56)
CENTRE: RGB = (80, 60, 48)
INK: RGB = (240, 236, 228)
DARK_INK: RGB = (28, 26, 30)
MUTED: RGB = (165, 160, 170)
DOOR: RGB = (250, 220, 90)
LOCK: RGB = (200, 50, 50)
CANDLE: RGB = (255, 190, 60)
STAFF: RGB = (90, 170, 230)
PANEL: RGB = (44, 41, 50)

ROOM_FILL: dict[str, RGB] = {
    "Kitchen": (126, 150, 118), "Ballroom": (150, 120, 150), "Conservatory": (110, 150, 140),
    "Billiard Room": (96, 132, 100), "Library": (140, 112, 88), "Study": (120, 110, 150),
    "Hall": (150, 130, 100), "Lounge": (160, 104, 104), "Dining Room": (130, 120, 90),
}
PAWN: dict[str, RGB] = {"red": (200, 40, 40), "yellow": (230, 200, 40),
                        "white": (245, 245, 245), "green": (40, 150, 70),
                        "blue": (50, 90, 210), "purple": (130, 60, 160)}
SHORT = {"Miss Scarlet": "Sc", "Col. Mustard": "Mu", "Mrs. White": "Wh", "Mr. Green": "Gr",
         "Mrs. Peacock": "Pe", "Prof. Plum": "Pl"}
WEAPON_SHORT = {"Candlestick": "Candlestick", "Knife": "Knife", "Lead Pipe": "Lead Pipe",
                "Revolver": "Revolver", "Rope": "Rope", "Wrench": "Wrench"}



def _room_of(x: int, y: int) -> str | None:
    if not (0 <= x < board.WIDTH and 0 <= y < board.HEIGHT):
        return None
    return board.ROOM_LETTERS.get(board.GRID[y][x].upper())


def _room_boxes() -> dict[str, tuple[int, int, int, int]]:
    """Each room's largest rectangle of room cells (x0, y0, x1, y1), inclusive: where its
    name, badges, pawns and weapons are drawn (rooms are not all rectangles)."""
    cells: dict[str, set[tuple[int, int]]] = {}
    for y, row in enumerate(board.GRID):
        for x, _ in enumerate(row):
            room = _room_of(x, y)
            if room is not None:
                cells.setdefault(room, set()).add((x, y))
    boxes: dict[str, tuple[int, int, int, int]] = {}
    for room, own in cells.items():
        xs = sorted({x for x, _ in own})
        ys = sorted({y for _, y in own})
        best, area = (xs[0], ys[0], xs[0], ys[0]), 0
        for x0 in xs:
            for y0 in ys:
                for x1 in xs:
                    for y1 in ys:
                        size = (x1 - x0 + 1) * (y1 - y0 + 1)
                        if x1 < x0 or y1 < y0 or size <= area:
                            continue
                        if all((x, y) in own for x in range(x0, x1 + 1)
                               for y in range(y0, y1 + 1)):
                            best, area = (x0, y0, x1, y1), size
        boxes[room] = best
    return boxes


BOXES = _room_boxes()


def _xy(x: int, y: int) -> tuple[int, int]:
    return MARGIN + x * CELL, MARGIN + y * CELL


def _contrast(colour: RGB) -> RGB:
    return DARK_INK if sum(colour) > 400 else INK


def _pawn(draw: ImageDraw.ImageDraw, cx: int, cy: int, seat: str, colour: RGB,
          font: Font, radius: int = 15) -> None:
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour,
                 outline=DARK_INK, width=2)
    draw.text((cx, cy), SHORT.get(seat, seat[:2]), fill=_contrast(colour), font=font,
              anchor="mm")



def render(view: dict[str, Any], *, coordinates: bool = True) -> bytes:
    """A PNG of the mansion and the table, from `game.view(None)` only.

    `coordinates`: print each corridor square's label (for `/clue go to:`).
    """
    board_w = MARGIN + board.WIDTH * CELL + 8
    board_h = MARGIN + board.HEIGHT * CELL + 8
    width = board_w + PANEL_W
    height = max(board_h, 980)
    image = Image.new("RGB", (width, height), BG)
    draw = ImageDraw.Draw(image)
    tiny, small, mid, big = load_font(10), load_font(13), load_font(16), load_font(22)
    suspects: dict[str, dict[str, Any]] = view.get("suspects", {})
    weapons: dict[str, str | None] = view.get("weapons", {})
    candles = set(view.get("candles", []))
    locked = set(view.get("locked", []))
    staff: dict[str, str] = view.get("staff", {})

    # Axis labels.
    for x in range(board.WIDTH):
        cx = MARGIN + x * CELL + CELL // 2
        draw.text((cx, MARGIN // 2), board.COLUMNS[x], fill=MUTED, font=small, anchor="mm")
    for y in range(board.HEIGHT):
        cy = MARGIN + y * CELL + CELL // 2
        draw.text((MARGIN // 2, cy), str(y + 1), fill=MUTED, font=small, anchor="mm")

    # Cells.
    for y, row in enumerate(board.GRID):
        for x, ch in enumerate(row):
            x0, y0 = _xy(x, y)
            box = (x0, y0, x0 + CELL - 1, y0 + CELL - 1)
            room = board.ROOM_LETTERS.get(ch.upper())
            if room is not None:
                draw.rectangle(box, fill=ROOM_FILL[room])
            elif ch == "X":
                draw.rectangle(box, fill=CENTRE)
            elif board.walkable((x, y)):
                draw.rectangle(box, fill=CORRIDOR, outline=CORRIDOR_EDGE)
                if coordinates:
                    draw.text((x0 + 3, y0 + 2), board.label((x, y)), fill=CORRIDOR_INK,
                              font=tiny)
            else:
                draw.rectangle(box, fill=WALL)

    # Room walls, along every edge between a room cell and anything else (red if locked).
    for y, row in enumerate(board.GRID):
        for x, _ in enumerate(row):
            room = _room_of(x, y)
            if room is None:
                continue
            colour, width_ = (LOCK, 5) if room in locked else (DARK_INK, 2)
            x0, y0 = _xy(x, y)
            x1, y1 = x0 + CELL - 1, y0 + CELL - 1
            if _room_of(x, y - 1) != room:
                draw.line((x0, y0, x1, y0), fill=colour, width=width_)
            if _room_of(x, y + 1) != room:
                draw.line((x0, y1, x1, y1), fill=colour, width=width_)
            if _room_of(x - 1, y) != room:
                draw.line((x0, y0, x0, y1), fill=colour, width=width_)
            if _room_of(x + 1, y) != room:
                draw.line((x1, y0, x1, y1), fill=colour, width=width_)

    # Rooms: name, badges (locked, candles, Butler, Maid), weapons.
    boxes = BOXES
    for room, (bx0, by0, bx1, by1) in boxes.items():
        x0, y0 = _xy(bx0, by0)
        x1, y1 = _xy(bx1 + 1, by1 + 1)
        is_locked = room in locked
        draw.text(((x0 + x1) // 2, y0 + 14), room.upper(), fill=INK, font=mid, anchor="mm")
        badges: list[tuple[str, RGB]] = []
        if is_locked:
            badges.append(("LOCKED", LOCK))
        if room in candles:
            badges.append(("CANDLES", CANDLE))
        for name, where in staff.items():
            if where == room:
                badges.append((name.upper(), STAFF))
        bx = x0 + 6
        for text, colour in badges:
            w = int(draw.textlength(text, font=small)) + 10
            draw.rounded_rectangle((bx, y0 + 26, bx + w, y0 + 44), radius=5, fill=colour)
            draw.text((bx + 5, y0 + 35), text, fill=_contrast(colour), font=small, anchor="lm")
            bx += w + 4
        held = [w for w, r in weapons.items() if r == room]
        wy = y1 - 16 * len(held) - 6
        for weapon in held:
            draw.text((x0 + 8, wy), f"[{WEAPON_SHORT.get(weapon, weapon)}]", fill=INK,
                      font=small)
            wy += 16
    for door in board.DOORS:
        (x, y), (fx, fy) = door.cell, door.faces
        x0, y0 = _xy(x, y)
        if fx:
            edge = x0 + (CELL - 4 if fx > 0 else 0)
            draw.rectangle((edge, y0 + 6, edge + 4, y0 + CELL - 6), fill=DOOR)
        else:
            edge = y0 + (CELL - 4 if fy > 0 else 0)
            draw.rectangle((x0 + 6, edge, x0 + CELL - 6, edge + 4), fill=DOOR)
    for room, (px, py) in board.data()["passage_squares"].items():
        x0, y0 = _xy(px, py)
        draw.rectangle((x0 + 2, y0 + 2, x0 + CELL - 3, y0 + CELL - 3), outline=DOOR, width=2)
        draw.text((x0 + CELL // 2, y0 + CELL // 2), "SP", fill=DOOR, font=small, anchor="mm")
        target = board.PASSAGES[room]
        draw.text((x0 + CELL // 2, y0 + CELL + 2 if py < 12 else y0 - 12),
                  f"to {target}", fill=INK, font=tiny, anchor="mt" if py < 12 else "mm")

    # Pawns: in corridors on their square, in rooms in a row under the room's name.
    in_room: dict[str, list[str]] = {}
    for seat, info in suspects.items():
        location = info.get("location")
        if location is None:
            continue
        colour = PAWN.get(info.get("colour", ""), (128, 128, 128))
        if board.is_room(location):
            in_room.setdefault(location, []).append(seat)
            continue
        square = board.parse_square(location)
        if square is None:
            continue
        x0, y0 = _xy(*square)
        _pawn(draw, x0 + CELL // 2, y0 + CELL // 2, seat, colour, small)
        if info.get("carrying"):
            draw.text((x0 + CELL // 2, y0 + CELL + 1), info["carrying"], fill=INK, font=tiny,
                      anchor="mt")
    for room, seats in in_room.items():
        bx0, by0, bx1, by1 = boxes[room]
        x0, y0 = _xy(bx0, by0)
        x1, _ = _xy(bx1 + 1, by1)
        cy = y0 + 66
        cx = x0 + 24
        for seat in seats:
            if cx > x1 - 20:
                cx, cy = x0 + 24, cy + 36
            colour = PAWN.get(suspects[seat].get("colour", ""), (128, 128, 128))
            _pawn(draw, cx, cy, seat, colour, small)
            cx += 36

    _panel(draw, view, board_w, height, (tiny, small, mid, big))
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _panel(draw: ImageDraw.ImageDraw, view: dict[str, Any], left: int, height: int,
           fonts: tuple[Font, Font, Font, Font]) -> None:
    tiny, small, mid, big = fonts
    x0, x1 = left + 8, left + PANEL_W - 12
    draw.rounded_rectangle((x0, 8, x1, height - 8), radius=10, fill=PANEL)
    x = x0 + 14
    y = 22
    draw.text((x, y), "KILLER CLUE", fill=INK, font=big)
    y += 32
    round_name = view.get("round", "")
    second = "second " if view.get("second_round") and round_name != "investigation" else ""
    status = "Game over" if view.get("finished") else \
        f"Turn {view.get('turn', '?')}: {second}{round_name} round"
    draw.text((x, y), status, fill=INK, font=mid)
    y += 22
    if view.get("current"):
        draw.text((x, y), f"Turn of: {view['current']}", fill=MUTED, font=small)
        y += 18
    awaiting = view.get("awaiting") or []
    if awaiting:
        for line in wrap(draw, "Waiting for: " + ", ".join(awaiting), small, x1 - x - 10):
            draw.text((x, y), line, fill=MUTED, font=small)
            y += 17
    first = view.get("first_player")
    if first:
        draw.text((x, y), f"Moves first: {first}", fill=MUTED, font=small)
        y += 17
    roll = view.get("last_roll")
    if roll:
        dice = roll.get("dice", [])
        draw.text((x, y), f"Last roll: {roll.get('seat')} {'+'.join(map(str, dice))} = "
                  f"{sum(dice)}", fill=MUTED, font=small)
        y += 17
    y += 10

    draw.text((x, y), "SUSPECTS", fill=INK, font=mid)
    y += 24
    labels = {"playing": "", "missing": "DISAPPEARED (beside the board)",
              "dead": "MURDERED", "out": "OUT (wrong accusation)"}
    for seat, info in view.get("suspects", {}).items():
        colour = PAWN.get(info.get("colour", ""), (128, 128, 128))
        _pawn(draw, x + 14, y + 12, seat, colour, small, radius=12)
        state = info.get("status", "playing")
        where = info.get("location")
        text = seat
        if state == "playing" and where:
            text += f" - {where}"
        draw.text((x + 34, y + 3), text, fill=INK, font=small)
        extra = labels.get(state, state)
        if info.get("carrying"):
            extra = (extra + " " if extra else "") + f"carrying the {info['carrying']}"
        extra = (extra + " " if extra else "") + f"({info.get('clue_cards', 0)} Clue cards)"
        draw.text((x + 34, y + 18), extra, fill=LOCK if state == "dead" else MUTED, font=tiny)
        if state == "dead":
            draw.line((x + 2, y + 2, x + 26, y + 22), fill=LOCK, width=3)
            draw.line((x + 26, y + 2, x + 2, y + 22), fill=LOCK, width=3)
        y += 34
    if view.get("unplayed"):
        draw.text((x, y), "Not played: " + ", ".join(view["unplayed"]), fill=MUTED, font=tiny)
        y += 16
    y += 8

    carried = [w for w, r in view.get("weapons", {}).items() if r is None]
    if carried:
        draw.text((x, y), "Carried: " + ", ".join(carried), fill=MUTED, font=small)
        y += 20
    effects = []
    if view.get("distracted"):
        effects.append("Distracted: " + ", ".join(view["distracted"]))
    for a, b in view.get("consults", []):
        effects.append(f"Consulting: {a} & {b}")
    if view.get("moves_first"):
        effects.append(f"Moves first next turn: {view['moves_first']}")
    for line in effects:
        for part in wrap(draw, line, small, x1 - x - 10):
            draw.text((x, y), part, fill=INK, font=small)
            y += 17
    played = view.get("intrigue_played", [])
    if played:
        y += 6
        draw.text((x, y), "INTRIGUE CARDS PLAYED", fill=INK, font=mid)
        y += 22
        for item in played[-10:]:
            draw.text((x, y), f"{item['seat']}: {item['card']}", fill=MUTED, font=small)
            y += 17
    if view.get("danger_played") and round_name == "danger":
        y += 6
        for line in wrap(draw, "Face down: " + ", ".join(view["danger_played"]), small,
                          x1 - x - 10):
            draw.text((x, y), line, fill=MUTED, font=small)
            y += 17
    revealed = view.get("revealed", [])
    if revealed:
        y += 6
        draw.text((x, y), "LAST DANGER ROUND (shuffled)", fill=INK, font=mid)
        y += 22
        for card in revealed:
            draw.text((x, y), card, fill=MUTED, font=small)
            y += 17
    draw.text((x, y + 8), f"Draw pile: {view.get('draw_pile', 0)} cards", fill=MUTED,
              font=small)
    y += 30
    if view.get("killer"):
        cf = view.get("case_file") or {}
        text = (f"The killer was {view['killer']}: {cf.get('suspect')}, in the "
                f"{cf.get('room')}, with the {cf.get('weapon')}.")
        for line in wrap(draw, text, mid, x1 - x - 10):
            draw.text((x, y), line, fill=CANDLE, font=mid)
            y += 22
        if view.get("winners"):
            draw.text((x, y), "Winner: " + ", ".join(view["winners"]), fill=CANDLE, font=mid)
