"""Issue 14: every legal action a prompt offers can be completed by clicks alone.

For every registered game (`engine.VARIANTS`), seeded random games through the sandbox: at
every step each awaited seat's prompt has a button or menu for every action it lists, and a
random legal action of a random awaited seat is taken through its button, menu or form (a
modal, or menus that follow one another) with no slash command typed. See tests/cogs/walk.py.
A game walks as `WALKS` says, or by default a short walk from its `example_seats()`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

import pytest

import engine
from engine import ActionSpec
from engine.aa.combat import DEFAULT_LOSS_ORDER, default_casualties
from engine.aa.units import describe_units
from tests.cogs.walk import Suggest, walk
from tests.support.table import Table

USERS = ("ann", "bob", "cy", "dee")


async def history_reads_as_words(table: Table) -> None:
    """`/game history` after the walk: the public log in words, whatever the game (a game
    over in fewer moves says all of them)."""
    history = await table.slash("cy", "game history", last=5)
    text = history.text()
    assert history.ephemeral and ("the last 5 of" in text or re.search(r", all [1-5] moves?:",
                                                                       text)), text
    assert not any(mark in text for mark in ("{", "}", "_", "None", "True", "False"))


def paa_suggest(game: Any, seat: str, spec: ActionSpec, rng: random.Random
                ) -> list[dict[str, Any]]:
    """Plotted A&A's free text as a player writes it: a one-unit move to a neighbour, a
    build at the capital, a one-line pasted form (a prompt's text box holds 100
    characters), a round that follows the plot; a battle's casualties as the saved loss
    order picks them."""
    if spec.name == "casualties":
        choice = next(c for c in game.battle.pending if c.power == seat)
        picked = default_casualties(choice.among, choice.hits, choice.sub_hits,
                                    list(DEFAULT_LOSS_ORDER))
        return [{"units": describe_units(picked)}]
    if not spec.name.startswith("plot-"):
        return []
    plot = game.plots.get(seat, [])
    # The first round without an action: a plot with a gap is never submitted, so the
    # player fills it (a random round may have left one).
    rounds = {a.round for a in plot}
    after = min(r for r in range(1, len(rounds) + 2) if r not in rounds)
    if spec.name == "plot-remove":  # the last round: removing another leaves a gap
        return [{"round": max(rounds)}] if plot else []
    if spec.name == "plot-noop":
        return [{"round": after}]
    if spec.name == "plot-build":
        return [{"round": after, "factory": game.board.capital(seat), "units": "1 inf"}]
    moves = []
    areas = sorted(a for a in game.pos.units if game.board.is_land(a)
                   and game.pos.units_of(a, seat).get("infantry"))
    for start in rng.sample(areas, min(4, len(areas))):
        ends = sorted(n for n in game.board.neighbours(start) if game.board.is_land(n))
        if ends:
            moves.append((start, rng.choice(ends)))
    if spec.name == "plot-move":
        return [{"round": after, "units": "1 inf", "from_area": a, "to": b} for a, b in moves]
    if spec.name == "plot-paste":
        return [{"text": f"1 | {b} | i | {a}"[:100]} for a, b in moves]
    return []


A_AND_A = (("bob", "USSR"), ("ann", "Germany"), ("cy", "United Kingdom"), ("ann", "Japan"),
           ("bob", "USA"))  # three players hold the five powers


@dataclass(frozen=True)
class Walk:
    """How a game is walked: its seeds, who sits where (by default its `example_seats()`,
    one player each), how many steps, the actions tried only when nothing else is legal
    (ending a turn or the game), the game's own candidates for free text, the actions the
    walk must have completed, and whether `/game history` is read after it."""

    seeds: tuple[int, ...] = (1,)
    seating: tuple[tuple[str, str | None], ...] = ()
    steps: int = 12
    last: tuple[str, ...] = ()
    suggest: Suggest | None = None
    taken: frozenset[str] = frozenset()
    history: bool = True
    tag: str = ""  # the bot's seed is f"walk-{tag or variant}-{seed}"
    options: str = ""  # `/game new`'s options


WALKS = {
    # Ending the turn or the game only when nothing else is legal: suggestions get made.
    "killer-clue": Walk(seeds=(1, 4), steps=40, last=("pass", "accuse"), tag="kc",  # rooms early
                        seating=tuple(zip(USERS, ("Miss Scarlet", "Col. Mustard", "Mrs. White",
                                                  "Mr. Green"), strict=True)),
                        taken=frozenset({"move", "go", "suggest", "give", "play"})),
    "cold-cash-risk": Walk(seeds=(1, 2), steps=30, last=("declare-end",), tag="ccr",
                           taken=frozenset({"place", "found", "buy", "sell", "earnings",
                                            "meeting"})),
    "hf-political-events": Walk(seeds=(1, 2), steps=25, tag="hf", taken=frozenset({"turn"})),
    # Phases, research dice and battles' choices go by clicks (the actions that take units and
    # areas as text are clicked in tests/cogs/test_aa_e2e.py).
    "aa-classic": Walk(steps=24, last=("end-phase",), seating=A_AND_A, history=False, tag="aa",
                       taken=frozenset({"research", "end-phase"})),
    # Weapons development, every plot action (a move, a build, a NOOP, a removal, a pasted
    # form, clearing, submitting) and the execution's decisions by the DM prompts.
    # Enough steps for every power to submit (no prompt submits a plot with a gap any more,
    # so a walk may have to fill one first) and the execution to begin. Every standing order
    # "ask me", and left so (their menu is clicked in tests/e2e/test_paa_async.py), so that
    # each of the execution's questions is clicked.
    "plotted-aa": Walk(steps=120, suggest=paa_suggest, seating=A_AND_A, history=False,
                       tag="paa", options="standing_orders=ask", last=("orders",),
                       taken=frozenset({
                           "research", "skip", "plot-move", "plot-build", "plot-noop",
                           "plot-remove", "plot-clear", "plot-paste", "plot-submit", "execute",
                           "final-build"})),
    # A turn's moves, a card, a window answered and a standing pass, by the DM prompts.
    "dictators": Walk(steps=40, last=("end-turn",), tag="dict", taken=frozenset({
        "fly", "walk", "draw", "play", "choose", "pass", "pass-all", "end-turn"})),
    # Whole turns from the start: attacks with their money windows and a capture's
    # placement, deals offered, answered and withdrawn, gifts, Specials shown and played,
    # Groups moved and dropped (aid, transfers and an abolition are clicked from a fuller
    # position in tests/cogs/test_ill_e2e.py). Random players lose their Groups and are
    # eliminated after three turns: a game may end before the steps do.
    "illuminati": Walk(seeds=(1, 6), steps=60, last=("pass-turn",), tag="ill",
                       taken=frozenset({"attack", "spend", "pass", "call-off", "place",
                                        "offer", "accept", "decline", "withdraw", "give",
                                        "show", "play", "move", "drop", "end-turn"})),
}


def walks() -> list[Any]:
    return [pytest.param(variant, seed, id=f"{variant}-{seed}")
            for variant in sorted(engine.VARIANTS)
            for seed in WALKS.get(variant, Walk()).seeds]


@pytest.mark.parametrize(("variant", "seed"), walks())
async def test_every_game_by_clicks_alone(table: Table, variant: str, seed: int) -> None:
    plan = WALKS.get(variant, Walk())
    cls = engine.game_class(variant)
    seating = plan.seating or tuple(zip(USERS, cls.example_seats() if cls.seat_names else
                                        [None] * len(cls.example_seats()), strict=False))
    for user, _ in seating:
        if user not in table.users:
            table.users[user] = table.fake.add_user(user, guild_id=table.guild)
    assert await table.start_bot(seed=f"walk-{plan.tag or variant}-{seed}")
    assert table.bot is not None
    # What is measured here is the clicks: no images, no fsync.
    table.bot.pictures.clear()
    await table.bot.service.storage._conn.execute("PRAGMA synchronous=OFF")
    await table.slash("ann", "game new", variant=variant,
                      **({"options": plan.options} if plan.options else {}))
    for user, seat in seating:
        await table.slash(user, "game join", **({"seat": seat} if seat else {}))
    await table.slash("ann", "game start")
    taken = await walk(table, seed, steps=plan.steps, last=plan.last, suggest=plan.suggest)
    assert plan.taken <= taken, plan.taken - taken
    typed = [i.command for i in table.fake.interactions if i.command]
    assert all(command.startswith("game ") for command in typed), typed
    if plan.history:
        await history_reads_as_words(table)
