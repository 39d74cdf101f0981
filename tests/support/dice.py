"""Loaded dice for a test about a particular outcome: `loaded(monkeypatch, [6, 5], [1])`
makes the next rolls of any game these values, recorded as luck like real ones."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rng import Rng


class Dice:
    """The throws still to come; each `Rng.roll` takes the next one."""

    def __init__(self, *throws: list[int]) -> None:
        self.throws = list(throws)

    def __call__(self, rng: Any, count: int = 1, sides: int = 6, *,
                 label: str = "dice") -> list[int]:
        values = self.throws.pop(0)
        assert len(values) == count, (label, count, values)
        rng.luck.append({"kind": "roll", "label": label, "sides": sides, "values": values})
        return list(values)


def loaded(monkeypatch: pytest.MonkeyPatch, *throws: list[int]) -> Dice:
    """Make the next rolls these (for a test about a particular outcome)."""
    dice = Dice(*throws)

    def roll(rng: Rng, count: int = 1, sides: int = 6, *, label: str = "dice") -> list[int]:
        return dice(rng, count, sides, label=label)

    monkeypatch.setattr(Rng, "roll", roll)
    return dice
