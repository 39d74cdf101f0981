"""High Frontier political events: the state keeps the position, not the past (issue 21).

"HF keeps every draw in its state (about 250 bytes a draw, growing without end): keep only
what the rules need (the last draw for repetition, HF-1/HF-2) and serve `/hf history` from
the stored log." The rules compare a draw with the most recent event only (Repetition: "If
the same event comes up twice or more in a row, ignore the subsequent events"), which the
drawn pile (or the card set aside) already gives; the state keeps the last few draw records
for the board and nothing more. A state stored with the old "history" (version 1) still
loads.
"""

from __future__ import annotations

import json
from typing import Any

import engine
from engine import Game
from engine.games.hf_political_events.deck import RECENT_DRAWS
from engine.games.hf_political_events.words import history_lines
from tests.engine.test_hf_rules import IDEOLOGY, V, act, drawn, new, stack, turn


def answer_everything(game: Game) -> None:
    """Every pending walk, tally or Sec-Gen choice is answered (a tally keeps Centrist)."""
    while True:
        (seat, prompt), = game.prompts().items()
        spec = prompt.actions[0]
        if spec.name == "turn":
            return
        params: dict[str, Any] = {}
        if spec.name == "tally":
            params["law"] = "Centrist"
        elif spec.name == "secgen":
            params["player"] = spec.params[0].choices[0].value  # type: ignore[index]
        act(game, seat, "skip" if spec.name == "done" else spec.name, **params)


def play_turn(game: Game) -> None:
    """The Sec-Gen starts a turn; every decision it brings is answered."""
    (secgen,) = game.prompts()
    act(game, secgen, "turn")
    answer_everything(game)


def state_size(game: Game) -> int:
    return len(json.dumps(game.state()))


def test_state_size_stays_flat_however_many_turns() -> None:
    """Issue 21: the state no longer grows by a draw record every turn. Measured from turn 30
    (several laps of a 6-space track, Seniority and HF-3 reshuffles included) to turn 300,
    the state never exceeds its size at turn 30 by more than one draw record's worth."""
    game = new(track_length=6, seed="flat")
    sizes: dict[int, int] = {}
    for number in range(1, 301):
        play_turn(game)
        sizes[number] = state_size(game)
    assert game.view(None)["turn"] == 300
    assert len(game.state()["game"]["recent_draws"]) == RECENT_DRAWS
    assert max(sizes[n] for n in range(30, 301)) <= sizes[30] + 400, sizes
    assert "history" not in game.state()["game"]


def old_state(game: Game, records: list[dict[str, Any]]) -> dict[str, Any]:
    """`game`'s state as version 1 stored it: every draw record in "history"."""
    state = game.state()
    block = state["game"]
    del block["recent_draws"]
    block.update(version=1, history=records)
    return state


def test_a_state_stored_with_the_old_history_loads_and_keeps_only_the_recent_draws() -> None:
    """The state schema (docs/hf-political-events.md, version 2): a version-1 state with its
    "history" of every draw loads; only its last draws are kept, and the state written from
    then on has no history."""
    game = stack(new(), "glitch-1", "honor", "inspiration-1")
    records = []
    for _ in range(12):
        (secgen,) = game.prompts()
        data = drawn(act(game, secgen, "turn"))
        answer_everything(game)
        records.append({k: v for k, v in data.items() if k != "cards_left"}
                       | {"card": data["card"]["id"]})
    loaded = engine.load(V, old_state(game, records))
    block = loaded.state()["game"]
    assert block["version"] == 2 and "history" not in block
    assert block["recent_draws"] == records[-RECENT_DRAWS:]
    assert loaded.view(None) == game.view(None)
    assert loaded.view(None)["last_draw"]["turn"] == 12


def test_hf1_repetition_holds_across_loading_an_old_state() -> None:
    """HF-1: "A suppressed repeat still counts as the most recent event"; Repetition: "If the
    same event comes up twice or more in a row, ignore the subsequent events". Loaded from
    a version-1 state (its history cut to the last draws), the next twin is still ignored:
    the most recent event is the drawn pile's top, not a record of the past."""
    game = stack(new(), "glitch-1", "glitch-2")
    first = turn(game)
    loaded = engine.load(V, old_state(game, [{**first, "card": "glitch-1"}]))
    data = drawn(act(loaded, "Ann", "turn"))
    assert (data["applied"], data["reason"]) == (False, "repetition")


def test_history_lines_tell_every_draw_from_the_logged_events() -> None:
    """`/hf history` is told from the `drawn` events the log keeps: one line per draw, what
    became of it, in players' words (Conditional: "If the condition isn't met, ignore the
    card. There is no event this turn.")."""
    game = stack(new(ideologies=IDEOLOGY), "glitch-1", "honor", "glitch-2")
    draws = [turn(game) for _ in range(3)]
    assert history_lines(draws) == [
        "Turn 1: Glitch: applied",
        "Turn 2: Honor: Hero Worship: no effect (its condition was not met)",
        "Turn 3: Glitch: applied",
    ]
    assert history_lines([]) == ["No event has been drawn yet."]
    assert "history" not in game.queries
