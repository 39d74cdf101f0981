"""REST: pinned messages (50 a channel at most), by the current routes and the older ones."""

from __future__ import annotations

import datetime as dt
import time
from typing import Any

from aiohttp import web

from ..errors import ApiError
from ..gateway import INTENT_GUILDS
from ..http import NO_CONTENT
from ..state import DiscordState
from ..world import P_MANAGE_MESSAGES, P_PIN_MESSAGES, Message, iso
from .permissions import bot_needs


async def pin(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    cid = int(p["channel_id"])
    msg = fake.world.message(cid, int(p["message_id"]))
    channel = fake.world.channel(cid)
    if channel.guild_id is not None and not fake.world.channel_permissions(
            channel, fake.bot_user_id) & (P_PIN_MESSAGES | P_MANAGE_MESSAGES):
        bot_needs(fake, channel, P_PIN_MESSAGES)
    if not msg.pinned:
        if len(fake.pinned(cid)) >= 50:
            raise ApiError(400, 30003, "Maximum number of pins reached (50)")
        msg.pinned = True
        msg.pinned_at = time.time()
        _pins_changed(fake, msg)
    return NO_CONTENT


async def unpin(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    msg = fake.world.message(int(p["channel_id"]), int(p["message_id"]))
    if msg.pinned:
        msg.pinned = False
        msg.pinned_at = None
        _pins_changed(fake, msg)
    return NO_CONTENT


def _pins_changed(fake: DiscordState, msg: Message) -> None:
    channel = fake.world.channels[msg.channel_id]
    pins = fake.pinned(channel.id)
    data: dict[str, Any] = {
        "channel_id": str(channel.id),
        "last_pin_timestamp": iso(pins[0].pinned_at) if pins else None,
    }
    if channel.guild_id is not None:
        data["guild_id"] = str(channel.guild_id)
    fake.dispatch("CHANNEL_PINS_UPDATE", data, INTENT_GUILDS)
    fake.dispatch_message("MESSAGE_UPDATE", msg, channel)


async def list_pins(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    cid = int(p["channel_id"])
    fake.world.channel(cid)
    pins = fake.pinned(cid)
    before = request.query.get("before")
    if before:
        cutoff = dt.datetime.fromisoformat(before).timestamp()
        pins = [m for m in pins if (m.pinned_at or 0) < cutoff]
    limit = int(request.query.get("limit", "50"))
    page = pins[:limit]
    return {
        "items": [{"pinned_at": iso(m.pinned_at), "message": fake.world.message_json(m)} for m in page],
        "has_more": len(pins) > len(page),
    }


async def list_pins_old(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    """The older pins route (GET /channels/{id}/pins): a plain list, not pages."""
    cid = int(p["channel_id"])
    fake.world.channel(cid)
    return [fake.world.message_json(m) for m in fake.pinned(cid)]
