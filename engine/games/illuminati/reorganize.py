"""Changing power structures: placing Groups, moving, dropping, and transferring money.

Rulebook p. 7: "Transferring Money" (a Group moves any of its money to an adjacent Group,
its master or a puppet; two transfers a turn are free, more cost an action each), "Moving a
Group" (to a vacant outgoing arrow of any Group you control, as an action, its puppets with
it), "Free Actions" (dropping a Group: it and its puppets go to the uncontrolled area).
Placing a captured, bribed or received Group and re-seating its puppets is the geometry of
`structure` (ILL-1, ILL-2); a Group that fits nowhere, and its puppets, become uncontrolled.
A Group keeps its treasury when it becomes uncontrolled (ILL-3).
"""

from __future__ import annotations

from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, public
from engine.games.illuminati import structure
from engine.games.illuminati.base import IllBase, mb, plural
from engine.games.illuminati.structure import Branch


def opening_value(master: str, direction: str) -> str:
    """How a place in a structure is named in a menu and typed: "Ministry of Forms: up"."""
    return f"{master}: {direction}"


class Reorganize(IllBase):
    """Placing, moving, dropping, transferring."""

    # ----- the turn's actions -------------------------------------------------

    def use_action(self, seat: Seat, what: str) -> None:
        """Count one of the turn's two actions, or refuse."""
        turn = self.turn
        if turn is None or turn["seat"] != seat:
            raise NotAllowed(f"You may {what} only on your own turn.")
        if turn["actions"] < 1:
            raise NotAllowed(f"You have used both your actions this turn: you can't {what}.")
        turn["actions"] -= 1
        turn["did"] = True

    def need_quiet(self, what: str) -> None:
        """Nothing else may happen in the middle of an attack or another decision."""
        if self.stack:
            raise NotAllowed(f"You can't {what} while {self.busy_with()}.")

    def busy_with(self) -> str:
        top = self.stack[-1]
        return {"attack": "an attack is under way", "cancel": "a Special card is being played",
                "place": "a Group is being placed", "replace": "a privilege is being abolished",
                "choose-goal": "goals are being chosen"}.get(top["kind"], "a decision waits")

    # ----- places in a structure ----------------------------------------------

    def openings(self, seat: Seat, moving: str | None = None) -> list[tuple[str, str]]:
        cards = {c: p for c, p in self.placed.items() if p["owner"] == seat}
        return structure.openings(cards, self.root(seat), self.arrows_of, moving)

    def read_opening(self, seat: Seat, text: str, moving: str | None = None) -> tuple[str, str]:
        offered = self.openings(seat, moving)
        for master, direction in offered:
            if opening_value(master, direction).lower() == text.strip().lower():
                return master, direction
        raise NotAllowed(f"“{text}” is not a vacant arrow of your Power Structure where the "
                         "card fits.")

    def lift(self, card: str) -> Branch:
        """Take a controlled card and its puppets out of their structure."""
        return structure.lift(self.placed, card)

    def release(self, branches: list[Branch]) -> list[str]:
        """Cards that fit nowhere, or lost their master, go to the uncontrolled area."""
        gone: list[str] = []
        for branch in branches:
            for card in branch.cards():
                self.placed.pop(card, None)
                if card not in self.uncontrolled:
                    self.uncontrolled.append(card)
                gone.append(card)
        return gone

    def lost_event(self, seat: Seat, gone: list[str]) -> list[Event]:
        if not gone:
            return []
        return [public("lost", f"{', '.join(gone)} can't fit in {seat}'s Power Structure and "
                       f"{'go' if len(gone) > 1 else 'goes'} to the uncontrolled area.",
                       seat=seat, cards=gone)]

    def seat_branch(self, seat: Seat, branch: Branch, master: str, direction: str
                    ) -> list[Event]:
        """Put a lifted card (and its puppets) on `master`'s arrow; what fits nowhere is
        lost to the uncontrolled area."""
        for card in branch.cards():
            if card in self.uncontrolled:
                self.uncontrolled.remove(card)
        lost = structure.seat(self.placed, self.root(seat), branch, master, direction, seat,
                              self.arrows_of)
        return self.lost_event(seat, self.release(lost))

    def seat_anywhere(self, seat: Seat, branch: Branch) -> list[Event]:
        """A Group received in a deal: on the first vacant arrow where it fits (nearest the
        Illuminati, then up, right, down, left: ILL-10), else to the uncontrolled area."""
        spots = self.openings(seat)
        if not spots:
            return self.lost_event(seat, self.release([branch]))
        return self.seat_branch(seat, branch, *spots[0])

    # ----- moving and dropping --------------------------------------------------

    def movable(self, seat: Seat) -> list[str]:
        return [g for g in self.groups_of(seat) if self.openings(seat, g)]

    def move(self, seat: Seat, group: str, to: str, free: bool) -> list[Event]:
        """Rulebook p. 7, "Moving a Group": to a vacant outgoing arrow of any Group you
        control; its puppets come along."""
        self.need_quiet("move a Group")
        if self.owner(group) != seat or group == self.root(seat):
            raise NotAllowed(f"{group} is not a Group of your Power Structure.")
        master, direction = self.read_opening(seat, to, moving=group)
        if not free:
            self.use_action(seat, "move a Group")
        branch = self.lift(group)
        events = [public("moved", f"{seat} moves {group} to {self.shown_card(master)} "
                         f"({direction})"
                         f"{'' if branch.puppets == [] else ', its puppets with it'}"
                         f"{' (free: end of the turn)' if free else ''}.", seat=seat,
                         group=group, master=self.shown_card(master), arrow=direction)]
        return events + self.seat_branch(seat, branch, master, direction)

    def drop(self, seat: Seat, group: str) -> list[Event]:
        """Rulebook p. 7, "Free Actions": dropping a Group returns it, and its puppets, to
        the uncontrolled area."""
        if not self.own_turn(seat):
            raise NotAllowed("You may drop a Group only during your own turn.")
        self.need_quiet("drop a Group")
        if self.owner(group) != seat or group == self.root(seat):
            raise NotAllowed(f"{group} is not a Group of your Power Structure.")
        assert self.turn is not None
        self.turn["did"] = True
        gone = self.release([self.lift(group)])
        return [public("dropped", f"{seat} drops {', '.join(gone)} to the uncontrolled area.",
                       seat=seat, cards=gone)]

    # ----- money -----------------------------------------------------------------

    def free_money(self, seat: Seat) -> bool:
        """Money may move freely, needing neither adjacency nor a transfer (White Collar
        Crime, or an end-of-turn ability)."""
        turn = self.turn
        return turn is not None and turn["seat"] == seat and (
            bool(turn["white_collar"]) or bool(turn["ending"]) and
            self.ability(seat, "free-transfers"))

    def ability(self, seat: Seat, kind: str) -> bool:
        return self.card(self.illuminati[seat]).ability(kind) is not None

    def transfer(self, seat: Seat, source: str, target: str, amount: int) -> list[Event]:
        """Rulebook p. 7, "Transferring Money"."""
        if not self.own_turn(seat):
            raise NotAllowed("You may move money between your Groups only on your own turn.")
        self.need_quiet("move money")
        for card in (source, target):
            if self.owner(card) != seat:
                raise NotAllowed(f"{card} is not in your Power Structure.")
        if source == target:
            raise Unreadable("Choose two different Groups.")
        if amount < 1:
            raise Unreadable("Move at least 1 MB.")
        if amount > self.treasury(source):
            raise NotAllowed(f"{source} has only {mb(self.treasury(source))}.")
        free = self.free_money(seat)
        if not free and not self.adjacent(source, target):
            raise NotAllowed(f"{source} and {target} are not master and puppet: money moves "
                             "one arrow at a time.")
        turn = self.turn
        assert turn is not None
        events: list[Event] = []
        if free:
            how = "freely"
            if not turn["white_collar"]:
                events += self.reveal(seat, "it moves money freely at the end of its turn")
        elif turn["transfers"] > 0:
            turn["transfers"] -= 1
            how = f"a free transfer, {plural(turn['transfers'], 'left')}" \
                if turn["transfers"] else "the last free transfer"
        else:
            self.use_action(seat, "make a third transfer")
            how = "as an action"
        turn["did"] = True
        self.pay(source, amount)
        self.gain(target, amount)
        return events + [public("transfer", f"{seat} moves {mb(amount)} from "
                                f"{self.shown_card(source)} to {self.shown_card(target)} "
                                f"({how}).", seat=seat, source=self.shown_card(source),
                                target=self.shown_card(target), mb=amount)]
