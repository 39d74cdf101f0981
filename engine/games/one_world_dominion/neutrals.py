"""Neutral players: the Rebels and the Mutant Horde.

They have no seat: the engine runs them inside the action that triggers them, doing
exactly what their cards say. Rebels grow by 3 armies before their creator's turn,
spread as evenly as possible over their areas (a die picks the area of an odd army)
and never attack voluntarily. Mutants attack a randomly chosen adjacent area after
their creator's turn, until they have 1 army left or the defender is gone; the
defending armies they kill join them, and when they win they all move into the
captured area, leaving an empty area behind. Neutrals tied to a player who is out of
the game no longer act (a house decision: the cards time them by that player's turn).
"""

from __future__ import annotations

from engine.events import Event, Seat, public
from engine.games.one_world_dominion.base import MUTANTS, REBELS, OWDBase, plural
from engine.risk.map import Territory
from engine.rng import Rng

GROWTH = 3


class Neutrals(OWDBase):
    """Creating and running the neutral players."""

    def new_neutral(self, seat: Seat, area: Territory, kind: str, rng: Rng) -> list[Event]:
        old = self.owner[area]
        if old is None or (kind == REBELS and self.is_mutant(old)):
            return [public("no_effect", f"{area} has no armies to turn.", area=area)]
        self.neutral_count += 1
        same = sum(1 for n in self.neutrals.values() if n["kind"] == kind)
        base = "Rebels" if kind == REBELS else "Mutants"
        name = base if not same else f"{base} {same + 1}"
        key = f"{kind}-{self.neutral_count}"
        self.neutrals[key] = {"kind": kind, "creator": seat, "name": name}
        self.owner[area] = key
        text = (f"The armies in {area} rebel: the {name} ({self.armies[area]}) grow by "
                f"{GROWTH} before each of {seat}'s turns." if kind == REBELS else
                f"The armies in {area} turn into the {name} ({self.armies[area]}): they "
                f"attack after each of {seat}'s turns.")
        events = [public("neutral", text, neutral=key, neutral_kind=kind, area=area, name=name)]
        return events + self.check_out(old, None, rng)

    def rebels_grow(self, creator: Seat, rng: Rng) -> list[Event]:
        events: list[Event] = []
        for key, info in list(self.neutrals.items()):
            if info["kind"] != REBELS or info["creator"] != creator:
                continue
            # Toxic Waste: "no new army may be placed into this area".
            areas = [a for a in self.areas_of(key) if not self.poisoned(a, key)]
            if not areas:
                continue
            for _ in range(GROWTH):
                least = min(self.armies[a] for a in areas)
                candidates = [a for a in areas if self.armies[a] == least]
                area = candidates[0] if len(candidates) == 1 else self.pick(candidates, rng)
                self.armies[area] += 1
            events.append(public("rebels_grow", f"The {info['name']} grow by {GROWTH}: " +
                                 ", ".join(f"{a} {self.armies[a]}" for a in areas) + ".",
                                 neutral=key, areas={a: self.armies[a] for a in areas}))
        return events

    def pick(self, areas: list[Territory], rng: Rng) -> Territory:
        """A die picks one of up to 6 areas (re-rolled until it names one)."""
        if len(areas) > 6:
            return rng.choice(areas, label="rebel area")
        while True:
            roll = rng.roll(1, label="rebel area")[0]
            if roll <= len(areas):
                return areas[roll - 1]

    def mutants_attack(self, creator: Seat, rng: Rng) -> list[Event]:
        events: list[Event] = []
        for key, info in list(self.neutrals.items()):
            if info["kind"] != MUTANTS or info["creator"] != creator:
                continue
            for area in self.areas_of(key):
                if self.owner[area] != key or self.armies[area] < 2:
                    continue
                if self.poisoned(area, key):
                    # Toxic Waste: "no army may attack into or out of this area".
                    events.append(public("mutants", f"The {info['name']} in {area} can't "
                                         "leave the Toxic Waste: no attack.", neutral=key,
                                         source=area))
                    continue
                target = self.count_off(area, rng)
                blocked = self.blocked_attack(area, target, key)
                if blocked:
                    events.append(public("mutants", f"The {info['name']} in {area} turn to "
                                         f"{target}, but {blocked}: no attack.", neutral=key,
                                         source=area, target=target))
                    continue
                events.append(public("mutants", f"The {info['name']} in {area} "
                                     f"({plural(self.armies[area], 'army', 'armies')}) attack "
                                     f"{target}.", neutral=key, source=area, target=target))
                events += self.auto_battle(rng, area, target, kind="mutants")
                if self.finished:
                    return events
        return events
