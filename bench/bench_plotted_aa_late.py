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

A late turn's CPU (issue 24): from the late position's next Plot Phase, one whole turn
(every power plots as above and submits, the deadline's policy executes the rest) with the
pictures the bot draws for it (`bot.delivery`): after every action, the private preview of
each seat whose plot sheet changed (`prompt_detail`, as the prompt message is edited), and
each announcement's boards (`board_views`: the board and its close-up per round ended).
Process CPU time (`time.process_time`) of the whole turn, and of its previews and boards,
the median of `TURN_RUNS` runs of the same turn. `--turn` measures only that (no memory).
"""

from __future__ import annotations

import asyncio
import io
import json
import random
import sys
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
TURN_RUNS = 3
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
    """One picture: size, bytes, its render (a view not drawn before: the view-dependent
    caches emptied first), the same view again, and a default PNG save of the same
    picture."""
    def new() -> bytes | None:
        for cached in _render_caches():
            cached.cache_clear()
        return render()

    start = time.perf_counter()
    png = new()
    first = time.perf_counter() - start
    assert png is not None
    picture = Image.open(io.BytesIO(png)).convert("RGB")

    def encode(picture: Image.Image = picture) -> bytes:
        out = io.BytesIO()
        picture.save(out, format="PNG")
        return out.getvalue()

    renders, encodes, agains = [], [], []
    for _ in range(5):  # interleaved: the machine is shared and noisy
        renders.append(median_seconds(new, 3))
        encodes.append(median_seconds(encode, 3))
        agains.append(median_seconds(render, 3))
    render_s, encode_s = sorted(renders)[2], sorted(encodes)[2]
    again_s = sorted(agains)[2]
    print(f"| {name} | {picture.width} x {picture.height} | {len(png) // 1024} KiB | "
          f"{first * 1000:.0f} ms | {render_s * 1000:.0f} ms | {again_s * 1000:.1f} ms | "
          f"{encode_s * 1000:.0f} ms | {render_s / encode_s:.2f}x |")


def late_turn(state: dict[str, Any]) -> dict[str, float | int]:
    """One whole turn from the position `state` (its next Plot Phase), with the pictures
    the bot draws for it; CPU seconds of the whole and of the previews and boards."""
    import engine

    game = engine.load(VARIANT, json.loads(json.dumps(state)))
    g: Any = game
    for _ in range(5000):  # to the next Plot Phase, not measured
        if (g.stage == "plot" and not any(g.plots.values())) or game.finished:
            break
        seat, action, params = game.timeout_actions()[0]
        game.act(seat, action, **params)
    turn = g.turn
    rnd = random.Random("late-turn")
    shown: dict[str, str] = {}
    times = {"turn": 0.0, "previews": 0.0, "boards": 0.0, "actions": 0, "previews_drawn": 0,
             "boards_drawn": 0}
    clock = time.process_time
    start = clock()

    def pictures(events: list[Any]) -> None:
        for seat in game.seats:  # the prompt message of a seat whose sheet changed
            detail = game.prompt_detail(seat)
            if detail and shown.get(seat) != detail:
                t0 = clock()
                plotted_aa.render_private(game.view(seat))
                times["previews"] += clock() - t0
                times["previews_drawn"] += 1
            shown[seat] = detail
        if any(e.kind in game.render_on for e in events):
            t0 = clock()
            view = game.view(None)
            for board in plotted_aa.board_views(
                    view, [{**e.data, "kind": e.kind} for e in events if e.public]):
                plotted_aa.render(board)
                plotted_aa.render_zoom(board)
                times["boards_drawn"] += 1
            times["boards"] += clock() - t0

    pictures([])
    for _ in range(5000):
        if game.finished or g.turn != turn:
            break
        seat, action, params = paa_move(game, rnd)
        try:
            events = game.act(seat, action, **params)
        except RuleError:
            continue
        times["actions"] += 1
        game.prompts()
        pictures(events)
    times["turn"] = clock() - start
    return times


def turn_figures(state: dict[str, Any]) -> None:
    """The late turn `TURN_RUNS` times (each in a fresh cache), medians printed."""
    runs = []
    for _ in range(TURN_RUNS):
        for cached in _render_caches():
            cached.cache_clear()
        runs.append(late_turn(state))
    mid = sorted(runs, key=lambda r: r["turn"])[len(runs) // 2]
    print(f"\na late turn ({mid['actions']} actions, {mid['previews_drawn']} previews, "
          f"{mid['boards_drawn']} boards with their close-ups), CPU, median of {TURN_RUNS}: "
          f"{mid['turn']:.2f} s; previews {mid['previews']:.2f} s "
          f"({mid['previews'] / mid['turn']:.0%}); boards {mid['boards']:.2f} s "
          f"({mid['boards'] / mid['turn']:.0%}); the rest {mid['turn'] - mid['previews'] - mid['boards']:.2f} s")
    print("each run: " + ", ".join(f"{r['turn']:.2f} s" for r in runs))


def _render_caches() -> list[Any]:
    """The renders' caches (none before the cached layers), so each run starts cold."""
    from renders import aa_map

    return [c for c in (getattr(aa_map, n, None) for n in ("_cached", "_coloured", "still",
                                                            "_layout"))
            if c is not None and hasattr(c, "cache_clear")]


def main() -> None:
    turn_only = "--turn" in sys.argv
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
        turn_figures(game.state())
        if turn_only:
            return
        plotting = plotting_copy(game)
        print("\n| picture | size | bytes | first render | render | again | PNG encode | ratio |")
        print("|---|---|---|---|---|---|---|---|")
        timed("board (world)", lambda: plotted_aa.render(board_view))
        timed("board close-up", lambda: plotted_aa.render_zoom(board_view))
        timed("private preview (Germany, 4 actions)",
              lambda: plotted_aa.render_private(plotting.view("Germany")))

        _late.memory_of_copies(__file__, tmp, db, VARIANT, game_id, LIVE, QUERIES)


if __name__ == "__main__":
    _late.run(main, VARIANT, QUERIES, ask)
