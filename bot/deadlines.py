"""Per-turn deadlines: one table, one task that sleeps until the earliest.

A deadline belongs to a game. It is re-armed whenever the game moves (each stored
action), reminds the awaited players in the channel when three quarters of the allowance have
passed, and when it passes runs the game's own timeout policy (`timeout_actions`)
or, if the game has none, tells the creator. Its effect is stored before it is
marked done, and running it twice does nothing more: the re-armed row carries the
game's new sequence number.

Reaction windows (a game whose cards may be answered out of turn, as One World Dominion's):
an action whose public events include a `window` event with `seconds` > 0 opens a short
timer for that game, and so does an action that leaves a defender to answer an attack (the
public view's `decision` is `defend`; its `window_seconds` says how long). When the timer
passes and the game still waits in that kind of window, the game's `timeout_actions()`
answer for everyone still awaited (they pass; a defender rolls as many dice as allowed).
The timer depends only on public facts and the game's fixed `window_seconds` option, so it
opens the same way and lasts the same time whatever anyone holds. Windows are kept in
memory; after a restart, a game found waiting in a window once it is loaded (a command, a
click, its prompts owed) gets its timer back, counted from the stored action that opened it.

A timed step acts only on the question it was set for (`GameService.act_automatically`):
under the game's lock, only if the game has not moved since, and a deadline's action is
stored only if the deadline is still the one that fired (checked by the action's INSERT),
so an answer that wins the race makes the timer do nothing. A timed step that fails other
than by the rules (the engine raising, say, ValueError) pauses that game alone: its channel
and creator are told, once, what could not be done and how to go on, the error is logged
with the game's id, and the other games' timers go on. The pause lasts until the game moves
(an answer, an undo) or the creator runs `/game deadline resume`, which tries the step again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot import records
from bot.records import BY_HAND, STALLED
from bot.service import Automatic, LiveGame, Outcome
from bot.storage import DeadlineRow, Storage, StorageError
from bot.ui import form_plan
from engine import Game, NotAllowed

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

REMIND_AT = 0.75  # of the allowance


def question_of(game: Game | None) -> str:
    """The question a deadline is set for: each awaited seat's prompt fingerprint."""
    if game is None:
        return ""
    return json.dumps({seat: records.fingerprint(prompt)
                       for seat, prompt in game.prompts().items()}, sort_keys=True)


class Deadlines:
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        # game id -> (when its reaction window closes, its kind: "window" or "defend")
        self.windows: dict[int, tuple[float, str]] = {}
        # Games whose window was looked for since this process started (`_recover`).
        self._recovered: set[int] = set()

    @property
    def storage(self) -> Storage:
        return self.bot.service.storage

    def now(self) -> float:
        return self.bot.service.clock()

    async def due(self, live: LiveGame) -> float | None:
        """When the deadline passes; None without one, paused, or waiting on a failed step."""
        row = await self.storage.deadline(live.id)
        if row is None or row.due_at is None or await self.stalled(live):
            return None
        return row.due_at

    # ----- commands ------------------------------------------------------

    async def set(self, live: LiveGame, seconds: float) -> DeadlineRow:
        if seconds <= 0:
            raise NotAllowed("A deadline must be in the future.")
        row = DeadlineRow(live.id, seconds, self.now() + seconds, None, False, live.seq,
                          question_of(live.game))
        await self.storage.put_deadline(row)
        await self.storage.put_message(live.id, BY_HAND, 0, 0, "set")
        self._wake.set()
        return row

    async def extend(self, live: LiveGame, seconds: float) -> DeadlineRow:
        row = await self._existing(live)
        if row.due_at is None:
            raise NotAllowed("The deadline is paused; resume it first.")
        new = DeadlineRow(live.id, row.turn_seconds, row.due_at + seconds, None, False,
                          row.armed_seq, row.question)
        await self.storage.put_deadline(new)
        self._wake.set()
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
        if await self.stalled(live):
            await self.storage.drop_message(live.id, STALLED)
            waiting = self._waiting(live)
            if waiting is not None:
                self._arm(live.id, 0.0, waiting[0])
            if row is not None and row.due_at is not None and row.due_at < self.now():
                row = replace(row, due_at=self.now())  # due now, not "two hours ago"
                await self.storage.put_deadline(row)
            self._wake.set()
            if row is None or row.due_at is not None:
                return row
        row = await self._existing(live)
        if row.due_at is not None:
            raise NotAllowed("The deadline isn't paused.")
        new = DeadlineRow(live.id, row.turn_seconds, self.now() + (row.paused_remaining or 0),
                          None, row.reminder_sent, row.armed_seq, row.question)
        await self.storage.put_deadline(new)
        self._wake.set()
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

    async def rearm(self, live: LiveGame) -> None:
        """The game moved: the next turn gets the full allowance again.

        A game with its own time limits (`deadline_seconds()`: Plotted A&A's Plot Phase and
        reveal timer) is armed from them from its start, and only when it asks a new
        question: a seat newly awaited, or an awaited seat's prompt changed. A step that
        leaves every question as it was (a plot written, another power submitting) leaves
        the clock running: the Plot Phase has one time limit, not one per plot change. A
        deadline set by hand (`/game deadline set`) keeps its own allowance instead, and
        one cleared by hand stays off."""
        row = await self.storage.deadline(live.id)
        game = live.game
        question = question_of(game)
        limit = getattr(game, "deadline_seconds", None) if game is not None else None
        if limit is None:
            if row is None or row.armed_seq == live.seq or row.due_at is None:
                return
            await self.storage.put_deadline(DeadlineRow(
                live.id, row.turn_seconds, self.now() + row.turn_seconds, None, False,
                live.seq, question))
            self._wake.set()
            return
        if row is not None and (row.armed_seq == live.seq or row.due_at is None):
            return
        by_hand = await self.storage.message(live.id, BY_HAND)
        if row is None and by_hand is not None:
            return  # cleared by hand
        if row is not None and not await self.new_question(live, row):
            await self.storage.put_deadline(DeadlineRow(
                live.id, row.turn_seconds, row.due_at, None, row.reminder_sent, live.seq,
                question))
            return
        seconds = row.turn_seconds if row is not None and by_hand is not None else limit()
        if seconds is None:
            return
        await self.storage.put_deadline(DeadlineRow(live.id, float(seconds),
                                                    self.now() + seconds, None, False,
                                                    live.seq, question))
        self._wake.set()

    async def new_question(self, live: LiveGame, row: DeadlineRow | None = None) -> bool:
        """Does the game ask something the deadline was not set for? A seat awaited now
        that wasn't then, or whose prompt changed since. A deadline stored before it kept
        its question is compared with the prompt messages instead, read before they are
        brought up to date: a seat awaited now whose stored prompt is missing, closed or
        different."""
        game = live.game
        if game is None:
            return False
        if row is not None and row.question:
            asked = json.loads(row.question)
            return any(asked.get(seat) != records.fingerprint(prompt)
                       for seat, prompt in game.prompts().items())
        for seat, prompt in game.prompts().items():
            record = await records.load(self.storage, live.id, seat)
            if record is None or not record.open or \
                    record.fingerprint != records.fingerprint(prompt):
                return True
        return False

    def open_windows(self, outcomes: list[Outcome]) -> None:
        """Time the reaction window the stored actions leave the game in, if any: a window
        opened by a public `window` event (the others passing leaves its time alone), or a
        defender's prompt (it may answer with a card), timed afresh at each round. The
        newest window of a game replaces the one before."""
        if not outcomes:
            return
        for outcome in outcomes:
            for event in outcome.events:
                seconds = float(event.data.get("seconds") or 0)
                if event.kind == "window" and event.public and seconds > 0:
                    self._arm(outcome.live.id, seconds, "window")
        waiting = self._waiting(outcomes[-1].live)
        if waiting is not None and waiting[0] == "defend":
            self._arm(outcomes[-1].live.id, waiting[1], "defend")

    def after_undo(self, live: LiveGame) -> None:
        """An undo may bring back a window: it gets its full time from now."""
        self.windows.pop(live.id, None)
        waiting = self._waiting(live)
        if waiting is not None:
            self._arm(live.id, waiting[1], waiting[0])

    @staticmethod
    def _waiting(live: LiveGame) -> tuple[str, float] | None:
        """(kind, seconds) of the reaction window the game waits in: "window" or "defend"
        in its public view's `decision`, timed by its `window_seconds`; None otherwise (and
        for every game that declares no window, without computing its view)."""
        game = live.game
        if game is None or game.finished or not game.options.get("window_seconds"):
            return None
        view = game.view(None)
        decision = view.get("decision")
        kind = decision.get("kind") if isinstance(decision, dict) else None
        seconds = float(view.get("window_seconds") or 0)
        if kind in ("window", "defend") and seconds > 0:
            return str(kind), seconds
        return None

    def _arm(self, game_id: int, seconds: float, kind: str, since: float | None = None
             ) -> None:
        self._recovered.add(game_id)  # a window armed now needs no recovery
        self.windows[game_id] = ((self.now() if since is None else since) + seconds, kind)
        self._wake.set()

    async def _recover(self, live: LiveGame) -> None:
        """After a restart, a loaded game found waiting in a window gets its timer back,
        counted from when the stored action that opened it was made."""
        self._recovered.add(live.id)
        waiting = None if live.id in self.windows else self._waiting(live)
        if waiting is None:
            return
        kind, seconds = waiting
        rows = await self.storage.actions(live.id, after=max(0, live.seq - 50))
        opened = [r for r in rows if kind == "defend" or any(
            e.get("kind") == "window" and e.get("audience") == "public" for e in r.events)]
        if opened:
            self._arm(live.id, seconds, kind, since=opened[-1].created_at)

    async def _close_window(self, live: LiveGame, kind: str) -> None:
        """The window's time is up: if the game still waits in that kind of window, its own
        timeout policy answers for everyone still awaited (they pass; a defender rolls)."""
        game = (await self.bot.service.load(live)).game
        if game is None or game.finished:
            return

        def plan(game: Game) -> list[tuple[str, str, dict[str, Any]]]:
            decision = game.view(None).get("decision") or {}
            if not isinstance(decision, dict) or decision.get("kind") != kind:
                return []
            return list(game.timeout_actions())

        done = await self.bot.service.act_automatically(live, live.seq, plan)
        if done.outcomes:
            seats = ", ".join(dict.fromkeys(o.seat for o in done.outcomes if o.seat))
            await self.bot.actions.announce_all(
                done.outcomes, [f"\N{HOURGLASS} The time to answer is up for {seats}."])
        if done.error is not None:
            await self._stall(live, done, "The time to answer ran out")

    async def _windows_due(self, now: float) -> list[float]:
        """Close every window whose time is up; return when the others close."""
        upcoming = []
        for loaded in list(self.bot.service.live.values()):
            if loaded.id not in self._recovered and loaded.game is not None:
                await self._each(loaded, self._recover(loaded), "Its reaction window was being timed again after a restart")
        for game_id, (due, kind) in list(self.windows.items()):
            if now < due:
                upcoming.append(due)
                continue
            if self.windows.get(game_id) == (due, kind):
                del self.windows[game_id]
            live = self.bot.service.live.get(game_id)
            if live is not None and not await self.stalled(live):
                await self._each(live, self._close_window(live, kind),
                                 "The time to answer ran out")
        return upcoming

    # ----- a timed step that failed ------------------------------------------

    async def _each(self, live: LiveGame, step: Any, when: str) -> None:
        """One game's timed work (`when` says what in players' words): whatever it raises,
        the other games' timers go on. A storage fault (the disk) is tried again at the next
        tick; anything else pauses this game and says so."""
        try:
            await step
        except StorageError as exc:
            log.warning("game %s: %s, but storage failed for now: %s", live.id, when, exc)
        except Exception as exc:  # noqa: BLE001 - one game must not stop the others
            await self._stall(live, Automatic(error=exc), when)

    async def stalled(self, live: LiveGame) -> bool:
        """Is the game paused by a timed step that failed where it still is?"""
        mark = await self.storage.message(live.id, STALLED)
        if mark is None:
            return False
        if mark[2] == str(live.seq):
            return True
        await self.storage.drop_message(live.id, STALLED)  # it moved on since: go on
        return False

    async def _stall(self, live: LiveGame, done: Automatic, when: str) -> None:
        """A timed step raised something other than a refusal of the rules: log it with the
        game's id, pause this game's timers where it is, and tell its channel and creator,
        once, what could not be done and how to go on."""
        log.error("game %s: a timed step failed at action %s (%s); its timers are paused",
                  live.id, live.seq, done.failed, exc_info=done.error)
        try:
            await self.storage.put_message(live.id, STALLED, 0, 0, str(live.seq))
            text = stalled_text(live, done, when)
            await self.bot.delivery.post(live, text)
            await self.bot.delivery.dm(live.row.creator_id, text)
            await self.bot.delivery.status(live, deadline=None)
        except Exception:  # noqa: BLE001 - the log above says it all
            log.exception("game %s: telling the table about the failed timed step failed",
                          live.id)

    # ----- the clock -----------------------------------------------------

    async def tick(self) -> float | None:
        """Handle every reminder and deadline that is due; return the next wake-up time.
        Each game on its own: one game's failure never keeps the others waiting."""
        now = self.now()
        upcoming: list[float] = await self._windows_due(now)
        for row in await self.storage.deadlines():
            if row.due_at is None:
                continue
            live = self.bot.service.live.get(row.game_id)
            if live is None:
                continue
            remind_at = row.due_at - row.turn_seconds * (1 - REMIND_AT)
            if now >= row.due_at:
                if not await self.stalled(live):
                    await self._each(live, self._expire(live, row), "The deadline passed")
                continue
            if not row.reminder_sent and now >= remind_at:
                await self._each(live, self._remind(live, row), "A reminder was due")
            elif not row.reminder_sent:
                upcoming.append(remind_at)
            upcoming.append(row.due_at)
        return min(upcoming) if upcoming else None

    async def _remind(self, live: LiveGame, row: DeadlineRow) -> None:
        await self.storage.put_deadline(DeadlineRow(row.game_id, row.turn_seconds, row.due_at,
                                                    None, True, row.armed_seq, row.question))
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
            again = await self.storage.deadline(live.id)
            if again is None or again.due_at is None or again.due_at > self.now() or \
                    again.armed_seq != live.seq:
                return
            row = again  # the clock ran on through steps that asked nothing new: it is due
        # Only on the question it was set for: the game still at the deadline's seq, and
        # the deadline itself unchanged when its action is stored.
        done = await self.bot.service.act_automatically(
            live, row.armed_seq, lambda game: game.timeout_actions(), deadline=row)
        if done.late:
            return  # an answer (or the creator) came first: this deadline did nothing
        if done.outcomes:
            # One announcement for the whole step, however many seats it acted for.
            seats = ", ".join(dict.fromkeys(o.seat for o in done.outcomes if o.seat))
            await self.bot.actions.announce_all(
                done.outcomes, [f"\N{ALARM CLOCK} The deadline passed for {seats}."])
            after = await self.storage.deadline(live.id)
            if after is not None and after.due_at is not None and after.due_at <= self.now():
                # The deadline's own step asked nothing new (a game with its own limits
                # keeps its clock then): the same question gets a full period, not a loop.
                await self.storage.put_deadline(DeadlineRow(
                    live.id, after.turn_seconds, self.now() + after.turn_seconds, None, False,
                    live.seq, question_of(live.game)))
        if done.error is not None:
            await self._stall(live, done, "The deadline passed")
            return
        if not done.outcomes:
            # No policy: tell the creator once per period, and start a new period.
            await self.storage.put_deadline(DeadlineRow(
                row.game_id, row.turn_seconds, self.now() + row.turn_seconds, None, False,
                row.armed_seq, row.question))
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


def stalled_text(live: LiveGame, done: Automatic, when: str) -> str:
    """What a failed timed step could not do, and how the table goes on, in players' words."""
    game = live.game
    title = game.title if game is not None else live.row.variant
    what = "the game's automatic step"
    seat = None
    if done.failed is not None:
        seat, action, params = done.failed
        prompt = game.prompts().get(seat) if game is not None else None
        spec = prompt.action(action) if prompt is not None else None
        said = form_plan.summary(spec, params) if spec is not None else form_plan.plain(action)
        what = f"{seat}'s automatic answer ({said[:200]})"
    answer = (f"{seat}'s player can answer as usual (the creator can hand the seat to someone "
              "else with `/game substitute`)" if seat else
              "the awaited players can answer as usual (the creator can hand a seat to "
              "someone else with `/game substitute`)")
    return (f"\N{WARNING SIGN} {when} in **{title} #{live.id}**, but I could not make {what}: "
            "something went wrong on my side, so it was not applied and nothing changed. "
            "The game waits here, without a deadline, until it moves on. To go on: "
            f"{answer}; the creator can take back the last move with `/game undo`, try the "
            "automatic step again with `/game deadline resume`, or end the game with "
            "`/game abort`.")
