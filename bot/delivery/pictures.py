"""The pictures a step posts: the board, a close-up, the market, a seat's private plan.

Drawn from the game's public view by the pictures its renders module declares
(`renders.PICTURES`; a seat's own view only for the picture in that seat's own prompt), off
the event loop, in worker processes (`RenderWorkers`): a drawing holds the interpreter's
lock, and drawn in a thread of the bot's process it would hold up every interaction
meanwhile. A board or market is posted only when it differs from the last one posted (its
fingerprint is kept in `messages` as `board` and `market`). A picture that fails to draw
(an error, a worker that died) is left out of its post, and logged; the post still goes.
"""

from __future__ import annotations

import asyncio
import copy
import io
import logging
import multiprocessing
import multiprocessing.connection
import os
import pickle
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import discord

from bot.records import BOARD, MARKET, Row, view_fingerprint
from bot.service import LiveGame
from bot.storage import Store
from engine import Event
from renders import Pictures

log = logging.getLogger(__name__)

Render = Callable[[dict[str, Any]], "bytes | None"]


def leave_with_the_bot() -> None:
    """In a worker, at its start: exit as soon as the bot's process is gone, killed with -9
    included. A pool's worker would not notice by itself (it waits on a queue whose
    writing end it holds too) and would outlive the bot for good."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="render-worker-watch", daemon=True).start()


class RenderWorkers:
    """Where pictures are drawn: `workers` processes, started (spawned, not forked: a fork
    of a process running an event loop and a database pool is unsafe) at the first picture,
    each given a render function by reference and a view dict and giving back PNG bytes;
    with 0, threads of the bot's own process, as before. A pool whose worker died is
    replaced for the next picture. A render that can't be sent to another process (a
    function made on the fly, as tests make) is drawn in a thread."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.threads = ThreadPoolExecutor(max_workers=2, thread_name_prefix="render")
        self._processes: ProcessPoolExecutor | None = None
        self._sendable: dict[Any, bool] = {}
        self.rebuilt = 0  # pools replaced after a worker died

    def _pool(self) -> ProcessPoolExecutor:
        if self._processes is None:
            self._processes = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=leave_with_the_bot)
        return self._processes

    def _by_reference(self, render: Render) -> bool:
        """Can `render` go to a worker (a module's function, pickled by its name)?"""
        known = self._sendable.get(render)
        if known is None:
            try:
                pickle.dumps(render)
                known = True
            except Exception:  # noqa: BLE001 - pickle raises many kinds; all mean no
                known = False
            self._sendable[render] = known
        return known

    async def draw(self, render: Render, view: dict[str, Any]) -> bytes | None:
        """`render(view)` off the event loop. Raises what the render raised, or
        BrokenProcessPool if its worker died (the pool is then replaced)."""
        loop = asyncio.get_running_loop()
        if self.workers <= 0 or not self._by_reference(render):
            return await loop.run_in_executor(self.threads, render, view)
        pool = self._pool()
        try:
            return await loop.run_in_executor(pool, render, view)
        except BrokenProcessPool:
            if self._processes is pool:
                self._processes = None
                self.rebuilt += 1
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    def shutdown(self) -> None:
        self.threads.shutdown(wait=False)
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
            self._processes = None


class Painter:
    """`pictures`: variant -> the pictures its renders module declares (the client's copy
    of `renders.PICTURES`: a test leaves images out by emptying it); `workers`: where they
    are drawn; `storage`: the fingerprints of the pictures last posted."""

    def __init__(self, pictures: dict[str, Pictures], workers: RenderWorkers,
                 storage: Store) -> None:
        self.pictures = pictures
        self.workers = workers
        self.storage = storage

    async def images(self, live: LiveGame, rows: dict[str, Row], *, drawn: bool,
                     events: list[Event] | None = None) -> list[discord.File]:
        """The board when the game says a turn or round ended (its `render_on` events) and
        the picture differs from the last one posted, with the game's `zoom` close-up
        beside it when it declares one (A&A: the theatre of the round's moves); a game's
        `market` table as its own image, at the same moments, when that changed. A game's
        `boards(view, public_events)` says which pictures one announcement gets (Plotted
        A&A: one per round it ended, with that round's moves, however many actions or
        rounds it took). Rendered off the event loop; at most Discord's ten files. `rows`: the game's `messages` rows, read once
        for its step (`bot/facts.py`); the fingerprints written are noted there."""
        game = live.game
        if not drawn or game is None:
            return []
        storage = self.storage
        view = copy.deepcopy(live.public_view())  # the renderers' own copy
        files: list[discord.File] = []
        pictures = self.pictures.get(live.row.variant)
        if pictures is None:
            return []
        market = pictures.market
        unseen = {"awaiting", "actions", "phase"} | ({"market"} if market is not None else set())
        boards = pictures.boards
        views = [view] if boards is None else boards(
            view, [{**e.data, "kind": e.kind} for e in events or [] if e.public]) or [view]
        last = rows.get(BOARD)
        posted = last[2] if last is not None else None
        for number, board_view in enumerate(views, 1):
            drawing = view_fingerprint({k: v for k, v in board_view.items() if k not in unseen})
            if posted == drawing:
                continue
            what = "board" if len(views) == 1 else f"board-{number}"
            board = await self.picture(live, pictures.board, board_view, what)
            if board is None:
                continue  # not drawn: not noted as posted, drawn again next time
            posted = drawing
            files.append(board)
            await storage.put_message(live.id, BOARD, 0, 0, drawing, durable=False)
            rows[BOARD] = (0, 0, drawing)
            zoom = pictures.zoom  # a close-up beside it, if any
            if zoom is not None:
                png = await self._render(zoom, board_view)
                if png:
                    suffix = "" if len(views) == 1 else f"-{number}"
                    files.append(discord.File(io.BytesIO(png), filename=f"{live.row.variant}-"
                                              f"{live.id}-zoom-{live.public_number}"
                                              f"{suffix}.png"))
        if market is not None and "market" in view:
            seen = rows.get(MARKET)
            now = view_fingerprint(view["market"])
            table = await self.picture(live, market, view, "market") \
                if seen is None or seen[2] != now else None
            if table is not None:
                files.append(table)
                await storage.put_message(live.id, MARKET, 0, 0, now, durable=False)
                rows[MARKET] = (0, 0, now)
        return files[:10]

    async def picture(self, live: LiveGame, render: Any, view: dict[str, Any], what: str
                      ) -> discord.File | None:
        """The picture as a file to post, or None if it could not be drawn (logged)."""
        png = await self._render(render, view)
        if not png:
            return None
        return discord.File(io.BytesIO(png), filename=f"{live.row.variant}-{live.id}-{what}-"
                                                      f"{live.public_number}.png")

    async def private(self, live: LiveGame, seat: str) -> discord.File | None:
        """The game's `private` picture of the seat's own view (the plan in a seat's
        prompt), or None when it declares none or it draws nothing."""
        game = live.game
        pictures = self.pictures.get(live.row.variant)
        private = pictures.private if pictures is not None else None
        if game is None or private is None:
            return None
        png = await self._render(private, game.view(seat))
        if not png:
            return None
        name = (f"{live.row.variant}-{live.id}-{game.seats.index(seat)}-plan-"
                f"{live.public_number}.png")
        return discord.File(io.BytesIO(png), filename=name)

    async def _render(self, render: Any, view: dict[str, Any]) -> bytes | None:
        """The PNG, or None when the render failed or its worker died: the post goes
        without it."""
        try:
            return await self.workers.draw(render, view)
        except BrokenProcessPool:
            log.error("a render worker died drawing %s; the post goes without the picture, "
                      "and the workers are started again",
                      getattr(render, "__qualname__", render))
        except Exception:  # noqa: BLE001 - a picture must not stop its announcement
            log.exception("drawing %s failed; the post goes without the picture",
                          getattr(render, "__qualname__", render))
        return None
