"""A process whose loaded copy of a game is behind the log catches up before refusing
(issue 27, "Several processes": a DM reaches shard 0's process, so two processes over one
PostgreSQL database both play one game; found by tests/e2e/test_dm_across_processes.py,
where the guild's process told ann "It is not your turn" after bob's DM click, served by
the other process, had made it hers)."""

from __future__ import annotations

import pytest

import tests.support.pig  # noqa: F401  (the "pig" variant)
from bot.service import GameService
from engine import NotAllowed
from tests.bot.test_on_demand import started_pig
from tests.bot.test_service_two_processes import two_services  # noqa: F401  (fixture)


async def test_an_action_refused_by_a_stale_copy_is_tried_on_the_game_as_stored(
        two_services: tuple[GameService, GameService]) -> None:  # noqa: F811
    mine, other = two_services
    live = await started_pig(mine)
    theirs = await other.get(live.id)  # loaded now: at the start
    (first,) = live.game.prompts()
    await mine.act(live, live.user_of(first), "hold", {})
    (second,) = live.game.prompts()
    assert theirs.game.prompts().keys() == {first}  # stale: still the first seat's turn
    outcome = await other.act(theirs, theirs.user_of(second), "hold", {},
                              observed_seq=theirs.seq)
    assert outcome.seq == 3 and theirs.seq == 3 and live.seq == 2
    with pytest.raises(NotAllowed):  # a refusal on the game as stored stays a refusal
        await other.act(theirs, theirs.user_of(second), "hold", {})


async def test_a_game_looked_up_by_id_is_caught_up_with_what_another_process_stored(
        two_services: tuple[GameService, GameService]) -> None:  # noqa: F811
    """What a DM click, menu or Show my hand looks up (`get`, by the game's id) is the game
    as stored, not this process's copy from before the other process's move."""
    mine, other = two_services
    live = await started_pig(mine)
    theirs = await other.get(live.id)
    (seat,) = live.game.prompts()
    await mine.act(live, live.user_of(seat), "roll", {})
    again = await other.get(live.id)
    assert again is theirs and theirs.seq == live.seq == 2
    assert theirs.game.state() == live.game.state()


async def test_a_game_looked_up_by_its_channel_is_caught_up_too(
        two_services: tuple[GameService, GameService]) -> None:  # noqa: F811
    mine, other = two_services
    live = await started_pig(mine)
    await other.restore()
    theirs = await other.in_channel(live.row.channel_id)
    (seat,) = live.game.prompts()
    await mine.act(live, live.user_of(seat), "roll", {})
    assert (await other.in_channel(live.row.channel_id)).seq == live.seq == 2
    assert theirs.game.state() == live.game.state()
