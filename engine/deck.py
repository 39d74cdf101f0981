"""Decks of cards: a draw pile and a discard pile, JSON-ready.

Cards are plain strings (ids). Shuffling needs the step's `Rng`; drawing is
recorded on it too, so that an action that drew a card can never be undone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.errors import NotAllowed
from engine.rng import Rng

Card = str


@dataclass
class Deck:
    """A named draw pile (top = last element) with its discard pile."""

    name: str
    pile: list[Card] = field(default_factory=list)
    discards: list[Card] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.pile)

    def shuffle(self, rng: Rng) -> None:
        rng.shuffle(self.pile, label=self.name)

    def draw(self, rng: Rng, count: int = 1) -> list[Card]:
        """Take `count` cards from the top, or refuse if there are not enough."""
        if count > len(self.pile):
            raise NotAllowed(f"The {self.name} deck has only {len(self.pile)} card(s) left.")
        cards = [self.pile.pop() for _ in range(count)]
        rng.note("draw", self.name, list(cards))
        return cards

    def draw_one(self, rng: Rng) -> Card:
        return self.draw(rng, 1)[0]

    def discard(self, *cards: Card) -> None:
        self.discards.extend(cards)

    def reshuffle(self, rng: Rng, *, keep: list[Card] | None = None) -> None:
        """Shuffle the discards back into the pile, leaving out the cards in `keep`."""
        keep = list(keep or [])
        returning = [c for c in self.discards]
        for card in keep:
            if card in returning:
                returning.remove(card)
        self.pile.extend(returning)
        self.discards = keep
        self.shuffle(rng)

    def deal(self, rng: Rng, seats: list[str], count: int) -> dict[str, list[Card]]:
        """Deal `count` cards to each seat, one at a time round the table."""
        if count * len(seats) > len(self.pile):
            raise NotAllowed(f"The {self.name} deck has too few cards to deal.")
        hands: dict[str, list[Card]] = {s: [] for s in seats}
        for _ in range(count):
            for seat in seats:
                hands[seat].append(self.pile.pop())
        rng.note("deal", self.name, [hands[s] for s in seats])
        return hands

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "pile": list(self.pile), "discards": list(self.discards)}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Deck:
        return cls(raw["name"], list(raw["pile"]), list(raw["discards"]))
