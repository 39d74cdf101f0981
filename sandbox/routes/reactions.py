"""REST: the bot's own reactions on a message (20 distinct at most), and clearing them."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ..errors import ApiError
from ..http import NO_CONTENT
from ..state import DiscordState


async def react(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    msg = fake.world.message(int(p["channel_id"]), int(p["message_id"]))
    if p["emoji"] not in msg.reactions:
        if len(msg.reactions) >= 20:
            raise ApiError(400, 30010, "Maximum number of reactions reached (20)")
        msg.reactions.append(p["emoji"])
    return NO_CONTENT


async def unreact(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    msg = fake.world.message(int(p["channel_id"]), int(p["message_id"]))
    if p["emoji"] in msg.reactions:
        msg.reactions.remove(p["emoji"])
    return NO_CONTENT


async def clear_reactions(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    fake.world.message(int(p["channel_id"]), int(p["message_id"])).reactions.clear()
    return NO_CONTENT
