"""Players' words, not the program's (issue 14, for this game): every text a random game
shows its players (prompts, menus, events public and private, refusals, "Show my hand")
reads as a player's, every menu asks a question, and the options have labels."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import engine
from engine import RuleError
from engine.games.dictators import Dictators
from tests.engine.dictators.play import random_action
from tests.support.players_words import jargon


def texts(seed: str) -> Iterator[tuple[str, str]]:
    rnd = random.Random(seed)
    game = engine.new_game("dictators", ["Ann", "Bo", "Cy", "Di"], seed=seed)
    assert isinstance(game, Dictators)
    for event in game.setup_events:
        yield event.kind, event.text
    for _ in range(400):
        prompts = game.prompts()
        if not prompts:
            break
        for seat, prompt in prompts.items():
            yield "prompt", prompt.text
            for spec in prompt.actions:
                yield "action", spec.shown
                for param in spec.params:
                    assert param.question, (spec.name, param.name)
                    yield "question", param.question
                    for choice in param.choices or ():
                        yield "choice", choice.shown
            for paragraph in game.describe(seat):
                yield "describe", paragraph
        seat, action, params = random_action(game, rnd)
        if rnd.random() < 0.05 and params:
            params[sorted(params)[0]] = "Z99"
        try:
            events = game.act(seat, action, **params)
        except RuleError as refusal:
            yield f"refusal of {action}", refusal.message
            continue
        for event in events:
            yield event.kind, event.text
    for kind in ("", "asset", "possession"):
        [listing] = game.act("Ann", "cards", **({"kind": kind} if kind else {}))
        yield "cards", listing.text


@pytest.mark.parametrize("seed", ["words-1", "words-2", "words-3"])
def test_every_text_of_a_random_game_is_in_players_words(seed: str) -> None:
    bad = {f"{where}: {text[:120]!r} ({', '.join(found)})"
           for where, text in texts(seed) for found in [jargon(text)] if found}
    assert not bad, "\n".join(sorted(bad)[:20])


def test_options_have_labels_in_words() -> None:
    for option in engine.game_class("dictators").options_spec:
        assert option.label and not jargon(option.label), option
        assert not jargon(option.description.replace(option.name, "")), option.description


def test_a_sentence_ending_on_washington_dc_says_its_period_once() -> None:
    """Players' words (issue 14): "Ann walks from Maryland to Washington D.C." — not "D.C..",
    in what happened and in a refusal alike."""
    from tests.engine.dictators.helpers import ANN, act, position

    game = position(at={ANN: "Maryland"})
    events = act(game, ANN, "walk", to="Washington D.C.")
    assert "Ann walks from Maryland to Washington D.C." in [e.text for e in events]
    assert not any(".." in e.text for e in events)
    game = position(at={ANN: "Ohio"})
    with pytest.raises(RuleError) as caught:
        game.act(ANN, "walk", to="Washington D.C.")
    assert caught.value.message == "No road leads from Ohio to Washington D.C."
