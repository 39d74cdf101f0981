"""The state of a High Frontier political events game: the deck, and the few facts of the
real table the events depend on (ruling HF-4), with their plain questions and the readers of
what players type about them.

`HFTable` holds the state (docs/hf-political-events.md, "State schema"). What the game waits
for besides the Sec-Gen's draw (a walk around the table, the tally, the Sec-Gen's choice)
waits on `stack` (`engine.decisions`), stored as the state's `pending`: the rules never
interrupt a decision with another, so the stack holds one entry at most. The concept modules
add the actions; `game` puts them together.
"""

from __future__ import annotations

from typing import Any

from engine.decisions import DecisionStack, Entry
from engine.deck import Deck
from engine.errors import Unreadable
from engine.events import Seat
from engine.game import Game
from engine.games.hf_political_events.cards import CardId, Ideology, event_of
from engine.games.hf_political_events.words import NONE
from engine.values import read_bool

# The `seniority` option: the bot moves the Sunspot Cube, or the Sec-Gen declares Seniority.
TRACK = "track"
DECLARED = "declared"


class HFTable(DecisionStack, Game):
    """State, the table's facts in words, and the readers of players' input."""

    # --- state (see docs/hf-political-events.md, "State schema") ---------
    ideologies: dict[Seat, Ideology | None]
    law: Ideology | None
    anarchy: bool
    war: bool
    secgen: Seat
    secgen_held: bool
    sunspot: int | None
    turn: int
    deck: Deck
    set_aside: CardId | None
    # The last RECENT_DRAWS draw records, oldest first ("recent_draws" in the state): the
    # state stays the same size however long the game runs; the log keeps every draw.
    recent_draws: list[dict[str, Any]]
    stack: list[Entry]

    @property
    def _top(self) -> Entry | None:
        """The entry the game waits on besides the draw, if any ("pending" in the state)."""
        return self.stack[-1] if self.stack else None

    # ----- plain questions ---------------------------------------------

    @property
    def _tracked(self) -> bool:
        return bool(self.options["seniority"] == TRACK)

    def _most_recent(self) -> CardId | None:
        """The most recent event: the last card drawn, or the one set aside (HF-1, HF-3)."""
        return self.deck.discards[-1] if self.deck.discards else self.set_aside

    def _event(self, card: CardId) -> str:
        return event_of(card, ends_as_one_event=bool(self.options["ends_as_one_event"]))

    def _from_secgen(self) -> list[Seat]:
        """The seats in normal turn order, beginning with the Sec-Gen."""
        at = self.seats.index(self.secgen)
        return self.seats[at:] + self.seats[:at]

    def _owner(self, law: Ideology | None) -> Seat | None:
        for seat, ideology in self.ideologies.items():
            if law is not None and ideology == law:
                return seat
        return None

    # ----- the table's facts in words ------------------------------------

    def _law_text(self) -> str:
        if self.anarchy or self.war:
            return f"there is no Active Law during {self._trouble_text()}"
        return f"the Active Law is {self.law}" if self.law else "there is no Active Law"

    def _trouble_text(self) -> str:
        return " and ".join(k for k in ("anarchy", "war") if getattr(self, k)) or "peace"

    def _trouble_is(self) -> str:
        return self._trouble_text() + (" are" if self.anarchy and self.war else " is")

    def _nobodys_law(self) -> str:
        """Why the Sec-Gen must choose a successor."""
        if self.law is None:
            return "There is no Active Law"
        return f"The Active Law, {self.law}, belongs to no player"

    def _who(self, seat: Seat) -> str:
        ideology = self.ideologies.get(seat)
        return f"{seat} ({ideology})" if ideology else seat

    # ----- what players type ---------------------------------------------

    def _player(self, value: Any) -> Seat:
        if value is None or not str(value).strip():
            raise Unreadable(f"Name a player: {', '.join(self.seats)}.")
        text = str(value).strip()
        if text in self.seats:
            return text
        found = [s for s in self.seats if s.lower() == text.lower()]
        if len(found) == 1:
            return found[0]
        raise Unreadable(f"There is no player {text!r}. Players: {', '.join(self.seats)}.")

    @staticmethod
    def _ideology(value: Any, pool: tuple[Ideology, ...], *, what: str,
                  allow_none: bool) -> Ideology | None:
        if value is None:
            raise Unreadable(f"Name the {what}: {', '.join(pool)}"
                             + (" or none." if allow_none else "."))
        text = str(value).strip()
        if allow_none and text.lower() == NONE:
            return None
        for ideology in pool:
            if ideology.lower() == text.lower():
                return ideology
        legal = ", ".join(pool) + (", none" if allow_none else "")
        raise Unreadable(f"{text!r} is not a possible {what}. Choose one of: {legal}.")

    @staticmethod
    def _flag(value: Any, name: str) -> bool | None:
        return None if value is None else read_bool(value, name)
