"""A game's timed step (a deadline's, a reaction window's), applied and announced, and what
happens when it fails.

The step acts only on the question it was set for (`GameService.act_automatically`):
under the game's lock, only if the game has not moved since, and a deadline's action is
stored only if the deadline is still the one that fired (checked by the action's INSERT),
so an answer that wins the race makes the timer do nothing. What it stored is announced
through the `announce` callable the client hands in (the action path's), as one step.

A timed step that fails other than by the rules (the engine raising, say, ValueError)
pauses that game alone: its channel and creator are told, once, what could not be done
and how to go on, the error is logged with the game's id, and the other games' timers go
on. The pause (`automatic:stalled` in `messages`) lasts until the game moves (an answer,
an undo) or the creator runs `/game deadline resume`, which tries the step again.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from bot.delivery.discord_io import Sender
from bot.delivery.status import StatusPost
from bot.records import STALLED
from bot.service import Automatic, GameService, LiveGame, Outcome, Plan
from bot.storage import DeadlineRow, StorageError
from bot.ui import form_plan

log = logging.getLogger(__name__)

#: Tell everyone what a timed step stored: its outcomes, with lines put before them.
Announce = Callable[[list[Outcome], list[str]], Awaitable[object]]


class Timeouts:
    def __init__(self, service: GameService, sender: Sender, status: StatusPost,
                 announce: Announce) -> None:
        self.service = service
        self.storage = service.storage
        self.sender = sender
        self.status = status
        self.announce = announce

    async def apply(self, live: LiveGame, at_seq: int, plan: Plan, *, said: str,
                    deadline: DeadlineRow | None = None) -> Automatic:
        """Apply what `plan` says for the game as it is at `at_seq` (nothing if it moved),
        and announce it as one step, its first line `said` naming the seats it acted for
        ("The deadline passed for {seats}."). A failure is returned (`done.error`), for
        the caller to `stall` the game once it has done its own part."""
        done = await self.service.act_automatically(live, at_seq, plan, deadline=deadline,
                                                    said=said)
        if done.outcomes:
            # One announcement for the whole step, however many seats it acted for.
            seats = ", ".join(dict.fromkeys(o.seat for o in done.outcomes if o.seat))
            await self.announce(done.outcomes, [said.format(seats=seats)])
        return done

    async def each(self, live: LiveGame, step: Coroutine[Any, Any, Any], when: str) -> None:
        """One game's timed work (`when` says what in players' words): whatever it raises,
        the other games' timers go on. A storage fault (the disk) is tried again at the next
        tick; anything else pauses this game and says so."""
        try:
            await step
        except StorageError as exc:
            log.warning("game %s: %s, but storage failed for now: %s", live.id, when, exc)
        except Exception as exc:  # noqa: BLE001 - one game must not stop the others
            await self.stall(live, Automatic(error=exc), when)

    async def stalled(self, live: LiveGame) -> bool:
        """Is the game paused by a timed step that failed where it still is?"""
        mark = await self.storage.message(live.id, STALLED)
        if mark is None:
            return False
        if mark[2] == str(live.seq):
            return True
        await self.storage.drop_message(live.id, STALLED)  # it moved on since: go on
        return False

    async def unstall(self, live: LiveGame) -> None:
        """`/game deadline resume`: the failed step may be tried again."""
        await self.storage.drop_message(live.id, STALLED)

    async def stall(self, live: LiveGame, done: Automatic, when: str) -> None:
        """A timed step raised something other than a refusal of the rules: log it with the
        game's id, pause this game's timers where it is, and tell its channel and creator,
        once, what could not be done and how to go on."""
        log.error("game %s: a timed step failed at action %s (%s); its timers are paused",
                  live.id, live.seq, done.failed, exc_info=done.error)
        try:
            await self.storage.put_message(live.id, STALLED, 0, 0, str(live.seq))
            text = stalled_text(live, done, when)
            await self.sender.post(live, text)
            await self.sender.dm(live.row.creator_id, text)
            await self.status.refresh(live)
        except Exception:  # noqa: BLE001 - the log above says it all
            log.exception("game %s: telling the table about the failed timed step failed",
                          live.id)


def stalled_text(live: LiveGame, done: Automatic, when: str) -> str:
    """What a failed timed step could not do, and how the table goes on, in players' words."""
    game = live.game
    title = game.title if game is not None else live.row.variant
    what = "the game's automatic step"
    seat = None
    if done.failed is not None:
        seat, action, params = done.failed
        prompt = live.prompts().get(seat)
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
