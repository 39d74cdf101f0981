"""A command typed again before its answer arrived is not applied blindly.

A slash command carries no sequence number, so a repeat that reaches the bot just after
the first was stored looks new, and so does a command typed again after a crash lost its
answer. Both are the same situation: the game's latest action is this player's identical
command, and the player has not been shown that it counted. The repeat is then answered
"that was applied" with a button to do it again, and goes through only on that click.

Only that situation: once the game moved on (anyone's action, an undo, a deadline), the
same command is a new one, whatever became of the earlier answer. A command counts as
typed before the answer reached the player when it arrived before that answer was sent:
the order of arrival, not of the check (over PostgreSQL a command's game is checked
against the database first, a round trip during which the identical command before it
may be stored and answered).

What was answered is known in memory, and noted in storage (the game's `answered` row:
the seq of the latest action whose answer reached its player); after a restart, the
game's latest action counts as unanswered if it is this player's, was stored in the two
minutes before the start, and its answer is not noted (it may have died with the
process). After two minutes, an identical command is taken as meant.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from bot.service import GameService, LiveGame, Outcome
from bot.storage import StorageError
from engine import RuleError

Key = tuple[int, int, str, str]  # game, user, action, parameters as canonical JSON

#: An unanswered action is remembered this long (seconds): a repeat after that is meant.
RECENT = 120.0
#: How long a repeat waits for an identical command already under way to be stored.
WAIT_FOR_FIRST = 2.0


class Unconfirmed(RuleError):
    """The same command was just applied; repeat it only if the player confirms."""

    def __init__(self, message: str, game_id: int, seq: int, asked_at: int) -> None:
        super().__init__(message)
        self.game_id = game_id
        self.seq = seq  # the stored action it repeats
        self.asked_at = asked_at  # the game's seq when the player was asked


@dataclass
class _Attempt:
    stored: asyncio.Future[int | None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future())


def _key(live: LiveGame, user_id: int, action: str, params: dict[str, Any]) -> Key:
    return (live.id, user_id, action, json.dumps(params, sort_keys=True, default=str))


class RepeatGuard:
    def __init__(self, service: GameService, *, started: float) -> None:
        self.service = service
        self._started = started
        # what each user stored and was not yet shown: key -> (seq, when it was stored)
        self._unanswered: dict[Key, tuple[int, float]] = {}
        self._recalled: set[tuple[int, int]] = set()  # (game, user) looked up after a start
        self._under_way: dict[Key, _Attempt] = {}
        self._arrivals = itertools.count()  # each command's place in the order of arrival
        # per (game, user): the command last answered, its seq, and the first arrival after
        # its answer was sent (an identical command that arrived before it is a repeat)
        self._shown: dict[tuple[int, int], tuple[Key, int, int]] = {}

    def arrived(self) -> int:
        """A command's place in the order of arrival: taken as it arrives, before anything
        is awaited (`guard`'s `arrival`)."""
        return next(self._arrivals)

    @contextlib.asynccontextmanager
    async def guard(self, live: LiveGame, user_id: int, action: str, params: dict[str, Any],
                    command: str | None = None, arrival: int | None = None
                    ) -> AsyncIterator[None]:
        """Around one slash command: refuse it as an unconfirmed repeat, or let it run.
        `command`: the command as the player typed it ("paa plot submit"), for the reply;
        `arrival`: its place in the order of arrival (`arrived`)."""
        if live.game is None or action in live.game.queries:
            yield
            return
        key = _key(live, user_id, action, params)
        earlier = self._under_way.get(key)
        if earlier is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(earlier.stored), WAIT_FOR_FIRST)
        await self._refuse_unanswered(live, key, command, arrival)
        attempt = _Attempt()
        self._under_way[key] = attempt
        try:
            yield
        finally:
            if self._under_way.get(key) is attempt:
                del self._under_way[key]
            if not attempt.stored.done():
                attempt.stored.set_result(None)

    def stored(self, outcome: Outcome, user_id: int, params: dict[str, Any]) -> None:
        """The command is stored; until `answered`, an identical one needs confirming."""
        key = _key(outcome.live, user_id, outcome.action, params)
        self._unanswered[key] = (outcome.seq, self.service.clock())
        attempt = self._under_way.get(key)
        if attempt is not None and not attempt.stored.done():
            attempt.stored.set_result(outcome.seq)

    async def answered(self, outcome: Outcome, user_id: int, params: dict[str, Any]) -> None:
        """The player was shown that the command counted: an identical one is new. Noted in
        storage too, for the next process (without waiting for the disk)."""
        key = _key(outcome.live, user_id, outcome.action, params)
        if self._unanswered.get(key, (None,))[0] == outcome.seq:
            del self._unanswered[key]
        self._shown[(outcome.live.id, user_id)] = (key, outcome.seq, self.arrived())
        with contextlib.suppress(StorageError):  # at worst the player confirms a repeat
            await self.service.storage.answered(outcome.live.id, outcome.seq)

    async def _refuse_unanswered(self, live: LiveGame, key: Key, command: str | None,
                                 arrival: int | None = None) -> None:
        """Hold the command if the game's latest action is this very command, stored for
        this player and not yet answered when the command arrived (or answered by a
        process that died since)."""
        if (live.id, key[1]) not in self._recalled:
            self._recalled.add((live.id, key[1]))
            await self._recall_before_start(live, key[1])
        entry = self._unanswered.get(key)
        shown = self._shown.get((live.id, key[1]))
        if entry is None and shown is not None and shown[0] == key and \
                shown[1] == live.seq and arrival is not None and arrival < shown[2]:
            entry = (shown[1], self.service.clock())  # arrived before its answer was sent
        if entry is None:
            return
        seq, stored_at = entry
        if seq != live.seq or self.service.clock() - stored_at > RECENT:
            # The game moved on since (so this is a new command), or it was long ago
            # (typed again on purpose).
            self._unanswered.pop(key, None)
            return
        # No action number: the log's numbering also counts steps whose very occurrence
        # is secret (a plot being written).
        raise Unconfirmed(f"Your last {typed(command)} was applied and counts once; my "
                          "answer to it may not have reached you. To do it once more, press "
                          "the button.", live.id, seq, live.seq)

    async def _recall_before_start(self, live: LiveGame, user_id: int) -> None:
        """The game's latest action, if it is the user's and was stored shortly before this
        process started: its answer may have died with the previous process."""
        storage = self.service.storage
        row = await storage.action(live.id, live.seq)
        if row is None or row.kind != "act" or row.action is None or row.user_id != user_id:
            return
        answered = await storage.message(live.id, "answered")
        if answered is not None and answered[2] == str(row.seq):
            return  # its answer reached the player before the restart
        if self._started - RECENT <= row.created_at < self._started:
            self._unanswered[_key(live, user_id, row.action, row.params)] = (
                row.seq, row.created_at)


def typed(command: str | None) -> str:
    """The command as the player typed it (`/paa plot submit`); without the interaction's
    name (never so for a slash command) just "command", rather than a made-up name."""
    if command:
        return f"`/{command}`"
    return "command"
