"""What players must never read: the program's words instead of theirs (issue 14).

`jargon(text)` lists what gives a text away as the program's: JSON, snake_case names,
Python values (True, False, None, a list's brackets), ruling ids, file paths,
`name=value` option settings, variant slugs and the A&A board's misspelt keys. Both the engine's texts (random games)
and the demos' transcripts are read through it.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import engine

JARGON: dict[str, re.Pattern[str]] = {
    "JSON": re.compile(r'\{"|"\s*:\s*[\[{"\d]|```json'),
    "a snake_case name": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "a Python value": re.compile(r"\b(True|False)\b|\bNone\b(?! of)|\['|'\]|\{'"),
    "a ruling id": re.compile(r"\b(HF|KC|CCR|D)-\d+\b"),
    "a file path": re.compile(r"\b[\w.-]+/[\w.-]+\.(md|py|json)\b"),
    "an option as name=value": re.compile(r"\b[a-z_]+=\w"),
    "a component's id": re.compile(r"\bcroupier:\w"),
    # The A&A board's keys misspell some areas (the reference's "East Mediteranean Sea
    # Zone"): players read them spelled right (`engine.aa.spelling`). "British Columbia"
    # and "District of Columbia" are Dictators' own, rightly spelled.
    "an area's name misspelt as the board's key": re.compile(
        r"\b(?:Mediteranean|Carribean|Antartic)\b|(?<!British )(?<!of )\bColumbia\b"),
}
# A slash command as its player typed it (">> ann used /game new variant:…"): their own
# words, read as typed.
TYPED = re.compile(r"^>> .+? used /")


@functools.cache
def slugs(variants: frozenset[str]) -> re.Pattern[str]:
    """Every registered game's id that reads as the program's (the ones with a hyphen)."""
    named = sorted(re.escape(v) for v in variants if "-" in v)
    return re.compile(rf"\b({'|'.join(named)})\b")


def jargon(text: str) -> list[str]:
    """What in `text` a player should not have to read, as "what: 'found'" strings."""
    found = []
    patterns = {**JARGON, "a variant's slug": slugs(frozenset(engine.VARIANTS))}
    for what, pattern in patterns.items():
        match = pattern.search(text)
        if match:
            found.append(f"{what}: {match.group(0)!r}")
    return found


# What the stand-in writes about a message rather than the message itself: a file or an
# embed's picture (its file name), the buttons. A player's own action (">>") and the menus
# ("[menu") are written in the words the player saw (`demo.table.write_transcript`) and
# are read; a menu the demo's writer could not name ("[select") is not.
NOT_READ = ("===", "  buttons:", "  [select", "  file:", "  | image:", "  [modal", "  [form")
# The status post's options are in words on the bot helper's branch (issue 14, uxbot):
# drop this once both branches are merged.
PENDING_ELSEWHERE = re.compile(r"^\s*\| Options: ")


def read_as_a_player(out: Path) -> list[str]:
    """Every line of a demo's transcripts (`out`) that a player reads and that gives the
    program away, with the file it is in."""
    bad = []
    for path in sorted(out.glob("*.txt")):
        if path.name in ("transcript.txt", "README.txt"):  # the same lines, or not a player's
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith(NOT_READ) or PENDING_ELSEWHERE.match(line) or TYPED.match(line):
                continue
            found = jargon(line)
            if found:
                bad.append(f"{path.name}: {line.strip()[:140]} ({', '.join(found)})")
    return bad


def transcript_as_a_player(fake: Any, out: Path) -> list[str]:
    """`read_as_a_player` of what a test's sandbox holds, written as the demo writes it: for
    an end-to-end test that plays a demo's script against its own sandbox."""
    from demo.table import write_transcript

    write_transcript(fake, out)
    return read_as_a_player(out)
