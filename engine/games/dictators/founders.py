"""Founding Father cards: event cards that come into play with the dictator who draws them.

Rulebook "Founding Father kaarten": "When you draw a Founding Father card you must show it
at once and carry out its effect. No, you may not draw a new card to replace it. The card
stays in play until it is removed, until you draw a new Founding Father card, or until it
leaves through its multi-turn symbol. In every case it goes to a discard pile of its own,
beside the Founding Father cards left." Nuclear Zone 4 token XIII: "Reveal this token when
you draw or receive a Founding Father card; give that card to an opponent of your choice."

A token is secret until it is used, so whoever draws or receives a Founding Father is asked
whether to keep it, every time, while token XIII may still be in someone's hands (until it
has been revealed): being asked says nothing about what the player holds.
"""

from __future__ import annotations

from typing import Any

from engine.events import Event, Seat, public
from engine.games.dictators.base import FOUNDER, plural
from engine.games.dictators.movement import Movement
from engine.rng import Rng

GIVE_TOKEN = "XIII"


class Founders(Movement):
    """A Founding Father's arrival, its effects while it lies with you, and its end."""

    def xiii_unseen(self) -> bool:
        """Whether token XIII may still be in someone's hands (nobody has revealed it)."""
        return not any(GIVE_TOKEN in shown for shown in self.revealed.values())

    def founder_arrives(self, seat: Seat, card: str, rng: Rng, how: str) -> list[Event]:
        founder = self.data.founders[card]
        verb = {"draws": "draws", "takes": "takes", "receives": "receives"}.get(how, how)
        events = [public("founding_father", f"{seat} {verb} the Founding Father {card} and "
                         f"reveals it: “{founder.text}”", seat=seat, card=card)]
        if self.xiii_unseen():
            self.stack.append({"kind": "founder", "seat": seat, "card": card})
            return events
        return events + self.keep_founder(seat, card, rng)

    def keep_founder(self, seat: Seat, card: str, rng: Rng) -> list[Event]:
        """The card comes into play with `seat`: an earlier one leaves, then its effect."""
        events: list[Event] = []
        earlier = self.founder_of(seat)
        if earlier is not None:
            self.in_play.remove(earlier)
            self.discard(earlier["card"])
            events.append(public("founder_replaced", f"{earlier['card']} leaves {seat}: a new "
                                 "Founding Father takes its place.", seat=seat,
                                 card=earlier["card"]))
        founder = self.data.founders[card]
        entry: dict[str, Any] = {"card": card, "holder": seat, "by": seat, "kind": FOUNDER,
                                 "turns": founder.turns}
        self.in_play.append(entry)
        for effect in founder.effects:
            if effect.kind == "skip":
                count = int(effect.get("n", 1))
                self.skips[seat] = self.skips.get(seat, 0) + count
                events.append(public("skip_owed", f"{seat} skips their next "
                                     f"{plural(count, 'turn')} ({card}).", seat=seat,
                                     skips=self.skips[seat]))
            elif effect.kind == "move_to":
                to = str(effect.get("location"))
                if self.location[seat] != to and self.reachable(to):
                    events += self.move_seat(seat, to, f"goes ({card})")
            elif effect.kind == "draw":
                events += self.draw_for(seat, int(effect.get("n", 1)), rng)
        return events

    def give_founder(self, seat: Seat, card: str, to: Seat, rng: Rng) -> list[Event]:
        """Token XIII: the card goes to an opponent, who receives it as if drawn."""
        self.tokens[seat].remove(GIVE_TOKEN)
        self.revealed[seat].append(GIVE_TOKEN)
        events = [public("token", f"{seat} reveals Nuclear Zone 4 token XIII and gives "
                         f"{card} to {to}.", seat=seat, token=GIVE_TOKEN, to=to)]
        return events + self.founder_arrives(to, card, rng, "receives")

    def remove_founder(self, holder: Seat) -> list[Event]:
        entry = self.founder_of(holder)
        if entry is None:
            return []
        self.in_play.remove(entry)
        self.discard(entry["card"])
        return [public("founder_removed", f"{entry['card']} leaves {holder}.", seat=holder,
                       card=entry["card"])]
