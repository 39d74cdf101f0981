"""Revenge of the Dictators in players' words: the questions its menus ask, its options'
labels, and its house rulings as `/game rules` shows them (docs/dictators.md lists every
INFERRED and DEFAULT rule with its tag)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from contextlib import contextmanager

from engine.errors import RuleError
from engine.events import Event

# A sentence that ends on a name ending with a period ("to Washington D.C.") says it once.
DOUBLE_STOP = re.compile(r"(?<=[^.]\.)\.(?=\s|$|[”)])")


def sentence_ends(text: str) -> str:
    """ "… to Washington D.C.." -> "… to Washington D.C." (an ellipsis stays)."""
    return DOUBLE_STOP.sub("", text)


@contextmanager
def said_once() -> Iterator[None]:
    """A refusal raised inside says each sentence's end once too."""
    try:
        yield
    except RuleError as exc:
        exc.message = sentence_ends(exc.message)
        exc.args = (exc.message, *exc.args[1:])
        raise


def tidy(events: list[Event]) -> list[Event]:
    """The events' texts with every sentence ending once."""
    return [e if ".." not in e.text else dataclasses.replace(e, text=sentence_ends(e.text))
            for e in events]

QUESTIONS: dict[tuple[str, str] | str, str] = {
    "to": "Where to?",
    ("play", "card"): "Which card do you play?",
    ("discard", "card"): "Which card do you discard?",
    ("reserve", "card"): "Which card do you keep?",
    ("confront", "card"): "Which Presidential card?",
    "player": "Which dictator?",
    ("give", "player"): "To which opponent?",
    ("swap", "player"): "Which meeple?",
    "other": "With which meeple?",
    "state": "Which state?",
    "road": "Which road?",
    "zone": "Which time zone?",
    "take": "Which card do you take?",
    "dictator": "Which dictator?",
    "base": "Which base?",
    "whose": "Whose ability?",
    "ability": "Which ability?",
    "token": "Which token?",
    "what": "Which token do you remove?",
}

LABELS = {
    "data": "Map and cards",
    "window_seconds": "Time to answer with an Interruption (seconds)",
    "oops": "OOPS card in the Presidential deck",
    "defcon_start": "DEFCON at the start",
    "founding_fathers": "Founding Fathers in the Command deck",
    "easier_defcon": "One DEFCON card fewer",
    "presidential_defcon": "DEFCON card in the Presidential deck",
    "after_failed_roll": "After a failed roll to convince the President",
    "asset_once_per_turn": "Each Asset ability once a turn",
    "one_warhead": "One Trident warhead each",
    "first_player": "Who starts",
    "round_limit": "Round limit",
}

RULINGS = (
    "The map and the cards are a DEFAULT data set of the project's own making (the printed "
    "ones are not recoverable); a group may load its own printing.",
    "Interruptions are played in windows: when a card is played, after a dictator moves its "
    "own meeple, and when a dictator tries to disarm. A window awaits every other dictator "
    "holding a card, whatever the cards are.",
    "A dictator may pass every window from now on, and take it back at any time: no window "
    "waits for them meanwhile. Everyone sees the choice.",
    "A turn that must be skipped is skipped whole and doesn't count for cards lying with "
    "you for turns; skips add up.",
    "After a failed roll to convince the President the turn goes on as usual.",
    "Each ability of an Asset may be activated once a turn, on your own turn.",
    "Token IX: its holder is untouched by DEFCON 1.",
)
