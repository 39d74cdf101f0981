"""Steps whose very occurrence is secret (issue 21: "No plot shape in public").

"The count, kinds and rounds of a power's plotted actions are secret until revealed,
everywhere public: ... step counts in views." The engine decides: a game names its hidden
actions (`Game.hidden_actions`); such a step may send only private events, and the public
count of steps (`public_steps`, the views' `actions`) leaves it out. Plotted A&A's plot
commands are hidden (rulebook, Plot Phase: "All players simultaneously plot all movement
and build actions for the current turn"); its submit, which publishes the digest, is not.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import engine
from engine import Event, Game, Rng, Seat, private, public
from engine.aa.units import POWERS
from tests.engine.plotted_aa.helpers import act, plot_phase
from tests.support.pig import Pig

DIGEST = re.compile(r"\b[0-9a-f]{64}\b")


class SecretNotes(Pig):
    """Pig with a secret notebook: writing in it is nobody else's business."""

    variant = "pig-with-secret-notes"
    free_actions = frozenset({"note", "scribble", "shout"})
    hidden_actions = frozenset({"scribble", "shout"})

    def do_scribble(self, seat: Seat, rng: Rng, text: str) -> list[Event]:
        self.marker = text[:40]
        return [private(seat, "scribbled", f"You wrote: {text}")]

    def do_shout(self, seat: Seat, rng: Rng, text: str) -> list[Event]:
        self.marker = text[:40]
        return [public("shouted", f"{seat} wrote in secret: {text}")]  # a bug: refused


def test_a_hidden_step_counts_for_luck_but_not_in_public() -> None:
    """A hidden step is a step (the next step's luck derives from the count of all steps,
    so replay and verify hold) but the public count, the views' `actions`, leaves it out;
    the state keeps both counts across a load."""
    game = SecretNotes(["Ann", "Bo"], seed="notes")
    game.act("Ann", "roll")
    assert (game.step_count, game.public_steps, game.view(None)["actions"]) == (1, 1, 1)
    for text in ("a", "b", "c"):
        game.act("Bo", "scribble", text=text)
    assert (game.step_count, game.public_steps) == (4, 1)
    assert game.view(None)["actions"] == game.view("Bo")["actions"] == 1
    game.act("Ann", "note", text="hello")
    assert (game.step_count, game.public_steps) == (5, 2)
    again = SecretNotes.from_state(json.loads(json.dumps(game.state())))
    assert (again.step_count, again.public_steps) == (5, 2)
    assert SecretNotes.hides("scribble") and not SecretNotes.hides("note")
    assert not Pig.hides("scribble")


def test_a_hidden_action_that_speaks_in_public_is_a_bug_and_changes_nothing() -> None:
    """The engine alone decides what is secret: a hidden step announcing itself publicly
    would tell the very thing it hides, so `act` refuses it as a programming error and
    leaves the state exactly as it was."""
    game = SecretNotes(["Ann", "Bo"], seed="notes")
    before = json.dumps(game.state(), sort_keys=True)
    with pytest.raises(AssertionError, match="hidden action shout"):
        game.act("Ann", "shout", text="x")
    assert json.dumps(game.state(), sort_keys=True) == before


def test_a_state_stored_before_the_public_count_counts_every_step_public() -> None:
    """A state stored before hidden steps were told apart has no `public_steps`: every step
    it counted was shown, so all count as public. An impossible count is refused."""
    game = engine.new_game("pig", ["Ann", "Bo"], seed="old")
    game.act("Ann", "roll")
    state = game.state()
    del state["public_steps"]
    assert engine.load("pig", state).public_steps == 1
    state["public_steps"] = 5
    with pytest.raises(engine.RuleError):
        engine.load("pig", state)


def twin(extra: bool) -> tuple[Game, list[Event]]:
    """Plotted A&A to the Execution Phase; Germany plots one action, or five (`extra`)."""
    game = plot_phase("hidden-twins")
    events: list[Event] = []
    events += act(game, "USSR", "plot-build", round=1, factory="Russia", units="2i")
    events += act(game, "USSR", "plot-move", round=2, units="1i", from_area="Russia",
                  to="Kazakh")
    events += act(game, "Germany", "plot-build", round=1, factory="Germany", units="1i")
    if extra:
        events += act(game, "Germany", "plot-move", round=2, units="3i", from_area="Germany",
                      to="E Eur")
        events += act(game, "Germany", "plot-noop", round=3)
        events += act(game, "Germany", "plot-move", round=4, units="arm", from_area="E Eur",
                      to="Ukraine")
        events += act(game, "Germany", "plot-remove", round=4)
        events += act(game, "Germany", "plot-move", round=4, units="1i", from_area="E Eur",
                      to="Ukraine")
        events += act(game, "Germany", "plot-noop", round=5)
    for power in POWERS:
        events += act(game, power, "plot-submit")
    return game, events


def masked(value: Any) -> str:
    return DIGEST.sub("<digest>", json.dumps(value, sort_keys=True, default=str))


def test_plotted_aa_plot_commands_are_hidden_and_the_public_view_says_nothing_of_them() -> None:
    """Plot Phase: "All players simultaneously plot all movement and build actions": twins
    whose Germany plotted one action or five (in seven commands) have the same public view,
    its count of actions included, through the Execution Phase's round 1 until Germany's
    round-2 reveal, the first that differs."""
    assert engine.game_class("plotted-aa").hidden_actions == {
        "plot-move", "plot-build", "plot-noop", "plot-remove", "plot-clear", "plot-paste",
        "orders", "research-ahead"}  # and standing orders (issue 24), secret until they act
    one, one_events = twin(False)
    five, five_events = twin(True)
    assert five.step_count == one.step_count + 6
    assert one.public_steps == five.public_steps
    assert [masked(e.to_json()) for e in one_events if e.public] == \
        [masked(e.to_json()) for e in five_events if e.public]
    for _ in range(2):  # the USSR builds, Germany builds: round 1 ends, round 2 begins
        assert masked(one.view(None)) == masked(five.view(None))
        (seat, action, params), = one.timeout_actions()
        said = [masked(e.to_json()) for e in act(one, seat, action, **params) if e.public]
        assert said == [masked(e.to_json()) for e in act(five, seat, action, **params)
                        if e.public]
    assert masked(one.view(None)) == masked(five.view(None))
    (seat, action, params), = one.timeout_actions()
    assert [e.text for e in act(five, seat, action, **params)
            if e.text.startswith("Germany reveals its action: Round 2")]
