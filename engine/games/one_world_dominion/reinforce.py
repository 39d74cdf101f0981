"""Reinforcements: new armies, card sets and the hand limit.

Classic RISK: areas // 3 (at least 3) plus the bonus of each continent held; sets grow
in value (4, 6, 8, ...); +2 armies once a turn on an area shown on a traded card.
One World Dominion: the sets' values are fixed (6, 9, 12, 9) and every card of a set
naming an area you control gives 2 armies there; Economic Sanctions, Propaganda,
Saboteur, Industrial Sector and Human Cloning change the count; with 5 or more cards at
the start of the turn the hand must come down to 4.
"""

from __future__ import annotations

from engine.deck import Card
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.games.one_world_dominion.base import ATTACK, OWDBase, plural
from engine.games.one_world_dominion.cards import check_owd_set, owd_sets
from engine.risk import cards as classic_cards
from engine.risk.map import Territory
from engine.rng import Rng

HAND_LIMIT = 4
# Standard RISK: "If receiving them gives you 6 or more cards, you must immediately trade in
# enough sets to reduce your hand to 4 or fewer cards" (One World Dominion says nothing else
# about taken cards; its own limit is checked at the start of a turn).
CAPTURED_HAND_LIMIT = 5


class Reinforce(OWDBase):
    """Counting, trading and placing new armies."""

    # ----- counting -------------------------------------------------------

    def income_parts(self) -> tuple[int, int]:
        """(armies for the areas, armies for the continents) of this turn."""
        mods = self.turn["mods"]
        areas = self.turn["areas"]
        if mods["sanctions"]:
            from_areas = 0
        elif mods["industrial"]:
            from_areas = areas // 2 if areas >= 10 else max(5, areas // 2)
        else:
            from_areas = max(3, areas // 3)
        held = [c for c in self.turn["continents"] if c not in mods["propaganda"]]
        from_continents = sum(self.map.bonus(c) for c in held)
        if mods["cloning"] in held:
            from_continents += self.map.bonus(mods["cloning"])
        return from_areas, from_continents

    def pending(self) -> int:
        """Armies still to place this turn (none under Saboteur: they are set aside)."""
        if self.turn["mods"]["sabotaged"]:
            return 0
        areas, continents = self.income_parts()
        received = areas + continents + self.turn["sets"]
        return max(0, received + self.turn["extra"] - self.turn["placed"])

    def income_text(self) -> str:
        areas, continents = self.income_parts()
        mods = self.turn["mods"]
        parts = [f"{areas} for {plural(self.turn['areas'], 'area')}"]
        if continents:
            parts.append(f"{continents} for continents")
        if self.turn["extra"]:
            parts.append(f"{self.turn['extra']} delayed by Saboteur")
        if mods["sabotaged"]:
            parts.append("sabotaged: the new armies wait until the next turn")
        return ", ".join(parts)

    # ----- hands ----------------------------------------------------------

    def hand_event(self, seat: Seat, why: str) -> Event:
        hand = self.hands[seat]
        text = f"{why} Your hand: {', '.join(hand) if hand else 'no cards'}."
        return private(seat, "hand", text, hand=list(hand))

    def sets_in_hand(self, seat: Seat) -> list[tuple[Card, ...]]:
        hand = [c for c in self.hands[seat] if c not in self.fresh.get(seat, [])]
        if self.owd:
            return owd_sets(self.deck_info, hand)
        return list(classic_cards.sets_in(self.map, hand))

    def set_armies(self, cards: list[Card]) -> int:
        if self.owd:
            return check_owd_set(self.deck_info, cards)
        classic_cards.check_set(self.map, cards)
        return classic_cards.set_value(self.traded + 1)

    def read_set(self, seat: Seat, text: str) -> list[Card]:
        names = [p.strip() for p in str(text).replace(";", ",").split(",") if p.strip()]
        hand = self.hands[seat]
        found: list[Card] = []
        for name in names:
            match = [c for c in hand if c.lower() == name.lower()] or \
                [c for c in hand if c.lower().startswith(name.lower())]
            if len(match) != 1:
                raise Unreadable(f"You hold no card {name!r}.")
            found.append(match[0])
        return found

    def after_capture_cards(self, seat: Seat) -> list[Event]:
        """6 or more cards after taking a player's cards: turn in sets at once, down to 4
        or fewer (standard RISK, with either deck)."""
        if len(self.hands[seat]) > CAPTURED_HAND_LIMIT:
            self.stack.append({"kind": "trade-down", "seat": seat, "armies": 0})
            return [public("trade_down", f"{seat} holds {len(self.hands[seat])} cards: sets "
                           f"are turned in at once, down to {HAND_LIMIT} or no set left.",
                           seat=seat)]
        return []

    # ----- actions -----------------------------------------------------

    def trade(self, seat: Seat, cards_text: str) -> list[Event]:
        cards = self.read_set(seat, cards_text)
        if any(c in self.fresh.get(seat, []) for c in cards):
            raise NotAllowed("A card taken with Reverse Engineer can't be used until your "
                             "next turn.")
        armies = self.set_armies(cards)
        self.traded += 1
        for card in cards:
            self.hands[seat].remove(card)
        self.discards += cards
        bonus: list[Territory] = []
        areas = [a for c in cards if (a := self.card_area(c)) is not None
                 and self.owner.get(a) == seat and not self.poisoned(a, seat)]
        if self.owd:
            bonus = areas
        elif areas and not self.turn.get("bonus_used"):
            bonus = areas[:1]
            self.turn["bonus_used"] = True
        top = self.stack[-1] if self.stack else None
        down = top is not None and top["kind"] == "trade-down"
        text = f"{seat} turns in {', '.join(cards)} for {plural(armies, 'army', 'armies')}"
        if self.sabotaged(seat):
            # Saboteur: "prevent that player from receiving *any* new armies during his or
            # her turn": the set's armies and its areas' 2 each wait for the next turn.
            held = (armies if down else 0) + 2 * len(bonus)
            self.delayed[seat] = self.delayed.get(seat, 0) + held
            if not down:
                self.turn["sets"] += armies
            text += (f"; Saboteur sets them aside{' with the 2 armies for ' if bonus else ''}"
                     f"{', '.join(bonus)}")
            bonus = []
        else:
            for area in bonus:
                self.add_armies(area, seat, 2)
            if down and top is not None:
                top["armies"] += armies
            else:
                self.turn["sets"] += armies
            if bonus:
                text += f", and places 2 more in {', '.join(bonus)}"
        events = [public("traded", text + ".", seat=seat, cards=list(cards), armies=armies,
                         bonus=bonus)]
        return events + [self.hand_event(seat, "Set turned in.")]

    def place(self, seat: Seat, area: Territory, count: int) -> list[Event]:
        top = self.stack[-1] if self.stack else None
        down = top is not None and top["kind"] == "trade-down"
        left = top["armies"] if down and top is not None else self.pending()
        if self.owner.get(area) != seat:
            raise NotAllowed(f"{area} is not yours: place new armies in your own areas.")
        if self.poisoned(area, seat):
            raise NotAllowed(f"No new army may be placed in {area} (Toxic Waste).")
        if not 1 <= count <= left:
            raise NotAllowed(f"You have {plural(left, 'army', 'armies')} to place.")
        self.add_armies(area, seat, count)
        if down and top is not None:
            top["armies"] -= count
        else:
            self.turn["placed"] += count
        return [public("placed", f"{seat} places {plural(count, 'army', 'armies')} in {area}.",
                       seat=seat, area=area, count=count)]

    def discard(self, seat: Seat, card: Card) -> list[Event]:
        if card not in self.hands[seat]:
            raise NotAllowed(f"You hold no {card}.")
        self.hands[seat].remove(card)
        self.discards.append(card)
        return [public("discarded", f"{seat} discards a card to come down to the hand limit.",
                       seat=seat),
                self.hand_event(seat, f"You discard {card}.")]

    def may_discard(self, seat: Seat) -> bool:
        return (self.turn.get("limit", False) and len(self.hands[seat]) > HAND_LIMIT
                and not self.sets_in_hand(seat))

    def leave_reinforce(self, seat: Seat, rng: Rng) -> list[Event]:
        """The placing is over: the hand limit and the armies are checked, guerrillas
        placed and their fights resolved before any other attack."""
        if self.pending():
            raise NotAllowed(f"Place your {plural(self.pending(), 'army', 'armies')} first.")
        if self.turn["limit"] and len(self.hands[seat]) > HAND_LIMIT and self.owd:
            raise NotAllowed(f"You began the turn with 5 or more cards: come down to "
                             f"{HAND_LIMIT} first (turn in a set, play a (P) card, or discard "
                             "when you hold no set).")
        if self.turn["limit"] and not self.owd and self.sets_in_hand(seat):
            raise NotAllowed("You began the turn with 5 or more cards: turn in a set first.")
        events: list[Event] = []
        if self.turn["mods"]["sabotaged"]:
            areas, continents = self.income_parts()
            held = areas + continents + self.turn["sets"] + self.turn["extra"]
            self.delayed[seat] = self.delayed.get(seat, 0) + held
            events.append(public("delayed", f"Saboteur: {seat}'s "
                                 f"{plural(held, 'new army', 'new armies')} are set aside "
                                 "until the next turn.", seat=seat, armies=held))
        self.step = ATTACK
        events += self.guerrilla_fights(seat, rng)
        return events
