"""Setting up: the turn order, claiming or dealing the areas, placing the starting armies.

Classic RISK for 3 to 6 players: 35, 30, 25 or 20 armies each. Players claim the empty
areas one army at a time in turn (or, with `start=deal`, the areas are dealt out and get
one army each), then place the rest in turn, one at a time (`setup_batch` lets a group
place more per turn). The player who placed first plays first.
"""

from __future__ import annotations

from engine.errors import NotAllowed
from engine.events import Event, Seat, public
from engine.games.one_world_dominion.base import BEGIN, CLAIM, DEPLOY, PLAY, OWDBase, plural
from engine.rng import Rng

STARTING_ARMIES = {3: 35, 4: 30, 5: 25, 6: 20}


class Setup(OWDBase):
    """Claiming and the starting armies."""

    def begin_setup(self, rng: Rng) -> list[Event]:
        first = rng.choice(self.seats, label="first player")
        start = self.seats.index(first)
        self.order = self.seats[start:] + self.seats[:start]
        each = STARTING_ARMIES[len(self.seats)]
        self.reserve = {s: each for s in self.seats}
        self.owner = {t: None for t in self.map.territories}
        self.armies = {t: 0 for t in self.map.territories}
        self.index = 0
        events = [public("setup", f"{first} places first; the order is "
                         f"{', '.join(self.order)}. Each player has {each} armies to place.",
                         order=list(self.order), armies=each)]
        if self.options["start"] == "deal":
            areas = list(self.map.territories)
            rng.shuffle(areas, label="areas")
            for i, area in enumerate(areas):
                seat = self.order[i % len(self.order)]
                self.set_area(area, seat, 1)
                self.reserve[seat] -= 1
            self.stage = DEPLOY
            self.index = len(areas) % len(self.order)
            events.append(public("dealt", "The areas are dealt out, one army in each: " + "; ".join(
                f"{s}: {', '.join(self.areas_of(s))}" for s in self.order),
                owners=dict(self.owner)))
        else:
            self.stage = CLAIM
        return events

    def claim(self, seat: Seat, area: str) -> list[Event]:
        if self.owner[area] is not None:
            raise NotAllowed(f"{area} is already claimed by {self.owner[area]}.")
        self.set_area(area, seat, 1)
        self.reserve[seat] -= 1
        events = [public("claimed", f"{seat} claims {area}.", seat=seat, area=area)]
        self.index = (self.index + 1) % len(self.order)
        if all(o is not None for o in self.owner.values()):
            self.stage = DEPLOY
            events.append(public("claimed_all", "Every area is claimed; now place the rest of "
                                 "your armies in turn."))
            events += self.next_deployer()
        return events

    def deploy(self, seat: Seat, area: str, count: int) -> list[Event]:
        if self.owner[area] != seat:
            raise NotAllowed(f"{area} is not yours: place armies in your own areas.")
        batch = int(self.options["setup_batch"])
        most = min(batch, self.reserve[seat])
        if not 1 <= count <= most:
            raise NotAllowed(f"Place 1 to {most} armies this turn.")
        self.add_armies(area, seat, count)
        self.reserve[seat] -= count
        events = [public("deployed", f"{seat} places {plural(count, 'army', 'armies')} in "
                         f"{area} ({self.reserve[seat]} left).", seat=seat, area=area,
                         count=count)]
        self.index = (self.index + 1) % len(self.order)
        return events + self.next_deployer()

    def next_deployer(self) -> list[Event]:
        for _ in range(len(self.order)):
            if self.reserve[self.current] > 0:
                return []
            self.index = (self.index + 1) % len(self.order)
        self.stage = PLAY
        self.index = 0
        self.step = BEGIN
        return [public("setup_done", f"All armies are placed. {self.order[0]} begins.")]

    def setup_prompt_text(self, seat: Seat) -> str:
        if self.stage == CLAIM:
            return (f"Claim an empty area (one army; {self.reserve[seat]} left to place).")
        return f"Place up to {min(int(self.options['setup_batch']), self.reserve[seat])} " \
               f"of your {self.reserve[seat]} remaining armies in one of your areas."
