"""The seeded generator: the only source of luck in a game.

Each action gets its own generator, derived from the game's seed and the action's
index in the log, so replaying the log reproduces every die roll and shuffle and
no action's luck depends on how many numbers an earlier one drew. Everything it
produces is recorded as "luck", which `verify` compares on replay and which makes
an action impossible to undo.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def commitment(seed: str) -> str:
    """sha256 of the seed: published at the start, checked against the seed at the end."""
    return hashlib.sha256(seed.encode()).hexdigest()


class Rng:
    """A deterministic generator for one step of one game, recording what it produced."""

    def __init__(self, seed: str, stream: str) -> None:
        self._key = f"{seed}\x00{stream}"
        self._generator: random.Random | None = None
        self.luck: list[dict[str, Any]] = []

    @property
    def _random(self) -> random.Random:
        # Seeded on first use: most actions (a choice, a note) draw nothing.
        if self._generator is None:
            digest = hashlib.sha256(self._key.encode()).digest()
            self._generator = random.Random(int.from_bytes(digest, "big"))
        return self._generator

    def roll(self, count: int = 1, sides: int = 6, *, label: str = "dice") -> list[int]:
        """Roll `count` dice with `sides` sides."""
        values = [self._random.randint(1, sides) for _ in range(count)]
        self.luck.append({"kind": "roll", "label": label, "sides": sides, "values": values})
        return values

    def randint(self, low: int, high: int, *, label: str = "number") -> int:
        value = self._random.randint(low, high)
        self.luck.append({"kind": "randint", "label": label, "values": [value]})
        return value

    def choice(self, items: Sequence[T], *, label: str = "choice") -> T:
        if not items:
            raise ValueError("choice from an empty sequence")
        index = self._random.randrange(len(items))
        self.luck.append({"kind": "choice", "label": label, "values": [index]})
        return items[index]

    def shuffle(self, items: MutableSequence[Any], *, label: str = "shuffle") -> None:
        """Shuffle in place; the resulting order is recorded (it is secret until the end)."""
        self._random.shuffle(items)
        self.luck.append({"kind": "shuffle", "label": label, "values": [str(x) for x in items]})

    def note(self, kind: str, label: str, values: list[Any]) -> None:
        """Record hidden information revealed without new randomness (a card drawn)."""
        self.luck.append({"kind": kind, "label": label, "values": values})
