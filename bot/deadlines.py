"""Per-turn deadlines: one table, one task that sleeps until the earliest.

A deadline belongs to a game. It is re-armed whenever the game moves (each stored
action), reminds the awaited players in the channel when three quarters of the allowance have
passed, and when it passes runs the game's own timeout policy (`timeout_actions`)
or, if the game has none, tells the creator. Its effect is stored before it is
marked done, and running it twice does nothing more: the re-armed row carries the
game's new sequence number.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord

from bot.service import LiveGame
from bot.storage import DeadlineRow, Storage
from engine import NotAllowed, RuleError

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

REMIND_AT = 0.75  # of the allowance


class Deadlines:
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def storage(self) -> Storage:
        return self.bot.service.storage

    def now(self) -> float:
        return self.bot.service.clock()

    async def due(self, live: LiveGame) -> float | None:
        row = await self.storage.deadline(live.id)
        return row.due_at if row else None

    # ----- commands ------------------------------------------------------

    async def set(self, live: LiveGame, seconds: float) -> DeadlineRow:
        if seconds <= 0:
            raise NotAllowed("A deadline must be in the future.")
        row = DeadlineRow(live.id, seconds, self.now() + seconds, None, False, live.seq)
        await self.storage.put_deadline(row)
        self._wake.set()
        return row

    async def extend(self, live: LiveGame, seconds: float) -> DeadlineRow:
        row = await self._existing(live)
        if row.due_at is None:
            raise NotAllowed("The deadline is paused; resume it first.")
        new = DeadlineRow(live.id, row.turn_seconds, row.due_at + seconds, None, False,
                          row.armed_seq)
        await self.storage.put_deadline(new)
        self._wake.set()
        return new

    async def pause(self, live: LiveGame) -> DeadlineRow:
        row = await self._existing(live)
        if row.due_at is None:
            raise NotAllowed("The deadline is already paused.")
        new = DeadlineRow(live.id, row.turn_seconds, None, max(0.0, row.due_at - self.now()),
                          row.reminder_sent, row.armed_seq)
        await self.storage.put_deadline(new)
        return new

    async def resume(self, live: LiveGame) -> DeadlineRow:
        row = await self._existing(live)
        if row.due_at is not None:
            raise NotAllowed("The deadline isn't paused.")
        new = DeadlineRow(live.id, row.turn_seconds, self.now() + (row.paused_remaining or 0),
                          None, row.reminder_sent, row.armed_seq)
        await self.storage.put_deadline(new)
        self._wake.set()
        return new

    async def clear(self, live: LiveGame) -> None:
        await self._existing(live)
        await self.storage.clear_deadline(live.id)

    async def _existing(self, live: LiveGame) -> DeadlineRow:
        row = await self.storage.deadline(live.id)
        if row is None:
            raise NotAllowed("This game has no deadline. Set one with /game deadline set.")
        return row

    async def rearm(self, live: LiveGame) -> None:
        """The game moved: the next turn gets the full allowance again."""
        row = await self.storage.deadline(live.id)
        if row is None or row.armed_seq == live.seq or row.due_at is None:
            return
        await self.storage.put_deadline(DeadlineRow(live.id, row.turn_seconds,
                                                    self.now() + row.turn_seconds, None, False,
                                                    live.seq))
        self._wake.set()

    # ----- the clock -----------------------------------------------------

    async def tick(self) -> float | None:
        """Handle every reminder and deadline that is due; return the next wake-up time."""
        now = self.now()
        upcoming: list[float] = []
        for row in await self.storage.deadlines():
            if row.due_at is None:
                continue
            live = self.bot.service.live.get(row.game_id)
            if live is None:
                continue
            remind_at = row.due_at - row.turn_seconds * (1 - REMIND_AT)
            if now >= row.due_at:
                await self._expire(live, row)
                continue
            if not row.reminder_sent and now >= remind_at:
                await self._remind(live, row)
            elif not row.reminder_sent:
                upcoming.append(remind_at)
            upcoming.append(row.due_at)
        return min(upcoming) if upcoming else None

    async def _remind(self, live: LiveGame, row: DeadlineRow) -> None:
        await self.storage.put_deadline(DeadlineRow(row.game_id, row.turn_seconds, row.due_at,
                                                    None, True, row.armed_seq))
        game = (await self.bot.service.load(live)).game  # rebuilt if it sat idle
        if game is None or row.due_at is None:
            return
        # In the channel, naming only the awaited players: DMs are for secrets and choices.
        awaited = [(seat, live.user_of(seat)) for seat in game.prompts()]
        users = [u for _, u in awaited if u is not None]
        names = ", ".join(f"<@{u}> ({seat})" for seat, u in awaited if u is not None)
        await self.bot.delivery.post(
            live, f"\N{ALARM CLOCK} Reminder: {names or 'nobody'}, the game is waiting for you. "
                  f"The deadline is <t:{int(row.due_at)}:R>.",
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(id=u) for u in users]))

    async def _expire(self, live: LiveGame, row: DeadlineRow) -> None:
        game = (await self.bot.service.load(live)).game  # rebuilt if it sat idle
        if game is None:
            return
        if live.seq != row.armed_seq:
            await self.rearm(live)
            return
        plan = game.timeout_actions()
        outcomes = []
        for seat, action, params in plan:
            try:
                outcomes.append(await self.bot.service.act_as_deadline(live, seat, action,
                                                                       params))
            except RuleError as exc:
                log.warning("game %s: deadline action %s for %s refused: %s", live.id, action,
                            seat, exc)
        if outcomes:
            # One announcement for the whole step, however many seats it acted for.
            seats = ", ".join(dict.fromkeys(o.seat for o in outcomes if o.seat))
            await self.bot.actions.announce_all(
                outcomes, [f"\N{ALARM CLOCK} The deadline passed for {seats}."])
        moved = bool(outcomes)
        if not moved:
            # No policy: tell the creator once per period, and start a new period.
            await self.storage.put_deadline(DeadlineRow(
                row.game_id, row.turn_seconds, self.now() + row.turn_seconds, None, False,
                row.armed_seq))
            waiting = ", ".join(game.prompts()) or "nobody"
            await self.bot.delivery.dm(
                live.row.creator_id, f"\N{ALARM CLOCK} The deadline passed in **{game.title} "
                f"#{live.id}**; still waiting for {waiting}. You can /game substitute a seat, "
                "/game deadline extend, or /game abort.")

    async def run(self) -> None:
        while True:
            try:
                upcoming = await self.tick()
            except Exception:
                log.exception("deadline tick failed")
                upcoming = None
            delay = 60.0 if upcoming is None else max(0.0, min(60.0, upcoming - self.now()))
            self._wake.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=delay)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self.run(), name="croupier-deadlines")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
