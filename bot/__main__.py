"""`python -m bot` runs the bot; `python -m bot demo <variant>` plays a sample game offline.

Test-only: `CROUPIER_SANDBOX_URL=http://127.0.0.1:<port>` points the process at a running
stand-in for Discord (`sandbox.FakeDiscord`) instead of Discord, and
`CROUPIER_EXTENSIONS=a,b` replaces the cogs loaded; the crash tests start the bot this way.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import os
import shutil
import sys
from pathlib import Path

from bot.config import TOKEN_HELP, Settings, SettingsError


def python_command() -> str:
    """How to run this very interpreter from here, as typed in a shell (a venv's python
    is often not the `python` on the PATH)."""
    exe = Path(sys.executable).absolute()
    found = shutil.which("python")
    if found and Path(found).absolute() == exe:
        return "python"
    try:
        return str(exe.relative_to(Path.cwd()))
    except ValueError:
        return str(exe)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Croupier, a Discord "
                                     "bot that runs tabletop variants.")
    sub = parser.add_subparsers(dest="command")
    demo = sub.add_parser("demo", help="play a sample game against a local stand-in for Discord")
    demo.add_argument("variant", nargs="?", default="killer-clue",
                      help="the game to play (default: a whole game of Killer Clue)")
    demo.add_argument("--out", default="demo-out", help="where the transcript and images go")
    args = parser.parse_args(argv)
    try:
        settings = Settings.load()
    except SettingsError as exc:
        print(f"Croupier can't start: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.command == "demo":
        from demo.run import run_demo

        return asyncio.run(run_demo(args.variant, args.out))
    if not settings.token:
        print(TOKEN_HELP.format(demo=f"{python_command()} -m bot demo"), file=sys.stderr)
        return 2
    from bot.storage import StorageUnavailable, hold_database
    from bot.stores import is_postgres_url

    try:
        # One bot per SQLite database, for as long as this process lives (the descriptor
        # stays open until it ends): a second one stops here, before it connects to
        # anything. Not for PostgreSQL, where several processes share the database.
        held = None if is_postgres_url(settings.database) else hold_database(settings.database)
        asyncio.run(check_database(settings.database))
    except StorageUnavailable as exc:
        print(f"Croupier can't start: {exc}", file=sys.stderr)
        return 3
    from bot.client import DEFAULT_EXTENSIONS, make_bot

    extensions: tuple[str, ...] = DEFAULT_EXTENSIONS
    if os.environ.get("CROUPIER_EXTENSIONS"):
        extensions = tuple(os.environ["CROUPIER_EXTENSIONS"].split(","))
        for name in extensions:  # a test's variants must be known before games are restored
            importlib.import_module(name)
    if settings.api_base:
        from bot.rest_pace import point_rest_at

        point_rest_at(settings.api_base)  # a REST proxy the processes share
    sandbox = os.environ.get("CROUPIER_SANDBOX_URL")
    if sandbox:
        point_at_sandbox(sandbox)
    # the stand-in sends every guild at once: no need to wait 2 s for more
    bot = make_bot(settings, extensions=extensions,
                   guild_ready_timeout=0.05 if sandbox else 2.0)
    try:
        bot.run(settings.token, log_handler=None)
    finally:
        if held is not None:
            os.close(held)  # (the kernel releases it anyway when the process ends)
    return 0


async def check_database(path: str) -> None:
    """Open the database once before connecting: one that can't be opened or written ends
    the process with a message (and a non-zero status a supervisor sees) at once."""
    from bot.stores import open_storage

    storage = await open_storage(path)
    await storage.close()


def point_at_sandbox(url: str) -> None:
    """Test-only: talk to a local stand-in for Discord instead of Discord."""
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = f"{url}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url.replace("http", "ws", 1) + "/")


if __name__ == "__main__":
    raise SystemExit(main())
