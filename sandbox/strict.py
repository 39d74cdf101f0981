"""Discord's sharper edges, for the stand-in: pings, injected faults and rate limits.

* **Mentions** are resolved as Discord resolves them: without `allowed_mentions` every
  `<@id>`, `<@&role>`, `@everyone` and `@here` in the content pings; with it, only what its
  `parse` list and its `users`/`roles` lists allow. Embeds never ping.
* **Faults**: a test queues an error answer (any status and Discord error code) for the next
  requests that match a method and a path pattern: a 5xx on a DM, a 10062 on a reply.
* **Rate limits** (off unless a test turns them on): Discord's per-route buckets with their
  `X-RateLimit-*` headers, the per-channel message pace (5 messages per 5 s per channel) and
  the global 50 requests a second; a request over a limit gets a 429 with `retry_after`.
"""

from __future__ import annotations

import re
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

USER_MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")


@dataclass(frozen=True)
class Pings:
    """Who a message notifies."""

    users: frozenset[int] = frozenset()
    roles: frozenset[int] = frozenset()
    everyone: bool = False


def resolve_pings(content: str, allowed: Any) -> Pings:
    """Who Discord would ping for `content` under the payload's `allowed_mentions`."""
    users = {int(u) for u in USER_MENTION.findall(content)}
    roles = {int(r) for r in ROLE_MENTION.findall(content)}
    everyone = "@everyone" in content or "@here" in content
    if not isinstance(allowed, dict):  # absent: everything in the content pings
        return Pings(frozenset(users), frozenset(roles), everyone)
    parse = set(allowed.get("parse") or [])
    named_users = {int(u) for u in allowed.get("users") or []}
    named_roles = {int(r) for r in allowed.get("roles") or []}
    return Pings(
        frozenset(u for u in users if "users" in parse or u in named_users),
        frozenset(r for r in roles if "roles" in parse or r in named_roles),
        everyone and "everyone" in parse,
    )


@dataclass
class Fault:
    """An error answer waiting for the next `times` requests that match."""

    method: str
    path: re.Pattern[str]
    status: int
    code: int
    message: str
    times: int = 1
    retry_after: float | None = None

    def matches(self, method: str, path: str) -> bool:
        return self.times > 0 and method == self.method and self.path.search(path) is not None


@dataclass
class Bucket:
    """A fixed-window bucket, as Discord's headers describe it."""

    name: str
    limit: int
    window: float
    resets_at: float = 0.0
    used: int = 0

    def take(self, now: float) -> float:
        """0 if a request may go now (and count it), else the seconds until it may."""
        if now >= self.resets_at:
            self.resets_at = now + self.window
            self.used = 0
        if self.used >= self.limit:
            return self.resets_at - now
        self.used += 1
        return 0.0

    def headers(self, now: float) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(0, self.limit - self.used)),
            "X-RateLimit-Reset": f"{time.time() + max(0.0, self.resets_at - now):.3f}",
            "X-RateLimit-Reset-After": f"{max(0.0, self.resets_at - now):.3f}",
            "X-RateLimit-Bucket": self.name,
        }


MESSAGE_ROUTE = re.compile(r"^/channels/(\d+)/messages$")
CHANNEL_ROUTE = re.compile(r"^/channels/(\d+)")


@dataclass
class RateLimits:
    """Discord's limits that matter to a bot like this one (numbers from Discord's docs and
    its well-known per-channel pace; Discord may change them without notice).

    `per_channel_messages` per `channel_window` seconds for posting in one channel (a DM
    channel included); `per_route` requests per `route_window` for any other route of one
    channel (edits, pins, ...); `global_per_second` for everything with the bot's token."""

    per_channel_messages: int = 5
    channel_window: float = 5.0
    per_route: int = 5
    route_window: float = 1.0
    global_per_second: int = 50
    buckets: dict[str, Bucket] = field(default_factory=dict)
    recent: deque[float] = field(default_factory=deque)
    limited: list[tuple[str, str, float]] = field(default_factory=list)  # (method, path, retry)

    def check(self, method: str, path: str, now: float) -> tuple[float, bool, dict[str, str]]:
        """(retry_after or 0, global?, headers) for one request to `path` (after /api/v10)."""
        while self.recent and now - self.recent[0] >= 1.0:
            self.recent.popleft()
        if len(self.recent) >= self.global_per_second:
            return 1.0 - (now - self.recent[0]), True, {"X-RateLimit-Global": "true"}
        bucket = self._bucket(method, path)
        if bucket is None:
            self.recent.append(now)
            return 0.0, False, {}
        wait = bucket.take(now)
        if not wait:
            self.recent.append(now)
        return wait, False, bucket.headers(now)

    def _bucket(self, method: str, path: str) -> Bucket | None:
        if (m := MESSAGE_ROUTE.match(path)) and method == "POST":
            name = f"messages-{m.group(1)}"
            limit, window = self.per_channel_messages, self.channel_window
        elif m := CHANNEL_ROUTE.match(path):
            # the route with its ids other than the channel's replaced, as Discord keys buckets
            shape = re.sub(r"/\d+", "/:id", path[m.end():])
            name = f"{method}{shape}-{m.group(1)}"
            limit, window = self.per_route, self.route_window
        else:
            return None
        bucket = self.buckets.get(name)
        if bucket is None:
            bucket = self.buckets[name] = Bucket(name, limit, window)
        return bucket
