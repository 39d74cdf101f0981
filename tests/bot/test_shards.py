"""Several bot processes on Discord's side (issue 27, "Several processes"): the shard
settings, the sharded bot, the identify queue the processes share, their shares of the
global REST limit, and a REST proxy's base URL. The processes are two clients in this test
process, each with its own shard ids, against one stand-in."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import discord.http
import pytest

from bot.client import Croupier, ShardedCroupier, make_bot
from bot.config import Settings, SettingsError
from bot.identify import IdentifyQueue
from bot.rest_pace import RestPace, api_base, point_rest_at, share_of_global
from sandbox import FakeDiscord, RateLimits
from sandbox.shards import IdentifyQueue as GatewayIdentifyQueue

#: The stand-in's identify window here, and the bots' spacing (Discord's 5 s and the bot's
#: margin over it, scaled down; the margin is wide so that a busy machine passes).
WINDOW = 0.2
SPACING = 0.5
EXTENSIONS = ("cogs.lobby", "tests.support.pig_cog")


# -- settings --------------------------------------------------------------------------


def load(**env: str) -> Settings:
    return Settings.load(env=env, dotenv=Path("/nonexistent"))


def test_unset_shard_settings_keep_one_unsharded_connection() -> None:
    settings = load(DISCORD_TOKEN="t")
    assert settings.shard_count is None and settings.shard_ids is None
    assert settings.api_base is None and settings.rest_per_second is None
    bot = make_bot(settings)
    # alone, the whole of Discord's 50 requests a second, less a tenth (bench_processes.py)
    assert type(bot) is Croupier and bot.shard_count is None
    assert bot.rest_pace is not None and bot.rest_pace.per_window == 45


def test_shard_settings_make_a_sharded_bot_on_those_shards() -> None:
    settings = load(CROUPIER_SHARD_COUNT="4", CROUPIER_SHARD_IDS="2, 3")
    assert settings.shard_count == 4 and settings.shard_ids == (2, 3)
    bot = make_bot(settings)
    assert isinstance(bot, ShardedCroupier) and isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_count == 4 and bot.shard_ids == [2, 3]
    # half the shards: half of Discord's 50 requests a second, less a tenth
    assert bot.rest_pace is not None and bot.rest_pace.per_window == 22
    every = make_bot(load(CROUPIER_SHARD_COUNT="2"))
    assert isinstance(every, ShardedCroupier) and every.shard_ids is None
    assert every.rest_pace is not None and every.rest_pace.per_window == 45


@pytest.mark.parametrize("env, words", [
    ({"CROUPIER_SHARD_IDS": "0"}, "needs CROUPIER_SHARD_COUNT"),
    ({"CROUPIER_SHARD_COUNT": "2", "CROUPIER_SHARD_IDS": "2"}, "from 0 to 1"),
    ({"CROUPIER_SHARD_COUNT": "2", "CROUPIER_SHARD_IDS": "0,0"}, "distinct"),
    ({"CROUPIER_SHARD_COUNT": "two"}, "whole number"),
    ({"CROUPIER_SHARD_COUNT": "0"}, "at least 1"),
    ({"CROUPIER_REST_PER_SECOND": "fast"}, "a number"),
])
def test_shard_settings_that_cannot_work_are_refused_in_words(env: dict[str, str],
                                                               words: str) -> None:
    with pytest.raises(SettingsError, match=words):
        load(**env)


def test_the_process_share_of_the_global_limit() -> None:
    # One process alone, or running every shard, still paces: unpaced, one process at 50
    # commands a second met 2,371 global 429s in a minute (bench/bench_processes.py).
    assert share_of_global(None, None, None, proxied=False) == 45
    assert share_of_global(4, None, None, proxied=False) == 45  # every shard here
    assert share_of_global(2, (0, 1), None, proxied=False) == 45
    assert share_of_global(None, None, None, proxied=True) is None
    assert share_of_global(4, (0,), None, proxied=False) == 45 / 4
    assert share_of_global(4, (0,), None, proxied=True) is None  # the proxy paces
    assert share_of_global(4, (0,), 40.0, proxied=True) == 40.0  # a setting wins
    assert share_of_global(4, (0,), 0.0, proxied=False) is None  # 0: no pacing


def test_an_api_base_points_every_rest_route_at_the_proxy() -> None:
    assert api_base("http://nirn:8080/") == "http://nirn:8080/api/v10"
    assert api_base("http://proxy/api/v9") == "http://proxy/api/v9"
    saved = discord.http.Route.BASE
    try:
        point_rest_at("http://nirn:8080")
        assert discord.http.Route("GET", "/users/@me").url == "http://nirn:8080/api/v10/users/@me"
        assert load(CROUPIER_API_BASE="http://nirn:8080").api_base == "http://nirn:8080"
    finally:
        discord.http.Route.BASE = saved


# -- the identify queue ----------------------------------------------------------------


class ManualTime:
    """A clock that moves only when a queue sleeps: the queue's waits, without waiting."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 6))
        self.now += seconds


async def test_processes_sharing_the_lock_file_identify_one_per_key_per_spacing(
        tmp_path: Path) -> None:
    """Discord: one IDENTIFY per rate_limit_key = shard_id % max_concurrency per 5 s."""
    time = ManualTime()
    lock = tmp_path / "identify.lock"
    one, two = (IdentifyQueue(lock, spacing=5.0, clock=time, sleep=time.sleep) for _ in range(2))
    await one.wait_turn(0, 1)
    await two.wait_turn(1, 1)  # max_concurrency 1: the same key, waits the whole spacing
    assert time.slept == [5.0]

    time, lock = ManualTime(), tmp_path / "concurrency-2.lock"
    one, two = (IdentifyQueue(lock, spacing=5.0, clock=time, sleep=time.sleep) for _ in range(2))
    await one.wait_turn(0, 2)
    await two.wait_turn(1, 2)  # key 1: its own bucket, at once
    assert time.slept == []
    await two.wait_turn(2, 2)  # key 0 again: after shard 0's spacing
    assert time.slept == [5.0]
    await one.wait_turn(3, 2)  # key 1, 5 s after shard 1: at once
    assert time.slept == [5.0]
    unshared = IdentifyQueue(None, spacing=5.0, clock=time, sleep=time.sleep)
    await unshared.wait_turn(0, 2)  # without the file, the other processes' turns are unknown
    assert time.slept == [5.0]


async def test_a_lock_file_that_cannot_be_opened_leaves_the_turns_to_this_process(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    time = ManualTime()
    queue = IdentifyQueue(tmp_path, spacing=5.0, clock=time, sleep=time.sleep)  # a directory
    await queue.wait_turn(0, 1)
    await queue.wait_turn(1, 1)
    assert queue.lock_file is None and time.slept == [5.0]
    assert "identify turns kept in this process only" in caplog.text


# -- two processes against one stand-in -----------------------------------------------


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake
        assert fake.internal_errors == [] and fake.unknown_routes == []


def process(fake: FakeDiscord, tmp_path: Path, shard_id: int) -> ShardedCroupier:
    """One bot process of two: its own shard, its own database, the shared lock file."""
    settings = Settings(token=fake.bot_token, database=str(tmp_path / f"shard{shard_id}.db"),
                        shard_count=2, shard_ids=(shard_id,),
                        identify_lock=str(tmp_path / "identify.lock"))
    bot = make_bot(settings, extensions=EXTENSIONS, identify_spacing=SPACING)
    assert isinstance(bot, ShardedCroupier)
    return bot


def interactions_of(bot: discord.Client) -> list[tuple[int | None, str]]:
    seen: list[tuple[int | None, str]] = []

    async def record(interaction: discord.Interaction[Any]) -> None:
        seen.append((interaction.guild_id, interaction.command.qualified_name
                     if interaction.command else ""))

    bot.add_listener(record, "on_interaction")
    return seen


async def test_two_processes_share_the_identify_queue_and_each_serves_its_shards(
        fake: FakeDiscord, tmp_path: Path) -> None:
    """Started at once, the two processes identify a window apart (none refused), each
    receives only its shard's guild, and a DM command reaches shard 0's process."""
    fake.identify_queue = GatewayIdentifyQueue(max_concurrency=1, interval=WINDOW)
    even, odd = fake.add_guild("even", shard=(0, 2)), fake.add_guild("odd", shard=(1, 2))
    even_chan, odd_chan = fake.add_channel(even, "tables"), fake.add_channel(odd, "tables")
    ann = fake.add_user("ann")
    first, second = process(fake, tmp_path, 0), process(fake, tmp_path, 1)
    await asyncio.gather(fake.run_bot(first), fake.run_bot(second))
    try:
        queue = fake.identify_queue
        assert queue.refused == [] and len(queue.accepted) == 2
        assert abs(queue.accepted[1].at - queue.accepted[0].at) >= WINDOW
        assert [g.id for g in first.guilds] == [even] and [g.id for g in second.guilds] == [odd]
        seen_first, seen_second = interactions_of(first), interactions_of(second)

        made = await fake.slash(ann, odd_chan, "game new", variant="pig")
        assert "New game of **Pig**" in made.text()
        await fake.settle()
        assert second.service.entry_in(odd_chan) is not None
        assert first.service.entry_in(odd_chan) is None
        await fake.slash(ann, even_chan, "game new", variant="pig")
        await fake.slash(ann, fake.dm_channel_id(ann), "game status")
        await fake.settle()
        assert seen_first == [(even, "game new"), (None, "game status")]
        assert seen_second == [(odd, "game new")]
    finally:
        await fake.stop_bot(first)
        await fake.stop_bot(second)


async def burst(fake: FakeDiscord, user: int, pace: RestPace | None, requests: int) -> None:
    """One process: log in, then send `requests` REST requests at once."""
    client = discord.Client(intents=discord.Intents.none())
    if pace is not None:
        pace.install(client.http)
    await client.login(fake.bot_token)
    try:
        await asyncio.gather(*(client.fetch_user(user) for _ in range(requests)))
    finally:
        await client.close()


async def test_two_processes_keeping_to_their_shares_get_no_global_429(fake: FakeDiscord) -> None:
    """Discord's global limit is the token's, whichever process sends. Two processes
    bursting 3x the limit together, each paced to its share (under half: requests delayed on
    their way may arrive together), get 0 global 429s; without the
    pacing the stand-in answers global 429s (discord.py waits them out). The global window
    is scaled down from 1 s to 0.2 s to keep the test short."""
    window, limit = 0.2, 10
    ann = fake.add_user("ann")
    fake.rate_limits = RateLimits(global_per_second=limit, global_window=window)
    share = 4 / window  # 4 of the 10 a window each
    await asyncio.gather(*(burst(fake, ann, RestPace(share, window=window), 12)
                           for _ in range(2)))
    assert fake.rate_limits.global_limited == 0
    assert sum(r.path.startswith("/api/v10/users/") and r.status == 200
               for r in fake.requests) == 2 * 13  # each: 12 and its login

    fake.rate_limits = RateLimits(global_per_second=limit, global_window=window)
    await asyncio.gather(*(burst(fake, ann, None, 12) for _ in range(2)))
    assert fake.rate_limits.global_limited > 0


def test_python_m_bot_refuses_shard_settings_that_cannot_work(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    from bot.__main__ import main

    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("CROUPIER_SHARD_IDS", "1")
    monkeypatch.delenv("CROUPIER_SHARD_COUNT", raising=False)
    assert main([]) == 2
    assert "CROUPIER_SHARD_IDS needs CROUPIER_SHARD_COUNT" in capsys.readouterr().err


async def posts(fake: FakeDiscord, channels: list[int], pace: RestPace, each: int) -> None:
    """One process: log in, then post `each` messages to every one of `channels` at once."""
    client = discord.Client(intents=discord.Intents.none())
    pace.install(client.http)
    await client.login(fake.bot_token)
    try:
        await asyncio.gather(*(
            client.http.request(discord.http.Route("POST", "/channels/{channel_id}/messages",
                                                   channel_id=channel), json={"content": "hi"})
            for channel in channels for _ in range(each)))
    finally:
        await client.close()


async def test_posts_held_by_a_channel_bucket_are_paced_when_they_are_sent(
        fake: FakeDiscord) -> None:
    """A channel takes a few posts per window (Discord's per-route limit); discord.py holds
    the rest until the channel's bucket resets, and then sends them together. Paced when
    they were queued (before discord.py's wait), the held posts of several channels met at
    the reset and the two processes, each within its share, got global 429s
    (bench/bench_processes.py: 12 a minute at 50 commands a second). Paced when sent, none.
    Windows scaled down to keep the test short."""
    window, limit = 0.2, 10
    fake.rate_limits = RateLimits(global_per_second=limit, global_window=window,
                                  per_channel_messages=3, channel_window=0.6)
    guild = fake.add_guild("g")
    channels = [fake.add_channel(guild, f"c{n}") for n in range(6)]
    share = 4 / window  # 4 of the 10 a window each
    await asyncio.gather(posts(fake, channels[:3], RestPace(share, window=window), 6),
                         posts(fake, channels[3:], RestPace(share, window=window), 6))
    assert fake.rate_limits.global_limited == 0
    assert [len(fake.messages(c)) for c in channels] == [6] * 6
