"""In-memory records of the fake Discord: users, guilds, roles, channels, messages.

Everything here is plain data plus the JSON shapes Discord (API v10) would send
for it.  Ids are ints in Python and strings on the wire.
"""

from __future__ import annotations

import datetime as dt
import struct
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import discord

from .errors import UNKNOWN_CHANNEL, UNKNOWN_MESSAGE, UNKNOWN_USER, SandboxError, not_found
from .strict import Pings

DISCORD_EPOCH_MS = 1420070400000

# Channel types
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

# Permission bits
P_ADMINISTRATOR = 1 << 3
P_MANAGE_GUILD = 1 << 5
P_ADD_REACTIONS = 1 << 6
P_VIEW_CHANNEL = 1 << 10
P_SEND_MESSAGES = 1 << 11
P_MANAGE_MESSAGES = 1 << 13
P_EMBED_LINKS = 1 << 14
P_ATTACH_FILES = 1 << 15
P_READ_MESSAGE_HISTORY = 1 << 16
P_USE_APPLICATION_COMMANDS = 1 << 31
P_MANAGE_THREADS = 1 << 34
P_CREATE_PUBLIC_THREADS = 1 << 35
P_CREATE_PRIVATE_THREADS = 1 << 36
P_SEND_MESSAGES_IN_THREADS = 1 << 38
P_PIN_MESSAGES = 1 << 51
#: The permissions README.md asks for when inviting the bot (its permission integer).
README_BOT_PERMISSIONS = 2252177770933248
ALL_PERMISSIONS: int = discord.Permissions.all().value

EVERYONE_PERMISSIONS = (
    P_VIEW_CHANNEL
    | P_SEND_MESSAGES
    | P_ADD_REACTIONS
    | P_EMBED_LINKS
    | P_ATTACH_FILES
    | P_READ_MESSAGE_HISTORY
    | P_USE_APPLICATION_COMMANDS
    | P_CREATE_PUBLIC_THREADS
    | P_CREATE_PRIVATE_THREADS
    | P_SEND_MESSAGES_IN_THREADS
)


def iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return dt.datetime.fromtimestamp(ts, tz=dt.UTC).isoformat()


class Snowflakes:
    """Monotonic snowflake ids carrying the current time, like Discord's."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        value = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value

    def next_on_shard(self, shard_id: int, num_shards: int) -> int:
        """The next id whose events Discord routes to this shard (a later millisecond)."""
        value = self.next()
        while (value >> 22) % num_shards != shard_id:
            value += 1 << 22
        self._last = value
        return value


def iter_components(components: list[Any]) -> Iterator[dict[str, Any]]:
    """Every component of a message or modal, depth first (rows, containers, sections, labels)."""
    for comp in components:
        if not isinstance(comp, dict):
            continue
        yield comp
        children = comp.get("components")
        if isinstance(children, list):
            yield from iter_components(children)
        for key in ("component", "accessory"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield from iter_components([child])


def png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24 and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    return None


def guess_content_type(filename: str, data: bytes) -> str:
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "image/png"
    if data[:3] == b"\xff\xd8\xff":
        return "image/jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    lower = filename.lower()
    if lower.endswith((".txt", ".log", ".md")):
        return "text/plain; charset=utf-8"
    if lower.endswith(".json"):
        return "application/json"
    if lower.endswith(".svg"):
        return "image/svg+xml"
    return "application/octet-stream"


@dataclass
class User:
    id: int
    name: str
    dms_open: bool = True
    bot: bool = False
    all_guilds: bool = False
    manage_guild: bool = False


@dataclass
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None


@dataclass
class Member:
    user_id: int
    roles: list[int]
    joined_at: float


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    manager_role_id: int = 0
    bot_role_id: int = 0
    bot_role_only: bool = False  # the bot's permissions come from its role alone


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str
    description: str | None = None
    channel_id: int = 0

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass
class Upload:
    """A file as the bot sent it (multipart ``files[n]``), before it becomes an Attachment."""

    index: int
    filename: str
    data: bytes


@dataclass
class TimelineEntry:
    """One line of a channel's history for the transcript: a message or a user action."""

    at: float
    message: Message | None = None
    event: str = ""


@dataclass
class Channel:
    id: int
    type: int
    name: str
    guild_id: int | None = None
    parent_id: int | None = None
    recipient_id: int | None = None
    owner_id: int | None = None
    topic: str | None = None
    position: int = 0
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    deleted: bool = False
    auto_archive_duration: int = 1440
    thread_members: list[int] = field(default_factory=list)
    created_at: float = field(default_factory=time.time)
    timeline: list[TimelineEntry] = field(default_factory=list)
    last_message_id: int | None = None
    message_count: int = 0

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES


@dataclass
class Message:
    """A message as the fake Discord stores it, in its current (edited) state."""

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    files: list[tuple[str, bytes]] = field(default_factory=list)
    components: list[Any] = field(default_factory=list)
    flags: int = 0
    pinned: bool = False
    edits: int = 0
    deleted: bool = False
    # extras
    attachments: list[Attachment] = field(default_factory=list, repr=False)
    type: int = 0
    created_at: float = field(default_factory=time.time, repr=False)
    edited_at: float | None = field(default=None, repr=False)
    pinned_at: float | None = field(default=None, repr=False)
    ephemeral_to: int | None = None
    interaction_id: int | None = field(default=None, repr=False)
    webhook_id: int | None = field(default=None, repr=False)
    reactions: list[str] = field(default_factory=list, repr=False)
    thread_id: int | None = field(default=None, repr=False)
    tts: bool = field(default=False, repr=False)
    interaction_meta: dict[str, Any] | None = field(default=None, repr=False)
    pings: Pings = field(default_factory=Pings, repr=False)  # who it notified
    nonce: str | None = field(default=None, repr=False)

    def set_attachments(self, attachments: list[Attachment]) -> None:
        self.attachments = attachments
        self.files = [(a.filename, a.data) for a in attachments]

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    def all_components(self) -> list[dict[str, Any]]:
        return list(iter_components(self.components))

    def buttons(self) -> list[tuple[str, str, bool]]:
        """(custom_id, label, disabled) of every button; link buttons have custom_id ''."""
        out: list[tuple[str, str, bool]] = []
        for comp in iter_components(self.components):
            if comp.get("type") == 2:
                label = comp.get("label")
                if not label:
                    emoji = comp.get("emoji") or {}
                    label = emoji.get("name") or ""
                out.append((str(comp.get("custom_id") or ""), str(label), bool(comp.get("disabled"))))
        return out

    def button(self, label: str) -> str:
        """The custom_id of the button labelled ``label``."""
        for custom_id, text, _disabled in self.buttons():
            if text == label:
                return custom_id
        raise SandboxError(f"message {self.id} has no button labelled {label!r}: {self.buttons()}")

    def selects(self) -> list[tuple[str, list[dict[str, Any]]]]:
        """(custom_id, options) of every select menu (options are [] for user/role/channel selects)."""
        out: list[tuple[str, list[dict[str, Any]]]] = []
        for comp in iter_components(self.components):
            if comp.get("type") in (3, 5, 6, 7, 8):
                out.append((str(comp.get("custom_id") or ""), list(comp.get("options") or [])))
        return out

    def text(self) -> str:
        """Content, embed titles/descriptions/fields/footers and V2 text displays, one per line."""
        parts: list[str] = []
        if self.content:
            parts.append(self.content)
        for embed in self.embeds:
            author = (embed.get("author") or {}).get("name")
            if author:
                parts.append(str(author))
            if embed.get("title"):
                parts.append(str(embed["title"]))
            if embed.get("description"):
                parts.append(str(embed["description"]))
            for fld in embed.get("fields") or []:
                parts.append(f"{fld.get('name', '')}: {fld.get('value', '')}")
            footer = (embed.get("footer") or {}).get("text")
            if footer:
                parts.append(str(footer))
        for comp in iter_components(self.components):
            if comp.get("type") == 10 and comp.get("content"):
                parts.append(str(comp["content"]))
        return "\n".join(parts)


class World:
    """All records of one fake Discord."""

    def __init__(self, bot_user_id: int, bot_name: str) -> None:
        self.ids = Snowflakes()
        self.base_url = "http://127.0.0.1:0"
        self.bot_user_id = bot_user_id
        self.users: dict[int, User] = {bot_user_id: User(bot_user_id, bot_name, bot=True)}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.attachments: dict[int, Attachment] = {}
        self.dm_by_user: dict[int, int] = {}
        self.owner_id = self.ids.next()
        self.users[self.owner_id] = User(self.owner_id, "guild-owner")

    # -- building -------------------------------------------------------------------

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> Guild:
        """A guild; with `shard` (shard_id, num_shards), one whose id routes to that shard."""
        gid = self.ids.next() if shard is None else self.ids.next_on_shard(*shard)
        guild = Guild(gid, name, owner_id=self.owner_id)
        guild.roles[gid] = Role(gid, gid, "@everyone", EVERYONE_PERMISSIONS)
        manager = Role(self.ids.next(), gid, "Manager", EVERYONE_PERMISSIONS | P_MANAGE_GUILD, position=1)
        guild.roles[manager.id] = manager
        guild.manager_role_id = manager.id
        bot_role = Role(
            self.ids.next(), gid, self.users[self.bot_user_id].name, P_ADMINISTRATOR,
            position=2, managed=True, bot_id=self.bot_user_id,
        )
        guild.roles[bot_role.id] = bot_role
        guild.bot_role_id = bot_role.id
        self.guilds[gid] = guild
        guild.members[self.bot_user_id] = Member(self.bot_user_id, [bot_role.id], time.time())
        for user in self.users.values():
            if user.all_guilds:
                self.add_member(gid, user.id, manage_guild=user.manage_guild)
        return guild

    def add_member(self, guild_id: int, user_id: int, *, manage_guild: bool) -> Member:
        guild = self.guild(guild_id)
        roles = [guild.manager_role_id] if manage_guild else []
        member = guild.members.get(user_id)
        if member is None:
            member = Member(user_id, roles, time.time())
            guild.members[user_id] = member
        elif manage_guild and guild.manager_role_id not in member.roles:
            member.roles.append(guild.manager_role_id)
        return member

    def add_channel(self, guild_id: int, name: str) -> Channel:
        guild = self.guild(guild_id)
        channel = Channel(
            self.ids.next(), GUILD_TEXT, name, guild_id=guild_id,
            position=len([c for c in guild.channel_ids if not self.channels[c].is_thread]),
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def add_thread(
        self, parent: Channel, name: str, *, private: bool, owner_id: int, invitable: bool,
        thread_id: int | None = None, auto_archive_duration: int = 1440,
    ) -> Channel:
        assert parent.guild_id is not None
        thread = Channel(
            thread_id or self.ids.next(), PRIVATE_THREAD if private else PUBLIC_THREAD, name,
            guild_id=parent.guild_id, parent_id=parent.id, owner_id=owner_id,
            invitable=invitable if private else True, auto_archive_duration=auto_archive_duration,
        )
        thread.thread_members.append(owner_id)
        self.channels[thread.id] = thread
        self.guild(parent.guild_id).channel_ids.append(thread.id)
        return thread

    def add_user(self, name: str, *, dms_open: bool, all_guilds: bool, manage_guild: bool = False) -> User:
        user = User(self.ids.next(), name, dms_open=dms_open, all_guilds=all_guilds, manage_guild=manage_guild)
        self.users[user.id] = user
        return user

    def dm_channel(self, user_id: int) -> Channel:
        self.user(user_id)
        cid = self.dm_by_user.get(user_id)
        if cid is None:
            channel = Channel(self.ids.next(), DM, f"dm-{self.users[user_id].name}", recipient_id=user_id)
            self.channels[channel.id] = channel
            self.dm_by_user[user_id] = channel.id
            return channel
        return self.channels[cid]

    # -- lookups (raise the REST error Discord would give) ---------------------------

    def guild(self, guild_id: int) -> Guild:
        guild = self.guilds.get(guild_id)
        if guild is None:
            raise not_found(10004, "Unknown Guild")
        return guild

    def user(self, user_id: int) -> User:
        user = self.users.get(user_id)
        if user is None:
            raise not_found(*UNKNOWN_USER)
        return user

    def channel(self, channel_id: int) -> Channel:
        channel = self.channels.get(channel_id)
        if channel is None or channel.deleted:
            raise not_found(*UNKNOWN_CHANNEL)
        return channel

    def message(self, channel_id: int, message_id: int) -> Message:
        self.channel(channel_id)
        msg = self.messages.get(message_id)
        if msg is None or msg.deleted or msg.channel_id != channel_id or msg.ephemeral_to is not None:
            raise not_found(*UNKNOWN_MESSAGE)
        return msg

    def name_of(self, user_id: int) -> str:
        user = self.users.get(user_id)
        return user.name if user else str(user_id)

    # -- permissions -----------------------------------------------------------------

    def guild_permissions(self, guild_id: int, user_id: int) -> int:
        guild = self.guild(guild_id)
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        member = guild.members.get(user_id)
        if member is None:
            return 0
        perms = guild.roles[guild.id].permissions
        if user_id == self.bot_user_id and guild.bot_role_only:
            perms = 0
        for rid in member.roles:
            role = guild.roles.get(rid)
            if role is not None:
                perms |= role.permissions
        if perms & P_ADMINISTRATOR:
            return ALL_PERMISSIONS
        return perms

    def channel_permissions(self, channel: Channel, user_id: int) -> int:
        if channel.guild_id is None:
            return P_VIEW_CHANNEL | P_SEND_MESSAGES | P_READ_MESSAGE_HISTORY | P_EMBED_LINKS | P_ATTACH_FILES
        return self.guild_permissions(channel.guild_id, user_id)

    def can_view(self, channel: Channel, user_id: int) -> bool:
        if channel.deleted:
            return False
        if channel.type == DM:
            return channel.recipient_id == user_id or user_id == self.bot_user_id
        assert channel.guild_id is not None
        if user_id not in self.guild(channel.guild_id).members:
            return False
        perms = self.channel_permissions(channel, user_id)
        if not perms & P_VIEW_CHANNEL:
            return False
        if channel.type == PRIVATE_THREAD:
            return user_id in channel.thread_members or bool(perms & P_MANAGE_THREADS)
        return True

    # -- JSON ------------------------------------------------------------------------

    def user_json(self, user_id: int) -> dict[str, Any]:
        user = self.user(user_id)
        return {
            "id": str(user.id),
            "username": user.name,
            "global_name": None if user.bot else user.name,
            "discriminator": "0",
            "avatar": None,
            "banner": None,
            "accent_color": None,
            "bot": user.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
        }

    def role_json(self, role: Role) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(role.id),
            "name": role.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": role.position,
            "permissions": str(role.permissions),
            "managed": role.managed,
            "mentionable": False,
            "flags": 0,
        }
        if role.bot_id is not None:
            data["tags"] = {"bot_id": str(role.bot_id)}
        return data

    def member_json(
        self, guild_id: int, user_id: int, *, with_user: bool = True, permissions: int | None = None
    ) -> dict[str, Any]:
        member = self.guild(guild_id).members.get(user_id)
        if member is None:
            raise not_found(10007, "Unknown Member")
        data: dict[str, Any] = {
            "nick": None,
            "avatar": None,
            "banner": None,
            "roles": [str(r) for r in member.roles],
            "joined_at": iso(member.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user_json(user_id)
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data

    def channel_json(self, channel: Channel, *, for_user: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(channel.id),
            "type": channel.type,
            "last_message_id": str(channel.last_message_id) if channel.last_message_id else None,
            "flags": 0,
        }
        if channel.type == DM:
            assert channel.recipient_id is not None
            data["recipients"] = [self.user_json(channel.recipient_id)]
        elif channel.is_thread:
            data.update(
                {
                    "guild_id": str(channel.guild_id),
                    "parent_id": str(channel.parent_id),
                    "owner_id": str(channel.owner_id),
                    "name": channel.name,
                    "rate_limit_per_user": 0,
                    "message_count": channel.message_count,
                    "member_count": len(channel.thread_members),
                    "total_message_sent": channel.message_count,
                    "thread_metadata": {
                        "archived": channel.archived,
                        "auto_archive_duration": channel.auto_archive_duration,
                        "archive_timestamp": iso(channel.created_at),
                        "locked": channel.locked,
                        "invitable": channel.invitable,
                        "create_timestamp": iso(channel.created_at),
                    },
                }
            )
            if self.bot_user_id in channel.thread_members:
                data["member"] = self.thread_member_json(channel, self.bot_user_id)
        else:
            data.update(
                {
                    "guild_id": str(channel.guild_id),
                    "name": channel.name,
                    "position": channel.position,
                    "permission_overwrites": [],
                    "topic": channel.topic,
                    "nsfw": False,
                    "parent_id": None,
                    "rate_limit_per_user": 0,
                    "default_auto_archive_duration": 1440,
                }
            )
        if for_user is not None:
            data["permissions"] = str(self.channel_permissions(channel, for_user))
        return data

    def thread_member_json(self, thread: Channel, user_id: int) -> dict[str, Any]:
        return {
            "id": str(thread.id),
            "user_id": str(user_id),
            "join_timestamp": iso(thread.created_at),
            "flags": 0,
        }

    def guild_json(self, guild: Guild, *, full: bool) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": "en-US",
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "application_id": None,
            "features": [],
            "roles": [self.role_json(r) for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "max_members": 500000,
        }
        if full:
            live = [self.channels[c] for c in guild.channel_ids if not self.channels[c].deleted]
            data.update(
                {
                    "unavailable": False,
                    "large": False,
                    "joined_at": iso(guild.members[self.bot_user_id].joined_at),
                    "member_count": len(guild.members),
                    "members": [self.member_json(guild.id, uid) for uid in guild.members],
                    "channels": [self.channel_json(c) for c in live if not c.is_thread],
                    "threads": [
                        self.channel_json(c) for c in live if c.is_thread and not c.archived
                    ],
                    "voice_states": [],
                    "presences": [],
                    "stage_instances": [],
                    "guild_scheduled_events": [],
                    "soundboard_sounds": [],
                }
            )
        return data

    def attachment_json(self, att: Attachment) -> dict[str, Any]:
        url = f"{self.base_url}/attachments/{att.channel_id}/{att.id}/{att.filename}"
        data: dict[str, Any] = {
            "id": str(att.id),
            "filename": att.filename,
            "size": att.size,
            "url": url,
            "proxy_url": url,
            "content_type": att.content_type,
        }
        if att.description is not None:
            data["description"] = att.description
        size = png_size(att.data)
        if size is not None:
            data["width"], data["height"] = size
        return data

    def message_json(self, msg: Message, *, with_nonce: bool = False) -> dict[str, Any]:
        """A message as Discord's API shows it. Its `nonce` only where Discord echoes it
        (`with_nonce`): the answer to the post that made it and its MESSAGE_CREATE; Discord
        does not keep it, so a message read back (history, get) has none."""
        channel = self.channels[msg.channel_id]
        data: dict[str, Any] = {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            "type": msg.type,
            "author": self.user_json(msg.author_id),
            "content": msg.content,
            "timestamp": iso(msg.created_at),
            "edited_timestamp": iso(msg.edited_at),
            "tts": msg.tts,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [self.attachment_json(a) for a in msg.attachments],
            "embeds": msg.embeds,
            "reactions": [
                {"count": 1, "me": True, "emoji": {"id": None, "name": r}, "burst_colors": [],
                 "count_details": {"burst": 0, "normal": 1}, "me_burst": False}
                for r in msg.reactions
            ],
            "pinned": msg.pinned,
            "flags": msg.flags,
            "components": msg.components,
        }
        if with_nonce and msg.nonce is not None:
            data["nonce"] = msg.nonce
        if channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
            if msg.author_id in self.guild(channel.guild_id).members and msg.webhook_id is None:
                data["member"] = self.member_json(channel.guild_id, msg.author_id, with_user=False)
        if msg.webhook_id is not None:
            data["webhook_id"] = str(msg.webhook_id)
            data["application_id"] = str(msg.webhook_id)
        if msg.interaction_meta is not None:
            data["interaction_metadata"] = msg.interaction_meta
        if msg.thread_id is not None and msg.thread_id in self.channels:
            data["thread"] = self.channel_json(self.channels[msg.thread_id])
        return data

    # -- records ---------------------------------------------------------------------

    def visible_messages(self, channel_id: int) -> list[Message]:
        channel = self.channels.get(channel_id)
        if channel is None:
            return []
        return [
            e.message for e in channel.timeline
            if e.message is not None and e.message.ephemeral_to is None
        ]
