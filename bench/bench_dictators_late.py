"""Revenge of the Dictators late in a game: storage per game and memory per live game.

Issue 26: "bench figures (render time and bytes, memory and storage per game late in a
game)", measured as bench_owd_late.py measures One World Dominion. One dictators game (four
players, the DEFAULT data set) is played by seeded random legal play through `GameService`,
the bot's own path (snapshot every 20 actions, the default), to `ACTIONS` stored actions, its
database measured every 100 actions (the file after a checkpoint, the game's log rows, its
snapshots). The moves are the engine tests' random legal play
(`tests/engine/dictators/play.py`, values from `game.prompts()`, a fifth of the time a step
towards a dictator's bases or Washington D.C.; another seed if someone convinces the
President first). Then the game is copied into `LIVE` running games of one database and, in a
fresh process, all of them are loaded as commands load them and asked `QUERIES` questions
(`/dict hand`, `/dict cards`); the resident memory above the same process with only the index
read is the memory of `LIVE` live late games. The late position's picture is rendered too
(time and bytes; bench_render.py compares it with a plain PNG encode).
Run: .venv/bin/python bench/bench_dictators_late.py
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import _common  # noqa: F401  (puts the repository on sys.path)
import _late

from engine import Game
from engine.games.dictators import Dictators
from renders import dictators as picture_of
from tests.engine.dictators.play import random_action

VARIANT = "dictators"
SEATS = ["Ann", "Bo", "Cy", "Di"]
ACTIONS = 1000
LIVE = 1000
QUERIES = 3000
GUIDE = 0.2


async def play(db: Path) -> tuple[int, dict[int, tuple[int, int, int]], Game, Counter[str]]:
    """One game to `ACTIONS` stored actions (another seed if one ends first), a player a seat."""
    def move(game: Game, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
        assert isinstance(game, Dictators)
        return random_action(game, rnd, guide=GUIDE)

    return await _late.play_powers(db, VARIANT, SEATS, move, ACTIONS, "dict-late",
                                   players=len(SEATS))


def ask(live: Any, n: int, rnd: random.Random) -> tuple[Any, str, dict[str, Any]]:
    """The questions each live game is asked, seats in turn: its hand, or the card texts."""
    seat = live.seats[n % len(live.seats)]
    if n % 2:
        return seat, "cards", {"kind": rnd.choice(["action", "interruption", "asset"])}
    return seat, "hand", {}


def render_figures(game: Game) -> str:
    view = json.loads(json.dumps(game.view(None)))
    first = time.perf_counter()
    data = picture_of.render(view)
    first = time.perf_counter() - first
    times = []
    for _ in range(11):
        start = time.perf_counter()
        picture_of.render(view)
        times.append(time.perf_counter() - start)
    return (f"the late position's picture: {len(data):,} bytes, first render "
            f"{first * 1e3:.0f} ms, then {statistics.median(times) * 1e3:.0f} ms (median of 11)")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "dictators-late.db"
        game_id, sizes, game, taken = asyncio.run(play(db))
        file0 = sizes[0][0]
        assert isinstance(game, Dictators)
        disarmed = {s: game.bases_counted(s) for s in game.seats}
        print(f"{VARIANT}: one game to {ACTIONS} stored actions ({game.turn_number} turns, "
              f"DEFCON {game.defcon}; bases of zones 1-3 disarmed: "
              + ", ".join(f"{s} {n}" for s, n in disarmed.items())
              + f"), snapshot every 20 actions; the database with the game just started: "
              f"{file0 / 1024:.0f} KiB (the floor)")
        print("its actions: " + ", ".join(f"{n} {a}" for a, n in taken.most_common()))
        _late.print_growth(sizes)
        state = json.dumps(game.state())
        print(f"the late game's state (the snapshot): {len(state) / 1024:.0f} KiB of JSON")
        print(render_figures(game))
        _late.memory_of_copies(__file__, tmp, db, VARIANT, game_id, LIVE, QUERIES)


if __name__ == "__main__":
    _late.run(main, VARIANT, QUERIES, ask)
