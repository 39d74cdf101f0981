"""Players' words in Illuminati's prompts (issue 14): every question a form asks is written
(at most 45 characters, a form's label), every action has a label, and no prompt's text
(also the channel's ping) names anything secret or reads as the program's."""

from __future__ import annotations

import random

import engine
from engine import RuleError
from engine.games.illuminati import Illuminati
from tests.engine.illuminati.play import random_action
from tests.support.players_words import jargon


def test_every_prompt_asks_in_words() -> None:
    """Issue 14, "Players' words, not the engine's", in every prompt of random games (with
    the advanced rules on and off)."""
    seen: set[str] = set()
    for index in range(6):
        rnd = random.Random(index)
        game = engine.new_game("illuminati", ["Ann", "Bo", "Cy", "Di"], seed=f"words-{index}",
                               options={"hidden_goals": index % 2 == 0,
                                        "hidden_illuminati": index % 3 == 0})
        assert isinstance(game, Illuminati)
        for _ in range(150):
            prompts = game.prompts()
            if game.finished or not prompts:
                break
            for seat, prompt in prompts.items():
                assert not jargon(prompt.text) and not prompt.text.startswith(seat), prompt.text
                hidden = [game.illuminati[s] for s in game.seats if game.hidden(s)]
                assert not any(name in prompt.text for name in hidden), prompt.text
                for spec in prompt.actions:
                    assert spec.label and not jargon(spec.label), spec
                    seen.add(spec.name)
                    for param in spec.params:
                        assert param.question and len(param.question) <= 45, (spec.name, param)
                        assert not jargon(param.question), param.question
            seat, action, params = random_action(game, rnd)
            try:
                game.act(seat, action, **params)
            except RuleError as refusal:
                assert not jargon(refusal.message), refusal.message
    assert {"attack", "spend", "pass", "place", "end-turn", "transfer", "offer"} <= seen, seen
