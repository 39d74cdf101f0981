"""What the fake Discord holds besides its world, and the changes Discord announces.

The world (world.py) holds guilds, channels, users and messages. This adds the bot's
identity, the commands it synced, the interactions sent to it, its gateway sessions and
the log of its requests; and the changes that the REST routes and the tests' users both
make and that Discord announces on the gateway: a message created, edited or deleted, a
channel deleted.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import UNKNOWN_MESSAGE, ApiError, SandboxError, form_error, not_found
from .gateway import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    GatewaySession,
)
from .interactions import APPLICATION_COMMAND, Interaction
from .shards import IdentifyQueue, guild_of
from .strict import Fault, InvalidRequests, Nonces, RateLimits, resolve_pings
from .validation import check_message
from .world import (
    DM,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    Attachment,
    Channel,
    Message,
    TimelineEntry,
    Upload,
    World,
    guess_content_type,
)

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
SETTABLE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2

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


@dataclass
class RequestRecord:
    method: str
    path: str
    status: int
    error: str = ""


class DiscordState:
    """The fake Discord's state, shared by the routes (routes/), the tests' users (users.py)
    and the test-facing API (fake.py)."""

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
        #: Always counted, as on Discord: too many 401/403/429 answers ban the address.
        self.invalid_requests = InvalidRequests()
        #: The nonces of posts made with `enforce_nonce` (a resend within minutes: no repost).
        self.nonces = Nonces()
        #: The REST limits' time (monotonic seconds); a test may drive it by hand.
        self.clock: Callable[[], float] = time.monotonic
        #: The id of each synced command, by (guild, type, name): a re-sync keeps it.
        self.command_ids: dict[tuple[int | None, int, str], int] = {}
        self.interactions_by_id: dict[int, Interaction] = {}
        self.interactions_by_token: dict[str, Interaction] = {}
        self._sessions: list[GatewaySession] = []
        #: Sharding: the shard count GET /gateway/bot recommends, and the identify queue
        #: (its `max_concurrency` is what GET /gateway/bot reports).
        self.recommended_shards = 1
        #: Off (no spacing) unless a test sets one: restarts would wait 5 s otherwise.
        self.identify_queue = IdentifyQueue(interval=0.0)
        #: Kept by the HTTP server: the REST requests being answered, and when the last ended.
        self.in_flight = 0
        self.last_request_end = 0.0
        self._port = 0

    # -- where the fake listens ---------------------------------------------------------

    @property
    def port(self) -> int:
        return self._port

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self._port}/"

    # -- the bot's sessions and activity ------------------------------------------------

    def connected(self, session: GatewaySession) -> None:
        self._sessions.append(session)

    def disconnected(self, session: GatewaySession) -> None:
        if session in self._sessions:
            self._sessions.remove(session)

    def live_sessions(self) -> list[GatewaySession]:
        return [s for s in self._sessions if s.live]

    async def settle(self, quiet: float = 0.02, timeout: float = 2.0, *, handlers: bool = True) -> None:
        """Wait (at most ``timeout``) until the bot is idle: no REST request in flight for ``quiet``
        seconds and, with ``handlers``, no discord.py command/view/modal handler task running."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            idle = self.in_flight == 0 and time.monotonic() - self.last_request_end >= quiet
            if idle and not (handlers and _bot_handlers_running()):
                return
            await asyncio.sleep(0.005)

    def answer_window(self) -> float:
        """How long the bot has to answer an interaction, once it has reached it."""
        return max(0.0, self.interaction_timeout - self.interaction_latency)

    def pinned(self, channel_id: int) -> list[Message]:
        pins = [m for m in self.world.visible_messages(channel_id) if m.pinned and not m.deleted]
        return sorted(pins, key=lambda m: m.pinned_at or 0.0, reverse=True)

    # -- gateway events -----------------------------------------------------------------

    def sessions_for(self, guild_id: int | None) -> list[GatewaySession]:
        """The live sessions Discord routes this guild's events to (None: DMs, shard 0)."""
        return [s for s in self.live_sessions() if s.receives(guild_id)]

    def dispatch(self, event: str, data: Any, intent: int | None = None) -> None:
        for session in self.sessions_for(guild_of(event, data)):
            if intent is None or session.intents & intent:
                session.dispatch(event, data)

    def _message_intent(self, channel: Channel) -> int:
        return INTENT_DIRECT_MESSAGES if channel.type == DM else INTENT_GUILD_MESSAGES

    def dispatch_message(self, event: str, msg: Message, channel: Channel) -> None:
        """MESSAGE_CREATE/UPDATE; without the message content intent, other users' guild
        messages arrive with empty content, embeds, attachments and components (as on Discord)."""
        data = self.world.message_json(msg, with_nonce=event == "MESSAGE_CREATE")
        mentioned = f"<@{self.bot_user_id}>" in msg.content or f"<@!{self.bot_user_id}>" in msg.content
        private = msg.author_id == self.bot_user_id or channel.type == DM or mentioned
        blanked = {**data, "content": "", "embeds": [], "attachments": [], "components": []}
        for session in self.sessions_for(channel.guild_id):
            if session.intents & self._message_intent(channel):
                full = private or bool(session.intents & INTENT_MESSAGE_CONTENT)
                session.dispatch(event, data if full else blanked)

    # -- messages and channels ----------------------------------------------------------

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

    def create_message(
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
            nonce=str(payload["nonce"]) if payload.get("nonce") is not None else None,
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
            self.dispatch_message("MESSAGE_CREATE", msg, channel)
        return msg

    def edit_message(self, msg: Message, payload: Any, uploads: list[Upload], *, strip_flags: bool = False) -> Message:
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
            self.dispatch_message("MESSAGE_UPDATE", msg, channel)
        return msg

    def delete_message(self, msg: Message) -> None:
        if msg.deleted:
            raise not_found(*UNKNOWN_MESSAGE)
        msg.deleted = True
        channel = self.world.channels[msg.channel_id]
        if msg.ephemeral_to is None:
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if channel.guild_id is not None:
                data["guild_id"] = str(channel.guild_id)
            self.dispatch("MESSAGE_DELETE", data, self._message_intent(channel))

    def remove_channel(self, channel: Channel) -> None:
        """Delete a channel or thread, and its threads (a DM can't be deleted)."""
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
            self.dispatch("THREAD_DELETE", data, INTENT_GUILDS)
        else:
            self.dispatch("CHANNEL_DELETE", self.world.channel_json(channel), INTENT_GUILDS)
