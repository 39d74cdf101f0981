"""Random legal play through the sandbox by clicks alone (issue 14's acceptance).

At every step: each awaited seat's prompt must offer every action it lists as a button
or a menu; one awaited seat, chosen by the seeded generator, then takes a legal action
(one of a kind not taken yet first; parameters found by trying random candidates on a
copy of the game) through its button, menu or form only, and the engine must have
logged exactly that action.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot import records
from bot.ui import form_plan
from demo.table import Clicker
from engine import ActionSpec, Game, Step, autoplay
from sandbox.world import iter_components
from tests.support.table import Table


def last_step(game: Game) -> Step:
    """The step the game just took (one line to adapt when the log leaves `Game`)."""
    step = getattr(game, "last_step", None)
    return step if isinstance(step, Step) else game.log[-1]


def candidates(spec: ActionSpec, rng: random.Random, tries: int = 12) -> list[dict[str, Any]]:
    """Random parameter sets from the prompt's own choices (optional ones sometimes out)."""
    out = []
    for _ in range(tries):
        params: dict[str, Any] = {}
        for param in form_plan.asked(spec):
            if not param.required and rng.random() < 0.4:
                continue
            choices = form_plan.options(param)
            if choices is None:
                params[param.name] = rng.randint(1, 3) if param.kind == "int" else "x"
            else:
                value = rng.choice(choices).value
                params[param.name] = int(value) if param.kind == "int" else (
                    value == "yes" if param.kind == "bool" else value)
        out.append(params)
    return out


# A game's own candidates for an action whose free text a random "x" never fills (units,
# areas, a plot form): tried before the random ones.
Suggest = Callable[[Game, str, ActionSpec, random.Random], list[dict[str, Any]]]


def legal(game: Game, seat: str, spec: ActionSpec, rng: random.Random,
          suggest: Suggest | None = None) -> dict[str, Any] | None:
    offered = suggest(game, seat, spec, rng) if suggest is not None else []
    return autoplay.first_legal(game, seat, spec.name, offered + candidates(spec, rng))


async def assert_every_action_has_a_component(table: Table, game_id: int, game: Game) -> None:
    assert table.bot is not None
    for seat, prompt in game.prompts().items():
        record = await records.load(table.bot.service.storage, game_id, seat)
        assert record is not None and record.open, f"{seat} was never shown its prompt"
        if not record.message_id:
            continue  # no DM of its own: the ping's "My choices" shows the same view
        message = table.fake.message(record.message_id)
        ids = [str(c.get("custom_id")) for c in iter_components(message.components)
               if not c.get("disabled")]
        index = game.seats.index(seat)
        for spec in prompt.actions:
            mark = f":{index}:{spec.name}"
            assert any(i.endswith(mark) or f"{mark}:" in i for i in ids), (
                f"{seat}'s prompt has no button or menu for {spec.name}: {ids}")


async def walk(table: Table, seed: int, steps: int, *, last: tuple[str, ...] = (),
               suggest: Suggest | None = None) -> set[str]:
    """Play `steps` random legal actions by clicks; return the actions taken. Actions in
    `last` (ending a turn, or the game) are tried only when nothing else is legal, in
    that order; `suggest` gives the game's own candidates for free text."""
    assert table.bot is not None
    live = table.live
    rng = random.Random(seed)
    clicker = Clicker(table.fake, table.bot, table.channel)
    taken: set[str] = set()
    for _ in range(steps):
        game = live.game
        if game is None or game.finished or not game.prompts():
            break
        await assert_every_action_has_a_component(table, live.id, game)
        seat, prompt = rng.choice(sorted(game.prompts().items()))
        actions = list(prompt.actions)
        rng.shuffle(actions)
        # An action not yet taken goes first: every kind of action a prompt offers with a
        # legal choice gets completed by clicks at least once.
        actions.sort(key=lambda a: (last.index(a.name) if a.name in last else -1,
                                    a.name in taken))
        for spec in actions:
            params = legal(game, seat, spec, rng, suggest)
            if params is None:
                continue
            before = live.seq
            user = live.user_of(seat)
            assert user is not None
            inter = await clicker.take(user, live.id, seat, spec.name, params)
            assert live.seq == before + 1, (
                f"{seat}: {spec.name} {params} was not applied: {inter.text()}")
            step = last_step(game)
            assert (step.seat, step.action) == (seat, spec.name)
            assert {k: str(v) for k, v in step.params.items()} == {
                k: str(v) for k, v in params.items()}
            taken.add(spec.name)
            break
        else:
            raise AssertionError(f"no legal action found for {seat} among "
                                 f"{[a.name for a in prompt.actions]}")
    return taken
