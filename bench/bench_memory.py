"""Resident memory and garbage-collection pauses with 1,000 live late games.

Issue 13: "Resident memory with 1,000 live late games of each variant: at most 100 MB above
the empty bot" and "the longest pause with 1,000 live late games, measured, at most 50 ms".
Each figure comes from a fresh process: the bot's modules imported and its `GameService`
opened on the cached database of 10,000 stored late games (bench/_late.py), the index read,
then 1,000 games of a variant loaded as commands load them. The empty bot is the same
process on an empty database. The pauses are every collection the interpreter ran while
loading the games and answering 3,000 queries to them (timed by `gc.callbacks`), and one
forced full collection after. Between two loads or queries the event loop runs once, as it
does between a bot's commands (the service freezes a second after a change, on a timer). `--no-freeze` shows the same without `gc.freeze()` after a
load, as the bot was before. Run: .venv/bin/python bench/bench_memory.py
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import _common  # noqa: F401  (puts the repository on sys.path)
import _late

LIVE = 1000
QUERIES = 3000
QUERY = {"hf-political-events": "deck", "killer-clue": "hand", "cold-cash-risk": "portfolio"}


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


async def child(which: str, db: str, freeze: bool) -> dict[str, Any]:
    import logging

    import bot.client  # noqa: F401  (the whole bot's modules, as the process holds them)
    from bot.service import GameService
    from bot.storage import Storage

    logging.disable(logging.WARNING)
    storage = await Storage.open(db)
    service = GameService(storage, idle_seconds=1e9, freeze_loaded=freeze)
    await service.restore()
    gc.collect()
    index_rss = rss_mb()
    pauses: list[float] = []
    cpu: list[float] = []
    started: list[tuple[float, float]] = []

    def timer(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append((time.perf_counter(), time.thread_time()))
        elif started:
            wall, thread = started.pop()
            pauses.append(time.perf_counter() - wall)
            cpu.append(time.thread_time() - thread)

    variants = list(_late.VARIANTS) if which == "mixed" else [which]
    chosen = [g for v in variants
              for g in [live for live in service.live.values() if live.row.variant == v][:LIVE]]
    gc.callbacks.append(timer)
    start = time.perf_counter()
    for live in chosen:
        await service.load(live)
        assert live.game is not None and live.broken is None, live.broken
        await asyncio.sleep(0)  # as between commands, the loop runs its timers
    loading = time.perf_counter() - start
    rnd = random.Random(1)
    for _ in range(QUERIES if chosen else 0):
        live = rnd.choice(chosen)
        await service.act(live, live.seats[0].user_id, QUERY[live.row.variant], {})
        await asyncio.sleep(0)
    loaded_rss = rss_mb()
    start, thread = time.perf_counter(), time.thread_time()
    gc.collect()
    forced, forced_cpu = time.perf_counter() - start, time.thread_time() - thread
    gc.callbacks.remove(timer)
    await storage.close()
    return {"index_rss": index_rss, "loaded_rss": loaded_rss, "games": len(service.live),
            "loaded": len(chosen), "loading_s": loading, "pauses": len(pauses),
            "longest_pause_ms": max(pauses, default=0.0) * 1e3, "forced_full_ms": forced * 1e3,
            "longest_pause_cpu_ms": max(cpu, default=0.0) * 1e3, "forced_cpu_ms": forced_cpu * 1e3,
            "tracked": len(gc.get_objects()), "frozen": gc.get_freeze_count()}


def run(which: str, db: Path, freeze: bool = True) -> dict[str, Any]:
    args = [sys.executable, __file__, "--child", which, str(db)] + ([] if freeze else
                                                                    ["--no-freeze"])
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def main() -> None:
    stored = _late.stored_database(10_000)
    with tempfile.TemporaryDirectory() as tmp:
        empty = run("empty", Path(tmp) / "empty.db")
    base = empty["loaded_rss"]
    print(f"empty bot: {base:.0f} MB resident")
    for which in (*_late.VARIANTS, "mixed"):
        r = run(which, stored)
        above = r["loaded_rss"] - base
        target = "(target <= 100 MB)" if which != "mixed" else "(1,000 of each variant)"
        print(f"{which}: {r['loaded']} live of {r['games']} stored: {above:.0f} MB above the "
              f"empty bot {target}; index alone {r['index_rss'] - base:.0f} MB; loaded in "
              f"{r['loading_s']:.1f} s")
        print(f"  gc: {r['pauses']} collections while loading and answering {QUERIES} "
              f"queries, longest {r['longest_pause_ms']:.1f} ms ({r['longest_pause_cpu_ms']:.1f}"
              f" ms of CPU); a forced full collection {r['forced_full_ms']:.1f} ms "
              f"({r['forced_cpu_ms']:.1f} ms of CPU) (target <= 50 ms); {r['tracked']} objects "
              f"tracked, {r['frozen']} frozen")
    for which in ("mixed",):
        r = run(which, stored, freeze=False)
        print(f"without gc.freeze ({which}): longest pause {r['longest_pause_ms']:.1f} ms "
              f"({r['longest_pause_cpu_ms']:.1f} ms of CPU), a forced full collection "
              f"{r['forced_full_ms']:.1f} ms ({r['forced_cpu_ms']:.1f} ms of CPU), "
              f"{r['loaded_rss'] - base:.0f} MB above the empty bot")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        result = asyncio.run(child(sys.argv[2], sys.argv[3], "--no-freeze" not in sys.argv))
        print(json.dumps(result))
    else:
        main()
