"""One gateway websocket session of the fake Discord (text frames, no compression)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from aiohttp import web

from .shards import shard_of

log = logging.getLogger("sandbox")

# Gateway intents the fake honours when dispatching
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15

HEARTBEAT_INTERVAL_MS = 41250


class GatewaySession:
    """A connected websocket; frames are written in order by one writer task."""

    def __init__(self, ws: web.WebSocketResponse, session_id: str) -> None:
        self.ws = ws
        self.session_id = session_id
        self.seq = 0
        self.intents = 0
        self.identified = False
        self.closed = False
        #: (shard_id, num_shards) from IDENTIFY; a session that names none is shard [0, 1]
        self.shard: tuple[int, int] = (0, 1)
        #: The name of every event dispatched to this session, in order (for tests)
        self.events: list[str] = []
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write(), name=f"sandbox-gateway-{session_id[:8]}")

    @property
    def live(self) -> bool:
        return self.identified and not self.closed and not self.ws.closed

    def receives(self, guild_id: int | None) -> bool:
        """Whether Discord routes an event of this guild (None: a DM) to this session."""
        shard_id, num_shards = self.shard
        return shard_of(guild_id, num_shards) == shard_id

    def send(self, payload: dict[str, Any]) -> None:
        if not self.closed:
            self._queue.put_nowait(payload)

    def dispatch(self, event: str, data: Any) -> None:
        if self.closed:
            return
        self.seq += 1
        self.events.append(event)
        self.send({"op": 0, "t": event, "s": self.seq, "d": data})

    async def _write(self) -> None:
        while True:
            item = await self._queue.get()
            if item is None or self.ws.closed:
                return
            try:
                await self.ws.send_str(json.dumps(item))
            except (ConnectionError, RuntimeError) as exc:
                log.debug("gateway write failed: %r", exc)
                return

    async def flush(self, timeout: float = 1.0) -> None:
        """Wait until every queued frame was handed to the socket."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not self._queue.empty() and not self._writer.done() and loop.time() < deadline:
            await asyncio.sleep(0.001)

    async def close(self, code: int = 1000, message: bytes = b"") -> None:
        if self.closed:
            return
        self.closed = True
        self._queue.put_nowait(None)
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError, Exception):
            await asyncio.wait_for(self._writer, 1.0)
        if not self.ws.closed:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(code=code, message=message), 1.0)
