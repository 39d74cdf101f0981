"""Small helpers for the A&A block tests: a position from the printed setup, edited in place."""

from __future__ import annotations

from engine.aa.map import classic_map
from engine.aa.position import Position
from engine.game import Game
from engine.replay import verify
from engine.rng import Rng

BOARD = classic_map()


def opening() -> Position:
    """The printed setup at the start of a turn."""
    return Position.opening(BOARD)


def clear(pos: Position, *areas: str) -> Position:
    """Remove every unit from `areas`."""
    for area in areas:
        pos.units.pop(area, None)
    return pos


class Dice(Rng):
    """An `Rng` whose dice are scripted: each `roll` takes the next values given."""

    def __init__(self, *values: int) -> None:
        super().__init__("scripted", "dice")
        self.values = list(values)

    def roll(self, count: int = 1, sides: int = 6, *, label: str = "dice") -> list[int]:
        if len(self.values) < count:
            raise AssertionError(f"the test scripted too few dice for {label!r}")
        out, self.values = self.values[:count], self.values[count:]
        self.luck.append({"kind": "roll", "label": label, "sides": sides, "values": out})
        return out


def check_replay(game: Game) -> None:
    """The one place these tests verify a game by replaying it: from its seed and steps,
    every step's luck and the final state must come out the same. (When the action log
    moves out of the game, only this function changes.)"""
    result = verify(game.state())
    assert result.ok, result.problems
