"""Small helpers so a Plotted A&A test reads like the rulebook."""

from __future__ import annotations

import json
import random
from typing import Any

import engine
from engine import Game, RuleError
from engine.aa.units import POWERS, UNITS
from engine.events import Event

FORM_HEADER = "Round\tMove To / Build At\tWith Units\tFrom\tNotes\n"


def new(seed: str = "paa", **options: Any) -> Game:
    """A game whose every question is asked (standing orders "ask me"), so that a test plays
    each decision as the rulebook's players would; a test of standing orders says which."""
    options.setdefault("standing_orders", "ask")
    return engine.new_game("plotted-aa", list(POWERS), seed=seed, options=options,
                           history=True)


def frozen(game: Game) -> str:
    return json.dumps(game.state(), sort_keys=True)


def act(game: Game, seat: str, action: str, **params: Any) -> list[Event]:
    """Act, and check the invariants: a refusal changes nothing; the state round-trips."""
    before = frozen(game)
    try:
        events = game.act(seat, action, **params)
    except RuleError:
        assert frozen(game) == before
        raise
    again = engine.load("plotted-aa", json.loads(frozen(game)))
    assert frozen(again) == frozen(game)
    return events


def verified(game: Game) -> bool:
    """The one place tests check a game's steps replay (kept by `history=True`)."""
    from engine.replay import verify
    assert game.history is not None
    return verify(game.state(), game.history).ok


def skip_development(game: Game) -> None:
    for power in POWERS:
        game.act(power, "skip")


def plot_phase(seed: str = "paa", **options: Any) -> Game:
    game = new(seed, **options)
    skip_development(game)
    return game


def submit_all(game: Game, *powers: str) -> list[Event]:
    events: list[Event] = []
    for power in powers or POWERS:
        if not game.submitted.get(power):  # type: ignore[attr-defined]
            events += act(game, power, "plot-submit")
    return events


def run_deadlines(game: Game, until: str | None = None, limit: int = 400) -> list[Event]:
    """Let the deadline act for everyone until the stage is `until` (or nothing awaits)."""
    events: list[Event] = []
    for _ in range(limit):
        if until is not None and game.stage == until:  # type: ignore[attr-defined]
            return events
        todo = game.timeout_actions()
        if not todo:
            return events
        seat, action, params = todo[0]
        events += act(game, seat, action, **params)
    raise AssertionError("the deadline never got the game there")


def units_at(game: Game, area: str, power: str) -> dict[str, int]:
    return game.pos.units_of(area, power)  # type: ignore[attr-defined,no-any-return]


def random_plot(game: Game, power: str, rnd: random.Random, size: int,
                sink: list[Event] | None = None) -> None:
    """Plot up to `size` random legal actions for `power` (refused ones are skipped); the
    events go to `sink`. Calls `game.act` directly: fast enough for many seeded turns."""
    board = game.board  # type: ignore[attr-defined]
    pos = game.pos  # type: ignore[attr-defined]
    areas = sorted(a for a in pos.units if pos.units_of(a, power))
    round_number = 1
    for _ in range(size * 3):
        if round_number > size:
            break
        choice = rnd.random()
        events: list[Event] = []
        try:
            if choice < 0.1 and game.options["noop"] and round_number > 1:
                events = game.act(power, "plot-noop", round=round_number)
            elif choice < 0.2:
                capital = board.capital(power)
                events = game.act(power, "plot-build", round=round_number, factory=capital,
                                  units=rnd.choice(["inf", "2 inf", "arm", "inf, arm"]))
            else:
                start = rnd.choice(areas)
                kinds = [k for k, n in pos.units_of(start, power).items()
                         if n and UNITS[k].domain in ("land", "air", "sea")]
                if not kinds:
                    continue
                kind = rnd.choice(kinds)
                end = rnd.choice(sorted(board.neighbours(start)))
                events = game.act(power, "plot-move", round=round_number,
                                  units=f"1 {kind}", from_area=start, to=end)
            round_number += 1
            if sink is not None:
                sink += events
        except RuleError:
            continue
