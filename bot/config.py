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


@dataclass(frozen=True)
class Settings:
    """Everything the process can be told. Environment variables win over `.env`."""

    token: str | None
    database: str = "croupier.db"
    dev_guild: int | None = None  # sync commands to this guild only: instant updates
    snapshot_every: int = 20
    log_level: str = "INFO"

    @classmethod
    def load(cls, env: dict[str, str] | None = None, dotenv: Path | None = None) -> Settings:
        merged = read_dotenv(dotenv or Path(".env"))
        merged.update(os.environ if env is None else env)
        guild = merged.get("CROUPIER_DEV_GUILD", "").strip()
        return cls(
            token=merged.get("DISCORD_TOKEN") or None,
            database=merged.get("CROUPIER_DB", "croupier.db"),
            dev_guild=int(guild) if guild else None,
            snapshot_every=int(merged.get("CROUPIER_SNAPSHOT_EVERY", "20")),
            log_level=merged.get("CROUPIER_LOG_LEVEL", "INFO"),
        )
