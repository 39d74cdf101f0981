"""REST: guilds: the guild, its channels (and creating a text channel), roles and members."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ..errors import form_error
from ..gateway import INTENT_GUILDS
from ..http import json_response, read_body
from ..state import DiscordState
from .channels import valid_name


async def guild(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    found = fake.world.guild(int(p["guild_id"]))
    data = fake.world.guild_json(found, full=False)
    data["approximate_member_count"] = len(found.members)
    data["approximate_presence_count"] = 0
    return data


async def channels(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    found = fake.world.guild(int(p["guild_id"]))
    listed = [fake.world.channels[c] for c in found.channel_ids]
    return [fake.world.channel_json(c) for c in listed if not c.deleted and not c.is_thread]


async def create_channel(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    found = fake.world.guild(int(p["guild_id"]))
    body, _ = await read_body(request)
    if int(body.get("type") or 0) != 0:
        raise form_error([("type", "BASE_TYPE_CHOICES", "The sandbox only creates text channels (type 0).")])
    name = valid_name(body)
    channel = fake.world.add_channel(found.id, name)
    channel.topic = body.get("topic")
    data = fake.world.channel_json(channel)
    fake.dispatch("CHANNEL_CREATE", data, INTENT_GUILDS)
    return json_response(data, 201)


async def roles(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    found = fake.world.guild(int(p["guild_id"]))
    return [fake.world.role_json(r) for r in found.roles.values()]


async def members(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    found = fake.world.guild(int(p["guild_id"]))
    limit = int(request.query.get("limit", "1"))
    after = int(request.query.get("after", "0"))
    ids = sorted(u for u in found.members if u > after)[:limit]
    return [fake.world.member_json(found.id, u) for u in ids]


async def member(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    return fake.world.member_json(int(p["guild_id"]), int(p["user_id"]))
