"""A DM interaction served by game id through the database (issue 27, "Several processes":
"DM interactions (which arrive on shard 0) served by game id through the database").

Two bot processes (two sharded clients in this test process, one shard each) over one
PostgreSQL database, against one stand-in. The game is made through the second process,
in its shard's guild, after the first started: the first never had it in its index. bob's
prompt is a DM, so his click reaches shard 0's process, which reads the game by the id in
the button's custom id, applies the click, and tells the step: once, and not again by the
other process's sender.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.client import ShardedCroupier, make_bot
from bot.config import Settings
from sandbox import FakeDiscord

EXTENSIONS = ("cogs.lobby", "tests.support.pig_cog")


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake
        assert fake.internal_errors == [] and fake.unknown_routes == []


def process(fake: FakeDiscord, url: str, tmp_path: Path, shard_id: int) -> ShardedCroupier:
    settings = Settings(token=fake.bot_token, database=url, shard_count=2,
                        shard_ids=(shard_id,), identify_lock=str(tmp_path / "identify.lock"))
    bot = make_bot(settings, extensions=EXTENSIONS, identify_spacing=0.0,
                   seed_source=lambda: "dm-seed")
    assert isinstance(bot, ShardedCroupier)
    return bot


async def test_a_dm_click_on_a_game_made_by_the_other_process_is_served_and_told_once(
        fake: FakeDiscord, postgres_url: str, tmp_path: Path) -> None:
    odd = fake.add_guild("odd", shard=(1, 2))
    channel = fake.add_channel(odd, "tables")
    ann, bob = fake.add_user("ann", guild_id=odd), fake.add_user("bob", guild_id=odd)
    first = process(fake, postgres_url, tmp_path, 0)
    await fake.run_bot(first)
    second = process(fake, postgres_url, tmp_path, 1)
    await fake.run_bot(second)
    try:
        await fake.slash(ann, channel, "game new", variant="pig", options="target=50")
        for user in (ann, bob):
            await fake.slash(user, channel, "game join")
        await fake.slash(ann, channel, "game start")
        await fake.slash(ann, channel, "pig hold")
        await fake.settle()
        game = second.service.entry_in(channel)
        assert game is not None and game.id not in first.service.live

        def bobs_prompt(message: Any) -> bool:
            return message.channel_id == fake.dm_channel_id(bob) and bool(message.buttons()) \
                and "Your turn" in message.text()

        prompt = await fake.wait_for_message(bobs_prompt)
        before = len(fake.messages(channel))
        clicked = await fake.click(bob, prompt.id, prompt.button("Hold"))
        await fake.settle()
        assert "You chose: Hold" in clicked.text()
        assert game.id in first.service.live  # served by shard 0's process
        banks = [m for m in fake.messages(channel)[before:] if "bob banks" in m.text()]
        assert len(banks) == 1
        rows = await first.service.storage.outbox(game.id)
        assert all(r.sent_at is not None for r in rows)
        assert rows[-1].lease_owner == first.service.storage.process
        assert await second.outbox.drain() == 0  # nothing left for the other process
        await fake.settle()
        assert len([m for m in fake.messages(channel) if "bob banks" in m.text()]) == 1
        # ann's turn, in the guild's channel: the other process, whose copy of the game
        # is from before bob's click, catches up with the log instead of refusing her.
        again = await fake.slash(ann, channel, "pig hold")
        await fake.settle()
        assert "Done." in again.text()
        assert len([m for m in fake.messages(channel) if "ann banks" in m.text()]) == 2
        # bob's next prompt, clicked in his DMs: shard 0's process again, whose copy is
        # from before ann's hold (made through the other process).
        newer = await fake.wait_for_message(lambda m: bobs_prompt(m) and m.id != prompt.id)
        rolled = await fake.click(bob, newer.id, newer.button("Roll"))
        await fake.settle()
        assert "You chose: Roll" in rolled.text(), rolled.text()
        assert len([m for m in fake.messages(channel) if "bob rolls" in m.text()]) == 1
    finally:
        await fake.stop_bot(first)
        await fake.stop_bot(second)
