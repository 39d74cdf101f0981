"""Issue 14: channel posts, DMs and images per player action over each whole demo game.

Not a timing: counts of what the bot asks of its players' attention (demo/counts.py).
Run: .venv/bin/python bench/bench_messages.py [variant ...]
"""

from __future__ import annotations

import asyncio
import logging
import sys

import _common  # noqa: F401  (puts the repository on sys.path)

from demo.counts import count_demo
from demo.scripts import SCRIPTS


async def main(variants: list[str]) -> None:
    for variant in variants:
        print((await count_demo(variant)).per_action(), flush=True)


if __name__ == "__main__":
    logging.basicConfig(level=logging.ERROR)
    asyncio.run(main(sys.argv[1:] or list(SCRIPTS)))
