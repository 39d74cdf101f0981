"""`bot.names`: what a name may hide is removed where it comes in, and what it may do in
Markdown is escaped where it is shown (issue 22, "Names can deceive")."""

from __future__ import annotations

import pytest

from bot.names import clean, escape, looks_like, same_as, seat_name, shown
from engine import Unreadable


@pytest.mark.parametrize("hidden", [
    "Bob\u200b", "\u200bBob", "B\u200cob", "Bo\u2060b", "\ufeffBob",  # zero-width, BOM
    "\u202eBob", "\u2066Bob\u2069", "\u200fBob", "Bob\u3164", "Bob\u115f",  # bidi, fillers
])
def test_invisible_and_direction_changing_characters_are_removed(hidden: str) -> None:
    assert seat_name(hidden) == "Bob"
    assert looks_like(hidden) == looks_like("Bob")


def test_what_a_script_or_an_emoji_needs_is_kept() -> None:
    """A zero-width joiner inside an emoji sequence, or a non-joiner in Persian, shapes the
    text; between Latin letters it only hides."""
    assert clean("Ann \U0001f469\u200d\U0001f4bb") == "Ann \U0001f469\u200d\U0001f4bb"
    assert clean("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645") == \
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"
    assert clean("Jos\u00e9  Ma\u00a0Ri") == "Jos\u00e9 Ma Ri"


@pytest.mark.parametrize("blank", ["", "   ", "\u200b\u200b", "\u3164", "**", "\u2800", "!!"])
def test_a_name_with_no_visible_letter_or_digit_is_refused(blank: str) -> None:
    with pytest.raises(Unreadable, match="needs a visible letter or digit"):
        seat_name(blank)


def test_names_that_look_the_same_are_found() -> None:
    """Case, compatibility forms (full-width letters) and Cyrillic or Greek letters drawn
    like Latin ones: nobody reading the channel could tell these apart."""
    taken = ["Ann", "Bob"]
    for twin in ("bob", "BOB", "\uff22ob", "B\u043eb", "\u0412ob", "Bob\u200b"):
        assert same_as(twin, taken) == "Bob", twin
    assert same_as("Bobby", taken) is None and same_as("Cy", taken) is None


def test_markdown_in_a_name_is_escaped_and_shows_as_written() -> None:
    assert escape("[Bank](https://evil.example)") == \
        "\\[Bank\\]\\(https\\://evil.example\\)"
    assert escape("**Bo**") == "\\*\\*Bo\\*\\*"
    assert escape("@everyone <@1>") == "\\@everyone \\<\\@1\\>"
    assert escape("# Big") == "\\# Big" and escape("- item") == "\\- item"
    assert escape("||spoiler|| ~~x~~ `y` _z_") == \
        "\\|\\|spoiler\\|\\| \\~\\~x\\~\\~ \\`y\\` \\_z\\_"
    assert escape("Col. Mustard") == "Col. Mustard"


def test_shown_escapes_the_names_and_nothing_else_even_twice() -> None:
    names = ["**Bo**", "Ann", "[x](http://e.x)"]
    text = "**Pig #1** — **Bo** rolls; [x](http://e.x) holds; Ann waits."
    once = shown(text, names)
    assert once == ("**Pig #1** — \\*\\*Bo\\*\\* rolls; \\[x\\]\\(http\\://e.x\\) holds; "
                    "Ann waits.")
    assert shown(once, names) == once
    assert shown("Nothing to do with them.", names) == "Nothing to do with them."
