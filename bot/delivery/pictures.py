"""The pictures a step posts: the board, a close-up, the market, a seat's private plan.

Drawn from the game's public view by the pictures its renders module declares
(`renders.PICTURES`; a seat's own view only for the picture in that seat's own prompt), off
the event loop, on the bot's render pool.
A board or market is posted only when it differs from the last one posted (its
fingerprint is kept in `messages` as `board` and `market`).
"""

from __future__ import annotations

import asyncio
import copy
import io
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import discord

from bot.records import BOARD, MARKET, Row, view_fingerprint
from bot.service import LiveGame
from bot.storage import Store
from engine import Event
from renders import Pictures


class Painter:
    """`pictures`: variant -> the pictures its renders module declares (the client's copy
    of `renders.PICTURES`: a test leaves images out by emptying it); `pool`: the threads
    that render; `storage`: the fingerprints of the pictures last posted."""

    def __init__(self, pictures: dict[str, Pictures], pool: ThreadPoolExecutor,
                 storage: Store) -> None:
        self.pictures = pictures
        self.pool = pool
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
            posted = drawing
            what = "board" if len(views) == 1 else f"board-{number}"
            files.append(await self.picture(live, pictures.board, board_view, what))
            await storage.put_message(live.id, BOARD, 0, 0, drawing)
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
            if seen is None or seen[2] != now:
                files.append(await self.picture(live, market, view, "market"))
                await storage.put_message(live.id, MARKET, 0, 0, now)
                rows[MARKET] = (0, 0, now)
        return files[:10]

    async def picture(self, live: LiveGame, render: Any, view: dict[str, Any], what: str
                      ) -> discord.File:
        png = await self._render(render, view)
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

    async def _render(self, render: Any, view: dict[str, Any]) -> bytes:
        png: bytes = await asyncio.get_running_loop().run_in_executor(self.pool, render, view)
        return png
