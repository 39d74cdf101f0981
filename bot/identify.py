"""Discord's identify queue, kept by the bot's processes together.

Discord lets one IDENTIFY per rate-limit key (`shard_id % max_concurrency`) through every
5 s and answers an earlier one with Invalid Session; each refusal still costs a session
start (1,000 a day). discord.py spaces the shards of one process, but two processes that
start at once both identify at once. So every process takes its turn here first: the time
of the last IDENTIFY of each key is kept in a lock file the processes share, read and
written under an exclusive `flock`: by default one per bot in the system's temporary
directory (the processes of one host find it without being told), or the file named by
`CROUPIER_IDENTIFY_LOCK` (on a volume the containers mount). A file that can't be opened
leaves the turns to this process alone, with a warning.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import logging
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

log = logging.getLogger(__name__)

#: Discord's 5 s, and a margin for the time an IDENTIFY takes to reach it.
IDENTIFY_SPACING = 5.25


def default_lock_file(application_id: int) -> Path:
    """The lock file the processes of one bot on one host share unless told another."""
    return Path(tempfile.gettempdir()) / f"croupier-identify-{application_id}.lock"


class IdentifyQueue:
    """Waits until this shard's rate-limit key may identify, and books the slot."""

    def __init__(self, lock_file: str | Path | None = None, *, spacing: float = IDENTIFY_SPACING,
                 clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.lock_file = Path(lock_file) if lock_file is not None else None
        self.spacing = spacing
        self._clock = clock
        self._sleep = sleep
        self._last: dict[str, float] = {}  # without a lock file: this process's turns

    async def wait_turn(self, shard_id: int, max_concurrency: int) -> None:
        key = str(shard_id % max(1, max_concurrency))
        while True:
            wait: float | None = None
            if self.lock_file is not None:
                try:
                    wait = await asyncio.to_thread(self._book_in_file, self.lock_file, key)
                except OSError as exc:
                    log.warning("identify turns kept in this process only: %s", exc)
                    self.lock_file = None
            if wait is None:
                wait = self._book(self._last, key)
            if wait <= 0:
                return
            await self._sleep(wait)

    def _book(self, last: dict[str, float], key: str) -> float:
        """0 (and the slot booked) if `key` may identify now, else how long to wait."""
        now = self._clock()
        previous = last.get(key)
        if previous is not None and now - previous < self.spacing:
            return previous + self.spacing - now
        last[key] = now
        return 0.0

    def _book_in_file(self, path: Path, key: str) -> float:
        with path.open("a+") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file is closed
            handle.seek(0)
            try:
                last = {str(k): float(v) for k, v in json.loads(handle.read() or "{}").items()}
            except (ValueError, AttributeError):
                last = {}  # a damaged file: start over (at worst one early identify, retried)
            wait = self._book(last, key)
            if wait <= 0:
                handle.seek(0)
                handle.truncate()
                handle.write(json.dumps(last))
                handle.flush()
            return wait
