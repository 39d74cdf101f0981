"""This process's share of Discord's global REST limit, and where REST requests go.

Discord allows a bot token 50 requests a second in all, whichever process sends them
(interaction answers and follow-ups excepted), and answers more with a global 429. discord.py
waits out 429s but does not pace itself ahead of them, and it knows nothing of the other
processes. Two ways to stay under the limit together:

* a REST proxy the processes share (`CROUPIER_API_BASE`, e.g. nirn-proxy or
  twilight-http-proxy): it holds the token's buckets and the global limit for every process;
* otherwise each process keeps to its share (`RestPace`): the limit (less a tenth) times the
  fraction of the shards it runs, so that the shares add up to under the limit without any
  coordination (each request holds its share's slot until a second after its answer, so a
  request slow on its way cannot be counted in one second with the next second's); a process
  running every shard (or unsharded) keeps to the whole limit. Not pacing ahead of the limit
  costs dearly under load: discord.py answers a global 429 by retrying, the retries meet more
  429s, and after five a post is dropped (measured by bench/bench_processes.py: one unpaced
  process at 50 commands a second got 2,371 global 429s in a minute and left most
  interactions unanswered).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import discord.http

#: Discord's global limit per bot token is 50 a second; the shares add up to less, so that
#: requests delayed on their way and arriving together still fit.
GLOBAL_PER_SECOND = 45.0
#: How long a request with no answer yet holds its slot: past it, taken as lost (discord.py's
#: requests time out long before; a slot must not stay held for ever).
HELD_AT_MOST = 60.0
#: When this module was loaded: in `python -m bot`, during the imports, after the process
#: began (and so after a process it replaces was killed).
LOADED_AT = time.monotonic()
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
    """At most `per_window` requests in any `window` seconds as the receiver counts them,
    however long each takes on its way: a request holds its slot from when it is paced until
    `window` after its answer came (Discord counted it in between), and the next request waits
    for a free slot.

    Freed a window after it was paced (as before), a request delayed on its way (this
    process's busy loop, a new connection, the receiver's own) was counted in the same second
    as the ones paced after it, and a window of a process's requests took its slots back
    while the last window's were still arriving: the stand-in counted 50 and more in a
    second from two processes each keeping to its 22 (bench/bench_processes.py, chaos: each
    global 429 came with one process's requests paced over more than a second and handled
    within one, up to 182 ms after being paced)."""

    def __init__(self, per_second: float, *, window: float = 1.0,
                 clock: Callable[[], float] = time.monotonic, stamp: bool = False,
                 held_at_most: float = HELD_AT_MOST, started: float | None = None) -> None:
        self.per_window = max(1, int(per_second * window))
        self.window = window
        #: No request before a window after the process started (`started`, by `clock`;
        #: `LOADED_AT` by default): the process it replaces (killed, or restarted by a
        #: deploy) may have used the whole share in its last second, which this pace
        #: cannot know. A process takes longer than that to start, mostly.
        if started is None:
            started = LOADED_AT if clock is time.monotonic else float("-inf")
        self._quiet_until = started + window
        self.held_at_most = held_at_most
        self._clock = clock
        #: Tell the receiver when each request was paced (`X-Croupier-Paced`, wall clock):
        #: for the stand-in's account of a global 429 in a bench, never for Discord.
        self.stamp = stamp
        self._until: dict[int, float] = {}  # slot -> when it is free again
        self._answered: set[int] = set()
        self._slots = 0
        self._freed = asyncio.Event()
        self._lock = asyncio.Lock()
        self.waited = 0  # how many requests had to wait for their turn

    async def take(self) -> int:
        """Wait for a free slot and hold it: the slot, for `answered` once the request's answer
        (or its failure) came. Until then it stays held (at most `held_at_most`)."""
        async with self._lock:  # in order: a request that waited goes first
            waited = False
            while True:
                now = self._clock()
                if now < self._quiet_until:
                    waited = True
                    await asyncio.sleep(self._quiet_until - now)
                    continue
                for slot in [s for s, until in self._until.items() if until <= now]:
                    del self._until[slot]
                    self._answered.discard(slot)
                if len(self._until) < self.per_window:
                    self._slots += 1
                    self._until[self._slots] = now + self.held_at_most
                    self.waited += waited
                    return self._slots
                waited = True
                self._freed.clear()
                # the first slot to come free, or an answer (which sets its slot's time)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._freed.wait(),
                                           min(self._until.values()) - now)

    def answered(self, slot: int) -> None:
        """The request's answer came, or it failed: the receiver counted it before now, so its
        slot is free a window from now."""
        if slot in self._until and slot not in self._answered:
            self._answered.add(slot)
            self._until[slot] = self._clock() + self.window
            self._freed.set()

    @contextlib.asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Hold a slot while the block sends a request and reads its answer (a proxy's)."""
        held = await self.take()
        try:
            yield
        finally:
            self.answered(held)

    def install(self, http: discord.http.HTTPClient) -> None:
        """Pace every request of discord.py's REST client that carries the bot's token, at the
        moment it is sent: after discord.py's own waits (a per-route bucket, the global lock)
        and for each of its retries. Paced when queued instead (as before), requests held by
        a channel's bucket went out together when it reset, and retries went out unpaced:
        global 429s from processes that kept to their shares (bench/bench_processes.py).
        Interaction callbacks and follow-ups carry no token (discord.py answers them with the
        interaction's own), and Discord does not count them against the global limit; a
        gateway connection carries none either. Its slot is held until its answer (or its
        failure) came, then a window more. Call before the client logs in: the session it
        opens then takes the trace."""
        trace = http.http_trace or aiohttp.TraceConfig()

        async def before_sending(session: aiohttp.ClientSession, context: Any,
                                 params: aiohttp.TraceRequestStartParams) -> None:
            if params.headers.get("Authorization", "").startswith("Bot "):
                context.rest_pace_slot = await self.take()
                if self.stamp:  # the headers the request is about to be sent with
                    params.headers[PACED_HEADER] = f"{time.time():.6f}"

        async def after_answer(session: aiohttp.ClientSession, context: Any,
                               params: Any) -> None:
            slot = getattr(context, "rest_pace_slot", None)
            if slot is not None:
                self.answered(slot)

        trace.on_request_start.append(before_sending)
        # aiohttp ends every request it started with one of these (a cancellation included)
        trace.on_request_end.append(after_answer)
        trace.on_request_exception.append(after_answer)
        http.http_trace = trace
