"""Suspects on the board: where each stands and may go, the weapon they carry, and how
they leave the game (murdered, or out after a wrong accusation), which may end it (KC-11).
"""

from __future__ import annotations

from engine.events import Event, Seat, private, public
from engine.games.killer_clue import board, cards
from engine.games.killer_clue.base import DEAD, MISSING, PLAYING, KCBase
from engine.games.killer_clue.board import WEAPONS, is_room
from engine.games.killer_clue.cards import Card
from engine.games.killer_clue.words import choices_of, the
from engine.rng import Rng
from engine.spec import Param


class Suspects(KCBase):
    """Pawns, carried weapons, and leaving the game."""

    def _where(self, seat: Seat) -> str:
        loc = self.pawns.get(seat)
        if self.status[seat] == MISSING:
            return "disappeared"
        if loc is None:
            return self.status[seat]
        return the(loc) if is_room(loc) else f"corridor {loc}"

    def weapons_in(self, room: str) -> list[str]:
        return [w for w in WEAPONS if self.weapons.get(w) == room]

    def _destinations(self, seat: Seat, steps: int) -> list[str]:
        here = self.pawns.get(seat)
        if here is None:
            return []
        others = [loc for s, loc in self.pawns.items() if s != seat and loc is not None]
        return board.destinations(here, steps, others)

    def _weapon_param(self, room: str | None) -> Param:
        options = self.weapons_in(room) if room and is_room(room) else []
        return Param("weapon", choices_of(options), required=False,
                     question="Take a weapon from this room with you?")

    # ----- pawns and weapons --------------------------------------------

    def _place(self, seat: Seat, location: str, *, by_other: bool) -> None:
        """Put a pawn somewhere; a carried weapon is set down when it enters a room."""
        self.pawns[seat] = location
        if self.status[seat] == MISSING:
            self.status[seat] = PLAYING
            self.vanished_from[seat] = None
        if is_room(location):
            carried = self.carrying.pop(seat, None)
            if carried:
                self.weapons[carried["weapon"]] = location
            if by_other:
                self.may_suggest[seat] = True
        else:
            self.may_suggest[seat] = False

    def _take_weapon(self, seat: Seat, weapon: str, room: str) -> None:
        self.weapons[weapon] = None
        self.carrying[seat] = {"weapon": weapon, "from": room}

    def _drop_weapon(self, seat: Seat) -> None:
        """A carrier leaving the board puts the weapon back in the room it came from."""
        carried = self.carrying.pop(seat, None)
        if carried:
            self.weapons[carried["weapon"]] = carried["from"]

    # ----- leaving the game: murder or a wrong accusation ----------------

    def _leave(self, seat: Seat, status: str, rng: Rng) -> list[Event]:
        """Remove the pawn and the Intrigue & Danger cards; deal the Clue cards to the left."""
        self._drop_weapon(seat)
        self.pawns[seat] = None
        self.status[seat] = status
        self.vanished_from[seat] = None
        self.removed += self.hands[seat]
        self.hands[seat] = []
        clue_cards = self.clues[seat]
        self.clues[seat] = []
        events: list[Event] = [self._out_event(seat, status)]
        remaining = [s for s in self.rotation(seat)[1:] if self.alive(s)]
        for rh, least in cards.RED_HERRINGS.items():
            if len(remaining) < least:
                holders = [s for s in self.table if rh in self.clues[s]]
                if rh in clue_cards or holders:
                    for s in holders:
                        self.clues[s].remove(rh)
                    if rh in clue_cards:
                        clue_cards.remove(rh)
                    self.removed.append(rh)
                    events.append(public("red_herring_removed", f"{rh} leaves the game: fewer "
                                         f"than {least} suspects remain.", card=rh))
        if remaining and clue_cards:
            rng.shuffle(clue_cards, label=f"{seat}'s Clue cards")
            got: dict[Seat, list[Card]] = {s: [] for s in remaining}
            for i, card in enumerate(clue_cards):
                got[remaining[i % len(remaining)]].append(card)
            for s, new in got.items():
                self.clues[s] += new
                for card in new:
                    self._note(s, card, seat, "dealt")
                if new:
                    events.append(private(s, "cards_dealt", f"You receive {seat}'s Clue "
                                          f"card{'s' if len(new) > 1 else ''}: "
                                          f"{', '.join(new)}.", cards=new, giver=seat))
            events.append(public("clues_dealt", f"{seat}'s Clue cards are shuffled and dealt "
                                 f"face down, starting with {remaining[0]}.", seat=seat))
        if self.stack:
            # Nobody still to answer or decide may be out of the game.
            for entry in self.stack:
                if entry["kind"] == "give":
                    entry["queue"] = [s for s in entry["queue"] if self.alive(s)]
            self.stack = [e for e in self.stack if e["kind"] == "give" or self.alive(e["seat"])]
        self.danger_plays.pop(seat, None)
        return events + self._check_killer_win()

    @staticmethod
    def _out_event(seat: Seat, status: str) -> Event:
        """Tells a player leaving the game what is left for them to do."""
        why = ("You have been murdered" if status == DEAD else
               "Your accusation was wrong")
        return private(seat, "you_are_out", f"{why}: you are out of the game. Your Intrigue & "
                       "Danger cards leave the game and your Clue cards are dealt to the others, "
                       "so you will not be asked anything more. You can still follow the game "
                       "in the channel and read your notes (/clue notes); at the end everyone "
                       "learns who the killer was.", status=status)

    def _check_killer_win(self) -> list[Event]:
        """KC-11: the killer wins when no innocent is left in the game."""
        if self.finished or any(self.alive(s) for s in self.table if s != self.killer):
            return []
        self.finish([self.killer])
        return [public("killer_wins", f"No innocent suspect is left: {self.killer}, the "
                       "killer, wins!", killer=self.killer, case_file=dict(self.case_file)),
                self._game_over()]

    def _game_over(self) -> Event:
        cf = self.case_file
        return public("game_over", f"The killer was {self.killer}: {cf['suspect']}, in "
                      f"{the(cf['room'])}, with the {cf['weapon']}. Winner: "
                      f"{', '.join(self.winners)}.", killer=self.killer, case_file=dict(cf),
                      winners=list(self.winners))
