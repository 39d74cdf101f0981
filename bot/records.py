"""The `messages` table's vocabulary: what each row of a game says, and how it is written.

A game's rows, by purpose:

- `prompt:<seat>`: where the seat's prompt stands (`PromptRecord`): which message shows it,
  since which step, open or closed. Its fingerprint column holds
  `<open|greyed|closed>:<prompt hash>:<seq it was first shown at>`: a click that carries an
  older sequence number is still valid while the seat's prompt is unchanged since then
  (another seat's action does not make a seat's buttons stale), and refused as out of date
  once the prompt changed. `greyed`: the prompt is still open, but its message was greyed
  out by the seat's own click and awaits being asked again (its next question, or the same
  one). Marked before the click greys it, so that a crash in between leaves a record that
  says so: the next start asks the question again in that message, with live buttons.
- `detail:<seat>`: the fingerprint of the private detail (a plot sheet) the seat's prompt
  message shows, kept apart so that the buttons' validity follows the prompt alone.
- `status`, `board`, `market`: the pinned status post, the last board and market images.
- `deadline:by-hand`: the creator set or cleared the deadline by hand (`bot/deadlines.py`).
- `automatic:stalled`: a timed step failed at the seq in its fingerprint (`bot/timeouts.py`).
- `answered`: the latest action whose answer reached its player (`bot/repeats.py`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import Prompt

if TYPE_CHECKING:
    from bot.storage import Store

#: A row as stored: (channel id, message id, fingerprint).
Row = tuple[int, int, str]

STATUS = "status"
BOARD = "board"
MARKET = "market"
#: The creator set (or cleared) the deadline by hand, which then replaces a game's own time
#: limits (`deadline_seconds`) for the rest of the game.
BY_HAND = "deadline:by-hand"
#: A timed step failed at the game's seq in its fingerprint: the game's timers wait until
#: it moves on, or `/game deadline resume`.
STALLED = "automatic:stalled"
ANSWERED = "answered"


def prompt_purpose(seat: str) -> str:
    return f"prompt:{seat}"


def detail_purpose(seat: str) -> str:
    """The row keeping the fingerprint of the detail a seat's prompt shows."""
    return f"detail:{seat}"


def fingerprint(prompt: Prompt) -> str:
    return hashlib.sha256(repr(prompt).encode()).hexdigest()[:16]


def view_fingerprint(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class PromptRecord:
    channel_id: int
    message_id: int  # 0: no message of its own (DM prompts off, or DMs closed)
    open: bool
    fingerprint: str
    since: int
    greyed: bool = False  # open, but its message shows greyed buttons (see above)

    def encoded(self) -> str:
        state = ("greyed" if self.greyed else "open") if self.open else "closed"
        return f"{state}:{self.fingerprint}:{self.since}"


def prompt_record(row: Row | None) -> PromptRecord | None:
    """A `prompt:<seat>` row read back (None: no row, or one emptied by a substitute)."""
    if row is None or not row[2]:
        return None
    channel_id, message_id, raw = row
    parts = raw.split(":")
    if len(parts) != 3 or not parts[2].isdigit():  # a row from before these records
        return PromptRecord(channel_id, message_id, True, raw, 0)
    return PromptRecord(channel_id, message_id, parts[0] in ("open", "greyed"), parts[1],
                        int(parts[2]), parts[0] == "greyed")


async def load(storage: Store, game_id: int, seat: str) -> PromptRecord | None:
    return prompt_record(await storage.message(game_id, prompt_purpose(seat)))


async def save(storage: Store, game_id: int, seat: str, record: PromptRecord) -> None:
    await storage.put_message(game_id, prompt_purpose(seat), record.channel_id,
                              record.message_id, record.encoded())


async def mark_greyed(storage: Store, game_id: int, seat: str, message_id: int) -> None:
    """The seat's own click is about to grey out its prompt's message `message_id` (if the
    seat's record still shows that message open)."""
    await storage.replace_fingerprint_prefix(game_id, prompt_purpose(seat), message_id,
                                             "open:", "greyed:")


def still_current(record: PromptRecord | None, seq: int, live_seq: int) -> bool:
    """May a choice made on a prompt shown at `seq` still be applied?"""
    if seq == live_seq:
        return True
    return record is not None and record.open and record.since <= seq


def stalled_at(row: Row | None) -> int | None:
    """The seq a failed timed step paused its game at, from its `automatic:stalled` row."""
    if row is None or not row[2].lstrip("-").isdigit():
        return None
    return int(row[2])
