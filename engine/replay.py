"""Replay and verification of an action log.

Because every step's luck comes from the seed and the step's index, replaying the
steps from the seed must reproduce every die roll, shuffle and draw. `verify`
checks that, step by step, against the luck recorded in the log, and checks the
seed against the commitment published at the start.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import RuleError
from engine.game import Game, Step
from engine.registry import game_class
from engine.rng import commitment


def replay(variant: str, seats: list[str], seed: str, options: Mapping[str, Any] | None,
           steps: Sequence[Step]) -> Game:
    """Rebuild a game from its seed and steps. Raises RuleError if a step is refused."""
    game = game_class(variant)(list(seats), seed=seed, options=options)
    for index, step in enumerate(steps):
        try:
            game.act(step.seat, step.action, **step.params)
        except RuleError as exc:
            raise RuleError(f"Step {index + 1} ({step.seat}: {step.action}) was refused on "
                            f"replay: {exc.message}") from exc
    return game


def undo_last(game: Game) -> Game:
    """The game as it was before its last step (refused if that step used luck or secrets)."""
    if not game.log:
        raise RuleError("There is nothing to undo.")
    last = game.log[-1]
    if not last.undoable:
        raise RuleError(f"The last action ({last.action}) rolled dice, drew cards or showed "
                        "someone a secret, so it can't be undone.")
    return replay(game.variant, game.seats, game.seed, game.options, game.log[:-1])


@dataclass
class Verification:
    """The outcome of `verify`: ok, and what was checked or what failed."""

    ok: bool
    steps: int
    problems: list[str] = field(default_factory=list)
    final: Game | None = None

    def summary(self) -> str:
        if self.ok:
            return f"Verified: the seed matches its commitment and all {self.steps} actions " \
                   "replay with exactly the recorded dice, shuffles and draws."
        return "Verification FAILED: " + "; ".join(self.problems[:5])


UNDO = "__undo__"  # a step marker: the previous step was taken back


def verify(state: Mapping[str, Any], *, published_commitment: str | None = None) -> Verification:
    """Replay a stored game from its seed and compare every step's luck with the log."""
    verification = verify_steps(
        state["variant"], list(state["seats"]), state["seed"], state.get("options"),
        list(state.get("setup_luck", [])), [Step.from_json(s) for s in state["log"]],
        published_commitment=published_commitment)
    if verification.ok and verification.final is not None and \
            verification.final.state()["game"] != state["game"]:
        verification.ok = False
        verification.problems.append("the replayed final state differs from the stored state")
    return verification


def verify_steps(variant: str, seats: list[str], seed: str, options: Mapping[str, Any] | None,
                 setup_luck: list[dict[str, Any]], steps: Sequence[Step], *,
                 published_commitment: str | None = None) -> Verification:
    """Replay `steps` (a Step with action UNDO takes the previous one back) from the seed."""
    problems: list[str] = []
    if published_commitment is not None and commitment(seed) != published_commitment:
        problems.append("the seed does not match the commitment published at the start")
    game = game_class(variant)(list(seats), seed=seed, options=options)
    if game.setup_luck != setup_luck:
        problems.append(f"the setup recorded {_describe(setup_luck)} but the seed gives "
                        f"{_describe(game.setup_luck)}")
    for index, step in enumerate(steps, start=1):
        if step.action == UNDO:
            game = undo_last(game)
            continue
        try:
            game.act(step.seat, step.action, **step.params)
        except RuleError as exc:
            problems.append(f"action {index} ({step.action}) is refused on replay: {exc.message}")
            break
        if game.log[-1].luck != step.luck:
            problems.append(f"action {index} ({step.seat}: {step.action}) recorded "
                            f"{_describe(step.luck)} but the seed gives "
                            f"{_describe(game.log[-1].luck)}")
            break
    return Verification(not problems, len(steps), problems, game)


def _describe(luck: list[dict[str, Any]]) -> str:
    if not luck:
        return "no luck"
    return ", ".join(f"{x['label']} {x['values']}" for x in luck[:3])
