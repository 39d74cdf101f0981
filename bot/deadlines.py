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

Exactly once (issue 27): every stored change to a deadline gives it the game's next deadline
number (`Storage.put_deadline`). What wakes for a deadline (the timer's tick here, a task
queue's job where there is one) is only a trigger: `check(game, number)`. The effect is
stored in the one transaction that finds the deadline still that number and the database's
clock past due, and records it in `deadline_applied`, whose key refuses a second time. A
trigger that comes late, twice, or for a changed deadline does nothing. The tick is also the
reconciler: it scans every running game's deadline, so a due one whose trigger was lost (the
process died) is checked again at the next tick.

Over PostgreSQL (several processes) the trigger is a task queue's job instead
(`bot/queue.py`, procrastinate): storing a deadline defers `check(game, number)` at its due
time, run by whichever process's worker takes it, which may never have loaded the game;
the queue's reconciler re-defers a due deadline whose job was lost. The tick then only
sends reminders. Over SQLite (one process) the timer's tick stays the trigger.

A daily deadline ("every day at 20:00", `/game deadline daily`) is due at that wall-clock
time in the time zone of whoever set it (their `/game notify` time zone), worked out with
`zoneinfo` each time it is armed and stored in UTC: 20:00 stays 20:00 across daylight saving
changes. A time that does not exist that day (02:30 when clocks jump from 02:00 to 03:00) is
due when the clock shows 03:30, as long after midnight as 02:30 would have been; a time that
happens twice (02:30 when clocks go back) is due the first time.
"""

from __future__ import annotations

import json
import logging
import re
import uuid
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import discord

from bot import facts, records
from bot.delivery.discord_io import Sender
from bot.facts import Facts
from bot.records import BY_HAND
from bot.service import GameService, LiveGame
from bot.storage import DeadlineRow, NotDueYet, StaleWrite
from bot.timeouts import Timeouts
from bot.windows import Windows
from engine import Game, NotAllowed, Prompt

if TYPE_CHECKING:  # procrastinate is imported only over PostgreSQL
    from bot.queue import DeadlineQueue

log = logging.getLogger(__name__)

REMIND_AT = 0.75  # of the allowance
RETRY_SECONDS = 1.0  # a due deadline the database's clock did not yet see as due


def read_daily(text: str) -> str:
    """A wall-clock time typed as "20:00" or "8:30", as "HH:MM"; `NotAllowed` otherwise."""
    found = re.fullmatch(r"\s*(\d{1,2})[:h.](\d{2})\s*", text or "")
    if found is None or int(found[1]) > 23 or int(found[2]) > 59:
        raise NotAllowed(f"I can't read {text!r} as a time of day: write it like 20:00.")
    return f"{int(found[1]):02d}:{found[2]}"


def next_daily(at: str, zone: str, after: float) -> float:
    """The first moment strictly after `after` (seconds since 1970) when the clocks of time
    zone `zone` show `at` ("HH:MM"), in seconds since 1970. A time skipped by a daylight
    saving change that day falls as long after midnight as it would have (02:30 is 03:30);
    a time that happens twice is the first one (fold 0)."""
    try:
        tz = ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        tz = ZoneInfo("UTC")
    hours, minutes = (int(part) for part in at.split(":"))
    day = datetime.fromtimestamp(after, tz).date()
    for ahead in range(3):
        date = day + timedelta(days=ahead)
        when = datetime(date.year, date.month, date.day, hours, minutes, tzinfo=tz).timestamp()
        if when > after:
            return when
    raise AssertionError("a day always has a next occurrence")  # pragma: no cover


def next_period(row: DeadlineRow, now: float, armed_seq: int, question: str) -> DeadlineRow:
    """A new period of `row`'s kind, starting at `now`: the full allowance, or the next
    daily time (its allowance then the time until it, for the reminder)."""
    if row.daily_at:
        due = next_daily(row.daily_at, row.time_zone, now)
        return replace(row, turn_seconds=due - now, due_at=due, paused_remaining=None,
                       reminder_sent=False, armed_seq=armed_seq, question=question, attempt="")
    return replace(row, due_at=now + row.turn_seconds, paused_remaining=None,
                   reminder_sent=False, armed_seq=armed_seq, question=question, attempt="")


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
        # Over PostgreSQL, the task queue whose jobs trigger the deadlines (`use_queue`).
        self.queue: DeadlineQueue | None = None

    def use_queue(self, queue: DeadlineQueue) -> None:
        """Let `queue`'s jobs trigger the deadlines (its worker calls `check`) instead of
        the tick, which then only sends reminders."""
        self.queue = queue

    def now(self) -> float:
        return self.service.clock()

    async def due(self, live: LiveGame) -> float | None:
        """When the deadline passes; None without one, paused, or waiting on a failed step."""
        row = await self.storage.deadline(live.id)
        if row is None or row.due_at is None or await self.timeouts.stalled(live):
            return None
        return row.due_at

    async def _put(self, row: DeadlineRow) -> DeadlineRow:
        """Store the row under its next number, and arm its trigger: every stored change
        gives the deadline a new number, which only a trigger for that number applies."""
        row = await self.storage.put_deadline(row)
        await self.arm(row)
        return row

    async def arm(self, row: DeadlineRow) -> None:
        """The trigger for `row`'s reminder or end: the timer's wake-up, and with a task
        queue a job deferred for its due time (`DeadlineQueue.defer`: the queueing lock
        "deadline-<game>-<number>", never `lock`). A job not deferred (the database
        unreachable for a moment) is the queue's reconciler's to make up for."""
        if row.due_at is None:
            return
        if self.queue is None:
            self.wake(row.due_at if row.reminder_sent else
                      row.due_at - row.turn_seconds * (1 - REMIND_AT))
            return
        if not row.reminder_sent:
            self.wake(row.due_at - row.turn_seconds * (1 - REMIND_AT))
        try:
            await self.queue.defer(row.game_id, row.seq, row.due_at)
        except Exception:  # noqa: BLE001 - the deadline is stored; the reconciler re-arms it
            log.warning("game %s: deadline %s stored but its job not deferred", row.game_id,
                        row.seq, exc_info=True)

    # ----- commands ------------------------------------------------------

    async def set(self, live: LiveGame, seconds: float) -> DeadlineRow:
        if seconds <= 0:
            raise NotAllowed("A deadline must be in the future.")
        row = DeadlineRow(live.id, seconds, self.now() + seconds, None, False, live.seq,
                          question_of(live.prompts()))
        row = await self._put(row)
        await self.storage.put_message(live.id, BY_HAND, 0, 0, "set")
        return row

    async def set_daily(self, live: LiveGame, at: str, zone: str) -> DeadlineRow:
        """Every turn due at the next `at` ("20:00") on the clocks of time zone `zone`."""
        template = DeadlineRow(live.id, 0.0, None, None, False, live.seq, "",
                               daily_at=read_daily(at), time_zone=zone)
        row = await self._put(next_period(template, self.now(), live.seq,
                                          question_of(live.prompts())))
        await self.storage.put_message(live.id, BY_HAND, 0, 0, "set")
        return row

    async def extend(self, live: LiveGame, seconds: float) -> DeadlineRow:
        row = await self._existing(live)
        if row.due_at is None:
            raise NotAllowed("The deadline is paused; resume it first.")
        return await self._put(replace(row, due_at=row.due_at + seconds, reminder_sent=False))

    async def pause(self, live: LiveGame) -> DeadlineRow:
        row = await self._existing(live)
        if row.due_at is None:
            raise NotAllowed("The deadline is already paused.")
        return await self._put(replace(
            row, due_at=None, paused_remaining=max(0.0, row.due_at - self.now())))

    async def resume(self, live: LiveGame) -> DeadlineRow | None:
        """Resume a deadline paused by hand; for a game paused by a failed timed step, try
        that step again now (its deadline, or its reaction window, is due at once)."""
        row = await self.storage.deadline(live.id)
        if await self.timeouts.stalled(live):
            await self.timeouts.unstall(live)
            self.windows.due_now(live)
            if row is not None and row.due_at is not None and row.due_at < self.now():
                # due now, not "two hours ago"
                row = await self._put(replace(row, due_at=self.now()))
            self.wake(self.now())
            if row is None or row.due_at is not None:
                return row
        row = await self._existing(live)
        if row.due_at is not None:
            raise NotAllowed("The deadline isn't paused.")
        return await self._put(replace(row, due_at=self.now() + (row.paused_remaining or 0),
                                       paused_remaining=None))

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
            known.deadline = await self._put(next_period(row, self.now(), live.seq, question))
            return
        if row is not None and (row.armed_seq == live.seq or row.due_at is None):
            return
        by_hand = known.row(BY_HAND)
        if row is None and by_hand is not None:
            return  # cleared by hand
        if row is not None and not self.new_question(known, row):
            # (a new number, so a new trigger: the clock runs on to the same due time)
            known.deadline = await self._put(replace(
                row, paused_remaining=None, armed_seq=live.seq, question=question))
            return
        if row is not None and by_hand is not None:
            known.deadline = await self._put(next_period(row, self.now(), live.seq, question))
            return
        seconds = limit()
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
        """The reconciler: every running game's deadline, each due reminder sent and each
        due deadline checked (`check`), whether or not its own trigger came; return when
        the others are due. Each game on its own: one game's failure never keeps the others
        waiting. With a task queue, the reminders only: the queue's jobs check the
        deadlines, and its own reconciler re-arms a lost one (`bot/queue.py`)."""
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
                if self.queue is not None:
                    continue
                if not await self.check(row.game_id, row.seq, live):
                    upcoming.append(now + RETRY_SECONDS)
                continue
            if not row.reminder_sent and now >= remind_at:
                await self.timeouts.each(live, self._remind(live, row), "A reminder was due")
            elif not row.reminder_sent:
                upcoming.append(remind_at)
            if self.queue is None:
                upcoming.append(row.due_at)
        return upcoming

    async def check(self, game_id: int, seq: int, live: LiveGame | None = None) -> bool:
        """The trigger of deadline number `seq` of game `game_id`: apply it if it is still
        the game's deadline and due (the transaction that stores its effect checks both
        again, by the database's clock). Safe to call any number of times, from anywhere.
        False if it is not due yet by this process's clock or the database's (a clock ran
        ahead): check again in a moment. (Anything else left undone waits for the next
        tick, or the queue's reconciler.)

        The game need not be loaded in this process (a task queue's job runs in any), and
        the copy it has is brought up to the stored log first: another process may have
        moved the game on since."""
        row = await self.storage.deadline(game_id)
        if row is None or row.seq != seq or row.due_at is None:
            return True  # not this deadline: a wake-up too many does nothing
        if row.due_at > self.now():
            return False
        if live is None:
            try:
                live = await self.service.get(game_id)
            except NotAllowed:
                return True  # over, or gone
        await self.service.catch_up(live)  # a job may run where an older copy is loaded
        if await self.timeouts.stalled(live):
            return True
        await self.timeouts.each(live, self._expire(live, row), "The deadline passed")
        after = await self.storage.deadline(game_id)
        return after is None or after.seq != seq or after.due_at is None or \
            after.due_at <= await self.storage.database_now()

    async def _remind(self, live: LiveGame, row: DeadlineRow) -> None:
        if not await self.storage.mark_reminded(row):
            return  # the deadline changed meanwhile
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
        # This application alone may store the step's actions, one per seat, each stored
        # only with the deadline unchanged (its first one applies it: `Storage`).
        row = replace(row, attempt=uuid.uuid4().hex)
        done = await self.timeouts.apply(
            live, row.armed_seq, lambda game: game.timeout_actions(), deadline=row,
            said="\N{ALARM CLOCK} The deadline passed for {seats}.")
        if done.late:
            return  # an answer (or the creator) came first, or not due yet: nothing done
        if done.outcomes:
            after = await self.storage.deadline(live.id)
            if after is not None and after.due_at is not None and after.due_at <= self.now():
                # The deadline's own step asked nothing new (a game with its own limits
                # keeps its clock then): the same question gets a full period, not a loop.
                await self._put(next_period(after, self.now(), live.seq,
                                            question_of(live.prompts())))
        if done.error is not None:
            await self.timeouts.stall(live, done, "The deadline passed")
            return
        if done.outcomes:
            return
        # No policy: a new period, applied as this deadline's effect (once), and the
        # creator told once per period.
        try:
            await self.arm(await self.storage.apply_deadline(
                row, next_period(row, self.now(), row.armed_seq, row.question)))
        except (StaleWrite, NotDueYet):
            return  # changed meanwhile, applied by someone else, or not due yet
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
