"""The engine contract every game follows (DESIGN.md), pinned on the tiny Pig game.

Each game's own tests check its rules; these check the shared machinery: refusals that
change nothing, the seeded generator and its recorded luck, decks, the commitment,
replay, verify and undo.
"""

from __future__ import annotations

import hashlib
import json

import pytest

import engine
import tests.support.pig  # noqa: F401  (registers Pig)
from engine import Deck, NotAllowed, Rng, Step, Unreadable
from tests.support import contract


def pig(seed: str = "core") -> engine.Game:
    return engine.new_game("pig", ["ann", "bob"], seed=seed, options={"target": 100},
                           history=True)


def snapshot(game: engine.Game) -> str:
    return json.dumps(game.state(), sort_keys=True)


# ----- refusals -------------------------------------------------------------


@pytest.mark.parametrize(("seat", "action", "params", "error", "words"), [
    ("ann", "fly", {}, Unreadable, "has no action 'fly'"),
    ("zed", "roll", {}, Unreadable, "no seat 'zed'"),
    ("ann", "note", {"text": "hi", "colour": "red"}, Unreadable, "takes no colour"),
    ("ann", "note", {"text": "hi", "rng": 4}, Unreadable, "takes no rng"),
    ("bob", "roll", {}, NotAllowed, "not your turn to roll: waiting for ann"),
    ("ann", "bet", {"amount": "7"}, NotAllowed, "7 is not one of the choices now"),
    ("ann", "bet", {}, Unreadable, "needs amount"),
    ("ann", "bet", {"amount": "2"}, NotAllowed, "only 0 points to bet"),
])
def test_every_refusal_explains_itself_and_changes_nothing(
        seat: str, action: str, params: dict[str, str], error: type, words: str) -> None:
    game = pig()
    before = snapshot(game)
    with pytest.raises(error) as refused:
        game.act(seat, action, **params)
    assert words in refused.value.message
    assert snapshot(game) == before
    assert game.history == [] and game.step_count == 0 and game.last_step is None


def test_a_handler_that_fails_halfway_is_rolled_back() -> None:
    """A handler that changed the state and rolled a die before refusing leaves no trace."""
    game = pig()
    before = snapshot(game)

    def broken(seat: str, rng: Rng, text: str) -> list[engine.Event]:
        game.marker = "changed"  # type: ignore[attr-defined]
        rng.roll(1, 6)
        raise NotAllowed("no")

    game.do_note = broken  # type: ignore[attr-defined]
    with pytest.raises(NotAllowed):
        game.act("ann", "note", text="x")
    assert snapshot(game) == before


# ----- the seeded generator ---------------------------------------------------


def test_each_step_has_its_own_reproducible_stream() -> None:
    """DESIGN: luck derives from the seed and the action's index, never the global random."""
    first = Rng("seed", "action:3").roll(10, 6)
    assert Rng("seed", "action:3").roll(10, 6) == first
    assert Rng("seed", "action:4").roll(10, 6) != first
    assert Rng("other", "action:3").roll(10, 6) != first


def test_luck_is_recorded_and_makes_a_step_impossible_to_undo() -> None:
    game = pig()
    game.act("ann", "note", text="hello")
    assert game.last_step is not None
    assert game.last_step.luck == [] and game.last_step.undoable
    game.act("ann", "roll")
    rolled = game.last_step
    assert rolled is not None
    assert [x["kind"] for x in rolled.luck] == ["roll"] and not rolled.undoable
    with pytest.raises(engine.RuleError, match="can't be undone"):
        engine.undo_last(game)


def test_a_query_answers_privately_and_is_not_logged() -> None:
    game = pig()
    before = snapshot(game)
    (answer,) = game.act("bob", "peek")
    assert answer.audience == {"bob"} and game.secret["bob"] in answer.text  # type: ignore[attr-defined]
    assert snapshot(game) == before


def test_the_commitment_is_the_sha256_of_the_seed() -> None:
    game = pig("the seed")
    assert engine.commitment("the seed") == hashlib.sha256(b"the seed").hexdigest()
    assert game.view(None)["commitment"] == engine.commitment("the seed")
    assert "the seed" not in json.dumps(game.view(None))


# ----- decks -------------------------------------------------------------------


def test_a_deck_deals_round_the_table_and_records_the_deal() -> None:
    rng = Rng("s", "x")
    deck = Deck("cards", [str(n) for n in range(10)])
    hands = deck.deal(rng, ["a", "b", "c"], 2)
    assert hands == {"a": ["9", "6"], "b": ["8", "5"], "c": ["7", "4"]}
    assert deck.pile == ["0", "1", "2", "3"]
    assert rng.luck == [{"kind": "deal", "label": "cards",
                         "values": [["9", "6"], ["8", "5"], ["7", "4"]]}]


def test_a_deck_refuses_to_draw_or_deal_more_than_it_holds() -> None:
    rng = Rng("s", "x")
    deck = Deck("events", ["a", "b"])
    with pytest.raises(NotAllowed, match="only 2 card"):
        deck.draw(rng, 3)
    with pytest.raises(NotAllowed, match="too few cards"):
        deck.deal(rng, ["x", "y"], 2)
    assert deck.pile == ["a", "b"] and rng.luck == []


def test_a_reshuffle_returns_the_discards_but_the_kept_cards() -> None:
    rng = Rng("s", "x")
    deck = Deck("events", ["a"], ["b", "c", "d"])
    deck.reshuffle(rng, keep=["c"])
    assert sorted(deck.pile) == ["a", "b", "d"] and deck.discards == ["c"]
    assert rng.luck[-1]["kind"] == "shuffle"
    again = Deck("events", ["a"], ["b", "c", "d"])
    again.reshuffle(Rng("s", "x"), keep=["c"])
    assert again.pile == deck.pile


def test_a_deck_survives_a_json_round_trip() -> None:
    deck = Deck("d", ["a", "b"], ["c"])
    assert Deck.from_json(json.loads(json.dumps(deck.to_json()))) == deck


# ----- replay, verify, undo ----------------------------------------------------


def played(seed: str = "replay") -> engine.Game:
    game = pig(seed)
    for _ in range(12):
        seat = next(iter(game.prompts()))
        game.act(seat, "roll")
        if game.pot >= 6:  # type: ignore[attr-defined]
            game.act(seat, "hold")
    return game


def test_a_replay_of_the_log_reproduces_the_game() -> None:
    game = played()
    assert game.history is not None
    again = engine.replay("pig", game.seats, game.seed, game.options, game.history)
    assert again.state() == game.state()
    restored = engine.load("pig", json.loads(json.dumps(game.state())))
    assert restored.state() == game.state()


def test_verify_accepts_the_true_log_and_its_commitment() -> None:
    game = played()
    result = contract.verify(game, published_commitment=engine.commitment(game.seed))
    assert result.ok, result.problems
    assert game.history is not None and result.steps == len(game.history) == game.step_count


def test_verify_fails_when_one_die_roll_is_altered() -> None:
    game = played()
    assert game.history is not None
    steps = [s.to_json() for s in game.history]
    step = next(s for s in steps if s["luck"])
    die = step["luck"][0]["values"][0]
    step["luck"][0]["values"][0] = die % 6 + 1
    result = engine.verify(game.state(), steps)
    assert not result.ok
    assert "recorded" in result.problems[0] and "but the seed gives" in result.problems[0]


def test_verify_fails_on_a_seed_that_does_not_match_the_commitment() -> None:
    game = played()
    result = contract.verify(game, published_commitment=engine.commitment("another"))
    assert not result.ok and "commitment" in result.problems[0]


def test_undo_takes_back_a_luckless_step_exactly() -> None:
    game = played()
    before = game.state()
    game.act(next(iter(game.prompts())), "note", text="oops")
    assert engine.undo_last(game).state() == before


def test_verify_fails_when_the_log_misses_a_step() -> None:
    """The stored position counts its steps, so a log that lost its last one is caught."""
    game = played()
    game.act(next(iter(game.prompts())), "note", text="the last word")
    assert game.history is not None
    result = engine.verify(game.state(), game.history[:-1])
    assert not result.ok and "counts" in result.problems[0]


def test_undo_is_given_the_steps_when_the_game_keeps_no_history() -> None:
    """The bot's games hold no log: undo replays the steps it reads from storage."""
    game = played()
    assert game.history is not None
    steps = list(game.history)
    lean = engine.load("pig", game.state())
    assert lean.history is None and lean.step_count == len(steps)
    lean.act(next(iter(lean.prompts())), "note", text="oops")
    assert lean.last_step is not None
    assert engine.undo_last(lean, [*steps, lean.last_step]).state() == game.state()


def test_the_state_holds_the_position_not_the_history() -> None:
    """issue 13: 'A game's in-memory state and its snapshots hold the position, not the
    history'; a state stored with the old log still loads, counting its steps."""
    game = played()
    state = game.state()
    assert "log" not in state and state["steps"] == game.step_count > 0
    assert game.history is not None
    old = {key: value for key, value in state.items() if key != "steps"}
    old["log"] = [s.to_json() for s in game.history]
    migrated = engine.load("pig", old)
    assert migrated.state() == state
    assert [Step.from_json(s) for s in old["log"]] == game.history
