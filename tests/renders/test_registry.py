"""The renders registry (issue 23, "Declared hooks"): what each game's pictures offer the bot is
declared in `renders.PICTURES`, not found by the names of a module's functions.

Every game of `engine/games` declares its pictures, every declared entry is a registered
game's, and the bot takes them from the registry whichever cogs it loaded.
"""

from __future__ import annotations

import pytest

import engine
import renders
from renders import Pictures, cold_cash_risk, plotted_aa
from tests.support.table import Table


def test_every_game_of_the_engine_declares_its_pictures() -> None:
    """"A new game means ... `renders/x.py`" (docs/architecture.md, "How to add a game")."""
    games = {v for v, cls in engine.VARIANTS.items() if cls.__module__.startswith("engine.games")}
    assert games <= set(renders.PICTURES), games - set(renders.PICTURES)
    assert set(renders.PICTURES) <= set(engine.VARIANTS)


def test_the_optional_pictures_are_the_ones_each_game_offers() -> None:
    """The market beside Cold Cash Risk's map; Plotted A&A's rounds, zoom and plot preview."""
    ccr, paa = renders.PICTURES["cold-cash-risk"], renders.PICTURES["plotted-aa"]
    assert ccr.market is cold_cash_risk.render_market and ccr.zoom is None
    assert paa.boards is plotted_aa.board_views and paa.private is plotted_aa.render_private
    assert paa.zoom is plotted_aa.render_zoom and paa.market is None


def test_a_variant_is_declared_once() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        renders.register("killer-clue", Pictures(board=lambda view: b""))


async def test_the_bot_takes_every_game_s_pictures_from_the_registry(table: Table) -> None:
    """Only the lobby and Pig's cog are loaded: the pictures are the registry's all the same,
    a copy a test may empty to leave images out."""
    bot = await table.start_bot()
    assert {v: p for v, p in bot.pictures.items() if v != "pig"} == renders.PICTURES
    bot.pictures.clear()
    assert renders.PICTURES
