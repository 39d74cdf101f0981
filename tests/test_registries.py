"""One registry of games for the tests, the benches and the demo (issue 23, "A game added by
the how-to: a small test game in `tests/` registered in one place is picked up by the
contract, click-walk, words, render and demo tests with no list edited").

Tiny Guess (tests/support/tiny.py) is registered by one import in tests/conftest.py; here,
each of those tests' parameters include it (and so they play it), read from the registries:
the engine's games (`engine.VARIANTS`, seated by `example_seats()`), the renders' pictures
(`renders.PICTURES`) and the demo's scripts (`demo.scripts.SCRIPTS`).
"""

from __future__ import annotations

from typing import Any

import engine
import renders
from demo.scripts import SCRIPTS
from tests.cogs import test_demo, test_every_choice_by_click
from tests.engine import test_contract_every_variant, test_players_words
from tests.renders import test_chat_size
from tests.support.tiny import VARIANT, TinyGuess


def parameters(test: Any, name: str = "variant") -> list[Any]:
    """The values a test is parametrised with for the argument `name`."""
    values = []
    for mark in getattr(test, "pytestmark", []):
        names = mark.args[0] if mark.name == "parametrize" else ()
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        if name in names:
            at = names.index(name)
            values += [v.values[at] if hasattr(v, "values") else
                       (v[at] if len(names) > 1 else v) for v in mark.args[1]]
    return values


def test_the_test_game_is_registered_in_each_registry() -> None:
    assert engine.VARIANTS[VARIANT] is TinyGuess
    assert TinyGuess.example_seats() == ["Ann", "Bo"]
    assert VARIANT in renders.PICTURES and VARIANT in SCRIPTS


def test_the_test_game_is_picked_up_with_no_list_edited() -> None:
    """The contract, the click walk, the players' words, the pictures at chat size and the
    demo: each is parametrised over a registry, so each plays Tiny Guess too."""
    assert VARIANT in parameters(
        test_contract_every_variant.test_malformed_calls_are_refused_and_change_nothing)
    assert VARIANT in parameters(test_every_choice_by_click.test_every_game_by_clicks_alone)
    assert VARIANT in parameters(
        test_players_words.test_every_text_of_a_random_game_is_in_players_words)
    assert VARIANT in parameters(test_players_words.test_an_unoffered_choice_is_refused_in_words)
    assert "Tiny Guess board" in test_chat_size.IMAGES
    assert VARIANT in parameters(test_demo.test_every_demo_plays_its_game_in_players_words)


def test_every_game_is_covered_by_each_of_them() -> None:
    """Not only the test game: every registered game is in each generic test."""
    games = set(engine.VARIANTS)
    assert set(parameters(test_every_choice_by_click.test_every_game_by_clicks_alone)) == games
    assert set(parameters(
        test_players_words.test_every_text_of_a_random_game_is_in_players_words)) == games
    titles = {f"{engine.game_class(v).title} board" for v in renders.PICTURES}
    assert titles <= set(test_chat_size.IMAGES)
    played = set(parameters(test_demo.test_every_demo_plays_its_game_in_players_words))
    assert played | set(test_demo.PLAYED_ELSEWHERE) == set(SCRIPTS)
