"""Secrecy and the engine contract, over many seeded games of random legal play.

- The killer's identity and the Case File appear in no public event and no public view
  before a correct accusation or the killer's win; the public view does not even depend on
  who the killer is.
- No player's view ever contains another player's hand; private events go only to the
  seat whose cards they show.
- load(state()) round-trips; a RuleError leaves state() unchanged; engine.verify passes;
  every prompted choice is accepted.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from engine import ActionSpec, Choice, Event, Game, Param, RuleError, autoplay
from engine.games.killer_clue import KillerClue
from engine.games.killer_clue.board import SUSPECTS, destinations
from tests.engine.killer_clue.helpers import ALL, SCARLET, load, new, refused
from tests.support import contract

GAMES = 200
STEPS = 140
SEAT_KEYS = {"you", "you_are_killer", "hand", "clues", "notes", "may_suggest"}


def murder_when_possible(param: Param, choices: list[Choice], rnd: random.Random
                         ) -> list[Choice]:
    """Half the time the killer murders whenever it can."""
    murders = [c for c in choices if c.value.endswith("Murdered")]
    return murders if murders and rnd.random() < 0.5 else choices


def no_open_question(game: Game, spec: ActionSpec, param: Param, rnd: random.Random) -> Any:
    raise AssertionError(f"{spec.name} asks {param.name} without listing its choices")


# Accusations kept rare, and murders often, so that games end both ways. Every question of a
# prompt lists its choices.
BOTH_ENDINGS = autoplay.Leaning(rare=frozenset({"accuse"}), rare_chance=0.07,
                                skip_optional=0.4, open_value=no_open_question,
                                prefer=murder_when_possible)


def random_action(game: KillerClue, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
    """A random prompted action with random prompted choices (`BOTH_ENDINGS`)."""
    call = autoplay.pick(game, rnd, BOTH_ENDINGS)
    assert call is not None
    return call


def relabel_killer(state: dict[str, Any]) -> dict[str, Any] | None:
    """The same position with another living innocent as the killer (hands swapped)."""
    g = state["game"]
    others = [s for s in g["table"] if s != g["killer"] and g["status"][s] in
              ("playing", "missing") and s not in g["case_file"].values()]
    if not others:
        return None
    twin = copy.deepcopy(state)
    t = twin["game"]
    old, new_killer = t["killer"], others[0]
    holders = [s for s, h in t["clues"].items() if new_killer in h]
    if not holders:
        return None
    t["clues"][holders[0]][t["clues"][holders[0]].index(new_killer)] = old
    t["killer"] = new_killer
    t["case_file"]["suspect"] = new_killer
    return twin


def check_step(game: KillerClue, events: list[Event], step: int) -> None:
    state = game.state()
    g = state["game"]
    killer = g["killer"]
    over = game.finished
    for event in events:
        if event.public:
            if not over:
                assert "killer" not in event.text.lower().replace("killer clue", ""), event
                assert not {"killer", "case_file", "hand", "clues", "cards"} & set(event.data) \
                    or event.kind == "danger_revealed", event
            continue
        # A private event shows cards only to their holder.
        if event.data.get("killer"):
            assert event.audience == {killer}
        if "case_file" in event.data:
            assert event.audience == {killer}
        if "hand" in event.data or "clues" in event.data:
            assert len(event.audience) == 1
    # Who gave or played which card is never public.
    for event in events:
        if event.public and event.kind in ("card_given", "traded", "danger_played"):
            secret_cards = [e.data.get("card") for e in events if not e.public
                            and e.data.get("card") not in SUSPECTS]  # not a seat's name
            assert not any(c and c in event.text for c in secret_cards), event
    public_view = game.view(None)
    if not over:
        assert public_view["killer"] is None and public_view["case_file"] is None
    if step % 3 and not over:
        return  # the seats' views are checked every third step (speed)
    text = json.dumps(public_view)
    dumped = {s: json.dumps(g["hands"][s]) for s in game.table}
    for seat in game.table:
        hand = g["hands"][seat]
        if len(hand) > 1:
            assert dumped[seat] not in text
        view = game.view(seat)
        view_text = json.dumps(view)
        assert view["hand"] == hand and view["clues"] == g["clues"][seat]
        assert view["you_are_killer"] == (seat == killer)
        assert ("case_file" in view and view["case_file"] is not None) == \
            (seat == killer or over)
        assert set(view) - set(public_view) == SEAT_KEYS
        for key in set(public_view) - {"killer", "case_file"}:
            assert view[key] == public_view[key], key
        for other in game.table:
            if other != seat and len(g["hands"][other]) > 1 and \
                    g["hands"][other] != hand:
                assert dumped[other] not in view_text
    # Non-interference: the public view is the same whoever the killer is.
    if not over and step % 13 == 0:
        twin_state = relabel_killer(state)
        if twin_state is not None:
            twin = load(twin_state)
            assert twin.view(None) == public_view


def play_random_game(index: int) -> KillerClue:
    rnd = random.Random(index)
    seats = rnd.sample(ALL, rnd.randint(3, 6))
    options = {"butler_maid": rnd.random() < 0.5, "red_herrings": rnd.random() < 0.5,
               "dice": rnd.choice(["2d6", "d12"])}
    game = new(seats, seed=f"secrecy-{index}", **options)
    check_step(game, list(game.setup_events), 0)
    for step in range(1, STEPS + 1):
        if game.finished:
            break
        events = act_randomly(game, rnd)
        check_step(game, events, step)
    return game


def act_randomly(game: KillerClue, rnd: random.Random) -> list[Event]:
    """Act at random. The only prompted combination that may be refused is a Motive or
    Butler/Maid card with a missing or mismatched target (one `target` menu serves all
    cards); the refusal must leave the state unchanged."""
    for _ in range(50):
        seat, action, params = random_action(game, rnd)
        before = game.state() if params.get("card") in TARGETED else None
        try:
            return game.act(seat, action, **params)
        except RuleError:
            assert action == "play" and params["card"] in TARGETED, (action, params)
            assert game.state() == before
    raise AssertionError("no accepted action")


TARGETED = {"Motive", "Butler Enters Room", "Maid Enters Room"}


@pytest.mark.slow  # seeded volume: `-m "not slow"` skips it locally
def test_secrecy_across_random_games() -> None:
    """DESIGN: 'The engine alone decides what is secret.' Rulebook, Getting Started 8:
    'shuffle all of the envelopes together until you have no idea which one belongs to the
    killer'; Danger Round: 'shuffle them together to conceal who played which card'."""
    endings = {"killer": 0, "accuser": 0}
    for index in range(GAMES):
        game = play_random_game(index)
        state = game.state()
        if game.finished:
            endings["killer" if game.winners == [state["game"]["killer"]] else "accuser"] += 1
        assert load(state).state() == state
        if index % 10 == 0:
            verification = contract.verify(game)
            assert verification.ok, verification.summary()
    assert endings["killer"] >= 10 and endings["accuser"] >= 1, endings


def test_verify_and_round_trip_a_long_game() -> None:
    """engine.verify replays the log with exactly the recorded luck; load(state()) is
    lossless at every step."""
    rnd = random.Random(7)
    game = new(seed="long")
    for _ in range(300):
        if game.finished:
            break
        act_randomly(game, rnd)
        state = json.loads(json.dumps(game.state()))
        assert load(state).state() == game.state()
    assert contract.verify(game).ok


def test_rule_errors_leave_the_state_unchanged() -> None:
    """STYLE: 'A shared test helper asserts state() is unchanged after every RuleError.'
    Unprompted actions and values are refused."""
    rnd = random.Random(3)
    game = new(seed="errors")
    refusals = 0
    for _ in range(150):
        if game.finished:
            break
        prompts = game.prompts()
        idle = [s for s in game.table if s not in prompts]
        if idle:
            refused(game, idle[0], "pass")
            refusals += 1
        seat = sorted(prompts)[0]
        spec = prompts[seat].actions[0]
        for param in spec.params:
            if param.choices is not None:
                bad = {p.name: (p.choices[0].value if p.choices else "x")
                       for p in spec.params if p.choices is not None and p.required}
                bad[param.name] = "Nowhere"
                refused(game, seat, spec.name, **bad)
                refusals += 1
        refused(game, seat, "no-such-action")
        act_randomly(game, rnd)
    assert refusals > 100
    try:
        game.act(SCARLET, "hand", nonsense=1)
    except RuleError:
        pass
    else:  # pragma: no cover
        raise AssertionError("an unknown parameter must be refused")


def test_free_actions_are_private() -> None:
    """Informational actions: `hand`, `notes` and `board` answer privately, at any time."""
    game = new(seed="free")
    for seat in game.table:
        for action in ("hand", "notes", "board"):
            (event,) = game.act(seat, action)
            assert event.audience == {seat}
    killer = game.state()["game"]["killer"]
    (event,) = game.act(killer, "hand")
    assert "You are the killer" in event.text


def test_perft_movement_counts() -> None:
    """A perft-like regression count for movement (KC-6): how many places Miss Scarlet's
    start square reaches with each total of two dice, on an empty board."""
    counts = [len(destinations("H25", roll, [])) for roll in range(2, 13)]
    assert counts == PERFT_SCARLET
    assert len(SUSPECTS) == 6


PERFT_SCARLET = [4, 6, 8, 10, 13, 20, 29, 37, 43, 49, 53]
