"""The Investigation round (Game Sequence): moving (KC-6), secret passages, carrying
weapons, suggestions with the summoned suspect, and accusations (KC-4)."""

from __future__ import annotations

from engine.errors import NotAllowed
from engine.events import Event, Seat, public
from engine.games.killer_clue.base import MISSING
from engine.games.killer_clue.board import PASSAGES, ROOMS, WEAPONS, is_room
from engine.games.killer_clue.decisions import Decisions
from engine.games.killer_clue.words import (
    DIRECTIONS,
    NONE,
    choices_of,
    dice_text,
    direction_choices,
    the,
)
from engine.rng import Rng
from engine.spec import ActionSpec, Param, Prompt


class Investigation(Decisions):
    """Each player's Investigation turn."""

    def _investigation_prompt(self, seat: Seat) -> Prompt:
        actions: list[ActionSpec] = []
        here = self.pawns.get(seat)
        a = self.active
        if here is not None and not a["moved"]:
            actions.append(ActionSpec("move", f"Roll {self.options['dice']} and move"))
            if here in PASSAGES:
                actions.append(ActionSpec("passage", f"Take the secret passage to the "
                                          f"{PASSAGES[here]}", (self._weapon_param(here),)))
        if self._may_suggest_now(seat):
            assert here is not None
            actions.append(ActionSpec("suggest", "Make a suggestion", (
                Param("suspect", choices_of(list(self.table)), question="Which suspect?"),
                Param("weapon", choices_of(self.weapons_in(here)),
                      question="With which weapon in this room?"),
                Param("room", choices_of([here]), required=False,
                      question="In which room? (the one you are in)"),
                Param("direction", direction_choices(list(DIRECTIONS)), required=False,
                      question="Who answers first?"))))
        if seat != self.killer:
            held = set(self.clues[seat])
            who = [s for s in self.table if s != seat and s not in held]
            what = [w for w in WEAPONS if w not in held]
            where = [r for r in ROOMS if r not in held]
            if who and what and where:
                actions.append(ActionSpec("accuse", "Make an accusation", (
                    Param("suspect", choices_of(who), question="Who is the killer?"),
                    Param("weapon", choices_of(what), question="With which weapon?"),
                    Param("room", choices_of(where), question="In which room?"),
                    Param("direction", direction_choices(list(DIRECTIONS)), required=False,
                          question="Who answers first?"))))
        actions.append(ActionSpec("pass", "End your turn"))
        return Prompt(seat, f"Your Investigation turn ({self._where(seat)}).", tuple(actions))

    def _may_suggest_now(self, seat: Seat) -> bool:
        here = self.pawns.get(seat)
        return (is_room(here) and self.may_suggest.get(seat, False)
                and not self.active["suggested"] and not self.active["accused"]
                and bool(self.weapons_in(here or "")))

    def _investigating(self, seat: Seat) -> None:
        if self.stack or self.round != "investigation" or self.current != seat:
            raise NotAllowed("It is not your Investigation turn.")  # pragma: no cover

    # ----- movement -------------------------------------------------------

    def do_move(self, seat: Seat, rng: Rng) -> list[Event]:
        """Roll the dice (2d6, KC-6); then `go` to one of the places the roll reaches."""
        self._investigating(seat)
        dice = self._roll(rng, f"{seat} moves")
        steps = sum(dice)
        self.active["moved"] = True
        self.last_roll = {"seat": seat, "dice": dice, "why": "move"}
        events = [public("rolled", f"{seat} rolls {dice_text(dice)}.", seat=seat,
                         dice=dice)]
        if not self._destinations(seat, steps):
            events.append(public("blocked", f"{seat} is hemmed in and cannot move.", seat=seat))
            return events
        self.stack.append({"kind": "go", "seat": seat, "steps": steps})
        return events

    def do_go(self, seat: Seat, rng: Rng, to: str, weapon: str | None = None) -> list[Event]:
        """Finish a move: `to` is a room or a corridor square label such as "H17"."""
        top = self.stack[-1]
        if to not in self._destinations(seat, top["steps"]):  # pragma: no cover
            raise NotAllowed(f"You cannot reach {to} with {top['steps']}.")
        self.stack.pop()
        return self._move_pawn(seat, to, weapon, how="moves") + self._advance(rng)

    def do_passage(self, seat: Seat, rng: Rng, weapon: str | None = None) -> list[Event]:
        """Take the secret passage from a corner room instead of rolling."""
        self._investigating(seat)
        here = self.pawns[seat]
        assert here is not None and here in PASSAGES
        self.active["moved"] = True
        return (self._move_pawn(seat, PASSAGES[here], weapon, how="takes the secret passage to")
                + self._advance(rng))

    def _move_pawn(self, seat: Seat, to: str, weapon: str | None, how: str) -> list[Event]:
        here = self.pawns[seat]
        if weapon is not None:
            if not (here and is_room(here) and self.weapons.get(weapon) == here):
                raise NotAllowed(f"The {weapon} is not in your room.")  # pragma: no cover
            self._take_weapon(seat, weapon, here)
        carried = self.carrying.get(seat)
        self._place(seat, to, by_other=False)
        if is_room(to):
            self.may_suggest[seat] = True
        dest = the(to) if is_room(to) else f"corridor {to}"
        text = f"{seat} {how} {dest}" if how != "moves" else f"{seat} moves to {dest}"
        if carried:
            text += (f", setting down the {carried['weapon']} there" if is_room(to)
                     else f", carrying the {carried['weapon']}")
        return [public("moved", text + ".", seat=seat, to=to, weapon=carried["weapon"]
                       if carried else None)]

    # ----- suggestions and accusations (KC-4) -----------------------------

    def do_suggest(self, seat: Seat, rng: Rng, suspect: str, weapon: str,
                   room: str | None = None, direction: str = "left") -> list[Event]:
        """Suggest `suspect` in your room with a weapon that is in it; the suspect is summoned."""
        self._investigating(seat)
        here = self.pawns[seat]
        assert here is not None and is_room(here)
        if room is not None and room != here:  # pragma: no cover
            raise NotAllowed(f"You must suggest the room you are in, {the(here)}.")
        self.active["suggested"] = True
        self.active["moved"] = True
        self.may_suggest[seat] = False
        events = [public("suggested", f"{seat} suggests {suspect}, in {the(here)}, with the "
                         f"{weapon} (answering to the {direction}).", seat=seat,
                         suspect=suspect, weapon=weapon, room=here, direction=direction)]
        self.stack.append({"kind": "give", "seat": None, "to": seat,
                           "cards": [suspect, weapon, here], "mode": "suggestion",
                           "queue": self._answer_queue(seat, suspect, direction)})
        events += self._summon(seat, suspect, here)
        return events + self._advance(rng)

    def _summon(self, seat: Seat, suspect: str, room: str) -> list[Event]:
        if suspect == seat or suspect not in self.table or not self.alive(suspect):
            return []
        was = self.pawns.get(suspect)
        missing = self.status[suspect] == MISSING
        if was == room:
            return []
        self._place(suspect, room, by_other=True)
        text = (f"{suspect} reappears, summoned to {the(room)}." if missing
                else f"{suspect} is summoned to {the(room)}.")
        events = [public("summoned", text, seat=suspect, to=room)]
        if was is not None and is_room(was) and self.weapons_in(was):
            self.stack.append({"kind": "bring", "seat": suspect, "room": was, "to": room})
        return events

    def do_bring(self, seat: Seat, rng: Rng, weapon: str) -> list[Event]:
        """A summoned suspect may bring one weapon from the room they leave."""
        top = self.stack.pop()
        if weapon == NONE:
            return self._advance(rng)
        self.weapons[weapon] = top["to"]
        events = [public("weapon_moved", f"{seat} brings the {weapon} to {the(top['to'])}.",
                         seat=seat, weapon=weapon, to=top["to"])]
        return events + self._advance(rng)

    def do_accuse(self, seat: Seat, rng: Rng, suspect: str, weapon: str, room: str,
                  direction: str = "left") -> list[Event]:
        """Accuse: answered like a suggestion; if no one can disprove it, it is correct."""
        self._investigating(seat)
        if seat == self.killer:  # pragma: no cover - never prompted
            raise NotAllowed("You may never make an accusation.")
        held = [c for c in (suspect, weapon, room) if c in self.clues[seat]]
        if held:  # pragma: no cover - never prompted
            raise NotAllowed(f"You hold the {held[0]} card, so you may not accuse with it.")
        self.active["accused"] = True
        events = [public("accused", f"{seat} ACCUSES {suspect} of the murder, in {the(room)}, "
                         f"with the {weapon} (answering to the {direction}).", seat=seat,
                         suspect=suspect, weapon=weapon, room=room, direction=direction)]
        self.stack.append({"kind": "give", "seat": None, "to": seat,
                           "cards": [suspect, weapon, room], "mode": "accusation",
                           "queue": self._answer_queue(seat, suspect, direction)})
        return events + self._advance(rng)
