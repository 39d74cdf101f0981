"""What the bot posts for `aa-classic`: the world, and the theatre where the round's moves are.

    render(view)       # the world map (`renders.aa_map.render`): who holds what, the moves
    render_zoom(view)  # the theatre with most of the round's moves, zoomed so that names,
                       # IPC values and unit stacks read at chat size; None without moves
    render_theatre(view, theatre)  # any theatre of aa_map.THEATRES, whatever the moves

The world alone cannot carry legible names and counts at Discord's preview size, so the bot
posts the zoomed theatre beside it whenever it posts the board (`bot.delivery`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renders import aa_map
from renders.registry import Pictures, register


def render(view: Mapping[str, Any]) -> bytes:
    """The whole world."""
    return aa_map.render(view)


def render_zoom(view: Mapping[str, Any]) -> bytes | None:
    """The theatre where most of the round's moves are, or None when nothing moved."""
    theatres = aa_map.theatres_for(view)
    return aa_map.render(view, theatre=theatres[0]) if theatres else None


def render_theatre(view: Mapping[str, Any], theatre: str) -> bytes:
    """One theatre of the board (`aa_map.THEATRES`), whatever the moves."""
    return aa_map.render(view, theatre=theatre)


register("aa-classic", Pictures(board=render, zoom=render_zoom))
