"""REST: threads: created in a channel or from a message, and their members."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ..errors import ApiError, form_error, not_found
from ..gateway import INTENT_GUILD_MEMBERS, INTENT_GUILDS
from ..http import NO_CONTENT, json_response, read_body
from ..state import DiscordState
from ..world import (
    DM,
    P_CREATE_PRIVATE_THREADS,
    P_CREATE_PUBLIC_THREADS,
    PRIVATE_THREAD,
    THREAD_TYPES,
    Channel,
)
from .channels import valid_name
from .permissions import bot_needs


def _parent(fake: DiscordState, channel_id: int) -> Channel:
    parent = fake.world.channel(channel_id)
    if parent.type == DM or parent.is_thread:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    return parent


def _created(fake: DiscordState, thread: Channel) -> dict[str, Any]:
    data = fake.world.channel_json(thread)
    fake.dispatch("THREAD_CREATE", {**data, "newly_created": True}, INTENT_GUILDS)
    return data


async def create_thread(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    parent = _parent(fake, int(p["channel_id"]))
    body, _ = await read_body(request)
    ttype = int(body.get("type") or PRIVATE_THREAD)
    if ttype not in THREAD_TYPES:
        raise form_error([("type", "BASE_TYPE_CHOICES", "Value must be one of {11, 12}.")])
    bot_needs(fake, parent, P_CREATE_PRIVATE_THREADS if ttype == PRIVATE_THREAD
              else P_CREATE_PUBLIC_THREADS)
    thread = fake.world.add_thread(
        parent, valid_name(body), private=ttype == PRIVATE_THREAD, owner_id=fake.bot_user_id,
        invitable=bool(body.get("invitable", True)),
        auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
    )
    return json_response(_created(fake, thread), 201)


async def thread_from_message(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    parent = _parent(fake, int(p["channel_id"]))
    msg = fake.world.message(parent.id, int(p["message_id"]))
    if msg.thread_id is not None:
        raise ApiError(400, 160004, "A thread has already been created for this message")
    body, _ = await read_body(request)
    thread = fake.world.add_thread(
        parent, valid_name(body), private=False, owner_id=fake.bot_user_id, invitable=True,
        thread_id=msg.id, auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
    )
    msg.thread_id = thread.id
    return json_response(_created(fake, thread), 201)


def _thread(fake: DiscordState, channel_id: int) -> Channel:
    thread = fake.world.channel(channel_id)
    if not thread.is_thread:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    return thread


def _member_user(fake: DiscordState, thread: Channel, ref: str) -> int:
    user_id = fake.bot_user_id if ref == "@me" else int(ref)
    assert thread.guild_id is not None
    if user_id not in fake.world.guild(thread.guild_id).members:
        raise not_found(10007, "Unknown Member")
    return user_id


def _members_update(fake: DiscordState, thread: Channel, added: int | None, removed: int | None) -> None:
    data: dict[str, Any] = {
        "id": str(thread.id), "guild_id": str(thread.guild_id), "member_count": len(thread.thread_members),
    }
    if added is not None:
        assert thread.guild_id is not None
        data["added_members"] = [
            {**fake.world.thread_member_json(thread, added), "member": fake.world.member_json(thread.guild_id, added)}
        ]
    if removed is not None:
        data["removed_member_ids"] = [str(removed)]
    fake.dispatch("THREAD_MEMBERS_UPDATE", data, INTENT_GUILD_MEMBERS)


async def members(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    thread = _thread(fake, int(p["channel_id"]))
    return [fake.world.thread_member_json(thread, u) for u in thread.thread_members]


async def add_member(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    thread = _thread(fake, int(p["channel_id"]))
    if thread.archived:
        raise ApiError(400, 50083, "Thread is archived")
    user_id = _member_user(fake, thread, p["member"])
    if user_id not in thread.thread_members:
        thread.thread_members.append(user_id)
        _members_update(fake, thread, user_id, None)
    return NO_CONTENT


async def remove_member(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    thread = _thread(fake, int(p["channel_id"]))
    user_id = _member_user(fake, thread, p["member"])
    if user_id in thread.thread_members:
        thread.thread_members.remove(user_id)
        _members_update(fake, thread, None, user_id)
    return NO_CONTENT
