"""The fake's HTTP server on 127.0.0.1: each REST request to its route, answered as Discord.

It checks the bot's token, applies the rate limits and the faults a test set, turns a
route's ApiError into Discord's JSON error (never a 5xx: discord.py would retry for 25 s),
logs every request, serves attachments and avatars, and hands the websocket upgrade on "/"
to the gateway. The routes themselves are in routes/, given to the server as a table.
"""

from __future__ import annotations

import json
import logging
import re
import socket
import struct
import time
import zlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from .errors import ApiError
from .state import DiscordState, RequestRecord
from .strict import Fault
from .world import Upload

log = logging.getLogger("sandbox")

#: What a route returns for Discord's "204 No Content".
NO_CONTENT = object()

Handler = Callable[[DiscordState, web.Request, dict[str, str]], Awaitable[Any]]
Websocket = Callable[[DiscordState, web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class Route:
    method: str
    regex: re.Pattern[str]
    handler: Handler
    auth: bool


def route(method: str, pattern: str, handler: Handler, *, auth: bool = True) -> Route:
    """A REST route: `pattern` is a path after /api/v10 with {name} placeholders (ids are
    digits; a token or an emoji any text; a ref or a member "@..." or digits)."""

    def group(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in ("token", "emoji"):
            return f"(?P<{name}>[^/]+)"
        if name in ("ref", "member"):
            return f"(?P<{name}>@[a-z]+|[0-9]+)"
        return f"(?P<{name}>[0-9]+)"

    regex = re.compile("^" + re.sub(r"\{(\w+)\}", group, pattern) + "$")
    return Route(method, regex, handler, auth)


def json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py only parses JSON for that exact header value.
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


async def read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """JSON body, or multipart ``payload_json`` + ``files[n]``."""
    if request.content_type.startswith("multipart/"):
        payload: Any = {}
        uploads: list[Upload] = []
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            if name == "payload_json":
                payload = json.loads(await part.text())
            elif name.startswith("files[") and name.endswith("]"):
                data = bytes(await part.read())
                uploads.append(Upload(int(name[6:-1]), part.filename or f"file{len(uploads)}", data))
            elif part.filename:
                data = bytes(await part.read())
                uploads.append(Upload(len(uploads), part.filename, data))
            elif isinstance(payload, dict):
                payload[name] = await part.text()
        return payload, uploads
    raw = await request.read()
    if not raw:
        return {}, []
    try:
        return json.loads(raw), []
    except ValueError:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from None


def _tiny_png(size: int = 16, rgb: tuple[int, int, int] = (88, 101, 242)) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\x00" + bytes(rgb) * size
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(row * size)) + chunk(b"IEND", b"")
    )


def _too_many(retry_after: float, is_global: bool, headers: dict[str, str]) -> web.Response:
    """Discord's 429: the JSON body with `retry_after`, through its proxy (`Via`)."""
    body = {"message": "You are being rate limited.", "retry_after": round(retry_after, 3),
            "global": is_global}
    response = json_response(body, 429)
    response.headers.update({**headers, "Via": "1.1 google", "X-RateLimit-Remaining": "0",
                             "Retry-After": str(max(1, round(retry_after))),
                             "X-RateLimit-Scope": "global" if is_global else "user"})
    return response


def _banned() -> web.Response:
    """Cloudflare's refusal during a ban: a 429 with its own text, not Discord's JSON, and no
    `Via` header (discord.py raises it at once instead of waiting)."""
    return web.Response(status=429, text="error code: 1015", headers={"Retry-After": "3600"},
                        content_type="text/plain")


class HttpServer:
    """REST v10 under /api/v10 and the gateway websocket on "/", for one fake's state."""

    def __init__(self, fake: DiscordState, routes: Sequence[Route], websocket: Websocket) -> None:
        self.fake = fake
        self.routes = list(routes)
        self.websocket = websocket
        self._runner: web.AppRunner | None = None
        self._avatar = _tiny_png()

    @property
    def running(self) -> bool:
        return self._runner is not None

    async def start(self) -> int:
        """Listen on a free port of 127.0.0.1; returns the port."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        site = web.SockSite(runner, sock)
        await site.start()
        self._runner = runner
        return int(sock.getsockname()[1])

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/" and request.headers.get("Upgrade", "").lower() == "websocket":
            return await self.websocket(self.fake, request)
        self.fake.in_flight += 1
        try:
            if request.method == "GET" and path.startswith("/attachments/"):
                return self._serve_attachment(path)
            if request.method == "GET" and (path.startswith("/avatars/") or path.startswith("/embed/avatars/")):
                return web.Response(body=self._avatar, headers={"Content-Type": "image/png"})
            return await self._handle_rest(request)
        finally:
            self.fake.in_flight -= 1
            self.fake.last_request_end = time.monotonic()

    async def _handle_rest(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        invalid = self.fake.invalid_requests
        if invalid.banned(self.fake.clock()):
            self.fake.requests.append(RequestRecord(request.method, path, 429, "banned"))
            return _banned()
        try:
            response = await self._dispatch_rest(request)
        except ApiError as err:
            response = json_response(err.body(), err.status)
            self.fake.requests.append(RequestRecord(request.method, path, err.status, err.message))
            invalid.record(err.status, None, self.fake.clock())
            if err.status != 404 or err.code != 0:
                log.info("sandbox %s %s -> %s %s", request.method, path, err.status, err.message)
            return response
        except Exception as exc:  # never 5xx: discord.py would retry for 25 s
            log.exception("sandbox internal error on %s %s", request.method, path)
            self.fake.internal_errors.append(f"{request.method} {path}: {exc!r}")
            self.fake.requests.append(RequestRecord(request.method, path, 400, repr(exc)))
            return json_response({"code": 0, "message": f"sandbox internal error: {exc!r}"}, 400)
        self.fake.requests.append(RequestRecord(request.method, path, response.status))
        invalid.record(response.status, response.headers.get("X-RateLimit-Scope"), self.fake.clock())
        return response

    async def _dispatch_rest(self, request: web.Request) -> web.StreamResponse:
        fake = self.fake
        path = request.path
        prefix = "/api/v10"
        if not path.startswith(prefix + "/"):
            return self._unknown(request)
        sub = path[len(prefix):]
        for entry in self.routes:
            if entry.method != request.method:
                continue
            match = entry.regex.match(sub)
            if match is None:
                continue
            if entry.auth and request.headers.get("Authorization") != f"Bot {fake.bot_token}":
                raise ApiError(401, 0, "401: Unauthorized")
            headers: dict[str, str] = {}
            if entry.auth and fake.rate_limits is not None:
                wait, is_global, headers = fake.rate_limits.check(
                    request.method, sub, fake.clock(), sender=_peer_port(request),
                    paced_at=_paced_at(request))
                if wait > 0:
                    fake.rate_limits.limited.append((request.method, sub, wait))
                    return _too_many(wait, is_global, headers)
            lost: Fault | None = None  # done, but its answer is this error
            for fault in fake.faults:
                if fault.matches(request.method, sub):
                    fault.times -= 1
                    if fault.accepted:
                        lost = fault
                        break
                    if fault.status == 429:
                        return _too_many(fault.retry_after or 0.1, False, {})
                    raise ApiError(fault.status, fault.code, fault.message)
            result = await entry.handler(fake, request, match.groupdict())
            if lost is not None:
                raise ApiError(lost.status, lost.code, lost.message)
            if result is NO_CONTENT:
                response: web.StreamResponse = web.Response(status=204)
            elif isinstance(result, web.StreamResponse):
                response = result
            else:
                response = json_response(result)
            response.headers.update(headers)
            return response
        return self._unknown(request)

    def _unknown(self, request: web.Request) -> web.Response:
        entry = f"{request.method} {request.path}"
        self.fake.unknown_routes.append(entry)
        log.warning("sandbox: unknown route %s", entry)
        raise ApiError(404, 0, "unknown route")

    def _serve_attachment(self, path: str) -> web.Response:
        parts = path.split("/")
        try:
            att = self.fake.world.attachments[int(parts[3])]
        except (IndexError, ValueError, KeyError):
            return json_response({"code": 0, "message": "404: Not Found"}, 404)
        return web.Response(body=att.data, headers={"Content-Type": att.content_type})


def _peer_port(request: web.Request) -> int | None:
    """The TCP port the request came from: one connection of one process (a bench maps it
    to the process)."""
    peer = request.transport.get_extra_info("peername") if request.transport else None
    return int(peer[1]) if isinstance(peer, tuple) and len(peer) >= 2 else None


def _paced_at(request: web.Request) -> float | None:
    """When the sender paced the request (its wall clock), if it says: `bot/rest_pace.py`
    stamps it when asked to (CROUPIER_PACE_STAMP), for a bench's account of a global 429."""
    try:
        return float(request.headers["X-Croupier-Paced"])
    except (KeyError, ValueError):
        return None
