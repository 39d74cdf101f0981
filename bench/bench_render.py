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
from renders import (  # noqa: E402
    cold_cash_risk,
    dictators,
    hf,
    killer_clue,
    one_world_dominion,
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
    rnd = random.Random(seed)
    for _ in range(steps):
        prompts = game.prompts()
        if game.finished or not prompts:
            break
        seat, prompt = sorted(prompts.items())[rnd.randrange(len(prompts))]
        specs = [s for s in prompt.actions if all(p.choices or not p.required for p in s.params)]
        if not specs:
            break
        spec = specs[rnd.randrange(len(specs))]
        try:
            game.act(seat, spec.name, **{p.name: rnd.choice(p.choices).value
                                         for p in spec.params if p.choices})
        except engine.RuleError:
            continue
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


def clue_view() -> dict[str, Any]:
    seats = ["Miss Scarlet", "Col. Mustard", "Mrs. White", "Mr. Green", "Mrs. Peacock"]
    return played("killer-clue", seats, 40, "bench")


def cases() -> list[tuple[str, Callable[[], bytes], Callable[[], Image.Image]]]:
    """(name, render to bytes, the same picture as RGB) of every board image."""
    hf_view = played("hf-political-events", NAMES, 40, "bench")
    ccr = played("cold-cash-risk", NAMES[:4], 80, "bench")
    clue = clue_view()
    risk = risk_view()
    owd = played("one-world-dominion", NAMES[:4], 400, "bench",
                 {"start": "deal", "setup_batch": 40, "starting_cards": 3})
    dictators_view = played("dictators", NAMES[:5], 400, "bench")
    return [
        ("High Frontier board", lambda: hf.render(hf_view), lambda: hf.picture(hf_view)),
        ("Killer Clue mansion", lambda: killer_clue.render(clue),
         lambda: killer_clue.picture(clue)),
        ("Cold Cash Risk map", lambda: cold_cash_risk.render(ccr),
         lambda: risk_map.picture(cold_cash_risk.map_view(ccr))),
        ("Cold Cash Risk market", lambda: cold_cash_risk.render_market(ccr),
         lambda: cold_cash_risk.market_image(ccr)),
        ("RISK map (6 seats)", lambda: risk_map.render(risk, highlight=["Peru", "Brazil"]),
         lambda: risk_map.picture(risk, highlight=["Peru", "Brazil"])),
        ("One World Dominion map", lambda: one_world_dominion.render(owd),
         lambda: one_world_dominion.picture(owd)),
        ("Dictators map", lambda: dictators.render(dictators_view),
         lambda: dictators.picture(dictators_view)),
    ]


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
    print(f"{'image':24} {'size':>11} {'bytes':>8} {'first':>8} {'render':>8} "
          f"{'floor':>8} {'ratio':>6}  quantise+encode")
    for name, render, picture in cases():
        first = timed(render)
        data = render()
        rgb = picture()
        renders, floors, encodes = [], [], []
        for _ in range(REPEAT):  # interleaved: the machine is shared and noisy
            renders.append(timed(render))
            floors.append(timed(lambda rgb=rgb: encode(rgb)))  # type: ignore[misc]
            encodes.append(timed(lambda rgb=rgb: png(rgb)))  # type: ignore[misc]
        warm, floor = statistics.median(renders), statistics.median(floors)
        ratio = warm / floor
        ok = ratio <= TARGET and len(data) <= LIMIT
        failed |= not ok
        print(f"{name:24} {rgb.width:>5}x{rgb.height:<5} {len(data):>8,} {first * 1e3:>6.0f}ms "
              f"{warm * 1e3:>6.1f}ms {floor * 1e3:>6.1f}ms {ratio:>5.2f}x  "
              f"{statistics.median(encodes) * 1e3:.1f}ms  {'ok' if ok else 'MISSED'}")
    print(f"targets: render <= {TARGET:.1f}x the default PNG encode of the same RGB picture, "
          f"<= {LIMIT:,} bytes")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
