"""One World Dominion late in a game: storage per game and memory per live game.

Issue 17: "bench/ reports ... its memory and storage per game late in a game", measured as
issue 15 measures aa-classic (bench_aa_late.py) and issue 13 the other games
(bench_growth.py, bench_memory.py). One one-world-dominion game (four players, the 44
action cards, neutrals raised by Rebellion and Mutant Horde; areas dealt, starting armies
placed 40 a turn, 4 cards dealt each) is played by seeded random legal play through
`GameService`, the bot's own path (snapshot every 20 actions, the default), to `ACTIONS`
stored actions, its database measured every 100 actions (the file after a checkpoint, the
game's log rows, its one snapshot). The moves are the engine tests' random legal play
(`tests/engine/one_world_dominion/play.py`: a prompted action, values from
`game.prompts()`, card targets a player might name). Then the game is copied into `LIVE`
running games of one database and, in a fresh process, all of them are loaded as commands
load them and asked `QUERIES` questions (`/owd hand`, `/owd odds`); the resident memory
above the same process with only the index read is the memory of `LIVE` live late games.
Run: .venv/bin/python bench/bench_owd_late.py
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
from bench_growth import measure

from bot.service import GameService
from bot.storage import Storage
from engine import Game, RuleError
from engine.games.one_world_dominion import OneWorldDominion
from tests.engine.one_world_dominion.play import random_action

VARIANT = "one-world-dominion"
SEATS = ["Ann", "Bo", "Cy", "Di"]
OPTIONS: dict[str, Any] = {"cards": "owd", "start": "deal", "setup_batch": 40,
                           "starting_cards": 4, "defence": "choose"}
ACTIONS = 1000
LIVE = 1000
QUERIES = 3000
NEUTRAL_EVENTS = {"neutral", "rebels_grow", "mutants"}


async def play(db: Path) -> tuple[int, dict[int, tuple[int, int, int]], Game, Counter[str],
                                  Counter[str]]:
    """One game to `ACTIONS` stored actions (another seed if one ends first)."""
    seed = 0
    while True:
        db.unlink(missing_ok=True)
        storage = await Storage.open(str(db))
        service = GameService(storage, seed_source=f"owd-late-{seed}".__str__,
                              freeze_loaded=False)
        live = await service.create(variant=VARIANT, guild_id=1, channel_id=1, creator_id=1,
                                    options=OPTIONS)
        for n, seat in enumerate(SEATS):
            await service.join(live, 100 + n, seat=seat, player_name=seat)
        await service.start(live, 1)
        sizes = {0: measure(db, live.id)}
        rnd = random.Random(f"owd-late-{seed}")
        taken: Counter[str] = Counter()
        neutral: Counter[str] = Counter()
        done = 0
        for _ in range(ACTIONS * 20):
            game = live.game
            if game is None or game.finished or done >= ACTIONS:
                break
            assert isinstance(game, OneWorldDominion)
            seat, action, params = random_action(game, rnd)
            try:
                outcome = await service.act_as_deadline(live, seat, action, params)
            except RuleError:
                continue
            done += 1
            taken[action if action != "play" else f"play {params['card']}"] += 1
            neutral.update(e.kind for e in outcome.events if e.kind in NEUTRAL_EVENTS)
            if done % 100 == 0:
                sizes[done] = measure(db, live.id)
        await storage.close()
        if done == ACTIONS and live.game is not None and not live.game.finished:
            return live.id, sizes, live.game, taken, neutral
        seed += 1


def ask(live: Any, n: int, rnd: random.Random) -> tuple[Any, str, dict[str, Any]]:
    """The questions each live game is asked, seats in turn: its hand, or the odds."""
    seat = live.seats[n % len(live.seats)]
    if n % 2:
        return seat, "odds", {"attackers": rnd.randint(1, 12), "defenders": rnd.randint(1, 12)}
    return seat, "hand", {}

def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "owd-late.db"
        game_id, sizes, game, taken, neutral = asyncio.run(play(db))
        file0 = sizes[0][0]
        assert isinstance(game, OneWorldDominion)
        held = {s: len(game.areas_of(s)) for s in game.alive()}
        print(f"{VARIANT}: one game to {ACTIONS} stored actions ({game.turns} turns; areas "
              f"held: " + ", ".join(f"{s} {n}" for s, n in held.items()) +
              f"; {len(game.neutrals)} neutral(s) on the board), snapshot every 20 actions; "
              f"the database with the game just started: {file0 / 1024:.0f} KiB (the floor)")
        print("its actions: " + ", ".join(f"{n} {a}" for a, n in taken.most_common()))
        print("neutral events: " + (", ".join(f"{n} {k}" for k, n in neutral.most_common())
                                    or "none"))
        _late.print_growth(sizes)
        state = json.dumps(game.state())
        print(f"the late game's state (the snapshot): {len(state) / 1024:.0f} KiB of JSON")
        _late.memory_of_copies(__file__, tmp, db, VARIANT, game_id, LIVE, QUERIES)


if __name__ == "__main__":
    _late.run(main, VARIANT, QUERIES, ask)
