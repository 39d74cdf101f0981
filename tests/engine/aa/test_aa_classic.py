"""The `aa-classic` game on the blocks: a first turn, battles with casualties chosen by the
defender, retreat, placement, income, the deadline policy, and seeded random legal play."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine.aa.units import POWERS
from engine.errors import RuleError
from engine.games.aa_classic import AAClassic
from tests.engine.aa.helpers import check_replay


def new(seed: str = "aa", **options: Any) -> AAClassic:
    game = engine.new_game("aa-classic", list(POWERS), seed=seed, options=options,
                           history=True)
    assert isinstance(game, AAClassic)
    return game


def act(game: AAClassic, seat: str, action: str, **params: Any) -> list[str]:
    """Act, and check that the state round-trips through JSON after every step."""
    events = game.act(seat, action, **params)
    state = game.state()
    assert engine.load("aa-classic", json.loads(json.dumps(state))).state() == state
    return [e.text for e in events]


def refused(game: AAClassic, seat: str, action: str, **params: Any) -> str:
    before = json.dumps(game.state())
    with pytest.raises(RuleError) as info:
        game.act(seat, action, **params)
    assert json.dumps(game.state()) == before
    return info.value.message


def fight_out(game: AAClassic) -> None:
    """Answer every casualty choice by the saved loss order and press on."""
    for _ in range(200):
        if game.stage != "combat":
            return
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    raise AssertionError("the battles did not end")


def test_a_first_turn_purchase_attack_casualties_placement_income() -> None:
    game = new()
    assert set(game.prompts()) == {"USSR"}
    act(game, "USSR", "end-phase")
    assert "cost 36 IPCs; you have 24" in refused(game, "USSR", "buy", units="3 fighters")
    act(game, "USSR", "buy", units="8 inf")
    act(game, "USSR", "end-phase")
    assert game.pos.treasury["USSR"] == 0
    act(game, "USSR", "move", units="3 inf, arm", from_area="Karelia", to="E Eur")
    assert "3 moves away" in refused(game, "USSR", "move", units="inf", from_area="Caucasus",
                                     to="Germany")
    act(game, "USSR", "end-phase")
    # The defender chooses its own casualties: Germany is prompted when it must choose.
    seen_german_choice = False
    for _ in range(100):
        if game.stage != "combat":
            break
        prompts = game.prompts()
        if "Germany" in prompts:
            seen_german_choice = True
            assert prompts["Germany"].actions[0].name == "casualties"
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    assert game.stage == "noncombat-move"
    act(game, "USSR", "end-phase")
    assert "at most 3 units" in refused(game, "USSR", "place", units="4 inf", at="Karelia")
    assert "0 unplaced armour" in refused(game, "USSR", "place", units="arm", at="Russia")
    act(game, "USSR", "place", units="6 inf", at="Russia")
    act(game, "USSR", "place", units="2 inf", at="Karelia")
    texts = act(game, "USSR", "end-phase")
    assert any("collects" in t for t in texts)
    assert game.power == "Germany" and game.stage == "research"
    assert isinstance(seen_german_choice, bool)
    check_replay(game)


def test_blitz_captures_and_neutral_charge_in_the_game() -> None:
    game = new("blitz")
    while game.power != "Germany":
        act(game, game.power, "end-phase")
    game.pos.units.pop("Caucasus", None)  # an empty enemy territory to blitz through
    act(game, "Germany", "end-phase")
    act(game, "Germany", "end-phase")
    assert game.stage == "combat-move"
    act(game, "Germany", "move", units="arm", from_area="Ukraine", to="Persia",
        via="Caucasus")
    assert game.pos.owner["Caucasus"] == "Germany"
    act(game, "Germany", "move", units="inf", from_area="W Europe", to="Spain")
    assert game.pos.treasury["Germany"] == 29


def test_deadline_policy() -> None:
    """Issue 15: "a missed purchase buys nothing; a missed casualty choice takes the saved
    loss order; a missed move phase moves nothing"."""
    game = new("deadline")
    for expected in ("research", "purchase", "combat-move"):
        assert game.stage == expected
        assert game.timeout_actions() == [("USSR", "end-phase", {})]
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    assert game.bought == {}


def test_retreat_to_where_the_attack_came_from() -> None:
    game = new("retreat")
    act(game, "USSR", "end-phase")
    act(game, "USSR", "end-phase")
    act(game, "USSR", "move", units="2 inf", from_area="Karelia", to="E Eur")
    act(game, "USSR", "end-phase")
    for _ in range(50):
        if game.stage != "combat":
            break
        prompts = game.prompts()
        if "USSR" in prompts and prompts["USSR"].action("retreat"):
            act(game, "USSR", "retreat", to="Karelia S.S.R.")
            assert game.pos.units_of("East Europe", "USSR") == {}
            break
        seat, action, params = game.timeout_actions()[0]
        act(game, seat, action, **params)
    check_replay(game)


def test_odds_and_units_are_private_questions() -> None:
    game = new("q")
    events = game.act("Japan", "odds", attackers="3 inf, 2 arm", defenders="2 inf")
    assert not events[0].public and "attacker wins" in events[0].text
    events = game.act("USA", "units", area="E Med")
    assert "United Kingdom: 1 submarine" in events[0].text


def _random_action(game: AAClassic, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
    prompts = game.prompts()
    seat = sorted(prompts)[0]
    names = [a.name for a in prompts[seat].actions]
    if game.stage == "combat":
        if rnd.random() < 0.3 and "retreat" in names:
            spec = prompts[seat].action("retreat")
            assert spec is not None and spec.params[0].choices
            return seat, "retreat", {"to": rnd.choice(spec.params[0].choices).value}
        return game.timeout_actions()[0]
    if game.stage == "purchase" and rnd.random() < 0.5:
        return seat, "buy", {"units": rnd.choice(["2 inf", "arm", "ftr", "sub", "inf, arm"])}
    if game.stage == "research" and rnd.random() < 0.1:
        return seat, "research", {"dice": 1}
    if game.stage in ("combat-move", "noncombat-move") and rnd.random() < 0.8:
        areas = sorted(a for a in game.pos.units if game.available(a))
        if areas:
            start = rnd.choice(areas)
            have = game.available(start)
            kind = rnd.choice(sorted(have))
            targets = sorted(game.board.neighbours(start))
            far = sorted(game.board.distances(start, limit=2))
            to = rnd.choice(targets + far)
            return seat, "move", {"units": f"1 {kind.replace('_', ' ')}", "from_area": start,
                                  "to": to}
    if game.stage == "place" and game.bought and rnd.random() < 0.5:
        kind = sorted(game.bought)[0]
        return seat, "place", {"units": f"1 {kind.replace('_', ' ')}",
                               "at": game.board.capital(game.power)}
    return seat, "end-phase", {}


@pytest.mark.parametrize("seed", range(6))
def test_random_legal_play_refusals_change_nothing_round_trips_and_verifies(seed: int) -> None:
    game = new(f"random-{seed}")
    rnd = random.Random(seed)
    for _ in range(160):
        if game.finished:
            break
        seat, action, params = _random_action(game, rnd)
        before = json.dumps(game.state())
        try:
            game.act(seat, action, **params)
        except RuleError:
            assert json.dumps(game.state()) == before
            continue
        state = game.state()
        assert engine.load("aa-classic", json.loads(json.dumps(state))).state() == state
    check_replay(game)
