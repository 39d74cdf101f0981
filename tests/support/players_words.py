"""What players must never read: the program's words instead of theirs (issue 14).

`jargon(text)` lists what gives a text away as the program's: JSON, snake_case names,
Python values (True, False, None, a list's brackets), ruling ids, file paths,
`name=value` option settings and variant slugs. Both the engine's texts (random games)
and the demos' transcripts are read through it.
"""

from __future__ import annotations

import re

JARGON: dict[str, re.Pattern[str]] = {
    "JSON": re.compile(r'\{"|"\s*:\s*[\[{"\d]|```json'),
    "a snake_case name": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "a Python value": re.compile(r"\b(True|False)\b|\bNone\b(?! of)|\['|'\]|\{'"),
    "a ruling id": re.compile(r"\b(HF|KC|CCR|D)-\d+\b"),
    "a file path": re.compile(r"\b[\w.-]+/[\w.-]+\.(md|py|json)\b"),
    "an option as name=value": re.compile(r"\b[a-z_]+=\w"),
    "a variant's slug": re.compile(r"\b(hf-political-events|killer-clue|cold-cash-risk)\b"),
}


def jargon(text: str) -> list[str]:
    """What in `text` a player should not have to read, as "what: 'found'" strings."""
    found = []
    for what, pattern in JARGON.items():
        match = pattern.search(text)
        if match:
            found.append(f"{what}: {match.group(0)!r}")
    return found
