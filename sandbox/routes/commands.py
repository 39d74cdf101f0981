"""REST: the application commands the bot syncs, global or for one guild."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ..errors import ApiError, not_found
from ..http import NO_CONTENT, json_response, read_body
from ..state import DiscordState
from ..validation import check_commands


def _scope(fake: DiscordState, p: dict[str, str]) -> tuple[int | None, list[dict[str, Any]]]:
    if int(p["app_id"]) != fake.application_id:
        raise ApiError(403, 50001, "Missing Access")
    if "guild_id" in p and p["guild_id"] is not None:
        gid = int(p["guild_id"])
        if gid not in fake.world.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return gid, fake.guild_commands.setdefault(gid, [])
    return None, fake.global_commands


def _record(fake: DiscordState, guild_id: int | None, body: dict[str, Any]) -> dict[str, Any]:
    ctype = int(body.get("type", 1))
    key = (guild_id, ctype, str(body.get("name")))
    cid = fake.command_ids.get(key)
    if cid is None:
        cid = fake.world.ids.next()
        fake.command_ids[key] = cid
    perms = body.get("default_member_permissions")
    record = dict(body)
    record.update(
        {
            "id": str(cid),
            "application_id": str(fake.application_id),
            "version": str(fake.world.ids.next()),
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


def _find(fake: DiscordState, p: dict[str, str]) -> tuple[list[dict[str, Any]], int]:
    _, commands = _scope(fake, p)
    for i, cmd in enumerate(commands):
        if cmd["id"] == p["command_id"]:
            return commands, i
    raise not_found(10063, "Unknown application command")


async def list_commands(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    _, commands = _scope(fake, p)
    return commands


async def replace_commands(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    guild_id, _ = _scope(fake, p)
    body, _ = await read_body(request)
    check_commands(body)
    records = [_record(fake, guild_id, cmd) for cmd in body]
    if guild_id is None:
        fake.global_commands = records
    else:
        fake.guild_commands[guild_id] = records
    return records


async def create_command(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    guild_id, commands = _scope(fake, p)
    body, _ = await read_body(request)
    check_commands([body])
    record = _record(fake, guild_id, body)
    for i, cmd in enumerate(commands):
        if cmd["id"] == record["id"]:
            commands[i] = record
            return record
    commands.append(record)
    return json_response(record, 201)


async def get_command(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    commands, i = _find(fake, p)
    return commands[i]


async def edit_command(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    commands, i = _find(fake, p)
    body, _ = await read_body(request)
    merged = {**commands[i], **body}
    check_commands([merged])
    guild_id = int(p["guild_id"]) if p.get("guild_id") else None
    commands[i] = _record(fake, guild_id, merged)
    return commands[i]


async def delete_command(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    commands, i = _find(fake, p)
    del commands[i]
    return NO_CONTENT
