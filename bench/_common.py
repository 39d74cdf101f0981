"""Helpers for the benchmarks: the repository on sys.path, medians of repeated timings."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def median_seconds(step: Callable[[], object], repeat: int) -> float:
    """The median wall time of `repeat` calls of `step`."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
