"""Interruptions and the reaction windows in which they are played.

Quick Reference: "you can play an Interruption at any moment without it costing an action";
"dictators may play Interruptions at any moment, also during someone else's turn". A card's
play restriction says when (the rulebook's example: "Play after an opponent moves").

In a game by chat "any moment" needs moments: a window opens when a card is played (before it
resolves), after a dictator moves its own meeple (a Walk, a flight, a card's move), and when a
dictator tries to disarm (before the die is rolled), at each of those moments that some
Interruption of the printing in play answers (DEFAULT). An Interruption played in a window
opens a window of its own (last in, first out). Event cards, tokens and abilities open none:
"the effect of a token can't be stopped", and cards played for free with token VIII "can't be
stopped" either.

**A window never depends on what anyone holds.** It awaits every other dictator who holds at
least one card (the number of cards in a hand is public) and is not barred from
Interruptions by a card lying face up with them; nobody is skipped because their cards could
not answer, nobody is passed for. The window's public event, the public view and its timer
(`window_seconds`) are the same whatever the hands hold; only a seat's own prompt lists the
cards it could play.

**A standing pass** (DEFAULT, docs/dictators.md "Reaction windows at the table"): a dictator
may say, at any time, "pass every window for me" (`pass-all`, also a button of every window's
prompt) and take it back (`ask-windows`, a button of its turn's prompt). A window then does
not wait for them. It is the player's own public choice, shown to everyone, never the
engine's guess from their cards: the windows still depend on nothing anyone holds.
"""

from __future__ import annotations

from typing import Any

from engine.errors import NotAllowed
from engine.events import Event, Seat, public
from engine.games.dictators.disarm import Disarm
from engine.games.dictators.schema import INTERRUPTION

WINDOW = "window"


class Windows(Disarm):
    """Opening, answering and passing reaction windows."""

    def entitled(self, seat: Seat, actor: Seat) -> bool:
        """Public facts only: another dictator, holding a card, not barred from
        Interruptions (James Madison lies face up), who has not asked to pass every window."""
        return (seat != actor and bool(self.hands.get(seat))
                and not self.has_rule(seat, "no_interrupts")
                and seat not in self.standing_pass)

    def open_window(self, moment: str, seat: Seat, **data: Any) -> list[Event]:
        """Push a window for `moment` (it settles at once when nobody is awaited: then what
        it holds back happens straight away)."""
        awaiting: list[Seat] = []
        if moment in self.data.moments and not data.get("unstoppable"):
            awaiting = [s for s in self.others(seat) if self.entitled(s, seat)]
        window = {"kind": WINDOW, "moment": moment, "seat": seat, "awaiting": awaiting, **data}
        self.stack.append(window)
        if not awaiting:
            return []
        names = ", ".join(awaiting)
        if moment == "card":
            text = f"{names} may answer {seat}'s {data.get('card')}, or pass."
        elif moment == "move":
            text = f"{seat} moved to {data.get('to')}: {names} may play an Interruption, or pass."
        else:
            text = f"Before {seat} rolls to disarm: {names} may play an Interruption, or pass."
        return [public("window", text, moment=moment, seat=seat, awaiting=list(awaiting),
                       seconds=self.options["window_seconds"])]

    def pass_every_window(self, seat: Seat) -> list[Event]:
        """`pass-all`: from now on no window waits for `seat`; those it is awaited in now
        are passed."""
        if seat in self.standing_pass:
            raise NotAllowed("You pass every window already (take it back with “Ask me in "
                             "windows again”).")
        self.standing_pass.append(seat)
        events = [public("standing_pass", f"{seat} passes every window from now on, until "
                         "they take it back.", seat=seat)]
        for entry in self.stack:
            if entry["kind"] == WINDOW and seat in entry["awaiting"]:
                entry["awaiting"].remove(seat)
        return events

    def ask_in_windows(self, seat: Seat) -> list[Event]:
        """`ask-windows`: windows wait for `seat` again."""
        if seat not in self.standing_pass:
            raise NotAllowed("You are asked in every window already.")
        self.standing_pass.remove(seat)
        return [public("standing_pass", f"{seat} will be asked in windows again.", seat=seat)]

    def in_window(self, seat: Seat) -> dict[str, Any] | None:
        top = self.stack[-1] if self.stack else None
        if top is not None and top["kind"] == WINDOW and seat in top["awaiting"]:
            return top
        return None

    def pass_window(self, seat: Seat) -> list[Event]:
        window = self.in_window(seat)
        if window is None:
            return []
        window["awaiting"].remove(seat)
        return [public("passed", f"{seat} passes.", seat=seat)]

    def answers_window(self, card: str, window: dict[str, Any]) -> bool:
        """Whether an Interruption may be played in `window` by its restriction: one of its
        own moment, or one playable "any" time."""
        info = self.data.command.get(card)
        if info is None or info.type != INTERRUPTION:
            return False
        if info.when == "any":
            return True
        if info.when != window["moment"]:
            return False
        kind = info.effect.kind if info.effect else ""
        if kind == "cancel":
            return not window.get("stopped")
        if kind == "foil":
            return not window.get("foiled")
        return True

    def mover(self, window: dict[str, Any]) -> Seat:
        return str(window["seat"])
