"""Dictator abilities: each dictator card's own special property.

Rulebook "Dictators": "Every dictator has a special property, as the dictator card says. Some
can be used only during your own turn, others at any moment. Some only once, others every
turn." The 14 cards' texts are lost but for three names (Joseph "The Man of Steal", Fidel
"The Fiddler", Kim "The Young One"); the abilities are data (`dictators.json`, DEFAULT). An
ability that is always on (a hand limit, a better disarm roll) is a modifier like a Founding
Father's; one used by the `ability` action is used on your own turn (DEFAULT), once a turn or
once a game as its data says. Kim's copy (FAQ: "the copied ability may be used every turn
unless stated otherwise") lasts until Kim chooses another.
"""

from __future__ import annotations

from engine.errors import NotAllowed
from engine.events import Event, Seat, private, public
from engine.games.dictators.base import ROADBLOCKS, plural
from engine.games.dictators.effects import Effects
from engine.games.dictators.kinds import ACTIVE
from engine.games.dictators.schema import Effect
from engine.rng import Rng

ABILITY_NEEDS: dict[str, list[str]] = {"push": ["player", "to"], "pickpocket": ["player"],
                                       "roadblock_here": ["road"], "copy": ["dictator"]}


class Abilities(Effects):
    """Using a dictator's active ability (its own, or one Kim copied)."""

    def active_abilities(self, seat: Seat) -> list[tuple[str, Effect]]:
        return [(name, ab) for name, ab in self.abilities(seat) if ab.kind in ACTIVE]

    def ability_used(self, seat: Seat, name: str, ability: Effect) -> bool:
        key = f"ability:{name}"
        if ability.get("per", "turn") == "game":
            return key in self.once.get(seat, [])
        return key in self.turn.get("used", [])

    def ability_choices(self, seat: Seat, ability: Effect, need: str,
                        chosen: dict[str, str]) -> list[str]:
        here = self.location[seat]
        kind = ability.kind
        if kind == "push":
            if need == "player":
                return [s for s in self.others(seat) if self.location[s] == here
                        and self.board.walk_targets(here, self.blocked())]
            victim = chosen.get("player")
            if victim is None:
                return []
            return [t for t in self.board.walk_targets(self.location[victim], self.blocked())
                    if self.reachable(t)]
        if kind == "pickpocket":
            return [s for s in self.others(seat) if self.location[s] == here and self.hands[s]]
        if kind == "roadblock_here":
            if len(self.roadblocks) >= ROADBLOCKS:
                return []
            return sorted(r.name for r in self.board.roads_at(here)
                          if r.spot and r.ends not in self.blocked())
        if kind == "copy":
            mine = self.dictators[seat]
            return sorted({self.dictators[s] for s in self.others(seat)} - {mine})
        return []

    def ability_usable(self, seat: Seat, name: str, ability: Effect) -> bool:
        if not self.own_turn(seat) or self.stack or self.ability_used(seat, name, ability):
            return False
        if int(ability.get("cost", 0)) > self.turn["actions"]:
            return False
        kind = ability.kind
        if kind == "reroll_disarm":
            last = self.turn.get("disarm")
            return bool(last and last.get("rolled")
                        and self.disarm_target(seat) == (last["target"], last["at"]))
        if kind == "president_reroll":
            return self.failed_roll(seat)
        needs = ABILITY_NEEDS.get(kind, [])
        return bool(needs) and bool(self.ability_choices(seat, ability, needs[0], {}))

    def usable_abilities(self, seat: Seat) -> list[str]:
        return [name for name, ab in self.active_abilities(seat)
                if self.ability_usable(seat, name, ab)]

    def use_ability(self, seat: Seat, name: str, targets: dict[str, str],
                    rng: Rng) -> list[Event]:
        found = dict(self.active_abilities(seat))
        ability = found.get(name)
        if ability is None or not self.ability_usable(seat, name, ability):
            raise NotAllowed(f"You can't use {name}'s ability now.")
        chosen: dict[str, str] = {}
        for need in ABILITY_NEEDS.get(ability.kind, []):
            value = targets.get(need)
            if value is None:
                break
            value = self.read_target(need, value) if need != "dictator" else value
            legal = self.ability_choices(seat, ability, need, chosen)
            if value not in legal:
                raise NotAllowed(self.bad_target(need, value, legal))
            chosen[need] = value
        if len(chosen) < len(ABILITY_NEEDS.get(ability.kind, [])):
            self.stack.append({"kind": "choose", "seat": seat, "use": "ability", "name": name,
                               "chosen": chosen})
            return []
        cost = int(ability.get("cost", 0))
        self.turn["actions"] -= cost
        key = f"ability:{name}"
        if ability.get("per", "turn") == "game":
            self.once.setdefault(seat, []).append(key)
        else:
            self.turn["used"].append(key)
        text = self.data.dictators[name].text
        events = [public("ability", f"{seat} uses {self.data.dictators[name].full}'s ability"
                         + (f" ({plural(cost, 'action')})" if cost else "") + f": “{text}”",
                         seat=seat, dictator=name)]
        return events + self.ability_effect(seat, ability, chosen, rng)

    def ability_effect(self, seat: Seat, ability: Effect, chosen: dict[str, str],
                       rng: Rng) -> list[Event]:
        kind = ability.kind
        if kind == "reroll_disarm":
            last = self.turn["disarm"]
            return self.disarm_roll(seat, last["target"], last["at"], rng)
        if kind == "president_reroll":
            return self.reroll_president(seat, rng)
        if kind == "push":
            return self.move_seat(chosen["player"], chosen["to"], "is pushed")
        if kind == "pickpocket":
            victim = chosen["player"]
            taken = rng.choice(self.hands[victim], label="steal")
            self.hands[victim].remove(taken)
            self.hands[seat].append(taken)
            return [public("stolen", f"{seat} takes a random card from {victim}'s hand.",
                           seat=seat, victim=victim),
                    private(seat, "card", f"You take {taken} from {victim}.", card=taken),
                    private(victim, "card_lost", f"{seat} takes your {taken}.", card=taken)]
        if kind == "roadblock_here":
            a, b = sorted(self.board.find_road(chosen["road"]))
            return self.place_roadblock(a, b)
        if kind == "copy":
            self.copied[seat] = chosen["dictator"]
            copied = self.data.dictators[chosen["dictator"]]
            return [public("copied", f"{seat} copies {copied.full}'s ability: “{copied.text}”",
                           seat=seat, dictator=copied.name)]
        raise AssertionError(kind)  # pragma: no cover
