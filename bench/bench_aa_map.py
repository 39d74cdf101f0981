"""Axis & Allies map render (issues 15, 24): render time against a default-settings PNG encode
of the same picture, measured in the same run, and the bytes as posted.

"render" is a view not drawn before: the caches that depend on the view (whole pictures,
coloured maps, label layouts, stills; `fresh()`) are emptied before each, the static ones
(the outlines' raster per frame, text masks) kept, as in a bot that has drawn that picture
once. "again" is the same view drawn again (from the picture cache).

    .venv/bin/python bench/bench_aa_map.py
"""

from __future__ import annotations

import io
import time

from _common import median_seconds
from PIL import Image

from engine.aa.map import classic_map
from engine.aa.position import Position
from renders import aa_map

MOVES = [{"power": "Germany", "from": "Ukraine S.S.R.", "to": "Karelia S.S.R.",
          "units": {"armour": 2}},
         {"power": "Germany", "from": "Libya", "to": "Anglo Sudan Egypt", "units": {"armour": 1}}]


def fresh() -> None:
    """Empty the caches that depend on the view (none before issue 24's)."""
    for name in ("_cached", "_coloured", "_layout", "still"):
        cache = getattr(aa_map, name, None)
        if cache is not None and hasattr(cache, "cache_clear"):
            cache.cache_clear()


def drawn(view: dict[str, object], theatre: str | None) -> bytes:
    fresh()
    return aa_map.render(view, theatre=theatre)


def main() -> None:
    view = {"position": Position.opening(classic_map()).to_json(), "round": 1,
            "current": "Germany", "phase": "combat move", "moves": MOVES,
            "income": {"USSR": 24, "Germany": 32, "United Kingdom": 30, "Japan": 25, "USA": 36}}
    print("| picture | size | bytes | first render | render | again | PNG encode | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for theatre in (None, "Western Europe", "Pacific"):
        start = time.perf_counter()
        png = aa_map.render(view, theatre=theatre)
        first = time.perf_counter() - start
        picture = Image.open(io.BytesIO(png)).convert("RGB")

        def encode(picture: Image.Image = picture) -> bytes:
            out = io.BytesIO()
            picture.save(out, format="PNG")
            return out.getvalue()

        renders, encodes, agains = [], [], []
        for _ in range(5):  # interleaved: the machine is shared and noisy
            renders.append(median_seconds(lambda t=theatre: drawn(view, t), 3))
            encodes.append(median_seconds(encode, 3))
            agains.append(median_seconds(lambda t=theatre: aa_map.render(view, theatre=t), 3))
        render_s, encode_s = sorted(renders)[2], sorted(encodes)[2]
        again_s = sorted(agains)[2]
        print(f"| {theatre or 'world'} | {picture.width} x {picture.height} | "
              f"{len(png) // 1024} KiB | {first * 1000:.0f} ms | {render_s * 1000:.0f} ms | "
              f"{again_s * 1000:.1f} ms | {encode_s * 1000:.0f} ms | {render_s / encode_s:.2f}x |")


if __name__ == "__main__":
    main()
