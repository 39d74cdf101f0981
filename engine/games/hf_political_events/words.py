"""Small pieces of players' words: "none", why a card had no effect, sentences, and
`/hf history` told from the log."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.games.hf_political_events.cards import CARD_TYPE

# What a player types for no Active Law or no ideology; also an effect that did nothing.
NONE = "none"
# Why a drawn card had no effect, as the history tells it.
IGNORED = {"condition": "no effect (its condition was not met)",
           "repetition": "no effect (a repeat of the most recent event)"}


def cap(text: str) -> str:
    """Capitalise a sentence's first letter only (keeps "Active Law" and names as they are)."""
    return text[:1].upper() + text[1:]


def history_lines(draws: Iterable[Mapping[str, Any]]) -> list[str]:
    """`/hf history` in words: one line per draw, from the `drawn` events' data as the log
    keeps them (the card spelled out, or its id), oldest first."""
    lines = []
    for draw in draws:
        card = draw["card"]
        title = CARD_TYPE[card["id"] if isinstance(card, Mapping) else card].title
        outcome = "applied" if draw["applied"] else IGNORED.get(str(draw["reason"]), "no effect")
        lines.append(f"Turn {draw['turn']}: {title}: {outcome}")
    return lines or ["No event has been drawn yet."]
