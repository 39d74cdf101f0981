"""Every stored step is posted exactly once across `kill -9`s (issue 27, "Side effects from
an outbox"; the acceptance's chaos: "0 duplicate posts").

`python -m bot` on each store against the stand-in, two players noting and rolling at once,
killed (SIGKILL) at random moments and restarted: whatever was stored, acknowledged or not,
ends up in the channel once: a step whose telling the kill cut off, or never began, is told
by the next process from its outbox row, and what had gone out already is not posted again
(each message's nonce). Before the outbox, a step stored just before a kill was never
posted (only its prompts were redone at the next start).

Over PostgreSQL the next process can't know the killed one is dead (several may run at
once): the steps the killed one held wait for its leases to run out by the database's
clock, a minute. The test skips that minute (as the in-process tests advance their clock
by `LEASE_SECONDS`): once the killed process is gone, its leases are ended in the table.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from sandbox import FakeDiscord
from tests.e2e.test_crashes import BotProcess, slash, stored_notes
from tests.support.table import StoredRows, store_of

KILLS = 4


def note_lines(fake: FakeDiscord, channel: int) -> list[str]:
    """Every "X notes: ..." line posted in the channel, one per time it was posted."""
    return [line for m in fake.messages(channel) for line in m.text().splitlines()
            if " notes: " in line]


async def leases_run_out(database: str) -> None:
    """Over PostgreSQL, the minute after a kill skipped: every lease of the outbox is over
    (only the killed process held any). SQLite's next process ends them at its start."""
    if store_of(database) == "postgresql":
        await StoredRows(database).rows("UPDATE outbox SET lease_until = 0 "
                                        "WHERE sent_at IS NULL")


async def test_every_stored_note_is_posted_once_across_kills(database: str,
                                                             tmp_path: Path) -> None:
    rng = random.Random(27)
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Croupier Test")
        channel = fake.add_channel(guild, "tables")
        users = {name: fake.add_user(name, guild_id=guild) for name in ("ann", "bob")}
        bot = BotProcess(fake, database, tmp_path / "bot.log")
        await bot.start()
        try:
            await slash(fake, users["ann"], channel, "game new", variant="pig",
                        options="target=100")
            for name in ("ann", "bob"):
                await slash(fake, users[name], channel, "game join")
            await slash(fake, users["ann"], channel, "game start")
            await fake.settle()
            counter = iter(range(10_000))

            async def note(name: str) -> None:
                await slash(fake, users[name], channel, "pig note",
                            text=f"{name}-{next(counter)}")

            killed = asyncio.Event()  # play stops: the bot was killed

            async def play() -> None:
                while not killed.is_set():  # (a cancel can be lost in Python 3.11)
                    await asyncio.gather(note("ann"), note("bob"),
                                         slash(fake, users["ann"], channel, "pig roll"),
                                         slash(fake, users["bob"], channel, "pig roll"))

            for kill in range(1, KILLS + 1):
                killed.clear()
                playing = asyncio.create_task(play())
                await asyncio.sleep(rng.uniform(0.2, 0.8))
                while len(await stored_notes(database)) <= 5 * kill:  # enough play before
                    await asyncio.sleep(0.01)  # each kill, however busy the machine is
                killed.set()
                await bot.kill()
                playing.cancel()
                await asyncio.gather(playing, return_exceptions=True)
                await leases_run_out(database)
                await bot.start()
                await fake.settle()

            stored = await stored_notes(database)
            wanted = sorted(f"{text.split('-')[0]} notes: {text}" for text in stored)
            deadline = time.monotonic() + 15  # the restarted bot tells what it owes
            while sorted(set(note_lines(fake, channel))) != wanted and \
                    time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            await fake.settle()
            assert len(stored) > 4 * KILLS
            posted = note_lines(fake, channel)
            assert sorted(set(posted)) == wanted, "a stored note was never posted"
            assert sorted(posted) == wanted, "a note was posted twice"
        except BaseException:
            print(bot.log.read_text())
            raise
        finally:
            await bot.stop()
