"""`python -m bot demo`: runs without a token and writes the transcript and the images."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.players_words import read_as_a_player

ROOT = Path(__file__).resolve().parents[2]


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


def test_without_a_token_the_bot_exits_2_and_explains(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"} | {"PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and "python -m bot demo" in done.stderr


def test_the_killer_clue_demo_plays_a_whole_game_to_a_winner(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"} | {"PYTHONPATH": str(ROOT)}
    out = tmp_path / "demo-out"
    done = subprocess.run([sys.executable, "-m", "bot", "demo", "killer-clue", "--out",
                           str(out)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "the winner:" in done.stdout
    channel = (out / "channel-game-table.txt").read_text()
    assert "Game over" in channel and "Winner:" in channel
    assert len(list(out.glob("dm-*.txt"))) == 4 and list(out.glob("*.png"))


def test_the_cold_cash_risk_demo_reaches_the_closing_bell(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"} | {"PYTHONPATH": str(ROOT)}
    out = tmp_path / "demo-out"
    done = subprocess.run([sys.executable, "-m", "bot", "demo", "cold-cash-risk", "--out",
                           str(out)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "to the Closing Bell" in done.stdout
    channel = (out / "channel-game-table.txt").read_text()
    for sight in (" founds ", " buys ", "agrees to the merger", "conducts a hostile takeover",
                  "pays dividends", "Game over"):
        assert sight in channel, sight
    assert len(list(out.glob("dm-*.txt"))) == 3 and list(out.glob("*.png"))
    assert not read_as_a_player(out), "\n".join(read_as_a_player(out)[:20])


def test_the_aa_classic_demo_plays_round_one_of_all_five_powers(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"} | {"PYTHONPATH": str(ROOT)}
    out = tmp_path / "demo-out"
    done = subprocess.run([sys.executable, "-m", "bot", "demo", "aa-classic", "--out",
                           str(out)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "round 1 of all five powers" in done.stdout
    channel = (out / "channel-game-table.txt").read_text()
    # Japan took China from the USA: 2 IPCs change hands.
    for power, ipcs in (("USSR", 24), ("Germany", 32), ("United Kingdom", 30), ("Japan", 27),
                        ("USA", 34)):
        assert f"{power} collects {ipcs} IPCs" in channel
    assert "Round 2: USSR's turn" in channel
    assert len(list(out.glob("dm-*.txt"))) == 3 and list(out.glob("*-zoom-*.png"))


def test_the_one_world_dominion_demo_shows_every_card_rule_the_issue_names(
        tmp_path: Path) -> None:
    """Issue 17: "four players, with a set turned in, a card played singly, a negation, a
    reaction in a defender's window, rebels and mutants created and acting"."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"} | {"PYTHONPATH": str(ROOT)}
    out = tmp_path / "demo-out"
    done = subprocess.run([sys.executable, "-m", "bot", "demo", "one-world-dominion", "--out",
                           str(out)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    channel = (out / "channel-game-table.txt").read_text()
    for sight in (" turns in ", " plays ", " negates ", " rebel: the Rebels",
                  "The Rebels grow by 3", "turn into the Mutants", "The Mutants in "):
        assert sight in channel, sight
    assert len(list(out.glob("dm-*.txt"))) == 4 and list(out.glob("*.png"))
    assert not read_as_a_player(out), "\n".join(read_as_a_player(out)[:20])


def test_the_plotted_aa_demo_plays_a_whole_first_turn_to_turn_2(tmp_path: Path) -> None:
    """Issue 16: "`python -m bot demo plotted-aa`: a whole first turn of all five powers,
    plots pasted and built by command, through to income"."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"} | {"PYTHONPATH": str(ROOT)}
    out = tmp_path / "demo-out"
    done = subprocess.run([sys.executable, "-m", "bot", "demo", "plotted-aa", "--out",
                           str(out)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "a whole first turn of all five powers" in done.stdout
    channel = (out / "channel-game-table.txt").read_text()
    assert channel.count("has submitted its plot. Commitment") == 5
    for sight in ("Germany reveals its action: Round 4: move into Karelia S.S.R.",
                  "Line 3: I don't know the unit 'tnk'.", "USSR retreats ",
                  "Final Build Phase: United Kingdom may build", "Germany collects ",
                  "Turn 2: the Develop Weapons Phase", "Germany's plot of turn 1 **matches**"):
        assert sight in channel, sight
    assert len(list(out.glob("dm-*.txt"))) == 3 and list(out.glob("*.png"))
    assert not read_as_a_player(out), "\n".join(read_as_a_player(out)[:20])
