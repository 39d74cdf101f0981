"""REST: the bot's messages in a channel, thread or DM: post, read, edit, delete, history."""

from __future__ import annotations

import time
from typing import Any

from aiohttp import web

from ..errors import ApiError
from ..http import NO_CONTENT, read_body
from ..state import DiscordState
from ..world import DM, P_ATTACH_FILES, P_SEND_MESSAGES, P_SEND_MESSAGES_IN_THREADS, TimelineEntry
from .permissions import bot_needs


async def post_message(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    channel = fake.world.channel(int(p["channel_id"]))
    if channel.type == DM:
        assert channel.recipient_id is not None
        if not fake.world.user(channel.recipient_id).dms_open:
            name = fake.world.name_of(channel.recipient_id)
            channel.timeline.append(TimelineEntry(time.time(), event=f"refused a DM to {name}: DMs closed"))
            raise ApiError(403, 50007, "Cannot send messages to this user")
    elif channel.is_thread and channel.locked and channel.archived:
        raise ApiError(400, 50083, "Thread is archived")
    payload, uploads = await read_body(request)
    send = P_SEND_MESSAGES_IN_THREADS if channel.is_thread else P_SEND_MESSAGES
    bot_needs(fake, channel, send | (P_ATTACH_FILES if uploads else 0))
    nonce = payload.get("nonce") if isinstance(payload, dict) else None
    enforced = nonce is not None and bool(payload.get("enforce_nonce"))
    if enforced:
        earlier = fake.nonces.seen(channel.id, fake.bot_user_id, str(nonce), fake.clock())
        if earlier is not None:
            msg = fake.world.messages.get(earlier)
            if msg is None or msg.deleted:
                raise ApiError(404, 10008, "Unknown Message")
            return fake.world.message_json(msg, with_nonce=True)  # the one made: nothing new
    msg = fake.create_message(channel, fake.bot_user_id, payload, uploads)
    if enforced:
        fake.nonces.note(channel.id, fake.bot_user_id, str(nonce), msg.id, fake.clock())
    return fake.world.message_json(msg, with_nonce=True)


async def get_message(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    return fake.world.message_json(fake.world.message(int(p["channel_id"]), int(p["message_id"])))


async def edit_message(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    msg = fake.world.message(int(p["channel_id"]), int(p["message_id"]))
    if msg.author_id != fake.bot_user_id:
        raise ApiError(403, 50005, "Cannot edit a message authored by another user")
    payload, uploads = await read_body(request)
    return fake.world.message_json(fake.edit_message(msg, payload, uploads))


async def delete_message(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    fake.delete_message(fake.world.message(int(p["channel_id"]), int(p["message_id"])))
    return NO_CONTENT


async def history(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    cid = int(p["channel_id"])
    fake.world.channel(cid)
    msgs = [m for m in fake.world.visible_messages(cid) if not m.deleted]
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
    return [fake.world.message_json(m) for m in reversed(msgs)]
