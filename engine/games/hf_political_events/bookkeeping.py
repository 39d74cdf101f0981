"""What the players tell the bot of the real table (ruling HF-4): the Active Law, anarchy
and war, each player's ideology, the Sec-Gen and the Sunspot Cube. Any seat, at any time,
except that the law, anarchy/war, the Sec-Gen and the cube wait for a pending event to end."""

from __future__ import annotations

from typing import Any

from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, public
from engine.games.hf_political_events.cards import IDEOLOGIES, PLAYER_IDEOLOGIES
from engine.games.hf_political_events.deck import HFDeck
from engine.games.hf_political_events.words import cap
from engine.rng import Rng


class HFBookkeeping(HFDeck):
    """The bookkeeping actions, and the Sec-Gen's choice when one is pending."""

    def _refuse_while_pending(self, what: str) -> None:
        """Bookkeeping of the law, anarchy/war, Sec-Gen and cube waits for the event to end."""
        if self._top is not None:
            raise NotAllowed(f"You can't change {what} in the middle of an event: waiting for "
                             f"{self._waiting_text()}. Correct it afterwards.")

    def do_secgen(self, seat: Seat, rng: Rng, player: str | None = None) -> list[Event]:
        """The Sec-Gen's choice of a successor, or (no choice pending) bookkeeping."""
        target = self._player(player)
        p = self._top
        if p is not None and p["kind"] == "secgen":
            return self._choose_secgen(seat, target, rng)
        self._refuse_while_pending("the Sec-Gen")
        if target == self.secgen:
            raise NotAllowed(f"{target} is already the Sec-Gen.")
        old, self.secgen = self.secgen, target
        return [public("secgen", f"{seat} records that {target} is now the Sec-Gen (was {old}).",
                       secgen=target, previous=old, reason="bookkeeping")]

    def do_law(self, seat: Seat, rng: Rng, law: str | None = None) -> list[Event]:
        """Set the Active Law (an ideology) or clear it ("none")."""
        value = self._ideology(law, IDEOLOGIES, what="Active Law", allow_none=True)
        self._refuse_while_pending("the Active Law")
        if value is not None and (self.anarchy or self.war):
            raise NotAllowed(f"There is no Active Law during {self._trouble_text()}. It ends "
                             "with an Anarchy/War Ends card and its tally (or switch it off "
                             "with /hf anarchy or /hf war on:false).")
        if value == self.law:
            raise NotAllowed(f"{cap(self._law_text())} already.")
        old, self.law = self.law, value
        text = (f"{seat} records the Active Law: {value}." if value else
                f"{seat} records that there is no Active Law.")
        events = [public("law", text, law=value, previous=old)]
        if self.secgen_held and not (self.anarchy or self.war):
            self.secgen_held = False
            events += self._change_secgen(then_draw=False)
        return events

    def do_anarchy(self, seat: Seat, rng: Rng, on: bool | None = None) -> list[Event]:
        """Anarchy begins (on: true) or is over (on: false)."""
        return self._trouble(seat, "anarchy", on)

    def do_war(self, seat: Seat, rng: Rng, on: bool | None = None) -> list[Event]:
        """War begins (on: true) or is over (on: false)."""
        return self._trouble(seat, "war", on)

    def _trouble(self, seat: Seat, which: str, on: Any) -> list[Event]:
        flag = self._flag(on, "on")
        if flag is None:
            raise Unreadable(f"Say on:true when {which} begins, on:false when it is over.")
        self._refuse_while_pending(which)
        if getattr(self, which) == flag:
            raise NotAllowed(f"{which.capitalize()} is {'already' if flag else 'not'} in "
                             "effect.")
        setattr(self, which, flag)
        if flag:
            cleared, self.law = self.law, None
            text = f"{seat} records that {which} begins: there is no Active Law during it"
            text += f" ({cleared} no longer is)." if cleared else "."
            text += " It ends with an Anarchy/War Ends card."
            return [public(which, text, on=True, law=None, previous=cleared)]
        text = f"{seat} records that {which} is over"
        if self.anarchy or self.war:
            text += f"; {self._trouble_text()} goes on."
        else:
            text += ". Record the Active Law with /hf law"
            text += (": the held-back Sec-Gen change is made then." if self.secgen_held
                     else ".")
        return [public(which, text, on=False)]

    def do_ideology(self, seat: Seat, rng: Rng, player: str | None = None,
                    ideology: str | None = None) -> list[Event]:
        """A player's ideology (the colour of their faction), or none."""
        target = self._player(player)
        value = self._ideology(ideology, PLAYER_IDEOLOGIES, what="player's ideology",
                               allow_none=True)
        if value == self.ideologies[target]:
            raise NotAllowed(f"{target}'s ideology is {value or 'not set'} already.")
        holder = self._owner(value)
        if holder is not None:
            raise NotAllowed(f"{value} is already {holder}'s ideology: each ideology belongs to "
                             f"one player. Change {holder}'s first.")
        old, self.ideologies[target] = self.ideologies[target], value
        text = (f"{seat} records {target}'s ideology: {value}." if value else
                f"{seat} clears {target}'s ideology.")
        return [public("ideology", text, player=target, ideology=value, previous=old)]

    def do_sunspot(self, seat: Seat, rng: Rng, space: int | None = None) -> list[Event]:
        """Correct the Sunspot Cube's space (track mode). Moving it by hand never reshuffles."""
        if not self._tracked:
            raise NotAllowed("The bot does not track the Sunspot Cube in this game: the "
                             "Sec-Gen says when it passes Seniority when drawing the event "
                             "(/hf turn).")
        length = self.options["track_length"]
        if space is None:
            raise Unreadable(f"Name a space of the track, 1 to {length}.")
        value = space
        if not 1 <= value <= length:
            raise Unreadable(f"The track has spaces 1 to {length}.")
        self._refuse_while_pending("the Sunspot Cube")
        if value == self.sunspot:
            raise NotAllowed(f"The Sunspot Cube is on space {value} already.")
        old, self.sunspot = self.sunspot, value
        return [public("sunspot", f"{seat} moves the Sunspot Cube from space {old} to space "
                       f"{value} (a correction: nothing is reshuffled).", sunspot=value,
                       previous=old)]
