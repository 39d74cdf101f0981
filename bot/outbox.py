"""The outbox's sender: every stored step is told, by whichever process gets to it.

A step's action and its outbox row are stored in one transaction (`bot/storage.py`,
`bot/storage_pg.py`), the row leased for a minute to the process that stored it. That
process tells the step at once, as it always did (`ActionPath.announce_all`, with the
interaction's niceties: the prompt answered in place, "Done"), and marks the row sent. If it
dies first, or the telling fails, the row stays owed: once its lease is over, any process's
sender claims it (the game's owed steps together, in order; one game per claim), rebuilds
what the steps did from the stored log and tells them as their first telling would have (the
steps it told together, a deadline's step of several actions, together: `told_with`; each
other step alone). The row is the intent; the messages are derived from the log, and carry
the nonces of the step they tell (`step_nonce`), so a step told again is posted once, and a
telling cut short by a kill is finished without repeating what it had posted. Discord honours
a nonce for a few minutes only; a step claimed here is told again maybe later than that (its
lease ran a minute, its process restarted), so every telling from a claim is a re-telling:
each of its messages is first looked for among the bot's messages since the step was stored,
in the channel (or DM) it goes to (`bot/delivery/recall.py`): one request a channel, on this
path alone (the first telling, by the process that stored the step, looks for nothing).

A failed telling is tried again later and later (`retry_delay`); past `TRIES_LOGGED` each
failure is logged as an error, and the step stays owed: never dropped. A game's steps reach
its channel in order: the steps after a failed telling wait for it (`tell_owed`). The sender wakes every
`POLL_SECONDS`, and, on PostgreSQL, whenever a stopping process hands back the steps it had
not told (`LISTEN croupier_outbox`; `release_own_outbox` notifies): a notification only
wakes it, the table is what it reads, and it reads the table again after every
reconnection, so a notification missed meanwhile loses nothing. (A step just stored is not
notified: it is its teller's while the lease runs, so a notification would wake every other
sender for nothing, and cost the commit PostgreSQL's notify lock.)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import replace
from typing import Any

from bot.service import GameService, LiveGame, Outcome
from bot.storage import ActionRow, OutboxClaim, StorageError
from engine import Event

log = logging.getLogger(__name__)

#: The sender looks at the table this often even if nothing woke it.
POLL_SECONDS = 5.0
#: Games a sender tells at once.
PARALLEL_GAMES = 8
#: The rows of steps told longer ago than this are removed, about once in `PRUNE_SECONDS`.
KEEP_TOLD_SECONDS = 3600.0
PRUNE_SECONDS = 600.0
#: The first retry of a failed telling comes this long after it, each next one twice as long
#: (at most `RETRY_MAX_SECONDS`).
RETRY_SECONDS = 15.0
RETRY_MAX_SECONDS = 3600.0
#: From this many failed tellings on, each failure is logged as an error.
TRIES_LOGGED = 5
#: After its listening connection drops, the sender connects again this long after.
RECONNECT_SECONDS = 2.0

#: Tells stored steps again (`ActionPath.announce_all`): the steps' outcomes, how many
#: tellings of them failed already, and when the first of them was stored (what an earlier
#: telling posted since is not posted again). It marks the rows sent, or failed, itself, and
#: says whether the telling went out.
Tell = Callable[[list[Outcome], int, float], Awaitable[bool]]
#: Around all the tellings of one game's claim: what an earlier telling posted since the
#: first of them was stored is read once for them all (`Sender.retelling`), not once a
#: telling: after a crash under load a game owes several steps, and each read is a request
#: under Discord's global limit that the backlog of posts waits behind.
Recall = Callable[[LiveGame, float], contextlib.AbstractContextManager[Any]]


def retry_delay(tries: int) -> float:
    """How long after a failed telling (its `tries`-th before) the step is tried again."""
    return min(RETRY_MAX_SECONDS, RETRY_SECONDS * 2 ** min(tries, 12))


def outcome_of(live: LiveGame, row: ActionRow) -> Outcome:
    """What a stored step did, from its log row: as `GameService` returned it when it stored
    it (an undo or a start is named by its kind)."""
    action = row.action if row.kind == "act" and row.action else row.kind
    return Outcome(live, row.seq, row.seat, action, [Event.from_json(e) for e in row.events])


def outcomes_of(live: LiveGame, rows: list[ActionRow]) -> list[Outcome]:
    """What one telling's stored steps did, as their first telling said it: the actions the
    bot took for seats (a deadline's, an away player's) with the line said before them,
    kept in their log rows (`stored_step`), once a batch, naming the batch's seats ("The
    deadline passed for bob.")."""
    outcomes = [outcome_of(live, row) for row in rows]
    first = 0
    while first < len(rows):
        said, batch = rows[first].step.get("said"), rows[first].step.get("batch")
        end = first + 1
        while said and end < len(rows) and rows[end].step.get("said") == said and \
                rows[end].step.get("batch") == batch:
            end += 1
        if said:
            seats = ", ".join(dict.fromkeys(r.seat for r in rows[first:end] if r.seat))
            outcomes[first] = replace(outcomes[first], said=str(said).format(seats=seats))
        first = end
    return outcomes


async def told(service: GameService, outcomes: list[Outcome], tries: int, ok: bool) -> None:
    """Mark the steps told (`ok`), or owed again after `retry_delay(tries)`. A store that
    can't be reached now leaves them as they are: told again later, which is harmless."""
    if not outcomes:
        return
    live = outcomes[-1].live
    seqs = sorted({o.seq for o in outcomes})
    try:
        if ok:
            await service.storage.outbox_sent(live.id, seqs)
            return
        delay = retry_delay(tries)
        if tries + 1 >= TRIES_LOGGED:
            log.error("game %s: telling steps %s failed %d times; tried again in %.0f s",
                      live.id, seqs, tries + 1, delay)
        await service.storage.outbox_failed(live.id, seqs, delay)
    except StorageError as exc:
        log.warning("game %s: could not record steps %s as %s: %s", live.id, seqs,
                    "told" if ok else "owed", exc)


@contextlib.asynccontextmanager
async def held(service: GameService, game_id: int, seqs: list[int],
               every: float | None = None) -> AsyncIterator[None]:
    """While a telling runs, keep its steps' leases this process's: renewed every third of
    the lease (`every` seconds), so that a telling held back by Discord's rate limits past
    its lease is not claimed and told a second time by another process meanwhile."""
    storage = service.storage
    interval = storage.lease_seconds / 3 if every is None else every

    async def renew() -> None:
        while True:
            await asyncio.sleep(interval)
            try:
                await storage.outbox_renew(game_id, seqs)
            except StorageError as exc:
                log.warning("game %s: could not renew the leases of steps %s: %s", game_id,
                            seqs, exc)

    task = asyncio.create_task(renew(), name=f"croupier-outbox-lease-{game_id}")
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def mark_told(service: GameService, game_id: int, seqs: list[int]) -> None:
    """Steps told outside `ActionPath.announce_all` (an undo's, an import's start), marked
    so; a store that can't be reached now leaves them owed: told again later, harmlessly."""
    try:
        await service.storage.outbox_sent(game_id, seqs)
    except StorageError as exc:
        log.warning("game %s: could not record steps %s as told: %s", game_id, seqs, exc)


async def tell_owed(service: GameService, tell: Tell, claim: OutboxClaim,
                    recall: Recall | None = None) -> bool:
    """Tell one game's owed steps, in order, in the tellings they were (to be) told in
    (`OutboxClaim.tellings`), each marked sent, or failed, by `tell`. A game's steps reach
    its channel in order: once a telling fails, the steps after it are not told now (they
    stay owed, told after it when it is tried again). Whether every one went out."""
    storage = service.storage
    try:
        live = await service.for_telling(claim.game_id, claim.seqs[-1])
        if live is None:  # aborted or gone: nobody to tell
            await storage.outbox_sent(claim.game_id, claim.seqs)
            return True
        if live.game is None:
            raise RuntimeError(f"the game can't be told now: {live.broken or 'not loaded'}")
        rows = {r.seq: r for r in await storage.actions(live.id, after=claim.seqs[0] - 1)}
        tellings = [(outcomes_of(live, [rows[seq] for seq in seqs]), rows[seqs[0]].created_at)
                    for seqs in claim.tellings()]
    except Exception:  # noqa: BLE001 - this game waits; the others go on
        log.exception("game %s: the steps owed could not be read", claim.game_id)
        with contextlib.suppress(StorageError):
            await storage.outbox_failed(claim.game_id, claim.seqs, retry_delay(claim.tries))
        return False
    log.info("game %s: telling steps %s owed since a process stopped or failed",
             live.id, claim.seqs)
    with (recall(live, tellings[0][1]) if recall is not None and tellings
          else contextlib.nullcontext()):
        for outcomes, stored_at in tellings:
            seqs = [o.seq for o in outcomes]
            try:
                if not await tell(outcomes, claim.tries, stored_at):
                    log.info("game %s: steps %s not told; the steps after them wait",
                             live.id, seqs)
                    return False
            except Exception:  # noqa: BLE001 - before the telling proper: owed, tried later
                log.exception("game %s: telling steps %s failed", live.id, seqs)
                with contextlib.suppress(StorageError):
                    await storage.outbox_failed(live.id, seqs, retry_delay(claim.tries))
                return False
    return True


class Outbox:
    """This process's sender (one asyncio task), started by the client beside the timers."""

    def __init__(self, service: GameService, tell: Tell, *, alone: bool,
                 listen_url: str | None = None, poll_seconds: float = POLL_SECONDS,
                 ready: Callable[[], Awaitable[Any]] | None = None,
                 recall: Recall | None = None) -> None:
        self.service = service
        self.tell = tell
        self.recall = recall  # around a claim's tellings (`tell_owed`)
        self.ready = ready  # what to wait for before telling anything (the gateway)
        # The database's only process (SQLite): the leases of a process killed before it
        # told its steps end at this start.
        self.alone = alone
        self.listen_url = listen_url
        self.poll_seconds = poll_seconds
        self.parallel = PARALLEL_GAMES
        self.reconnect_seconds = RECONNECT_SECONDS
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self.listening = asyncio.Event()  # set while the LISTEN connection is up (tests)
        self.idle = asyncio.Event()  # set while the sender waits to be woken (tests)
        self._releasing = asyncio.Lock()
        self._released = False

    def start(self) -> None:
        self._tasks.append(asyncio.create_task(self._run(), name="croupier-outbox"))
        if self.listen_url is not None:
            self._tasks.append(asyncio.create_task(self._listen(self.listen_url),
                                                   name="croupier-outbox-listen"))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()

    def wake(self) -> None:
        self._wake.set()

    async def _run(self) -> None:
        if self.ready is not None:
            await self.ready()
        pruned_at = -PRUNE_SECONDS
        while True:
            self._wake.clear()
            try:
                await self.drain()
                if time.monotonic() - pruned_at >= PRUNE_SECONDS:
                    pruned_at = time.monotonic()
                    await self.service.storage.prune_outbox(KEEP_TOLD_SECONDS)
            except StorageError as exc:  # the database is down for now (a restart)
                log.warning("the outbox's sender can't read the database now: %s", exc)
            except Exception:  # noqa: BLE001 - the sender must outlive any one failure
                log.exception("the outbox's sender failed; it looks again shortly")
            self.idle.set()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_seconds)
            self.idle.clear()

    async def _release_once(self) -> None:
        """Alone on the database: end the leases of the process before this one, once,
        before the first claim (whichever caller drains first)."""
        async with self._releasing:
            if not self.alone or self._released:
                return
            try:
                await self.service.storage.release_outbox()
                self._released = True
            except StorageError as exc:
                log.warning("the outbox's leases could not be released: %s", exc)

    async def drain(self) -> int:
        """Tell every owed step nobody holds, up to `parallel` games at once; how many games
        were told. A game's steps go one after another (Discord takes about a post a second
        in a channel), so after a crash under load, games told one at a time would keep
        most channels waiting for an hour."""
        await self._release_once()
        games = 0
        running: set[asyncio.Task[None]] = set()
        try:
            while True:
                claim = None
                if len(running) < self.parallel:
                    claim = await self.service.storage.claim_outbox()
                if claim is not None:
                    games += 1
                    running.add(asyncio.create_task(
                        self.tell_claimed(claim), name=f"croupier-outbox-{claim.game_id}"))
                    continue
                if not running:
                    return games
                done, running = await asyncio.wait(running,
                                                   return_when=asyncio.FIRST_COMPLETED)
                for task in done:
                    if task.exception() is not None:
                        log.error("the outbox's telling of a game failed",
                                  exc_info=task.exception())
        finally:
            for task in running:  # stopped: what is not told stays owed
                task.cancel()

    async def tell_claimed(self, claim: OutboxClaim) -> None:
        """Tell one game's claimed steps, in order (`tell_owed`)."""
        await tell_owed(self.service, self.tell, claim, self.recall)

    async def _listen(self, url: str) -> None:
        """Wake the sender on each step stored by any process (PostgreSQL's NOTIFY), and
        after each (re)connection, since notifications sent meanwhile are lost."""
        import psycopg

        from bot.storage_pg import OUTBOX_CHANNEL

        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(url, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {OUTBOX_CHANNEL}")
                    self.wake()  # whatever was stored while not listening: read the table
                    self.listening.set()
                    async for _ in conn.notifies():
                        self.wake()
            except (psycopg.Error, OSError) as exc:
                log.warning("the outbox's listening connection dropped: %s", exc)
            self.listening.clear()
            await asyncio.sleep(self.reconnect_seconds)
