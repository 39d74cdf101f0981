"""What a game may offer the bot is declared on `engine.Game`, with defaults (issue 23,
"Declared hooks": "`prompt_detail`, `shown_in_prompt`, `deadline_seconds`, a window read from
`view()["decision"]` ... found by `getattr` that nothing declares").
"""

from __future__ import annotations

import random

import engine
from engine import Window
from engine.games.one_world_dominion import OneWorldDominion
from tests.engine.one_world_dominion.play import random_action


def test_a_game_that_declares_nothing_offers_nothing() -> None:
    """Pig declares none of them: no detail, nothing shown in a prompt, no time limits of its
    own, no reaction window."""
    game = engine.new_game("pig", ["Ann", "Bo"], seed="hooks")
    assert game.prompt_detail("Ann") == "" and game.shown_in_prompt == frozenset()
    assert game.deadline_seconds() is None and game.window() is None
    assert engine.game_class("pig").example_seats() == ["Ann", "Bo", "Cy"]


def test_plotted_aa_declares_its_plot_sheet_and_its_time_limits() -> None:
    """Plotted A&A: the plot sheet in a power's prompt (and its `plot_sheet` events not sent
    again), the Plot Phase's time limit (rulebook, "Time Limit"); no reaction window."""
    powers = engine.game_class("plotted-aa").example_seats()
    assert powers == ["USSR", "Germany", "United Kingdom", "Japan", "USA"]
    game = engine.new_game("plotted-aa", powers, seed="hooks", options={"pace": "live"})
    for power in powers:
        game.act(power, "skip")
    game.act("USSR", "plot-noop", round=1)
    assert "Round 1: no operation." in game.prompt_detail("USSR")
    assert "No actions plotted" in game.prompt_detail("USA")
    game.act("USA", "plot-submit", as_it_stands=True)
    assert game.prompt_detail("USA") == ""  # submitted: its sheet leaves the prompt
    assert game.shown_in_prompt == frozenset({"plot_sheet", "plot_read"})
    assert game.deadline_seconds() == 15 * 60 and game.window() is None


def window_in_view(game: OneWorldDominion) -> Window | None:
    """What the bot read before `window()`: the public view's `decision` and
    `window_seconds`."""
    view = game.view(None)
    kind = (view.get("decision") or {}).get("kind")
    seconds = float(view.get("window_seconds") or 0)
    if game.finished or kind not in ("window", "defend") or seconds <= 0:
        return None
    return Window(kind, seconds)


def test_one_world_dominion_s_windows_are_those_its_public_view_shows() -> None:
    """The bot times the same windows as it did reading the view: over seeded random games,
    with and without a timer, `window()` is the view's window at every step."""
    kinds: set[str] = set()
    for index in range(12):
        rnd = random.Random(index)
        options = {"start": "deal", "setup_batch": 40, "starting_cards": 4,
                   "window_seconds": 0 if index % 4 == 3 else 30}
        game = engine.new_game("one-world-dominion", ["Ann", "Bo", "Cy"], seed=f"hooks-{index}",
                               options=options)
        assert isinstance(game, OneWorldDominion)
        for _ in range(60):
            window = game.window()
            assert window == window_in_view(game)
            kinds |= {window.kind} if window else set()
            if game.finished:
                break
            seat, action, params = random_action(game, rnd)
            try:
                game.act(seat, action, **params)
            except engine.RuleError:
                continue
    assert kinds == {"window", "defend"}
