"""Every stored step is posted exactly once across `kill -9`s (issue 27, "Side effects from
an outbox"; the acceptance's chaos: "0 duplicate posts").

`python -m bot` on SQLite against the stand-in, two players noting and rolling at once,
killed (SIGKILL) at random moments and restarted: whatever was stored, acknowledged or not,
ends up in the channel once: a step whose telling the kill cut off, or never began, is told
by the next process from its outbox row, and what had gone out already is not posted again
(each message's nonce). Before the outbox, a step stored just before a kill was never
posted (only its prompts were redone at the next start).
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from sandbox import FakeDiscord
from tests.e2e.test_crashes import BotProcess, slash, stored_notes

KILLS = 4


def note_lines(fake: FakeDiscord, channel: int) -> list[str]:
    """Every "X notes: ..." line posted in the channel, one per time it was posted."""
    return [line for m in fake.messages(channel) for line in m.text().splitlines()
            if " notes: " in line]


async def test_every_stored_note_is_posted_once_across_kills(tmp_path: Path) -> None:
    rng = random.Random(27)
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Croupier Test")
        channel = fake.add_channel(guild, "tables")
        users = {name: fake.add_user(name, guild_id=guild) for name in ("ann", "bob")}
        db = tmp_path / "croupier.db"
        bot = BotProcess(fake, db, tmp_path / "bot.log")
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

            async def play() -> None:
                while True:
                    await asyncio.gather(note("ann"), note("bob"),
                                         slash(fake, users["ann"], channel, "pig roll"),
                                         slash(fake, users["bob"], channel, "pig roll"))

            for _ in range(KILLS):
                playing = asyncio.create_task(play())
                await asyncio.sleep(rng.uniform(0.2, 0.8))
                await bot.kill()
                playing.cancel()
                await asyncio.gather(playing, return_exceptions=True)
                await bot.start()
                await fake.settle()

            stored = stored_notes(db)
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
