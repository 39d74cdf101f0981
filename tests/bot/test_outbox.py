"""The outbox in the store (issue 27: "Side effects from an outbox: posts, DMs and renders are
rows written in the action's transaction and sent after commit by whichever process holds
the sender's job").

Two stores on one database stand for two processes (each its own connections and its own
lease holder name), on SQLite and on PostgreSQL (the `database` fixture); the database's
clock is a test clock (`use_clock`), so a lease runs out when the test says.
"""

from __future__ import annotations

import asyncio

import pytest

from bot import outbox
from bot.service import GameService
from bot.storage import LEASE_SECONDS, DeadlineRow, StaleWrite, Store
from tests.bot.conftest import STORES_NOW, Clock

NOW = STORES_NOW


async def started(storage: Store, channel: int) -> int:
    game = await storage.create_game(variant="pig", guild_id=1, channel_id=channel,
                                     creator_id=100, options={}, seed="s", commitment="c",
                                     now=NOW)
    await storage.start_game(game, seat_order=[("ann", 100), ("bob", 200)], state={},
                             events=[], now=NOW)
    return game


async def roll(storage: Store, game: int, at: int, **extra: object) -> int:
    """ann rolls at the game's position `at`."""
    return await storage.append_action(game, expected_seq=at, kind="act", seat="ann",
                                       action="roll", params={}, user_id=100, step={},
                                       events=[], snapshot=None, finished=False, now=NOW,
                                       **extra)  # type: ignore[arg-type]


async def test_a_stored_step_and_its_outbox_row_are_one_transaction(
        stores: tuple[Store, Store, Clock]) -> None:
    """The start and each action write their row, leased for a minute by the database's
    clock to the process that stored them; a refused action writes none."""
    one, _, _ = stores
    game = await started(one, 10)
    assert await roll(one, game, 1) == 2
    rows = await one.outbox(game)
    assert [(r.seq, r.kind, r.lease_owner, r.lease_until, r.sent_at, r.tries) for r in rows] == [
        (1, "step", one.process, NOW + LEASE_SECONDS, None, 0),
        (2, "step", one.process, NOW + LEASE_SECONDS, None, 0)]
    with pytest.raises(StaleWrite):
        await roll(one, game, 1)  # the game moved on: no action, no row
    assert [r.seq for r in await one.outbox(game)] == [1, 2]
    await one.outbox_sent(game, [1, 2])
    assert all(r.sent_at == NOW for r in await one.outbox(game))


async def test_actions_stored_together_by_group_commit_each_write_their_row(
        stores: tuple[Store, Store, Clock]) -> None:
    one, _, _ = stores
    games = [await started(one, channel) for channel in range(20, 30)]
    await asyncio.gather(*(roll(one, game, 1) for game in games))
    for game in games:
        assert [r.seq for r in await one.outbox(game)] == [1, 2]


async def test_a_deadlines_action_writes_its_row_in_the_deadlines_transaction(
        stores: tuple[Store, Store, Clock]) -> None:
    one, _, clock = stores
    game = await started(one, 11)
    deadline = await one.put_deadline(DeadlineRow(game, 3600.0, NOW + 10, None, False, 1))
    clock.now = NOW + 11
    await roll(one, game, 1, deadline=deadline)
    assert [(r.seq, r.lease_owner) for r in await one.outbox(game)] == [
        (1, one.process), (2, one.process)]


async def test_a_lease_held_by_a_dead_process_runs_out_and_another_process_claims_it(
        stores: tuple[Store, Store, Clock]) -> None:
    """`one` stored steps 1 and 2 and died before telling them: `two` may not claim them
    while `one`'s lease runs; then it claims both, in order, under its own lease."""
    one, two, clock = stores
    game = await started(one, 12)
    await roll(one, game, 1)
    assert await two.claim_outbox() is None
    clock.now = NOW + LEASE_SECONDS - 1
    assert await two.claim_outbox() is None
    clock.now = NOW + LEASE_SECONDS
    claim = await two.claim_outbox()
    assert claim is not None and (claim.game_id, claim.seqs, claim.tries) == (game, [1, 2], 0)
    assert {(r.lease_owner, r.lease_until) for r in await two.outbox(game)} == {
        (two.process, clock.now + LEASE_SECONDS)}
    assert await one.claim_outbox() is None  # held by `two` now
    assert await two.claim_outbox() is None  # and not claimed twice


async def test_a_game_whose_step_is_being_told_is_not_claimed_for_its_older_owed_step(
        stores: tuple[Store, Store, Clock]) -> None:
    """Step 2's telling failed earlier and is due again; step 3 was just stored by `one`,
    which is telling it: nobody else may tell the game until that lease ends, so two
    processes never tell one game at once."""
    one, two, clock = stores
    game = await started(one, 13)
    await one.outbox_sent(game, [1])
    await roll(one, game, 1)
    await one.outbox_failed(game, [2], retry_in=5)
    clock.now = NOW + 5
    await roll(one, game, 2)
    assert await two.claim_outbox() is None
    clock.now = NOW + 5 + LEASE_SECONDS
    claim = await two.claim_outbox()
    assert claim is not None and claim.seqs == [2, 3] and claim.tries == 1


async def test_a_failed_telling_keeps_its_row_owed_and_counts_the_failure(
        stores: tuple[Store, Store, Clock]) -> None:
    one, two, clock = stores
    game = await started(one, 14)
    await one.outbox_failed(game, [1], retry_in=30)
    (row,) = await one.outbox(game)
    assert (row.sent_at, row.tries, row.lease_owner, row.lease_until) == (None, 1, None, NOW + 30)
    assert await two.claim_outbox() is None
    clock.now = NOW + 30
    claim = await two.claim_outbox()
    assert claim is not None and claim.seqs == [1] and claim.tries == 1


async def test_claims_from_two_processes_at_once_take_each_game_once(
        stores: tuple[Store, Store, Clock]) -> None:
    one, two, clock = stores
    games = [await started(one, channel) for channel in range(40, 52)]
    clock.now = NOW + LEASE_SECONDS

    async def claims(store: Store) -> list[tuple[int, list[int]]]:
        taken = []
        while (claim := await store.claim_outbox()) is not None:
            taken.append((claim.game_id, claim.seqs))
        return taken

    first, second = await asyncio.gather(claims(one), claims(two))
    assert sorted(first + second) == [(game, [1]) for game in games]


async def test_a_lone_process_ends_the_leases_of_the_one_killed_before_it(
        stores: tuple[Store, Store, Clock]) -> None:
    """SQLite's process holds the database alone: what the killed process before it
    owed is its own to tell at once (`release_outbox`)."""
    one, two, _ = stores
    game = await started(one, 15)
    assert await two.claim_outbox() is None
    await two.release_outbox()
    claim = await two.claim_outbox()
    assert claim is not None and claim.game_id == game and claim.seqs == [1]


async def test_steps_a_telling_told_together_are_claimed_to_be_told_together_again(
        stores: tuple[Store, Store, Clock]) -> None:
    """A telling of several steps (a deadline's step of several actions) records them as
    one before it begins: killed midway, the next sender tells them together again, under
    the nonces of their last step, and every other step alone, as it was told."""
    one, two, clock = stores
    game = await started(one, 16)
    for at in (1, 2, 3):
        await roll(one, game, at)
    await one.outbox_told_together(game, [2, 3])
    clock.now = NOW + LEASE_SECONDS
    claim = await two.claim_outbox()
    assert claim is not None and claim.seqs == [1, 2, 3, 4]
    assert claim.tellings() == [[1], [2, 3], [4]]


async def test_a_stopping_process_hands_back_only_its_own_untold_steps(
        stores: tuple[Store, Store, Clock]) -> None:
    one, two, _ = stores
    mine, theirs = await started(one, 17), await started(two, 18)
    await roll(one, mine, 1)
    await one.outbox_sent(mine, [1])
    await one.release_own_outbox()
    claim = await two.claim_outbox()  # at once: no lease left to run out
    assert claim is not None and (claim.game_id, claim.seqs) == (mine, [2])
    assert await two.claim_outbox() is None  # `two`'s own step stays its own
    assert [r.lease_owner for r in await two.outbox(theirs)] == [two.process]


async def test_a_telling_that_runs_long_keeps_its_leases(
        stores: tuple[Store, Store, Clock]) -> None:
    """While a telling runs (`outbox.held`), its steps' leases are renewed, so a telling
    held back past its lease by Discord's rate limits is not claimed by another process;
    only the holder's own unsent steps are renewed."""
    one, two, clock = stores
    game = await started(one, 19)
    await roll(one, game, 1)
    service = GameService(one)
    async with outbox.held(service, game, [1, 2], every=0.01):
        clock.now = NOW + LEASE_SECONDS - 1
        for _ in range(1000):
            if {r.lease_until for r in await one.outbox(game)} == {clock.now + LEASE_SECONDS}:
                break
            await asyncio.sleep(0.01)
        clock.now = NOW + LEASE_SECONDS + 1  # the first leases would be over now
        assert await two.claim_outbox() is None
    await one.outbox_sent(game, [1])
    assert await two.outbox_renew(game, [1, 2]) == 0  # not `two`'s to renew
    assert await one.outbox_renew(game, [1, 2]) == 1  # step 2 only: 1 was told


async def test_rows_of_steps_told_an_hour_ago_are_pruned_and_owed_ones_never(
        stores: tuple[Store, Store, Clock]) -> None:
    """A game played for months keeps no row per action: a told step's row is removed once
    it is older than `KEEP_TOLD_SECONDS`; a step still owed keeps its row whatever its age."""
    one, two, clock = stores
    game = await started(one, 10)
    await roll(one, game, 1)
    await one.outbox_sent(game, [1])
    assert await two.prune_outbox(outbox.KEEP_TOLD_SECONDS) == 0  # told just now: kept
    clock.now = NOW + outbox.KEEP_TOLD_SECONDS + 1
    assert await two.prune_outbox(outbox.KEEP_TOLD_SECONDS) == 1
    assert [(r.seq, r.sent_at) for r in await one.outbox(game)] == [(2, None)]
