"""Where each seat's prompt stands: which message shows it, since when, open or closed.

One row per seat in the `messages` table (purpose `prompt:<seat>`). Its fingerprint
column holds `<open|greyed|closed>:<prompt hash>:<seq it was first shown at>`: a click
that carries an older sequence number is still valid while the seat's prompt is unchanged
since then (another seat's action does not make a seat's buttons stale), and refused
as out of date once the prompt changed.

`greyed`: the seat's prompt is still open, but its message was greyed out by the seat's
own click and awaits being asked again (its next question, or the same one). Marked before
the click greys it, so that a crash in between leaves a record that says so: the next
start asks the question again in that message, with live buttons.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from bot.storage import Storage
from engine import Prompt


def fingerprint(prompt: Prompt) -> str:
    return hashlib.sha256(repr(prompt).encode()).hexdigest()[:16]


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


def purpose(seat: str) -> str:
    return f"prompt:{seat}"


async def load(storage: Storage, game_id: int, seat: str) -> PromptRecord | None:
    row = await storage.message(game_id, purpose(seat))
    if row is None or not row[2]:
        return None
    channel_id, message_id, raw = row
    parts = raw.split(":")
    if len(parts) != 3 or not parts[2].isdigit():  # a row from before these records
        return PromptRecord(channel_id, message_id, True, raw, 0)
    return PromptRecord(channel_id, message_id, parts[0] in ("open", "greyed"), parts[1],
                        int(parts[2]), parts[0] == "greyed")


async def save(storage: Storage, game_id: int, seat: str, record: PromptRecord) -> None:
    await storage.put_message(game_id, purpose(seat), record.channel_id, record.message_id,
                              record.encoded())


async def mark_greyed(storage: Storage, game_id: int, seat: str, message_id: int) -> None:
    """The seat's own click is about to grey out its prompt's message `message_id`."""
    record = await load(storage, game_id, seat)
    if record is not None and record.open and record.message_id == message_id:
        await save(storage, game_id, seat, replace(record, greyed=True))


def still_current(record: PromptRecord | None, seq: int, live_seq: int) -> bool:
    """May a choice made on a prompt shown at `seq` still be applied?"""
    if seq == live_seq:
        return True
    return record is not None and record.open and record.since <= seq
