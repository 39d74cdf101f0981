"""The flow of a turn, eliminations and leaving.

Sequence of play (reference B3): income, a card drawn (two for an Illuminati that `draws`
two), then two actions and any number of free actions (two money transfers among them
free), the Illuminati's end-of-turn ability (`free-moves`, `free-transfers`), then targets
are added. Instead of doing anything, a player may pass and collect 5 MB. A player whose
turn a Senate Investigating Committee took loses it whole. Turns go round the seats in
order from the first player, drawn at random (the rulebook's highest roll; play goes
counter-clockwise, a seat order for us: ILL-5).

Rulebook p. 8: "Eliminating a Player" (at any time after their third turn, a player who
controls no Group but their Illuminati is out, their money to the bank; unless at that
moment they meet a Goal, like the Servants of Cthulhu destroying their own last Group for
their eighth: they win), "Leaving the Game" (their Groups go uncontrolled, the treasuries
to the bank, the Illuminati card out of play), "Winning the Game" (checked at the end of
every turn, `goals`).

The end of a turn names the players whose Power Structure changed during it (its cards,
where they hang, their treasuries): the bot posts their pictures, not every player's.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.errors import NotAllowed
from engine.events import Event, Seat, public
from engine.games.illuminati.attack import branch_of
from engine.games.illuminati.base import ACTIONS_PER_TURN, FREE_TRANSFERS, PASS_MB, mb, plural
from engine.games.illuminati.deals import Deals
from engine.rng import Rng


def fresh_turn(seat: Seat) -> dict[str, Any]:
    """What one turn has done so far (docs: `turn`)."""
    return {"seat": seat, "actions": ACTIONS_PER_TURN, "transfers": FREE_TRANSFERS,
            "did": False, "privilege_used": False, "used": {}, "retry": None,
            "ending": False, "white_collar": False}


class Turns(Deals):
    """Beginning and ending turns; who is still in."""

    def advance(self, rng: Rng) -> list[Event]:
        """Everything automatic up to the next decision."""
        events: list[Event] = []
        for _ in range(1000):
            if self.finished:
                return events
            events += self.check_eliminations()
            if self.finished:
                return events
            if self.stack:
                settled = self.settle_top(rng)
                if settled is None:
                    return events
                events += settled
                continue
            if not self.started:
                self.started = True
                continue
            if self.turn is None:
                events += self.begin_turn(rng)
                continue
            return events
        raise AssertionError("the game's flow did not settle")  # pragma: no cover

    def begin_turn(self, rng: Rng) -> list[Event]:
        seat = self.current
        if seat in self.out:
            self.next_seat()
            return []
        if self.skips.get(seat):
            self.skips[seat] -= 1
            self.next_seat()
            return [public("turn_lost", f"{seat} loses this turn (Senate Investigating "
                           "Committee).", seat=seat)]
        self.turns += 1
        self.turn = fresh_turn(seat)
        self.turn["structures"] = self.structure_marks()
        events = [public("turn_started", f"Turn {self.turns}: {seat}'s turn.", seat=seat,
                         turn=self.turns)]
        events += self.income_event(seat)
        draws = self.card(self.root(seat)).ability("draws")
        count = draws.cards if draws is not None else 1
        if count > 1:
            events += self.reveal(seat, "it draws more than one card")
        return events + self.draw_cards(seat, rng, count)

    def next_seat(self) -> None:
        for _ in range(len(self.order)):
            self.index = (self.index + 1) % len(self.order)
            if self.current not in self.out:
                return

    def ending_ability(self, seat: Seat) -> bool:
        return self.ability(seat, "free-moves") or self.ability(seat, "free-transfers")

    def finish_actions(self, seat: Seat, rng: Rng) -> list[Event]:
        """`end-turn`: the end-of-turn ability's step first, if the Illuminati has one."""
        if not self.own_turn(seat):
            raise NotAllowed("It is not your turn.")
        self.need_quiet("end your turn")
        turn = self.turn
        assert turn is not None
        if self.ending_ability(seat) and not turn["ending"]:
            turn["ending"] = True
            if self.hidden(seat):
                return []
            return [public("ending", f"{seat}'s Illuminati may now reorganize at no cost "
                           "before the turn ends.", seat=seat)]
        return self.end_turn(rng)

    def pass_turn(self, seat: Seat, rng: Rng) -> list[Event]:
        """Instead of any action, regular or free: 5 MB into the Illuminati treasury."""
        if not self.own_turn(seat):
            raise NotAllowed("It is not your turn.")
        self.need_quiet("pass")
        assert self.turn is not None
        if self.turn["did"]:
            raise NotAllowed("You have already acted this turn: passing is instead of any "
                             "action.")
        self.gain(self.root(seat), PASS_MB)
        return [public("passed_turn", f"{seat} passes and collects {mb(PASS_MB)}.",
                       seat=seat)] + self.end_turn(rng)

    def end_turn(self, rng: Rng) -> list[Event]:
        seat = self.current
        changed = self.changed_structures(seat)
        self.turn = None
        self.turns_taken[seat] = self.turns_taken.get(seat, 0) + 1
        events = [public("turn_ended", f"{seat} ends the turn.", seat=seat, changed=changed)]
        events += self.add_targets(rng)
        lapsed = [d["id"] for d in self.offers]
        self.offers = []
        if lapsed:
            events.append(public("offers_lapsed", f"Open offers lapse with the turn: "
                                 f"{', '.join(lapsed)}.", offers=lapsed))
        events += self.check_victory()
        if not self.finished:
            self.next_seat()
        return events

    def structure_marks(self) -> dict[Seat, str]:
        """A short mark of each Power Structure still in play, as its picture shows it:
        its cards, where each hangs, their treasuries."""
        marks: dict[Seat, str] = {}
        for seat in self.alive():
            cards = sorted([card, place["master"] or "", place["arrow"] or "",
                            self.money.get(card, 0)]
                           for card, place in self.placed.items() if place["owner"] == seat)
            marks[seat] = hashlib.sha256(json.dumps(cards).encode()).hexdigest()[:12]
        return marks

    def changed_structures(self, seat: Seat) -> list[Seat]:
        """The players whose Power Structure changed during `seat`'s turn, `seat` first
        (its income went in): whose pictures the end of the turn posts. A turn begun
        without the marks (a state brought in) names everyone still in."""
        before = (self.turn or {}).get("structures")
        now = self.structure_marks()
        changed = [s for s in now if before is None or before.get(s) != now[s]]
        return [seat, *(s for s in changed if s != seat)] if seat in now else changed

    # ----- out of the game ------------------------------------------------------

    def check_eliminations(self) -> list[Event]:
        """Rulebook p. 8: after their third turn, a player with no Group but the
        Illuminati is out, unless at that moment they meet a Goal: then they win."""
        events: list[Event] = []
        for seat in self.alive():
            if self.turns_taken.get(seat, 0) < 3 or self.groups_of(seat) or \
                    self.lifted_for(seat):
                continue
            met = self.goals_met(seat)
            if met:
                return events + self.victory({seat: met})
            events.append(public("eliminated", f"{seat} controls no Group but the Illuminati "
                                 "after their third turn and is eliminated; their money goes "
                                 "to the bank.", seat=seat))
            events += self.remove_player(seat, "eliminated")
            if self.finished:
                return events
        return events

    def lifted_for(self, seat: Seat) -> bool:
        """A Group waits to be placed in `seat`'s structure (captured, bribed)."""
        return any(e["kind"] == "place" and e["seat"] == seat for e in self.stack)

    def leave(self, seat: Seat) -> list[Event]:
        """Rulebook p. 8, "Leaving the Game"."""
        if seat not in self.alive():
            raise NotAllowed("You are already out of the game.")
        events = [public("left", f"{seat} leaves the game: their Groups go uncontrolled, "
                         "their treasuries to the bank, and their Illuminati card out of "
                         "play.", seat=seat)]
        return events + self.remove_player(seat, "left")

    def remove_player(self, seat: Seat, why: str) -> list[Event]:
        """Out of the game: Groups uncontrolled (their treasuries to the bank when the
        player leaves), the Illuminati's treasury to the bank, Specials discarded."""
        events: list[Event] = list(self.reveal(seat, "its player is out"))
        groups = self.groups_of(seat)
        root = self.root(seat)
        gone = self.release([self.lift(g) for g in self.layout(seat).puppets.get(root, [])])
        if why == "left":
            for card in gone:
                self.bank(card)
        self.placed.pop(root, None)
        self.bank(root)
        self.unseen += self.hands.get(seat, [])  # out of play, face down
        self.hands[seat] = []
        self.out[seat] = why
        self.offers = [d for d in self.offers if seat not in (d["from"], d["to"])]
        events += self.forget(seat)
        if groups:
            events.append(public("released", f"{', '.join(gone)} go to the uncontrolled area.",
                                 cards=gone))
        if self.turn is not None and self.turn["seat"] == seat:
            self.turn = None
            self.next_seat()
        alive = self.alive()
        if len(alive) == 1:
            self.finish(alive)
            events.append(public("game_over", f"{alive[0]} is the last player in the game and "
                                 "wins.", winners=alive))
        elif not alive:
            self.finish([])
        return events

    def forget(self, seat: Seat) -> list[Event]:
        """A player out of the game answers nothing more: their attack ends, their windows
        and decisions go, a Group waiting to be placed for them becomes uncontrolled."""
        events: list[Event] = []
        kept = []
        for entry in self.stack:
            if entry["kind"] in ("attack", "cancel", "replace", "place") and \
                    entry["seat"] == seat:
                if entry["kind"] == "place":
                    self.release([branch_of(entry["branch"])])
                if entry["kind"] == "attack":
                    events.append(public("called_off", f"{seat}'s attack on "
                                         f"{entry['target']} ends.", seat=seat))
                continue
            if "awaiting" in entry and seat in entry["awaiting"]:
                entry["awaiting"].remove(seat)
            if entry["kind"] == "attack" and entry["defender"] == seat:
                entry["defender"] = None
            kept.append(entry)
        self.stack = kept
        return events

    def turns_words(self, seat: Seat) -> str:
        return plural(self.turns_taken.get(seat, 0), "turn")
