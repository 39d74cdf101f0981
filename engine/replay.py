"""Replay and verification of an action log.

Because every step's luck comes from the seed and the step's index, replaying the
steps from the seed must reproduce every die roll, shuffle and draw. `verify`
checks that, step by step, against the luck recorded in the log, and checks the
seed against the commitment published at the start.

A game does not carry its log (the bot keeps it in its database), so every function
here is given the steps explicitly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import RuleError
from engine.game import Game, Step
from engine.registry import new_game
from engine.rng import commitment


def replay(variant: str, seats: list[str], seed: str, options: Mapping[str, Any] | None,
           steps: Sequence[Step], *, history: bool = False) -> Game:
    """Rebuild a game from its seed and steps. Raises RuleError if a step is refused."""
    game = new_game(variant, list(seats), seed=seed, options=options, history=history)
    for index, step in enumerate(steps):
        try:
            game.act(step.seat, step.action, **step.params)
        except RuleError as exc:
            raise RuleError(f"Step {index + 1} ({step.seat}: {step.action}) was refused on "
                            f"replay: {exc.message}") from exc
    return game


def undo_last(game: Game, steps: Sequence[Step] | None = None) -> Game:
    """The game as it was before its last step (refused if that step used luck or secrets).

    `steps` are the game's steps so far (the bot reads them from its database); a game
    made with `history=True` may leave them out. The result keeps a history if `game` did.
    """
    if steps is None:
        if game.history is None:
            raise TypeError("undo_last needs the game's steps (or a game with history=True)")
        steps = game.history
    if not steps:
        raise RuleError("There is nothing to undo.")
    last = steps[-1]
    if not last.undoable:
        raise RuleError(f"The last action ({last.action}) rolled dice, drew cards or showed "
                        "someone a secret, so it can't be undone.")
    return replay(game.variant, game.seats, game.seed, game.options, steps[:-1],
                  history=game.history is not None)


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


def verify(state: Mapping[str, Any], steps: Sequence[Step | Mapping[str, Any]], *,
           published_commitment: str | None = None) -> Verification:
    """Replay a game from its seed and `steps`, comparing every step's luck with the log,
    and the replayed final position with `state` (the stored one)."""
    verification = verify_steps(
        state["variant"], list(state["seats"]), state["seed"], state.get("options"),
        list(state.get("setup_luck", [])),
        [s if isinstance(s, Step) else Step.from_json(s) for s in steps],
        published_commitment=published_commitment)
    final = verification.final
    if verification.ok and final is not None:
        if "steps" in state and final.step_count != state["steps"]:
            verification.ok = False
            verification.problems.append(f"the stored state counts {state['steps']} actions but "
                                         f"the log replays {final.step_count}")
        elif final.state()["game"] != state["game"]:
            verification.ok = False
            verification.problems.append("the replayed final state differs from the stored "
                                         "state")
    return verification


def verify_steps(variant: str, seats: list[str], seed: str, options: Mapping[str, Any] | None,
                 setup_luck: list[dict[str, Any]], steps: Sequence[Step], *,
                 published_commitment: str | None = None) -> Verification:
    """Replay `steps` (a Step with action UNDO takes the previous one back) from the seed."""
    problems: list[str] = []
    if published_commitment is not None and commitment(seed) != published_commitment:
        problems.append("the seed does not match the commitment published at the start")
    game = new_game(variant, list(seats), seed=seed, options=options)
    if game.setup_luck != setup_luck:
        problems.append(f"the setup recorded {_describe(setup_luck)} but the seed gives "
                        f"{_describe(game.setup_luck)}")
    taken: list[Step] = []  # the steps in effect, for an UNDO marker to take back
    for index, step in enumerate(steps, start=1):
        if step.action == UNDO:
            game = undo_last(game, taken)
            taken.pop()
            continue
        try:
            game.act(step.seat, step.action, **step.params)
        except RuleError as exc:
            problems.append(f"action {index} ({step.action}) is refused on replay: {exc.message}")
            break
        replayed = game.last_step
        assert replayed is not None
        if replayed.luck != step.luck:
            problems.append(f"action {index} ({step.seat}: {step.action}) recorded "
                            f"{_describe(step.luck)} but the seed gives "
                            f"{_describe(replayed.luck)}")
            break
        taken.append(replayed)
    return Verification(not problems, len(steps), problems, game)


def _describe(luck: list[dict[str, Any]]) -> str:
    if not luck:
        return "no luck"
    return ", ".join(f"{x['label']} {x['values']}" for x in luck[:3])
