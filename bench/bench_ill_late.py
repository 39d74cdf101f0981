"""Illuminati late in a game: storage per game and memory per live game (issue 25).

Measured as bench_owd_late.py measures One World Dominion: one illuminati game (four
players, the sample card set) is played by seeded random legal play through `GameService`,
the bot's own path (snapshot every 20 actions, the default), to `ACTIONS` stored actions,
its database measured every 100 actions (the file after a checkpoint, the game's log rows,
its one snapshot). The moves are the engine tests' random legal play
(`tests/engine/illuminati/play.py`: a prompted action, values from `game.prompts()`, attacks
on uncontrolled Groups more often than not, and now and then a Special played or a gift from
a seat nobody waits for). Then the game is copied into `LIVE` running games of one database
and, in a fresh process, all of them are loaded as commands load them and asked `QUERIES`
questions (`/ill hand`, `/ill odds`); the resident memory above the same process with only
the index read is the memory of `LIVE` live late games.
Run: .venv/bin/python bench/bench_ill_late.py
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import _common  # noqa: F401  (puts the repository on sys.path)
import _late

from engine import Game
from engine.games.illuminati import Illuminati
from tests.engine.illuminati.play import random_action

VARIANT = "illuminati"
SEATS = ["Ann", "Bo", "Cy", "Di"]
ACTIONS = 600
LIVE = 1000
QUERIES = 3000


async def play(db: Path) -> tuple[int, dict[int, tuple[int, int, int]], Game, Counter[str]]:
    """One game to `ACTIONS` stored actions (another seed if one ends first), a player a seat."""
    def move(game: Game, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
        assert isinstance(game, Illuminati)
        return random_action(game, rnd)

    return await _late.play_powers(db, VARIANT, SEATS, move, ACTIONS, "ill-late",
                                   players=len(SEATS))


def ask(live: Any, n: int, rnd: random.Random) -> tuple[Any, str, dict[str, Any]]:
    """The questions each live game is asked, seats in turn: its hand, or an attack's odds."""
    seat = live.seats[n % len(live.seats)]
    game = live.game
    if n % 2 and isinstance(game, Illuminati) and seat.seat not in game.out:
        mine = game.controlled(seat.seat)
        targets = game.targets()
        if mine and targets:
            return seat, "odds", {"group": rnd.choice(mine), "target": rnd.choice(targets),
                                  "how": "control"}
    return seat, "hand", {}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "ill-late.db"
        game_id, sizes, game, taken = asyncio.run(play(db))
        file0 = sizes[0][0]
        assert isinstance(game, Illuminati)
        held = {s: len(game.groups_of(s)) for s in game.alive()}
        print(f"{VARIANT}: one game to {ACTIONS} stored actions ({game.turns} turns; Groups "
              f"held: " + ", ".join(f"{s} {n}" for s, n in held.items()) +
              f"; {len(game.uncontrolled)} uncontrolled, {len(game.dead)} destroyed), "
              f"snapshot every 20 actions; the database with the game just started: "
              f"{file0 / 1024:.0f} KiB (the floor)")
        print("its actions: " + ", ".join(f"{n} {a}" for a, n in taken.most_common()))
        _late.print_growth(sizes)
        state = json.dumps(game.state())
        print(f"the late game's state (the snapshot): {len(state) / 1024:.0f} KiB of JSON")
        _late.memory_of_copies(__file__, tmp, db, VARIANT, game_id, LIVE, QUERIES)


if __name__ == "__main__":
    _late.run(main, VARIANT, QUERIES, ask)
