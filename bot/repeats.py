"""A command typed again before its answer arrived is not applied blindly.

A slash command carries no sequence number, so a repeat that reaches the bot just after
the first was stored looks new, and so does a command typed again after a crash lost its
answer. Both are the same situation: the game's latest action is this player's identical
command, and the player has not been shown that it counted. The repeat is then answered
"that was applied" with a button to do it again, and goes through only on that click.

What was answered is known in memory; after a restart, an identical command stored shortly
before the restart counts as unanswered (its answer may have died with the process).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.service import LiveGame, Outcome
from engine import RuleError

if TYPE_CHECKING:
    from bot.client import Croupier

Key = tuple[int, int, str, str]  # game, user, action, parameters as canonical JSON

#: Actions stored this long before the process started count as possibly unanswered.
RECENT_BEFORE_START = 600.0
#: How long a repeat waits for an identical command already under way to be stored.
WAIT_FOR_FIRST = 2.0


class Unconfirmed(RuleError):
    """The same command was just applied; repeat it only if the player confirms."""

    def __init__(self, message: str, game_id: int, seq: int) -> None:
        super().__init__(message)
        self.game_id = game_id
        self.seq = seq


@dataclass
class _Attempt:
    stored: asyncio.Future[int | None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future())


def _key(live: LiveGame, user_id: int, action: str, params: dict[str, Any]) -> Key:
    return (live.id, user_id, action, json.dumps(params, sort_keys=True, default=str))


class RepeatGuard:
    def __init__(self, bot: Croupier) -> None:
        self.bot = bot
        self._started: float | None = None
        self._unanswered: dict[int, tuple[int, Key]] = {}  # game -> (seq, what was stored)
        self._checked: set[int] = set()  # games whose pre-restart tail was looked at
        self._under_way: dict[Key, _Attempt] = {}

    @contextlib.asynccontextmanager
    async def guard(self, live: LiveGame, user_id: int, action: str,
                    params: dict[str, Any]) -> AsyncIterator[None]:
        """Around one slash command: refuse it as an unconfirmed repeat, or let it run."""
        if live.game is None or action in live.game.queries:
            yield
            return
        if self._started is None:
            self._started = self.bot.service.clock()
        key = _key(live, user_id, action, params)
        earlier = self._under_way.get(key)
        if earlier is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(earlier.stored), WAIT_FOR_FIRST)
        await self._refuse_unanswered(live, key)
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
        self._unanswered[outcome.live.id] = (outcome.seq, key)
        attempt = self._under_way.get(key)
        if attempt is not None and not attempt.stored.done():
            attempt.stored.set_result(outcome.seq)

    def answered(self, outcome: Outcome) -> None:
        entry = self._unanswered.get(outcome.live.id)
        if entry is not None and entry[0] == outcome.seq:
            del self._unanswered[outcome.live.id]

    async def _refuse_unanswered(self, live: LiveGame, key: Key) -> None:
        if live.id not in self._checked:
            self._checked.add(live.id)
            await self._recall_before_start(live)
        entry = self._unanswered.get(live.id)
        if entry is None or entry != (live.seq, key):
            return
        group = self.bot.command_groups.get(live.row.variant)
        command = f"`/{group} {key[2]}`" if group else "the same command"
        raise Unconfirmed(f"Your {command} just before this one was applied (action {live.seq}) "
                          "and counts once. To do it once more, press the button.",
                          live.id, live.seq)

    async def _recall_before_start(self, live: LiveGame) -> None:
        """The game's latest action, if stored just before this process started."""
        row = await self.bot.service.storage.action(live.id, live.seq)
        if row is None or row.kind != "act" or not row.user_id or row.action is None:
            return
        assert self._started is not None
        if not self._started - RECENT_BEFORE_START <= row.created_at < self._started:
            return  # long ago, or stored by this process (which knows if it was answered)
        self._unanswered.setdefault(live.id, (row.seq, _key(live, row.user_id, row.action,
                                                             row.params)))
