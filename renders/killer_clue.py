"""The Killer Clue mansion, drawn from the public view only.

`render(game.view(None))` draws the 24 x 25 grid: the nine rooms with their names, doors
and secret passages; every corridor square with the label players type in `/clue go`
(column letter, row number); the pawns in the suspects' colours with a text label; the
weapons in their rooms (or carried beside a pawn); candles, locked doors, the Butler and
Maid. Below the board: the round, whose turn it is, the suspects who have disappeared,
died or left, the cards played face up, the last Danger round's cards and the last roll.
Everything coloured also carries a printed label. The picture is as wide as the board, so
that a square's label is still 9 px tall when Discord shows it 550 px wide; the still board
(cells, labels, walls, doors, passages, room names) is drawn once per process.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image

from engine.games.killer_clue import board
from renders import palette
from renders.encode import png
from renders.registry import Pictures, register
from renders.text import Drawn, Pen, Style, min_size, recording, replay, wrap

RGB = tuple[int, int, int]

CELL = 38
MARGIN = 30  # room for the coordinate labels
BOARD_W = MARGIN + board.WIDTH * CELL + 8
BOARD_H = MARGIN + board.HEIGHT * CELL + 8
#: The smallest text: 9 px when the picture is shown 550 px wide.
MIN = min_size(BOARD_W)
TEXT = Style(MIN)
BOLD = Style(MIN, bold=True)
MID = Style(MIN + 2)
HEADING = Style(MIN + 4, bold=True)
TITLE = Style(MIN + 10, bold=True)

BG: RGB = (30, 28, 34)
CORRIDOR: RGB = (222, 205, 160)
CORRIDOR_EDGE: RGB = (190, 172, 126)
CORRIDOR_INK: RGB = (112, 94, 56)
WALL: RGB = (52, 48, 56)
CENTRE: RGB = (80, 60, 48)
INK: RGB = (240, 236, 228)
DARK_INK: RGB = (28, 26, 30)
MUTED: RGB = (180, 175, 185)
DOOR: RGB = (250, 220, 90)
LOCK: RGB = palette.COLOURS["red"]
CANDLE: RGB = (255, 190, 60)
STAFF: RGB = palette.COLOURS["teal"]
PANEL: RGB = (70, 66, 78)

ROOM_FILL: dict[str, RGB] = {
    "Kitchen": (126, 150, 118), "Ballroom": (150, 120, 150), "Conservatory": (110, 150, 140),
    "Billiard Room": (96, 132, 100), "Library": (140, 112, 88), "Study": (120, 110, 150),
    "Hall": (150, 130, 100), "Lounge": (160, 104, 104), "Dining Room": (130, 120, 90),
}
# The suspects' colours, colour-blind safe (renders.palette); each pawn also shows its letters.
PAWN: dict[str, RGB] = {name: palette.COLOURS[name] for name in
                        ("red", "yellow", "white", "green", "blue", "purple")}
SHORT = {"Miss Scarlet": "Sc", "Col. Mustard": "Mu", "Mrs. White": "Wh", "Mr. Green": "Gr",
         "Mrs. Peacock": "Pe", "Prof. Plum": "Pl"}


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
    return palette.ink_on(colour, DARK_INK, INK)


def _pawn(pen: Pen, cx: int, cy: int, seat: str, colour: RGB, radius: int = 16) -> None:
    pen.draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour,
                     outline=DARK_INK, width=2)
    pen.text((cx, cy), SHORT.get(seat, seat[:2]), BOLD, _contrast(colour), "mm")


def _walls(pen: Pen, rooms: set[str] | None, colour: RGB, width: int) -> None:
    """Every edge between a room's cell and anything else (all rooms, or those in `rooms`)."""
    for y, row in enumerate(board.GRID):
        for x, _ in enumerate(row):
            room = _room_of(x, y)
            if room is None or (rooms is not None and room not in rooms):
                continue
            x0, y0 = _xy(x, y)
            x1, y1 = x0 + CELL - 1, y0 + CELL - 1
            if _room_of(x, y - 1) != room:
                pen.draw.line((x0, y0, x1, y0), fill=colour, width=width)
            if _room_of(x, y + 1) != room:
                pen.draw.line((x0, y1, x1, y1), fill=colour, width=width)
            if _room_of(x - 1, y) != room:
                pen.draw.line((x0, y0, x0, y1), fill=colour, width=width)
            if _room_of(x + 1, y) != room:
                pen.draw.line((x1, y0, x1, y1), fill=colour, width=width)


@cache
def _board(coordinates: bool) -> tuple[Image.Image, list[Drawn]]:
    """The still board: cells, square labels, walls, doors, passages and room names; with
    the texts drawn on it (for the record of text sizes)."""
    image = Image.new("RGB", (BOARD_W, BOARD_H), BG)
    pen = Pen(image)
    draw = pen.draw
    with recording() as drawn:
        for x in range(board.WIDTH):
            cx = MARGIN + x * CELL + CELL // 2
            pen.text((cx, MARGIN // 2), board.COLUMNS[x], TEXT, MUTED, "mm")
        for y in range(board.HEIGHT):
            cy = MARGIN + y * CELL + CELL // 2
            pen.text((MARGIN // 2, cy), str(y + 1), TEXT, MUTED, "mm")
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
                        pen.text((x0 + CELL // 2, y0 + CELL // 2), board.label((x, y)), TEXT,
                                 CORRIDOR_INK, "mm")
                else:
                    draw.rectangle(box, fill=WALL)
        _walls(pen, None, DARK_INK, 2)
        for room, (bx0, by0, bx1, _by1) in BOXES.items():
            x0, y0 = _xy(bx0, by0)
            x1, _ = _xy(bx1 + 1, by0)
            pen.text(((x0 + x1) // 2, y0 + 16), room.upper(), BOLD, INK, "mm")
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
            pen.text((x0 + CELL // 2, y0 + CELL // 2), "SP", BOLD, DOOR, "mm")
            target = board.PASSAGES[room]
            # Inside the room, away from the corridor squares' labels.
            home = _room_of(px, py) or room
            leftwards = _room_of(px - 1, py) == home
            below = _room_of(px, py + 1) == home
            ax = x0 + CELL - 2 if leftwards else x0 + 2
            pen.text((ax, y0 + CELL + 2 if below else y0 - 2), f"to {target}", TEXT, INK,
                     ("r" if leftwards else "l") + ("a" if below else "d"), stroke_width=2,
                     stroke_fill=DARK_INK)
    return image, drawn


def render(view: dict[str, Any], *, coordinates: bool = True) -> bytes:
    """A PNG of the mansion and, below it, the table; from `game.view(None)` only.

    `coordinates`: print each corridor square's label (for `/clue go to:`).
    """
    return png(picture(view, coordinates=coordinates))


def picture(view: dict[str, Any], *, coordinates: bool = True) -> Image.Image:
    """The mansion and the table as an RGB image."""
    still, drawn = _board(bool(coordinates))
    image = Image.new("RGB", (BOARD_W, BOARD_H + 1400), BG)
    image.paste(still, (0, 0))
    replay(drawn)
    pen = Pen(image)
    draw = pen.draw
    suspects: dict[str, dict[str, Any]] = view.get("suspects", {})
    weapons: dict[str, str | None] = view.get("weapons", {})
    candles = set(view.get("candles", []))
    locked = set(view.get("locked", []))
    staff: dict[str, str] = view.get("staff", {})

    _walls(pen, locked, LOCK, 5)
    # Rooms: badges (locked, candles, Butler, Maid), weapons.
    for room, (bx0, by0, bx1, by1) in BOXES.items():
        x0, y0 = _xy(bx0, by0)
        _, y1 = _xy(bx1 + 1, by1 + 1)
        badges: list[tuple[str, RGB]] = []
        if room in locked:
            badges.append(("LOCKED", LOCK))
        if room in candles:
            badges.append(("CANDLES", CANDLE))
        for name, where in staff.items():
            if where == room:
                badges.append((name.upper(), STAFF))
        bx = x0 + 6
        for text, colour in badges:
            w = int(pen.length(text, BOLD)) + 10
            draw.rounded_rectangle((bx, y0 + 30, bx + w, y0 + 52), radius=5, fill=colour)
            pen.text((bx + 5, y0 + 41), text, BOLD, _contrast(colour), "lm")
            bx += w + 4
        held = [w for w, r in weapons.items() if r == room]
        wy = y1 - (MIN + 4) * len(held) - 6
        for weapon in held:
            pen.text((x0 + 8, wy), f"[{weapon}]", TEXT, INK, stroke_width=2,
                     stroke_fill=DARK_INK)
            wy += MIN + 4

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
        _pawn(pen, x0 + CELL // 2, y0 + CELL // 2, seat, colour)
        if info.get("carrying"):
            pen.text((x0 + CELL // 2, y0 + CELL + 1), info["carrying"], TEXT, INK, "ma",
                     stroke_width=2, stroke_fill=DARK_INK)
    for room, seats in in_room.items():
        bx0, by0, bx1, by1 = BOXES[room]
        x0, y0 = _xy(bx0, by0)
        x1, _ = _xy(bx1 + 1, by1)
        cy = y0 + 76
        cx = x0 + 24
        for seat in seats:
            if cx > x1 - 20:
                cx, cy = x0 + 24, cy + 38
            colour = PAWN.get(suspects[seat].get("colour", ""), (128, 128, 128))
            _pawn(pen, cx, cy, seat, colour)
            cx += 38

    bottom = _panel(pen, view, BOARD_H)
    return image.crop((0, 0, BOARD_W, bottom))


def _panel(pen: Pen, view: dict[str, Any], top: int) -> int:
    """The table below the board, in two columns; returns the picture's bottom."""
    draw = pen.draw
    half = BOARD_W // 2
    left, right = MARGIN, half + 10
    column = half - MARGIN - 20
    draw.line((MARGIN, top + 4, BOARD_W - 8, top + 4), fill=PANEL, width=3)

    def lines(x: int, y: int, text: str, style: Style, fill: RGB, step: int) -> int:
        for line in wrap(text, style, column):
            pen.text((x, y), line, style, fill)
            y += step
        return y

    # Left: the round, whose turn, who is awaited; then the suspects.
    y = top + 18
    pen.text((left, y), "KILLER CLUE", TITLE, INK)
    y += 40
    round_name = view.get("round", "")
    second = "second " if view.get("second_round") and round_name != "investigation" else ""
    status = "Game over" if view.get("finished") else \
        f"Turn {view.get('turn', '?')}: {second}{round_name} round"
    y = lines(left, y, status, HEADING, INK, 28)
    if view.get("current"):
        y = lines(left, y, f"Turn of: {view['current']}", MID, INK, 24)
    awaiting = view.get("awaiting") or []
    if awaiting:
        y = lines(left, y, "Waiting for: " + ", ".join(awaiting), MID, MUTED, 24)
    if view.get("first_player"):
        y = lines(left, y, f"Moves first: {view['first_player']}", TEXT, MUTED, 22)
    roll = view.get("last_roll")
    # The roll of the turn being played only: once the next suspect's turn begins (or the
    # round changes), the last one is history, not the board's.
    if roll and roll.get("seat") == view.get("current") and \
            view.get("round") == "investigation":
        dice = roll.get("dice", [])
        y = lines(left, y, f"Last roll: {roll.get('seat')} {'+'.join(map(str, dice))} = "
                  f"{sum(dice)}", TEXT, MUTED, 22)
    y += 12
    pen.text((left, y), "SUSPECTS", HEADING, INK)
    y += 30
    labels = {"playing": "", "missing": "DISAPPEARED (beside the board)",
              "dead": "MURDERED", "out": "OUT (wrong accusation)"}
    for seat, info in view.get("suspects", {}).items():
        colour = PAWN.get(info.get("colour", ""), (128, 128, 128))
        _pawn(pen, left + 16, y + 16, seat, colour)
        state = info.get("status", "playing")
        where = info.get("location")
        text = seat + (f" - {where}" if state == "playing" and where else "")
        pen.text((left + 42, y), text, MID, INK)
        extra = labels.get(state, state)
        if info.get("carrying"):
            extra = (extra + " " if extra else "") + f"carrying the {info['carrying']}"
        extra = (extra + " " if extra else "") + f"({info.get('clue_cards', 0)} Clue cards)"
        y += 24
        for line in wrap(extra, TEXT, column - 42):
            pen.text((left + 42, y), line, TEXT, LOCK if state == "dead" else MUTED)
            y += 21
        if state == "dead":
            draw.line((left + 2, y - 43, left + 30, y - 15), fill=LOCK, width=3)
            draw.line((left + 30, y - 43, left + 2, y - 15), fill=LOCK, width=3)
        y += 8
    if view.get("unplayed"):
        y = lines(left, y, "Not played: " + ", ".join(view["unplayed"]), TEXT, MUTED, 22)
    bottom = y

    # Right: weapons carried, effects, cards played, the Danger round, the draw pile.
    y = top + 22
    carried = [w for w, r in view.get("weapons", {}).items() if r is None]
    if carried:
        y = lines(right, y, "Carried: " + ", ".join(carried), MID, INK, 24)
    effects = []
    if view.get("distracted"):
        effects.append("Distracted: " + ", ".join(view["distracted"]))
    for a, b in view.get("consults", []):
        effects.append(f"Consulting: {a} & {b}")
    if view.get("moves_first"):
        effects.append(f"Moves first next turn: {view['moves_first']}")
    for line in effects:
        y = lines(right, y, line, MID, INK, 24)
    played = view.get("intrigue_played", [])
    if played:
        y += 8
        pen.text((right, y), "INTRIGUE CARDS PLAYED", HEADING, INK)
        y += 30
        for item in played[-10:]:
            y = lines(right, y, f"{item['seat']}: {item['card']}", TEXT, MUTED, 22)
    round_name = view.get("round", "")
    if view.get("danger_played") and round_name == "danger":
        y += 8
        y = lines(right, y, "Face down: " + ", ".join(view["danger_played"]), TEXT, MUTED, 22)
    revealed = view.get("revealed", [])
    if revealed:
        y += 8
        pen.text((right, y), "LAST DANGER ROUND (shuffled)", HEADING, INK)
        y += 30
        for card in revealed:
            y = lines(right, y, card, TEXT, MUTED, 22)
    y += 8
    y = lines(right, y, f"Draw pile: {view.get('draw_pile', 0)} cards", MID, MUTED, 24)
    if view.get("killer"):
        cf = view.get("case_file") or {}
        y += 8
        y = lines(right, y, f"The killer was {view['killer']}: {cf.get('suspect')}, in the "
                  f"{cf.get('room')}, with the {cf.get('weapon')}.", HEADING, CANDLE, 28)
        if view.get("winners"):
            y = lines(right, y, "Winner: " + ", ".join(view["winners"]), HEADING, CANDLE, 28)
    return max(bottom, y) + 16


register("killer-clue", Pictures(board=render))
