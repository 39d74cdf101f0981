"""The same seeded A&A game plays the same in every process.

A set of strings iterates in an order that depends on the process's hash seed
(`PYTHONHASHSEED`, random unless set). Plotted A&A once queued its aircraft to land by
iterating such a set, so the same stored log could replay differently in another process: a
restart, `/game verify`, an undo. Each pinned game of `test_same_games` is played here in two
processes with different hash seeds, and must give its pinned digest in both.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine.aa.test_same_games import CLASSIC, PLOTTED

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = """
import json, sys
from engine.aa.fighting import Fighting
from tests.engine.aa import test_same_games as same
Fighting.sea_refuges = lambda self, zone, power: []  # as test_same_games plays them
play = same.play_classic if sys.argv[1] == "classic" else same.play_plotted
print(json.dumps({seed: play(seed) for seed in map(int, sys.argv[2:])}))
"""


@pytest.mark.slow
@pytest.mark.parametrize("hash_seed", ["1", "2"])
@pytest.mark.parametrize(("game", "pinned"), [("classic", CLASSIC), ("plotted", PLOTTED)])
def test_a_seeded_game_plays_the_same_whatever_the_hash_seed(game: str, pinned: dict[int, str],
                                                             hash_seed: str) -> None:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", SCRIPT, game, *map(str, sorted(pinned))],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
                          check=True)
    assert {int(k): v for k, v in json.loads(done.stdout).items()} == pinned
