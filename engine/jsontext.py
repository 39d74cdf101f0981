"""JSON text from players (a state file, a deck), bounded before it is parsed.

Python's parser recurses once per bracket: text nested a few thousand deep fails with a
`RecursionError` that no refusal explains, and a huge file costs memory before anything
is checked. `loads` measures size and depth first, on the raw text, and refuses in words.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.errors import Unreadable

# No state or deck of any game nests deeper than a dozen levels.
DEEPEST = 64
LARGEST_BYTES = 2_000_000

# A string (skipped whole, escapes included) or one bracket.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


def depth(text: str, stop_at: int = DEEPEST) -> int:
    """How deeply the brackets of `text` nest (outside strings); counting stops past
    `stop_at`, so a hostile text costs no more than a sound one."""
    level = deepest = 0
    for token in _TOKENS.finditer(text):
        mark = token.group()
        if mark in "[{":
            level += 1
            if level > deepest:
                deepest = level
                if deepest > stop_at:
                    break
        elif mark in "]}":
            level -= 1
    return deepest


def loads(raw: bytes | str, what: str, *, deepest: int = DEEPEST,
          largest: int = LARGEST_BYTES) -> Any:
    """The JSON value of `raw`, or an `Unreadable` saying what is wrong with `what` ("The
    state file", "The deck"): too large, not text, nested too deeply, or not JSON."""
    if len(raw) > largest:
        raise Unreadable(f"{what} is too large ({len(raw):,} bytes; at most {largest:,}).")
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise Unreadable(f"{what} is not text: save it as JSON (UTF-8).") from None
    else:
        text = raw
    if depth(text, deepest) > deepest:
        raise Unreadable(f"{what} nests lists and objects more than {deepest} deep: no game "
                         "needs that, so it is not read.")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise Unreadable(f"{what} is not valid JSON (line {exc.lineno}, column {exc.colno}: "
                         f"{exc.msg}).") from None
    except (ValueError, RecursionError):
        raise Unreadable(f"{what} is not valid JSON.") from None
