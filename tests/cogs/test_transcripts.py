"""Issue 14: "The demos' transcripts read as a player would read them: no JSON, no
snake_case option names, no rule ids, no Python values", and the newcomer's first minute.

Every line a player reads in a demo's channel and DMs goes through
`tests.support.players_words.read_as_a_player` where the demo is played: the Killer Clue demo
(the default) in tests/cogs/test_clue_e2e.py, the others in tests/cogs/test_demo.py. Here:
what `python -m bot` says and does before any demo is played.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import bot.__main__ as main_module
import demo.run

ROOT = Path(__file__).resolve().parents[2]


def test_python_m_bot_demo_plays_killer_clue_by_default(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """"the default demo is a whole game with a winner (Killer Clue plays one in seconds)"."""
    asked: list[str] = []

    async def fake_run(variant: str, out: str) -> int:
        asked.append(variant)
        return 0

    monkeypatch.setattr(demo.run, "run_demo", fake_run)
    assert main_module.main(["demo", "--out", "unused"]) == 0
    assert asked == ["killer-clue"]


def test_the_token_help_shows_a_demo_command_that_works_as_typed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """"the token help shows a command that works as typed"."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert main_module.main([]) == 2
    help_text = capsys.readouterr().err
    (command,) = [line.strip() for line in help_text.splitlines()
                  if line.strip().endswith("-m bot demo")]
    assert "`" not in command
    python = command.split(" -m ")[0]
    assert shutil.which(python) or Path(python).exists()
    here = {**os.environ, "PYTHONPATH": str(ROOT)}  # this checkout, not an installed copy
    done = subprocess.run(f"{command} --help", shell=True, cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, env=here)
    assert done.returncode == 0 and "Killer Clue" in done.stdout, done.stderr[-500:]
    assert Path(sys.executable).name in python or python == "python"
