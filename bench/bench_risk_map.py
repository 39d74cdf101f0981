"""The RISK map render against encoding a PNG of the same size, in the same run.

A render draws the view on the (cached) background and encodes one palette PNG. The
baseline is Pillow's default Image.save as PNG of the same picture in RGB (the finished
picture before the encode, `risk_map.picture`), and of a blank one for reference.
Target (issue 13): a render takes at most 1.0x the encoding of the same picture.
bench/bench_render.py measures every game's images the same way.
Run: .venv/bin/python bench/bench_risk_map.py
"""

from __future__ import annotations

import io
import random
import time
from typing import Any

from _common import median_seconds  # also puts the repository on sys.path
from PIL import Image  # noqa: E402

from engine.risk.map import classic_map  # noqa: E402
from renders.risk_map import picture as rgb_picture  # noqa: E402
from renders.risk_map import render  # noqa: E402

REPEAT = 11
TARGET = 1.0



def sample_view(seed: int = 5) -> dict[str, Any]:
    """A mid-game Cold Cash Risk board: six players, Mom & Pops, towers, big armies."""
    rng = random.Random(seed)
    players = {"Ann": "red", "Bo": "blue", "Cyd": "green", "Dee": "yellow", "Eli": "purple",
               "Fay": "black"}
    territories: dict[str, Any] = {}
    for name in classic_map().territories:
        owner = rng.choice([*players, "Mom & Pop", None])
        markers = ["mompop"] if owner == "Mom & Pop" else (["tower"] if rng.random() < .1
                                                           else [])
        territories[name] = {"owner": owner, "armies": rng.randint(1, 40) if owner else 0,
                             "markers": markers}
    return {"title": "Cold Cash Risk - turn 9", "players": players, "territories": territories}


def encode(img: Image.Image) -> bytes:
    buffer = io.BytesIO()
    img.save(buffer, "PNG")
    return buffer.getvalue()


def main() -> None:
    view = sample_view()
    start = time.perf_counter()
    png = render(view, highlight=["Ukraine", "Middle East"])
    cold = time.perf_counter() - start
    picture = rgb_picture(view, highlight=["Ukraine", "Middle East"])
    blank = Image.new("RGB", picture.size, (255, 255, 255))
    warm = median_seconds(lambda: render(view, highlight=["Ukraine", "Middle East"]), REPEAT)
    same = median_seconds(lambda: encode(picture), REPEAT)
    empty = median_seconds(lambda: encode(blank), REPEAT)
    ratio = warm / same
    print(f"image {picture.width}x{picture.height}, {len(png) / 1024:.0f} KiB")
    print(f"render (first call, draws and caches the background): {cold * 1000:.1f} ms")
    print(f"render (median of {REPEAT}):                          {warm * 1000:.1f} ms")
    print(f"Image.save PNG of the same picture (median):          {same * 1000:.1f} ms")
    print(f"Image.save PNG of a blank image of that size:         {empty * 1000:.1f} ms")
    print(f"render / encode of the same picture: {ratio:.2f}x  "
          f"(target <= {TARGET:.1f}x: {'ok' if ratio <= TARGET else 'MISSED'})")


if __name__ == "__main__":
    main()
