"""`python -m bot` runs the bot; `python -m bot demo <variant>` plays a sample game offline."""

from __future__ import annotations

import argparse
import asyncio
import logging
import shutil
import sys
from pathlib import Path

from bot.config import TOKEN_HELP, Settings


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
    settings = Settings.load()
    logging.basicConfig(level=settings.log_level, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.command == "demo":
        from bot.demo import run_demo

        return asyncio.run(run_demo(args.variant, args.out))
    if not settings.token:
        print(TOKEN_HELP.format(demo=f"{python_command()} -m bot demo"), file=sys.stderr)
        return 2
    from bot.client import Croupier

    bot = Croupier(settings)
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
