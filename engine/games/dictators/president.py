"""Confronting and convincing the President: the way to win.

Quick Reference, "Confronteren & overtuigen van de President": stand in Washington D.C.; at
the start of your turn draw a Presidential card and show it, for no action; if the President
is present, roll the d20 and reach at least the number the table gives for the nuclear bases
you have disarmed in zones 1, 2 and 3 (0: 20, 1: 18, 2: 14, 3: 8); "Nuclear Zone 4 does not
count when convincing the President". If he isn't present, carry out the card's effect (if
any) and play your turn as usual. A failed roll may be tried again next turn, through all the
steps again. The first dictator to convince the President drives him out of the White House
and wins. After a failed roll the turn goes on as usual (DEFAULT, option `after_failed_roll`).

Token VII lets a player keep a Presidential card face down and take it once instead of
drawing; token III adds +5 to the roll once, and may be used after the roll.
"""

from __future__ import annotations

from typing import Any

from engine.events import Event, Seat, public
from engine.games.dictators.trident import Trident
from engine.rng import Rng

BONUS_TOKEN = "III"
BONUS = 5


class President(Trident):
    """The start of a turn in Washington D.C., the Presidential cards and the d20."""

    def settle_start(self, seat: Seat, rng: Rng) -> list[Event]:
        """The start of a turn, after its draws: the President, in Washington D.C."""
        if self.location[seat] != self.board.place("capital"):
            return []
        if self.reserved.get(seat):
            self.stack.append({"kind": "president", "seat": seat})
            return []
        return self.confront_from_deck(seat, rng)

    def confront_from_deck(self, seat: Seat, rng: Rng) -> list[Event]:
        if not self.president and not self.president_discards:
            return [public("no_president_card", "No Presidential card is left to draw: the "
                           "President can't be confronted this turn.", seat=seat)]
        return self.confront(seat, self.draw_president(rng), rng)

    def confront(self, seat: Seat, card: str, rng: Rng, *, reserved: bool = False) -> list[Event]:
        info = self.data.presidential[card]
        self.president_discards.append(card)
        how = "takes the Presidential card kept with token VII" if reserved else \
            "draws a Presidential card"
        events = [public("president_card", f"{seat} {how}: {card}. “{info.text}”", seat=seat,
                         card=card, present=info.present)]
        if not info.present:
            self.turn["president"] = {"card": card, "present": False}
            for effect in info.effects:
                if effect.kind == "discard_hand":
                    count = len(self.discard_hand(seat))
                    events.append(public("discarded_hand", f"{seat} discards their hand "
                                         f"({count} cards).", seat=seat, count=count))
                elif effect.kind == "send":
                    to = self.board.place(str(effect.get("to")))
                    if self.location[seat] != to:
                        events += self.move_seat(seat, to, "is taken")
                elif effect.kind == "defcon":
                    events += self.defcon_up(rng, seat)
            return events
        roll = rng.roll(1, 20, label="President")[0]
        self.turn["president"] = {"card": card, "present": True, "roll": roll,
                                  "bonus": self.rule_sum(seat, "president_bonus"),
                                  "tokens": 0, "need": self.president_needs(seat)}
        return events + self.judge(seat)

    def judge(self, seat: Seat) -> list[Event]:
        """The roll against the table; a success wins the game."""
        trial: dict[str, Any] = self.turn["president"]
        total = trial["roll"] + trial["bonus"] + trial["tokens"]
        need = trial["need"]
        extra = trial["bonus"] + trial["tokens"]
        shown = f"{trial['roll']}" + (f" + {extra} = {total}" if extra else "")
        self.last_roll = {"seat": seat, "die": 20, "roll": trial["roll"], "total": total,
                          "need": need, "what": "President"}
        counted = self.bases_counted(seat)
        if total >= need:
            trial["success"] = True
            self.finish([seat])
            return [public("convinced", f"{seat} rolls {shown} on the d20 (needs {need} with "
                           f"{counted} of zones 1-3 disarmed) and convinces the President! "
                           f"{seat} drives him out of the White House and wins.", seat=seat,
                           roll=trial["roll"], total=total, need=need, winners=[seat])]
        trial["success"] = False
        return [public("not_convinced", f"{seat} rolls {shown} on the d20 and needs {need} "
                       f"({counted} of zones 1-3 disarmed): the President is not convinced.",
                       seat=seat, roll=trial["roll"], total=total, need=need)]

    def failed_roll(self, seat: Seat) -> bool:
        """This turn's roll to convince the President failed (token III may still help)."""
        trial = self.turn.get("president") if self.own_turn(seat) else None
        return bool(trial and trial.get("present") and trial.get("success") is False)

    def use_bonus(self, seat: Seat) -> list[Event]:
        """Token III: +5 on this turn's roll, after the roll."""
        self.turn["president"]["tokens"] += BONUS
        return self.judge(seat)

    def reroll_president(self, seat: Seat, rng: Rng) -> list[Event]:
        trial = self.turn["president"]
        trial["roll"] = rng.roll(1, 20, label="President")[0]
        trial["need"] = self.president_needs(seat)
        return self.judge(seat)
