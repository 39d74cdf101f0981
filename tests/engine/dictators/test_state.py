"""The state: flat per action, documented, and an imported one checked field by field
(docs/dictators.md, "State schema"; issue 26: "state flat per action")."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine import RuleError, Unreadable
from tests.engine.dictators.play import random_action

SEATS = ["Ann", "Bo", "Cy", "Di"]


def test_the_state_stays_flat_however_long_the_game() -> None:
    """A game holds its position, not its history: over 1,500 actions of seeded random play
    (every deadline taken as the bot takes it) the state never grows past its size early in
    the game by more than a few cards' worth (the piles move cards around; nothing is
    appended per action)."""
    game = engine.new_game("dictators", SEATS, seed="flat", options={"round_limit": 0})
    rnd = random.Random("flat")
    sizes: list[int] = []
    actions = 0
    while actions < 1500 and not game.finished:
        plan = game.timeout_actions()
        if plan and rnd.random() < 0.6:
            for seat, action, params in plan:
                game.act(seat, action, **params)
                actions += 1
        else:
            seat, action, params = random_action(game, rnd, guide=0.1)
            try:
                game.act(seat, action, **params)
            except RuleError:
                continue
            actions += 1
        sizes.append(len(json.dumps(game.state())))
    assert actions >= 1000, actions
    early = max(sizes[:150])
    assert max(sizes) <= early + 2500, (early, max(sizes))
    assert "log" not in game.state() and "history" not in game.state()["game"]


def imported(change: Any) -> str:
    game = engine.new_game("dictators", SEATS[:3], seed="import")
    state = json.loads(json.dumps(game.state()))
    change(state["game"])
    with pytest.raises(Unreadable) as caught:
        engine.load("dictators", state, imported=True)
    return caught.value.message


@pytest.mark.parametrize(("change", "expected"), [
    (lambda g: g.update(defcon=7), "“game › defcon” is 7, but the DEFCON level can't be more "
                                   "than 5."),
    (lambda g: g["location"].update(Ann="Atlantis"),
     "“game › location › Ann” is “Atlantis”, which is not a location of the map."),
    (lambda g: g["location"].update(Ann="Gulf of Mexico"),
     "“game › location › Ann” is the Trident's place, but the Trident is not on the board."),
    (lambda g: g["hands"]["Ann"].append("DEFCON"),
     "which is not a Command card (no event card stays in a hand)."),
    (lambda g: g["tokens"]["Ann"].append(g["token_supply"][0]),
     "which is also elsewhere: each token is in one place."),
    (lambda g: g["roadblocks"].append(["Ohio", "Maine"]),
     "“game › roadblocks › #1” is not a road of the map."),
    (lambda g: g["nz"]["Ann"][0].update(zone=4),
     "“game › nz › Ann › #1 › zone” is 4, but "),
])
def test_an_imported_state_is_refused_naming_the_field(change: Any, expected: str) -> None:
    assert expected in imported(change)


def test_a_fresh_state_imports_and_round_trips() -> None:
    game = engine.new_game("dictators", SEATS[:3], seed="import")
    state = json.loads(json.dumps(game.state()))
    again = engine.load("dictators", state, imported=True)
    assert again.state() == game.state()
    assert json.loads(json.dumps(game.view(None))) == game.view(None)
    for seat in game.seats:
        assert json.loads(json.dumps(game.view(seat))) == game.view(seat)
        assert all(len(p) < 1900 for p in game.describe(seat))
