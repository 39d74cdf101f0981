"""Two bot processes over one PostgreSQL database, as two services (issue 27, "Several
processes"): a DM interaction arrives on shard 0's process whichever guild its game is in,
so a process serves games whose log another process wrote since it read its index, and
games another process made after it started.

Found by bench/bench_processes.py: a prompt's button clicked in a DM, served by the process
that did not make the game, was refused with "The game moved on while this was being
stored" (its index row older than the log), or with "That game is over or no longer exists"
(a game made after it started)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

import tests.support.pig  # noqa: F401  (the "pig" variant)
from bot.service import GameService
from bot.stores import open_storage
from tests.bot.test_on_demand import started_pig


@pytest.fixture
async def two_services(postgres_url: str) -> AsyncIterator[tuple[GameService, GameService]]:
    stores = [await open_storage(postgres_url), await open_storage(postgres_url)]
    try:
        yield (GameService(stores[0], seed_source=lambda: "seed-1"),  # type: ignore[arg-type]
               GameService(stores[1], seed_source=lambda: "seed-1"))  # type: ignore[arg-type]
    finally:
        for store in stores:
            await store.close()


async def test_a_game_played_on_by_another_process_is_loaded_as_stored_now(
        two_services: tuple[GameService, GameService]) -> None:
    """The other process read its index before these actions: its first action on the game,
    loaded on demand, answers the game as stored, not as the index had it."""
    mine, other = two_services
    live = await started_pig(mine)
    assert await other.restore() == 1
    for _ in range(3):
        (seat,) = live.game.prompts()
        await mine.act(live, live.user_of(seat), "hold", {})
    theirs = await other.get(live.id)
    assert theirs.seq == live.seq
    (seat,) = theirs.game.prompts()
    outcome = await other.act(theirs, theirs.user_of(seat), "hold", {},
                              observed_seq=theirs.seq)
    assert outcome.seq == live.seq + 1


async def test_a_game_made_by_another_process_after_this_one_started_is_found(
        two_services: tuple[GameService, GameService]) -> None:
    mine, other = two_services
    assert await other.restore() == 0
    live = await started_pig(mine)
    (seat,) = live.game.prompts()
    await mine.act(live, live.user_of(seat), "roll", {})
    theirs = await other.get(live.id)
    assert theirs.game is not None and theirs.seq == live.seq
    assert theirs.game.state() == live.game.state()
    (seat,) = theirs.game.prompts()
    outcome = await other.act(theirs, theirs.user_of(seat), "hold", {},
                              observed_seq=theirs.seq)
    assert outcome.seq == live.seq + 1
    assert await other.get(live.id) is theirs  # tracked once, one lock for the game


async def test_a_finished_or_unknown_game_is_still_refused(
        two_services: tuple[GameService, GameService]) -> None:
    mine, other = two_services
    live = await started_pig(mine)
    await mine.abort(live)
    for game_id in (live.id, live.id + 1):
        with pytest.raises(Exception, match="over or no longer exists"):
            await other.get(game_id)
