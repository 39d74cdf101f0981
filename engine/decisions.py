"""Pending decisions as values, on a stack: who decides, what they are asked, what a
deadline does, and a forced answer taken without asking anyone.

Interruptions of a turn (a card to give, a move to finish, a trade, a weapon to bring) wait
on a stack; the top one is what the game waits for, and answering it may push another. The
stack itself is part of the game's state: a list of JSON-ready entries, each a dict with at
least a `kind` (`{"kind": "give", "seat": ..., ...}`). What an entry asks is worked out from
it and the position each time, as a `Decision`, so the buttons, the deadline and the forced
answer come from one computation, as `prompts()` and `act()` do.

How a game uses it:

1. Mix `DecisionStack` into its class (`class Base(DecisionStack, Game)`) and keep `stack`
   in `_dump`/`_restore`; push entries where the rules interrupt.
2. Implement `decisions(entry)`: the decisions the entry waits for now, one per seat
   (several for a window that many seats may answer), none when it needs nobody; and
   `settle(entry, rng)`: what the game does with an entry that needs nobody (find who
   answers next, drop a decision that no longer applies).
3. In its flow, while the stack holds something, call `settle_top(rng)`: None means a
   player must decide (stop there), otherwise add the events and go on.
4. While the stack holds something, answer `prompts()` with `decision_prompts()` and
   `timeout_actions()` with `decision_timeouts()`.

A decision that offers one answer is taken by itself only when it says so (`forced`): at a
table, being asked is sometimes the secret worth keeping. In Killer Clue the one player who
holds the card named by a mini-suggestion must give it, so the game gives it; but a player
with nothing to give is still asked when Red Herrings are in play, or the players who are
asked would be exactly those who hold one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from engine.events import Event, Seat
from engine.rng import Rng
from engine.spec import Prompt

# One entry of a game's stack, as stored in its state: {"kind": ..., ...}.
Entry = dict[str, Any]


@dataclass(frozen=True)
class Decision:
    """One seat's pending decision: the prompt it answers and what its deadline does."""

    prompt: Prompt
    # The action and parameters the deadline takes; None leaves it to the game's creator.
    timeout: tuple[str, dict[str, Any]] | None = None
    # The rules force the answer when only one is offered: take it without asking.
    forced: bool = False

    @property
    def seat(self) -> Seat:
        return self.prompt.seat

    def only_answer(self) -> tuple[str, dict[str, Any]] | None:
        """The one answer the prompt allows, if it allows exactly one: a single action whose
        required parameters offer one choice each and whose optional ones offer none."""
        if len(self.prompt.actions) != 1:
            return None
        spec = self.prompt.actions[0]
        params: dict[str, Any] = {}
        for param in spec.params:
            offered = param.choices
            if offered is None:  # free input: only a player can type it
                return None
            if param.required and len(offered) == 1:
                params[param.name] = offered[0].value
            elif param.required or offered:
                return None
        return spec.name, params

    def timeout_action(self) -> tuple[Seat, str, dict[str, Any]] | None:
        """What the deadline does, as `Game.timeout_actions` lists it."""
        if self.timeout is None:
            return None
        action, params = self.timeout
        return self.seat, action, dict(params)


class DecisionStack(ABC):
    """The pending decisions of a game, the last pushed on top (mixed into a `Game`)."""

    stack: list[Entry]

    @abstractmethod
    def decisions(self, entry: Entry) -> list[Decision]:
        """What `entry` waits for now: one decision per seat that may answer it, or none
        when it needs nobody and the game settles it (`settle`)."""

    @abstractmethod
    def settle(self, entry: Entry, rng: Rng) -> list[Event]:
        """Deal with an entry that needs nobody: pop it, or find the seat it now waits for."""

    def take(self, decision: Decision, action: str, params: dict[str, Any],
             rng: Rng) -> list[Event]:
        """Take a forced answer as its seat would: the game's own `do_<action>` handler,
        which goes on with the game as after any answer."""
        handler = getattr(self, "do_" + action.replace("-", "_"))
        events: list[Event] = handler(decision.seat, rng, **params)
        return events

    def pending(self) -> list[Decision]:
        """The decisions the top of the stack waits for (none on an empty stack)."""
        return self.decisions(self.stack[-1]) if self.stack else []

    def decision_prompts(self) -> dict[Seat, Prompt]:
        return {d.seat: d.prompt for d in self.pending()}

    def decision_timeouts(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        return [t for d in self.pending() if (t := d.timeout_action()) is not None]

    def settle_top(self, rng: Rng) -> list[Event] | None:
        """Resolve the top of a non-empty stack if no player needs to: settle an entry that
        needs nobody, or take the only answer of a forced decision. None when a player
        must decide."""
        entry = self.stack[-1]
        waiting = self.decisions(entry)
        if not waiting:
            return self.settle(entry, rng)
        if len(waiting) == 1 and waiting[0].forced:
            answer = waiting[0].only_answer()
            if answer is not None:
                return self.take(waiting[0], *answer, rng)
        return None
