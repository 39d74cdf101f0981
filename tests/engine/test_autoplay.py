"""`engine.autoplay`, the one random player of the tests, benches and demo (issue 23: "one
shared random-play module ... pick a prompted seat, action and parameter values from the
choices")."""

from __future__ import annotations

import random

import engine
from engine import autoplay

PIG = ["Ann", "Bo", "Cy"]


def test_a_pick_is_a_prompted_action_with_prompted_values() -> None:
    game = engine.new_game("pig", PIG, seed="autoplay")
    rnd = random.Random(1)
    for _ in range(200):
        call = autoplay.pick(game, rnd)
        assert call is not None
        seat, action, params = call
        spec = game.prompts()[seat].action(action)
        assert spec is not None
        for param in spec.params:
            if param.name in params:
                assert params[param.name] in [c.value for c in param.choices or ()]
        try:
            game.act(seat, action, **params)
        except engine.RuleError:
            continue
        if game.finished:
            break
    assert autoplay.pick(game, rnd) is None or not game.finished


def test_the_same_seed_plays_the_same_game() -> None:
    """The caller's generator alone chooses: the same seed, the same calls and position."""
    games = [engine.new_game("pig", PIG, seed="same") for _ in range(2)]
    for game in games:
        autoplay.play(game, random.Random("same"), 60)
    assert games[0].state() == games[1].state()


def test_rare_actions_only_when_nothing_else_is_offered() -> None:
    leaning = autoplay.Leaning(rare=frozenset({"hold"}))
    game = engine.new_game("pig", PIG, seed="rare")
    rnd = random.Random(2)
    calls = [autoplay.pick(game, rnd, leaning) for _ in range(100)]
    actions = {c[1] for c in calls if c}
    assert actions == {"roll", "bet"}


def test_weights_and_preferred_choices() -> None:
    leaning = autoplay.Leaning(weights={"roll": 0, "hold": 0}, skip_optional=0.0,
                               prefer=lambda param, choices, rnd: choices[-1:])
    game = engine.new_game("pig", PIG, seed="weights")
    rnd = random.Random(3)
    calls = [autoplay.pick(game, rnd, leaning) for _ in range(50)]
    assert {(c[1], c[2]["amount"]) for c in calls if c} == {("bet", "3")}


def test_without_open_values_only_what_menus_can_answer() -> None:
    """Plotted A&A's plot commands ask for units as free text: a player of menus alone
    never takes them; with open values, a required text gets a short word."""
    powers = engine.game_class("plotted-aa").example_seats()
    game = engine.new_game("plotted-aa", powers, seed="menus")
    for power in powers:
        game.act(power, "skip")
    menus = autoplay.Leaning(open_values=False)
    rnd = random.Random(4)
    picked = [autoplay.pick(game, rnd, menus) for _ in range(100)]
    assert not {c[1] for c in picked if c} & {"plot-move", "plot-build", "plot-paste"}
    texts = [c for c in (autoplay.pick(game, rnd) for _ in range(300))
             if c and c[1] == "plot-paste"]
    assert texts and all(c[2]["text"] in ("x", "1", "yes") for c in texts)


def test_first_legal_tries_on_a_copy() -> None:
    game = engine.new_game("pig", PIG, seed="legal")
    before = game.state()
    seat = next(iter(game.prompts()))
    assert autoplay.first_legal(game, seat, "bet", [{"amount": "3"}, {}]) is None
    assert autoplay.first_legal(game, seat, "roll", [{"amount": "3"}, {}]) == {}
    assert game.state() == before
