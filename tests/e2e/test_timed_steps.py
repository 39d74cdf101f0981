"""Timed steps (deadlines, reaction windows) through the sandbox.

Issue 21: "when a game's automatic step (a deadline's default, a reveal timer, a window
closing) raises anything but `RuleError`, that game is paused, its channel and creator are
told in words what could not be done and how to go on (`/game undo`, a substitute's answer,
abort), the error is logged with the game's id, and every other game goes on".

Issue 22: "A deadline acts only on the question it was set for, checked in the same
transaction as its effect; an answer that wins the race makes the timer do nothing."
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from bot.service import GameService
from bot.stores import open_storage
from engine import Rng, Seat
from engine.games.one_world_dominion.game import OneWorldDominion
from tests.cogs.test_owd_e2e import click, the_table
from tests.support.pig import Pig
from tests.support.table import Table

HOUR = 3600.0
HOW_TO_GO_ON = ("`/game undo`", "`/game substitute`", "`/game deadline resume`",
                "`/game abort`")


@pytest.fixture
def failing_hold(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Seat]]:
    """While a seat is in the list, its Hold raises ValueError: the engine's bug, not a
    refusal of the rules (the deadline's default of the test game is Hold)."""
    failing: list[Seat] = []
    hold = Pig.do_hold

    def do_hold(self: Pig, seat: Seat, rng: Rng) -> Any:
        if seat in failing:
            raise ValueError("an injected failure")
        return hold(self, seat, rng)

    monkeypatch.setattr(Pig, "do_hold", do_hold)
    yield failing


def warnings_in(table: Table, channel: int | None = None) -> list[str]:
    return [m.text() for m in table.fake.messages(channel or table.channel)
            if "could not make" in m.text()]


async def tick(table: Table, advance: float = 0.0) -> None:
    assert table.bot is not None
    table.clock.advance(advance)
    await table.bot.timers.tick()
    await table.fake.settle()


async def two_games_with_deadlines(table: Table) -> int:
    """ann's game here, cy's in a second channel; a one-hour deadline on each."""
    other = table.fake.add_channel(table.guild, "second-table")
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("cy", "game new", other, variant="pig", options="target=10")
    await table.slash("cy", "game join", other)
    await table.slash("bob", "game join", other)
    await table.slash("cy", "game start", other)
    await table.slash("ann", "game deadline", change="set", minutes=60)
    await table.slash("cy", "game deadline", other, change="set", minutes=60)
    return other


async def test_a_failing_deadline_pauses_its_game_once_and_the_others_go_on(
        table: Table, failing_hold: list[Seat], caplog: pytest.LogCaptureFixture) -> None:
    """Issue 21: "today one game's failing deadline stops the deadline tick for every game
    after it". ann's game (the first the tick looks at) fails; cy's deadline still fires."""
    other = await two_games_with_deadlines(table)
    failing_hold.append("ann")
    caplog.set_level(logging.ERROR, logger="bot.deadlines")
    await tick(table, HOUR + 60)
    assert "The deadline passed for cy." in table.said(other)
    assert [s.action for s in await table.steps(2)] == ["hold"]
    assert await table.steps(1) == []
    (warning,) = warnings_in(table)
    assert "ann's automatic answer (Hold)" in warning and "nothing changed" in warning
    assert all(command in warning for command in HOW_TO_GO_ON), warning
    assert any("could not make" in m.text() for m in table.dms("ann"))  # the creator
    assert any("game 1: a timed step failed" in r.getMessage() and r.exc_info
               for r in caplog.records)
    # Said once, not at every tick; the game waits where it is, without a deadline.
    for _ in range(3):
        await tick(table, HOUR)
    assert len(warnings_in(table)) == 1 and await table.steps(1) == []
    assert "Deadline" not in (await table.slash("bob", "game status")).text()
    # The creator tries the step again once the fault is gone: it is applied.
    failing_hold.clear()
    resumed = await table.slash("ann", "game deadline", change="resume")
    assert "resume done" in resumed.text()
    await tick(table)  # (resuming also wakes the bot's own timer loop: either may act)
    await table.fake.wait_for_message(lambda m: "The deadline passed for ann." in m.text())
    assert [s.action for s in await table.steps(1)] == ["hold"]


async def test_an_answer_brings_a_paused_game_back(table: Table,
                                                   failing_hold: list[Seat]) -> None:
    """Issue 21: the game goes on with "a substitute's answer": any answer moves it, and
    its deadline is armed again and acts."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "game deadline", change="set", minutes=60)
    failing_hold.append("ann")
    await tick(table, HOUR + 60)
    assert len(warnings_in(table)) == 1
    failing_hold.clear()
    await table.slash("ann", "game substitute", seat="bob", user=table.users["cy"])
    await table.slash("ann", "pig hold")  # ann answers by hand: bob's (now cy's) turn
    await tick(table, HOUR + 60)
    assert "The deadline passed for bob." in table.said()
    assert [s.action for s in await table.steps()] == ["hold", "hold"]
    assert len(warnings_in(table)) == 1


async def test_game_undo_brings_a_paused_game_back(table: Table,
                                                   failing_hold: list[Seat]) -> None:
    """Issue 21: `/game undo` takes back the last move of a paused game; its deadline then
    acts again."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "pig note", text="before the deadline")
    await table.slash("ann", "game deadline", change="set", minutes=60)
    failing_hold.append("ann")
    await tick(table, HOUR + 60)
    assert len(warnings_in(table)) == 1
    failing_hold.clear()
    undone = await table.slash("ann", "game undo")
    assert "taken back" in undone.text()
    await tick(table, HOUR + 60)
    assert "The deadline passed for ann." in table.said()
    assert [s.action for s in await table.steps()] == ["hold"]


async def test_a_failing_reaction_window_pauses_its_game_and_says_so(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21: "a window closing" that raises pauses the game like a deadline: told once,
    nothing changed, and `/game deadline resume` closes the window once the fault is gone."""
    failing = [True]
    passing = OneWorldDominion.do_pass

    def do_pass(self: OneWorldDominion, seat: Seat, rng: Rng) -> Any:
        if failing:
            raise ValueError("an injected failure")
        return passing(self, seat, rng)

    monkeypatch.setattr(OneWorldDominion, "do_pass", do_pass)
    table.extensions = ("cogs.lobby", "cogs.owd")
    await table.start_bot(seed="owd-window")
    players = ", ".join(f"{seat}=<@{table.users[seat.lower()]}>" for seat in
                        ("Ann", "Bob", "Cy"))
    await table.slash("ann", "game import", variant="one-world-dominion", players=players,
                      file=("owd.json", json.dumps(the_table()).encode()))
    live = await table.loaded()
    await click(table, "Ann", "place", territory="Alberta", count=live.game.pending())
    await table.slash("ann", "owd play", card="Weather Control")
    before = live.seq
    await tick(table, 31)
    await tick(table, 31)
    (warning,) = warnings_in(table)
    assert "The time to answer ran out" in warning and "Bob's automatic answer" in warning
    assert live.seq == before and set(live.game.prompts()) == {"Bob", "Cy"}
    failing.clear()
    await table.slash("ann", "game deadline", change="resume")
    await tick(table)  # (resuming also wakes the bot's own timer loop: either may act)
    await table.fake.wait_for_message(lambda m: "The time to answer is up for Bob, Cy."
                                      in m.text())
    assert set(live.game.prompts()) == {"Ann"}


class WatchedLock(asyncio.Lock):
    """A game's lock that counts who waits for it, so that a test can line up a race."""

    def __init__(self) -> None:
        super().__init__()
        self.waiting = 0

    async def acquire(self) -> bool:
        self.waiting += 1
        try:
            return await super().acquire()
        finally:
            self.waiting -= 1

    async def until_waiting(self, count: int) -> None:
        for _ in range(500):
            if self.waiting >= count:
                return
            await asyncio.sleep(0.01)
        raise AssertionError(f"{count} tasks never waited for the game")


async def race(table: Table, first: Any, *, locks: bool = True) -> None:
    """The deadline is due, and `first` (a coroutine) comes before the deadline's own step:
    it reaches the game's lock first (`locks`), or it is done while the step waits for it."""
    assert table.bot is not None
    live = await table.loaded()
    lock = live.lock = WatchedLock()
    await lock.acquire()
    answer = asyncio.ensure_future(first) if locks else None
    await lock.until_waiting(1 if locks else 0)
    table.clock.advance(HOUR + 1)
    deadline = asyncio.ensure_future(table.bot.timers.tick())
    await lock.until_waiting(2 if locks else 1)
    if answer is None:
        await first
    lock.release()
    await asyncio.gather(deadline, *([answer] if answer is not None else []))
    await table.fake.settle()


async def test_an_answer_that_wins_the_race_makes_the_deadline_do_nothing(
        table: Table) -> None:
    """Issue 22: "an answer committed just after its own due time lets the timer fire on the
    next question at once". ann rolls just after her deadline: it must not hold for her."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "game deadline", change="set", minutes=60)
    await race(table, table.fake.slash(table.users["ann"], table.channel, "pig roll"))
    assert [s.action for s in await table.steps()] == ["roll"]
    assert "deadline passed" not in table.said()


async def test_a_deadline_changed_before_its_step_is_stored_does_nothing(
        table: Table) -> None:
    """Issue 22: the deadline is "checked in the same transaction as its effect": the
    creator extends it while its step waits for the game; the step must not act."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "game deadline", change="set", minutes=60)
    await race(table, table.fake.slash(table.users["ann"], table.channel, "game deadline",
                                       change="extend", minutes=30), locks=False)
    assert await table.steps() == []
    assert "deadline passed" not in table.said()


async def test_after_a_restart_a_deadline_does_not_take_the_next_question(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22: "A deadline acts only on the question it was set for." A game with its own
    time limit (as Plotted A&A's) keeps its clock while it asks nothing new; ann's answer
    was stored just before a crash, and at the restart bob's prompt went out before the
    deadline looked: bob's question is new, so bob gets a full period."""
    monkeypatch.setattr(Pig, "deadline_seconds", lambda self: HOUR, raising=False)
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.stop_bot()
    table.clock.advance(HOUR - 60)
    # ann's hold is stored, and the process dies before announcing it.
    storage = await open_storage(table.database)
    service = GameService(storage, clock=table.clock, freeze_loaded=False)
    await service.restore()
    live = await service.get(1)
    await service.act(live, table.users["ann"], "hold", {})
    await storage.close()
    bot = await table.start_bot()
    await table.fake.wait_for_message(
        lambda m: m.channel_id == table.fake.dm_channel_id(table.users["bob"])
        and "Your turn" in m.text() and bool(m.buttons()))
    await table.fake.settle()
    await tick(table, 120)  # ann's hour is over; bob was asked a moment ago
    assert [s.action for s in await table.steps()] == ["hold"]
    assert "deadline passed" not in table.said()
    due = await bot.deadlines.due(await table.loaded())
    assert due is not None and due >= table.clock() + HOUR - 180
