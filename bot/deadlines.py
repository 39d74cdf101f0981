"""Per-turn deadlines: one row per game, durable.

A deadline is re-armed whenever the game moves (each stored action), reminds the awaited
players in the channel when three quarters of the allowance have passed, and when it
passes runs the game's own timeout policy (`timeout_actions`, through `bot/timeouts.py`)
or, if the game has none, tells the creator. Its effect is stored before it is marked
done, and running it twice does nothing more: the re-armed row carries the game's new
sequence number, and a deadline acts only on the question it was set for (each awaited
seat's prompt fingerprint, stored with it).

A game with its own time limits (`deadline_seconds()`, Plotted A&A) is armed from them from
its start and re-armed only when it asks something new (a seat newly awaited or its prompt
changed), unless the creator set or cleared the deadline by hand. The one task that wakes
for them is `bot/timers.py`.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace

import discord

from bot import facts, records
from bot.delivery.discord_io import Sender
from bot.facts import Facts
from bot.records import BY_HAND
from bot.service import GameService, LiveGame
from bot.storage import DeadlineRow
from bot.timeouts import Timeouts
from bot.windows import Windows
from engine import Game, NotAllowed, Prompt

REMIND_AT = 0.75  # of the allowance


def question_of(prompts: Mapping[str, Prompt]) -> str:
    """The question a deadline is set for: each awaited seat's prompt fingerprint."""
    return json.dumps({seat: records.fingerprint(prompt)
                       for seat, prompt in prompts.items()}, sort_keys=True)


class Deadlines:
    """`wake(when)`: tell the one timer task that something is due at `when`; `refresh`:
    bring a game's prompt messages up to date when its deadline moved without a step."""

    def __init__(self, service: GameService, timeouts: Timeouts, windows: Windows,
                 sender: Sender, wake: Callable[[float], None],
                 refresh: Callable[[LiveGame], Awaitable[None]] | None = None) -> None:
        self.service = service
        # Bring the game's prompt messages up to date (they say the deadline), handed in
        # by the client: the announcer's.
        self.refresh = refresh
        self.storage = service.storage
        self.timeouts = timeouts
        self.windows = windows
        self.sender = sender
        self.wake = wake

    def now(self) -> float:
        return self.service.clock()

    async def due(self, live: LiveGame) -> float | None:
        """When the deadline passes; None without one, paused, or waiting on a failed step."""
        row = await self.storage.deadline(live.id)
        if row is None or row.due_at is None or await self.timeouts.stalled(live):
            return None
        return row.due_at

    async def _put(self, row: DeadlineRow) -> DeadlineRow:
        """Store the row, and have the timer wake for its reminder or its end."""
        await self.storage.put_deadline(row)
        if row.due_at is not None:
            self.wake(row.due_at if row.reminder_sent else
                      row.due_at - row.turn_seconds * (1 - REMIND_AT))
        return row

    # ----- commands ------------------------------------------------------

    async def set(self, live: LiveGame, seconds: float) -> DeadlineRow:
        if seconds <= 0:
            raise NotAllowed("A deadline must be in the future.")
        row = DeadlineRow(live.id, seconds, self.now() + seconds, None, False, live.seq,
                          question_of(live.prompts()))
        await self._put(row)
        await self.storage.put_message(live.id, BY_HAND, 0, 0, "set")
        return row

    async def extend(self, live: LiveGame, seconds: float) -> DeadlineRow:
        row = await self._existing(live)
        if row.due_at is None:
            raise NotAllowed("The deadline is paused; resume it first.")
        new = DeadlineRow(live.id, row.turn_seconds, row.due_at + seconds, None, False,
                          row.armed_seq, row.question)
        await self._put(new)
        return new

    async def pause(self, live: LiveGame) -> DeadlineRow:
        row = await self._existing(live)
        if row.due_at is None:
            raise NotAllowed("The deadline is already paused.")
        new = DeadlineRow(live.id, row.turn_seconds, None, max(0.0, row.due_at - self.now()),
                          row.reminder_sent, row.armed_seq, row.question)
        await self.storage.put_deadline(new)
        return new

    async def resume(self, live: LiveGame) -> DeadlineRow | None:
        """Resume a deadline paused by hand; for a game paused by a failed timed step, try
        that step again now (its deadline, or its reaction window, is due at once)."""
        row = await self.storage.deadline(live.id)
        if await self.timeouts.stalled(live):
            await self.timeouts.unstall(live)
            self.windows.due_now(live)
            if row is not None and row.due_at is not None and row.due_at < self.now():
                row = replace(row, due_at=self.now())  # due now, not "two hours ago"
                await self.storage.put_deadline(row)
            self.wake(self.now())
            if row is None or row.due_at is not None:
                return row
        row = await self._existing(live)
        if row.due_at is not None:
            raise NotAllowed("The deadline isn't paused.")
        new = DeadlineRow(live.id, row.turn_seconds, self.now() + (row.paused_remaining or 0),
                          None, row.reminder_sent, row.armed_seq, row.question)
        await self._put(new)
        return new

    async def clear(self, live: LiveGame) -> None:
        await self._existing(live)
        await self.storage.clear_deadline(live.id)
        await self.storage.put_message(live.id, BY_HAND, 0, 0, "cleared")

    async def _existing(self, live: LiveGame) -> DeadlineRow:
        row = await self.storage.deadline(live.id)
        if row is None:
            raise NotAllowed("This game has no deadline. Set one with /game deadline set.")
        return row

    # ----- the game moved -------------------------------------------------

    async def rearm(self, known: Facts) -> None:
        """The game moved: the next turn gets the full allowance again (worked out from the
        step's facts, whose deadline is then the one stored).

        A game with its own time limits (`deadline_seconds()`: Plotted A&A's Plot Phase and
        reveal timer) is armed from them from its start, and only when it asks a new
        question: a seat newly awaited, or an awaited seat's prompt changed. A step that
        leaves every question as it was (a plot written, another power submitting) leaves
        the clock running: the Plot Phase has one time limit, not one per plot change. A
        deadline set by hand (`/game deadline set`) keeps its own allowance instead, and
        one cleared by hand stays off."""
        live, row = known.live, known.deadline
        game = live.game
        question = question_of(known.prompts)
        limit = own_limits(game)
        if limit is None:
            if row is None or row.armed_seq == live.seq or row.due_at is None:
                return
            known.deadline = await self._put(DeadlineRow(
                live.id, row.turn_seconds, self.now() + row.turn_seconds, None, False,
                live.seq, question))
            return
        if row is not None and (row.armed_seq == live.seq or row.due_at is None):
            return
        by_hand = known.row(BY_HAND)
        if row is None and by_hand is not None:
            return  # cleared by hand
        if row is not None and not self.new_question(known, row):
            known.deadline = DeadlineRow(live.id, row.turn_seconds, row.due_at, None,
                                         row.reminder_sent, live.seq, question)
            await self.storage.put_deadline(known.deadline)
            return
        seconds = row.turn_seconds if row is not None and by_hand is not None else limit()
        if seconds is None:
            return
        known.deadline = await self._put(DeadlineRow(
            live.id, float(seconds), self.now() + seconds, None, False, live.seq, question))

    @staticmethod
    def new_question(known: Facts, row: DeadlineRow) -> bool:
        """Does the game ask something the deadline was not set for? A seat awaited now
        that wasn't then, or whose prompt changed since. A deadline stored before it kept
        its question is compared with the prompt messages instead, as they were before
        they are brought up to date: a seat awaited now whose stored prompt is missing,
        closed or different."""
        if known.live.game is None:
            return False
        if row.question:
            asked = json.loads(row.question)
            return any(asked.get(seat) != records.fingerprint(prompt)
                       for seat, prompt in known.prompts.items())
        for seat, prompt in known.prompts.items():
            record = known.record(seat)
            if record is None or not record.open or \
                    record.fingerprint != records.fingerprint(prompt):
                return True
        return False

    # ----- due ------------------------------------------------------------

    async def tick(self, now: float | None = None) -> list[float]:
        """Handle every reminder and deadline that is due; return when the others are.
        Each game on its own: one game's failure never keeps the others waiting."""
        now = self.now() if now is None else now
        upcoming: list[float] = []
        for row in await self.storage.deadlines():
            if row.due_at is None:
                continue
            live = self.service.live.get(row.game_id)
            if live is None:
                continue
            remind_at = row.due_at - row.turn_seconds * (1 - REMIND_AT)
            if now >= row.due_at:
                if not await self.timeouts.stalled(live):
                    await self.timeouts.each(live, self._expire(live, row),
                                             "The deadline passed")
                continue
            if not row.reminder_sent and now >= remind_at:
                await self.timeouts.each(live, self._remind(live, row), "A reminder was due")
            elif not row.reminder_sent:
                upcoming.append(remind_at)
            upcoming.append(row.due_at)
        return upcoming

    async def _remind(self, live: LiveGame, row: DeadlineRow) -> None:
        await self.storage.put_deadline(DeadlineRow(row.game_id, row.turn_seconds, row.due_at,
                                                    None, True, row.armed_seq, row.question))
        game = (await self.service.load(live)).game  # rebuilt if it sat idle
        if game is None or row.due_at is None:
            return
        # In the channel, naming only the awaited players (in turn order): DMs are for
        # secrets and choices.
        awaited = [(seat, live.user_of(seat)) for seat in live.in_turn_order(live.prompts())]
        users = [u for _, u in awaited if u is not None]
        names = ", ".join([await self.sender.called(live, seat, u) for seat, u in awaited
                           if u is not None])
        await self.sender.post(
            live, f"\N{ALARM CLOCK} Reminder: {names or 'nobody'}, the game is waiting for you. "
                  f"The deadline is <t:{int(row.due_at)}:R>.",
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(id=u) for u in users]))

    async def _expire(self, live: LiveGame, row: DeadlineRow) -> None:
        game = (await self.service.load(live)).game  # rebuilt if it sat idle
        if game is None:
            return
        if live.seq != row.armed_seq:
            async with live.telling:
                await self.rearm(await facts.read(self.storage, live, self.now()))
            again = await self.storage.deadline(live.id)
            if again is None or again.due_at is None or again.due_at > self.now() or \
                    again.armed_seq != live.seq:
                return
            row = again  # the clock ran on through steps that asked nothing new: it is due
        # Only on the question it was set for: the game still at the deadline's seq, and
        # the deadline itself unchanged when its action is stored.
        done = await self.timeouts.apply(
            live, row.armed_seq, lambda game: game.timeout_actions(), deadline=row,
            said="\N{ALARM CLOCK} The deadline passed for {seats}.")
        if done.late:
            return  # an answer (or the creator) came first: this deadline did nothing
        if done.outcomes:
            after = await self.storage.deadline(live.id)
            if after is not None and after.due_at is not None and after.due_at <= self.now():
                # The deadline's own step asked nothing new (a game with its own limits
                # keeps its clock then): the same question gets a full period, not a loop.
                await self._put(DeadlineRow(
                    live.id, after.turn_seconds, self.now() + after.turn_seconds, None, False,
                    live.seq, question_of(live.prompts())))
        if done.error is not None:
            await self.timeouts.stall(live, done, "The deadline passed")
            return
        if done.outcomes:
            return
        # No policy: tell the creator once per period, and start a new period.
        await self._put(DeadlineRow(
            row.game_id, row.turn_seconds, self.now() + row.turn_seconds, None, False,
            row.armed_seq, row.question))
        if self.refresh is not None:
            await self.refresh(live)  # the prompts say the new period's deadline
        waiting = ", ".join(live.prompts()) or "nobody"
        await self.sender.dm(
            live.row.creator_id, f"\N{ALARM CLOCK} The deadline passed in **{game.title} "
            f"#{live.id}**; still waiting for {waiting}. You can /game substitute a seat, "
            "/game deadline extend, or /game abort.")


def own_limits(game: Game | None) -> Callable[[], int | None] | None:
    """The game's own time limits (`Game.deadline_seconds`) if it declares any, else None:
    then only the deadline the creator sets applies."""
    if game is None or type(game).deadline_seconds is Game.deadline_seconds:
        return None
    return game.deadline_seconds
