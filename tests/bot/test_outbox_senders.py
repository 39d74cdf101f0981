"""The outbox's senders across processes (issue 27: "sent after commit by whichever process
holds the sender's job"; "LISTEN/NOTIFY only wakes processes; the tables are the truth,
re-read after a reconnection").

Each process is a service and its sender (`bot.outbox.Outbox`) over its own store; the
telling is recorded instead of sent to Discord (what a telling says is the e2e tests'
business: tests/e2e/test_outbox.py). A process "killed at once after storing" is a store
whose lease is 0 s: its steps are anyone's to tell as soon as they are stored.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import psycopg
import pytest

import tests.support.pig  # noqa: F401  (the "pig" variant)
from bot import outbox
from bot.outbox import Outbox
from bot.service import GameService, Outcome
from bot.stores import open_storage
from tests.bot.test_on_demand import started_pig


@dataclass
class Process:
    service: GameService
    sender: Outbox
    told: list[tuple[int, list[int], float, float]] = field(default_factory=list)
    pause: float = 0.0

    async def tell(self, outcomes: list[Outcome], tries: int, stored_at: float) -> bool:
        """Record what would be told (game, steps, from, to), then mark it told."""
        began = time.monotonic()
        await asyncio.sleep(self.pause)
        await outbox.told(self.service, outcomes, tries, ok=True)
        self.told.append((outcomes[-1].live.id, [o.seq for o in outcomes], began,
                          time.monotonic()))
        return True


async def process(database: str, *, listen: bool = False, alone: bool = False,
                  poll: float = 3600.0) -> Process:
    store = await open_storage(database)
    service = GameService(store, seed_source=lambda: "seed-1")  # type: ignore[arg-type]
    made = Process(service, None)  # type: ignore[arg-type]
    made.sender = Outbox(service, made.tell, alone=alone, poll_seconds=poll,
                         listen_url=database if listen else None)
    return made


@pytest.fixture
async def processes(postgres_url: str) -> AsyncIterator[list[Process]]:
    made: list[Process] = []
    try:
        yield made
    finally:
        for one in made:
            await one.sender.stop()
            await one.service.storage.close()


async def until(check: object, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "not within the time given"
        await asyncio.sleep(0.01)


async def test_steps_a_stopping_process_did_not_tell_wake_another_through_listen(
        postgres_url: str, processes: list[Process]) -> None:
    """A process stops (a deploy) holding a step it stored and has not told: it hands its
    leases back and notifies; the listening process's sender, which polls once an hour
    here, is woken by the notification alone and tells the step at once."""
    stopping = await process(postgres_url)
    listening = await process(postgres_url, listen=True)
    processes += [stopping, listening]
    listening.sender.start()
    await asyncio.wait_for(listening.sender.listening.wait(), 10)
    # asleep for the hour, having read the table since it started listening
    await until(lambda: listening.sender.idle.is_set() and not listening.sender._wake.is_set())
    live = await started_pig(stopping.service)
    assert not listening.told  # its lease runs: nobody else may tell it
    await stopping.service.storage.release_own_outbox()
    await until(lambda: listening.told)
    assert [(game, seqs) for game, seqs, *_ in listening.told] == [(live.id, [1])]
    assert all(r.sent_at is not None for r in await stopping.service.storage.outbox(live.id))


async def test_a_dropped_listening_connection_reads_the_table_again(
        postgres_url: str, processes: list[Process]) -> None:
    """The listening connection is cut; a stopping process hands back a step while it is
    down (its notification goes to nobody); on reconnecting the sender reads the table and
    tells it."""
    dead = await process(postgres_url)
    listening = await process(postgres_url, listen=True)
    processes += [dead, listening]
    listening.sender.reconnect_seconds = 1.0
    listening.sender.start()
    await asyncio.wait_for(listening.sender.listening.wait(), 10)
    await until(lambda: listening.sender.idle.is_set() and not listening.sender._wake.is_set())
    async with await psycopg.AsyncConnection.connect(postgres_url, autocommit=True) as admin:
        cur = await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                  "WHERE query = 'LISTEN croupier_outbox'")
        assert [row[0] for row in await cur.fetchall()] == [True]
    await until(lambda: not listening.sender.listening.is_set())
    live = await started_pig(dead.service)
    await dead.service.storage.release_own_outbox()
    assert not listening.sender.listening.is_set()  # handed back while nobody listened
    assert not listening.told
    await until(lambda: listening.told)
    assert listening.sender.listening.is_set()  # connected again
    assert [(game, seqs) for game, seqs, *_ in listening.told] == [(live.id, [1])]


async def test_two_senders_never_tell_one_game_at_once_and_tell_its_steps_in_order(
        postgres_url: str, processes: list[Process]) -> None:
    """A dead process left eight games with three owed steps each (each stored alone, so
    each told alone); two senders drain them at once, each telling slowly: every step is
    told once, a game's steps by one sender in order, never by both at the same time."""
    dead = await process(postgres_url)
    one, two = await process(postgres_url), await process(postgres_url)
    processes += [dead, one, two]
    dead.service.storage.lease_seconds = 0.0
    games = []
    for channel in range(30, 38):
        live = await started_pig(dead.service, channel)
        for _ in range(2):
            (seat,) = live.game.prompts()
            await dead.service.act(live, live.user_of(seat), "note", {"text": "x"})
        games.append(live.id)
    one.pause = two.pause = 0.02
    await asyncio.gather(one.sender.drain(), two.sender.drain())
    told = one.told + two.told
    assert sorted((game, seqs) for game, seqs, *_ in told) == [
        (g, [seq]) for g in games for seq in (1, 2, 3)]
    assert one.told and two.told  # both worked
    for game in games:
        by = [[seqs for g, seqs, *_ in sender.told if g == game] for sender in (one, two)]
        assert sorted(by) == [[], [[1], [2], [3]]]  # one sender, in order


async def test_a_game_made_by_another_process_is_told_from_the_database(
        postgres_url: str, processes: list[Process]) -> None:
    """The telling process never had the game in its index (made after it started): it
    reads the game by id from the database to tell its owed steps."""
    teller = await process(postgres_url)
    await teller.service.restore()
    dead = await process(postgres_url)
    processes += [teller, dead]
    dead.service.storage.lease_seconds = 0.0
    live = await started_pig(dead.service)
    (seat,) = live.game.prompts()
    await dead.service.act(live, live.user_of(seat), "note", {"text": "hello"})
    assert live.id not in teller.service.live
    await teller.sender.drain()
    assert [(game, seqs) for game, seqs, *_ in teller.told] == [(live.id, [1]), (live.id, [2])]
    told = await teller.service.get(live.id)
    assert told.seq == 2 and told.game is not None


async def test_one_sender_tells_several_games_at_once_each_games_steps_in_order(
        postgres_url: str, processes: list[Process]) -> None:
    """After a crash under load hundreds of games owe steps, and a channel takes about a
    post a second: one sender tells up to `parallel` games at once (here 4 of 8), never two
    tellings of one game at once, a game's steps in order."""
    dead, teller = await process(postgres_url), await process(postgres_url)
    processes += [dead, teller]
    dead.service.storage.lease_seconds = 0.0
    games = []
    for channel in range(50, 58):
        live = await started_pig(dead.service, channel)
        (seat,) = live.game.prompts()
        await dead.service.act(live, live.user_of(seat), "note", {"text": "x"})
        games.append(live.id)
    teller.pause = 0.05
    teller.sender.parallel = 4
    assert await teller.sender.drain() == 8
    told = teller.told
    assert sorted((game, seqs) for game, seqs, *_ in told) == [
        (g, [seq]) for g in games for seq in (1, 2)]
    at_once = max(sum(1 for _, _, began, ended in told if began <= start < ended)
                  for _, _, start, _ in told)
    assert 2 <= at_once <= 4
    for game in games:
        own = [(began, ended, seqs) for g, seqs, began, ended in told if g == game]
        assert [seqs for *_, seqs in own] == [[1], [2]]
        assert own[0][1] <= own[1][0]  # the second after the first, not beside it
