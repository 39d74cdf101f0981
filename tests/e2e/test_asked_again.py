"""A seat asked the same question again after answering it, with the steps in between never
told one by one (a process killed after storing them; under load, several steps told
together): its prompt's buttons carry the new step, so a click on them is the seat's new
answer, not taken for a repeat of the old one.

Found by bench/bench_processes.py: after its chaos, awaited seats whose newest prompt
answered a click on Roll with "That was already done a moment ago; it counts once" (the
prompt shown at step 7, the game at step 11, the seat's roll of a 1 in between)."""

from __future__ import annotations

import asyncio

from sandbox import Message
from tests.support.table import Table


def live_prompt(table: Table, user: str) -> Message:
    """The user's newest DM with live buttons."""
    live = [m for m in table.dms(user) if not m.deleted and any(
        label == "Hold" and not disabled for _, label, disabled in m.buttons())]
    assert live, [m.text() for m in table.dms(user)]
    return live[-1]


async def test_a_seat_asked_the_same_again_after_answering_gets_this_steps_buttons(
        table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    asked = live_prompt(table, "ann")
    assert "Your turn: 0 in the pot." in asked.text()
    # ann and bob hold, stored and not told: as if the process died after each commit.
    assert table.bot is not None
    live = await table.loaded()
    await table.bot.service.act(live, table.users["ann"], "hold", {})
    await table.bot.service.act(live, table.users["bob"], "hold", {})
    await table.stop_bot()
    await table.start_bot()  # the game owes its prompts: they are brought up to date
    for _ in range(400):
        await asyncio.sleep(0.05)
        if await table.stored.rows("SELECT seq FROM prompt_deliveries") == [(3,)]:
            break
    await table.fake.settle()
    prompt = live_prompt(table, "ann")
    assert "Your turn: 0 in the pot." in prompt.text()  # the same question, asked again
    clicked = await table.fake.click(table.users["ann"], prompt.id, prompt.button("Hold"))
    assert "You chose: Hold" in clicked.text(), clicked.text()
    await table.fake.settle()
    assert [(s.seat, s.action) for s in await table.steps()][-3:] == [
        ("ann", "hold"), ("bob", "hold"), ("ann", "hold")]
