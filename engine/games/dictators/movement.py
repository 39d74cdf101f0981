"""Moving meeples: the Walk, international flights, and where a card's move may go.

Rulebook "Beurtverloop" and the Quick Reference: the Walk moves your meeple along one road,
at most once a turn, for 1 action; an international flight follows a dotted line and costs
your Walk plus 1 extra action; disarming costs the same. A card that says "move" is not a
Walk (FAQ): it doesn't use it and can't stand in for it. A roadblock closes its road to
every move along roads (Amtrak and the helicopter don't follow roads); a no-fly zone closes
its time zone to international flights and helicopters, into, out of or across it (the
Stealth Fighter excepted). Cards with the USA symbol work only inside the US.
"""

from __future__ import annotations

from engine.errors import NotAllowed
from engine.events import Event, Seat, public
from engine.games.dictators.base import DictatorsBase
from engine.games.dictators.schema import Effect

WALK_COST = 1
FLIGHT_COST = 2  # your Walk plus 1 extra action


class Movement(DictatorsBase):
    """The Walk, flights, and the destinations of moving cards."""

    # ----- where a dictator may be ------------------------------------------------------

    def reachable(self, lid: str) -> bool:
        """A location a meeple may stand on now (the Trident only while it is on the board)."""
        return lid != self.board.place("trident") or self.trident_spot() is not None

    def may_walk(self, seat: Seat) -> bool:
        """Cards and effects that take away the Walk (Quarantine, John Adams)."""
        return not self.has_rule(seat, "no_walk")

    def walk_left(self, seat: Seat) -> bool:
        return self.own_turn(seat) and not self.turn["walked"] and self.may_walk(seat)

    def no_fly_allows(self, seat: Seat, a: str, b: str) -> bool:
        if self.has_rule(seat, "ignore_no_fly"):
            return True
        return not (self.board.zones_crossed(a, b) & set(self.no_fly))

    # ----- the Walk and flights ----------------------------------------------------------

    def walk_targets(self, seat: Seat) -> list[str]:
        here = self.location[seat]
        through = self.has_rule(seat, "walk_ignores_roadblocks")
        return [t for t in self.board.walk_targets(here, self.blocked(), through_blocks=through)
                if self.reachable(t)]

    def flight_cost(self, seat: Seat) -> int:
        return WALK_COST if self.has_rule(seat, "flight_walk_only") else FLIGHT_COST

    def flight_targets(self, seat: Seat) -> list[str]:
        here = self.location[seat]
        return [t for t in self.board.flight_targets(here, trident=self.trident_spot())
                if self.no_fly_allows(seat, here, t)]

    def can_walk(self, seat: Seat) -> bool:
        return (self.walk_left(seat) and self.turn["actions"] >= WALK_COST
                and bool(self.walk_targets(seat)))

    def can_fly(self, seat: Seat) -> bool:
        return (self.walk_left(seat) and self.turn["actions"] >= self.flight_cost(seat)
                and bool(self.flight_targets(seat)))

    def walk(self, seat: Seat, to: str) -> list[Event]:
        if to not in self.walk_targets(seat):
            raise NotAllowed(self.why_not_walk(seat, to))
        self.turn["actions"] -= WALK_COST
        self.turn["walked"] = True
        events = self.move_seat(seat, to, "walks")
        return events + self.open_window("move", seat, to=to)

    def why_not_walk(self, seat: Seat, to: str) -> str:
        here = self.location[seat]
        road = self.board.road(here, to)
        if road is None:
            return f"No road leads from {here} to {to}."
        if road.ends in self.blocked():
            return f"A roadblock closes the road from {here} to {to}."
        return f"You can't walk to {to} now."

    def fly(self, seat: Seat, to: str, *, walk: bool = True) -> list[Event]:
        """An international flight: your Walk plus 1 action (`walk`), or as a card gives it."""
        if to not in self.flight_targets(seat):
            here = self.location[seat]
            if to in self.board.flight_targets(here, trident=self.trident_spot()):
                raise NotAllowed(f"A no-fly zone closes the way from {here} to {to}.")
            raise NotAllowed(f"No international flight (dotted line) leads from {here} to {to}.")
        if walk:
            self.turn["actions"] -= self.flight_cost(seat)
            self.turn["walked"] = True
        return self.move_seat(seat, to, "flies")

    def move_seat(self, seat: Seat, to: str, how: str) -> list[Event]:
        here = self.location[seat]
        self.location[seat] = to
        return [public("moved", f"{seat} {how} from {here} to {to}.", seat=seat, frm=here,
                       to=to, how=how)]

    # ----- where a card's move may go -------------------------------------------------

    def usa_ok(self, seat: Seat, usa: bool) -> bool:
        """A card with the USA symbol works only while you are in the US."""
        return not usa or self.board.in_us(self.location[seat])

    def destinations(self, seat: Seat, effect: Effect, usa: bool = False) -> list[str]:
        """Where a move effect may take `seat` (its own meeple)."""
        here = self.location[seat]
        board = self.board
        kind = effect.kind
        if kind == "move":
            found = board.within(here, int(effect.get("steps", 1)), self.blocked())
        elif kind == "adjacent_state":
            found = board.adjacent_state_locations(here)
        elif kind == "train":
            found = sorted(board.mainland - {here}) if here in board.mainland else []
        elif kind == "helicopter":
            found = [t for t in board.helicopter_targets(here) if self.no_fly_allows(seat, here, t)]
        elif kind == "stealth":
            found = sorted(t for t in board.locations if t != here)
        elif kind == "flight":
            found = self.flight_targets(seat)
        elif kind == "pass_roadblock":
            found = board.blocked_targets(here, self.blocked())
        else:  # pragma: no cover - every moving kind is above
            raise AssertionError(kind)
        found = [t for t in found if self.reachable(t)]
        if usa:
            found = [t for t in found if board.in_us(t)]
        return found
