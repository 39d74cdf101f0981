"""Issue 14: "The demos' transcripts read as a player would read them: no JSON, no
snake_case option names, no rule ids, no Python values", and the newcomer's first minute.

The Killer Clue demo (the default) is played in-process against the stand-in, with the
images stubbed (they have their own tests; here only the words count), and every line a
player reads in the channel and in each DM goes through
`tests.support.players_words.read_as_a_player`; the other two demos' transcripts are read
the same way by the tests that already play them (tests/cogs/test_demo.py).
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import bot.__main__ as main_module
import demo.run
import renders
from demo.run import run_demo
from tests.support.players_words import read_as_a_player

ROOT = Path(__file__).resolve().parents[2]


def tiny_png(*_: Any, **__: Any) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (2, 2)).save(out, format="PNG")
    return out.getvalue()


@pytest.fixture(autouse=True)
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(renders.PICTURES, "killer-clue", renders.Pictures(board=tiny_png))


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


async def test_the_killer_clue_demo_is_a_whole_game_in_players_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"the demo says it is playing against a local stand-in, not Discord"."""
    out = tmp_path / "demo-out"
    assert await run_demo("killer-clue", out) == 0
    said = capsys.readouterr().out
    assert "local stand-in for Discord" in said and "the winner:" in said
    channel = (out / "channel-game-table.txt").read_text(encoding="utf-8")
    assert "Winner:" in channel
    bad = read_as_a_player(out)
    assert not bad, "\n".join(bad[:20])
    assert_readme(out)


def assert_readme(out: Path) -> None:
    """"`demo-out/` says which file to read first"."""
    readme = (out / "README.txt").read_text(encoding="utf-8")
    first = readme.split("Read first:", 1)[1].split("Then:", 1)[0]
    assert "channel-game-table.txt" in first
    assert "stand-in for Discord" in readme and "nothing was sent to Discord" in readme
    for path in out.glob("dm-*.txt"):
        assert path.name in readme


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
