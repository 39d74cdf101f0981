"""Discord's sharding, for the stand-in: which session an event goes to, and the identify queue.

As Discord documents it (Gateway, "Sharding" and "Rate Limiting"):

* A session names its shard in IDENTIFY as ``shard: [shard_id, num_shards]`` (none: ``[0, 1]``).
  A guild's events go to the sessions whose ``shard_id == (guild_id >> 22) % num_shards``;
  events without a guild (DMs) go to shard 0 only. ``num_shards`` only routes: sessions with
  different counts, or several with the same shard, are allowed.
* An invalid shard (``shard_id >= num_shards``, or a count under 1) is closed with 4010.
* Identifies are rate limited per key ``shard_id % max_concurrency`` (``max_concurrency`` comes
  from ``GET /gateway/bot``'s ``session_start_limit``): one IDENTIFY per key per 5 s. One that
  comes too early is answered with op 9 Invalid Session (``d: false``); the client must wait
  and identify again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: Events whose guild is the payload itself rather than its `guild_id`.
GUILD_EVENTS = frozenset({"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"})


def shard_of(guild_id: int | None, num_shards: int) -> int:
    """The shard Discord sends a guild's events to; DMs (no guild) go to shard 0."""
    if guild_id is None:
        return 0
    return (guild_id >> 22) % num_shards


def guild_of(event: str, data: Any) -> int | None:
    """The guild a gateway event belongs to (None: a DM or no guild at all)."""
    if not isinstance(data, dict):
        return None
    if event in GUILD_EVENTS:
        return int(data["id"])
    guild = data.get("guild_id")
    return int(guild) if guild else None


@dataclass(frozen=True)
class Identify:
    """One IDENTIFY the gateway received: its shard, when, and whether it was let in."""

    shard_id: int
    num_shards: int
    at: float
    accepted: bool


@dataclass
class IdentifyQueue:
    """Discord's identify rate limit: one IDENTIFY per rate-limit key per `interval` seconds.

    `interval` is Discord's 5 s; a test may shorten it (with the bot's own spacing) to stay
    fast. `clock` is the queue's time (monotonic seconds; a test may drive it by hand)."""

    max_concurrency: int = 1
    interval: float = 5.0
    clock: Callable[[], float] = time.monotonic
    session_starts: int = 1000
    last: dict[int, float] = field(default_factory=dict)
    log: list[Identify] = field(default_factory=list)

    def key(self, shard_id: int) -> int:
        return shard_id % self.max_concurrency

    def admit(self, shard_id: int, num_shards: int) -> bool:
        """True (and counted) if this IDENTIFY may start a session now; False: too early."""
        now = self.clock()
        key = self.key(shard_id)
        previous = self.last.get(key)
        accepted = previous is None or now - previous >= self.interval
        if accepted:
            self.last[key] = now
            self.session_starts -= 1
        self.log.append(Identify(shard_id, num_shards, now, accepted))
        return accepted

    @property
    def refused(self) -> list[Identify]:
        return [i for i in self.log if not i.accepted]

    @property
    def accepted(self) -> list[Identify]:
        return [i for i in self.log if i.accepted]
