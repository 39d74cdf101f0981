"""Issue 14: every legal action a prompt offers can be completed by clicks alone.

For each game, seeded random games through the sandbox: at every step each awaited
seat's prompt has a button or menu for every action it lists, and a random legal action
of a random awaited seat is taken through its button, menu or form (a modal, or menus
that follow one another) with no slash command typed. See tests/cogs/walk.py.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import ActionSpec
from engine.aa.combat import DEFAULT_LOSS_ORDER, default_casualties
from engine.aa.units import describe_units
from tests.cogs.walk import walk
from tests.support.table import Table


async def history_reads_as_words(table: Table) -> None:
    """`/game history` after the walk: the public log in words, whatever the game."""
    history = await table.slash("cy", "game history", last=5)
    text = history.text()
    assert history.ephemeral and "the last 5 of" in text
    assert not any(mark in text for mark in ("{", "}", "_", "None", "True", "False"))


async def seat_players(table: Table, variant: str, seats: list[str | None]) -> None:
    """A started game. What is measured here is the clicks: no images, no fsync."""
    assert table.bot is not None
    table.bot.pictures.clear()
    await table.bot.service.storage._conn.execute("PRAGMA synchronous=OFF")
    await table.slash("ann", "game new", variant=variant)
    for user, seat in zip(("ann", "bob", "cy", "dee"), seats, strict=False):
        await table.slash(user, "game join", **({"seat": seat} if seat else {}))
    await table.slash("ann", "game start")


@pytest.mark.parametrize("seed", [1, 4])  # games that reach rooms early
async def test_killer_clue_by_clicks_alone(table: Table, seed: int) -> None:
    table.users["dee"] = table.fake.add_user("dee", guild_id=table.guild)
    table.extensions = ("cogs.lobby", "cogs.clue")
    await table.start_bot(seed=f"walk-kc-{seed}")
    await seat_players(table, "killer-clue",
                       ["Miss Scarlet", "Col. Mustard", "Mrs. White", "Mr. Green"])
    # Ending the turn or the game only when nothing else is legal: suggestions get made.
    taken = await walk(table, seed, steps=40, last=("pass", "accuse"))
    assert {"move", "go", "suggest", "give", "play"} <= taken
    assert not [i for i in table.fake.interactions if i.command and i.command.startswith("clue")]
    await history_reads_as_words(table)


@pytest.mark.parametrize("seed", [1, 2])
async def test_cold_cash_risk_by_clicks_alone(table: Table, seed: int) -> None:
    table.extensions = ("cogs.lobby", "cogs.ccr")
    await table.start_bot(seed=f"walk-ccr-{seed}")
    await seat_players(table, "cold-cash-risk", [None, None, None])
    taken = await walk(table, seed, steps=30, last=("declare-end",))
    assert {"place", "found", "buy", "sell", "earnings", "meeting"} <= taken
    assert not [i for i in table.fake.interactions if i.command and i.command.startswith("ccr")]
    await history_reads_as_words(table)


@pytest.mark.parametrize("seed", [1, 2])
async def test_hf_political_events_by_clicks_alone(table: Table, seed: int) -> None:
    table.extensions = ("cogs.lobby", "cogs.hf")
    await table.start_bot(seed=f"walk-hf-{seed}")
    await seat_players(table, "hf-political-events", [None, None, None])
    taken = await walk(table, seed, steps=25)
    assert "turn" in taken
    assert not [i for i in table.fake.interactions if i.command and i.command == "hf turn"]
    await history_reads_as_words(table)


async def test_aa_classic_by_clicks_alone(table: Table) -> None:
    """Axis & Allies classic: three players hold the five powers; every prompt's actions
    have a component, and phases, research dice and battles' choices go by clicks (the
    actions that take units and areas as text are clicked in tests/cogs/test_aa_e2e.py)."""
    table.extensions = ("cogs.lobby", "cogs.aa")
    assert await table.start_bot(seed="walk-aa-1")
    assert table.bot is not None
    table.bot.pictures.clear()
    await table.slash("ann", "game new", variant="aa-classic")
    for user, power in (("bob", "USSR"), ("ann", "Germany"), ("cy", "United Kingdom"),
                        ("ann", "Japan"), ("bob", "USA")):
        await table.slash(user, "game join", seat=power)
    await table.slash("ann", "game start")
    taken = await walk(table, 1, steps=24, last=("end-phase",))
    assert {"research", "end-phase"} <= taken
    assert not [i for i in table.fake.interactions if i.command and i.command.startswith("aa")]


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
    after = max((a.round for a in plot), default=0) + 1
    if spec.name == "plot-remove":
        return [{"round": a.round} for a in plot]
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


async def test_plotted_aa_by_clicks_alone(table: Table) -> None:
    """Plotted A&A: three players hold the five powers; weapons development, every plot
    action (a move, a build, a NOOP, a removal, a pasted form, clearing, submitting) and
    the execution's decisions go by the DM prompts' buttons and forms."""
    table.extensions = ("cogs.lobby", "cogs.paa")
    assert await table.start_bot(seed="walk-paa-1")
    assert table.bot is not None
    table.bot.pictures.clear()
    await table.slash("ann", "game new", variant="plotted-aa")
    for user, power in (("bob", "USSR"), ("ann", "Germany"), ("cy", "United Kingdom"),
                        ("ann", "Japan"), ("bob", "USA")):
        await table.slash(user, "game join", seat=power)
    await table.slash("ann", "game start")
    taken = await walk(table, 1, steps=40, suggest=paa_suggest)
    assert {"research", "skip", "plot-move", "plot-build", "plot-noop", "plot-remove",
            "plot-clear", "plot-paste", "plot-submit", "execute", "final-build"} <= taken
    assert not [i for i in table.fake.interactions if i.command and i.command.startswith("paa")]
