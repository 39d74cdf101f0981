"""Legal choices computed once, used both ways (STYLE): every prompted value is accepted,
unprompted ones are refused; and a perft-like count of the prompted choices along fixed
games catches regressions in legal-action generation."""

from __future__ import annotations

import random
from typing import Any

from engine import RuleError
from engine.games.cold_cash_risk import ColdCashRisk
from tests.engine.cold_cash_risk.helpers import load, new
from tests.engine.cold_cash_risk.test_secrecy import NAMES, random_action

# Actions whose every prompted value is legal whatever the other values (first choices).
EACH_VALUE = {"place", "found", "absorb", "merge", "leave", "pass", "consent", "accept",
              "vote", "end-attacks", "declare-end", "earnings", "ballot", "count-votes",
              "defend", "settle-first"}


def positions(count: int, seed: int = 0) -> list[ColdCashRisk]:
    """Games stopped at random moments of random legal play."""
    found = []
    for i in range(count):
        rnd = random.Random(seed + i)
        game = new(NAMES[: 3 + i % 4], seed=f"prompts-{seed + i}", show_new_shares=True)
        for _ in range(rnd.randint(5, 150)):
            if game.finished:
                break
            seat, action, params = random_action(game, rnd)
            try:
                game.act(seat, action, **params)
            except RuleError:
                continue
        if not game.finished:
            found.append(game)
    return found


def variants(spec: Any) -> list[dict[str, Any]]:
    """For each parameter, each of its values, the others at their first value."""
    base = {p.name: p.choices[0].value for p in spec.params
            if p.required and p.choices}
    result = [dict(base)]
    for p in spec.params:
        if spec.name == "earnings" and p.name not in ("corporation", "choice"):
            continue  # the optional territories go with one choice or another
        for choice in p.choices or ():
            result.append({**base, p.name: choice.value})
    return result


def test_every_prompted_value_is_accepted() -> None:
    """STYLE: "Test it from random seeded states: every prompted choice is accepted"."""
    tried = 0
    for game in positions(40):
        state = game.state()
        for seat, prompt in game.prompts().items():
            for spec in prompt.actions:
                if spec.name not in EACH_VALUE:
                    continue
                for params in variants(spec):
                    if spec.name == "merge" and len(spec.params[0].choices or ()) > 1 \
                            and "survivor" not in params:
                        continue  # a tie needs the survivor (refused as Ambiguous)
                    if params.get("choice") == "downsize" and not game.can_downsize(
                            params["corporation"]):
                        continue  # offered for another of the seat's corporations
                    load(state).act(seat, spec.name, **params)
                    tried += 1
    assert tried > 100


def test_unprompted_actions_and_values_are_refused() -> None:
    """"... unprompted ones are refused", leaving the state as it was."""
    for game in positions(20, seed=100):
        state = game.state()
        prompts = game.prompts()
        for seat in game.seats:
            offered = {a.name for a in prompts[seat].actions} if seat in prompts else set()
            for action in ("place", "found", "buy", "attack", "pass", "consent", "vote"):
                if action in offered:
                    continue
                try:
                    game.act(seat, action)
                except RuleError:
                    assert game.state() == state
                else:  # pragma: no cover
                    raise AssertionError(f"{seat} {action} accepted unprompted")
        for seat, prompt in prompts.items():
            spec = prompt.action("place")
            if spec and spec.params[0].name == "territory":
                legal = {c.value for c in spec.params[0].choices or ()}
                wrong = next(t for t in game.map.territories if t not in legal)
                try:
                    game.act(seat, "place", territory=wrong)
                except RuleError:
                    assert game.state() == state
                else:  # pragma: no cover
                    raise AssertionError(f"place {wrong} accepted")


def choices_count(game: ColdCashRisk) -> int:
    """The prompted combinations: per action, the product of each parameter's values (an
    optional parameter may also be left out; a free-form one counts once)."""
    total = 0
    for prompt in game.prompts().values():
        for spec in prompt.actions:
            n = 1
            for p in spec.params:
                values = len(p.choices) if p.choices is not None else 1
                n *= values + (0 if p.required else 1)
            total += n
    return total


def perft(seed: str, steps: int) -> list[int]:
    rnd = random.Random(seed)
    game = new(NAMES[:4], seed=seed)
    counts = [choices_count(game)]
    for _ in range(steps):
        if game.finished:
            break
        seat, action, params = random_action(game, rnd)
        try:
            game.act(seat, action, **params)
        except RuleError:
            continue
        counts.append(choices_count(game))
    return counts


def test_perft_like_counts_from_fixed_seeds() -> None:
    """The number of prompted choices along two fixed games (update deliberately)."""
    assert sum(perft("perft-a", 120)) == PERFT_A
    assert sum(perft("perft-b", 120)) == PERFT_B


PERFT_A = 42335
PERFT_B = 94312
