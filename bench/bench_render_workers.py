"""A slash command's time to deferral while pictures are drawn: in threads of the bot's
process (CROUPIER_RENDER_WORKERS=0, as before issue 27) against worker processes (2).

The real bot and discord.py against the local stand-in. `/pig note` (a real action: found,
deferred, applied, stored, answered) is timed from the interaction sent to its first answer
(the deferral, which Discord wants within 3 s), one at a time with a short gap, REPEAT
times: with nothing else to do, then while a burst of pictures is drawn (IN_FLIGHT
renders of one game's board, kept in flight through the bot's own `Painter`, as
announcements draw them). The workers are started and warmed before timing (their start is
reported apart). Run: .venv/bin/python bench/bench_render_workers.py [variant], variant one
of SCENES (default killer-clue).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import _common  # noqa: F401  (puts the repository on sys.path)

import engine
import renders
import tests.support.pig  # noqa: F401
from bot.client import Croupier
from bot.config import Settings
from engine import autoplay
from sandbox import FakeDiscord

REPEAT = 40
IN_FLIGHT = 6
GAP = 0.05
#: The pictures drawn: a variant, its seats, the random actions played before drawing.
SCENES = {
    "cold-cash-risk": (["Zoë", "José", "李明", "Eli"], 200),
    "killer-clue": (["Miss Scarlet", "Col. Mustard", "Mrs. White", "Mr. Green"], 60),
    "dictators": (["Zoë", "José", "李明", "Eli", "Fay"], 400),
}
VARIANT = sys.argv[1] if len(sys.argv) > 1 else "killer-clue"


def public_view() -> dict[str, Any]:
    seats, steps = SCENES[VARIANT]
    game = engine.new_game(VARIANT, seats, seed="bench-workers")
    autoplay.play(game, random.Random(7), steps,
                  autoplay.Leaning(skip_optional=0.0, open_values=False))
    view: dict[str, Any] = json.loads(json.dumps(game.view(None)))
    return view


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def run(workers: int, view: dict[str, Any]) -> dict[str, Any]:
    board = renders.PICTURES[VARIANT].board
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            guild = fake.add_guild()
            channel = fake.add_channel(guild, "bench")
            ann = fake.add_user("ann", guild_id=guild)
            bob = fake.add_user("bob", guild_id=guild)
            bot = Croupier(Settings(token=fake.bot_token, database=str(Path(tmp) / "b.db"),
                                    render_workers=workers),
                           extensions=("cogs.lobby", "tests.support.pig_cog"))
            await fake.run_bot(bot)
            for who, command, options in ((ann, "game new", {"variant": "pig",
                                                             "options": "target=1000"}),
                                          (ann, "game join", {}), (bob, "game join", {}),
                                          (ann, "game start", {})):
                await fake.slash(who, channel, command, **options)
            await fake.settle()
            painter = bot.painter
            start = time.perf_counter()
            assert await painter._render(board, view)  # workers started, fonts and map drawn
            first = time.perf_counter() - start
            for _ in range(2 * max(1, workers)):  # every worker warm
                await asyncio.gather(*(painter._render(board, view) for _ in range(workers or 1)))
            start = time.perf_counter()
            for _ in range(5):
                await painter._render(board, view)
            one_render = (time.perf_counter() - start) / 5

            async def timed(n: int, label: str) -> float:
                await fake.settle()
                await asyncio.sleep(GAP)
                start = time.perf_counter()
                await fake.slash(ann, channel, "pig note", text=f"{label}{n}")
                return time.perf_counter() - start

            idle = [await timed(n, "idle") for n in range(REPEAT)]
            drawn = 0
            stop = asyncio.Event()

            async def keep_drawing() -> None:
                nonlocal drawn
                while not stop.is_set():
                    if await painter._render(board, view):
                        drawn += 1

            burst = [asyncio.create_task(keep_drawing()) for _ in range(IN_FLIGHT)]
            await asyncio.sleep(0.3)
            start = time.perf_counter()
            busy = []
            for n in range(REPEAT):
                busy.append(await timed(n, "busy"))
            elapsed = time.perf_counter() - start
            stop.set()
            await asyncio.gather(*burst)
            await fake.stop_bot(bot)
    return {"workers": workers, "first": first, "one_render": one_render, "idle": idle,
            "busy": busy, "renders_per_s": drawn / elapsed}


def line(name: str, values: list[float]) -> str:
    return (f"{name}: p50 {statistics.median(values) * 1e3:.1f} ms, p90 "
            f"{pct(values, 0.9) * 1e3:.1f} ms, max {max(values) * 1e3:.1f} ms")


async def main() -> None:
    logging.disable(logging.WARNING)
    view = public_view()
    print(f"{VARIANT}: {REPEAT} commands each, {IN_FLIGHT} renders in flight")
    for workers in (0, 2):
        result = await run(workers, view)
        where = "threads of the bot's process" if workers == 0 else f"{workers} worker processes"
        print(f"-- pictures drawn in {where}")
        print(f"first picture (workers started, fonts, still layers): "
              f"{result['first'] * 1e3:.0f} ms; one render warm, alone: "
              f"{result['one_render'] * 1e3:.0f} ms")
        print(line("  /pig note to deferral, nothing drawn", result["idle"]))
        print(line(f"  /pig note to deferral, {IN_FLIGHT} renders in flight", result["busy"]))
        print(f"  renders drawn meanwhile: {result['renders_per_s']:.1f} a second")


if __name__ == "__main__":
    asyncio.run(main())
