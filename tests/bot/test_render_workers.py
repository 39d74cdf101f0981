"""Pictures drawn in worker processes (issue 27: "renders in worker processes"): the same
bytes as drawn in the bot's own process, and a render that fails or a worker that dies
costs the post its picture only (logged), the workers started again for the next one.

The suite draws in threads by default (`Settings.render_workers` 0, for speed); these tests
start one spawned worker each.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import engine
import renders
import tests.support.table
from bot.config import Settings, SettingsError, parse_render_workers
from bot.delivery.pictures import Painter, RenderWorkers
from engine import autoplay
from renders import Pictures
from tests.support.pig_cog import render_pig
from tests.support.table import Table

ROOT = Path(__file__).resolve().parents[2]


def public_view(variant: str, seats: list[str], steps: int, seed: str) -> dict[str, Any]:
    """The public view (as JSON, as the bot has it) after `steps` random legal actions."""
    game = engine.new_game(variant, seats, seed=seed)
    autoplay.play(game, random.Random(seed), steps,
                  autoplay.Leaning(skip_optional=0.0, open_values=False))
    view: dict[str, Any] = json.loads(json.dumps(game.view(None)))
    return view


def fails(view: dict[str, Any]) -> bytes:
    raise ValueError("this picture can't be drawn")


def kills_its_worker(view: dict[str, Any]) -> bytes:
    os._exit(3)  # the worker dies mid-render, as one killed by the kernel would


@pytest.fixture
async def one_worker() -> AsyncIterator[RenderWorkers]:
    workers = RenderWorkers(1)
    try:
        yield workers
    finally:
        workers.shutdown()


async def test_a_worker_draws_the_same_bytes_as_the_bot_s_own_process(
        one_worker: RenderWorkers) -> None:
    in_process = RenderWorkers(0)
    try:
        for variant, seats in (("dictators", ["Ann", "Bob", "Cy"]),
                               ("killer-clue", ["Miss Scarlet", "Col. Mustard", "Mrs. White"])):
            view = public_view(variant, seats, 40, f"workers-{variant}")
            board = renders.PICTURES[variant].board
            here = await in_process.draw(board, view)
            there = await one_worker.draw(board, view)
            assert here and there == here, variant
    finally:
        in_process.shutdown()


async def test_a_failed_render_or_a_dead_worker_leaves_the_picture_out_and_the_next_draws(
        one_worker: RenderWorkers, caplog: pytest.LogCaptureFixture) -> None:
    painter = Painter({}, one_worker, storage=None)  # type: ignore[arg-type]
    view = {"scores": {"ann": 3, "bob": 5}, "turn": "ann", "pot": 4}
    with caplog.at_level(logging.ERROR, logger="bot.delivery.pictures"):
        assert await painter._render(fails, view) is None
        assert await painter._render(kills_its_worker, view) is None
    assert "drawing fails failed" in caplog.text
    assert "render worker died" in caplog.text
    assert one_worker.rebuilt == 1
    drawn = await painter._render(render_pig, view)  # a new worker draws the next one
    assert drawn is not None and drawn.startswith(b"\x89PNG")


async def test_a_render_made_on_the_fly_is_drawn_in_a_thread(one_worker: RenderWorkers) -> None:
    assert await one_worker.draw(lambda view: b"drawn here", {}) == b"drawn here"
    assert one_worker._processes is None  # no worker started for it


KILLED_BOT = """
import asyncio, os, signal
from bot.delivery.pictures import RenderWorkers
from tests.support.pig_cog import render_pig

async def main():
    workers = RenderWorkers(1)
    await workers.draw(render_pig, {"scores": {"ann": 1}, "turn": "ann", "pot": 0})
    print(*workers._processes._processes, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(main())
"""


def gone(pid: int) -> bool:
    """Exited (or a zombie nobody reaped yet)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            return any(line.startswith("State:") and "Z" in line for line in status)
    except FileNotFoundError:
        return True


def test_the_workers_of_a_bot_killed_with_minus_9_exit_too() -> None:
    """`kill -9` of the bot's process (the issue's chaos test kills them so): its render
    workers must not live on, each holding its memory, restart after restart."""
    done = subprocess.run([sys.executable, "-c", KILLED_BOT], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr
    (pid,) = [int(word) for word in done.stdout.split()]
    for _ in range(500):  # until the worker saw its parent go
        if gone(pid):
            break
        time.sleep(0.02)
    assert gone(pid)


def test_the_render_workers_setting() -> None:
    assert parse_render_workers("") == max(0, min(2, (os.cpu_count() or 1) - 1))
    assert parse_render_workers(" 0 ") == 0
    assert Settings.load({"CROUPIER_RENDER_WORKERS": "3"}).render_workers == 3
    for wrong in ("-1", "two"):
        with pytest.raises(SettingsError, match="CROUPIER_RENDER_WORKERS"):
            parse_render_workers(wrong)


async def test_a_step_whose_picture_fails_is_announced_without_it(table: Table) -> None:
    """The board render raises: the step's post goes, without an image, and the game goes
    on; the next board that draws is posted."""
    bot = await table.start_bot(seed="render-fails")
    bot.pictures["pig"] = Pictures(board=fails)
    await table.pig_game("ann", "bob")
    started = [m.text() for m in table.fake.messages(table.channel)]
    assert any("your turn" in text for text in started)  # the start's post, and its call
    assert not any(m.files for m in table.fake.messages(table.channel))
    assert table.live.game is not None and table.live.game.phase  # the game goes on
    bot.pictures["pig"] = Pictures(board=render_pig)
    await table.slash("ann", "pig hold")
    assert any(m.files for m in table.fake.messages(table.channel))


async def test_a_step_s_board_is_drawn_by_a_worker_process(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """CROUPIER_RENDER_WORKERS=1: the board of a game's start is drawn in a worker."""
    monkeypatch.setattr(tests.support.table, "Settings",
                        functools.partial(Settings, render_workers=1))
    bot = await table.start_bot(seed="render-worker")
    await table.pig_game("ann", "bob")
    assert bot.render_workers._processes is not None  # drawn there, not in a thread
    # The worker's start (a second or so) keeps nothing in flight: wait for the post.
    board = await table.fake.wait_for_message(
        lambda m: m.channel_id == table.channel and bool(m.files), timeout=30.0)
    assert board.files[0][1].startswith(b"\x89PNG")
