"""Where each seat's prompt stands: which message shows it, since when, open or closed.

One row per seat in the `messages` table (purpose `prompt:<seat>`). Its fingerprint
column holds `<open|closed>:<prompt hash>:<seq it was first shown at>`: a click that
carries an older sequence number is still valid while the seat's prompt is unchanged
since then (another seat's action does not make a seat's buttons stale), and refused
as out of date once the prompt changed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

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

    def encoded(self) -> str:
        return f"{'open' if self.open else 'closed'}:{self.fingerprint}:{self.since}"


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
    return PromptRecord(channel_id, message_id, parts[0] == "open", parts[1], int(parts[2]))


async def save(storage: Storage, game_id: int, seat: str, record: PromptRecord) -> None:
    await storage.put_message(game_id, purpose(seat), record.channel_id, record.message_id,
                              record.encoded())


def still_current(record: PromptRecord | None, seq: int, live_seq: int) -> bool:
    """May a choice made on a prompt shown at `seq` still be applied?"""
    if seq == live_seq:
        return True
    return record is not None and record.open and record.since <= seq
