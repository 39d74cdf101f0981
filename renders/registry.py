"""What each game's pictures offer the bot, declared in one place per game.

Each `renders/<game>.py` ends with `register("<variant>", Pictures(board=render, ...))`, so
the bot reads a game's pictures from `PICTURES` instead of looking for functions by name, and
a test game registers its own the same way. Every picture is drawn from a view the engine
gave: the public view (`game.view(None)`), except `private`, which gets the seat's own view
and goes only to that seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

View = dict[str, Any]  # a view as the engine gives it (JSON-ready)


@dataclass(frozen=True)
class Pictures:
    """A game's pictures: the board, and the optional ones beside it."""

    # The board the bot posts after the game's `render_on` events, and `/<game> board`.
    board: Callable[[View], bytes]
    # A second table posted as its own image when it changed (Cold Cash Risk's market);
    # the board's drawing then leaves the view's `market` out of what counts as a change.
    market: Callable[[View], bytes] | None = None
    # A close-up posted beside each board (the A&A games: the theatre of the round's
    # moves); None from it when there is nothing to zoom on.
    zoom: Callable[[View], bytes | None] | None = None
    # The views one announcement draws, given its public events as `{"kind", **data}`
    # (Plotted A&A: one board per round it ended); without it, the view as it stands.
    boards: Callable[[View, Sequence[Mapping[str, Any]]], list[dict[str, Any]]] | None = None
    # The image in a seat's prompt message beside its private detail, from the seat's own
    # view (Plotted A&A's plot preview); None from it when there is nothing to show.
    private: Callable[[View], bytes | None] | None = None


PICTURES: dict[str, Pictures] = {}


def register(variant: str, pictures: Pictures) -> Pictures:
    """Declare `variant`'s pictures; a variant is declared once."""
    if variant in PICTURES and PICTURES[variant] != pictures:
        raise ValueError(f"the pictures of {variant!r} are declared twice")
    PICTURES[variant] = pictures
    return pictures
