"""The lobby says who sits at a game in players' words."""

from __future__ import annotations

import engine
from cogs.lobby import seats_in_words


def test_a_game_of_fixed_powers_says_one_player_may_hold_several() -> None:
    """Axis & Allies seats the five powers among 2 to 5 players: not "for 5-5 players"."""
    text = seats_in_words(engine.game_class("aa-classic"))
    assert "5-5" not in text and "one player may hold several" in text
    assert "USSR" in text and "USA" in text


def test_a_game_for_a_range_of_players_says_the_range() -> None:
    cls = engine.game_class("killer-clue")
    assert seats_in_words(cls) == f"{cls.min_seats}-{cls.max_seats} players"
