"""Disarming nuclear bases, and the Trident's warheads.

Quick Reference, "Onschadelijk maken van je nucleaire basis of nucleaire kernkop": stand on
the right location (the one on your Nuclear Zone card), use your Walk plus one extra action,
roll 3 to 6 on a six-sided die. "If it succeeds, put the Nuclear Zone card face up in front of
you. If it fails (also when an opponent plays a card), keep the card face down in front of
you. There is no penalty for failing. You may try to disarm the base again if you have
enough actions" (a second try in a turn needs a card that stands in for the Walk: FAQ).
Disarming a base of zone 4 gives the Nuclear Zone 4 token lying on it, looked at in secret.

The try itself is public: standing there and trying shows that the base is on your card, as
the rules make it. The Interruptions that make a try fail are answered in a `disarm` window
before the die is rolled.
"""

from __future__ import annotations

from typing import Any

from engine.events import Event, Seat, private, public
from engine.games.dictators.movement import FLIGHT_COST
from engine.games.dictators.president import President
from engine.rng import Rng

BASE, WARHEAD = "base", "warhead"


class Disarm(President):
    """Trying to disarm, the roll, and what a disarmed base gives."""

    def disarm_target(self, seat: Seat) -> tuple[str, str] | None:
        """(base or warhead, location) that `seat` may try to disarm where it stands."""
        here = self.location[seat]
        for card in self.nz[seat]:
            if card["base"] == here and not card["disarmed"]:
                return BASE, here
        if here == self.trident_spot() and self.trident["warheads"]:
            if not (self.options["one_warhead"] and seat in self.trident["disarmed_by"]):
                return WARHEAD, here
        return None

    def can_disarm(self, seat: Seat) -> bool:
        return (self.walk_left(seat) and self.turn["actions"] >= FLIGHT_COST
                and self.disarm_target(seat) is not None)

    def what(self, kind: str, where: str) -> str:
        if kind == WARHEAD:
            return "a warhead of the Trident"
        zone = self.board.loc(where).zone
        return f"the nuclear base at {where} (zone {zone})"

    def start_disarm(self, seat: Seat, *, walk: bool) -> list[Event]:
        """A try: paid with the Walk and 1 extra action (`walk`), or by a card."""
        target = self.disarm_target(seat)
        if target is None:
            return [public("no_effect", f"{seat} has nothing to disarm at "
                           f"{self.location[seat]}.", seat=seat)]
        kind, where = target
        if walk:
            self.turn["actions"] -= FLIGHT_COST
            self.turn["walked"] = True
        events = [public("disarm_try", f"{seat} tries to disarm {self.what(kind, where)}.",
                         seat=seat, target=kind, at=where)]
        return events + self.open_window("disarm", seat, target=kind, at=where, foiled=False)

    def roll_disarm(self, seat: Seat, window: dict[str, Any], rng: Rng) -> list[Event]:
        """The disarm window closed: the try fails if an Interruption foiled it, else the
        die decides."""
        kind, where = window["target"], window["at"]
        if window.get("foiled"):
            self.turn["disarm"] = {"target": kind, "at": where, "rolled": False}
            return [public("disarm_failed", f"{seat}'s try to disarm {self.what(kind, where)} "
                           "fails.", seat=seat, target=kind, at=where)]
        return self.disarm_roll(seat, kind, where, rng)

    def disarm_roll(self, seat: Seat, kind: str, where: str, rng: Rng) -> list[Event]:
        if self.location[seat] != where or self.disarm_target(seat) != (kind, where):
            return [public("disarm_failed", f"{seat} is no longer at {where}: the try fails.",
                           seat=seat)]
        roll = rng.roll(1, 6, label="disarm")[0]
        need = self.disarm_needs(seat)
        self.last_roll = {"seat": seat, "die": 6, "roll": roll, "total": roll, "need": need,
                          "what": "disarm"}
        if roll >= need:
            self.turn["disarm"] = None
            return [public("disarm_roll", f"{seat} rolls {roll} (needs {need} or more).",
                           seat=seat, roll=roll, need=need)] + self.disarmed(seat, kind, where,
                                                                             rng)
        self.turn["disarm"] = {"target": kind, "at": where, "rolled": True}
        return [public("disarm_failed", f"{seat} rolls {roll} (needs {need} or more): the "
                       f"try to disarm {self.what(kind, where)} fails. The card stays face "
                       "down.", seat=seat, roll=roll, need=need, target=kind, at=where)]

    def disarmed(self, seat: Seat, kind: str, where: str, rng: Rng) -> list[Event]:
        """A base's card turns face up (zone 4: its token is taken); or a warhead's token."""
        events: list[Event] = []
        if kind == WARHEAD:
            token = rng.choice(self.trident["warheads"], label="warhead")
            self.trident["warheads"].remove(token)
            self.trident["disarmed_by"].append(seat)
            events.append(public("disarmed", f"{seat} disarms a warhead of the Trident and "
                                 "takes a Nuclear Zone 4 token.", seat=seat, target=WARHEAD))
            return events + self.take_token(seat, token)
        zone = self.board.loc(where).zone
        for card in self.nz[seat]:
            if card["base"] == where:
                card["disarmed"] = True
        if zone == 4:
            events.append(public("disarmed", f"{seat} disarms the nuclear base at {where} "
                                 "(zone 4): the card is turned face up.", seat=seat,
                                 target=BASE, at=where, zone=zone))
            token = self.base_tokens.pop(where, None)
            if token is None:
                return events + [public("no_token", f"No token lies at {where} any more.",
                                        at=where)]
            return events + self.take_token(seat, token)
        counted = self.bases_counted(seat)
        events.append(public("disarmed", f"{seat} disarms the nuclear base at {where} (zone "
                             f"{zone}): the card is turned face up ({counted} of zones 1-3 "
                             "disarmed).", seat=seat, target=BASE, at=where, zone=zone,
                             counted=counted))
        return events

    def take_token(self, seat: Seat, token: str) -> list[Event]:
        self.tokens[seat].append(token)
        if self.own_turn(seat):
            self.turn["got"].append(token)
        return [public("token_taken", f"{seat} takes a Nuclear Zone 4 token and looks at it "
                       "in secret.", seat=seat),
                private(seat, "token", f"Your Nuclear Zone 4 token is {token}: "
                        f"{self.token_text(token)}", token=token)]

    def token_text(self, token: str) -> str:
        """What a token does, in words (the tokens module knows them)."""
        return token
