"""Helpers for the benchmarks: medians of repeated timings, and the Pig test game."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


async def median_seconds(step: Callable[[], Awaitable[object]], repeat: int) -> float:
    """The median wall time of `repeat` awaited calls of `step`."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        await step()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
