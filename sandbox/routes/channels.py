"""REST: channels: opening a DM, reading, renaming and deleting a channel or thread, typing."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ..errors import ApiError, form_error
from ..gateway import INTENT_GUILDS
from ..http import NO_CONTENT, read_body
from ..state import DiscordState
from ..world import DM


def valid_name(body: dict[str, Any]) -> str:
    """The name a channel or thread is created with: 1 to 100 characters."""
    name = str(body.get("name") or "")
    if not 1 <= len(name) <= 100:
        raise form_error([("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")])
    return name


async def open_dm(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    body, _ = await read_body(request)
    try:
        user_id = int(body.get("recipient_id"))
    except (TypeError, ValueError):
        raise form_error([("recipient_id", "BASE_TYPE_REQUIRED", "This field is required")]) from None
    if user_id == fake.bot_user_id:
        raise ApiError(400, 50007, "Cannot send messages to this user")
    return fake.world.channel_json(fake.world.dm_channel(user_id))


async def get_channel(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    return fake.world.channel_json(fake.world.channel(int(p["channel_id"])))


async def edit_channel(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    channel = fake.world.channel(int(p["channel_id"]))
    body, _ = await read_body(request)
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
        fake.dispatch("THREAD_UPDATE", fake.world.channel_json(channel), INTENT_GUILDS)
    else:
        if "topic" in body:
            channel.topic = body["topic"]
        fake.dispatch("CHANNEL_UPDATE", fake.world.channel_json(channel), INTENT_GUILDS)
    return fake.world.channel_json(channel)


async def delete_channel(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    channel = fake.world.channel(int(p["channel_id"]))
    if channel.type == DM:
        return fake.world.channel_json(channel)
    fake.remove_channel(channel)
    return fake.world.channel_json(channel)


async def typing(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    fake.world.channel(int(p["channel_id"]))
    return NO_CONTENT
