"""A REST proxy the processes share (issue 27: "honour a configurable API base URL"): with
`CROUPIER_API_BASE` every REST request of the process goes through the proxy, interaction
answers and follow-ups included, and a proxy that paces the token's global limit keeps two
processes' burst free of global 429s.

The proxy here is a few lines of aiohttp standing in for nirn-proxy: it forwards each request
to the stand-in unchanged, after one shared pace (`RestPace`) for requests with the bot's token.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import discord
import discord.http
import pytest
from aiohttp import web

from bot.client import make_bot
from bot.config import Settings
from bot.rest_pace import RestPace, point_rest_at
from sandbox import FakeDiscord, RateLimits

#: Headers hop-by-hop or recomputed by aiohttp, not forwarded.
SKIPPED = {"host", "content-length", "transfer-encoding", "connection", "content-encoding"}


@dataclass
class Proxy:
    """Forwards /api/... to the stand-in; paces requests with a token by `pace`."""

    upstream: str
    pace: RestPace | None = None
    seen: list[str] = field(default_factory=list)
    url: str = ""
    _runner: web.AppRunner | None = None
    _http: aiohttp.ClientSession | None = None

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self.forward)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        await web.SockSite(self._runner, sock).start()
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        self._http = aiohttp.ClientSession(auto_decompress=False)

    async def stop(self) -> None:
        if self._http is not None:
            await self._http.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def forward(self, request: web.Request) -> web.Response:
        assert self._http is not None
        self.seen.append(f"{request.method} {request.path}")
        paced = self.pace is not None and "Authorization" in request.headers
        # interaction answers carry no token: not paced
        async with self.pace.slot() if self.pace and paced else contextlib.nullcontext():
            headers = {k: v for k, v in request.headers.items() if k.lower() not in SKIPPED}
            async with self._http.request(request.method, self.upstream + request.path_qs,
                                          headers=headers, data=await request.read()) as answer:
                body = await answer.read()
                kept = {k: v for k, v in answer.headers.items() if k.lower() not in SKIPPED}
        return web.Response(status=answer.status, body=body, headers=kept)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake
        assert fake.internal_errors == [] and fake.unknown_routes == []


@pytest.fixture
async def proxy(fake: FakeDiscord) -> AsyncIterator[Proxy]:
    proxy = Proxy(fake.base_url)
    await proxy.start()
    saved = discord.http.Route.BASE
    point_rest_at(proxy.url)  # what `python -m bot` does with CROUPIER_API_BASE
    try:
        yield proxy
    finally:
        discord.http.Route.BASE = saved
        await proxy.stop()


async def test_with_an_api_base_every_rest_request_goes_through_the_proxy(
        fake: FakeDiscord, proxy: Proxy, tmp_path: Path) -> None:
    guild = fake.add_guild()
    chan = fake.add_channel(guild, "tables")
    ann = fake.add_user("ann")
    settings = Settings(token=fake.bot_token, database=str(tmp_path / "croupier.db"),
                        api_base=proxy.url)
    bot = make_bot(settings, extensions=("cogs.lobby", "tests.support.pig_cog"))
    assert bot.rest_pace is None  # behind a proxy, the proxy paces
    await fake.run_bot(bot)
    try:
        made = await fake.slash(ann, chan, "game new", variant="pig")
        assert "New game of **Pig**" in made.text()
        await fake.settle()
    finally:
        await fake.stop_bot(bot)
    rest = [f"{r.method} {r.path}" for r in fake.requests]
    assert rest and set(rest) <= set(proxy.seen)  # nothing reached the stand-in directly
    assert any("/interactions/" in r and r.endswith("/callback") for r in proxy.seen)
    assert any(r.startswith("PUT /api/v10/applications/") for r in proxy.seen)  # the sync


async def burst(fake: FakeDiscord, user: int, requests: int) -> None:
    """One process: log in, then send `requests` REST requests at once, unpaced."""
    client = discord.Client(intents=discord.Intents.none())
    await client.login(fake.bot_token)
    try:
        await asyncio.gather(*(client.fetch_user(user) for _ in range(requests)))
    finally:
        await client.close()


async def test_two_processes_behind_a_pacing_proxy_get_no_global_429(
        fake: FakeDiscord, proxy: Proxy) -> None:
    """The proxy holds the token's global limit for both: their burst of 3x the limit gets 0
    global 429s; the same burst straight to the stand-in gets some (scaled: 10 a 0.2 s)."""
    window, limit = 0.2, 10
    ann = fake.add_user("ann")
    fake.rate_limits = RateLimits(global_per_second=limit, global_window=window)
    proxy.pace = RestPace(8 / window, window=window)  # the proxy's margin: 8 of the 10
    await asyncio.gather(burst(fake, ann, 12), burst(fake, ann, 12))
    assert fake.rate_limits.global_limited == 0
    assert sum(r.startswith("GET /api/v10/users/") for r in proxy.seen) == 2 * 13

    discord.http.Route.BASE = f"{fake.base_url}/api/v10"  # no proxy
    fake.rate_limits = RateLimits(global_per_second=limit, global_window=window)
    await asyncio.gather(burst(fake, ann, 12), burst(fake, ann, 12))
    assert fake.rate_limits.global_limited > 0
