"""DEFCON: the level starts at 5 and each DEFCON card raises the alert one step.

Rulebook "DEFCON kaarten": "When a DEFCON card is drawn or placed in your hand you must show
it at once, after which the DEFCON level on the board is raised and the effect of the newly
reached level is carried out. Again you may not draw a replacement. After the effect, put the
DEFCON card on the Command deck's discard pile." The levels' effects were printed on the board
and are lost: they are data (`defcon.json`, DEFAULT: docs/dictators.md). A card drawn at
level 1 raises nothing more (DEFAULT).

FAQ (a level shuffles new Founding Fathers into the deck "and fewer than 20 cards are left in
the Command deck"): put the rest of the deck on the discard pile, keeping its event cards
apart; shuffle the discard pile and take cards from it until you have 20; add the event cards
kept apart and the new Founding Father cards; shuffle. With 20 or more left, the new cards are
shuffled into the top 20 (DEFAULT: the same 20 cards).
"""

from __future__ import annotations

from engine.events import Event, Seat, public
from engine.games.dictators.base import NO_FLY_ZONES, ROADBLOCKS, plural
from engine.games.dictators.board import road_key
from engine.games.dictators.founders import Founders
from engine.rng import Rng

EXEMPT_TOKEN = "IX"


class Defcon(Founders):
    """Raising the level and carrying out each level's effects."""

    def defcon_up(self, rng: Rng, seat: Seat | None) -> list[Event]:
        if self.defcon <= 1:
            return [public("defcon", "DEFCON is already at level 1: nothing more happens.",
                           level=1)]
        self.defcon -= 1
        level = self.data.levels[self.defcon]
        events = [public("defcon", f"DEFCON rises to level {self.defcon}: {level.text}",
                         level=self.defcon)]
        exempt: list[Seat] = []
        if self.defcon == 1:
            for holder in self.order:
                if EXEMPT_TOKEN in self.tokens[holder]:
                    self.tokens[holder].remove(EXEMPT_TOKEN)
                    self.revealed[holder].append(EXEMPT_TOKEN)
                    exempt.append(holder)
                    events.append(public("token", f"{holder} reveals Nuclear Zone 4 token IX: "
                                         "DEFCON 1 does not touch them.", seat=holder,
                                         token=EXEMPT_TOKEN))
        for effect in level.effects:
            if effect.kind == "founding_fathers":
                events += self.founders_into_top(rng, int(effect.get("n", 2)),
                                                 int(effect.get("top", 20)))
            elif effect.kind == "discard_hands":
                for holder in self.order:
                    if holder in exempt:
                        continue
                    cards = self.discard_hand(holder)
                    if cards:
                        events.append(public("discarded_hand", f"{holder} discards their hand "
                                             f"({plural(len(cards), 'card')}).", seat=holder,
                                             count=len(cards)))
            elif effect.kind == "roadblocks":
                for a, b in effect.get("roads", ()):
                    events += self.place_roadblock(a, b)
            elif effect.kind == "no_fly_zones":
                for zone in effect.get("zones", ()):
                    events += self.place_no_fly(zone)
        return events

    def founders_into_top(self, rng: Rng, count: int, top: int) -> list[Event]:
        fresh = self.take_founders(rng, count)
        if not fresh:
            return [public("no_founders", "No Founding Father card is left to add.")]
        events = self.events_of
        if len(self.command) >= top:
            head = self.command[-top:]
            self.command = self.command[:-top]
        else:
            kept = [c for c in self.command if events(c)]
            self.command_discards += [c for c in self.command if not events(c)]
            self.command = []
            rng.shuffle(self.command_discards, label="command discards")
            head = []
            while self.command_discards and len(head) < top:
                head.append(self.command_discards.pop())
            head += kept
        head += fresh
        rng.shuffle(head, label="command deck")
        self.command += head
        return [public("founders_added", f"{plural(len(fresh), 'new Founding Father card')} "
                       f"{'is' if len(fresh) == 1 else 'are'} shuffled into the top "
                       f"{len(head)} cards of the Command deck.", count=len(fresh))]

    def events_of(self, card: str) -> bool:
        return self.is_event(card)

    # ----- tokens on the board ---------------------------------------------------------

    def place_roadblock(self, a: str, b: str) -> list[Event]:
        """One roadblock on a road ("at most one token on a road"), while any are left."""
        key = road_key(a, b)
        road = self.board.roads.get(key)
        if road is None or key in self.blocked():
            return []
        if len(self.roadblocks) >= ROADBLOCKS:
            return [public("no_tokens", "No roadblock token is left.")]
        self.roadblocks.append([road.a, road.b])
        return [public("roadblock", f"A roadblock closes the road {road.name}.",
                       road=[road.a, road.b])]

    def remove_roadblock(self, a: str, b: str) -> list[Event]:
        key = road_key(a, b)
        for pair in self.roadblocks:
            if road_key(*pair) == key:
                self.roadblocks.remove(pair)
                return [public("roadblock_removed", f"The roadblock on {' - '.join(pair)} is "
                               "removed.", road=list(pair))]
        return []

    def place_no_fly(self, zone: str) -> list[Event]:
        if zone in self.no_fly or zone not in self.data.map.time_zones:
            return []
        if len(self.no_fly) >= NO_FLY_ZONES:
            return [public("no_tokens", "No no-fly-zone token is left.")]
        self.no_fly.append(zone)
        return [public("no_fly", f"A no-fly zone closes the {zone} time zone.", zone=zone)]

    def remove_no_fly(self, zone: str) -> list[Event]:
        if zone not in self.no_fly:
            return []
        self.no_fly.remove(zone)
        return [public("no_fly_removed", f"The no-fly zone over the {zone} time zone is "
                       "removed.", zone=zone)]
