"""Settings, from the environment or a `.env` file beside the working directory."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

TOKEN_HELP = """\
Croupier needs a bot token to connect to Discord.

  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", reset and copy the token.
  3. Put it in the environment (export DISCORD_TOKEN=...) or in a .env file:
         DISCORD_TOKEN=...
  4. Invite the bot with the scopes "bot" and "applications.commands" (see README.md).

No Discord account at hand? This plays a whole sample game against a local stand-in
for Discord, with no token, and writes what everyone saw to ./demo-out/:

    {demo}
"""


def read_dotenv(path: Path) -> dict[str, str]:
    """KEY=VALUE lines; # comments and blank lines ignored; quotes stripped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip().removeprefix("export ").strip()] = value.strip().strip("'\"")
    return values


class SettingsError(ValueError):
    """A setting that can't be used as given; the message names it and says why."""


def parse_shards(count: str, ids: str) -> tuple[int | None, tuple[int, ...] | None]:
    """CROUPIER_SHARD_COUNT and CROUPIER_SHARD_IDS ("0,1"): (count, this process's ids).
    No count: unsharded (one connection, as Discord lets a bot under 2,500 servers run);
    a count without ids: this process runs every shard."""
    count, ids = count.strip(), ids.strip()
    if not count:
        if ids:
            raise SettingsError("CROUPIER_SHARD_IDS needs CROUPIER_SHARD_COUNT (the total number of shards)")
        return None, None
    try:
        total = int(count)
        chosen = tuple(int(part) for part in ids.split(",")) if ids else None
    except ValueError:
        raise SettingsError("CROUPIER_SHARD_COUNT must be a whole number and CROUPIER_SHARD_IDS "
                            "a list of them, like 0,1") from None
    if total < 1:
        raise SettingsError("CROUPIER_SHARD_COUNT must be at least 1")
    if chosen is not None:
        if not chosen or any(not 0 <= i < total for i in chosen) or len(set(chosen)) < len(chosen):
            raise SettingsError(f"CROUPIER_SHARD_IDS must be distinct shard numbers from 0 to "
                                f"{total - 1}")
    return total, chosen


def default_render_workers() -> int:
    return max(0, min(2, (os.cpu_count() or 1) - 1))


def parse_render_workers(value: str) -> int:
    """CROUPIER_RENDER_WORKERS: how many processes draw pictures (0: threads of the bot's
    own process); unset, one core fewer than the machine has, at most two: the bot's own
    process keeps a core for its interactions (on two busy cores two workers measured no
    better than threads, bench/README.md), and a one-core machine draws in threads."""
    value = value.strip()
    if not value:
        return default_render_workers()
    try:
        workers = int(value)
    except ValueError:
        raise SettingsError("CROUPIER_RENDER_WORKERS must be a whole number (0: draw pictures "
                            "in the bot's own process)") from None
    if workers < 0:
        raise SettingsError("CROUPIER_RENDER_WORKERS must be 0 or more")
    return workers


@dataclass(frozen=True)
class Settings:
    """Everything the process can be told. Environment variables win over `.env`."""

    token: str | None
    # An SQLite file, or a PostgreSQL URL (postgresql://...): bot/stores.py picks the store.
    database: str = "croupier.db"
    dev_guild: int | None = None  # sync commands to this guild only: instant updates
    snapshot_every: int = 20
    log_level: str = "INFO"
    # Several processes (README "Several processes"): the shard count, this process's shards,
    # a REST proxy the processes share, the identify queue's lock file, and this process's
    # share of Discord's global REST limit.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    api_base: str | None = None
    identify_lock: str | None = None
    rest_per_second: float | None = None
    # Processes that draw the pictures (CROUPIER_RENDER_WORKERS); 0 draws them in threads of
    # the bot's process. Unset in the environment: min(2, cores). Built by hand (tests): 0.
    render_workers: int = 0

    @classmethod
    def load(cls, env: dict[str, str] | None = None, dotenv: Path | None = None) -> Settings:
        merged = read_dotenv(dotenv or Path(".env"))
        merged.update(os.environ if env is None else env)
        guild = merged.get("CROUPIER_DEV_GUILD", "").strip()
        shard_count, shard_ids = parse_shards(merged.get("CROUPIER_SHARD_COUNT", ""),
                                              merged.get("CROUPIER_SHARD_IDS", ""))
        pace = merged.get("CROUPIER_REST_PER_SECOND", "").strip()
        try:
            rest_per_second = float(pace) if pace else None
        except ValueError:
            raise SettingsError("CROUPIER_REST_PER_SECOND must be a number") from None
        return cls(
            render_workers=parse_render_workers(merged.get("CROUPIER_RENDER_WORKERS", "")),
            token=merged.get("DISCORD_TOKEN") or None,
            database=merged.get("CROUPIER_DB", "croupier.db"),
            dev_guild=int(guild) if guild else None,
            snapshot_every=int(merged.get("CROUPIER_SNAPSHOT_EVERY", "20")),
            log_level=merged.get("CROUPIER_LOG_LEVEL", "INFO"),
            shard_count=shard_count,
            shard_ids=shard_ids,
            api_base=merged.get("CROUPIER_API_BASE", "").strip() or None,
            identify_lock=merged.get("CROUPIER_IDENTIFY_LOCK", "").strip() or None,
            rest_per_second=rest_per_second,
        )
