"""High Frontier political events: random legal play, secrecy, and a perft-like count.

Random play picks prompted actions and choices from `prompts()` (they must be accepted),
mixes in table bookkeeping with random, sometimes illegal, values (a refusal must leave
state() unchanged), and tries unprompted actions (they must be refused). After every
step load(state()) round-trips and the deck's invariants hold; at the end
`engine.verify` replays the log from the seed.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import ActionSpec, Game, Param, RuleError, autoplay
from engine.games.hf_political_events.cards import DECK, IDEOLOGIES
from tests.support import contract

V = "hf-political-events"
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"track_length": 3, "seniority_space": 2},
    {"seniority": "declared"},
    {"ends_as_one_event": True, "delegate_walk": False, "track_length": 5, "start_space": 5},
]
SEAT_SETS = [["Ann", "Bo", "Cy", "Dee"], ["Ann", "Bo"], ["Solo"],
             ["P1", "P2", "P3", "P4", "P5", "P6"]]


def check_invariants(game: Game) -> None:
    state = game.state()
    data = state["game"]
    again = engine.load(V, json.loads(json.dumps(state)))
    assert again.state() == state
    assert again.view(None) == game.view(None)
    aside = [data["set_aside"]] if data["set_aside"] else []
    assert Counter(data["pile"] + data["drawn"] + aside) == Counter(DECK)
    assert data["law"] is None or not (data["anarchy"] or data["war"])
    prompts = game.prompts()
    assert len(prompts) == 1  # exactly one seat is awaited at any time
    view = game.view(None)
    assert view["cards_left"] == len(data["pile"])
    assert "pile" not in view
    held = [i for i in data["ideologies"].values() if i]
    assert len(held) == len(set(held))


def seniority_vote(game: Game, spec: ActionSpec, param: Param, rnd: random.Random) -> Any:
    """A yes-or-no question the prompt leaves open: half the time answered, and yes only now
    and then after the first turn."""
    if param.kind == "bool" and rnd.random() < 0.5:
        return rnd.random() < 0.3 and game.state()["game"]["turn"] > 0
    return None


# Every prompted question answered from its choices (a prompted choice is always accepted).
PROMPTED = autoplay.Leaning(skip_optional=0.0, open_value=seniority_vote)


def prompted_move(game: Game, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
    call = autoplay.pick(game, rnd, PROMPTED)
    assert call is not None  # exactly one seat is awaited at any time
    return call


def bookkeeping_move(game: Game, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
    seat = rnd.choice(game.seats)
    action = rnd.choice(["law", "law", "anarchy", "war", "ideology", "ideology", "secgen",
                         "sunspot", "deck"])
    params: dict[str, Any] = {}
    if action == "law":
        params["law"] = rnd.choice([*IDEOLOGIES, "none", "Chaos"])
    elif action in {"anarchy", "war"}:
        params["on"] = rnd.random() < 0.5
    elif action == "ideology":
        params["player"] = rnd.choice(game.seats)
        params["ideology"] = rnd.choice([*IDEOLOGIES, "none"])
    elif action == "secgen":
        params["player"] = rnd.choice(game.seats + ["Nobody"])
    elif action == "sunspot":
        params["space"] = rnd.randint(0, 13)
    return seat, action, params


def unprompted_move(game: Game, rnd: random.Random) -> tuple[str, str, dict[str, Any]] | None:
    prompts = game.prompts()
    others = [s for s in game.seats if s not in prompts]
    if not others:
        return None
    return rnd.choice(others), rnd.choice(["turn", "done", "skip", "tally"]), {"law": "Unity"}


def play(seed: int, options: dict[str, Any], seats: list[str], steps: int,
         check_every: int = 1) -> Game:
    rnd = random.Random(seed)
    game = engine.new_game(V, seats, seed=f"prop-{seed}", options=options, history=True)
    check_invariants(game)
    for step in range(steps):
        roll = rnd.random()
        if roll < 0.7:
            seat, action, params = prompted_move(game, rnd)
            game.act(seat, action, **params)  # a prompted choice is always accepted
        else:
            move = bookkeeping_move(game, rnd) if roll < 0.93 else unprompted_move(game, rnd)
            if move is None:
                continue
            seat, action, params = move
            before = game.state()
            try:
                events = game.act(seat, action, **params)
            except RuleError:
                assert game.state() == before
            else:
                assert roll < 0.93, f"unprompted {action} by {seat} was accepted"
                assert all(e.public == (action != "deck") for e in events)
        if step % check_every == 0:
            check_invariants(game)
    return game


@pytest.mark.slow  # seeded volume: `-m "not slow"` skips it locally
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), options=st.sampled_from(OPTION_SETS),
       seats=st.sampled_from(SEAT_SETS))
def test_random_legal_play(seed: int, options: dict[str, Any], seats: list[str]) -> None:
    """Random legal play: prompted choices are accepted, refusals change nothing, the state
    round-trips after every step, and the log verifies from the seed."""
    game = play(seed, options, seats, steps=80)
    result = contract.verify(game)
    assert result.ok, result.problems


@pytest.mark.slow  # seeded volume: `-m "not slow"` skips it locally
@pytest.mark.parametrize("options", OPTION_SETS)
def test_long_games_verify(options: dict[str, Any]) -> None:
    """Several laps of the deck (Seniority and HF-3 reshuffles) replay exactly."""
    for seed in range(2):
        game = play(seed, options, ["Ann", "Bo", "Cy"], steps=300, check_every=50)
        assert game.state()["game"]["turn"] > 30
        assert contract.verify(game).ok


def permuted(game: Game, rnd: random.Random) -> Game:
    state = game.state()
    rnd.shuffle(state["game"]["pile"])
    return engine.load(V, state)


@pytest.mark.parametrize("seed", range(12))
def test_secrecy_the_draw_order_is_never_public(seed: int) -> None:
    """The only secret is the order of the draw pile: every view and every event that does
    not draw a card is the same whatever that order is (the count of cards left is public,
    the order is not)."""
    rnd = random.Random(seed)
    game = play(seed, OPTION_SETS[seed % len(OPTION_SETS)], ["Ann", "Bo", "Cy"],
                steps=rnd.randint(0, 60))
    for _ in range(3):
        other = permuted(game, rnd)
        for seat in [None, *game.seats]:
            assert other.view(seat) == game.view(seat)
        assert other.prompts() == game.prompts()
        for action, params in [("deck", {}), ("ideology",
                               {"player": "Cy", "ideology": "none"})]:
            try:
                mine = [e.to_json() for e in engine.load(V, game.state()).act(
                    "Bo", action, **params)]
            except RuleError as exc:
                with pytest.raises(RuleError) as caught:
                    engine.load(V, other.state()).act("Bo", action, **params)
                assert caught.value.message == exc.message
                continue
            theirs = [e.to_json() for e in engine.load(V, other.state()).act(
                "Bo", action, **params)]
            assert mine == theirs
    public_text = json.dumps(game.view(None))
    assert "pile" not in game.view(None)
    upcoming = game.state()["game"]["pile"][::-1]
    if len(upcoming) >= 3:
        assert json.dumps(upcoming[:3])[1:-1] not in public_text


def perft(game: Game, depth: int) -> int:
    """The number of distinct prompted-action sequences of length `depth`."""
    if depth == 0:
        return 1
    total = 0
    state = game.state()
    for seat, prompt in game.prompts().items():
        for spec in prompt.actions:
            choices: list[dict[str, Any]] = [{}]
            for param in spec.params:
                if param.choices is not None:
                    choices = [{**c, param.name: v.value} for c in choices
                               for v in param.choices]
            for params in choices:
                child = engine.load(V, state)
                child.act(seat, spec.name, **params)
                total += perft(child, depth - 1)
    return total


def perft_start(seed: str) -> Game:
    """Unity is the Active Law and on top of the pile; Bo holds Freedom; a 2-space track."""
    game = engine.new_game(V, ["Ann", "Bo", "Cy"], seed=seed, options={"track_length": 2})
    game.act("Ann", "law", law="Unity")
    game.act("Ann", "ideology", player="Bo", ideology="Freedom")
    state = game.state()
    state["game"]["pile"].remove("unity")
    state["game"]["pile"].append("unity")
    return engine.load(V, state)


def test_perft_from_fixed_seeds() -> None:
    """A perft-like count of legal prompted sequences catches changes in the prompts: the
    Unity walk (2 answers each), the tally (7 ideologies), the Seniority choice (2 others
    unless the law is Bo's Freedom)."""
    counts = [[perft(perft_start(seed), d) for d in range(1, 10)]
              for seed in ("perft-1", "perft-2")]
    assert counts == PERFT


# 8 walks x 7 tallies = 56; at Seniority 8 Freedom lines pass to Bo and 48 lines choose one
# of 2 players (8 + 96 = 104); depth 9 then depends on what the second deck holds.
PERFT = [[1, 2, 4, 8, 56, 56, 56, 104, 104], [1, 2, 4, 8, 56, 56, 56, 104, 120]]
