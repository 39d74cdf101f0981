"""Random legal play over 200 seeded games, with the cards, windows and neutrals.

- Only `RuleError` refuses an action, and a refusal changes nothing; an action whose
  values all come from its prompt's choices is never refused.
- `load(state())` round-trips; every game replays and verifies from its seed.
- Secrecy by non-interference: a twin of the position in which the cards in the seats'
  hands are dealt differently (the actor's own included; the cards the action names and
  the sizes of the hands stay) gives, for the same action, the same public events, the
  same public view and the same awaited seats. So no public event, view or window
  depends on what anyone holds (issue 17: "no public event, view ... or window reveals a
  card in anyone's hand").
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine import Event, RuleError
from engine.games.one_world_dominion import OneWorldDominion
from tests.engine.one_world_dominion.helpers import check_public, verified
from tests.engine.one_world_dominion.play import random_action
from tests.support.secrecy import check_twin

GAMES = 200
STEPS = 50
NAMES = ["Ann", "Bo", "Cy", "Di"]
# Actions whose every prompted value is legal on its own: a prompt never offers a refusal.
SINGLE = {"claim", "defend", "move", "steal", "pass", "trade"}


def named_cards(params: dict[str, Any]) -> set[str]:
    named = {str(params[k]) for k in ("card", "take") if params.get(k)}
    if params.get("cards"):
        named |= {c.strip() for c in str(params["cards"]).split(",")}
    return named


def twin_of(game: OneWorldDominion, params: dict[str, Any], rnd: random.Random) -> Any:
    """The same state with the loose cards in hands dealt out again."""
    state = game.state()
    d = state["game"]
    fixed = named_cards(params) | {c for cards in d["fresh"].values() for c in cards}
    loose = [c for hand in d["hands"].values() for c in hand if c not in fixed]
    rnd.shuffle(loose)
    # Swap some loose cards with the draw pile too, so a twin's hands can hold cards
    # nobody holds in the original (the pile's order stays as it is).
    for seat, hand in d["hands"].items():
        d["hands"][seat] = [c if c in fixed else loose.pop() for c in hand]
    twin = engine.load("one-world-dominion", state)
    assert isinstance(twin, OneWorldDominion)
    return twin


def position_of(game: OneWorldDominion) -> tuple[str, bool]:
    """What a refusal must leave as it was: the game's own state (cheaply; the base class
    restores the rest, pinned by tests/engine/test_core.py)."""
    return json.dumps(game._dump()), game.finished


def check_events(game: OneWorldDominion, events: list[Event]) -> None:
    """No public event names a card still in a hand (a card just played is discarded)."""
    held = {c for hand in game.hands.values() for c in hand} - \
        {c for cards in game.fresh.values() for c in cards}
    for event in events:
        if event.public and event.kind != "played":
            assert not any(card in event.text for card in held), event


@pytest.mark.slow
def test_random_legal_play_with_twins() -> None:
    compared = 0
    acted = 0
    neutral_games = neutral_acts = 0
    for index in range(GAMES):
        rnd = random.Random(index)
        seats = NAMES[:rnd.choice([3, 4])]
        options = {"start": "deal", "setup_batch": 40, "starting_cards": 4,
                   "defence": rnd.choice(["choose", "most"])}
        game = engine.new_game("one-world-dominion", seats, seed=f"random-{index}",
                               options=options, history=True)
        assert isinstance(game, OneWorldDominion)
        seen: set[str] = set()
        for step in range(STEPS):
            if game.finished:
                break
            seat, action, params = random_action(game, rnd)
            before = position_of(game) if step % 2 else None
            if step % 9 == 8:
                # The shared twin check: same awaited seats and public view before and
                # after, same public events (tests/support/secrecy.py).
                twin = twin_of(game, params, rnd)
                before = position_of(game)
                result = check_twin(game, twin, seat, action, params)
                if result is None:
                    assert action not in SINGLE, (index, step, action, params)
                    assert position_of(game) == before
                    continue
                events = result
                compared += 1
            else:
                try:
                    events = game.act(seat, action, **params)
                except RuleError:
                    assert action not in SINGLE, (index, step, action, params)
                    assert before is None or position_of(game) == before
                    continue
            acted += 1
            seen |= {e.kind for e in events}
            check_events(game, events)
            if step % 4 == 0:
                check_public(game, events)
            if step % 10 == 0:
                state = game.state()
                assert engine.load("one-world-dominion", state).state() == state
        neutral_games += "neutral" in seen
        neutral_acts += bool({"rebels_grow", "mutants"} & seen)
        verified(game)
    assert acted > GAMES * STEPS // 2
    assert compared > 500
    assert neutral_games >= 20 and neutral_acts >= 5
