"""REST: the bot's own user, other users, and its application."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ..state import DiscordState


async def me(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    user = fake.world.user_json(fake.bot_user_id)
    user.update({"verified": True, "mfa_enabled": True, "email": None, "locale": "en-US"})
    return user


async def user(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    return fake.world.user_json(int(p["user_id"]))


async def application(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    return {
        "id": str(fake.application_id),
        "name": fake.bot_name,
        "icon": None,
        "description": "",
        "summary": "",
        "rpc_origins": [],
        "bot_public": True,
        "bot_require_code_grant": False,
        "bot": fake.world.user_json(fake.bot_user_id),
        "owner": fake.world.user_json(fake.world.owner_id),
        "team": None,
        "verify_key": "0" * 64,
        "flags": 0,
        "tags": [],
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "approximate_guild_count": len(fake.world.guilds),
    }
