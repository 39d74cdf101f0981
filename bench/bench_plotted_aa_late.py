"""Plotted A&A late in a game: render time and bytes of its pictures, storage per game and
memory per live game.

Issue 16: "bench/ reports its render time and bytes, and its memory and storage per game late
in a game", measured as `bench_aa_late.py` measures aa-classic. One plotted-aa game is played
by seeded random play through `GameService`, the bot's own path (snapshot every 20 actions):
every power plots a few random actions as a player types them (moves to a neighbour, builds
at its capital, NOOPs; refused ones are not stored), submits, and the deadline's policy
answers the rest (weapons development skipped, revealed actions executed as plotted,
casualties by the loss order, landings, final builds), to `ACTIONS` stored actions; its
database is measured every 100 actions. In the late position, the public board, its
close-up and one power's private preview of a plot are rendered against a default-settings
`Image.save(PNG)` of the same picture, interleaved (medians). Then the game is copied into
`LIVE` running games and, in a fresh process, all are loaded and asked `QUERIES` plot sheets
(a query: answered privately, never stored). Run: .venv/bin/python bench/bench_plotted_aa_late.py
"""

from __future__ import annotations

import asyncio
import io
import json
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import _common  # noqa: F401  (puts the repository on sys.path)
import _late
from _common import median_seconds
from PIL import Image

from engine import Game, RuleError
from engine.aa.units import POWERS, UNITS
from renders import plotted_aa

VARIANT = "plotted-aa"
ACTIONS = 600
LIVE = 1000
QUERIES = 3000
PLOT_SIZE = 4  # actions a power plots each turn, at most
WRITTEN = {"infantry": "inf", "armour": "arm", "fighter": "ftr", "bomber": "bmb",
           "battleship": "bb", "carrier": "carrier", "transport": "trn", "submarine": "sub"}


def paa_move(game: Game, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
    """The next action of a plausible random player: in the Plot Phase a power still
    plotting adds a random action (or submits once it has `PLOT_SIZE`, or by chance);
    otherwise the deadline's own choice."""
    g: Any = game
    if g.stage != "plot":
        return game.timeout_actions()[0]
    power = rnd.choice(sorted(game.prompts()))
    plot = g.plots[power]
    if len(plot) >= PLOT_SIZE or rnd.random() < 0.1:
        return power, "plot-submit", {"as_it_stands": True}
    round_number = len(plot) + 1
    choice = rnd.random()
    if choice < 0.1 and round_number > 1 and plot[-1].kind != "noop":
        return power, "plot-noop", {"round": round_number}
    if choice < 0.25:
        return power, "plot-build", {"round": round_number,
                                     "factory": g.board.capital(power),
                                     "units": rnd.choice(["inf", "2 inf", "arm", "inf, arm"])}
    areas = sorted(a for a in g.pos.units if g.movable(power, a))
    if not areas:
        return power, "plot-submit", {"as_it_stands": True}
    start = rnd.choice(areas)
    kinds = sorted(k for k in g.movable(power, start) if k in WRITTEN)
    if not kinds:
        return power, "plot-submit", {"as_it_stands": True}
    kind = rnd.choice(kinds)
    end = rnd.choice(sorted(g.board.neighbours(start)))
    return power, "plot-move", {"round": round_number, "units": f"1 {WRITTEN[kind]}",
                                "from_area": start, "to": end}


def ask(live: Any, n: int, rnd: random.Random) -> tuple[Any, str, dict[str, Any]]:
    """The question each live game is asked: a power's plot sheet."""
    return live.seats[n % len(live.seats)], "plot-sheet", {}


def plotting_copy(game: Game) -> Game:
    """The late position in its next Plot Phase with Germany's plot written (for the
    private preview): a copy, played on by the deadline, then four plotted actions."""
    import engine

    copy = engine.load(VARIANT, json.loads(json.dumps(game.state())))
    for _ in range(2000):
        if copy.stage == "plot" or copy.finished:  # type: ignore[attr-defined]
            break
        seat, action, params = copy.timeout_actions()[0]
        copy.act(seat, action, **params)
    rnd = random.Random(7)
    g: Any = copy
    for _ in range(200):
        if len(g.plots["Germany"]) >= PLOT_SIZE:
            break
        areas = sorted(a for a in g.pos.units if g.movable("Germany", a))
        start = rnd.choice(areas)
        kinds = sorted(k for k in g.movable("Germany", start)
                       if k in WRITTEN and UNITS[k].domain == "land")
        if not kinds:
            continue
        try:
            copy.act("Germany", "plot-move", round=len(g.plots["Germany"]) + 1,
                     units=f"1 {WRITTEN[kinds[0]]}", from_area=start,
                     to=rnd.choice(sorted(g.board.neighbours(start))))
        except RuleError:
            continue
    return copy


def timed(name: str, render: Callable[[], bytes | None]) -> None:
    """One picture: size, bytes, its render and a default PNG save of the same picture."""
    start = time.perf_counter()
    png = render()
    first = time.perf_counter() - start
    assert png is not None
    picture = Image.open(io.BytesIO(png)).convert("RGB")

    def encode(picture: Image.Image = picture) -> bytes:
        out = io.BytesIO()
        picture.save(out, format="PNG")
        return out.getvalue()

    renders, encodes = [], []
    for _ in range(5):  # interleaved: the machine is shared and noisy
        renders.append(median_seconds(render, 3))
        encodes.append(median_seconds(encode, 3))
    render_s, encode_s = sorted(renders)[2], sorted(encodes)[2]
    print(f"| {name} | {picture.width} x {picture.height} | {len(png) // 1024} KiB | "
          f"{first * 1000:.0f} ms | {render_s * 1000:.0f} ms | {encode_s * 1000:.0f} ms | "
          f"{render_s / encode_s:.2f}x |")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "paa-late.db"
        game_id, sizes, game, taken = asyncio.run(
            _late.play_powers(db, VARIANT, list(POWERS), paa_move, ACTIONS, "paa-late"))
        file0 = sizes[0][0]
        view = game.view(None)
        print(f"{VARIANT}: one game to {ACTIONS} stored actions ({view['phase']}), snapshot "
              f"every 20 actions; the database with the game just started: "
              f"{file0 / 1024:.0f} KiB (the floor)")
        print("its actions: " + ", ".join(f"{n} {a}" for a, n in taken.most_common()))
        _late.print_growth(sizes)
        state = json.dumps(game.state())
        print(f"the late game's state (the snapshot): {len(state) / 1024:.0f} KiB of JSON")

        board_view = dict(view)
        if not board_view.get("moves"):  # the board as posted after a round: with arrows
            board_view["moves"] = [{"power": "Germany", "from": "Germany",
                                    "to": "East Europe", "round": 1}]
        plotting = plotting_copy(game)
        print("\n| picture | size | bytes | first render | render | PNG encode | ratio |")
        print("|---|---|---|---|---|---|---|")
        timed("board (world)", lambda: plotted_aa.render(board_view))
        timed("board close-up", lambda: plotted_aa.render_zoom(board_view))
        timed("private preview (Germany, 4 actions)",
              lambda: plotted_aa.render_private(plotting.view("Germany")))

        _late.memory_of_copies(__file__, tmp, db, VARIANT, game_id, LIVE, QUERIES)


if __name__ == "__main__":
    _late.run(main, VARIANT, QUERIES, ask)
