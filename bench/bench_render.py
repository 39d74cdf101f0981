"""Every board image against a plain PNG encode of the same picture, in the same run.

Issue 13: "every board image renders in at most 1.0x a default-settings PNG encode of the
same picture (`Image.save(buf, "PNG")` of the finished RGB picture), and is at most 150 KB at
the size it is posted". For each image: the render (draw + one palette encode), and the floor:
Pillow's default PNG encode of the finished RGB picture (each render's `picture()`), timed
interleaved, medians. Also the render's first call in the process (fonts loaded, still layers
drawn and cached) and the quantise and encode alone.
Run: .venv/bin/python bench/bench_render.py
"""

from __future__ import annotations

import io
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from _common import ROOT  # noqa: F401  (puts the repository on sys.path)
from PIL import Image  # noqa: E402

import engine  # noqa: E402
import renders  # noqa: E402
from engine import autoplay  # noqa: E402
from renders import (  # noqa: E402
    aa_map,
    cold_cash_risk,
    hf,
    killer_clue,
    one_world_dominion,
    plotted_aa,
    risk_map,
)
from renders.encode import png  # noqa: E402

REPEAT = 11
TARGET = 1.0
LIMIT = 150_000
NAMES = ["Zoë", "José", "李明", "🐙kraken", "Eli", "Fay"]


def played(variant: str, seats: list[str], steps: int, seed: str,
           options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The public view (as JSON, as the bot has it) after `steps` random legal actions."""
    game = engine.new_game(variant, seats, seed=seed, options=options)
    autoplay.play(game, random.Random(seed), steps,
                  autoplay.Leaning(skip_optional=0.0, open_values=False))
    view: dict[str, Any] = json.loads(json.dumps(game.view(None)))
    return view


def risk_view() -> dict[str, Any]:
    """A six-player mid-game RISK board with Mom & Pops, towers and big armies."""
    rnd = random.Random(5)
    territories: dict[str, Any] = {}
    for name in risk_map.LAYOUT:
        owner = rnd.choice([*NAMES, "Mom & Pop", None])
        markers = ["mompop"] if owner == "Mom & Pop" else (["tower"] if rnd.random() < .1
                                                           else [])
        territories[name] = {"owner": owner, "armies": rnd.randint(1, 40) if owner else 0,
                             "markers": markers}
    return {"title": "Turn 9: 李明 attacks", "players": {n: i for i, n in enumerate(NAMES)},
            "territories": territories}


# How each game is played before its pictures are drawn: seats, random actions, options (a
# game not named here: NAMES, or its own seats, and 40 actions).
PLAYS: dict[str, tuple[list[str], int, dict[str, Any] | None]] = {
    "killer-clue": (["Miss Scarlet", "Col. Mustard", "Mrs. White", "Mr. Green", "Mrs. Peacock"],
                    40, None),
    "cold-cash-risk": (NAMES[:4], 80, None),
    "one-world-dominion": (NAMES[:4], 400, {"start": "deal", "setup_batch": 40,
                                            "starting_cards": 3}),
}
# Each picture as the finished RGB image before its one encode (the floor's picture), by
# (variant, "board" or "market"); a picture not named here is timed against the default
# encode of its own decoded PNG.
RGB: dict[tuple[str, str], Callable[[dict[str, Any]], Image.Image]] = {
    ("hf-political-events", "board"): hf.picture,
    ("killer-clue", "board"): killer_clue.picture,
    ("cold-cash-risk", "board"): lambda v: risk_map.picture(cold_cash_risk.map_view(v)),
    ("cold-cash-risk", "market"): cold_cash_risk.market_image,
    ("one-world-dominion", "board"): one_world_dominion.picture,
    ("aa-classic", "board"): aa_map.picture,
    ("plotted-aa", "board"): plotted_aa.picture,
}


def decoded(render: Callable[[dict[str, Any]], bytes]) -> Callable[[dict[str, Any]], Image.Image]:
    return lambda view: Image.open(io.BytesIO(render(view))).convert("RGB")


def cases() -> list[tuple[str, Callable[[], bytes], Callable[[], Image.Image]]]:
    """(name, render to bytes, the same picture as RGB) of every registered game's board and
    market (`renders.PICTURES`), and the RISK map any RISK-like game draws."""
    out: list[tuple[str, Callable[[], bytes], Callable[[], Image.Image]]] = []
    for variant, pictures in sorted(renders.PICTURES.items()):
        cls = engine.game_class(variant)
        seats, steps, options = PLAYS.get(variant, (
            cls.example_seats() if cls.seat_names else NAMES[:cls.max_seats], 40, None))
        view = played(variant, seats, steps, "bench", options)
        drawn = [("board", pictures.board)] + (
            [("market", pictures.market)] if pictures.market is not None else [])
        for what, render in drawn:
            rgb = RGB.get((variant, what), decoded(render))
            out.append((f"{cls.title} {what}", lambda r=render, v=view: r(v),
                        lambda p=rgb, v=view: p(v)))
    risk = risk_view()
    out.append(("RISK map (6 seats)", lambda: risk_map.render(risk, highlight=["Peru", "Brazil"]),
                lambda: risk_map.picture(risk, highlight=["Peru", "Brazil"])))
    return out


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def timed(step: Callable[[], object]) -> float:
    start = time.perf_counter()
    step()
    return time.perf_counter() - start


def main() -> int:
    failed = False
    print(f"{'image':38} {'size':>11} {'bytes':>8} {'first':>8} {'render':>8} "
          f"{'floor':>8} {'ratio':>6}  quantise+encode")
    for name, render, picture in cases():
        first = timed(render)
        data = render()
        rgb = picture()
        renders, floors, encodes = [], [], []
        for _ in range(REPEAT):  # interleaved: the machine is shared and noisy
            renders.append(timed(render))
            floors.append(timed(lambda rgb=rgb: encode(rgb)))
            encodes.append(timed(lambda rgb=rgb: png(rgb)))
        warm, floor = statistics.median(renders), statistics.median(floors)
        ratio = warm / floor
        ok = ratio <= TARGET and len(data) <= LIMIT
        failed |= not ok
        print(f"{name:38} {rgb.width:>5}x{rgb.height:<5} {len(data):>8,} {first * 1e3:>6.0f}ms "
              f"{warm * 1e3:>6.1f}ms {floor * 1e3:>6.1f}ms {ratio:>5.2f}x  "
              f"{statistics.median(encodes) * 1e3:.1f}ms  {'ok' if ok else 'MISSED'}")
    print(f"targets: render <= {TARGET:.1f}x the default PNG encode of the same RGB picture, "
          f"<= {LIMIT:,} bytes")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
