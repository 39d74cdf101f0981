"""The Trident Nuclear Deterrent: a card in the Command deck and a token in the Gulf of Mexico.

Rulebook "Trident Nuclear Deterrent kaart": when the card is drawn or placed in your hand,
show it at once. The first time this game, put the Trident token on its printed place in the
Gulf of Mexico: from then on players may move to it. The token appears only once a game. The
second time, remove the token from the board; a dictator standing on it is moved to
Guantanamo Bay. No replacement card either time. A later draw does nothing (INFERRED).

"The Trident carries as many nuclear warheads (spare Nuclear Zone 4 tokens) as there are
dictators. While its token is on the board each dictator may try to disarm a warhead, as a
nuclear base is disarmed; a warhead disarmed gives a random Nuclear Zone 4 token." Each
dictator at most one warhead (DEFAULT, option `one_warhead`). The warheads do not count
for the President.
"""

from __future__ import annotations

from engine.events import Event, public
from engine.games.dictators.defcon import Defcon
from engine.rng import Rng

WAITING, ON_BOARD, GONE = "waiting", "on board", "gone"


class Trident(Defcon):
    """The Trident card's two appearances and its warheads."""

    def trident_drawn(self, rng: Rng) -> list[Event]:
        spot = self.board.place("trident")
        if self.trident["state"] == WAITING:
            count = min(len(self.order), len(self.token_supply))
            rng.shuffle(self.token_supply, label="Nuclear Zone 4 tokens")
            self.trident["warheads"] = [self.token_supply.pop() for _ in range(count)]
            self.trident["state"] = ON_BOARD
            links = ", ".join(self.data.map.trident_links)
            return [public("trident", f"The Trident surfaces in the {spot} with {count} "
                           f"nuclear warheads; it can be reached from {links}.",
                           state=ON_BOARD, warheads=count)]
        if self.trident["state"] == ON_BOARD:
            self.trident["state"] = GONE
            self.removed_tokens += self.trident["warheads"]  # they leave with it
            self.trident["warheads"] = []
            events = [public("trident", f"The Trident dives and leaves the {spot} for good.",
                             state=GONE)]
            guantanamo = self.board.place("guantanamo")
            for seat in self.at(spot):
                events += self.move_seat(seat, guantanamo, "is taken")
            return events
        return [public("trident", "The Trident has already come and gone: nothing happens.",
                       state=GONE)]
