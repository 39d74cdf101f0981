"""The Intrigue round (KC-7, KC-8): playing Intrigue cards face up and their effects,
Consult's trade (KC-9), the mini-suggestions (D-9), and the return of a disappeared suspect
(D-12)."""

from __future__ import annotations

from engine.errors import NotAllowed
from engine.events import Event, Seat, private, public
from engine.games.killer_clue import cards
from engine.games.killer_clue.base import MISSING, PLAYING
from engine.games.killer_clue.board import ROOMS, SUSPECTS, is_room
from engine.games.killer_clue.cards import CARDS, Card
from engine.games.killer_clue.suspect import Suspects
from engine.games.killer_clue.words import (
    DIRECTIONS,
    NONE,
    RANDOM,
    card_choices,
    choices_of,
    direction_choices,
    distinct,
    the,
)
from engine.rng import Rng
from engine.spec import ActionSpec, Param, Prompt


class Intrigue(Suspects):
    """Each player's Intrigue turn and the cards' effects."""

    def _intrigue_prompt(self, seat: Seat) -> Prompt:
        playable = [c for c in distinct(self.hands[seat]) if self._playable(seat, c)]
        actions: list[ActionSpec] = []
        if playable:
            targets = self._target_choices(seat, playable)
            actions.append(ActionSpec("play", "Play an Intrigue card", (
                Param("card", card_choices(playable), question="Which Intrigue card?"),
                Param("target", choices_of(targets), required=False,
                      question="Motive: which suspect? Butler or Maid: which room?"),
                Param("direction", direction_choices([*DIRECTIONS, NONE]), required=False,
                      question="Who answers your mini-suggestion first?"))))
        actions.append(ActionSpec("pass", "Play no more Intrigue cards"))
        left = 2 - self.active["plays"]
        cards_left = "one more Intrigue card" if left == 1 else f"up to {left} Intrigue cards"
        return Prompt(seat, f"Your Intrigue turn: play {cards_left} face up, keeping at least "
                      "one card for the Danger round.", tuple(actions))

    def do_reappear(self, seat: Seat, rng: Rng, room: str) -> list[Event]:
        """A disappeared suspect returns to a room of their choice at the next Intrigue round."""
        self.stack.pop()
        if room == RANDOM:
            room = rng.choice(list(ROOMS), label="room to return to")
        self._place(seat, room, by_other=True)
        events = [public("reappeared", f"{seat} reappears in {the(room)}.", seat=seat,
                         room=room)]
        return events + self._advance(rng)

    def _keeps_danger_card(self, seat: Seat, card: Card) -> bool:
        """KC-7: after playing `card`, a card must remain that can be played in the Danger
        round (a Suspect Murdered card does not count: it may have no legal victim)."""
        rest = list(self.hands[seat])
        rest.remove(card)
        return any(cards.card_type(c) != "murdered" for c in rest)

    def _lock_refusal(self, seat: Seat, dest: str | None) -> str | None:
        """KC-8: a card that would move a pawn into or out of a locked room is refused."""
        if dest is None:
            return None
        here = self.pawns.get(seat)
        if here == dest:
            return None
        locked = self.effects["locked"]
        if here in locked:
            return f"The doors of {the(here or '')} are locked: you cannot leave it."
        if dest in locked:
            return f"The doors of {the(dest)} are locked."
        return None

    def _motive_targets(self, seat: Seat) -> list[Seat]:
        return [s for s in self.table if s != seat and self.status[s] == PLAYING
                and is_room(self.pawns.get(s))
                and self._lock_refusal(seat, self.pawns.get(s)) is None]

    def _staff_rooms(self) -> list[str]:
        return [r for r in ROOMS if self.occupants(r)]

    def _target_choices(self, seat: Seat, playable: list[Card]) -> list[str]:
        types = {cards.card_type(c) for c in playable}
        targets: list[str] = []
        if "motive" in types:
            targets += self._motive_targets(seat)
        if "staff" in types:
            targets += self._staff_rooms()
        return targets

    def _play_refusal(self, seat: Seat, card: Card, target: str | None) -> str | None:
        """Why `seat` may not play `card` now (None: it may). `target` None for Motive and the
        Butler/Maid means "is there any legal target"; other cards ignore a target."""
        info = CARDS.get(card)
        if info is None or card not in self.hands[seat]:
            return f"You do not hold {card}."
        if info.kind != "intrigue":
            return f"{info.title} is a Danger card: play it in the Danger round."
        if not self._keeps_danger_card(seat, card):
            return "You must keep at least one card to play in the Danger round."
        kind, subject = info.type, info.subject
        if kind == "consult":
            assert subject is not None
            if subject == seat:
                return "You cannot consult yourself."
            if self.status.get(subject) == MISSING:
                return f"{subject} has disappeared and cannot be consulted."
            where = self.pawns.get(subject) if self.status.get(subject) == PLAYING else None
            if is_room(where):  # else the card has no effect and moves no one (KC-8)
                return self._lock_refusal(seat, where)
            return None
        if kind == "crime_scene":
            return self._lock_refusal(seat, subject)
        if kind == "examine_weapon":
            assert subject is not None
            return self._lock_refusal(seat, self.weapons.get(subject))
        if kind == "motive":
            targets = self._motive_targets(seat)
            if target is None:
                return None if targets else "No other suspect is in a room you can reach."
            if target not in SUSPECTS:
                return f"Motive's target is a suspect, not {target}."
            if target not in targets:
                return f"{target} is not in a room you can reach."
            return None
        if kind == "staff":
            rooms = self._staff_rooms()
            if target is None:
                return None if rooms else "No room has a suspect in it."
            if target not in ROOMS:
                return f"{card}'s target is a room, not {target}."
            if target not in rooms:
                return f"No suspect is in {the(target)}."
            return None
        return None

    def _playable(self, seat: Seat, card: Card) -> bool:
        return self._play_refusal(seat, card, None) is None

    def do_play(self, seat: Seat, rng: Rng, card: str, target: str | None = None,
                direction: str | None = None) -> list[Event]:
        """Play an Intrigue card face up (at most two per Intrigue turn, KC-7).

        `target`: the suspect for Motive, the room for Butler/Maid Enters Room.
        `direction`: left or right for the mini-suggestion of the first Crime Scene,
        Examine Weapon or Motive card of the round (default left); none to make none.
        """
        if self.stack or self.round != "intrigue" or self.current != seat:
            raise NotAllowed("It is not your Intrigue turn.")  # pragma: no cover
        info = CARDS[card]
        refusal = self._play_refusal(seat, card, target)
        if refusal is None and info.type in ("motive", "staff") and target is None:
            refusal = ("Motive needs a target suspect." if info.type == "motive"
                       else f"{info.title} needs a target room.")
        if refusal:
            raise NotAllowed(refusal)
        if info.type not in ("motive", "staff"):
            target = None
        self.hands[seat].remove(card)
        self.played.append(card)
        self.active["plays"] += 1
        self.intrigue_played.append({"seat": seat, "card": card})
        events = [public("intrigue_played", f"{seat} plays {info.title}.", seat=seat, card=card,
                         target=target)]
        events += self._intrigue_effect(seat, info, target, direction or "left", rng)
        return events + self._advance(rng)

    def _intrigue_move(self, seat: Seat, dest: str) -> list[Event]:
        here = self.pawns.get(seat)
        if here == dest:
            return []
        missing = self.status[seat] == MISSING
        carried = self.carrying.get(seat)
        self._place(seat, dest, by_other=True)
        text = f"{seat} {'reappears in' if missing else 'moves to'} {the(dest)}"
        if carried:
            text += f", setting down the {carried['weapon']} there"
        return [public("moved", text + ".", seat=seat, to=dest)]

    def _intrigue_effect(self, seat: Seat, info: cards.CardInfo, target: str | None,
                         direction: str, rng: Rng) -> list[Event]:
        kind, subject = info.type, info.subject
        fx = self.effects
        if kind == "consult":
            assert subject is not None
            dest = self.pawns.get(subject) if self.status[subject] == PLAYING else None
            if not is_room(dest):
                return [public("no_effect", f"{subject} is not in a room: the card has no "
                               "effect.")]
            assert dest is not None
            events = self._intrigue_move(seat, dest)
            fx["consults"].append([seat, subject])
            staff = [name for name, room in fx["staff"].items() if room == dest]
            if staff:
                events.append(public("no_trade", f"{seat} and {subject} consult, but the "
                                     f"{staff[0]} is in the room: no Clue card may change "
                                     "hands.", seat=seat, other=subject))
            else:
                self.stack.append({"kind": "trade", "seat": seat, "with": subject,
                                   "from": seat, "offer": None})
            return events
        if kind in ("crime_scene", "examine_weapon", "motive"):
            if kind == "crime_scene":
                assert subject is not None
                dest, wanted = subject, subject
            elif kind == "examine_weapon":
                assert subject is not None
                dest, wanted = self.weapons.get(subject), subject
            else:
                assert target is not None
                dest, wanted = self.pawns.get(target), target
            events = self._intrigue_move(seat, dest) if dest else [
                public("no_effect", f"The {subject} is in no room: {seat} stays put.")]
            # The round's first card of its kind stays the first even without a
            # mini-suggestion ("Not First": a later card may not make one).
            if kind in fx["firsts"]:
                return events
            fx["firsts"].append(kind)
            if direction == NONE:
                return events
            events.append(public("mini_suggestion", f"{seat} suggests that {wanted} is part of "
                                 f"the crime (asking to the {direction}).", seat=seat,
                                 card=wanted, direction=direction))
            step = 1 if direction == "left" else -1
            queue = [s for s in self.rotation(seat, step)[1:] if self.alive(s)]
            self.stack.append({"kind": "give", "seat": None, "to": seat, "cards": [wanted],
                               "mode": "mini", "queue": queue})
            return events
        if kind == "doors_locked":
            assert subject is not None
            if subject not in fx["locked"]:
                fx["locked"].append(subject)
            return [public("locked", f"The doors of {the(subject)} are locked for the rest of "
                           "this Intrigue round.", room=subject)]
        if kind == "disappears":
            assert subject is not None
            if not (self.status.get(subject) == PLAYING and self.pawns.get(subject)):
                return [public("no_effect", f"{subject} is not on the board: no effect.")]
            here = self.pawns[subject]
            self._drop_weapon(subject)
            self.pawns[subject] = None
            self.status[subject] = MISSING
            self.vanished_from[subject] = here if is_room(here) else None
            return [public("disappeared", f"{subject} mysteriously disappears.", seat=subject)]
        if kind == "distracted":
            assert subject is not None
            if not is_room(self.pawns.get(subject)):
                return [public("no_effect", f"{subject} is not in a room: no effect.")]
            if subject not in fx["distracted"]:
                fx["distracted"].append(subject)
            return [public("distracted", f"{subject} is distracted and protects no one.",
                           seat=subject)]
        if kind == "moves_first":
            self.moves_first = subject
            return []
        if kind == "staff":
            assert target is not None
            name = info.title.split()[0]
            fx["staff"][name] = target
            events = [public("staff", f"The {name} enters {the(target)}: everyone there is "
                             "protected in the next Danger round.", staff=name, room=target)]
            if target in fx["locked"]:
                fx["locked"].remove(target)
                events.append(public("unlocked", f"The {name} unlocks {the(target)}.",
                                     room=target))
            return events
        raise AssertionError(kind)  # pragma: no cover

    def do_trade(self, seat: Seat, rng: Rng, card: str) -> list[Event]:
        """Consult (KC-9): each side privately picks the Clue card it gives, or none."""
        top = self.stack[-1]
        if top.get("offer") is None:
            consulted = top["with"]
            if card == NONE:
                self.stack.pop()
                return [public("no_trade", f"{seat} and {consulted} do not trade.",
                               seat=seat, other=consulted)] + self._advance(rng)
            top["offer"] = card
            top["seat"] = consulted
            return [private(seat, "trade_offered", f"You offer {card} to {consulted}.",
                            card=card)]
        self.stack.pop()
        first = top["from"]
        if card == NONE:
            return [public("no_trade", f"{first} and {seat} do not trade.", seat=first,
                           other=seat)] + self._advance(rng)
        offer = top["offer"]
        self.clues[first].remove(offer)
        self.clues[seat].remove(card)
        self.clues[first].append(card)
        self.clues[seat].append(offer)
        self._note(first, card, seat, "trade")
        self._note(seat, offer, first, "trade")
        events = [public("traded", f"{first} and {seat} trade a Clue card.", seat=first,
                         other=seat),
                  private(first, "card_received", f"{seat} gives you {card} in the trade "
                          f"(you gave {offer}).", card=card, giver=seat),
                  private(seat, "card_received", f"{first} gives you {offer} in the trade "
                          f"(you gave {card}).", card=offer, giver=first)]
        return events + self._advance(rng)
