"""Killer Clue's answers besides a card (`random`, `none`, a direction) and the small pieces
of players' words every part of the game builds its menus and texts from."""

from __future__ import annotations

from engine.games.killer_clue.cards import CARDS, Card, label
from engine.spec import Choice

DIRECTIONS = ("left", "right")
RANDOM = "random"
NONE = "none"

# Who answers a suggestion or accusation first, in a player's words.
DIRECTION_LABELS = {"left": "The player on my left", "right": "The player on my right",
                    NONE: "No mini-suggestion"}


def choices_of(values: list[str], labels: dict[str, str] | None = None) -> tuple[Choice, ...]:
    labels = labels or {}
    return tuple(Choice(v, labels.get(v, "")) for v in values)


def direction_choices(values: list[str]) -> tuple[Choice, ...]:
    return choices_of(values, DIRECTION_LABELS)


def card_choices(values: list[str]) -> tuple[Choice, ...]:
    return tuple(Choice(v, label(v)) for v in values)


def distinct(items: list[str]) -> list[str]:
    seen: list[str] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen


def titles(hand: list[Card]) -> str:
    """Intrigue & Danger cards by their printed titles, as the menus show them."""
    return ", ".join(CARDS[c].title if c in CARDS else c for c in hand)


def the(room: str) -> str:
    return f"the {room}"


def dice_text(dice: list[int]) -> str:
    return f"{'+'.join(map(str, dice))} = {sum(dice)}" if len(dice) > 1 else str(dice[0])
