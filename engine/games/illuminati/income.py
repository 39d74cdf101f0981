"""Income, drawing cards, and adding targets.

Sequence of play (reference B3): at the start of a turn every card of the player's Power
Structure with an income takes it from the bank into its own treasury, the Illuminati
included; then the player draws a card: a Special is kept (face down: only the count is
public), a Group is turned face up among the uncontrolled. At the end of a turn, if fewer
Groups than the `targets` option are uncontrolled, cards are turned up until there are that
many (a Special turned up then is put at the bottom of the pile: ILL-6).
"""

from __future__ import annotations

from engine.events import Event, Seat, private, public
from engine.games.illuminati.base import mb, plural
from engine.games.illuminati.reorganize import Reorganize
from engine.rng import Rng


class Income(Reorganize):
    """Income, draws, targets."""

    def collect_income(self, seat: Seat, groups_only: bool = False) -> tuple[int, list[str]]:
        """Every card with an income takes it into its own treasury."""
        total = 0
        parts = []
        for card in self.controlled(seat):
            if groups_only and card == self.root(seat):
                continue
            income = self.card(card).income
            if income:
                self.gain(card, income)
                total += income
                shown = "the Illuminati" if card == self.root(seat) and self.hidden(seat) \
                    else card
                parts.append(f"{shown} {income}")
        return total, parts

    def income_event(self, seat: Seat) -> list[Event]:
        total, parts = self.collect_income(seat)
        if not total:
            return []
        return [public("income", f"{seat} collects {mb(total)} of income ("
                       f"{', '.join(parts)}).", seat=seat, mb=total)]

    def draw_cards(self, seat: Seat, rng: Rng, count: int) -> list[Event]:
        """Draw `count` cards: Specials kept, Groups turned up among the uncontrolled."""
        events: list[Event] = []
        for _ in range(count):
            if not self.pile:
                events.append(public("pile_empty", f"The draw pile is empty: {seat} draws "
                                     "nothing.", seat=seat))
                break
            card = self.pile.pop()
            rng.note("draw", "cards", [card])
            if card in self.cards.specials:
                self.hands[seat].append(card)
                events.append(public("drew_special", f"{seat} draws a Special card (now "
                                     f"{plural(len(self.hands[seat]), 'Special')} in hand).",
                                     seat=seat, specials=len(self.hands[seat])))
                events.append(private(seat, "drew", f"You draw {self.special(card).name}.",
                                      card=card))
            else:
                self.uncontrolled.append(card)
                events.append(public("drew_group", f"{seat} draws {card}: it joins the "
                                     "uncontrolled Groups.", seat=seat, group=card))
        return events

    def add_targets(self, rng: Rng) -> list[Event]:
        """Turn up Groups until the `targets` option's number are uncontrolled."""
        wanted = int(self.options["targets"])
        turned: list[str] = []
        buried = 0
        guard = len(self.pile)
        while len(self.uncontrolled) < wanted and self.pile and guard > 0:
            guard -= 1
            card = self.pile.pop()
            rng.note("draw", "targets", [card])
            if card in self.cards.specials:
                self.pile.insert(0, card)
                buried += 1
                continue
            self.uncontrolled.append(card)
            turned.append(card)
        if not turned:
            return []
        text = f"New targets are turned up: {', '.join(turned)}"
        if buried:
            text += f" ({plural(buried, 'Special')} turned up and put at the bottom of the pile)"
        return [public("targets", text + ".", groups=turned)]
