"""Random legal play over 200 seeded games (issue 26's acceptance).

- Only `RuleError` refuses an action, and a refusal changes nothing; odd calls (another seat
  pressing the button, odd values, a parameter left out) are refused the same way.
- Every deadline's plan (`timeout_actions()`: windows passed, decisions answered, a turn
  ended) is accepted whenever it is taken: no game stalls.
- `load(state())` round-trips; every game replays and verifies from its seed.
- Secrecy by non-interference: a twin of the position whose secrets differ (the cards in
  every hand and the unknown cards of the Command deck dealt again, the sizes kept; every
  Nuclear Zone card not yet face up swapped for another of its zone; the face-down tokens'
  numerals shuffled among their places) gives, for the same action, the same public events,
  the same public view and the same awaited seats. So no public event or view shows a
  Nuclear Zone card, a hand or a token ("no public event, view or image shows a nuclear zone
  card or a hand"; the image: tests/renders/test_dictators_render.py).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import engine
from engine import RuleError
from engine.games.dictators import Dictators
from tests.engine.dictators.play import random_action
from tests.support.secrecy import check_twin

GAMES = 200
STEPS = 150
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
ODD_VALUES: list[Any] = [None, "", "Atlantis", "x" * 120, 0, -1, 7, "VI", "Veto", 2.5]
# What the rules make public with a secret: an event card drawn is shown; a token's numeral
# is shown when used; a Presidential card is shown; cards discarded from a hand lie face up
# on the discard pile.
REVEALS = frozenset({"founding_father", "defcon_card", "trident_card", "token",
                     "president_card", "revealed_cards", "searched", "discarded_hand",
                     "discarded"})


def position_of(game: Dictators) -> tuple[str, bool, int]:
    return json.dumps(game.state(), sort_keys=True), game.finished, game.step_count


def twin_of(game: Dictators, params: dict[str, Any], rnd: random.Random) -> Dictators:
    """The same public position with the secrets dealt again."""
    state = game.state()
    d = state["game"]
    fixed = {str(params.get("card"))}
    # Hands and the unknown (non-event) cards of the Command deck, sizes kept.
    events = game.data.event_names()
    loose = [c for hand in d["hands"].values() for c in hand if c not in fixed]
    loose += [c for c in d["command"] if c not in events]
    rnd.shuffle(loose)
    for seat, hand in d["hands"].items():
        d["hands"][seat] = [c if c in fixed else loose.pop() for c in hand]
    d["command"] = [c if c in events else loose.pop() for c in d["command"]]
    # Nuclear Zone cards still face down: each swapped with one left in its zone's deck,
    # but for a base whose disarming is under way (its try was announced: the rules make
    # that public).
    trying = {e["at"] for e in d["stack"] if e.get("moment") == "disarm"}
    for entry in d["stack"]:  # Hacker or Double Time shown: a base where its player stands
        info = game.data.command.get(entry.get("card", ""))
        if entry.get("moment") == "card" and info and info.effect and \
                info.effect.kind in ("disarm_free", "disarm_attempt"):
            trying.add(d["location"][entry["seat"]])
    if d["turn"].get("disarm"):
        trying.add(d["turn"]["disarm"]["at"])
    for cards in d["nz"].values():
        for card in cards:
            deck = d["zone_decks"][str(card["zone"])]
            if not card["disarmed"] and deck and card["base"] not in trying:
                i = rnd.randrange(len(deck))
                deck[i], card["base"] = card["base"], deck[i]
    # Face-down tokens: in hands, on bases, on the Trident, in the box.
    places: list[list[str]] = [d["tokens"][s] for s in d["tokens"]] + \
        [d["token_supply"], d["trident"]["warheads"]]
    numerals = [t for p in places for t in p] + list(d["base_tokens"].values())
    rnd.shuffle(numerals)
    for place in places:
        place[:] = [numerals.pop() for _ in place]
    for base in d["base_tokens"]:
        d["base_tokens"][base] = numerals.pop()
    twin = engine.load("dictators", state)
    assert isinstance(twin, Dictators)
    return twin


def odd_call(game: Dictators, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
    seat, action, params = random_action(game, rnd)
    if params and rnd.random() < 0.7:
        name = rnd.choice(sorted(params))
        if rnd.random() < 0.3:
            params.pop(name)
        else:
            params[name] = rnd.choice(ODD_VALUES)
    else:
        seat = rnd.choice(game.seats)
    return seat, action, params


@pytest.mark.slow
def test_random_legal_play_with_twins_deadlines_and_odd_calls() -> None:
    compared = acted = timed = refused = 0
    seen: Counter[str] = Counter()
    for index in range(GAMES):
        rnd = random.Random(index)
        seats = NAMES[:rnd.choice([2, 3, 4, 5])]
        options = {"oops": rnd.random() < 0.8,
                   "after_failed_roll": rnd.choice(["play", "end"]),
                   "asset_once_per_turn": rnd.random() < 0.8,
                   "defcon_start": rnd.choice([5, 5, 4]),
                   "first_player": rnd.choice(["roll", "seats"])}
        game = engine.new_game("dictators", seats, seed=f"random-{index}", options=options,
                               history=True)
        assert isinstance(game, Dictators)
        for step in range(STEPS):
            if game.finished:
                break
            roll = rnd.random()
            if roll < 0.08:
                seat, action, params = odd_call(game, rnd)
                before = position_of(game)
                try:
                    game.act(seat, action, **params)
                except RuleError:
                    assert position_of(game) == before, (index, step, seat, action, params)
                    refused += 1
                continue
            if roll < 0.25 and game.timeout_actions():
                for seat, action, params in game.timeout_actions():
                    if game.finished:
                        break
                    events = game.act(seat, action, **params)
                    seen.update(e.kind for e in events)
                    timed += 1
                continue
            seat, action, params = random_action(game, rnd)
            before = position_of(game)
            if step % 6 == 5:
                twin = twin_of(game, params, rnd)
                result = check_twin(game, twin, seat, action, params, reveals=REVEALS)
                if result is None:
                    assert position_of(game) == before
                    continue
                events = result
                compared += 1
            else:
                try:
                    events = game.act(seat, action, **params)
                except RuleError:
                    assert position_of(game) == before, (index, step, seat, action, params)
                    continue
            acted += 1
            seen.update(e.kind for e in events)
            if step % 10 == 0:
                state = json.loads(json.dumps(game.state()))
                assert engine.load("dictators", state).state() == state
            if step % 25 == 0 and game.prompts():  # what the rules keep, kept (statecheck)
                engine.load("dictators", json.loads(json.dumps(game.state())), imported=True)
        result = engine.verify(game.state(), game.history or [])
        assert result.ok, (index, result.problems)
    assert acted > GAMES * STEPS // 2 and timed > 500 and refused > 500
    assert compared > 1500
    # The games reach every part of the rules.
    for kind in ("window", "disarmed", "disarm_failed", "founding_father", "defcon",
                 "president_card", "not_convinced", "token", "stopped", "hand_limit",
                 "skipped", "trident"):
        assert seen[kind] > 0, (kind, seen)
