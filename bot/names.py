"""Names players see (seats, players, options echoed): cleaned where they come in, escaped
where the bot shows them.

Coming in. A display name or a typed seat can hold characters nobody sees: zero-width
spaces and joiners, right-to-left overrides and isolates that turn the text around them,
Hangul fillers that look like nothing at all. `seat_name` removes them (keeping a joiner
inside an emoji or a script that needs it) and refuses a name with nothing visible left, or
without a letter or digit; `looks_like` says whether two names would look the same once
shown (invisible characters, case, compatibility forms and the Cyrillic and Greek letters
that copy Latin ones), so that `Bob` and `Bob` + a zero-width space can't sit at one table.

Going out. Discord reads Markdown in every message and embed: a seat named
`[Bank](https://…)` would become a link, `**` would break the message's bold, `<@id>` would
look like a mention. `shown` escapes the game's names wherever they stand in a text the bot
posts (its own, or the engine's events and prompts), and only them; it may be applied twice
to the same text without harm.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from engine import Unreadable

# A seat's name at most this long, as /game join has always cut it.
LONGEST = 40
# Characters that draw nothing though their category says they are letters or marks.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b\u180c"
                           "\u180d\u180e\u180f\u2061\u2062\u2063\u2064")
_JOINERS = frozenset("\u200c\u200d")  # needed inside emoji sequences and some scripts
# Markdown and mention syntax Discord reads inside a line; a backslash shows it as written.
_MARKDOWN = frozenset("\\*_~|`[]()<>@#:")
_LINE_START = frozenset("-+>#")
# Letters of other scripts drawn like Latin ones (after casefolding).
_LOOKALIKES = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
    "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j",
    "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "ь": "b",
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ζ": "z", "μ": "u",
})


def _invisible(char: str) -> bool:
    category = unicodedata.category(char)
    return category in ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp") or char in _BLANK_LETTERS


def _kept_joiner(text: str, index: int) -> bool:
    """A zero-width joiner or non-joiner between two characters beyond ASCII (an emoji
    sequence, Persian, Devanagari) shapes them; between Latin letters it only hides."""
    before = text[index - 1] if index > 0 else ""
    after = text[index + 1] if index + 1 < len(text) else ""
    return bool(before and after) and ord(before) > 0x7F and ord(after) > 0x7F \
        and not _invisible(before) and not _invisible(after)


def clean(text: str) -> str:
    """`text` without invisible and direction-changing characters, every space one space,
    and no more than two combining marks on a letter."""
    out: list[str] = []
    marks = 0
    for index, char in enumerate(text):
        if char in _JOINERS and _kept_joiner(text, index):
            out.append(char)
            continue
        if _invisible(char):
            continue
        if unicodedata.category(char) in ("Mn", "Me"):
            marks += 1
            if marks > 2:
                continue
        else:
            marks = 0
        out.append(" " if char.isspace() else char)
    return re.sub(" +", " ", "".join(out)).strip()


def seat_name(text: str, what: str = "A seat's name",
              hint: str = ": join with seat:<a name>") -> str:
    """A name to seat a player under: cleaned, at most 40 characters, with something
    visible in it; refused in words otherwise."""
    name = clean(text)[:LONGEST].strip()
    if not any(unicodedata.category(c)[0] in "LN" for c in name):
        raise Unreadable(f"{what} needs a visible letter or digit{hint}.")
    return name


def looks_like(name: str) -> str:
    """What `name` looks like, to compare with another: two names with the same key would
    be told apart by nobody reading the channel."""
    text = unicodedata.normalize("NFKD", clean(name))
    text = "".join(c for c in text if unicodedata.category(c) not in ("Mn", "Me", "Cf"))
    return unicodedata.normalize("NFKC", text).casefold().translate(_LOOKALIKES)


def same_as(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that looks like `name`, or None."""
    key = looks_like(name)
    return next((other for other in others if looks_like(other) == key), None)


def escape(name: str) -> str:
    """`name` as Markdown text that shows exactly `name`: no link, no bold, no mention."""
    out = "".join(f"\\{c}" if c in _MARKDOWN else c for c in name)
    if out[:1] in _LINE_START:
        out = "\\" + out
    return out


def shown(text: str, names: Iterable[str]) -> str:
    """`text` with each of `names` in it escaped (`escape`), and nothing else touched.

    Already escaped occurrences are left as they are, so escaping twice is harmless."""
    raw = sorted({n for n in names if n and escape(n) != n}, key=len, reverse=True)
    if not raw or not text:
        return text
    done = sorted({escape(n) for n in raw}, key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(n) for n in [*done, *raw]))
    escaped = set(done)
    return pattern.sub(lambda m: m[0] if m[0] in escaped else escape(m[0]), text)
