"""Issue 24: the words the bot takes from a game's declared hooks (`engine.Game`), with their
defaults: what a deadline does for a seat ("in words: a declared hook on Game with a
sensible default"), and how the channel's call names what a seat is asked ("A reaction
window says "you may play a card now", not "your turn"")."""

from __future__ import annotations

import engine
from bot import notices
from bot.storage import Preferences


def test_the_deadline_words_say_the_policy_in_the_prompts_words() -> None:
    """Pig's deadline holds for the awaited player: said with the prompt's own label."""
    game = engine.new_game("pig", ["Ann", "Bo"], seed="words")
    prompt = game.prompts()["Ann"]
    assert game.deadline_words("Ann", prompt) == "the game answers “Hold” for you"


def test_a_policy_that_answers_nothing_for_the_seat_says_nothing() -> None:
    """High Frontier's deadline leaves the turn's draw to the table: no words, so the bot
    says that the creator is told."""
    game = engine.new_game("hf-political-events", ["Ann", "Bo", "Cy"], seed="words")
    (seat, prompt), = game.prompts().items()
    assert game.timeout_actions() == [] and game.deadline_words(seat, prompt) == ""


def test_the_call_is_a_turn_unless_the_game_says_otherwise() -> None:
    game = engine.new_game("pig", ["Ann", "Bo"], seed="words")
    assert game.call_words("Ann") == "your turn"


def test_a_notice_waits_for_the_end_of_quiet_hours_and_never_past_the_deadline() -> None:
    """Quiet hours 22:00-07:00 in Paris: a question at 23:00 there is held until 07:00,
    unless its deadline comes first (then at three quarters of the way to it)."""
    import datetime as dt
    import zoneinfo

    paris = zoneinfo.ZoneInfo("Europe/Paris")
    night = dt.datetime(2025, 1, 10, 23, 0, tzinfo=paris).timestamp()
    morning = dt.datetime(2025, 1, 11, 7, 0, tzinfo=paris).timestamp()
    prefs = Preferences(quiet_from=22 * 60, quiet_to=7 * 60, time_zone="Europe/Paris")
    assert notices.release_at(prefs, night, None) == morning
    assert notices.release_at(prefs, night, night + 4 * 3600) == night + 3 * 3600
    assert notices.release_at(prefs, night, night + 60) is None  # could not wait: at once
    noon = dt.datetime(2025, 1, 11, 12, 0, tzinfo=paris).timestamp()
    assert notices.release_at(prefs, noon, None) is None
    digest = Preferences(digest_hours=4, last_sent=noon - 3600)
    assert notices.release_at(digest, noon, None) == noon + 3 * 3600
    assert notices.release_at(Preferences(digest_hours=4, last_sent=noon - 5 * 3600), noon,
                              None) is None
