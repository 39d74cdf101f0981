"""Axis & Allies classic late in a game: storage per game and memory per live game.

Issue 15: "bench/ reports ... its memory and storage per game late in a game", measured as
issue 13 measures the other games (bench_growth.py, bench_memory.py). One aa-classic game is
played by seeded random play through `GameService`, the bot's own path (snapshot every 20
actions, the default), to `ACTIONS` stored actions (about 10 rounds of five powers: buys,
moves, amphibious landings, battles fought to the end with casualties chosen, placements),
its database measured every 100 actions (the file after a checkpoint, the game's log rows,
its one snapshot). Then the game is copied into `LIVE` running games of one database and,
in a fresh process, all of them are loaded as commands load them and asked `QUERIES`
questions (`/aa units`); the resident memory above the same process with only the index
read is the memory of `LIVE` live late games. Run: .venv/bin/python bench/bench_aa_late.py
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import _common  # noqa: F401  (puts the repository on sys.path)
import _late

from engine import Game
from engine.aa.units import POWERS

VARIANT = "aa-classic"
ACTIONS = 600
LIVE = 1000
QUERIES = 3000
KINDS = {"infantry": "inf", "armour": "arm", "fighter": "ftr", "bomber": "bmb",
         "battleship": "bb", "carrier": "carrier", "transport": "trn", "submarine": "sub",
         "aa_gun": "aa"}
BUYS = ("3 inf", "2 inf, arm", "arm, ftr", "4 inf", "inf, 2 arm", "trn, 2 inf", "bmb", "sub")


def _written(kind: str, n: int) -> str:
    return f"{n} {KINDS[kind]}"


def aa_move(game: Game, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
    """A plausible random action of the power to play, written as a player types it:
    purchases, attacks on neighbours (most of them), moves, loading and unloading,
    placement at the capital; battles answered by the saved loss order, with retreats."""
    g: Any = game
    prompts = game.prompts()
    seat = sorted(prompts)[0]
    names = {a.name for a in prompts[seat].actions}
    if "develop" in names:
        return game.timeout_actions()[0]
    if g.stage == "combat":
        if "retreat" in names and rnd.random() < 0.2:
            spec = prompts[seat].action("retreat")
            choices = spec.params[0].choices if spec is not None else None
            if choices:
                return seat, "retreat", {"to": rnd.choice(choices).value}
        return game.timeout_actions()[0]
    if g.stage == "research":
        if rnd.random() < 0.05:
            return seat, "research", {"dice": 1}
        return seat, "end-phase", {}
    if g.stage == "purchase":
        if not g.bought and rnd.random() < 0.9:
            return seat, "buy", {"units": rnd.choice(BUYS)}
        return seat, "end-phase", {}
    if g.stage == "place":
        if g.bought and rnd.random() < 0.9:
            kind = sorted(g.bought)[0]
            return seat, "place", {"units": _written(kind, 1),
                                   "at": g.board.capital(g.power)}
        return seat, "end-phase", {}
    if g.stage in ("combat-move", "noncombat-move") and rnd.random() < 0.85:
        if rnd.random() < 0.1:
            zones = sorted(z for z in g.pos.units
                           if g.pos.units_of(z, g.power).get("transport") and g.board.coast(z))
            if zones:
                zone = rnd.choice(zones)
                coast = sorted(g.board.coast(zone))
                aboard = g.pos.cargo_of(zone, g.power)
                if aboard:
                    kind = sorted(aboard)[0]
                    return seat, "unload", {"units": _written(kind, 1), "sea": zone,
                                            "to": rnd.choice(coast)}
                return seat, "load", {"units": rnd.choice(["1 inf", "2 inf", "arm"]),
                                      "from_area": rnd.choice(coast), "sea": zone}
        areas = sorted(a for a in g.pos.units if g.available(a))
        if areas:
            start = rnd.choice(areas)
            have = g.available(start)
            kind = rnd.choice(sorted(k for k in have if k in KINDS) or [""])
            if not kind:
                return seat, "end-phase", {}
            near = sorted(g.board.distances(start, limit=2))
            hostile = [a for a in near if g.pos.has_enemy(a, g.power)]
            if g.stage == "combat-move" and hostile and rnd.random() < 0.7:
                return seat, "attack", {"units": _written(kind, have[kind]),
                                        "from_area": start, "to": rnd.choice(hostile)}
            return seat, "move", {"units": _written(kind, rnd.randint(1, have[kind])),
                                  "from_area": start, "to": rnd.choice(near)}
    return seat, "end-phase", {}


def ask(live: Any, n: int, rnd: random.Random) -> tuple[Any, str, dict[str, Any]]:
    """The question each live game is asked: `/aa units` of Germany."""
    return live.seats[0], "units", {"area": "Germany"}

def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "aa-late.db"
        game_id, sizes, game, taken = asyncio.run(
            _late.play_powers(db, VARIANT, list(POWERS), aa_move, ACTIONS, "aa-late"))
        file0 = sizes[0][0]
        view = game.view(None)
        print(f"{VARIANT}: one game to {ACTIONS} stored actions (round {view['round']}, "
              f"{view['power']} to play), snapshot every 20 actions; the database with the "
              f"game just started: {file0 / 1024:.0f} KiB (the floor)")
        print("its actions: " + ", ".join(f"{n} {a}" for a, n in taken.most_common()))
        _late.print_growth(sizes)
        state = json.dumps(game.state())
        print(f"the late game's state (the snapshot): {len(state) / 1024:.0f} KiB of JSON")
        _late.memory_of_copies(__file__, tmp, db, VARIANT, game_id, LIVE, QUERIES)


if __name__ == "__main__":
    _late.run(main, VARIANT, QUERIES, ask)
