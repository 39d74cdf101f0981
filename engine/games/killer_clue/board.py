"""The mansion: the classic Clue grid, its doors and passages, and movement (KC-6).

A location is a string: a room's name ("Hall") or a corridor square's label. Squares are
labelled as on the board image: a column letter A..X (x = 0..23, left to right) and a row
number 1..25 (y = 0..24, top to bottom), so Miss Scarlet's start square [7, 24] is "H25".

Movement (KC-6): the roll is the most squares a pawn may move. Steps are orthogonal or
diagonal through corridor squares, never through a wall corner (a diagonal step needs one
of its two orthogonal neighbours to be walkable), never through or onto a square another
pawn stands on. A pawn enters or leaves a room through a door: the door cell's threshold is
the entry square it faces and the two squares diagonally beside it (diagonals into and out
of doorways). Entering a room costs one step and ends the move; the room left this turn
cannot be re-entered.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

Square = tuple[int, int]
Location = str

COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWX"


@cache
def data() -> dict[str, Any]:
    """The packaged board data (board.json)."""
    text = resources.files("engine.games.killer_clue").joinpath("board.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


WIDTH: int = data()["width"]
HEIGHT: int = data()["height"]
GRID: tuple[str, ...] = tuple(data()["grid"])
ROOMS: tuple[str, ...] = tuple(data()["rooms"])
RING: tuple[str, ...] = tuple(data()["blackout_ring"])  # KC-2, "counter-clockwise"
WEAPONS: tuple[str, ...] = tuple(data()["weapons"])
SUSPECTS: tuple[str, ...] = tuple(s["name"] for s in data()["suspects"])
COLOURS: dict[str, str] = {s["name"]: s["colour"] for s in data()["suspects"]}
PASSAGES: dict[str, str] = {}
for _a, _b in data()["secret_passages"]:
    PASSAGES[_a] = _b
    PASSAGES[_b] = _a
ROOM_LETTERS: dict[str, str] = dict(data()["room_letters"])


def label(square: Square) -> str:
    """The board label of a square: [7, 24] -> "H25"."""
    x, y = square
    return f"{COLUMNS[x]}{y + 1}"


def parse_square(text: str) -> Square | None:
    """The square of a label ("h25" or "H25"), or None if it is not a square label."""
    text = text.strip().upper()
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isdigit():
        return None
    x, y = COLUMNS.index(text[0]), int(text[1:]) - 1
    if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
        return None
    return (x, y)


def is_room(location: Location | None) -> bool:
    return location in ROOMS


def cell(square: Square) -> str:
    x, y = square
    if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
        return "#"
    return GRID[y][x]


def walkable(square: Square) -> bool:
    """A corridor or start square (not a wall, the centre or a room)."""
    return cell(square) in ".123456"


def room_of_cell(square: Square) -> str | None:
    letter = cell(square).upper()
    return ROOM_LETTERS.get(letter)


START: dict[str, str] = {s["name"]: label((s["start"][0], s["start"][1]))
                         for s in data()["suspects"]}


@dataclass(frozen=True)
class Door:
    room: str
    cell: Square
    faces: Square

    @property
    def threshold(self) -> tuple[Square, ...]:
        """The corridor squares a pawn steps to or from through this door (diagonals too)."""
        (x, y), (fx, fy) = self.cell, self.faces
        ex, ey = x + fx, y + fy
        px, py = fy, fx  # perpendicular to the facing
        squares = [(ex, ey), (ex + px, ey + py), (ex - px, ey - py)]
        return tuple(s for s in squares if walkable(s))


DOORS: tuple[Door, ...] = tuple(
    Door(d["room"], (d["cell"][0], d["cell"][1]), (d["faces"][0], d["faces"][1]))
    for d in data()["doors"])


def doors_of(room: str) -> list[Door]:
    return [d for d in DOORS if d.room == room]


def _neighbours(square: Square) -> Iterable[Square]:
    x, y = square
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if dx == dy == 0:
                continue
            target = (x + dx, y + dy)
            if not walkable(target):
                continue
            if dx and dy and not (walkable((x + dx, y)) or walkable((x, y + dy))):
                continue  # no squeezing diagonally through a wall corner
            yield target


# The corridor graph, computed once: square -> the squares one step away.
ADJACENT: dict[Square, tuple[Square, ...]] = {
    (x, y): tuple(_neighbours((x, y)))
    for y in range(HEIGHT) for x in range(WIDTH) if walkable((x, y))}


_ROOM_BY_THRESHOLD: dict[Square, set[str]] = {}
for _door in DOORS:
    for _sq in _door.threshold:
        _ROOM_BY_THRESHOLD.setdefault(_sq, set()).add(_door.room)


def destinations(start: Location, steps: int, occupied: Iterable[Location]) -> list[Location]:
    """Where a pawn at `start` may end a move of at most `steps` squares.

    Rooms come first (in the board's room order), then corridor squares by label order
    (row by row). `occupied` are the other pawns' locations; rooms are never full.
    """
    blocked = {sq for sq in (parse_square(loc) for loc in occupied if not is_room(loc))
               if sq is not None}
    distance: dict[Square, int] = {}
    queue: deque[Square] = deque()
    if is_room(start):
        for door in doors_of(start):
            for sq in door.threshold:
                if sq not in blocked and sq not in distance and steps >= 1:
                    distance[sq] = 1
                    queue.append(sq)
    else:
        origin = parse_square(start)
        if origin is None:
            raise ValueError(f"not a location: {start!r}")
        distance[origin] = 0
        queue.append(origin)
    while queue:
        here = queue.popleft()
        if distance[here] >= steps:
            continue
        for there in ADJACENT[here]:
            if there in blocked or there in distance:
                continue
            distance[there] = distance[here] + 1
            queue.append(there)
    rooms: set[str] = set()
    squares: list[Square] = []
    for sq, dist in distance.items():
        if dist < steps:
            rooms.update(_ROOM_BY_THRESHOLD.get(sq, set()))
        if dist >= 1:
            squares.append(sq)
    rooms.discard(start)
    ordered_rooms = [r for r in ROOMS if r in rooms]
    squares.sort(key=lambda s: (s[1], s[0]))
    return ordered_rooms + [label(s) for s in squares]


def ring_step(room: str, count: int) -> str:
    """The room `count` rooms further along the Blackout ring (KC-2)."""
    return RING[(RING.index(room) + count) % len(RING)]
