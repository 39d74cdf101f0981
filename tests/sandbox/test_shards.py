"""The stand-in's sharding (issue 27), driven through the real discord.py's sharded client:
guild events routed by `(guild_id >> 22) % num_shards`, DMs on shard 0, invalid shards
closed with 4010, and the identify queue per `max_concurrency` (op 9 when too early)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord.ext import commands

from sandbox import FakeDiscord
from sandbox.shards import IdentifyQueue, guild_of, shard_of

#: The bots' spacing of their re-identifies, instead of discord.py's 5 s.
SPACING = 0.25


class ShardBot(commands.AutoShardedBot):
    """A sharded bot that records the messages it receives, and spaces its re-identifies
    by SPACING instead of discord.py's 5 s (the stand-in's window is shortened to match)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), **kwargs)
        self.seen: list[tuple[int | None, str]] = []

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        if not initial:
            await asyncio.sleep(SPACING)

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append((message.guild.id if message.guild else None, message.content))


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake
        assert fake.internal_errors == []


async def wait_for(predicate: Any, timeout: float = 3.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.005)


def test_the_sharding_formula_and_the_events_guild() -> None:
    """Discord's formula: shard_id = (guild_id >> 22) % num_shards; DMs on shard 0."""
    assert shard_of(5 << 22, 2) == 1 and shard_of(6 << 22, 2) == 0 and shard_of(None, 4) == 0
    assert guild_of("GUILD_CREATE", {"id": "7"}) == 7
    assert guild_of("MESSAGE_CREATE", {"guild_id": "9", "id": "1"}) == 9
    assert guild_of("MESSAGE_CREATE", {"id": "1", "channel_id": "2"}) is None


async def test_two_processes_each_receive_only_their_shards_and_dms_reach_shard_0(
        fake: FakeDiscord) -> None:
    even = fake.add_guild("even", shard=(0, 2))
    odd = fake.add_guild("odd", shard=(1, 2))
    even_chan, odd_chan = fake.add_channel(even, "tables"), fake.add_channel(odd, "tables")
    ann = fake.add_user("ann")
    first, second = ShardBot(shard_count=2, shard_ids=[0]), ShardBot(shard_count=2, shard_ids=[1])
    await fake.run_bot(first)
    await fake.run_bot(second)
    assert [g.id for g in first.guilds] == [even] and [g.id for g in second.guilds] == [odd]

    fake.user_message(ann, even_chan, "in even")
    fake.user_message(ann, odd_chan, "in odd")
    fake.user_message(ann, fake.dm_channel_id(ann), "a DM")
    await wait_for(lambda: len(first.seen) == 2 and len(second.seen) == 1)
    await fake.settle()
    # (a guild message's text is blanked without the message content intent; a DM's is not)
    assert first.seen == [(even, ""), (None, "a DM")]
    assert second.seen == [(odd, "")]
    # a guild added later goes to its shard's process only
    late = fake.add_guild("late", shard=(1, 2))
    await wait_for(lambda: second.get_guild(late) is not None)
    assert first.get_guild(late) is None
    await fake.stop_bot(first)
    await fake.stop_bot(second)


async def test_one_process_with_every_shard_receives_everything(fake: FakeDiscord) -> None:
    """Unset shard ids: one process runs every shard, Discord's recommended count."""
    fake.recommended_shards = 2
    guilds = {fake.add_guild("even", shard=(0, 2)), fake.add_guild("odd", shard=(1, 2))}
    bot = ShardBot()
    await fake.run_bot(bot)
    assert bot.shard_count == 2 and set(bot.shards) == {0, 1}
    assert {g.id for g in bot.guilds} == guilds
    assert sorted(s.shard for s in fake.live_sessions()) == [(0, 2), (1, 2)]
    await fake.stop_bot(bot)


async def test_identifies_in_one_bucket_are_spaced_and_an_early_one_is_refused(
        fake: FakeDiscord) -> None:
    """max_concurrency 1: both shards share rate-limit key 0. Both processes identify at
    once; Discord answers the second with op 9 (Invalid Session) and discord.py identifies
    again after its spacing, let in once the window has passed. The queue's clock stands
    still until the test moves it: the refusal does not depend on the machine's speed."""
    now = [0.0]
    queue = fake.identify_queue = IdentifyQueue(max_concurrency=1, interval=5.0,
                                                clock=lambda: now[0])
    fake.add_guild("even", shard=(0, 2))
    fake.add_guild("odd", shard=(1, 2))
    first, second = ShardBot(shard_count=2, shard_ids=[0]), ShardBot(shard_count=2, shard_ids=[1])
    starting = asyncio.gather(fake.run_bot(first), fake.run_bot(second))
    await wait_for(lambda: len(queue.refused) >= 1)
    now[0] += 5.0  # Discord's window passes; the refused shard's next IDENTIFY is let in
    await starting
    assert [i.accepted for i in queue.log[:2]] == [True, False] and queue.log[-1].accepted
    assert len(queue.accepted) == 2
    assert sorted(i.shard_id for i in queue.accepted) == [0, 1]
    assert queue.accepted[1].at - queue.accepted[0].at == 5.0
    assert {s.shard for s in fake.live_sessions()} == {(0, 2), (1, 2)}
    await fake.stop_bot(first)
    await fake.stop_bot(second)


async def test_max_concurrency_lets_one_identify_per_key_through_at_once(
        fake: FakeDiscord) -> None:
    """rate_limit_key = shard_id % max_concurrency: with 2, shards 0 and 1 start together,
    shard 2 (key 0 again) must wait for shard 0's window; a simulated clock drives it."""
    now = [100.0]
    queue = fake.identify_queue = IdentifyQueue(max_concurrency=2, interval=5.0,
                                                clock=lambda: now[0])
    replies = [await identify(fake, [shard, 3]) for shard in (0, 1, 2)]
    assert [r["op"] for r in replies] == [0, 0, 9]  # READY, READY, Invalid Session
    assert replies[2]["d"] is False
    now[0] += 4.9
    assert (await identify(fake, [2, 3]))["op"] == 9
    now[0] += 0.1
    ready = await identify(fake, [2, 3])
    assert ready["t"] == "READY" and ready["d"]["shard"] == [2, 3]
    assert [(i.shard_id, i.accepted) for i in queue.log] == [
        (0, True), (1, True), (2, False), (2, False), (2, True)]
    gateway = await rest(fake, "/gateway/bot")
    assert gateway["session_start_limit"]["max_concurrency"] == 2
    assert gateway["session_start_limit"]["remaining"] == 1000 - 3


async def test_an_invalid_shard_is_closed_with_4010(fake: FakeDiscord) -> None:
    for shard in ([2, 2], [0, 0], ["x", 1]):
        async with aiohttp.ClientSession() as http, http.ws_connect(fake.gateway_url) as ws:
            await ws.receive_json()  # HELLO
            await ws.send_json({"op": 2, "d": {"token": fake.bot_token, "shard": shard}})
            closed = await ws.receive()
            assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == 4010


async def identify(fake: FakeDiscord, shard: list[int]) -> dict[str, Any]:
    """IDENTIFY on a fresh connection; the first frame after HELLO (READY, or op 9)."""
    async with aiohttp.ClientSession() as http, http.ws_connect(fake.gateway_url) as ws:
        await ws.receive_json()  # HELLO
        await ws.send_json({"op": 2, "d": {"token": fake.bot_token, "intents": 1,
                                           "shard": shard}})
        reply: dict[str, Any] = json.loads((await ws.receive()).data)
        return reply


async def rest(fake: FakeDiscord, path: str) -> Any:
    async with aiohttp.ClientSession() as http, http.get(
            f"{fake.base_url}/api/v10{path}",
            headers={"Authorization": f"Bot {fake.bot_token}"}) as response:
        return await response.json()
