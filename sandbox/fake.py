"""FakeDiscord, the test-facing API: start and stop, run a bot, build the world, read it.

What the users do is inherited from users.py, the state from state.py; the server
(http.py) answers the bot's REST requests by the routes of routes/ and its gateway.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pathlib
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import discord
import discord.asset
import discord.gateway
import discord.http
import yarl

from . import transcript as _transcript
from .errors import SandboxError, SandboxTimeout, for_tests
from .gateway import INTENT_GUILD_MEMBERS, INTENT_GUILDS
from .http import HttpServer
from .routes import ROUTES, websocket
from .shards import shard_of
from .strict import Fault
from .users import Users
from .world import Channel, Message

log = logging.getLogger("sandbox")


class FakeDiscord(Users):
    """A wire-level stand-in for Discord; see the package docstring for usage."""

    def __init__(self, *, bot_name: str = "Croupier") -> None:
        super().__init__(bot_name=bot_name)
        self._bots: dict[int, tuple[discord.Client, asyncio.Task[None]]] = {}
        self._patch_cm: contextlib.AbstractContextManager[FakeDiscord] | None = None
        self._thread_clock = 0.0
        self._http = HttpServer(self, ROUTES, websocket)

    # -- lifecycle ---------------------------------------------------------------------

    async def start(self) -> None:
        if self._http.running:
            return
        self._port = await self._http.start()
        self.world.base_url = self.base_url

    async def stop(self) -> None:
        for bot, _task in list(self._bots.values()):
            with contextlib.suppress(Exception):
                await self.stop_bot(bot)
        for session in list(self._sessions):
            await session.close(1000)
        self._sessions.clear()
        await self._http.stop()

    @contextlib.contextmanager
    def patch(self) -> Iterator[FakeDiscord]:
        """Point discord.py's REST base, gateway URL and CDN at this fake; restore on exit."""
        if not self._http.running:
            raise SandboxError("start() the fake before patch()")
        route_cls = discord.http.Route
        ws_cls = discord.gateway.DiscordWebSocket
        asset_cls = discord.asset.Asset
        saved = (route_cls.BASE, ws_cls.DEFAULT_GATEWAY, asset_cls.BASE)
        route_cls.BASE = f"{self.base_url}/api/v10"
        ws_cls.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        asset_cls.BASE = self.base_url
        try:
            yield self
        finally:
            route_cls.BASE, ws_cls.DEFAULT_GATEWAY, asset_cls.BASE = saved

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        self._patch_cm = self.patch()
        self._patch_cm.__enter__()
        return self

    async def __aexit__(self, *exc: object) -> None:
        try:
            if self._patch_cm is not None:
                self._patch_cm.__exit__(None, None, None)
                self._patch_cm = None
        finally:
            await self.stop()

    # -- bots ----------------------------------------------------------------------------

    async def run_bot(self, bot: discord.Client, *, timeout: float = 10.0, fast_ready: bool = True) -> None:
        """login + connect(reconnect=False) + wait until READY and every GUILD_CREATE is processed.

        ``fast_ready`` lowers discord.py's ``guild_ready_timeout`` (2 s by default, a pure wait
        after the last GUILD_CREATE) to 0.05 s.
        """
        if fast_ready and bot._connection.guild_ready_timeout > 0.05:
            bot._connection.guild_ready_timeout = 0.05
        await bot.login(self.bot_token)
        task = asyncio.create_task(bot.connect(reconnect=False), name="sandbox-bot-connect")
        self._bots[id(bot)] = (bot, task)
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait({task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if task in done:
                exc = task.exception()
                raise SandboxError(f"the bot's gateway connection ended before READY: {exc!r}") from exc
            raise SandboxTimeout(f"the bot was not ready within {timeout} s")
        deadline = time.monotonic() + timeout
        shards = shards_of(bot)
        while True:
            missing = []
            for gid in self.world.guilds:
                if shards is not None and shard_of(gid, shards[1]) not in shards[0]:
                    continue  # another process's shard
                known = bot.get_guild(gid)
                if known is None or known.unavailable:
                    missing.append(gid)
            if not missing:
                return
            if time.monotonic() > deadline:
                raise SandboxTimeout(f"guilds {missing} never became available to the bot")
            await asyncio.sleep(0.005)

    async def stop_bot(self, bot: discord.Client) -> None:
        """Let in-flight handlers finish (see settle), close the bot, wait for its socket to end."""
        await self.settle()
        live_before = len(self.live_sessions())
        await bot.close()
        entry = self._bots.pop(id(bot), None)
        if entry is not None:
            task = entry[1]
            await asyncio.wait({task}, timeout=5.0)
            if not task.done():
                task.cancel()
            elif not task.cancelled() and task.exception() is not None:
                log.info("sandbox: the bot's gateway task ended with %r", task.exception())
        deadline = time.monotonic() + 1.0
        while live_before and len(self.live_sessions()) >= live_before and time.monotonic() < deadline:
            await asyncio.sleep(0.005)

    # -- world building ------------------------------------------------------------------
    # (lookups raise ApiError for REST handlers; the test-facing methods turn it into SandboxError)

    def add_guild(self, name: str = "Test Guild", *, shard: tuple[int, int] | None = None) -> int:
        """A guild the bot is in; `shard=(shard_id, num_shards)` picks an id Discord routes
        to that shard ((guild_id >> 22) % num_shards == shard_id)."""
        guild = self.world.add_guild(name, shard=shard)
        self.dispatch("GUILD_CREATE", self.world.guild_json(guild, full=True), INTENT_GUILDS)
        return guild.id

    @for_tests
    def add_channel(self, guild_id: int, name: str = "general") -> int:
        channel = self.world.add_channel(guild_id, name)
        self.dispatch("CHANNEL_CREATE", self.world.channel_json(channel), INTENT_GUILDS)
        return channel.id

    @for_tests
    def add_user(
        self, name: str, *, dms_open: bool = True, manage_guild: bool = False, guild_id: int | None = None
    ) -> int:
        """A user; member of ``guild_id``, or of every guild (also ones added later) if None."""
        if guild_id is not None:
            self.world.guild(guild_id)
        user = self.world.add_user(
            name, dms_open=dms_open, all_guilds=guild_id is None, manage_guild=manage_guild
        )
        targets = [guild_id] if guild_id is not None else list(self.world.guilds)
        for gid in targets:
            self.world.add_member(gid, user.id, manage_guild=manage_guild)
            member = self.world.member_json(gid, user.id)
            self.dispatch("GUILD_MEMBER_ADD", {**member, "guild_id": str(gid)}, INTENT_GUILD_MEMBERS)
        return user.id

    @for_tests
    def set_manage_guild(self, user_id: int, guild_id: int, allowed: bool) -> None:
        guild = self.world.guild(guild_id)
        member = guild.members[user_id]
        if allowed and guild.manager_role_id not in member.roles:
            member.roles.append(guild.manager_role_id)
        elif not allowed and guild.manager_role_id in member.roles:
            member.roles.remove(guild.manager_role_id)
        data = {**self.world.member_json(guild_id, user_id), "guild_id": str(guild_id)}
        self.dispatch("GUILD_MEMBER_UPDATE", data, INTENT_GUILD_MEMBERS)

    @for_tests
    def set_dms_open(self, user_id: int, open: bool) -> None:
        self.world.user(user_id).dms_open = open

    def inject_fault(self, method: str, path: str, status: int, code: int = 0,
                     message: str = "injected fault", *, times: int = 1,
                     retry_after: float | None = None, accepted: bool = False) -> Fault:
        """Answer the next `times` requests `method` on a path matching the regex `path`
        (after /api/v10, e.g. r"^/channels/123/messages$") with this error. `accepted`: the
        request takes effect first, and only its answer is lost (a post Discord made whose
        response never reached the bot)."""
        fault = Fault(method, re.compile(path), status, code, message, times, retry_after,
                      accepted)
        self.faults.append(fault)
        return fault

    @for_tests
    def set_bot_permissions(self, guild_id: int, permissions: int) -> None:
        """The bot's permissions in a guild are exactly these (Administrator unless set; see
        README_BOT_PERMISSIONS): its role grants them and @everyone adds nothing, as on a
        server whose @everyone may not post in the game's channels."""
        guild = self.world.guild(guild_id)
        guild.roles[guild.bot_role_id].permissions = permissions
        guild.bot_role_only = True

    def pinged(self, user_id: int) -> list[Message]:
        """Every message that notified `user_id` (a mention Discord let through)."""
        return [m for m in self.world.messages.values() if user_id in m.pings.users]

    @for_tests
    def idle(self, seconds: float) -> list[int]:
        """Let `seconds` pass for threads: those idle longer than their auto-archive duration
        are archived (as Discord does), and leave the bot's cache. Returns their ids."""
        self._thread_clock += seconds
        now = time.time() + self._thread_clock
        archived = []
        for channel in list(self.world.channels.values()):
            if not channel.is_thread or channel.archived or channel.deleted:
                continue
            last = channel.created_at  # both in real time; `now` is real time + idled time
            if channel.last_message_id is not None:
                last = max(last, self.world.messages[channel.last_message_id].created_at)
            if now - last >= channel.auto_archive_duration * 60:
                channel.archived = True
                archived.append(channel.id)
                self.dispatch("THREAD_UPDATE", self.world.channel_json(channel), INTENT_GUILDS)
        return archived

    @for_tests
    def delete_channel(self, channel_id: int) -> None:
        """Delete a channel or thread (and its threads); REST calls on it then get 10003."""
        channel = self.world.channel(channel_id)
        self.remove_channel(channel)

    @for_tests
    def dm_channel_id(self, user_id: int) -> int:
        return self.world.dm_channel(user_id).id

    def channel(self, channel_id: int) -> Channel:
        """The raw channel record (threads too; deleted ones included)."""
        channel = self.world.channels.get(channel_id)
        if channel is None:
            raise SandboxError(f"no channel {channel_id}")
        return channel

    def message(self, message_id: int) -> Message:
        msg = self.world.messages.get(message_id)
        if msg is None:
            raise SandboxError(f"no message {message_id}")
        return msg

    def commands(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        """The command schema the bot synced (global, or for one guild)."""
        if guild_id is None:
            return list(self.global_commands)
        return list(self.guild_commands.get(guild_id, []))

    # -- records -----------------------------------------------------------------------

    def messages(self, channel_id: int) -> list[Message]:
        """Every non-ephemeral message posted to the channel/thread/DM, in order (deleted ones flagged)."""
        return self.world.visible_messages(channel_id)

    def dms(self, user_id: int) -> list[Message]:
        cid = self.world.dm_by_user.get(user_id)
        if cid is None:
            return []
        return [m for m in self.world.visible_messages(cid) if m.author_id == self.bot_user_id]

    def threads(self, channel_id: int) -> list[int]:
        return [
            c.id for c in self.world.channels.values()
            if c.is_thread and c.parent_id == channel_id and not c.deleted
        ]

    def thread_members(self, thread_id: int) -> list[int]:
        return list(self.channel(thread_id).thread_members)

    def all_messages(self) -> list[Message]:
        """Every message of the fake, ephemeral ones included, in creation order."""
        return list(self.world.messages.values())

    async def wait_for_message(self, predicate: Callable[[Message], bool], timeout: float = 5.0) -> Message:
        deadline = time.monotonic() + timeout
        while True:
            for msg in list(self.world.messages.values()):
                if predicate(msg):
                    return msg
            if time.monotonic() >= deadline:
                raise SandboxTimeout(f"no message matched within {timeout} s")
            await asyncio.sleep(0.005)

    def transcript(self) -> str:
        return _transcript.transcript(self.world)

    def write_transcript(self, out_dir: pathlib.Path) -> None:
        _transcript.write_transcript(self.world, pathlib.Path(out_dir))


def shards_of(bot: discord.Client) -> tuple[set[int], int] | None:
    """The shard ids a client runs and the shard count it identifies with (None: unsharded)."""
    count = bot.shard_count
    if not count:
        return None
    ids = getattr(bot, "shard_ids", None)
    if ids is None:
        ids = [bot.shard_id] if bot.shard_id is not None else range(count)
    return set(ids), count
