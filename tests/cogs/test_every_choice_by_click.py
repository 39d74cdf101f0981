"""Issue 14: every legal action a prompt offers can be completed by clicks alone.

For each game, seeded random games through the sandbox: at every step each awaited
seat's prompt has a button or menu for every action it lists, and a random legal action
of a random awaited seat is taken through its button, menu or form (a modal, or menus
that follow one another) with no slash command typed. See tests/cogs/walk.py.
"""

from __future__ import annotations

import pytest

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
    table.bot.renderers.clear()
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
