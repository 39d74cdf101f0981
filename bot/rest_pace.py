"""This process's share of Discord's global REST limit, and where REST requests go.

Discord allows a bot token 50 requests a second in all, whichever process sends them
(interaction answers and follow-ups excepted), and answers more with a global 429. discord.py
waits out 429s but does not pace itself ahead of them, and it knows nothing of the other
processes. Two ways to stay under the limit together:

* a REST proxy the processes share (`CROUPIER_API_BASE`, e.g. nirn-proxy or
  twilight-http-proxy): it holds the token's buckets and the global limit for every process;
* otherwise each process keeps to its share (`RestPace`): the limit (less a tenth) times the
  fraction of the shards it runs, so that the shares add up to under the limit without any
  coordination; a process running every shard (or unsharded) keeps to the whole limit. Not
  pacing ahead of the limit costs dearly under load: discord.py answers a global 429 by
  retrying, the retries meet more 429s, and after five a post is dropped (measured by
  bench/bench_processes.py: one unpaced process at 50 commands a second got 2,371 global 429s
  in a minute and left most interactions unanswered).
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import aiohttp
import discord.http

#: Discord's global limit per bot token is 50 a second; the shares add up to less, so that
#: requests delayed on their way and arriving together still fit.
GLOBAL_PER_SECOND = 45.0
#: The time a request may take to reach Discord, kept free between windows.
MARGIN = 0.02
#: The header a stamping pace adds: when the request was paced, by this process's wall clock.
PACED_HEADER = "X-Croupier-Paced"
#: Set (to anything) in a bench's bot processes: each request says when it was paced.
STAMP_ENV = "CROUPIER_PACE_STAMP"


def api_base(url: str) -> str:
    """A base URL for discord.py's routes: `http://proxy:8080` becomes
    `http://proxy:8080/api/v10`; one that already names an API version is kept."""
    url = url.rstrip("/")
    if re.search(r"/api/v\d+$", url):
        return url
    return f"{url}/api/v10"


def point_rest_at(url: str) -> None:
    """Send every REST request of this process, interaction answers included, to `url`."""
    discord.http.Route.BASE = api_base(url)


def share_of_global(shard_count: int | None, shard_ids: tuple[int, ...] | None,
                    configured: float | None, proxied: bool) -> float | None:
    """Requests per second this process may send (None: no pacing of its own). A setting
    wins; behind a shared proxy the proxy paces; one process of several runs its shards'
    fraction of the limit; a process running every shard (or unsharded) the whole limit."""
    if configured is not None:
        return configured if configured > 0 else None
    if proxied:
        return None
    if not shard_count or shard_ids is None or len(shard_ids) >= shard_count:
        return GLOBAL_PER_SECOND
    return GLOBAL_PER_SECOND * len(shard_ids) / shard_count


class RestPace:
    """At most `per_window` requests in any `window` seconds, waited for before sending."""

    def __init__(self, per_second: float, *, window: float = 1.0,
                 clock: Callable[[], float] = time.monotonic, stamp: bool = False) -> None:
        self.per_window = max(1, int(per_second * window))
        self.window = window
        self._clock = clock
        #: Tell the receiver when each request was paced (`X-Croupier-Paced`, wall clock):
        #: for the stand-in's account of a global 429 in a bench, never for Discord.
        self.stamp = stamp
        self._sent: deque[float] = deque()
        self._lock = asyncio.Lock()
        self.waited = 0  # how many requests had to wait for their turn

    async def take(self) -> None:
        async with self._lock:  # in order: a request that waited goes first
            waited = False
            while True:
                now = self._clock()
                while self._sent and now - self._sent[0] >= self.window + MARGIN:
                    self._sent.popleft()
                if len(self._sent) < self.per_window:
                    self._sent.append(now)
                    self.waited += waited
                    return
                waited = True
                await asyncio.sleep(self._sent[0] + self.window + MARGIN - now)

    def install(self, http: discord.http.HTTPClient) -> None:
        """Pace every request of discord.py's REST client that carries the bot's token, at the
        moment it is sent: after discord.py's own waits (a per-route bucket, the global lock)
        and for each of its retries. Paced when queued instead (as before), requests held by
        a channel's bucket went out together when it reset, and retries went out unpaced:
        global 429s from processes that kept to their shares (bench/bench_processes.py).
        Interaction callbacks and follow-ups carry no token (discord.py answers them with the
        interaction's own), and Discord does not count them against the global limit; a
        gateway connection carries none either. Call before the client logs in: the session
        it opens then takes the trace."""
        trace = http.http_trace or aiohttp.TraceConfig()

        async def before_sending(session: aiohttp.ClientSession, context: Any,
                                 params: aiohttp.TraceRequestStartParams) -> None:
            if params.headers.get("Authorization", "").startswith("Bot "):
                await self.take()
                if self.stamp:  # the headers the request is about to be sent with
                    params.headers[PACED_HEADER] = f"{time.time():.6f}"

        trace.on_request_start.append(before_sending)
        http.http_trace = trace
