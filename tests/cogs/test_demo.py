"""`python -m bot demo`: runs without a token and writes the transcript and the images.

One demo runs as a player runs it, `python -m bot demo` in a process of its own (High
Frontier's). Every other demo registered in `demo.scripts.SCRIPTS` is played in this
process through `demo.run.run_demo`, as the command plays it, and read the same way: each
player's DMs and the channel in players' words, the README, the images; then what that
game's demo must show (`SIGHTS`). A demo whose script an end-to-end test already plays
against its own sandbox, with the same seed, has its transcript read there instead
(`PLAYED_ELSEWHERE`): it is not played twice.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from demo.run import run_demo
from demo.scripts import SCRIPTS
from tests.support.notices import NoticeCheck
from tests.support.players_words import read_as_a_player

ROOT = Path(__file__).resolve().parents[2]

# Demos whose transcript another test reads, and where.
PLAYED_ELSEWHERE = {
    "hf-political-events": "test_the_hf_demo_runs_without_a_token, below",
    "killer-clue": "tests/cogs/test_clue_e2e.py",
    "cold-cash-risk": "tests/cogs/test_ccr_e2e.py",
    "aa-classic": "tests/cogs/test_aa_e2e.py",
}


def owd_sights(out: Path, said: str) -> None:
    """Issue 17: "four players, with a set turned in, a card played singly, a negation, a
    reaction in a defender's window, rebels and mutants created and acting"."""
    channel = (out / "channel-game-table.txt").read_text(encoding="utf-8")
    for sight in (" turns in ", " plays ", " negates ", " rebel: the Rebels",
                  "The Rebels grow by 3", "turn into the Mutants", "The Mutants in "):
        assert sight in channel, sight


def paa_sights(out: Path, said: str) -> None:
    """Issue 16: "`python -m bot demo plotted-aa`: a whole first turn of all five powers,
    plots pasted and built by command, through to income"."""
    assert "a whole first turn of all five powers" in said
    channel = (out / "channel-game-table.txt").read_text(encoding="utf-8")
    assert channel.count("has submitted its plot. Commitment") == 5
    for sight in ("Germany reveals its action: Round 4: move into Karelia S.S.R.",
                  "Line 3: I don't know the unit 'tnk'.", "USSR retreats ",
                  "Final Build Phase: United Kingdom may build", "Germany collects ",
                  "Turn 2: the Develop Weapons Phase", "Germany's plot of turn 1 **matches**"):
        assert sight in channel, sight


def dictators_sights(out: Path, said: str) -> None:
    """Issue 26: "`python -m bot demo dictators` (a flight, a disarm roll, an Interruption
    played on another's turn, the President's d20)"; and a standing pass."""
    channel = (out / "channel-game-table.txt").read_text(encoding="utf-8")
    for sight in (" flies from Hawaii to ", "(needs 3 or more)", "(an Interruption)",
                  " on the d20 and needs ", "passes every window from now on"):
        assert sight in channel, sight


def ill_sights(out: Path, said: str) -> None:
    """Issue 25: "3 players: an attack drawing interference from two players, a privileged
    attack, a privilege abolished, a trade accepted by both sides by DM, a destroyed Group"."""
    channel = (out / "channel-game-table.txt").read_text(encoding="utf-8")
    attacks: list[set[str]] = []
    for line in channel.splitlines():
        if line.startswith("[Croupier] ") and " attacks " in line:
            attacks.append(set())   # a new attack announced (not a call line quoting one)
        elif attacks and line.startswith("[Croupier] ") and " interferes with " in line:
            attacks[-1].add(line.split(" interferes ")[0].removeprefix("[Croupier] ").strip())
    assert any(len(interferers) >= 2 for interferers in attacks), attacks
    for sight in ("calls “Privilege!”", " to control, privileged: ", " abolishes the privilege",
                  " accepts offer ", " destroys "):
        assert sight in channel, sight
    offered = [p.name for p in out.glob("dm-*.txt") if "clicked [Offer a deal …]" in
               p.read_text(encoding="utf-8")]
    accepted = [p.name for p in out.glob("dm-*.txt") if "clicked [Accept …]" in
                p.read_text(encoding="utf-8")]
    assert offered and accepted and set(offered).isdisjoint(accepted), (offered, accepted)
    assert "Croupier is an unofficial aid, not affiliated with Steve Jackson Games" in channel


# What a game's demo must show beyond what every demo shows, given the output folder and
# what the command printed.
SIGHTS: dict[str, Callable[[Path, str], None]] = {
    "one-world-dominion": owd_sights,
    "plotted-aa": paa_sights,
    "dictators": dictators_sights,
    "illuminati": ill_sights,
}


def played_here() -> list[str]:
    return sorted(v for v in SCRIPTS if v not in PLAYED_ELSEWHERE)


@pytest.mark.parametrize("variant", played_here())
async def test_every_demo_plays_its_game_in_players_words(
        variant: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"the demo says it is playing against a local stand-in, not Discord"; each player's DMs
    and the channel in players' words; the README says which file to read first; and issue
    24's transcript check: every question asked of a seat reached it as a message that
    notified its player, none only as an edit."""
    out = tmp_path / "demo-out"
    check = NoticeCheck()
    assert await run_demo(variant, out, watcher=check) == 0
    assert not check.problems, "\n".join(check.problems[:20])
    said = capsys.readouterr().out
    assert "local stand-in for Discord" in said and f"Demo of {variant}: " in said
    players = SCRIPTS[variant][2]
    assert (out / "channel-game-table.txt").exists()
    assert len(list(out.glob("dm-*.txt"))) == len(players)
    images = list(out.glob("*.png"))
    assert images and all(p.read_bytes().startswith(b"\x89PNG") for p in images)
    bad = read_as_a_player(out)
    assert not bad, "\n".join(bad[:20])
    assert_readme(out)
    SIGHTS.get(variant, lambda out, said: None)(out, said)


def assert_readme(out: Path) -> None:
    """"`demo-out/` says which file to read first"."""
    readme = (out / "README.txt").read_text(encoding="utf-8")
    first = readme.split("Read first:", 1)[1].split("Then:", 1)[0]
    assert "channel-game-table.txt" in first
    assert "stand-in for Discord" in readme and "nothing was sent to Discord" in readme
    for path in out.glob("dm-*.txt"):
        assert path.name in readme


def test_the_hf_demo_runs_without_a_token(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"} | {"PYTHONPATH": str(ROOT)}
    out = tmp_path / "demo-out"
    done = subprocess.run([sys.executable, "-m", "bot", "demo", "hf-political-events",
                           "--out", str(out)], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Seniority reshuffle" in done.stdout
    channel = (out / "channel-game-table.txt").read_text()
    assert "Seniority:" in channel and "Anarchy/War Ends" in channel
    assert channel.count(" draws **") == 12
    assert len(list(out.glob("dm-*.txt"))) == 4
    images = list(out.glob("*.png"))
    assert len(images) == 13
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in images)
    assert not read_as_a_player(out), "\n".join(read_as_a_player(out)[:20])
    assert_readme(out)


def test_without_a_token_the_bot_exits_2_and_explains(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"} | {"PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and "python -m bot demo" in done.stderr
