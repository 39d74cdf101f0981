"""What the bot knows of a game at one step, read once: `Facts`.

After a stored step the bot tells the table several things (the prompt messages, the
pictures, the status post, the deadline re-armed), and each needs the same facts: who is
awaited and with what prompt, where each seat's prompt message stands, who wants prompts
by DM, the game's deadline. They are read once, together, by `read` (the prompts and the
step that asks them under the game's lock; the game's `messages` rows, its awaited
players' own settings (prompts by DM, digest, quiet hours, away) and its deadline in one
query each), and every sender works from them. The caller holds the game's `telling` lock, so that no other telling of the same
game changes the rows in between; what a sender writes back it also notes here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot import records
from bot.records import STALLED, PromptRecord, Row
from bot.service import LiveGame
from bot.storage import DeadlineRow, Preferences, Store
from engine import Prompt


@dataclass
class Facts:
    live: LiveGame
    seq: int  # the step the prompts are for
    finished: bool
    prompts: dict[str, Prompt]
    # The game's private text for each awaited seat's prompt message (`prompt_detail`).
    details: dict[str, str]
    rows: dict[str, Row]  # the game's `messages` rows, by purpose
    prefs: dict[int, Preferences]  # the seated players' own settings
    deadline: DeadlineRow | None
    now: float  # when they were read (the service's clock)

    def row(self, purpose: str) -> Row | None:
        return self.rows.get(purpose)

    def note(self, purpose: str, row: Row) -> None:
        """A row written back by a sender (the next sender of the same telling sees it)."""
        self.rows[purpose] = row

    def record(self, seat: str) -> PromptRecord | None:
        return records.prompt_record(self.rows.get(records.prompt_purpose(seat)))

    def wants_dm(self, seat: str) -> bool:
        user = self.live.user_of(seat)
        return user is not None and self.prefs_of(seat).dm_prompts

    def prefs_of(self, seat: str) -> Preferences:
        """The settings of the seat's player (the defaults for a seat nobody holds)."""
        user = self.live.user_of(seat)
        return self.prefs.get(user, Preferences()) if user is not None else Preferences()

    def away(self) -> list[str]:
        """The awaited seats whose player is away now (`/game away`)."""
        return [seat for seat in self.prompts if self.prefs_of(seat).away(self.now)]

    def everyone_away(self) -> bool:
        """Every seated player is away: nobody is left to play with, so the game waits for
        its deadline or the first one back instead of playing itself turn after turn."""
        users = {s.user_id for s in self.live.seats}
        return bool(users) and all(self.prefs.get(u, Preferences()).away(self.now)
                                   for u in users)

    @property
    def stalled(self) -> bool:
        """Paused by a timed step that failed at this very step (`bot/timeouts.py`)."""
        return records.stalled_at(self.rows.get(STALLED)) == self.live.seq

    @property
    def due(self) -> float | None:
        """When the deadline passes; None without one, paused, or waiting on a failed step."""
        if self.deadline is None or self.deadline.due_at is None or self.stalled:
            return None
        return self.deadline.due_at


async def read(storage: Store, live: LiveGame, now: float | None = None) -> Facts:
    """The game's facts now (`now`: the service's clock, for a player's away period and
    quiet hours). The caller holds `live.telling`."""
    # The step these prompts are for, read under the game's lock: an action changes the
    # engine's position before its row is stored and the game's seq advances, and a
    # prompt's buttons must carry the step that asked its question (a click on them is
    # checked against what the seat did since). The game may move on while they go out.
    async with live.lock:
        game = live.game
        prompts = live.prompts()
        seq = live.seq
        finished = game.finished if game is not None else False
        details = {seat: game.prompt_detail(seat) for seat in prompts} \
            if game is not None else {}
    rows = await storage.messages(live.id)
    prefs = await storage.preferences_of({s.user_id for s in live.seats})
    timed = live.row.status in ("running", "finished")  # (a lobby has no deadline yet)
    deadline = await storage.deadline(live.id) if timed else None
    return Facts(live, seq, finished, prompts, details, rows, prefs, deadline,
                 time.time() if now is None else now)
