"""What each card does when played singly: first checked (`check_card`, which changes
nothing and returns the plan), then, when its window closes without a negation,
applied (`apply_card`).

A plan is JSON-ready: the normalised targets, who the card is played against (whose
negating cards may answer it) and the text announced to everyone ("says").
"""

from __future__ import annotations

from typing import Any

from engine.deck import Card
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.games.one_world_dominion.base import (
    AFTER_NEXT,
    NEXT_TURN,
    PLAY,
    TURN_END,
    OWDBase,
    plural,
)
from engine.risk.map import Territory
from engine.rng import Rng

FREE_MOVE_CARDS = frozenset({"Fast Rail", "Mind Control"})


class Effects(OWDBase):
    """The 44 cards' actions."""

    # ----- reading the plan's parameters ----------------------------------------

    def need(self, params: dict[str, Any], name: str, card: Card) -> Any:
        value = params.get(name)
        if value is None:
            words = {"area": "an area", "to_area": "a second area (to_area)",
                     "continent": "a continent", "player": "a player",
                     "other_player": "a second player (other_player)",
                     "count": "a number of armies (count)", "take": "a card to take (take)"}
            raise Unreadable(f"{card} needs {words.get(name, name)}.")
        return value

    def continent_param(self, params: dict[str, Any], card: Card) -> str:
        text = str(self.need(params, "continent", card)).strip().lower()
        match = [c for c in self.map.continents if c.lower() == text] or \
            [c for c in self.map.continents if c.lower().startswith(text)]
        if len(match) != 1:
            raise Unreadable(f"There is no continent {text!r}; the continents are "
                             f"{', '.join(self.map.continents)}.")
        return match[0]

    def owner_param(self, params: dict[str, Any], name: str, card: Card) -> str:
        text = str(self.need(params, name, card)).strip().lower()
        live = {s: s for s in self.alive()} | {n: n for n in self.neutrals}
        for key, info in self.neutrals.items():
            live[str(info["name"])] = key
        match = [v for k, v in live.items() if k.lower() == text]
        if len(match) != 1:
            raise Unreadable(f"There is no player {text!r} in the game.")
        return match[0]

    def own_adjacent(self, seat: Seat, area: Territory) -> bool:
        return any(self.owner.get(n) == seat for n in self.map.neighbours(area))

    def two_away(self, a: Territory, b: Territory) -> bool:
        return a != b and not self.map.adjacent(a, b) and \
            bool(self.map.neighbours(a) & self.map.neighbours(b))

    # ----- checking ------------------------------------------------------------------

    def check_card(self, seat: Seat, card: Card, use: str, params: dict[str, Any], *,
                   redirect: bool = False) -> dict[str, Any]:
        """Refuse a play the card does not allow; return its plan. Changes nothing."""
        count = params.get("count")
        plan: dict[str, Any] = {"against": []}
        current = self.current if self.stage == PLAY else None
        free_move = card in FREE_MOVE_CARDS or (card in ("Tunnels", "Paratroops") and use == "F")
        if free_move and self.turn["moves"] < 1:
            raise NotAllowed(f"{card} uses your free move, and you have none left.")

        if card in ("Economic Sanctions", "Saboteur", "Propaganda"):
            assert current is not None
            plan["against"] = [current]
            if card == "Economic Sanctions" and self.turn.get("no_sanctions"):
                raise NotAllowed("Industrial Sector: no one may play Economic Sanctions "
                                 f"against {current} this turn.")
            if card == "Propaganda" and self.turn.get("no_propaganda"):
                raise NotAllowed("Human Cloning: no one may play Propaganda against "
                                 f"{current} this turn.")
            if card == "Propaganda":
                continent = self.continent_param(params, card)
                if not self.controls_continent(current, continent):
                    raise NotAllowed(f"{current} does not control {continent}.")
                plan["continent"] = continent
                plan["says"] = f"no bonus for {continent} for {current} this turn"
            else:
                plan["says"] = (f"{current} gets no armies for areas this turn"
                                if card == "Economic Sanctions" else
                                f"{current}'s new armies are delayed a turn")
        elif card in ("Human Cloning", "National Guard", "Cometary Cultists", "Guerillas",
                      "Black Helicopters"):
            continent = self.continent_param(params, card)
            plan["continent"] = continent
            if card == "Human Cloning" and continent not in self.turn["continents"]:
                raise NotAllowed(f"You do not control {continent}.")
            if card == "National Guard" and not any(
                    self.owner[t] == seat for t in self.map.continents[continent]):
                raise NotAllowed(f"You control no area in {continent}.")
            plan["against"] = sorted({o for t in self.map.continents[continent]
                                      if (o := self.owner[t]) not in (None, seat)})
            plan["says"] = continent
        elif card in ("Artillery", "Fresh Recruits") and (
                use == "D" or (self.battle or {}).get("involuntary")):
            battle = self.battle
            assert battle is not None
            attacking = use == "A"
            if card == "Artillery":
                plan["area"] = battle["to"] if attacking else battle["from"]
            else:
                plan["area"] = battle["from"] if attacking else battle["to"]
            plan["against"] = [battle["attacker"]]
            plan["says"] = f"in the battle for {battle['to']}"
        elif card == "Artillery":
            target = self.need(params, "area", card)
            if self.owner[target] is None:
                raise NotAllowed(f"{target} is empty: Artillery has no army to fire on.")
            if not any(self.attack_refusal(seat, s, target) is None
                       for s in self.map.neighbours(target)):
                raise NotAllowed(f"You can't attack {target} now, so Artillery can't open a "
                                 "battle there.")
            plan.update(area=target, against=[self.owner[target]], says=f"on {target}")
        elif card in ("Fresh Recruits", "Stealth Technology", "Provocateur"):
            source = self.need(params, "area", card)
            target = self.need(params, "to_area", card)
            if card == "Provocateur":
                a, b = self.owner[source], self.owner[target]
                if not self.map.adjacent(source, target):
                    raise NotAllowed(f"{target} does not border {source}.")
                if a is None or b is None or a == b or seat in (a, b):
                    raise NotAllowed("Provocateur: the 2 areas must belong to 2 different "
                                     "players other than yourself.")
                if self.armies[source] < 2:
                    raise NotAllowed(f"{source} has too few armies to attack.")
                blocked = self.blocked_attack(source, target, a)
                if blocked:
                    raise NotAllowed(f"The armies in {source} can't attack {target}: "
                                     f"{blocked}.")
                plan["against"] = [a, b]
            else:
                why = self.attack_refusal(seat, source, target)
                if why:
                    raise NotAllowed(why)
                plan["against"] = [self.owner[target]]
            if card == "Fresh Recruits" and count is not None and count < 1:
                raise NotAllowed("Commit at least 1 army.")
            plan.update(area=source, to_area=target, count=count,
                        says=f"{source} against {target}")
        elif card in ("Fast Rail", "Radar", "Hacker", "Mind Control"):
            source = self.need(params, "area", card)
            target = self.need(params, "to_area", card)
            mover = seat
            if card == "Hacker":
                mover = self.owner[source] or ""
                if mover in ("", seat):
                    raise NotAllowed("Hacker moves opposing armies.")
                self.check_move(mover, source, target, self.need(params, "count", card))
                plan["against"] = [mover]
            elif card == "Radar":
                battle = self.battle
                assert battle is not None
                if battle["to"] not in (source, target):
                    raise NotAllowed(f"Radar moves into or out of {battle['to']}.")
                self.check_move(seat, source, target, self.need(params, "count", card))
                plan["against"] = [battle["attacker"]]
            elif card == "Fast Rail":
                self.check_move(seat, source, target, self.need(params, "count", card),
                                path=True)
            else:
                victim = self.owner[source]
                if victim in (None, seat):
                    raise NotAllowed("Mind Control takes an opponent's armies.")
                if self.owner[target] != seat or not self.map.adjacent(source, target):
                    raise NotAllowed(f"{target} must be your area bordering {source}.")
                if self.poisoned(source, seat) or self.poisoned(target, seat):
                    raise NotAllowed("No army may leave or enter an area with Toxic Waste.")
                if self.crossing_blocked(source, target):
                    raise NotAllowed("Weather Control: no free moves across sea lanes this "
                                     "game turn.")
                if self.armies[source] < 2:
                    raise NotAllowed(f"Half of {self.armies[source]} army is none.")
                plan["against"] = [victim]
            plan.update(area=source, to_area=target, count=params.get("count"),
                        says=f"{source} to {target}")
        elif card in ("Tunnels", "Paratroops"):
            source = self.need(params, "area", card)
            target = self.need(params, "to_area", card)
            number = self.need(params, "count", card)
            if card == "Tunnels" and not self.two_away(source, target):
                raise NotAllowed(f"{target} is not 2 areas away from {source}.")
            if use == "F":
                if self.owner.get(target) != seat:
                    raise NotAllowed(f"{target} is not yours.")
                self.check_move(seat, source, target, number, adjacent=False)
            else:
                why = self.attack_refusal(seat, source, target, adjacent=False)
                if why:
                    raise NotAllowed(why)
                if not 1 <= number <= self.armies[source] - 1:
                    raise NotAllowed(f"Commit 1 to {self.armies[source] - 1} armies.")
                plan["against"] = [self.owner[target]]
            plan.update(area=source, to_area=target, count=number,
                        says=f"{source} to {target} with {plural(number, 'army', 'armies')}")
        elif card in ("Ebola", "Bombers", "Orbital Laser", "ICBM", "Toxic Waste", "Rebellion",
                      "Mutant Horde", "Nerve Gas", "Mad Cow Disease"):
            target = self.need(params, "area", card)
            owner = self.owner[target]
            if card in ("Orbital Laser", "Bombers", "Rebellion", "Mutant Horde",
                        "Mad Cow Disease") and owner is None:
                raise NotAllowed(f"{target} is empty.")
            if card == "Rebellion" and self.is_mutant(owner):
                raise NotAllowed("Mutants never rebel.")
            if card in ("Nerve Gas", "Mad Cow Disease") and not redirect:
                if not self.own_adjacent(seat, target):
                    raise NotAllowed(f"{target} must border an area you control.")
            if card == "Mad Cow Disease" and owner == seat:
                raise NotAllowed("Mad Cow Disease feeds opposing armies.")
            plan.update(area=target, against=[owner] if owner else [], says=f"on {target}")
        elif card == "Informant":
            victim = self.owner_param(params, "player", card)
            if victim == seat or victim not in self.seats:
                raise NotAllowed("Play Informant against another player.")
            plan.update(player=victim, against=[victim], says=f"against {victim}")
        elif card == "Shuttle Diplomacy":
            a = self.owner_param(params, "player", card)
            b = self.owner_param(params, "other_player", card)
            if a == b:
                raise NotAllowed("Name 2 different players.")
            if self.is_mutant(a) or self.is_mutant(b):
                raise NotAllowed("Mutants never negotiate.")
            plan.update(players=[a, b], against=[x for x in (a, b) if x != seat],
                        says=f"peace between {self.name_of(a)} and {self.name_of(b)}")
        elif card == "Reverse Engineer":
            wanted = str(self.need(params, "take", card)).strip().lower()
            match = [c for c in self.discards if c.lower() == wanted]
            if not match:
                raise NotAllowed(f"{params['take']} is not in the discard pile.")
            plan.update(take=match[0], says=f"takes {match[0]} from the discard pile")
        elif card in ("Fighters", "Killer Satellite", "Mole", "Counter Espionage"):
            raise NotAllowed(f"{card} is played only to answer a card.")
        return plan

    # ----- applying ------------------------------------------------------------------

    def apply_card(self, seat: Seat, card: Card, use: str, plan: dict[str, Any],
                   rng: Rng) -> list[Event]:
        handler = getattr(self, "card_" + card.lower().replace(" ", "_").replace("-", "_"),
                          None)
        if handler is None:
            return [public("no_effect", f"{card} has no effect.", card=card)]
        events: list[Event] = handler(seat, use, plan, rng)
        return events

    def halve(self, area: Territory) -> int:
        """Kill 1/2 the armies, rounded down ("Round Down": the odd one stays)."""
        return self.remove_armies(area, self.armies[area] // 2)

    def count_off(self, area: Territory, rng: Rng) -> Territory:
        """"Randomly Chosen Area": count off the adjacent areas, roll until one matches."""
        around = self.count_off_order(area)
        if len(around) > 6:
            return rng.choice(around, label="random area")
        while True:
            roll = rng.roll(1, label="count-off")[0]
            if roll <= len(around):
                return around[roll - 1]

    def count_off_order(self, area: Territory) -> list[Territory]:
        """The adjacent areas in the order they are counted off: the map data's borders
        from the last, which counts Kamchatka's as the rulebook does (Alaska 1, Japan 2,
        Mongolia 3, Irkutsk 4, Yakutsk 5)."""
        return [t for border in reversed(BORDERS) if area in border
                for t in border if t != area]

    def vanish(self, area: Territory, rng: Rng) -> list[Event]:
        owner = self.owner[area]
        killed = self.remove_armies(area, self.armies[area])
        events = [public("wiped_out", f"All {plural(killed, 'army', 'armies')} in {area} are "
                         "eliminated.", area=area, count=killed)]
        return events + self.check_out(owner, None, rng)

    def card_artillery(self, seat: Seat, use: str, plan: dict[str, Any],
                       rng: Rng) -> list[Event]:
        area = plan["area"]
        roll = rng.roll(1, label="artillery")[0]
        involuntary = bool((self.battle or {}).get("involuntary"))
        if use == "A" and not involuntary:
            # It fires when the battle begins, after a defender's Fresh Recruits: "If your
            # opponent plays Fresh Recruits during the same battle you play Artillery, add
            # the new armies before artillery fire."
            self.turn["artillery"] = {"area": area, "roll": roll}
            if area not in self.turn["must_attack"]:
                self.turn["must_attack"].append(area)
            battle = self.battle
            if battle is not None and battle["to"] == area and not battle.get("over") \
                    and battle["rounds"] > 0:
                # "At the *beginning* of 1 battle": the battle under way there is broken
                # off, and the artillery fires as the next one begins (never lost).
                battle["over"] = True
                return [public("artillery", f"Artillery rolls {roll}: the battle for {area} "
                               "under way is broken off; the artillery fires as the next "
                               "attack on it begins.", area=area, roll=roll)]
            return [public("artillery", f"Artillery rolls {roll}: it fires on {area} when the "
                           "battle there begins.", area=area, roll=roll)]
        keep = 1 if use == "D" else 0
        killed = self.remove_armies(area, min(roll, self.armies[area] - keep))
        events = [public("artillery", f"Artillery rolls {roll}: {plural(killed, 'army', 'armies')}"
                         f" in {area} are eliminated.", area=area, roll=roll, count=killed)]
        events += self.check_out(self.owner[area] if self.armies[area] else None, None, rng)
        if use == "D" and not involuntary:
            events += self.recall_attack()
        return events

    def card_economic_sanctions(self, seat: Seat, use: str, plan: dict[str, Any],
                                rng: Rng) -> list[Event]:
        self.turn["mods"]["sanctions"] = True
        return []

    def card_propaganda(self, seat: Seat, use: str, plan: dict[str, Any],
                        rng: Rng) -> list[Event]:
        self.turn["mods"]["propaganda"].append(plan["continent"])
        return []

    def card_saboteur(self, seat: Seat, use: str, plan: dict[str, Any],
                      rng: Rng) -> list[Event]:
        self.turn["mods"]["sabotaged"] = True
        return []

    def card_human_cloning(self, seat: Seat, use: str, plan: dict[str, Any],
                           rng: Rng) -> list[Event]:
        self.turn["mods"]["cloning"] = plan["continent"]
        self.turn["no_propaganda"] = True
        return [public("income", f"{seat} now has {plural(self.pending(), 'army', 'armies')} "
                       "to place.", seat=seat, armies=self.pending())]

    def card_industrial_sector(self, seat: Seat, use: str, plan: dict[str, Any],
                               rng: Rng) -> list[Event]:
        self.turn["mods"]["industrial"] = True
        self.turn["no_sanctions"] = True
        return [public("income", f"{seat} now has {plural(self.pending(), 'army', 'armies')} "
                       "to place.", seat=seat, armies=self.pending())]

    def card_haz_gear(self, seat: Seat, use: str, plan: dict[str, Any],
                      rng: Rng) -> list[Event]:
        self.add_effect("Haz-Gear", seat, NEXT_TURN)
        return []

    def card_fresh_recruits(self, seat: Seat, use: str, plan: dict[str, Any],
                            rng: Rng) -> list[Event]:
        area = plan["area"]
        roll = rng.roll(1, label="fresh recruits")[0]
        owner = self.owner[area]
        if owner is None:
            return []
        self.add_armies(area, owner, roll)
        self.add_effect("Fresh Recruits", owner, TURN_END, area=area)
        events = [public("recruits", f"Fresh Recruits: {plural(roll, 'army', 'armies')} join "
                         f"{area}.", area=area, count=roll)]
        if use == "A" and not (self.battle or {}).get("involuntary"):
            committed = min(max(roll, plan.get("count") or 0), self.armies[area] - 1)
            source, target = area, plan["to_area"]
            if self.attack_refusal(seat, source, target) is None:
                events += self.announce(seat, rng, source, target, 1, committed)
        return events

    def card_fast_rail(self, seat: Seat, use: str, plan: dict[str, Any],
                       rng: Rng) -> list[Event]:
        return self.fortify(seat, plan["area"], plan["to_area"], plan["count"], through=True)

    def card_radar(self, seat: Seat, use: str, plan: dict[str, Any], rng: Rng) -> list[Event]:
        return self.shift(seat, plan["area"], plan["to_area"], plan["count"])

    def card_hacker(self, seat: Seat, use: str, plan: dict[str, Any], rng: Rng) -> list[Event]:
        owner = self.owner[plan["area"]]
        if owner is None:
            return []
        return self.shift(owner, plan["area"], plan["to_area"], plan["count"])

    def shift(self, owner: str, source: Territory, target: Territory,
              count: int) -> list[Event]:
        count = min(count, self.armies[source] - 1)
        if count < 1 or self.owner[target] != owner:
            return []
        self.armies[source] -= count
        self.armies[target] += count
        return [public("moved", f"{plural(count, 'army', 'armies')} of {self.name_of(owner)} "
                       f"move from {source} to {target}.", source=source, target=target,
                       count=count)]

    def card_counter_espionage(self, seat: Seat, use: str, plan: dict[str, Any],
                               rng: Rng) -> list[Event]:
        return self.redirect(seat, plan["area"], rng)

    def card_apcs(self, seat: Seat, use: str, plan: dict[str, Any], rng: Rng) -> list[Event]:
        """"1 additional free move either immediately after placing your new armies or
        after your regular free move": played while placing, it may be made before the
        first attack (without ending the attacks) or after the regular free move."""
        self.turn["moves"] += 1
        if use == "P":
            self.turn["apcs_early"] = True
            return [public("extra_move", f"{seat} has 1 more free move this turn: right after "
                           "the placing, before attacking, or after the regular free move.",
                           seat=seat)]
        return [public("extra_move", f"{seat} has 1 more free move this turn.", seat=seat)]

    def card_nuclear_terrorists(self, seat: Seat, use: str, plan: dict[str, Any],
                                rng: Rng) -> list[Event]:
        drawn = self.draw_card(rng)
        if drawn is None:
            return [public("no_effect", "The deck is empty: no effect.")]
        self.discards.append(drawn)
        area = self.card_area(drawn)
        if area is None:
            return [public("nuclear", f"Nuclear Terrorists draw {drawn}, a wild card: no "
                           "effect.", card=drawn)]
        events = [public("nuclear", f"Nuclear Terrorists draw {drawn}: {area} is destroyed; "
                         "no army may enter it for 1 game turn.", card=drawn, area=area)]
        self.add_effect("Nuclear Terrorists", seat, NEXT_TURN, area=area)
        return events + self.vanish(area, rng)

    def card_ebola(self, seat: Seat, use: str, plan: dict[str, Any], rng: Rng) -> list[Event]:
        target = plan["area"]
        roll = rng.roll(1, label="ebola")[0]
        if roll <= 3:
            hit, where = [target], target
        elif roll == 6:
            hit, where = list(self.map.territories), "every area on the map"
        else:
            drawn = self.draw_card(rng)
            area = self.card_area(drawn) if drawn else None
            if drawn is not None:
                self.discards.append(drawn)
            if area is None:
                return [public("ebola", f"Ebola rolls {roll}: the virus escapes, the card "
                               f"drawn is {drawn or 'none'}: no effect.", roll=roll)]
            continent = self.map.continent_of(area)
            hit, where = list(self.map.continents[continent]), f"{continent} (card {drawn})"
        killed = 0
        for area in hit:
            if self.owner[area] is not None and not self.has_hazgear(self.owner[area]):
                killed += self.halve(area)
        return [public("ebola", f"Ebola rolls {roll}: it strikes {where}; "
                       f"{plural(killed, 'army', 'armies')} die.", roll=roll, areas=hit,
                       count=killed)]

    def card_bombers(self, seat: Seat, use: str, plan: dict[str, Any],
                     rng: Rng) -> list[Event]:
        area = plan["area"]
        roll = rng.roll(1, label="bombers")[0]
        killed = self.remove_armies(area, self.armies[area] - roll)
        return [public("bombers", f"Bombers roll {roll}: {plural(killed, 'army', 'armies')} in "
                       f"{area} are eliminated.", area=area, roll=roll, count=killed)]

    def card_mad_cow_disease(self, seat: Seat, use: str, plan: dict[str, Any],
                             rng: Rng) -> list[Event]:
        return self.involuntary(plan["area"], None, rng)

    def card_provocateur(self, seat: Seat, use: str, plan: dict[str, Any],
                         rng: Rng) -> list[Event]:
        return self.involuntary(plan["area"], plan["to_area"], rng)

    def involuntary(self, source: Territory, target: Territory | None,
                    rng: Rng) -> list[Event]:
        owner = self.owner[source]
        if owner is None or self.armies[source] < 2:
            return [public("no_attack", f"{source} can't attack.", area=source)]
        if self.poisoned(source, owner):
            return [public("no_attack", f"No army may leave {source} (Toxic Waste): no "
                           "attack.", area=source)]
        if target is None:
            target = self.count_off(source, rng)
        blocked = self.blocked_attack(source, target, owner)
        if blocked:
            return [public("no_attack", f"The armies in {source} turn to {target}, but "
                           f"{blocked}: no attack.", area=source, target=target)]
        events = [public("involuntary", f"The armies in {source} attack {target}.",
                         source=source, target=target)]
        defender = self.owner[target]
        self.battle = {"from": source, "to": target, "attacker": owner, "defender": defender,
                       "rounds": 0, "committed": None, "card": None, "stealth": 0,
                       "radar_blocked": False, "over": False, "dice": 3, "involuntary": True}
        if not self.owd:  # pragma: no cover - only cards make involuntary attacks
            return events + self.fight_involuntary(rng)
        # "The attacker may play 1 (A) card, and the defender may play 1 (D) card during
        # an involuntary attack": a window for the two sides before the dice roll.
        sides = [s for s in dict.fromkeys((owner, defender)) if s in self.seats
                 and s not in self.out]
        return events + self.open_window("involuntary", self.current, sides, source=source,
                                         target=target)

    def fight_involuntary(self, rng: Rng) -> list[Event]:
        battle = self.battle
        assert battle is not None
        source, target = battle["from"], battle["to"]
        if self.owner[source] != battle["attacker"] or self.armies[source] < 2:
            self.battle = None
            return [public("no_attack", f"{source} can't attack any more.", area=source)]
        events = self.auto_battle(rng, source, target, kind="involuntary")
        self.battle = None
        return events

    def card_national_guard(self, seat: Seat, use: str, plan: dict[str, Any],
                            rng: Rng) -> list[Event]:
        areas = [t for t in self.map.continents[plan["continent"]]
                 if self.owner[t] == seat and not self.poisoned(t, seat)]
        if self.sabotaged(seat):
            # Saboteur: "prevent that player from receiving *any* new armies".
            self.delayed[seat] = self.delayed.get(seat, 0) + len(areas)
            return [public("national_guard", f"Saboteur sets aside the "
                           f"{plural(len(areas), 'new army', 'new armies')} of the National "
                           "Guard until the next turn.", areas=[], delayed=len(areas))]
        for area in areas:
            self.add_armies(area, seat, 1)
        return [public("national_guard", f"1 new army in each of {', '.join(areas)}.",
                       areas=areas)]

    def card_nerve_gas(self, seat: Seat, use: str, plan: dict[str, Any],
                       rng: Rng) -> list[Event]:
        roll = rng.roll(1, label="nerve gas")[0]
        area = plan["area"] if roll <= 4 else self.count_off(plan["area"], rng)
        owner = self.owner[area]
        killed = 0 if owner is None or self.has_hazgear(owner) else self.halve(area)
        return [public("nerve_gas", f"Nerve Gas rolls {roll}: it falls on {area}; "
                       f"{plural(killed, 'army', 'armies')} die.", roll=roll, area=area,
                       count=killed)]

    def card_informant(self, seat: Seat, use: str, plan: dict[str, Any],
                       rng: Rng) -> list[Event]:
        victim = plan["player"]
        hand = self.hands.get(victim, [])
        events = [private(seat, "informant", f"{victim}'s cards: "
                          f"{', '.join(hand) if hand else 'none'}.", hand=list(hand))]
        if hand:
            self.stack.append({"kind": "steal", "seat": seat, "from": victim})
        return events

    def steal(self, seat: Seat, card: Card) -> list[Event]:
        top = self.stack[-1]
        victim = top["from"]
        match = [c for c in self.hands[victim] if c.lower() == str(card).strip().lower()]
        if not match:
            raise NotAllowed(f"{victim} does not hold {card}.")
        self.stack.pop()
        self.hands[victim].remove(match[0])
        self.hands[seat].append(match[0])
        return [public("stolen", f"{seat} steals a card from {victim}.", seat=seat,
                       victim=victim),
                self.hand_event(seat, f"You steal {match[0]}."),
                self.hand_event(victim, f"{seat} steals {match[0]}.")]

    def card_stealth_technology(self, seat: Seat, use: str, plan: dict[str, Any],
                                rng: Rng) -> list[Event]:
        self.turn["stealth"] = {"from": plan["area"], "to": plan["to_area"]}
        self.battle = None
        return []

    def card_toxic_waste(self, seat: Seat, use: str, plan: dict[str, Any],
                         rng: Rng) -> list[Event]:
        self.add_effect("Toxic Waste", seat, NEXT_TURN, area=plan["area"])
        return []

    def card_shuttle_diplomacy(self, seat: Seat, use: str, plan: dict[str, Any],
                               rng: Rng) -> list[Event]:
        self.add_effect("Shuttle Diplomacy", seat, NEXT_TURN, players=plan["players"])
        return []

    def card_mind_control(self, seat: Seat, use: str, plan: dict[str, Any],
                          rng: Rng) -> list[Event]:
        source, target = plan["area"], plan["to_area"]
        victim = self.owner[source]
        if self.owner[target] != seat or victim in (None, seat):
            return []
        taken = self.halve(source)
        self.armies[target] += taken
        self.turn["moves"] -= 1
        self.turn["moved"] = True
        events = [public("mind_control", f"{plural(taken, 'army', 'armies')} in {source} "
                         f"change sides and move to {target}.", source=source, target=target,
                         count=taken)]
        return events + self.check_out(victim, None, rng)

    def card_orbital_laser(self, seat: Seat, use: str, plan: dict[str, Any],
                           rng: Rng) -> list[Event]:
        area = plan["area"]
        owner = self.owner[area]
        killed = self.remove_armies(area, 1)
        events = [public("laser", f"The Orbital Laser vaporizes {plural(killed, 'army', 'armies')}"
                         f" in {area}.", area=area, count=killed)]
        return events + self.check_out(owner, None, rng)

    def card_tunnels(self, seat: Seat, use: str, plan: dict[str, Any],
                     rng: Rng) -> list[Event]:
        return self.long_move(seat, use, plan, rng)

    def card_paratroops(self, seat: Seat, use: str, plan: dict[str, Any],
                        rng: Rng) -> list[Event]:
        return self.long_move(seat, use, plan, rng)

    def long_move(self, seat: Seat, use: str, plan: dict[str, Any], rng: Rng) -> list[Event]:
        source, target, count = plan["area"], plan["to_area"], plan["count"]
        if use == "F":
            if self.owner[target] != seat or self.owner[source] != seat:
                return []
            self.turn["moves"] -= 1
            self.turn["moved"] = True
            moved = min(count, self.armies[source] - 1)
            self.armies[source] -= moved
            self.armies[target] += moved
            return [public("moved", f"{seat} moves {plural(moved, 'army', 'armies')} from "
                           f"{source} to {target}.", source=source, target=target,
                           count=moved)]
        if self.attack_refusal(seat, source, target, adjacent=False) is not None:
            return [public("no_attack", "The attack can no longer be made.")]
        count = min(count, self.armies[source] - 1)
        return self.announce(seat, rng, source, target, 1, count, adjacent=False)

    def card_weather_control(self, seat: Seat, use: str, plan: dict[str, Any],
                             rng: Rng) -> list[Event]:
        self.add_effect("Weather Control", seat, NEXT_TURN)
        return []

    def card_electronic_warfare(self, seat: Seat, use: str, plan: dict[str, Any],
                                rng: Rng) -> list[Event]:
        self.add_effect("Electronic Warfare", seat, TURN_END)
        return []

    def card_navy(self, seat: Seat, use: str, plan: dict[str, Any], rng: Rng) -> list[Event]:
        self.add_effect("Navy", seat, TURN_END)
        return []

    def card_fortification(self, seat: Seat, use: str, plan: dict[str, Any],
                           rng: Rng) -> list[Event]:
        self.add_effect("Fortification", seat, TURN_END)
        return []

    def card_black_helicopters(self, seat: Seat, use: str, plan: dict[str, Any],
                               rng: Rng) -> list[Event]:
        self.add_effect("Black Helicopters", seat, TURN_END, continent=plan["continent"])
        return []

    def card_reverse_engineer(self, seat: Seat, use: str, plan: dict[str, Any],
                              rng: Rng) -> list[Event]:
        card = plan["take"]
        if card not in self.discards:
            return []
        self.discards.remove(card)
        self.hands[seat].append(card)
        self.fresh.setdefault(seat, []).append(card)
        return [self.hand_event(seat, f"You take {card}; you may use it from your next turn.")]

    def card_cometary_cultists(self, seat: Seat, use: str, plan: dict[str, Any],
                               rng: Rng) -> list[Event]:
        events: list[Event] = []
        losers = set()
        for area in self.map.continents[plan["continent"]]:
            if self.owner[area] is not None:
                losers.add(self.owner[area])
                self.remove_armies(area, 1)
        events.append(public("cultists", f"1 army leaves every area of {plan['continent']}.",
                             continent=plan["continent"]))
        for owner in sorted(o for o in losers if o is not None):
            events += self.check_out(owner, None, rng)
        return events

    def card_guerillas(self, seat: Seat, use: str, plan: dict[str, Any],
                       rng: Rng) -> list[Event]:
        # No guerrilla among the armies of a player Shuttle Diplomacy keeps you from
        # attacking: their fight is an attack you chose by playing the card.
        areas = [t for t in self.map.continents[plan["continent"]]
                 if self.owner[t] != seat and not self.sealed(t, seat)
                 and not self.poisoned(t, seat) and not self.at_peace(seat, self.owner[t])]
        if self.sabotaged(seat):
            # Saboteur: no new army this turn; the guerrillas are set aside as armies.
            self.delayed[seat] = self.delayed.get(seat, 0) + len(areas)
            return [public("guerrillas", f"Saboteur sets aside the "
                           f"{plural(len(areas), 'guerrilla army', 'guerrilla armies')} "
                           "until the next turn.", areas=[], delayed=len(areas))]
        self.turn["guerrillas"] = areas
        return [public("guerrillas", f"Guerrillas will rise in {', '.join(areas) or 'no area'} "
                       "when the placing ends.", areas=areas)]

    def card_icbm(self, seat: Seat, use: str, plan: dict[str, Any], rng: Rng) -> list[Event]:
        self.add_effect("ICBM", seat, AFTER_NEXT, area=plan["area"])
        return self.vanish(plan["area"], rng)

    def card_jihad(self, seat: Seat, use: str, plan: dict[str, Any], rng: Rng) -> list[Event]:
        self.turn["jihad"] = True
        return []

    def card_rebellion(self, seat: Seat, use: str, plan: dict[str, Any],
                       rng: Rng) -> list[Event]:
        return self.new_neutral(seat, plan["area"], "rebels", rng)

    def card_mutant_horde(self, seat: Seat, use: str, plan: dict[str, Any],
                          rng: Rng) -> list[Event]:
        return self.new_neutral(seat, plan["area"], "mutants", rng)



def _borders() -> list[list[str]]:
    from engine.risk.map import load_map_data
    return [list(b) for b in load_map_data("classic")["borders"]]


BORDERS = _borders()
