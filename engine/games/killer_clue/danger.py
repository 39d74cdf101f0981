"""The Danger round: one card face down from everyone, shuffled and revealed, then
resolved in order (Suspect Murdered!, Candles in Room, Blackout!), with How to Commit
Murder and Protected (KC-5) and the Blackout's panic round the ring (KC-2)."""

from __future__ import annotations

from engine.errors import NotAllowed
from engine.events import Event, Seat, private, public
from engine.games.killer_clue import board, cards
from engine.games.killer_clue.base import DEAD, MISSING, PLAYING
from engine.games.killer_clue.board import is_room
from engine.games.killer_clue.cards import CARDS, Card
from engine.games.killer_clue.suspect import Suspects
from engine.games.killer_clue.words import RANDOM, card_choices, dice_text, distinct, the
from engine.rng import Rng
from engine.spec import ActionSpec, Choice, Param, Prompt


class Danger(Suspects):
    """The face-down cards and what they do."""

    def _danger_prompt(self, seat: Seat) -> Prompt:
        legal = self._danger_legal(seat)
        return Prompt(seat, "Danger round: play one card face down.", (
            ActionSpec("danger", "Play a card face down", (
                Param("card", card_choices(legal) + (Choice(RANDOM, "A random card"),),
                      question="Which card do you play face down?"),)),))

    def murder_refusal(self, victim: str) -> str | None:
        """Why the killer may not murder `victim` now (None: the murder is valid)."""
        if victim == self.killer:
            return "You cannot kill yourself."
        if victim not in self.table or not self.alive(victim):
            return f"{victim} is not in the game."
        if self.status[victim] == MISSING:
            return f"{victim} has disappeared and cannot be murdered."
        room = self.pawns.get(victim)
        if not is_room(room):
            return f"{victim} is in a corridor."
        assert room is not None
        protector = self.protector(victim)
        if protector:
            return f"{victim} is protected by {protector} in {the(room)}."
        return None

    def protector(self, victim: Seat) -> str | None:
        """Who protects `victim` in their room, or None (How to Commit Murder, Protected)."""
        room = self.pawns.get(victim)
        if not is_room(room):
            return None
        fx = self.effects
        for name, staffed in fx["staff"].items():
            if staffed == room:
                return f"the {name}"
        for other in self.occupants(room or ""):
            if other == victim or other in fx["distracted"]:
                continue
            partners = {b if a == other else a for a, b in fx["consults"] if other in (a, b)}
            if partners and victim not in partners:
                continue
            return other
        return None

    def _danger_legal(self, seat: Seat) -> list[Card]:
        legal = []
        for c in distinct(self.hands[seat]):
            if cards.card_type(c) == "murdered":
                victim = cards.subject(c)
                if seat != self.killer or victim is None or self.murder_refusal(victim):
                    continue
            legal.append(c)
        return legal

    def do_danger(self, seat: Seat, rng: Rng, card: str) -> list[Event]:
        """Play one card face down. "random": a random card other than Suspect Murdered."""
        if self.round != "danger" or seat in self.danger_plays or self.stack:
            raise NotAllowed("You have already played your Danger card.")  # pragma: no cover
        if card == RANDOM:
            pool = [c for c in self.hands[seat] if cards.card_type(c) != "murdered"]
            card = rng.choice(sorted(pool), label="random Danger card")
        elif card not in self._danger_legal(seat):  # pragma: no cover - prompts check this
            raise NotAllowed(f"You cannot play {card} now.")
        self.hands[seat].remove(card)
        self.danger_plays[seat] = card
        events = [public("danger_played", f"{seat} plays a card face down.", seat=seat),
                  private(seat, "danger_card", f"You play {CARDS[card].title} face down.",
                          card=card)]
        return events + self._advance(rng)

    def _resolve_danger(self, rng: Rng) -> list[Event]:
        faces = [self.danger_plays[s] for s in self.table if s in self.danger_plays]
        rng.shuffle(faces, label="face-down Danger cards")
        self.danger_plays = {}
        self.revealed = list(faces)
        self.played += faces
        events = [public("danger_revealed", "The face-down cards, shuffled and turned up: "
                         + ", ".join(CARDS[c].title for c in faces) + ".", cards=list(faces))]
        # 1. Intrigue cards: no effect.  2. Suspect Murdered!
        for card in faces:
            if cards.card_type(card) != "murdered":
                continue
            victim = cards.subject(card)
            assert victim is not None
            refusal = self.murder_refusal(victim)
            if refusal:  # pragma: no cover - refused when played (KC-5)
                continue
            room = self.pawns[victim]
            events.append(public("murdered", f"{victim} has been MURDERED in {the(room or '')}!",
                                 seat=victim, room=room))
            events += self._leave(victim, DEAD, rng)
            if self.finished:
                return events
        # 3. Candles in Room.
        candles_now: list[str] = []
        for card in faces:
            if cards.card_type(card) != "candles":
                continue
            room = cards.subject(card)
            assert room is not None
            if self.occupants(room):
                candles_now.append(room)
                events.append(public("candles", f"Candles are lit in {the(room)}.", room=room))
            else:
                events.append(public("no_effect", f"No one is in {the(room)}: the candles "
                                     "have no effect.", room=room))
        self.candles = candles_now
        # 4. Blackout!
        blackouts = sum(1 for c in faces if cards.card_type(c) == "blackout")
        second_rounds = False
        if blackouts and (self.second or self.blackout):
            events.append(public("no_effect", "A Blackout in the Second Danger round has no "
                                 "effect."))
        elif blackouts:
            self.blackout = True
            second_rounds = True
            events += self._blackout(rng)
            if blackouts > 1:
                events.append(public("no_effect", "The second Blackout has no effect."))
        events.append(public("danger_resolved", "The Danger round is over.", turn=self.turn))
        self.effects = self._no_effects()
        if second_rounds:
            self.second = True
            self._start_round("intrigue")
            return events + [self._round_event()]
        return events + self._end_turn(rng)

    def _blackout(self, rng: Rng) -> list[Event]:
        events = [public("blackout", "BLACKOUT! Everyone in a room without candles panics.")]
        panicking = [s for s in self.rotation(self.first) if self.status.get(s) == PLAYING
                     and is_room(self.pawns.get(s)) and self.pawns[s] not in self.candles]
        for seat in panicking:
            here = self.pawns[seat]
            assert here is not None
            dice = self._roll(rng, f"{seat} panics")
            there = board.ring_step(here, sum(dice))
            self._place(seat, there, by_other=True)
            events.append(public("panic", f"{seat} rolls {dice_text(dice)} and runs from "
                                 f"{the(here)} to {the(there)}.", seat=seat, dice=dice,
                                 to=there, **{"from": here}))
        return events
