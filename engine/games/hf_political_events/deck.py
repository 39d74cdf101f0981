"""The event deck through a game turn (HF-2, HF-3): the Sunspot Cube advances, Seniority
reshuffles and changes the Sec-Gen, an empty deck is rebuilt, the Sec-Gen draws and the
card is checked for its condition, then for repetition (HF-1); and `/hf deck`."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.deck import Deck
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.games.hf_political_events.cards import CARD_TYPE, DECK, CardId, card_info
from engine.games.hf_political_events.effects import HFEffects
from engine.games.hf_political_events.words import NONE, cap
from engine.rng import Rng

# The draw records the state keeps: the board lists the last seven; the rules need none
# (the most recent event is the drawn pile's top, or the card set aside).
RECENT_DRAWS = 7


class HFDeck(HFEffects):
    """The turn, Seniority, the reshuffles and the draw."""

    def do_turn(self, seat: Seat, rng: Rng, seniority: bool | None = None) -> list[Event]:
        """HF-2: advance the cube; at Seniority reshuffle and change the Sec-Gen; then draw."""
        declared = self._flag(seniority, "seniority")
        first = self.turn == 0
        if self._tracked:
            if declared is not None:
                raise Unreadable("The bot moves the Sunspot Cube on its track in this game, so "
                                 "Seniority is not declared. /hf sunspot corrects the cube.")
            passed = False
            if first:
                moved = (f"The Sunspot Cube stays on space {self.sunspot} for the first turn.")
            else:
                assert self.sunspot is not None
                self.sunspot = self.sunspot % self.options["track_length"] + 1
                passed = self.sunspot == self.options["seniority_space"]
                moved = (f"The Sunspot Cube advances to space {self.sunspot} of "
                         f"{self.options['track_length']}"
                         + (", passing Seniority." if passed else "."))
        else:
            if first and declared:
                raise NotAllowed("The Sunspot Cube does not advance on the first turn, so it "
                                 "can't pass Seniority.")
            passed = bool(declared)
            moved = ("First turn: the Sunspot Cube does not advance." if first else
                     "The Sunspot Cube advances" + (", passing Seniority." if passed else "."))
        self.turn += 1
        events = [public("turn", f"Turn {self.turn} begins. {moved}", turn=self.turn,
                         sunspot=self.sunspot, seniority=passed)]
        if passed:
            events += self._seniority(rng)
        if self._top is None:
            events += self._draw(rng)
        return events

    def _seniority(self, rng: Rng) -> list[Event]:
        """Set the most recent event aside face up, shuffle the rest, change the Sec-Gen."""
        kept = self._most_recent()
        self._rebuild(rng, kept)
        kept_text = (f"{CARD_TYPE[kept].title} (the most recent event) is set aside face up; "
                     if kept else "")
        events = [public("seniority", f"Seniority: {kept_text}the other {len(self.deck)} cards "
                         "are shuffled into a fresh event deck.", set_aside=kept,
                         cards_left=len(self.deck))]
        if self.anarchy or self.war:
            self.secgen_held = True
            events.append(public("secgen-held", f"The Sec-Gen change is held back during "
                                 f"{self._trouble_text()}: it is made after the vote that ends "
                                 f"it. {self.secgen} stays Sec-Gen for now.", secgen=self.secgen))
            return events
        return events + self._change_secgen(then_draw=True)

    def _rebuild(self, rng: Rng, kept: CardId | None) -> None:
        """Every card but `kept` into a fresh, shuffled deck; `kept` lies aside face up."""
        pile = list(DECK)
        if kept is not None:
            pile.remove(kept)
        self.deck = Deck("events", pile)
        self.deck.shuffle(rng)
        self.set_aside = kept

    def _draw(self, rng: Rng) -> list[Event]:
        """The Sec-Gen draws; the condition is checked, then repetition (HF-2)."""
        events: list[Event] = []
        if not self.deck.pile:
            kept = self._most_recent()
            self._rebuild(rng, kept)
            kept_text = f"except {CARD_TYPE[kept].title}, the most recent event, " if kept else ""
            events.append(public("reshuffle", f"The event deck ran out before Seniority: every "
                                 f"card {kept_text}is shuffled into a new deck.",
                                 set_aside=kept, cards_left=len(self.deck)))
        previous = self._most_recent()
        card = self.deck.draw_one(rng)
        kind = CARD_TYPE[card]
        event = self._event(card)
        applies, detail = self._condition(kind)
        reason: str | None = None
        if not applies:
            reason = "condition"
        elif previous is not None and self._event(previous) == event:
            reason = "repetition"
            detail = (f"it is the same event as the most recent one "
                      f"({CARD_TYPE[previous].title})")
        self.deck.discard(card)
        effect: dict[str, Any] = {"kind": NONE}
        effect_text = ""
        if reason is None:
            effect, effect_text = self._resolve(card, event)
        record = {"turn": self.turn, "card": card, "event": event, "applied": reason is None,
                  "reason": reason, "detail": detail, "effect": effect, "secgen": self.secgen,
                  "sunspot": self.sunspot, "law": self.law, "anarchy": self.anarchy,
                  "war": self.war}
        self.recent_draws = [*self.recent_draws[-(RECENT_DRAWS - 1):], record]
        head = f"Turn {self.turn}: {self.secgen} (Sec-Gen) draws **{kind.title}**."
        if reason is None:
            text = f"{head} " + cap(f"{detail}: {effect_text}" if detail else effect_text)
        else:
            text = (f"{head} It has no effect: {detail}. There is no event this turn.")
        events.append(public("drawn", text, **self._expand(record),
                             cards_left=len(self.deck)))
        return events

    def _expand(self, record: dict[str, Any]) -> dict[str, Any]:
        """A draw record with its card spelled out (events and views)."""
        return {**record, "card": card_info(record["card"])}

    # ----- information --------------------------------------------------

    def do_deck(self, seat: Seat, rng: Rng) -> list[Event]:
        """Cards left, the drawn pile and the card set aside: to the asker only."""
        drawn = [CARD_TYPE[c].title for c in self.deck.discards]
        left = Counter(CARD_TYPE[c].title for c in self.deck.pile)
        lines = [f"{len(self.deck)} of {len(DECK)} cards left in the event deck."]
        lines.append("Drawn since the last reshuffle: " + (", ".join(drawn) or "none") + ".")
        aside = CARD_TYPE[self.set_aside].title if self.set_aside else "none"
        lines.append(f"Set aside face up: {aside}.")
        if left:
            lines.append("Still in the deck (any order): " + ", ".join(
                f"{name} x{n}" if n > 1 else name for name, n in sorted(left.items())) + ".")
        return [private(seat, "deck", "\n".join(lines), cards_left=len(self.deck),
                        drawn=[card_info(c) for c in self.deck.discards],
                        set_aside=card_info(self.set_aside) if self.set_aside else None,
                        remaining=dict(sorted(left.items())))]
