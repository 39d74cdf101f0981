"""Discord's sharper edges, for the stand-in: pings, injected faults and rate limits.

* **Mentions** are resolved as Discord resolves them: without `allowed_mentions` every
  `<@id>`, `<@&role>`, `@everyone` and `@here` in the content pings; with it, only what its
  `parse` list and its `users`/`roles` lists allow. Embeds never ping.
* **Faults**: a test queues an error answer (any status and Discord error code) for the next
  requests that match a method and a path pattern: a 5xx on a DM, a 10062 on a reply. An
  `accepted` fault lets the request take effect first and loses its answer: a post Discord
  made whose response never reached the bot.
* **Nonces**: a message posted with `enforce_nonce` and a nonce its author used in the same
  channel within the last few minutes (`NONCE_WINDOW`, by the stand-in's clock) is not
  posted again: the answer is the earlier message, 200 (a 404 10008 if it was deleted).
* **Rate limits** (off unless a test turns them on): Discord's per-route buckets with their
  `X-RateLimit-*` headers, the per-channel message pace (5 messages per 5 s per channel) and
  the global 50 requests a second; a request over a limit gets a 429 with `retry_after`.
  The limits are the bot token's, whichever process sends: several processes share them.
  Each global 429 keeps the requests the window counted (`GlobalHit`), with who sent each
  (the caller's tag: the bench maps the TCP peer port to a process) and when its sender
  paced it if the sender said so: what a bench needs to say why the window overflowed.
* **The invalid request limit** (always on): 10,000 answers of 401, 403 or 429 (a 429 of a
  shared bucket excepted) in 10 minutes, and Cloudflare refuses every request from the
  address for a while: a 429 without Discord's JSON or its `Via` header.
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
    accepted: bool = False  # the request takes effect; only its answer is this error

    def matches(self, method: str, path: str) -> bool:
        return self.times > 0 and method == self.method and self.path.search(path) is not None


#: How long Discord remembers a nonce for `enforce_nonce`: "the past few minutes", by its
#: documentation; the stand-in keeps three. The bot must not count on more.
NONCE_WINDOW = 180.0


@dataclass
class Nonces:
    """The nonces of messages posted with `enforce_nonce`, by (channel, author, nonce)."""

    window: float = NONCE_WINDOW
    seen_at: dict[tuple[int, int, str], tuple[int, float]] = field(default_factory=dict)

    def seen(self, channel_id: int, author_id: int, nonce: str, now: float) -> int | None:
        """The message posted with this nonce within the window, if any."""
        earlier = self.seen_at.get((channel_id, author_id, nonce))
        if earlier is None or now - earlier[1] > self.window:
            return None
        return earlier[0]

    def note(self, channel_id: int, author_id: int, nonce: str, message_id: int,
             now: float) -> None:
        self.seen_at = {k: v for k, v in self.seen_at.items() if now - v[1] <= self.window}
        self.seen_at[(channel_id, author_id, nonce)] = (message_id, now)


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


@dataclass(frozen=True)
class Counted:
    """One request the global limit counted: when the stand-in handled it, its route, who
    sent it (a tag the caller gives, e.g. the TCP peer port) and when that sender paced it
    (its wall clock, from the request's `X-Croupier-Paced` header, if any)."""

    at: float
    method: str
    path: str
    sender: Any = None
    paced_at: float | None = None


@dataclass(frozen=True)
class GlobalHit:
    """A global 429: when, the request refused, and the requests the window had counted."""

    at: float
    method: str
    path: str
    sender: Any
    paced_at: float | None
    window: tuple[Counted, ...]


MESSAGE_ROUTE = re.compile(r"^/channels/(\d+)/messages$")
CHANNEL_ROUTE = re.compile(r"^/channels/(\d+)")
GUILD_ROUTE = re.compile(r"^/guilds/(\d+)")


@dataclass
class RateLimits:
    """Discord's limits that matter to a bot like this one (numbers from Discord's docs and
    its well-known per-channel pace; Discord may change them without notice).

    `per_channel_messages` per `channel_window` seconds for posting in one channel (a DM
    channel included); `per_route` requests per `route_window` for any other route of one
    channel (edits, pins, ...) or of one guild (its channels, roles, members), a bucket per
    top-level resource as Discord keys them; `global_per_second` (per `global_window`) for
    everything with the bot's token, from every process together; interaction answers and
    follow-ups are exempt, as on Discord."""

    per_channel_messages: int = 5
    channel_window: float = 5.0
    per_route: int = 5
    route_window: float = 1.0
    global_per_second: int = 50
    #: The global limit's window: 1 s on Discord; a test may shrink it to stay fast.
    global_window: float = 1.0
    buckets: dict[str, Bucket] = field(default_factory=dict)
    recent: deque[float] = field(default_factory=deque)
    limited: list[tuple[str, str, float]] = field(default_factory=list)  # (method, path, retry)
    #: How many 429s were for the global limit (the figure a fleet of processes must keep at 0)
    global_limited: int = 0
    #: The requests `recent` counts, described (same order), and each global 429 with them
    counted: deque[Counted] = field(default_factory=deque, repr=False)
    global_hits: list[GlobalHit] = field(default_factory=list, repr=False)

    def check(self, method: str, path: str, now: float, sender: Any = None,
              paced_at: float | None = None) -> tuple[float, bool, dict[str, str]]:
        """(retry_after or 0, global?, headers) for one request to `path` (after /api/v10);
        `sender` and `paced_at` only describe it, for `global_hits`."""
        while self.recent and now - self.recent[0] >= self.global_window:
            self.recent.popleft()
            self.counted.popleft()
        if len(self.recent) >= self.global_per_second:
            self.global_limited += 1
            self.global_hits.append(GlobalHit(now, method, path, sender, paced_at,
                                              tuple(self.counted)))
            wait = self.global_window - (now - self.recent[0])
            return wait, True, {"X-RateLimit-Global": "true"}
        bucket = self._bucket(method, path)
        wait = 0.0 if bucket is None else bucket.take(now)
        if not wait:
            self.recent.append(now)
            self.counted.append(Counted(now, method, path, sender, paced_at))
        if bucket is None:
            return 0.0, False, {}
        return wait, False, bucket.headers(now)

    def _bucket(self, method: str, path: str) -> Bucket | None:
        if (m := MESSAGE_ROUTE.match(path)) and method == "POST":
            name = f"messages-{m.group(1)}"
            limit, window = self.per_channel_messages, self.channel_window
        elif m := CHANNEL_ROUTE.match(path) or GUILD_ROUTE.match(path):
            # the route with its ids other than the top-level resource's (the channel or the
            # guild) replaced, as Discord keys buckets
            shape = re.sub(r"/\d+", "/:id", path[m.end():])
            top = "" if path.startswith("/channels/") else "guild-"
            name = f"{method}{shape}-{top}{m.group(1)}"
            limit, window = self.per_route, self.route_window
        else:
            return None
        bucket = self.buckets.get(name)
        if bucket is None:
            bucket = self.buckets[name] = Bucket(name, limit, window)
        return bucket


INVALID_STATUSES = frozenset({401, 403, 429})


@dataclass
class InvalidRequests:
    """Discord's invalid request limit, "Cloudflare bans" in its docs: an address whose
    requests got `limit` answers of 401, 403 or 429 (429s of a shared bucket not counted)
    within `window` seconds is refused for `ban` seconds. Discord documents 10,000 per
    10 minutes and no ban length; an hour is what bots report."""

    limit: int = 10_000
    window: float = 600.0
    ban: float = 3600.0
    recent: deque[float] = field(default_factory=deque)
    banned_until: float = 0.0
    bans: int = 0
    refused: int = 0  # requests answered by the ban

    def banned(self, now: float) -> bool:
        if now < self.banned_until:
            self.refused += 1
            return True
        return False

    def record(self, status: int, scope: str | None, now: float) -> None:
        """Count one answer; the `limit`-th invalid one within the window starts a ban."""
        if status not in INVALID_STATUSES or (status == 429 and scope == "shared"):
            return
        while self.recent and now - self.recent[0] >= self.window:
            self.recent.popleft()
        self.recent.append(now)
        if len(self.recent) >= self.limit:
            self.banned_until = now + self.ban
            self.bans += 1
            self.recent.clear()

    @property
    def count(self) -> int:
        return len(self.recent)
