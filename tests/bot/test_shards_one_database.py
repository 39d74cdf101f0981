"""Two bot processes, one shard each, over one PostgreSQL database, against one stand-in
(issue 27, "Several processes"; the chaos of bench/bench_processes.py).

Discord sends every DM interaction to shard 0's process, so a prompt's button clicked in a
DM is served there whichever guild its game is in, while the game's channel commands reach
the process of the guild's shard: two processes act on one game, each with a copy of it
loaded. A copy behind the log (the other process stored actions since) must not refuse a
player's click or command: the store refuses the stale write (the game never forks), and
the process then looks again at the game as stored.

Found by the bench: after its chaos, awaited seats whose newest prompt answered a click
with "The game moved on while this was being stored, so it was not applied".
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.client import ShardedCroupier, make_bot
from bot.config import Settings
from sandbox import FakeDiscord, Message

EXTENSIONS = ("cogs.lobby", "tests.support.pig_cog")
MOVED_ON = "moved on while this was being stored"


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake
        assert fake.internal_errors == [] and fake.unknown_routes == []


def process(fake: FakeDiscord, database: str, tmp_path: Path, shard_id: int) -> ShardedCroupier:
    settings = Settings(token=fake.bot_token, database=database, shard_count=2,
                        shard_ids=(shard_id,), identify_lock=str(tmp_path / "identify.lock"))
    bot = make_bot(settings, extensions=EXTENSIONS, identify_spacing=0.0)
    assert isinstance(bot, ShardedCroupier)
    return bot


def live_prompt(fake: FakeDiscord, user: int) -> Message:
    """The user's newest DM with a live Roll button."""
    live = [m for m in fake.dms(user) if not m.deleted and any(
        label == "Roll" and not disabled for _, label, disabled in m.buttons())]
    assert live, [m.content for m in fake.dms(user)]
    return live[-1]


def awaited(bot: ShardedCroupier, game_id: int) -> int:
    """The user whose turn it is, by the process's copy of the game."""
    live = bot.service.live[game_id]
    assert live.game is not None
    (seat,) = live.game.prompts()
    user = live.user_of(seat)
    assert user is not None
    return user


async def test_a_process_whose_copy_is_behind_the_log_serves_clicks_and_commands(
        fake: FakeDiscord, postgres_url: str, tmp_path: Path) -> None:
    odd = fake.add_guild("odd", shard=(1, 2))  # its channel's commands reach shard 1
    tables = fake.add_channel(odd, "tables")
    ann, bob = fake.add_user("ann", guild_id=odd), fake.add_user("bob", guild_id=odd)
    dms, channel = process(fake, postgres_url, tmp_path, 0), \
        process(fake, postgres_url, tmp_path, 1)
    await asyncio.gather(fake.run_bot(dms), fake.run_bot(channel))
    try:
        await fake.slash(ann, tables, "game new", variant="pig", options="target=100")
        await fake.slash(ann, tables, "game join")
        await fake.slash(bob, tables, "game join")
        await fake.slash(ann, tables, "game start")
        await fake.settle()
        first = next(u for u in (ann, bob) if any(
            label == "Roll" and not disabled for m in fake.dms(u)
            for _, label, disabled in m.buttons()))
        # A click in the DM: shard 0's process loads the game and stores the roll.
        prompt = live_prompt(fake, first)
        clicked = await fake.click(first, prompt.id, prompt.button("Roll"))
        assert "You chose: Roll" in clicked.text(), clicked.text()
        await fake.settle()
        game_id = int(prompt.button("Roll").split(":")[2])
        assert dms.service.live[game_id].game is not None  # loaded there now
        # Shard 1's process, its copy one roll behind: a typed command for the game as
        # stored, not refused.
        seat_user = awaited(dms, game_id)
        typed = await fake.slash(seat_user, tables, "pig roll")
        assert MOVED_ON not in typed.text() and "Done." in typed.text(), typed.text()
        await fake.settle()
        # Shard 0's process, its copy one roll behind now: the seat's newest prompt works.
        seat_user = awaited(channel, game_id)
        prompt = live_prompt(fake, seat_user)
        clicked = await fake.click(seat_user, prompt.id, prompt.button("Roll"))
        assert MOVED_ON not in clicked.text() and "You chose: Roll" in clicked.text(), \
            clicked.text()
        await fake.settle()
        # Never forked: one log of three rolls after the start, each stored once; shard
        # 0's copy is the log's (shard 1's is reloaded at its next write).
        stored = await dms.service.storage.actions(game_id)
        assert [row.action for row in stored if row.kind == "act"][-3:] == ["roll"] * 3
        assert [row.seq for row in stored] == list(range(1, len(stored) + 1))
        assert dms.service.live[game_id].seq == stored[-1].seq
    finally:
        await fake.stop_bot(dms)
        await fake.stop_bot(channel)
