"""Seeded random play of `aa-classic` (issue 21's acceptance): 200 games of a few turns each,
every kind of action with random (often impossible) parameters and the deadline's answers
in between, under varied options. Whatever happens, a refusal is a `RuleError` that changes
nothing, the deadline's answers are always accepted (no game ever stalls), the state
round-trips through `engine.load`, and replaying the log (`verify`) gives the same game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine.aa.movement import hostile
from engine.aa.units import DEVELOPMENTS, POWERS, UNITS, movement
from engine.errors import RuleError
from engine.games.aa_classic import AAClassic
from tests.engine.aa.helpers import check_replay

GAMES = 200
STEPS = 90  # about two rounds of five powers with their battles

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"aa_fly_over": False},
    {"placement_cap": "new-and-captured", "research": "pick"},
    {"placement_cap": "unlimited", "transport": "revised", "neutrals": "closed"},
    {"bombardment_return_fire": False, "axis_economic_victory": 0},
]
KINDS = [k.replace("_", " ") for k in UNITS]


def _some_units(rnd: random.Random, have: dict[str, int]) -> str:
    """Units as a player might type them: what is there, part of it, or too many."""
    if not have or rnd.random() < 0.1:
        return f"{rnd.randint(1, 3)} {rnd.choice(KINDS)}"
    kinds = rnd.sample(sorted(have), rnd.randint(1, len(have)))
    return ", ".join(f"{rnd.randint(1, have[k] + (1 if rnd.random() < 0.1 else 0))} "
                     f"{k.replace('_', ' ')}" for k in kinds)


def _move(game: AAClassic, rnd: random.Random, seat: str) -> tuple[str, dict[str, Any]]:
    """Mostly a move a player would try: a kind of unit to an area within its reach, often a
    hostile one in combat movement, sometimes over named areas; bombers raid complexes."""
    power, board = game.power, game.board
    mine = sorted(a for a in game.pos.units if game.available(a))
    if not mine:
        return "end-phase", {}
    start = rnd.choice(mine)
    have = game.available(start)
    kind = rnd.choice(sorted(have))
    reach = movement(kind, game.pos.techs_of(power)) if rnd.random() < 0.9 else 3
    near = sorted(a for a in board.distances(start, limit=max(reach, 1)) if a != start)
    enemy = [a for a in near if hostile(game.pos, board, a, power)]
    factories = [a for a in enemy if any("factory" in c for p, c in
                                         game.pos.all_units(a).items() if p != power)]
    combat = game.stage == "combat-move"
    if kind == "bomber" and factories and combat and rnd.random() < 0.4:
        return "move", {"units": f"{rnd.randint(1, have['bomber'])} bomber",
                        "from_area": start, "to": rnd.choice(factories), "bomb": True}
    to = rnd.choice(enemy) if combat and enemy and rnd.random() < 0.7 else rnd.choice(near)
    units = {kind: rnd.randint(1, have[kind])}
    if rnd.random() < 0.3:
        other = rnd.choice(sorted(have))
        units[other] = rnd.randint(1, have[other] + (1 if rnd.random() < 0.1 else 0))
    params: dict[str, Any] = {"units": ", ".join(f"{n} {k.replace('_', ' ')}"
                                                 for k, n in units.items()),
                              "from_area": start, "to": to}
    if rnd.random() < 0.25:
        path = board.path(start, to, through={a for a in board.areas
                                              if not board.is_neutral(a)})
        if path and len(path) > 2:
            params["via"] = ", ".join(path[1:-1])
        elif rnd.random() < 0.3:
            params["via"] = rnd.choice(near)
    action = "move"
    if combat and rnd.random() < 0.3:
        action = "attack"
    if game.stage == "noncombat-move" and kind in ("fighter", "bomber") and rnd.random() < 0.5:
        action = "land"
        params.pop("via", None)
    return action, params


def _transport(game: AAClassic, rnd: random.Random) -> tuple[str, dict[str, Any]]:
    zones = sorted(z for z in game.pos.units
                   if game.pos.units_of(z, game.power).get("transport") and game.board.coast(z))
    if not zones:
        return "end-phase", {}
    zone = rnd.choice(zones)
    coast = sorted(game.board.coast(zone))
    aboard = game.pos.cargo_of(zone, game.power)
    if aboard and rnd.random() < 0.6:
        return "unload", {"units": _some_units(rnd, aboard), "sea": zone,
                          "to": rnd.choice(coast)}
    land = rnd.choice(coast)
    return "load", {"units": _some_units(rnd, game.available(land)), "from_area": land,
                    "sea": zone}


def random_action(game: AAClassic, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
    """A random action of a seat the game awaits, legal or not."""
    prompts = game.prompts()
    seat = rnd.choice(sorted(prompts))
    names = [a.name for a in prompts[seat].actions]
    if rnd.random() < 0.03:
        return seat, rnd.choice(["buy", "place", "move", "retreat", "rockets", "develop"]), {}
    if rnd.random() < 0.03:
        return rnd.choice(POWERS), "loss-order", {
            "order": ", ".join(rnd.sample(["inf", "arm", "ftr", "bmb", "trn", "sub", "cv",
                                           "bb"], rnd.randint(1, 8)))}
    if "develop" in names:
        return seat, "develop", {"development": rnd.choice(DEVELOPMENTS)}
    if "casualties" in names:
        battle = game.battle
        assert battle is not None
        choice = next(c for c in battle.pending if c.power == seat)
        if rnd.random() < 0.5:
            return seat, "casualties", {"units": game.default_casualties_for(seat)}
        return seat, "casualties", {"units": _some_units(rnd, choice.among)}
    if "land" in names and game.stage == "combat":
        spec = prompts[seat].action("land")
        assert spec is not None and spec.params[0].choices
        to = rnd.choice([c.value for c in spec.params[0].choices] + ["Japan"])
        return seat, "land", {"to": to}
    if "retreat" in names:
        spec = prompts[seat].action("retreat")
        assert spec is not None and spec.params[0].choices is not None
        if rnd.random() < 0.3 and spec.params[0].choices:
            return seat, "retreat", {"to": rnd.choice(spec.params[0].choices).value}
        return seat, "continue", {}
    stage = game.stage
    if stage == "research" and rnd.random() < 0.2:
        return seat, "research", {"dice": rnd.randint(1, 4)}
    if stage == "purchase" and rnd.random() < 0.7:
        return seat, "buy", {"units": rnd.choice(["3 inf", "2 arm", "ftr", "bmb", "sub, trn",
                                                  "ic", "aa", "cv", "bb", "inf, arm, ftr"])}
    if stage in ("combat-move", "noncombat-move"):
        if "rockets" in names and rnd.random() < 0.2:
            guns = sorted(a for a in game.pos.units
                          if game.pos.units_of(a, game.power).get("aa_gun"))
            if guns:
                gun = rnd.choice(guns)
                targets = sorted(game.board.distances(gun, limit=3))
                return seat, "rockets", {"from_area": gun, "target": rnd.choice(targets)}
        if rnd.random() < 0.15:
            action, params = _transport(game, rnd)
            return seat, action, params
        if rnd.random() < 0.9:
            action, params = _move(game, rnd, seat)
            return seat, action, params
    if stage == "place" and game.bought and rnd.random() < 0.7:
        at = rnd.choice(sorted(game.board.land))
        own = sorted(a for a in game.board.land
                     if game.pos.units_of(a, game.power).get("factory"))
        if own and rnd.random() < 0.8:
            at = rnd.choice(own)
        params = {"units": _some_units(rnd, dict(game.bought)), "at": at}
        coast = sorted(game.board.coast(at))
        if coast and rnd.random() < 0.5:
            params["sea"] = rnd.choice(coast)
        return seat, "place", params
    return seat, "end-phase", {}


def play(seed: int, steps: int = STEPS) -> AAClassic:
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    game = engine.new_game("aa-classic", list(POWERS), seed=f"random-classic-{seed}",
                           options=options, history=True)
    assert isinstance(game, AAClassic)
    rnd = random.Random(f"random-classic-{seed}")
    for step in range(steps):
        if game.finished:
            break
        moving = game.stage in ("combat-move", "noncombat-move")
        if rnd.random() < (0.06 if moving else 0.25):
            # The deadline answers for every awaited seat; it is never refused.
            for seat, action, params in game.timeout_actions():
                game.act(seat, action, **params)
            continue
        seat, action, params = random_action(game, rnd)
        before = json.dumps(game.state(), sort_keys=True)
        try:
            game.act(seat, action, **params)
        except RuleError:
            assert json.dumps(game.state(), sort_keys=True) == before, (action, params)
        if step % 30 == 29:
            state = game.state()
            assert engine.load("aa-classic", json.loads(json.dumps(state))).state() == state
    return game


@pytest.mark.slow
def test_two_hundred_seeded_games_only_rule_errors_round_trips_replay_and_verify() -> None:
    """Issue 21: "Random legal play over at least 200 seeded games ... every deadline
    answered automatically: no exception but RuleError, refusals change nothing, round
    trips, replay and verify hold"."""
    for seed in range(GAMES):
        game = play(seed)
        state = game.state()
        assert engine.load("aa-classic", json.loads(json.dumps(state))).state() == state
        check_replay(game)
