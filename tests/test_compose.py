"""docker-compose.yml runs several bot processes over one PostgreSQL database (issue 27: "The
README says how to run several processes over PostgreSQL, with Docker Compose too").

No Docker engine runs on the development machines, so this reads the file as Compose would
(YAML anchors and merge keys, `${VAR}` substitution) and checks what each bot process would
run with, through the bot's own settings: together the processes cover every shard exactly
once, share one database (the compose file's PostgreSQL, as its user and database), take
turns to identify through one lock file on a volume they all mount, and the image's user
owns where that volume is mounted.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

from bot.config import Settings

ROOT = Path(__file__).resolve().parent.parent
ENV = {"DISCORD_TOKEN": "token-from-env", "POSTGRES_PASSWORD": "secret"}


def substitute(value: str) -> str:
    """Compose's `${NAME}` and `${NAME:?message}` with the values in ENV."""
    return re.sub(r"\$\{(\w+)(?::\?[^}]*)?\}", lambda m: ENV[m.group(1)], value)


def compose() -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    assert isinstance(data, dict)
    return data


def bot_services() -> dict[str, dict[str, Any]]:
    """The services built from this repository: the bot's processes."""
    return {name: svc for name, svc in compose()["services"].items() if svc.get("build") == "."}


def settings_of(service: dict[str, Any]) -> Settings:
    env = {k: substitute(str(v)) for k, v in service["environment"].items()}
    return Settings.load(env=env, dotenv=ROOT / "no-such.env")


def test_the_bot_processes_cover_every_shard_once_over_one_database() -> None:
    services = bot_services()
    assert len(services) >= 2, "Compose should show several processes"
    settings = [settings_of(svc) for svc in services.values()]
    counts = {s.shard_count for s in settings}
    assert len(counts) == 1 and None not in counts, counts
    (count,) = counts
    assert count is not None
    shards = sorted(i for s in settings for i in (s.shard_ids or ()))
    assert shards == list(range(count)), shards
    assert {s.token for s in settings} == {"token-from-env"}
    databases = {s.database for s in settings}
    assert len(databases) == 1
    url = urlsplit(databases.pop())
    postgres = compose()["services"]["postgres"]["environment"]
    assert url.scheme == "postgresql" and url.hostname == "postgres"
    assert url.username == postgres["POSTGRES_USER"] and url.path == "/" + postgres["POSTGRES_DB"]
    assert url.password == ENV["POSTGRES_PASSWORD"]


def test_the_processes_take_turns_to_identify_through_a_shared_volume() -> None:
    """README "Several processes": containers take turns through a lock file on a volume they
    all mount; the image runs as its own user, who must be able to create that file."""
    dockerfile = (ROOT / "Dockerfile").read_text()
    owned = re.search(r"chown \S+ (/\S+)", dockerfile)
    assert owned, "the Dockerfile gives its user a directory"
    for name, svc in bot_services().items():
        lock = settings_of(svc).identify_lock
        assert lock is not None, name
        mounts = {m.split(":")[1]: m.split(":")[0] for m in svc["volumes"]}
        folder = str(Path(lock).parent)
        assert folder in mounts, (name, lock, mounts)
        assert folder == owned.group(1), "the lock's folder is the one the image's user owns"
        assert mounts[folder] in compose()["volumes"]
    assert len({tuple(svc["volumes"]) for svc in bot_services().values()}) == 1
