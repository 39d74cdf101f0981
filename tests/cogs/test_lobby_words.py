"""The lobby says who sits at a game in players' words."""

from __future__ import annotations

import engine
from bot.lobby import seats_in_words


def test_a_game_of_fixed_powers_says_one_player_may_hold_several() -> None:
    """Axis & Allies seats the five powers among 2 to 5 players: not "for 5-5 players"."""
    text = seats_in_words(engine.game_class("aa-classic"))
    assert "5-5" not in text and "one player may hold several" in text
    assert "USSR" in text and "USA" in text


def test_a_game_for_a_range_of_players_says_the_range() -> None:
    cls = engine.game_class("killer-clue")
    assert seats_in_words(cls) == f"{cls.min_seats}-{cls.max_seats} players"


def test_the_turn_order_announced_at_the_start_is_the_games_own() -> None:
    """"Seats in turn order" at the start: the A&A powers play USSR first whatever order
    their players joined in (Axis & Allies, Sequence of Play); a game that draws its order
    (Cold Cash Risk) announces the drawn one; otherwise the seats' order."""
    joined = ["Germany", "Japan", "USSR", "USA", "United Kingdom"]
    expected = ["USSR", "Germany", "United Kingdom", "Japan", "USA"]
    for variant in ("aa-classic", "plotted-aa"):
        assert engine.new_game(variant, joined, seed="order").turn_order == expected
    ccr = engine.new_game("cold-cash-risk", ["Ann", "Bo", "Cy"], seed="order")
    assert sorted(ccr.turn_order) == ["Ann", "Bo", "Cy"]
    assert ccr.turn_order == ccr.order  # type: ignore[attr-defined]
    pig = engine.new_game("pig", ["Bo", "Ann"], seed="order")
    assert pig.turn_order == ["Bo", "Ann"]
