"""The gateway: where it is (REST), and its websocket: identify, heartbeats, READY with the
guilds, and member chunks. Events are sent through the state's sessions (DiscordState.dispatch)."""

from __future__ import annotations

import json
import logging
import secrets
from typing import Any

from aiohttp import WSMsgType, web

from ..gateway import HEARTBEAT_INTERVAL_MS, GatewaySession
from ..state import DiscordState

log = logging.getLogger("sandbox")


async def gateway(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    return {"url": fake.gateway_url.rstrip("/")}


async def gateway_bot(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    queue = fake.identify_queue
    return {
        "url": fake.gateway_url.rstrip("/"),
        "shards": fake.recommended_shards,
        "session_start_limit": {
            "total": 1000, "remaining": max(0, queue.session_starts), "reset_after": 0,
            "max_concurrency": queue.max_concurrency,
        },
    }


async def serve(fake: DiscordState, request: web.Request) -> web.WebSocketResponse:
    """One bot's gateway connection, from the upgrade to its close."""
    ws = web.WebSocketResponse(max_msg_size=0)
    await ws.prepare(request)
    session = GatewaySession(ws, secrets.token_hex(16))
    fake.connected(session)
    session.send({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": None, "t": None})
    try:
        async for frame in ws:
            if frame.type == WSMsgType.TEXT:
                try:
                    await _on_frame(fake, session, json.loads(frame.data))
                except Exception:
                    log.exception("sandbox gateway frame failed")
                    fake.internal_errors.append(f"gateway frame {frame.data[:200]!r}")
            elif frame.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                break
    finally:
        await session.close()
        fake.disconnected(session)
    return ws


async def _on_frame(fake: DiscordState, session: GatewaySession, frame: dict[str, Any]) -> None:
    op = frame.get("op")
    data = frame.get("d")
    if op == 1:
        session.send({"op": 11, "d": None, "s": None, "t": None})
    elif op == 2:
        token = str((data or {}).get("token", ""))
        if token.removeprefix("Bot ") != fake.bot_token:
            await session.close(4004, b"Authentication failed.")
            return
        shard = _shard(data or {})
        if shard is None:
            await session.close(4010, b"Invalid shard.")
            return
        if not fake.identify_queue.admit(*shard):
            # Discord's answer to an IDENTIFY over the identify rate limit
            session.send({"op": 9, "d": False, "s": None, "t": None})
            return
        session.shard = shard
        session.intents = int((data or {}).get("intents", 0))
        session.identified = True
        _send_ready(fake, session)
    elif op == 6:
        session.send({"op": 9, "d": False, "s": None, "t": None})
    elif op == 8:
        _send_member_chunk(fake, session, data or {})
    # op 3 (presence) and op 4 (voice state) are accepted and ignored


def _shard(data: dict[str, Any]) -> tuple[int, int] | None:
    """IDENTIFY's `[shard_id, num_shards]` ([0, 1] when absent); None if invalid (4010)."""
    raw = data.get("shard")
    if raw is None:
        return (0, 1)
    try:
        shard_id, num_shards = (int(x) for x in raw)
    except (TypeError, ValueError):
        return None
    if num_shards < 1 or not 0 <= shard_id < num_shards:
        return None
    return (shard_id, num_shards)


def _send_ready(fake: DiscordState, session: GatewaySession) -> None:
    """READY with this session's shard's guilds (unavailable), then each one's GUILD_CREATE."""
    world = fake.world
    guilds = [g for g in world.guilds.values() if session.receives(g.id)]
    user = world.user_json(fake.bot_user_id)
    user.update({"verified": True, "mfa_enabled": True, "email": None, "locale": "en-US"})
    session.dispatch(
        "READY",
        {
            "v": 10,
            "user": user,
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "resume_gateway_url": fake.gateway_url,
            "session_type": "normal",
            "application": {"id": str(fake.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "shard": list(session.shard),
            "_trace": ["sandbox"],
        },
    )
    for guild in guilds:
        session.dispatch("GUILD_CREATE", world.guild_json(guild, full=True))


def _send_member_chunk(fake: DiscordState, session: GatewaySession, data: dict[str, Any]) -> None:
    guild = fake.world.guilds.get(int(data.get("guild_id", 0)))
    if guild is None:
        return
    ids = [int(u) for u in data.get("user_ids") or []]
    query = str(data.get("query") or "").lower()
    members = [
        fake.world.member_json(guild.id, uid) for uid in guild.members
        if (not ids or uid in ids) and fake.world.name_of(uid).lower().startswith(query)
    ]
    limit = int(data.get("limit") or 0)
    if limit:
        members = members[:limit]
    chunk: dict[str, Any] = {
        "guild_id": str(guild.id), "members": members, "chunk_index": 0, "chunk_count": 1,
    }
    if data.get("nonce") is not None:
        chunk["nonce"] = data["nonce"]
    session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
