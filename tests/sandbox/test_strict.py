"""The stand-in's sharper edges (issue 12): pings, injected faults, rate limits, permission
errors, idle threads archived. Driven through the real discord.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import discord
import pytest
from discord.ext import commands

from sandbox import README_BOT_PERMISSIONS, FakeDiscord, InvalidRequests, RateLimits
from sandbox.strict import resolve_pings


class Quiet(commands.Bot):
    def __init__(self, **kwargs: object) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), **kwargs)


@dataclass
class World:
    fake: FakeDiscord
    bot: Quiet
    guild: int
    chan: int
    ann: int
    bob: int

    @property
    def channel(self) -> discord.TextChannel:
        channel = self.bot.get_channel(self.chan)
        assert isinstance(channel, discord.TextChannel)
        return channel


@pytest.fixture
async def world() -> AsyncIterator[World]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild()
        chan = fake.add_channel(guild, "general")
        ann, bob = fake.add_user("ann", guild_id=guild), fake.add_user("bob", guild_id=guild)
        bot = Quiet()
        await fake.run_bot(bot)
        yield World(fake, bot, guild, chan, ann, bob)
        await fake.stop_bot(bot)
        assert fake.internal_errors == []


async def test_without_allowed_mentions_every_mention_pings(world: World) -> None:
    await world.channel.send(f"<@{world.ann}> and <@!{world.bob}>, @everyone")
    await world.channel.send(f"<@{world.ann}> only", allowed_mentions=discord.AllowedMentions(
        everyone=False, users=[discord.Object(world.ann)], roles=False))
    await world.channel.send(f"<@{world.bob}> nobody",
                             allowed_mentions=discord.AllowedMentions.none())
    first, second, third = world.fake.messages(world.chan)
    assert first.pings.users == {world.ann, world.bob} and first.pings.everyone
    assert second.pings.users == {world.ann} and not second.pings.everyone
    assert not third.pings.users
    assert world.fake.pinged(world.bob) == [first]


def test_pings_follow_the_parse_list() -> None:
    allowed = {"parse": ["users"], "roles": ["7"]}
    pings = resolve_pings("<@1> <@&7> <@&8> @here", allowed)
    assert pings.users == {1} and pings.roles == {7} and not pings.everyone


async def test_an_injected_fault_is_answered_once(world: World) -> None:
    world.fake.inject_fault("POST", rf"^/channels/{world.chan}/messages$", 503, 0, "down")
    with pytest.raises(discord.DiscordServerError) as failed:
        await world.channel.send("lost")
    assert failed.value.status == 503
    await world.channel.send("kept")
    assert [m.content for m in world.fake.messages(world.chan)] == ["kept"]


async def test_an_injected_429_is_waited_out_by_discord_py(world: World) -> None:
    fault = world.fake.inject_fault("POST", rf"^/channels/{world.chan}/messages$", 429,
                                    retry_after=0.05)
    await world.channel.send("after the wait")
    assert fault.times == 0
    assert [m.content for m in world.fake.messages(world.chan)] == ["after the wait"]


async def test_the_per_channel_pace_holds_and_everything_arrives_in_order(
        world: World) -> None:
    world.fake.rate_limits = RateLimits(per_channel_messages=2, channel_window=0.2)
    for n in range(6):
        await world.channel.send(f"m{n}")
    assert [m.content for m in world.fake.messages(world.chan)] == [f"m{n}" for n in range(6)]
    posted = sorted(m.created_at for m in world.fake.messages(world.chan))
    # Two posts a window: six took at least three windows (discord.py paced itself by the
    # bucket's headers, or waited out a 429). A lower bound only: a slow machine passes.
    assert posted[-1] - posted[0] >= 0.39


def test_rate_limit_buckets() -> None:
    limits = RateLimits(per_channel_messages=2, channel_window=5.0, global_per_second=3)
    assert limits.check("POST", "/channels/1/messages", 0.0)[0] == 0
    assert limits.check("POST", "/channels/1/messages", 0.1)[0] == 0
    wait, is_global, headers = limits.check("POST", "/channels/1/messages", 0.2)
    assert wait == pytest.approx(4.8) and not is_global
    assert headers["X-RateLimit-Remaining"] == "0" and "messages-1" in headers["X-RateLimit-Bucket"]
    assert limits.check("POST", "/channels/2/messages", 0.3)[0] == 0  # another channel
    wait, is_global, _ = limits.check("GET", "/users/@me", 0.4)  # 3 in this second already
    assert wait > 0 and is_global
    assert limits.check("POST", "/channels/1/messages", 5.1)[0] == 0  # a new window


def test_a_global_429_keeps_the_requests_its_window_counted() -> None:
    """Issue 27 (0 global 429s through chaos): a global 429 says what filled its window, so
    that a bench can tell which process sent what and when each paced it; a request refused
    by its route's bucket is not counted in the window, as before."""
    limits = RateLimits(per_channel_messages=1, global_per_second=3)
    assert limits.check("GET", "/users/@me", 0.0, sender=1, paced_at=100.0)[0] == 0
    assert limits.check("POST", "/channels/1/messages", 0.1, sender=2)[0] == 0
    assert limits.check("POST", "/channels/1/messages", 0.15, sender=2)[0] > 0  # its bucket
    assert limits.check("GET", "/users/4", 0.2, sender=1)[0] == 0
    wait, is_global, _ = limits.check("GET", "/users/5", 0.25, sender=3, paced_at=99.5)
    assert wait > 0 and is_global
    (hit,) = limits.global_hits
    assert (hit.at, hit.path, hit.sender, hit.paced_at) == (0.25, "/users/5", 3, 99.5)
    assert [(c.at, c.path, c.sender, c.paced_at) for c in hit.window] == [
        (0.0, "/users/@me", 1, 100.0), (0.1, "/channels/1/messages", 2, None),
        (0.2, "/users/4", 1, None)]
    assert limits.check("GET", "/users/5", 1.05)[0] == 0  # the first left the window
    assert [c.at for c in limits.counted] == [0.1, 0.2, 1.05]


def test_per_route_buckets_are_per_top_level_resource() -> None:
    """Discord keys per-route limits by the route and its top-level resource (a channel or
    a guild): one guild's bucket full, another guild's and another route's are free."""
    limits = RateLimits(per_route=2, route_window=1.0)
    for t in (0.0, 0.1):
        assert limits.check("GET", "/guilds/7/members/1", t)[0] == 0
    wait, is_global, headers = limits.check("GET", "/guilds/7/members/2", 0.2)  # other member
    assert wait == pytest.approx(0.8) and not is_global
    assert headers["X-RateLimit-Bucket"] == "GET/members/:id-guild-7"
    assert limits.check("GET", "/guilds/8/members/1", 0.3)[0] == 0  # another guild
    assert limits.check("GET", "/guilds/7/roles", 0.4)[0] == 0  # another route
    assert limits.check("GET", "/guilds/7/members/1", 1.0)[0] == 0  # the next window


async def test_a_bot_role_without_a_permission_gets_discords_errors(world: World) -> None:
    world.fake.set_bot_permissions(world.guild, 1 << 10)  # View Channels only
    with pytest.raises(discord.Forbidden) as refused:
        await world.channel.send("hello")
    assert refused.value.code == 50013
    world.fake.set_bot_permissions(world.guild, 0)
    with pytest.raises(discord.Forbidden) as hidden:
        await world.channel.send("hello")
    assert hidden.value.code == 50001
    world.fake.set_bot_permissions(world.guild, README_BOT_PERMISSIONS)
    message = await world.channel.send("hello")
    await message.pin()
    thread = await world.channel.create_thread(name="t", type=discord.ChannelType.private_thread)
    await thread.send("inside")


async def test_an_idle_thread_is_archived_and_a_message_reopens_it(world: World) -> None:
    thread = await world.channel.create_thread(name="t", type=discord.ChannelType.private_thread,
                                               auto_archive_duration=60)
    await thread.send("first")
    assert world.fake.idle(30 * 60) == []
    assert world.fake.idle(31 * 60) == [thread.id]
    assert world.fake.channel(thread.id).archived
    fetched = await world.bot.fetch_channel(thread.id)
    assert isinstance(fetched, discord.Thread) and fetched.archived
    reopened = await fetched.edit(archived=False)
    assert not reopened.archived and not world.fake.channel(thread.id).archived


def test_the_invalid_request_limit_bans_for_a_while() -> None:
    """Discord: 10,000 answers of 401, 403 or 429 in 10 minutes restrict the address for a
    while; 429s of a shared bucket are not counted (here 3 in 10 s, banned for 60 s)."""
    limits = InvalidRequests(limit=3, window=10.0, ban=60.0)
    limits.record(401, None, 0.0)
    limits.record(404, None, 1.0)  # not an invalid request
    limits.record(429, "shared", 2.0)  # a shared bucket's 429: not counted
    limits.record(403, None, 3.0)
    assert limits.count == 2 and not limits.banned(3.0)
    limits.record(429, "user", 11.0)  # the 401 at 0 left the window
    assert limits.count == 2 and not limits.banned(11.0)
    limits.record(403, None, 12.0)
    assert limits.bans == 1 and limits.banned(12.0) and limits.banned(71.9)
    assert not limits.banned(72.0) and limits.refused == 2


async def test_a_bot_over_the_invalid_request_limit_is_refused_everything(world: World) -> None:
    """Five 403s (the limit scaled down from 10,000): every request after them gets
    Cloudflare's 429, which discord.py raises at once; after the ban, requests go through."""
    now = [0.0]
    world.fake.clock = lambda: now[0]
    world.fake.invalid_requests = InvalidRequests(limit=5, window=600.0, ban=3600.0)
    world.fake.set_bot_permissions(world.guild, 0)
    for _ in range(5):
        with pytest.raises(discord.Forbidden):
            await world.channel.send("hidden")
    world.fake.set_bot_permissions(world.guild, README_BOT_PERMISSIONS)
    with pytest.raises(discord.HTTPException) as banned:
        await world.channel.send("refused")
    assert banned.value.status == 429 and "1015" in banned.value.text
    with pytest.raises(discord.HTTPException):
        await world.bot.fetch_channel(world.chan)  # every route, not just the one
    assert world.fake.invalid_requests.refused == 2
    now[0] += 3600
    await world.channel.send("after the ban")
    assert [m.content for m in world.fake.messages(world.chan)] == ["after the ban"]
