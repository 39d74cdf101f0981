"""The fake Discord: REST v10 + gateway websocket on 127.0.0.1, and the test-facing API."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import functools
import json
import logging
import pathlib
import re
import secrets
import socket
import struct
import time
import zlib
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

import discord
import discord.asset
import discord.gateway
import discord.http
import yarl
from aiohttp import BodyPartReader, WSMsgType, web

from . import transcript as _transcript
from .errors import (
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    ApiError,
    SandboxError,
    SandboxTimeout,
    form_error,
    not_found,
)
from .gateway import (
    HEARTBEAT_INTERVAL_MS,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    GatewaySession,
)
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Interaction,
    OptionBuilder,
    check_select_values,
    command_data,
    describe_options,
    find_command,
    find_component,
    modal_submission,
)
from .strict import Fault, RateLimits, resolve_pings
from .validation import check_commands, check_message
from .world import (
    DM,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    P_ATTACH_FILES,
    P_CREATE_PRIVATE_THREADS,
    P_CREATE_PUBLIC_THREADS,
    P_MANAGE_MESSAGES,
    P_PIN_MESSAGES,
    P_SEND_MESSAGES,
    P_SEND_MESSAGES_IN_THREADS,
    P_VIEW_CHANNEL,
    PRIVATE_THREAD,
    THREAD_TYPES,
    Attachment,
    Channel,
    Message,
    TimelineEntry,
    World,
    guess_content_type,
    iso,
)

log = logging.getLogger("sandbox")

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
SETTABLE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2
NO_CONTENT = object()

Handler = Callable[[web.Request, dict[str, str]], Awaitable[Any]]
P = ParamSpec("P")
T = TypeVar("T")


def _for_tests(func: Callable[P, T]) -> Callable[P, T]:
    """Test-facing helpers raise SandboxError, not the REST ApiError of a failed lookup."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return func(*args, **kwargs)
        except ApiError as err:
            raise SandboxError(f"{func.__name__}: {err.message}") from err

    return wrapper


def _for_tests_async(func: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    @functools.wraps(func)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return await func(*args, **kwargs)
        except ApiError as err:
            raise SandboxError(f"{func.__name__}: {err.message}") from err

    return wrapper


@dataclass
class Upload:
    index: int
    filename: str
    data: bytes


@dataclass
class RequestRecord:
    method: str
    path: str
    status: int
    error: str = ""


def _json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py only parses JSON for that exact header value.
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def _tiny_png(size: int = 16, rgb: tuple[int, int, int] = (88, 101, 242)) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\x00" + bytes(rgb) * size
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(row * size)) + chunk(b"IEND", b"")
    )


def _int(value: str) -> int:
    return int(value)


async def _read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """JSON body, or multipart ``payload_json`` + ``files[n]``."""
    if request.content_type.startswith("multipart/"):
        payload: Any = {}
        uploads: list[Upload] = []
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            if name == "payload_json":
                payload = json.loads(await part.text())
            elif name.startswith("files[") and name.endswith("]"):
                data = bytes(await part.read())
                uploads.append(Upload(int(name[6:-1]), part.filename or f"file{len(uploads)}", data))
            elif part.filename:
                data = bytes(await part.read())
                uploads.append(Upload(len(uploads), part.filename, data))
            elif isinstance(payload, dict):
                payload[name] = await part.text()
        return payload, uploads
    raw = await request.read()
    if not raw:
        return {}, []
    try:
        return json.loads(raw), []
    except ValueError:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from None


# Names discord.py gives the tasks that run app commands, view items and modals.
_HANDLER_TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-modal-dispatch-",
    "discord-ui-dynamic-item-",
)


def _bot_handlers_running() -> bool:
    current = asyncio.current_task()
    return any(
        task is not current and not task.done() and task.get_name().startswith(_HANDLER_TASK_PREFIXES)
        for task in asyncio.all_tasks()
    )


class FakeDiscord:
    """A wire-level stand-in for Discord; see the package docstring for usage."""

    #: Discord's rule: the initial interaction response must arrive within 3 s.
    interaction_timeout: float = 3.0
    #: How long an interaction took to reach the bot (gateway lag): it eats into the 3 s, so
    #: with a latency of 3.0 every initial answer arrives too late and gets 10062.
    interaction_latency: float = 0.0

    def __init__(self, *, bot_name: str = "Croupier") -> None:
        self.world = World(bot_user_id=0, bot_name=bot_name)
        self.bot_user_id: int = self.world.ids.next()
        # re-key the bot user now that its id is known
        bot = self.world.users.pop(0)
        bot.id = self.bot_user_id
        self.world.users[self.bot_user_id] = bot
        self.world.bot_user_id = self.bot_user_id
        self.application_id: int = self.bot_user_id
        self.bot_token: str = f"sandbox.{secrets.token_urlsafe(24)}"
        self.bot_name = bot_name
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.interactions: list[Interaction] = []
        self.requests: list[RequestRecord] = []
        self.unknown_routes: list[str] = []
        self.internal_errors: list[str] = []
        #: Error answers queued by `inject_fault`, and Discord's rate limits once a test sets
        #: `rate_limits = RateLimits()` (off by default: pacing slows every test).
        self.faults: list[Fault] = []
        self.rate_limits: RateLimits | None = None
        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        self._interactions_by_id: dict[int, Interaction] = {}
        self._interactions_by_token: dict[str, Interaction] = {}
        self._sessions: list[GatewaySession] = []
        self._bots: dict[int, tuple[discord.Client, asyncio.Task[None]]] = {}
        self._patch_cm: contextlib.AbstractContextManager[FakeDiscord] | None = None
        self._runner: web.AppRunner | None = None
        self._in_flight = 0
        self._thread_clock = 0.0
        self._last_request_end = 0.0
        self._port = 0
        self._avatar = _tiny_png()
        self._routes: list[tuple[str, re.Pattern[str], Handler, bool]] = []
        self._build_routes()

    # -- lifecycle ---------------------------------------------------------------------

    @property
    def port(self) -> int:
        return self._port

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self._port}/"

    async def start(self) -> None:
        if self._runner is not None:
            return
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        site = web.SockSite(runner, sock)
        await site.start()
        self._port = int(sock.getsockname()[1])
        self._runner = runner
        self.world.base_url = self.base_url

    async def stop(self) -> None:
        for bot, _task in list(self._bots.values()):
            with contextlib.suppress(Exception):
                await self.stop_bot(bot)
        for session in list(self._sessions):
            await session.close(1000)
        self._sessions.clear()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @contextlib.contextmanager
    def patch(self) -> Iterator[FakeDiscord]:
        """Point discord.py's REST base, gateway URL and CDN at this fake; restore on exit."""
        if self._runner is None:
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
        while True:
            missing = []
            for gid in self.world.guilds:
                known = bot.get_guild(gid)
                if known is None or known.unavailable:
                    missing.append(gid)
            if not missing:
                return
            if time.monotonic() > deadline:
                raise SandboxTimeout(f"guilds {missing} never became available to the bot")
            await asyncio.sleep(0.005)

    async def settle(self, quiet: float = 0.02, timeout: float = 2.0, *, handlers: bool = True) -> None:
        """Wait (at most ``timeout``) until the bot is idle: no REST request in flight for ``quiet``
        seconds and, with ``handlers``, no discord.py command/view/modal handler task running."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            idle = self._in_flight == 0 and time.monotonic() - self._last_request_end >= quiet
            if idle and not (handlers and _bot_handlers_running()):
                return
            await asyncio.sleep(0.005)

    async def stop_bot(self, bot: discord.Client) -> None:
        """Let in-flight handlers finish (see settle), close the bot, wait for its socket to end."""
        await self.settle()
        live_before = len(self._live_sessions())
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
        while live_before and len(self._live_sessions()) >= live_before and time.monotonic() < deadline:
            await asyncio.sleep(0.005)

    # -- world building ------------------------------------------------------------------
    # (lookups raise ApiError for REST handlers; the test-facing methods turn it into SandboxError)

    def add_guild(self, name: str = "Test Guild") -> int:
        guild = self.world.add_guild(name)
        self._dispatch("GUILD_CREATE", self.world.guild_json(guild, full=True), INTENT_GUILDS)
        return guild.id

    @_for_tests
    def add_channel(self, guild_id: int, name: str = "general") -> int:
        channel = self.world.add_channel(guild_id, name)
        self._dispatch("CHANNEL_CREATE", self.world.channel_json(channel), INTENT_GUILDS)
        return channel.id

    @_for_tests
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
            self._dispatch("GUILD_MEMBER_ADD", {**member, "guild_id": str(gid)}, INTENT_GUILD_MEMBERS)
        return user.id

    @_for_tests
    def set_manage_guild(self, user_id: int, guild_id: int, allowed: bool) -> None:
        guild = self.world.guild(guild_id)
        member = guild.members[user_id]
        if allowed and guild.manager_role_id not in member.roles:
            member.roles.append(guild.manager_role_id)
        elif not allowed and guild.manager_role_id in member.roles:
            member.roles.remove(guild.manager_role_id)
        data = {**self.world.member_json(guild_id, user_id), "guild_id": str(guild_id)}
        self._dispatch("GUILD_MEMBER_UPDATE", data, INTENT_GUILD_MEMBERS)

    @_for_tests
    def set_dms_open(self, user_id: int, open: bool) -> None:
        self.world.user(user_id).dms_open = open

    def inject_fault(self, method: str, path: str, status: int, code: int = 0,
                     message: str = "injected fault", *, times: int = 1,
                     retry_after: float | None = None) -> Fault:
        """Answer the next `times` requests `method` on a path matching the regex `path`
        (after /api/v10, e.g. r"^/channels/123/messages$") with this error."""
        fault = Fault(method, re.compile(path), status, code, message, times, retry_after)
        self.faults.append(fault)
        return fault

    @_for_tests
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

    @_for_tests
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
                self._dispatch("THREAD_UPDATE", self.world.channel_json(channel), INTENT_GUILDS)
        return archived

    @_for_tests
    def delete_channel(self, channel_id: int) -> None:
        """Delete a channel or thread (and its threads); REST calls on it then get 10003."""
        channel = self.world.channel(channel_id)
        self._delete_channel(channel)

    @_for_tests
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

    def pinned(self, channel_id: int) -> list[Message]:
        pins = [m for m in self.world.visible_messages(channel_id) if m.pinned and not m.deleted]
        return sorted(pins, key=lambda m: m.pinned_at or 0.0, reverse=True)

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

    # -- user actions --------------------------------------------------------------------

    @_for_tests_async
    async def slash(self, user_id: int, channel_id: int, command: str, **options: Any) -> Interaction:
        """The user runs a slash command ("cmd", "group sub" or "group subgroup sub")."""
        channel = self._visible_channel(user_id, channel_id)
        path = command.split()
        if not path:
            raise SandboxError("empty command")
        cmd = self._command_for(user_id, channel, path[0], 1)
        builder = OptionBuilder(self.world, channel.guild_id, self._attachment_maker(channel), f"/{command}")
        data = command_data(builder, cmd, path, options)
        text = f"{self.world.name_of(user_id)} used /{command}"
        if options:
            text += " " + describe_options(self.world, options)
        return await self._send_interaction(
            APPLICATION_COMMAND, user_id, channel, data, command=command, event=text
        )

    @_for_tests_async
    async def autocomplete(
        self, user_id: int, channel_id: int, command: str, focused: str, **options: Any
    ) -> list[dict[str, Any]]:
        """The user types in option ``focused``; returns the choices the bot offered."""
        channel = self._visible_channel(user_id, channel_id)
        path = command.split()
        cmd = self._command_for(user_id, channel, path[0], 1)
        builder = OptionBuilder(self.world, channel.guild_id, self._attachment_maker(channel), f"/{command}")
        data = command_data(builder, cmd, path, options, focused=focused)
        inter = await self._send_interaction(AUTOCOMPLETE, user_id, channel, data, command=command, event="")
        return list(inter.choices or [])

    @_for_tests_async
    async def user_command(self, user_id: int, channel_id: int, name: str, target_user_id: int) -> Interaction:
        """The user runs a user context-menu command on ``target_user_id``."""
        channel = self._visible_channel(user_id, channel_id)
        cmd = self._command_for(user_id, channel, name, 2)
        builder = OptionBuilder(self.world, channel.guild_id, self._attachment_maker(channel), name)
        builder.value({"name": "target", "type": 6}, target_user_id)
        data: dict[str, Any] = {
            "id": str(cmd["id"]), "name": name, "type": 2, "target_id": str(target_user_id),
            "resolved": builder.resolved,
        }
        if cmd.get("guild_id"):
            data["guild_id"] = str(cmd["guild_id"])
        event = f"{self.world.name_of(user_id)} used app '{name}' on {self.world.name_of(target_user_id)}"
        return await self._send_interaction(APPLICATION_COMMAND, user_id, channel, data, command=name, event=event)

    @_for_tests_async
    async def message_command(self, user_id: int, channel_id: int, name: str, target_message_id: int) -> Interaction:
        """The user runs a message context-menu command on a message of ``channel_id``."""
        channel = self._visible_channel(user_id, channel_id)
        cmd = self._command_for(user_id, channel, name, 3)
        target = self.world.messages.get(target_message_id)
        if target is None or target.channel_id != channel.id or target.deleted:
            raise SandboxError(f"message {target_message_id} is not in channel {channel_id}")
        data: dict[str, Any] = {
            "id": str(cmd["id"]), "name": name, "type": 3, "target_id": str(target.id),
            "resolved": {"messages": {str(target.id): self.world.message_json(target)}},
        }
        if cmd.get("guild_id"):
            data["guild_id"] = str(cmd["guild_id"])
        event = f"{self.world.name_of(user_id)} used app '{name}' on message {target.id}"
        return await self._send_interaction(APPLICATION_COMMAND, user_id, channel, data, command=name, event=event)

    @_for_tests_async
    async def click(self, user_id: int, message_id: int, custom_id: str) -> Interaction:
        """The user clicks the button ``custom_id`` on a message (guild channel, thread, DM, ephemeral)."""
        msg, channel = self._clickable(user_id, message_id)
        comp = find_component(msg, custom_id, (2,))
        if comp.get("disabled"):
            raise SandboxError(f"button {custom_id!r} on message {message_id} is disabled")
        data = {"custom_id": custom_id, "component_type": 2}
        event = f"{self.world.name_of(user_id)} clicked [{comp.get('label') or custom_id}]"
        return await self._send_interaction(
            MESSAGE_COMPONENT, user_id, channel, data, message=msg, custom_id=custom_id, event=event
        )

    @_for_tests_async
    async def select(self, user_id: int, message_id: int, custom_id: str, values: list[str]) -> Interaction:
        """The user picks ``values`` in a select menu (string, user, role, mentionable, channel)."""
        msg, channel = self._clickable(user_id, message_id)
        comp = find_component(msg, custom_id, (3, 5, 6, 7, 8))
        if comp.get("disabled"):
            raise SandboxError(f"select {custom_id!r} on message {message_id} is disabled")
        values = [str(v) for v in values]
        check_select_values(comp, values, self.world)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"], "values": values}
        if comp["type"] != 3:
            builder = OptionBuilder(self.world, channel.guild_id, self._attachment_maker(channel), custom_id)
            kind = {5: 6, 6: 8, 7: 9, 8: 7}[int(comp["type"])]
            for value in values:
                builder.value({"name": custom_id, "type": kind}, int(value))
            data["resolved"] = builder.resolved
        event = f"{self.world.name_of(user_id)} selected {values} in {custom_id}"
        return await self._send_interaction(
            MESSAGE_COMPONENT, user_id, channel, data, message=msg, custom_id=custom_id, event=event
        )

    @_for_tests_async
    async def submit_modal(
        self, user_id: int, interaction: Interaction, custom_id: str | None, values: dict[str, Any]
    ) -> Interaction:
        """The user submits the modal the bot opened in answer to ``interaction``.

        ``custom_id`` None means "whatever modal is open"; ``values`` maps input custom_ids to
        text (or to a list of values for selects inside the modal).
        """
        modal = interaction.modal
        if interaction.response_type != 9 or modal is None:
            raise SandboxError(f"the bot did not answer {interaction.describe()} with a modal")
        if user_id != interaction.user_id:
            raise SandboxError("only the user who opened the modal can submit it")
        if custom_id is None:
            custom_id = str(modal.get("custom_id"))
        if modal.get("custom_id") != custom_id:
            raise SandboxError(f"the open modal is {modal.get('custom_id')!r}, not {custom_id!r}")
        channel = self.world.channel(interaction.channel_id)
        components, described, resolved = modal_submission(
            modal, values, self.world, self._attachment_maker(channel)
        )
        data: dict[str, Any] = {"custom_id": custom_id, "components": components}
        if resolved:
            data["resolved"] = resolved
        source = self.world.messages.get(interaction.message_id or 0)
        event = f"{self.world.name_of(user_id)} submitted '{modal.get('title')}': {', '.join(described)}"
        return await self._send_interaction(
            MODAL_SUBMIT, user_id, channel, data, message=source, custom_id=custom_id, event=event
        )

    @_for_tests
    def user_message(self, user_id: int, channel_id: int, content: str) -> Message:
        """The user posts a plain message (dispatched as MESSAGE_CREATE)."""
        channel = self._visible_channel(user_id, channel_id)
        return self._create_message(channel, user_id, {"content": content}, [])

    # -- internals: interactions ---------------------------------------------------------

    def _visible_channel(self, user_id: int, channel_id: int) -> Channel:
        if user_id not in self.world.users:
            raise SandboxError(f"unknown user {user_id}")
        channel = self.world.channels.get(channel_id)
        if channel is None:
            raise SandboxError(f"unknown channel {channel_id}")
        if channel.deleted:
            raise SandboxError(f"channel {channel_id} was deleted")
        if not self.world.can_view(channel, user_id):
            raise SandboxError(f"{self.world.name_of(user_id)} cannot see channel {channel.name!r}")
        return channel

    def _clickable(self, user_id: int, message_id: int) -> tuple[Message, Channel]:
        msg = self.world.messages.get(message_id)
        if msg is None or msg.deleted:
            raise SandboxError(f"no message {message_id} (or it was deleted)")
        channel = self._visible_channel(user_id, msg.channel_id)
        if msg.ephemeral_to is not None and msg.ephemeral_to != user_id:
            raise SandboxError(f"message {message_id} is ephemeral to someone else")
        if msg.loading:
            raise SandboxError(f"message {message_id} is still a 'thinking...' placeholder")
        return msg, channel

    def _command_for(self, user_id: int, channel: Channel, name: str, ctype: int) -> dict[str, Any]:
        cmd: dict[str, Any] | None = None
        if channel.guild_id is not None:
            cmd = find_command(self.guild_commands.get(channel.guild_id, []), name, ctype)
        if cmd is None:
            cmd = find_command(self.global_commands, name, ctype)
        if cmd is None:
            synced = [c.get("name") for c in self.global_commands]
            if channel.guild_id is not None:
                synced += [c.get("name") for c in self.guild_commands.get(channel.guild_id, [])]
            raise SandboxError(f"no synced command {name!r} here (synced: {synced})")
        contexts = cmd.get("contexts")
        if channel.guild_id is None:
            if cmd.get("guild_id") or cmd.get("dm_permission") is False or (contexts is not None and 1 not in contexts):
                raise SandboxError(f"/{name} is not available in DMs")
        else:
            if contexts is not None and 0 not in contexts:
                raise SandboxError(f"/{name} is not available in guilds")
            needed = cmd.get("default_member_permissions")
            if needed is not None:
                have = self.world.guild_permissions(channel.guild_id, user_id)
                if int(needed) & have != int(needed):
                    raise SandboxError(
                        f"{self.world.name_of(user_id)} cannot see /{name}: it needs permissions {needed}"
                    )
        return cmd

    def _attachment_maker(self, channel: Channel) -> Callable[[str, bytes], Attachment]:
        def make(filename: str, data: bytes) -> Attachment:
            att = Attachment(
                self.world.ids.next(), filename, data, guess_content_type(filename, data), channel_id=channel.id
            )
            self.world.attachments[att.id] = att
            return att

        return make

    def _live_sessions(self) -> list[GatewaySession]:
        return [s for s in self._sessions if s.live]

    def _interaction_payload(
        self, inter: Interaction, channel: Channel, data: dict[str, Any], message: Message | None
    ) -> dict[str, Any]:
        world = self.world
        payload: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(self.application_id),
            "type": inter.type,
            "data": data,
            "channel_id": str(channel.id),
            "channel": world.channel_json(channel, for_user=inter.user_id),
            "token": inter.token,
            "version": 1,
            "locale": "en-US",
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if channel.guild_id is not None:
            perms = world.channel_permissions(channel, inter.user_id)
            payload.update(
                {
                    "guild_id": str(channel.guild_id),
                    "guild": {"id": str(channel.guild_id), "locale": "en-US", "features": []},
                    "guild_locale": "en-US",
                    "member": world.member_json(channel.guild_id, inter.user_id, permissions=perms),
                    "app_permissions": str(world.channel_permissions(channel, self.bot_user_id)),
                    "authorizing_integration_owners": {"0": str(channel.guild_id)},
                    "context": 0,
                }
            )
        else:
            payload.update(
                {
                    "user": world.user_json(inter.user_id),
                    "app_permissions": str(world.channel_permissions(channel, self.bot_user_id)),
                    "authorizing_integration_owners": {"0": "0"},
                    "context": 1,
                }
            )
        if message is not None:
            payload["message"] = world.message_json(message)
        return payload

    async def _send_interaction(
        self,
        itype: int,
        user_id: int,
        channel: Channel,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        command: str | None = None,
        custom_id: str | None = None,
        event: str,
    ) -> Interaction:
        # Let the bot finish processing earlier REST answers first: discord.py registers a
        # non-persistent view only once the response carrying the message id has been read.
        await self.settle(quiet=0.01, timeout=0.25, handlers=False)
        sessions = self._live_sessions()
        if not sessions:
            raise SandboxError("no bot is connected to the fake gateway (use run_bot)")
        inter = Interaction(
            id=self.world.ids.next(),
            token=secrets.token_urlsafe(32),
            type=itype,
            user_id=user_id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            command=command,
            custom_id=custom_id,
            message_id=message.id if message is not None else None,
        )
        inter.payload = self._interaction_payload(inter, channel, data, message)
        self.interactions.append(inter)
        self._interactions_by_id[inter.id] = inter
        self._interactions_by_token[inter.token] = inter
        if event:
            channel.timeline.append(TimelineEntry(time.time(), event=event))
        sessions[-1].dispatch("INTERACTION_CREATE", inter.payload)
        try:
            await asyncio.wait_for(inter._responded.wait(), self._answer_window())
        except TimeoutError:
            inter.late = True
            raise SandboxTimeout(
                f"the bot did not answer {inter.describe()} within {self.interaction_timeout} s "
                "(Discord shows 'The application did not respond'; a late callback gets 10062)",
                inter,
            ) from None
        return inter

    def _answer_window(self) -> float:
        return max(0.0, self.interaction_timeout - self.interaction_latency)

    # -- internals: messages -------------------------------------------------------------

    def _dispatch(self, event: str, data: Any, intent: int | None = None) -> None:
        for session in self._live_sessions():
            if intent is None or session.intents & intent:
                session.dispatch(event, data)

    def _message_intent(self, channel: Channel) -> int:
        return INTENT_DIRECT_MESSAGES if channel.type == DM else INTENT_GUILD_MESSAGES

    def _dispatch_message(self, event: str, msg: Message, channel: Channel) -> None:
        """MESSAGE_CREATE/UPDATE; without the message content intent, other users' guild
        messages arrive with empty content, embeds, attachments and components (as on Discord)."""
        data = self.world.message_json(msg)
        mentioned = f"<@{self.bot_user_id}>" in msg.content or f"<@!{self.bot_user_id}>" in msg.content
        private = msg.author_id == self.bot_user_id or channel.type == DM or mentioned
        blanked = {**data, "content": "", "embeds": [], "attachments": [], "components": []}
        for session in self._live_sessions():
            if session.intents & self._message_intent(channel):
                full = private or bool(session.intents & INTENT_MESSAGE_CONTENT)
                session.dispatch(event, data if full else blanked)

    def _build_attachments(
        self, payload: dict[str, Any], uploads: list[Upload], channel: Channel, existing: list[Attachment]
    ) -> list[Attachment]:
        meta = payload.get("attachments")
        described: dict[int, dict[str, Any]] = {}
        kept: list[Attachment]
        if isinstance(meta, list):
            by_id = {a.id: a for a in existing}
            kept = []
            for item in meta:
                try:
                    ident = int(item.get("id"))
                except (TypeError, ValueError):
                    continue
                if ident in by_id:
                    kept.append(by_id[ident])
                else:
                    described[ident] = item
        else:
            kept = list(existing)
        new: list[Attachment] = []
        for up in uploads:
            if len(up.data) > ATTACHMENT_SIZE_LIMIT:
                raise ApiError(413, 40005, "Request entity too large")
            item = described.get(up.index, {})
            filename = str(item.get("filename") or up.filename)
            att = Attachment(
                self.world.ids.next(), filename, up.data, guess_content_type(filename, up.data),
                description=item.get("description"), channel_id=channel.id,
            )
            self.world.attachments[att.id] = att
            new.append(att)
        if len(kept) + len(new) > 10:
            raise form_error([("attachments", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")])
        return kept + new

    def _create_message(
        self,
        channel: Channel,
        author_id: int,
        payload: dict[str, Any],
        uploads: list[Upload],
        *,
        ephemeral_to: int | None = None,
        inter: Interaction | None = None,
        msg_type: int = 0,
        loading: bool = False,
        validate: bool = True,
    ) -> Message:
        if not isinstance(payload, dict):
            raise form_error([("_", "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")])
        if validate:
            check_message(payload, len(uploads), creating=True)
        flags = int(payload.get("flags") or 0) & SETTABLE_FLAGS
        if ephemeral_to is not None:
            flags |= FLAG_EPHEMERAL
        if loading:
            flags |= FLAG_LOADING
        msg = Message(
            id=self.world.ids.next(),
            channel_id=channel.id,
            author_id=author_id,
            content=str(payload.get("content") or ""),
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            flags=flags,
            type=msg_type,
            ephemeral_to=ephemeral_to,
            tts=bool(payload.get("tts")),
        )
        msg.set_attachments(self._build_attachments(payload, uploads, channel, []))
        if ephemeral_to is None:
            msg.pings = resolve_pings(msg.content, payload.get("allowed_mentions"))
        if inter is not None:
            msg.interaction_id = inter.id
            msg.webhook_id = self.application_id
            msg.interaction_meta = {
                "id": str(inter.id),
                "type": inter.type,
                "user": self.world.user_json(inter.user_id),
                "authorizing_integration_owners": inter.payload.get("authorizing_integration_owners", {}),
            }
            if inter.command and inter.type == APPLICATION_COMMAND:
                msg.interaction_meta["name"] = inter.command
        self.world.messages[msg.id] = msg
        channel.timeline.append(TimelineEntry(msg.created_at, message=msg))
        if ephemeral_to is None:
            channel.last_message_id = msg.id
            channel.message_count += 1
            if channel.is_thread and channel.archived and not channel.locked:
                channel.archived = False
            self._dispatch_message("MESSAGE_CREATE", msg, channel)
        return msg

    def _edit_message(self, msg: Message, payload: Any, uploads: list[Upload], *, strip_flags: bool = False) -> Message:
        if not isinstance(payload, dict):
            raise form_error([("_", "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")])
        channel = self.world.channels[msg.channel_id]
        check_message(payload, len(uploads), creating=False)
        content = str(payload["content"] or "") if "content" in payload else msg.content
        embeds = list(payload["embeds"] or []) if "embeds" in payload else msg.embeds
        components = list(payload["components"] or []) if "components" in payload else msg.components
        attachments = msg.attachments
        if "attachments" in payload or uploads:
            attachments = self._build_attachments(payload, uploads, channel, msg.attachments)
        if not (content or embeds or components or attachments):
            raise ApiError(400, 50006, "Cannot send an empty message")
        msg.content, msg.embeds, msg.components = content, embeds, components
        msg.set_attachments(attachments)
        if "flags" in payload and payload["flags"] is not None and not strip_flags:
            settable = FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2
            msg.flags = (msg.flags & ~settable) | (int(payload["flags"]) & settable)
        elif strip_flags and payload.get("flags") is not None:
            msg.flags |= int(payload["flags"]) & FLAG_COMPONENTS_V2
        if msg.loading:
            msg.flags &= ~FLAG_LOADING
        else:
            msg.edits += 1
            msg.edited_at = time.time()
        if msg.ephemeral_to is None:
            self._dispatch_message("MESSAGE_UPDATE", msg, channel)
        return msg

    def _delete_message(self, msg: Message) -> None:
        if msg.deleted:
            raise not_found(*UNKNOWN_MESSAGE)
        msg.deleted = True
        channel = self.world.channels[msg.channel_id]
        if msg.ephemeral_to is None:
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if channel.guild_id is not None:
                data["guild_id"] = str(channel.guild_id)
            self._dispatch("MESSAGE_DELETE", data, self._message_intent(channel))

    def _delete_channel(self, channel: Channel) -> None:
        if channel.type == DM:
            raise SandboxError("DM channels cannot be deleted")
        for thread in [c for c in self.world.channels.values() if c.parent_id == channel.id and not c.deleted]:
            thread.deleted = True
        channel.deleted = True
        if channel.is_thread:
            data = {
                "id": str(channel.id), "guild_id": str(channel.guild_id),
                "parent_id": str(channel.parent_id), "type": channel.type,
            }
            self._dispatch("THREAD_DELETE", data, INTENT_GUILDS)
        else:
            self._dispatch("CHANNEL_DELETE", self.world.channel_json(channel), INTENT_GUILDS)

    # -- HTTP plumbing ---------------------------------------------------------------------

    def _route(self, method: str, pattern: str, handler: Handler, *, auth: bool = True) -> None:
        def group(m: re.Match[str]) -> str:
            name = m.group(1)
            if name in ("token", "emoji"):
                return f"(?P<{name}>[^/]+)"
            if name in ("ref", "member"):
                return f"(?P<{name}>@[a-z]+|[0-9]+)"
            return f"(?P<{name}>[0-9]+)"

        regex = re.compile("^" + re.sub(r"\{(\w+)\}", group, pattern) + "$")
        self._routes.append((method, regex, handler, auth))

    def _build_routes(self) -> None:
        r = self._route
        r("GET", "/users/@me", self._h_me)
        r("GET", "/users/{user_id}", self._h_user)
        r("GET", "/oauth2/applications/@me", self._h_application)
        r("GET", "/applications/@me", self._h_application)
        r("GET", "/gateway", self._h_gateway, auth=False)
        r("GET", "/gateway/bot", self._h_gateway_bot)
        for prefix in ("/applications/{app_id}", "/applications/{app_id}/guilds/{guild_id}"):
            r("GET", prefix + "/commands", self._h_commands_get)
            r("PUT", prefix + "/commands", self._h_commands_put)
            r("POST", prefix + "/commands", self._h_command_post)
            r("GET", prefix + "/commands/{command_id}", self._h_command_get)
            r("PATCH", prefix + "/commands/{command_id}", self._h_command_patch)
            r("DELETE", prefix + "/commands/{command_id}", self._h_command_delete)
        r("POST", "/interactions/{interaction_id}/{token}/callback", self._h_callback, auth=False)
        r("POST", "/webhooks/{app_id}/{token}", self._h_followup, auth=False)
        r("GET", "/webhooks/{app_id}/{token}/messages/{ref}", self._h_webhook_get, auth=False)
        r("PATCH", "/webhooks/{app_id}/{token}/messages/{ref}", self._h_webhook_patch, auth=False)
        r("DELETE", "/webhooks/{app_id}/{token}/messages/{ref}", self._h_webhook_delete, auth=False)
        r("POST", "/users/@me/channels", self._h_open_dm)
        r("GET", "/channels/{channel_id}", self._h_channel_get)
        r("PATCH", "/channels/{channel_id}", self._h_channel_patch)
        r("DELETE", "/channels/{channel_id}", self._h_channel_delete)
        r("POST", "/channels/{channel_id}/typing", self._h_typing)
        r("GET", "/channels/{channel_id}/messages/pins", self._h_pins_get)
        r("PUT", "/channels/{channel_id}/messages/pins/{message_id}", self._h_pin)
        r("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", self._h_unpin)
        r("GET", "/channels/{channel_id}/pins", self._h_pins_get_old)
        r("PUT", "/channels/{channel_id}/pins/{message_id}", self._h_pin)
        r("DELETE", "/channels/{channel_id}/pins/{message_id}", self._h_unpin)
        r("GET", "/channels/{channel_id}/messages", self._h_history)
        r("POST", "/channels/{channel_id}/messages", self._h_message_post)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self._h_message_get)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self._h_message_patch)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self._h_message_delete)
        r("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self._h_react)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self._h_unreact)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions", self._h_clear_reactions)
        r("POST", "/channels/{channel_id}/threads", self._h_thread_create)
        r("POST", "/channels/{channel_id}/messages/{message_id}/threads", self._h_thread_from_message)
        r("GET", "/channels/{channel_id}/thread-members", self._h_thread_members)
        r("PUT", "/channels/{channel_id}/thread-members/{member}", self._h_thread_member_add)
        r("DELETE", "/channels/{channel_id}/thread-members/{member}", self._h_thread_member_remove)
        r("GET", "/guilds/{guild_id}", self._h_guild)
        r("GET", "/guilds/{guild_id}/channels", self._h_guild_channels)
        r("POST", "/guilds/{guild_id}/channels", self._h_guild_channel_create)
        r("GET", "/guilds/{guild_id}/roles", self._h_guild_roles)
        r("GET", "/guilds/{guild_id}/members", self._h_guild_members)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self._h_guild_member)

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/" and request.headers.get("Upgrade", "").lower() == "websocket":
            return await self._gateway(request)
        self._in_flight += 1
        try:
            if request.method == "GET" and path.startswith("/attachments/"):
                return self._serve_attachment(path)
            if request.method == "GET" and (path.startswith("/avatars/") or path.startswith("/embed/avatars/")):
                return web.Response(body=self._avatar, headers={"Content-Type": "image/png"})
            return await self._handle_rest(request)
        finally:
            self._in_flight -= 1
            self._last_request_end = time.monotonic()

    async def _handle_rest(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        try:
            response = await self._dispatch_rest(request)
        except ApiError as err:
            response = _json_response(err.body(), err.status)
            self.requests.append(RequestRecord(request.method, path, err.status, err.message))
            if err.status != 404 or err.code != 0:
                log.info("sandbox %s %s -> %s %s", request.method, path, err.status, err.message)
            return response
        except Exception as exc:  # never 5xx: discord.py would retry for 25 s
            log.exception("sandbox internal error on %s %s", request.method, path)
            self.internal_errors.append(f"{request.method} {path}: {exc!r}")
            self.requests.append(RequestRecord(request.method, path, 400, repr(exc)))
            return _json_response({"code": 0, "message": f"sandbox internal error: {exc!r}"}, 400)
        self.requests.append(RequestRecord(request.method, path, response.status))
        return response

    async def _dispatch_rest(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        prefix = "/api/v10"
        if not path.startswith(prefix + "/"):
            return self._unknown(request)
        sub = path[len(prefix):]
        for method, regex, handler, auth in self._routes:
            if method != request.method:
                continue
            match = regex.match(sub)
            if match is None:
                continue
            if auth and request.headers.get("Authorization") != f"Bot {self.bot_token}":
                raise ApiError(401, 0, "401: Unauthorized")
            headers: dict[str, str] = {}
            if auth and self.rate_limits is not None:
                wait, is_global, headers = self.rate_limits.check(request.method, sub, time.monotonic())
                if wait > 0:
                    self.rate_limits.limited.append((request.method, sub, wait))
                    return self._too_many(wait, is_global, headers)
            for fault in self.faults:
                if fault.matches(request.method, sub):
                    fault.times -= 1
                    if fault.status == 429:
                        return self._too_many(fault.retry_after or 0.1, False, {})
                    raise ApiError(fault.status, fault.code, fault.message)
            result = await handler(request, match.groupdict())
            if result is NO_CONTENT:
                response: web.StreamResponse = web.Response(status=204)
            elif isinstance(result, web.StreamResponse):
                response = result
            else:
                response = _json_response(result)
            response.headers.update(headers)
            return response
        return self._unknown(request)

    @staticmethod
    def _too_many(retry_after: float, is_global: bool, headers: dict[str, str]) -> web.Response:
        """Discord's 429: the JSON body with `retry_after`, through its proxy (`Via`)."""
        body = {"message": "You are being rate limited.", "retry_after": round(retry_after, 3),
                "global": is_global}
        response = _json_response(body, 429)
        response.headers.update({**headers, "Via": "1.1 google", "X-RateLimit-Remaining": "0",
                                 "Retry-After": str(max(1, round(retry_after))),
                                 "X-RateLimit-Scope": "global" if is_global else "user"})
        return response

    def _unknown(self, request: web.Request) -> web.Response:
        entry = f"{request.method} {request.path}"
        self.unknown_routes.append(entry)
        log.warning("sandbox: unknown route %s", entry)
        raise ApiError(404, 0, "unknown route")

    def _serve_attachment(self, path: str) -> web.Response:
        parts = path.split("/")
        try:
            att = self.world.attachments[int(parts[3])]
        except (IndexError, ValueError, KeyError):
            return _json_response({"code": 0, "message": "404: Not Found"}, 404)
        return web.Response(body=att.data, headers={"Content-Type": att.content_type})

    # -- gateway --------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(ws, secrets.token_hex(16))
        self._sessions.append(session)
        session.send({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": None, "t": None})
        try:
            async for frame in ws:
                if frame.type == WSMsgType.TEXT:
                    try:
                        await self._on_gateway_frame(session, json.loads(frame.data))
                    except Exception:
                        log.exception("sandbox gateway frame failed")
                        self.internal_errors.append(f"gateway frame {frame.data[:200]!r}")
                elif frame.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                    break
        finally:
            await session.close()
            if session in self._sessions:
                self._sessions.remove(session)
        return ws

    async def _on_gateway_frame(self, session: GatewaySession, frame: dict[str, Any]) -> None:
        op = frame.get("op")
        data = frame.get("d")
        if op == 1:
            session.send({"op": 11, "d": None, "s": None, "t": None})
        elif op == 2:
            token = str((data or {}).get("token", ""))
            if token.removeprefix("Bot ") != self.bot_token:
                await session.close(4004, b"Authentication failed.")
                return
            session.intents = int((data or {}).get("intents", 0))
            session.identified = True
            self._send_ready(session)
        elif op == 6:
            session.send({"op": 9, "d": False, "s": None, "t": None})
        elif op == 8:
            self._send_member_chunk(session, data or {})
        # op 3 (presence) and op 4 (voice state) are accepted and ignored

    def _send_ready(self, session: GatewaySession) -> None:
        world = self.world
        user = world.user_json(self.bot_user_id)
        user.update({"verified": True, "mfa_enabled": True, "email": None, "locale": "en-US"})
        session.dispatch(
            "READY",
            {
                "v": 10,
                "user": user,
                "guilds": [{"id": str(g), "unavailable": True} for g in world.guilds],
                "session_id": session.session_id,
                "resume_gateway_url": self.gateway_url,
                "session_type": "normal",
                "application": {"id": str(self.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "shard": [0, 1],
                "_trace": ["sandbox"],
            },
        )
        for guild in world.guilds.values():
            session.dispatch("GUILD_CREATE", world.guild_json(guild, full=True))

    def _send_member_chunk(self, session: GatewaySession, data: dict[str, Any]) -> None:
        guild = self.world.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        ids = [int(u) for u in data.get("user_ids") or []]
        query = str(data.get("query") or "").lower()
        members = [
            self.world.member_json(guild.id, uid) for uid in guild.members
            if (not ids or uid in ids) and self.world.name_of(uid).lower().startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id), "members": members, "chunk_index": 0, "chunk_count": 1,
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # -- REST: users, application, gateway ----------------------------------------------

    async def _h_me(self, request: web.Request, p: dict[str, str]) -> Any:
        user = self.world.user_json(self.bot_user_id)
        user.update({"verified": True, "mfa_enabled": True, "email": None, "locale": "en-US"})
        return user

    async def _h_user(self, request: web.Request, p: dict[str, str]) -> Any:
        return self.world.user_json(_int(p["user_id"]))

    async def _h_application(self, request: web.Request, p: dict[str, str]) -> Any:
        return {
            "id": str(self.application_id),
            "name": self.bot_name,
            "icon": None,
            "description": "",
            "summary": "",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "bot": self.world.user_json(self.bot_user_id),
            "owner": self.world.user_json(self.world.owner_id),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "tags": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(self.world.guilds),
        }

    async def _h_gateway(self, request: web.Request, p: dict[str, str]) -> Any:
        return {"url": self.gateway_url.rstrip("/")}

    async def _h_gateway_bot(self, request: web.Request, p: dict[str, str]) -> Any:
        return {
            "url": self.gateway_url.rstrip("/"),
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
        }

    # -- REST: application commands ------------------------------------------------------

    def _command_scope(self, p: dict[str, str]) -> tuple[int | None, list[dict[str, Any]]]:
        if _int(p["app_id"]) != self.application_id:
            raise ApiError(403, 50001, "Missing Access")
        if "guild_id" in p and p["guild_id"] is not None:
            gid = _int(p["guild_id"])
            if gid not in self.world.guilds:
                raise ApiError(403, 50001, "Missing Access")
            return gid, self.guild_commands.setdefault(gid, [])
        return None, self.global_commands

    def _command_record(self, guild_id: int | None, body: dict[str, Any]) -> dict[str, Any]:
        ctype = int(body.get("type", 1))
        key = (guild_id, ctype, str(body.get("name")))
        cid = self._command_ids.get(key)
        if cid is None:
            cid = self.world.ids.next()
            self._command_ids[key] = cid
        perms = body.get("default_member_permissions")
        record = dict(body)
        record.update(
            {
                "id": str(cid),
                "application_id": str(self.application_id),
                "version": str(self.world.ids.next()),
                "type": ctype,
                "description": body.get("description", ""),
                "options": body.get("options") or [],
                "default_member_permissions": None if perms is None else str(perms),
                "nsfw": bool(body.get("nsfw", False)),
            }
        )
        if guild_id is not None:
            record["guild_id"] = str(guild_id)
        return record

    async def _h_commands_get(self, request: web.Request, p: dict[str, str]) -> Any:
        _, commands = self._command_scope(p)
        return commands

    async def _h_commands_put(self, request: web.Request, p: dict[str, str]) -> Any:
        guild_id, _ = self._command_scope(p)
        body, _ = await _read_body(request)
        check_commands(body)
        records = [self._command_record(guild_id, cmd) for cmd in body]
        if guild_id is None:
            self.global_commands = records
        else:
            self.guild_commands[guild_id] = records
        return records

    async def _h_command_post(self, request: web.Request, p: dict[str, str]) -> Any:
        guild_id, commands = self._command_scope(p)
        body, _ = await _read_body(request)
        check_commands([body])
        record = self._command_record(guild_id, body)
        for i, cmd in enumerate(commands):
            if cmd["id"] == record["id"]:
                commands[i] = record
                return record
        commands.append(record)
        return _json_response(record, 201)

    def _find_command_record(self, p: dict[str, str]) -> tuple[list[dict[str, Any]], int]:
        _, commands = self._command_scope(p)
        for i, cmd in enumerate(commands):
            if cmd["id"] == p["command_id"]:
                return commands, i
        raise not_found(10063, "Unknown application command")

    async def _h_command_get(self, request: web.Request, p: dict[str, str]) -> Any:
        commands, i = self._find_command_record(p)
        return commands[i]

    async def _h_command_patch(self, request: web.Request, p: dict[str, str]) -> Any:
        commands, i = self._find_command_record(p)
        body, _ = await _read_body(request)
        merged = {**commands[i], **body}
        check_commands([merged])
        guild_id = _int(p["guild_id"]) if p.get("guild_id") else None
        commands[i] = self._command_record(guild_id, merged)
        return commands[i]

    async def _h_command_delete(self, request: web.Request, p: dict[str, str]) -> Any:
        commands, i = self._find_command_record(p)
        del commands[i]
        return NO_CONTENT

    # -- REST: interaction callback and webhooks -----------------------------------------

    async def _h_callback(self, request: web.Request, p: dict[str, str]) -> Any:
        inter = self._interactions_by_id.get(_int(p["interaction_id"]))
        if inter is not None and time.time() - inter.created_at > self._answer_window():
            inter.late = True
        if inter is None or inter.token != p["token"] or inter.late:
            raise not_found(*UNKNOWN_INTERACTION)
        if inter.response_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        payload, uploads = await _read_body(request)
        if not isinstance(payload, dict):
            raise form_error([("_", "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")])
        rtype = int(payload.get("type") or 0)
        data = payload.get("data") or {}
        allowed = {
            APPLICATION_COMMAND: {4, 5, 9},
            MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
            AUTOCOMPLETE: {8},
            MODAL_SUBMIT: {4, 5, 6, 7},
        }[inter.type]
        if rtype not in allowed:
            raise form_error([("type", "INTERACTION_RESPONSE_TYPE_INVALID",
                               f"Response type {rtype} is not valid for interaction type {inter.type}")])
        channel = self.world.channel(inter.channel_id)
        msg: Message | None = None
        eph = False
        if rtype in (4, 5):
            eph = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
            msg_type = 20 if inter.type == APPLICATION_COMMAND else 0
            if rtype == 4:
                msg = self._create_message(
                    channel, self.bot_user_id, data, uploads,
                    ephemeral_to=inter.user_id if eph else None, inter=inter, msg_type=msg_type,
                )
            else:
                msg = self._create_message(
                    channel, self.bot_user_id, {"flags": data.get("flags")}, [],
                    ephemeral_to=inter.user_id if eph else None, inter=inter, msg_type=msg_type,
                    loading=True, validate=False,
                )
            inter.response = msg
            inter.ephemeral = eph
        elif rtype in (6, 7):
            target = self.world.messages.get(inter.message_id or 0)
            if target is None or target.deleted:
                raise not_found(*UNKNOWN_MESSAGE)
            if rtype == 7:
                msg = self._edit_message(target, data, uploads)
                inter.response = msg
                inter.ephemeral = msg.ephemeral
        elif rtype == 8:
            choices = data.get("choices")
            if not isinstance(choices, list) or len(choices) > 25:
                raise form_error([("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")])
            for i, choice in enumerate(choices):
                if not 1 <= len(str(choice.get("name", ""))) <= 100 or "value" not in choice:
                    raise form_error([(f"data.choices.{i}.name", "BASE_TYPE_BAD_LENGTH",
                                       "Must be between 1 and 100 in length.")])
            inter.choices = choices
        elif rtype == 9:
            problems = []
            if not data.get("custom_id"):
                problems.append(("data.custom_id", "BASE_TYPE_REQUIRED", "This field is required"))
            if not 1 <= len(str(data.get("title") or "")) <= 45:
                problems.append(("data.title", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length."))
            if not 1 <= len(data.get("components") or []) <= 5:
                problems.append(("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."))
            if problems:
                raise form_error(problems)
            inter.modal = data
        inter.response_type = rtype
        inter._responded.set()
        if request.query.get("with_response", "").lower() not in ("1", "true"):
            return NO_CONTENT
        body: dict[str, Any] = {
            "interaction": {
                "id": str(inter.id),
                "type": inter.type,
                "response_message_id": str(msg.id) if msg is not None else None,
                "response_message_loading": rtype == 5,
                "response_message_ephemeral": eph,
            }
        }
        if msg is not None:
            body["resource"] = {"type": rtype, "message": self.world.message_json(msg)}
        return body

    def _webhook_interaction(self, p: dict[str, str]) -> Interaction:
        inter = self._interactions_by_token.get(p["token"])
        if _int(p["app_id"]) != self.application_id or inter is None or inter.late or inter.response_type is None:
            raise not_found(*UNKNOWN_WEBHOOK)
        return inter

    async def _h_followup(self, request: web.Request, p: dict[str, str]) -> Any:
        inter = self._webhook_interaction(p)
        payload, uploads = await _read_body(request)
        if not isinstance(payload, dict):
            raise form_error([("_", "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")])
        channel = self.world.channel(inter.channel_id)
        original = inter.response
        if inter.response_type == 5 and original is not None and original.loading and not original.deleted:
            # Discord: the first follow-up after a deferral resolves the "thinking..." message,
            # keeping the deferral's ephemeral state.
            check_message(payload, len(uploads), creating=True)
            msg = self._edit_message(original, payload, uploads, strip_flags=True)
        else:
            eph = bool(int(payload.get("flags") or 0) & FLAG_EPHEMERAL)
            msg = self._create_message(
                channel, self.bot_user_id, payload, uploads,
                ephemeral_to=inter.user_id if eph else None, inter=inter,
            )
        inter.followups.append(msg)
        if request.query.get("wait", "").lower() in ("1", "true"):
            return self.world.message_json(msg)
        return NO_CONTENT

    def _webhook_message(self, inter: Interaction, ref: str) -> Message:
        target = self.world.messages.get(inter.message_id or 0)
        if ref == "@original":
            msg = inter.response
            if msg is None and inter.response_type in (6, 7):
                msg = target
        else:
            mid = _int(ref)
            candidates = inter.all_messages() + ([target] if target is not None else [])
            msg = next((m for m in candidates if m.id == mid), None)
        if msg is None or msg.deleted:
            raise not_found(*UNKNOWN_MESSAGE)
        return msg

    async def _h_webhook_get(self, request: web.Request, p: dict[str, str]) -> Any:
        inter = self._webhook_interaction(p)
        return self.world.message_json(self._webhook_message(inter, p["ref"]))

    async def _h_webhook_patch(self, request: web.Request, p: dict[str, str]) -> Any:
        inter = self._webhook_interaction(p)
        msg = self._webhook_message(inter, p["ref"])
        payload, uploads = await _read_body(request)
        self._edit_message(msg, payload, uploads, strip_flags=True)
        if p["ref"] == "@original" and inter.response is None:
            inter.response = msg
        return self.world.message_json(msg)

    async def _h_webhook_delete(self, request: web.Request, p: dict[str, str]) -> Any:
        inter = self._webhook_interaction(p)
        self._delete_message(self._webhook_message(inter, p["ref"]))
        return NO_CONTENT

    # -- REST: channels and messages -----------------------------------------------------

    async def _h_open_dm(self, request: web.Request, p: dict[str, str]) -> Any:
        body, _ = await _read_body(request)
        try:
            user_id = int(body.get("recipient_id"))
        except (TypeError, ValueError):
            raise form_error([("recipient_id", "BASE_TYPE_REQUIRED", "This field is required")]) from None
        if user_id == self.bot_user_id:
            raise ApiError(400, 50007, "Cannot send messages to this user")
        return self.world.channel_json(self.world.dm_channel(user_id))

    async def _h_channel_get(self, request: web.Request, p: dict[str, str]) -> Any:
        return self.world.channel_json(self.world.channel(_int(p["channel_id"])))

    async def _h_channel_patch(self, request: web.Request, p: dict[str, str]) -> Any:
        channel = self.world.channel(_int(p["channel_id"]))
        body, _ = await _read_body(request)
        if channel.type == DM:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if "name" in body:
            name = str(body["name"] or "")
            if not 1 <= len(name) <= 100:
                raise form_error([("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")])
            channel.name = name
        if channel.is_thread:
            for key in ("archived", "locked", "invitable"):
                if key in body and body[key] is not None:
                    setattr(channel, key, bool(body[key]))
            if body.get("auto_archive_duration"):
                channel.auto_archive_duration = int(body["auto_archive_duration"])
            self._dispatch("THREAD_UPDATE", self.world.channel_json(channel), INTENT_GUILDS)
        else:
            if "topic" in body:
                channel.topic = body["topic"]
            self._dispatch("CHANNEL_UPDATE", self.world.channel_json(channel), INTENT_GUILDS)
        return self.world.channel_json(channel)

    async def _h_channel_delete(self, request: web.Request, p: dict[str, str]) -> Any:
        channel = self.world.channel(_int(p["channel_id"]))
        if channel.type == DM:
            return self.world.channel_json(channel)
        self._delete_channel(channel)
        return self.world.channel_json(channel)

    async def _h_typing(self, request: web.Request, p: dict[str, str]) -> Any:
        self.world.channel(_int(p["channel_id"]))
        return NO_CONTENT

    async def _h_message_post(self, request: web.Request, p: dict[str, str]) -> Any:
        channel = self.world.channel(_int(p["channel_id"]))
        if channel.type == DM:
            assert channel.recipient_id is not None
            if not self.world.user(channel.recipient_id).dms_open:
                name = self.world.name_of(channel.recipient_id)
                channel.timeline.append(TimelineEntry(time.time(), event=f"refused a DM to {name}: DMs closed"))
                raise ApiError(403, 50007, "Cannot send messages to this user")
        elif channel.is_thread and channel.locked and channel.archived:
            raise ApiError(400, 50083, "Thread is archived")
        payload, uploads = await _read_body(request)
        send = P_SEND_MESSAGES_IN_THREADS if channel.is_thread else P_SEND_MESSAGES
        self._bot_needs(channel, send | (P_ATTACH_FILES if uploads else 0))
        msg = self._create_message(channel, self.bot_user_id, payload, uploads)
        return self.world.message_json(msg)

    async def _h_message_get(self, request: web.Request, p: dict[str, str]) -> Any:
        return self.world.message_json(self.world.message(_int(p["channel_id"]), _int(p["message_id"])))

    async def _h_message_patch(self, request: web.Request, p: dict[str, str]) -> Any:
        msg = self.world.message(_int(p["channel_id"]), _int(p["message_id"]))
        if msg.author_id != self.bot_user_id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        payload, uploads = await _read_body(request)
        return self.world.message_json(self._edit_message(msg, payload, uploads))

    async def _h_message_delete(self, request: web.Request, p: dict[str, str]) -> Any:
        self._delete_message(self.world.message(_int(p["channel_id"]), _int(p["message_id"])))
        return NO_CONTENT

    async def _h_history(self, request: web.Request, p: dict[str, str]) -> Any:
        cid = _int(p["channel_id"])
        self.world.channel(cid)
        msgs = [m for m in self.world.visible_messages(cid) if not m.deleted]
        q = request.query
        limit = max(1, min(100, int(q.get("limit", "50"))))
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])]
        if "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])]
            msgs = msgs[:limit]
        if "around" in q:
            around = int(q["around"])
            older = [m for m in msgs if m.id <= around][-(limit // 2 + 1):]
            newer = [m for m in msgs if m.id > around][: limit - len(older)]
            msgs = older + newer
        msgs = msgs[-limit:]
        return [self.world.message_json(m) for m in reversed(msgs)]

    async def _h_pin(self, request: web.Request, p: dict[str, str]) -> Any:
        cid = _int(p["channel_id"])
        msg = self.world.message(cid, _int(p["message_id"]))
        channel = self.world.channel(cid)
        if channel.guild_id is not None and not self.world.channel_permissions(
                channel, self.bot_user_id) & (P_PIN_MESSAGES | P_MANAGE_MESSAGES):
            self._bot_needs(channel, P_PIN_MESSAGES)
        if not msg.pinned:
            if len(self.pinned(cid)) >= 50:
                raise ApiError(400, 30003, "Maximum number of pins reached (50)")
            msg.pinned = True
            msg.pinned_at = time.time()
            self._pins_changed(msg)
        return NO_CONTENT

    async def _h_unpin(self, request: web.Request, p: dict[str, str]) -> Any:
        msg = self.world.message(_int(p["channel_id"]), _int(p["message_id"]))
        if msg.pinned:
            msg.pinned = False
            msg.pinned_at = None
            self._pins_changed(msg)
        return NO_CONTENT

    def _pins_changed(self, msg: Message) -> None:
        channel = self.world.channels[msg.channel_id]
        pins = self.pinned(channel.id)
        data: dict[str, Any] = {
            "channel_id": str(channel.id),
            "last_pin_timestamp": iso(pins[0].pinned_at) if pins else None,
        }
        if channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
        self._dispatch("CHANNEL_PINS_UPDATE", data, INTENT_GUILDS)
        self._dispatch_message("MESSAGE_UPDATE", msg, channel)

    async def _h_pins_get(self, request: web.Request, p: dict[str, str]) -> Any:
        cid = _int(p["channel_id"])
        self.world.channel(cid)
        pins = self.pinned(cid)
        before = request.query.get("before")
        if before:
            cutoff = dt.datetime.fromisoformat(before).timestamp()
            pins = [m for m in pins if (m.pinned_at or 0) < cutoff]
        limit = int(request.query.get("limit", "50"))
        page = pins[:limit]
        return {
            "items": [{"pinned_at": iso(m.pinned_at), "message": self.world.message_json(m)} for m in page],
            "has_more": len(pins) > len(page),
        }

    async def _h_pins_get_old(self, request: web.Request, p: dict[str, str]) -> Any:
        cid = _int(p["channel_id"])
        self.world.channel(cid)
        return [self.world.message_json(m) for m in self.pinned(cid)]

    async def _h_react(self, request: web.Request, p: dict[str, str]) -> Any:
        msg = self.world.message(_int(p["channel_id"]), _int(p["message_id"]))
        if p["emoji"] not in msg.reactions:
            if len(msg.reactions) >= 20:
                raise ApiError(400, 30010, "Maximum number of reactions reached (20)")
            msg.reactions.append(p["emoji"])
        return NO_CONTENT

    async def _h_unreact(self, request: web.Request, p: dict[str, str]) -> Any:
        msg = self.world.message(_int(p["channel_id"]), _int(p["message_id"]))
        if p["emoji"] in msg.reactions:
            msg.reactions.remove(p["emoji"])
        return NO_CONTENT

    async def _h_clear_reactions(self, request: web.Request, p: dict[str, str]) -> Any:
        self.world.message(_int(p["channel_id"]), _int(p["message_id"])).reactions.clear()
        return NO_CONTENT

    def _bot_needs(self, channel: Channel, permissions: int) -> None:
        """Discord's answers to a bot whose role lacks a permission: 50001 without View
        Channel (for a private thread: without being in it), 50013 for anything else."""
        if channel.guild_id is None:
            return
        have = self.world.channel_permissions(channel, self.bot_user_id)
        if not have & P_VIEW_CHANNEL or not self.world.can_view(channel, self.bot_user_id):
            raise ApiError(403, 50001, "Missing Access")
        if have & permissions != permissions:
            raise ApiError(403, 50013, "Missing Permissions")

    # -- REST: threads --------------------------------------------------------------------

    def _thread_parent(self, channel_id: int) -> Channel:
        parent = self.world.channel(channel_id)
        if parent.type == DM or parent.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return parent

    def _thread_created(self, thread: Channel) -> dict[str, Any]:
        data = self.world.channel_json(thread)
        self._dispatch("THREAD_CREATE", {**data, "newly_created": True}, INTENT_GUILDS)
        return data

    def _thread_name(self, body: dict[str, Any]) -> str:
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise form_error([("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")])
        return name

    async def _h_thread_create(self, request: web.Request, p: dict[str, str]) -> Any:
        parent = self._thread_parent(_int(p["channel_id"]))
        body, _ = await _read_body(request)
        ttype = int(body.get("type") or PRIVATE_THREAD)
        if ttype not in THREAD_TYPES:
            raise form_error([("type", "BASE_TYPE_CHOICES", "Value must be one of {11, 12}.")])
        self._bot_needs(parent, P_CREATE_PRIVATE_THREADS if ttype == PRIVATE_THREAD
                        else P_CREATE_PUBLIC_THREADS)
        thread = self.world.add_thread(
            parent, self._thread_name(body), private=ttype == PRIVATE_THREAD, owner_id=self.bot_user_id,
            invitable=bool(body.get("invitable", True)),
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        return _json_response(self._thread_created(thread), 201)

    async def _h_thread_from_message(self, request: web.Request, p: dict[str, str]) -> Any:
        parent = self._thread_parent(_int(p["channel_id"]))
        msg = self.world.message(parent.id, _int(p["message_id"]))
        if msg.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        body, _ = await _read_body(request)
        thread = self.world.add_thread(
            parent, self._thread_name(body), private=False, owner_id=self.bot_user_id, invitable=True,
            thread_id=msg.id, auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        msg.thread_id = thread.id
        return _json_response(self._thread_created(thread), 201)

    def _thread(self, channel_id: int) -> Channel:
        thread = self.world.channel(channel_id)
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return thread

    def _thread_member_user(self, thread: Channel, ref: str) -> int:
        user_id = self.bot_user_id if ref == "@me" else _int(ref)
        assert thread.guild_id is not None
        if user_id not in self.world.guild(thread.guild_id).members:
            raise not_found(10007, "Unknown Member")
        return user_id

    def _thread_members_update(self, thread: Channel, added: int | None, removed: int | None) -> None:
        data: dict[str, Any] = {
            "id": str(thread.id), "guild_id": str(thread.guild_id), "member_count": len(thread.thread_members),
        }
        if added is not None:
            assert thread.guild_id is not None
            data["added_members"] = [
                {**self.world.thread_member_json(thread, added), "member": self.world.member_json(thread.guild_id, added)}
            ]
        if removed is not None:
            data["removed_member_ids"] = [str(removed)]
        self._dispatch("THREAD_MEMBERS_UPDATE", data, INTENT_GUILD_MEMBERS)

    async def _h_thread_members(self, request: web.Request, p: dict[str, str]) -> Any:
        thread = self._thread(_int(p["channel_id"]))
        return [self.world.thread_member_json(thread, u) for u in thread.thread_members]

    async def _h_thread_member_add(self, request: web.Request, p: dict[str, str]) -> Any:
        thread = self._thread(_int(p["channel_id"]))
        if thread.archived:
            raise ApiError(400, 50083, "Thread is archived")
        user_id = self._thread_member_user(thread, p["member"])
        if user_id not in thread.thread_members:
            thread.thread_members.append(user_id)
            self._thread_members_update(thread, user_id, None)
        return NO_CONTENT

    async def _h_thread_member_remove(self, request: web.Request, p: dict[str, str]) -> Any:
        thread = self._thread(_int(p["channel_id"]))
        user_id = self._thread_member_user(thread, p["member"])
        if user_id in thread.thread_members:
            thread.thread_members.remove(user_id)
            self._thread_members_update(thread, None, user_id)
        return NO_CONTENT

    # -- REST: guilds ---------------------------------------------------------------------

    async def _h_guild(self, request: web.Request, p: dict[str, str]) -> Any:
        guild = self.world.guild(_int(p["guild_id"]))
        data = self.world.guild_json(guild, full=False)
        data["approximate_member_count"] = len(guild.members)
        data["approximate_presence_count"] = 0
        return data

    async def _h_guild_channels(self, request: web.Request, p: dict[str, str]) -> Any:
        guild = self.world.guild(_int(p["guild_id"]))
        channels = [self.world.channels[c] for c in guild.channel_ids]
        return [self.world.channel_json(c) for c in channels if not c.deleted and not c.is_thread]

    async def _h_guild_channel_create(self, request: web.Request, p: dict[str, str]) -> Any:
        guild = self.world.guild(_int(p["guild_id"]))
        body, _ = await _read_body(request)
        if int(body.get("type") or 0) != 0:
            raise form_error([("type", "BASE_TYPE_CHOICES", "The sandbox only creates text channels (type 0).")])
        name = self._thread_name(body)
        channel = self.world.add_channel(guild.id, name)
        channel.topic = body.get("topic")
        data = self.world.channel_json(channel)
        self._dispatch("CHANNEL_CREATE", data, INTENT_GUILDS)
        return _json_response(data, 201)

    async def _h_guild_roles(self, request: web.Request, p: dict[str, str]) -> Any:
        guild = self.world.guild(_int(p["guild_id"]))
        return [self.world.role_json(r) for r in guild.roles.values()]

    async def _h_guild_members(self, request: web.Request, p: dict[str, str]) -> Any:
        guild = self.world.guild(_int(p["guild_id"]))
        limit = int(request.query.get("limit", "1"))
        after = int(request.query.get("after", "0"))
        ids = sorted(u for u in guild.members if u > after)[:limit]
        return [self.world.member_json(guild.id, u) for u in ids]

    async def _h_guild_member(self, request: web.Request, p: dict[str, str]) -> Any:
        return self.world.member_json(_int(p["guild_id"]), _int(p["user_id"]))

