"""Small helpers for the A&A block tests: a position from the printed setup, edited in place."""

from __future__ import annotations

from engine.aa.map import classic_map
from engine.aa.position import Position

BOARD = classic_map()


def opening() -> Position:
    """The printed setup at the start of a turn."""
    return Position.opening(BOARD)


def clear(pos: Position, *areas: str) -> Position:
    """Remove every unit from `areas`."""
    for area in areas:
        pos.units.pop(area, None)
    return pos
