"""What a demo game asks of its players' attention: channel posts, DMs and images.

Runs a demo script (demo/scripts/) against a fresh sandbox and counts what the bot
created: messages in the game's channel (and its threads), DMs, PNG images and their
bytes, against the players' stored actions. Edits of a message already there (a
prompt answered in place, the status post) are not new messages: they notify nobody.
Used by `bench/bench_messages.py` and by the test that keeps the figures down.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from bot.client import Croupier
from bot.config import Settings
from demo.scripts import SCRIPTS
from demo.table import DemoTable
from sandbox import FakeDiscord


@dataclass(frozen=True)
class Counts:
    variant: str
    actions: int
    channel: int
    dms: int
    images: int
    image_bytes: int

    def per_action(self) -> str:
        n = max(self.actions, 1)
        return (f"{self.variant}: {self.actions} player actions; {self.channel} channel posts "
                f"({self.channel / n:.2f}/action), {self.dms} DMs ({self.dms / n:.2f}/action), "
                f"{self.images} images ({self.images / n:.2f}/action, "
                f"{self.image_bytes / max(self.images, 1) / 1000:.0f} KB each)")


async def count_demo(variant: str) -> Counts:
    script, seed, players = SCRIPTS[variant]
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Croupier Demo")
            channel = fake.add_channel(guild, "game-table")
            users = {name: fake.add_user(name, guild_id=guild) for name in players}
            bot = Croupier(Settings(token=fake.bot_token, database=str(Path(tmp) / "c.db")),
                           seed_source=lambda: seed)
            await fake.run_bot(bot)
            try:
                await script(DemoTable(fake, bot, channel, users))
                await fake.settle()
                rows = await bot.service.storage.actions(1)  # a fresh database's first game
                actions = sum(1 for r in rows if r.kind == "act" and r.user_id)
            finally:
                await fake.stop_bot(bot)
            places = [channel, *fake.threads(channel)]
            posts = [m for c in places for m in fake.messages(c)
                     if m.author_id == fake.bot_user_id and not m.ephemeral]
            dms = [m for u in users.values() for m in fake.dms(u)
                   if m.author_id == fake.bot_user_id]
            images = [data for m in posts for name, data in m.files if name.endswith(".png")]
    return Counts(variant, actions, len(posts), len(dms), len(images),
                  sum(len(d) for d in images))
