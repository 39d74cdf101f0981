"""Attacks: battles round by round, the defender's dice, conquests, committed,
involuntary and automatic attacks, and the free move.

A battle round: the attacker announces the attack and the dice; the defender (a player)
chooses 1 or 2 dice in a prompt (the default at the deadline: as many as allowed) and may
play a (D) card there; then both roll. Card effects add to or subtract from dice
(Electronic Warfare, Navy, Fortification, Black Helicopters, Fresh Recruits) and Stealth
Technology ignores the attacker's losses. Neutral defenders roll as many dice as allowed.

Committed attacks (Jihad, Tunnels, Paratroops, Fresh Recruits) go on by themselves until
the committed armies or the defenders are gone; involuntary attacks (Mad Cow Disease,
Provocateur), the mutants' attacks and the guerrillas' fights run to the end inside the
action that causes them, with the most dice allowed on both sides.
"""

from __future__ import annotations

from typing import Any

from engine.errors import NotAllowed
from engine.events import Event, Seat, public
from engine.games.one_world_dominion.base import ATTACK, FORTIFY, OWDBase, plural
from engine.risk.map import Territory
from engine.rng import Rng


class Attack(OWDBase):
    """Battles and moves."""

    # ----- dice ------------------------------------------------------------

    def attack_bonus(self, attacker: str, source: Territory, target: Territory) -> int:
        bonus = 0
        for e in self.effects:
            if e["by"] != attacker:
                continue
            card = e["card"]
            if card == "Electronic Warfare":
                bonus += 1
            elif card == "Navy" and self.map.is_sea_lane(source, target):
                bonus += 2
            elif card == "Black Helicopters" and self.map.adjacent(source, target) and \
                    self.map.continent_of(source) == e["continent"] == \
                    self.map.continent_of(target):
                bonus += 2  # "to adjacent areas on the same continent"
            elif card == "Fresh Recruits" and e["area"] == source:
                bonus -= 1
        return bonus

    def defend_bonus(self, defender: str | None, source: Territory, target: Territory) -> int:
        bonus = 0
        for e in self.effects:
            if defender is None or e["by"] != defender:
                continue
            card = e["card"]
            if card == "Electronic Warfare":
                bonus += 1
            elif card == "Navy" and self.map.is_sea_lane(source, target):
                bonus += 2
            elif card == "Fortification":
                bonus += 2
            elif card == "Fresh Recruits" and e["area"] == target:
                bonus -= 1
        return bonus

    def roll_round(self, rng: Rng, attacker: str, source: Territory, target: Territory,
                   attack_dice: int, defend_dice: int) -> tuple[int, int, str]:
        """(attacker losses, defender losses, description) of one round."""
        defender = self.owner[target]
        att = sorted(rng.roll(attack_dice, label="attack"), reverse=True)
        dfd = sorted(rng.roll(defend_dice, label="defence"), reverse=True)
        a_bonus = self.attack_bonus(attacker, source, target)
        d_bonus = self.defend_bonus(defender, source, target)
        a_mod = sorted((d + a_bonus for d in att), reverse=True)
        d_mod = sorted((d + d_bonus for d in dfd), reverse=True)
        pairs = min(len(a_mod), len(d_mod))
        won = sum(1 for i in range(pairs) if a_mod[i] > d_mod[i])
        text = "-".join(map(str, att)) + (f" ({a_bonus:+d})" if a_bonus else "") + " vs " + \
            "-".join(map(str, dfd)) + (f" ({d_bonus:+d})" if d_bonus else "")
        return pairs - won, won, text

    def max_attack(self, armies: int) -> int:
        return max(0, min(4 if self.turn.get("jihad") else 3, armies - 1))

    # ----- announcing an attack --------------------------------------------

    def attack_targets(self, seat: Seat, source: Territory) -> list[Territory]:
        """Areas `seat` may attack from `source` by the normal rules now."""
        if self.owner.get(source) != seat or self.armies[source] < 2:
            return []
        if self.poisoned(source, seat):
            return []
        return [t for t in sorted(self.map.neighbours(source))
                if self.attack_refusal(seat, source, t) is None]

    def can_attack_from(self, seat: Seat, source: Territory) -> bool:
        """Whether `seat` has any normal attack from `source` now (for the prompt)."""
        if self.owner.get(source) != seat or self.armies[source] < 2:
            return False
        return any(self.owner.get(t) != seat and self.attack_refusal(seat, source, t) is None
                   for t in self.map.neighbours(source))

    def attack_refusal(self, seat: Seat, source: Territory, target: Territory,
                       *, adjacent: bool = True) -> str | None:
        """Why `seat` may not attack `target` from `source`, or None."""
        if self.owner.get(source) != seat:
            return f"{source} is not yours."
        if self.armies[source] < 2:
            return f"{source} has only 1 army: you need 2 to attack."
        owner = self.owner.get(target)
        if owner == seat:
            return f"{target} is yours."
        if adjacent and target not in self.map.neighbours(source):
            return f"{target} does not border {source}."
        if not self.effects:
            return None  # no card in play can forbid it
        if adjacent and self.crossing_blocked(source, target):
            return "Weather Control: no attacks across sea lanes this game turn."
        for area in (source, target):
            if self.poisoned(area, seat):
                return f"No army may attack into or out of {area} (Toxic Waste)."
        why = self.sealed(target, seat)
        if why:
            return why[0].upper() + why[1:] + "."
        if self.at_peace(seat, owner):
            return f"Shuttle Diplomacy: you and {self.name_of(owner)} may not attack each " \
                   "other this game turn."
        return None

    def announce(self, seat: Seat, rng: Rng, source: Territory, target: Territory, dice: int,
                 committed: int | None, *, adjacent: bool = True, card: str | None = None
                 ) -> list[Event]:
        """Start a battle (or the next round of the current one) and ask the defender."""
        resumed = self.recalled_battle(source, target)
        if resumed is not None:
            # The same battle, announced again after a defender's Artillery: a card's
            # attack (Tunnels, Paratroops) keeps its reach and its committed armies.
            adjacent = adjacent and resumed.get("adjacent", True)
            if committed is None and resumed["committed"] is not None:
                committed = max(1, min(resumed["committed"], self.armies[source] - 1))
        why = self.attack_refusal(seat, source, target, adjacent=adjacent)
        if why:
            raise NotAllowed(why)
        if self.turn.get("jihad") and committed is None:
            raise NotAllowed("Jihad: every attack this turn is a committed attack; say how "
                             "many armies you commit (count).")
        armies = self.armies[source]
        if committed is not None and not 1 <= committed <= armies - 1:
            raise NotAllowed(f"Commit 1 to {armies - 1} armies: one stays behind in {source}.")
        most = self.max_attack(committed + 1 if committed is not None else armies)
        if committed is not None:
            dice = most
        if not 1 <= dice <= most:
            raise NotAllowed(f"Roll 1 to {most} dice from {source}.")
        battle = self.battle
        if battle is None or (battle["from"], battle["to"]) != (source, target) or \
                battle.get("over"):
            stealth = self.turn.get("stealth")
            battle = {"from": source, "to": target, "attacker": seat,
                      "defender": self.owner[target], "rounds": 0, "committed": committed,
                      "card": card, "stealth": 0, "radar_blocked": False, "over": False,
                      "adjacent": adjacent}
            if stealth and (stealth["from"], stealth["to"]) == (source, target):
                battle["stealth"] = 3
                battle["radar_blocked"] = True
                self.turn["stealth"] = None
            self.battle = battle
        battle["dice"] = dice
        battle["committed"] = committed if resumed is not None else battle["committed"]
        battle.pop("recalled", None)
        self.turn["apcs_early"] = False
        if target in self.turn["must_attack"]:
            self.turn["must_attack"].remove(target)
        owner = self.owner[target]
        how = f" (committed: {plural(committed, 'army', 'armies')})" if committed else ""
        events = [public("attack", f"{seat} attacks {target} ({self.name_of(owner)}, "
                         f"{self.armies[target]}) from {source} ({armies}) with "
                         f"{plural(dice, 'die', 'dice')}{how}.", seat=seat, source=source,
                         target=target, dice=dice)]
        if owner is None:
            return events + self.capture(rng, battle, dice)
        return events + self.ask_defender(rng)

    def recalled_battle(self, source: Territory, target: Territory) -> dict[str, Any] | None:
        """The battle from `source` to `target` if its attack was handed back to the
        attacker (a defender's Artillery) and not yet announced again."""
        battle = self.battle
        if battle is None or not battle.get("recalled") or battle.get("over"):
            return None
        return battle if (battle["from"], battle["to"]) == (source, target) else None

    def recall_attack(self) -> list[Event]:
        """Artillery played by a defender: "the attacker is not required to complete a round
        of combat". The announced attack goes back to the attacker before its first round:
        announce it again to go on (the same battle), or attack elsewhere, or stop."""
        battle = self.battle
        if battle is None or battle.get("over") or battle["rounds"] > 0:
            return []
        if self.stack and self.stack[-1]["kind"] == "defend":
            self.stack.pop()
        if self.armies[battle["from"]] < 2 or self.owner[battle["from"]] != battle["attacker"]:
            battle["over"] = True
            return [public("battle_over", f"The attack on {battle['to']} ends.",
                           target=battle["to"])]
        battle["recalled"] = True
        return [public("recalled", f"{battle['attacker']} need not complete a round: attack "
                       f"{battle['to']} from {battle['from']} again to go on, or not.",
                       seat=battle["attacker"], source=battle["from"], target=battle["to"])]

    def ask_defender(self, rng: Rng) -> list[Event]:
        battle = self.battle
        assert battle is not None
        defender = self.owner[battle["to"]]
        if defender in self.seats and self.options["defence"] == "choose":
            self.stack.append({"kind": "defend", "seat": defender})
            return []
        return self.resolve_round(rng, self.defend_limit()[1])

    def defend_limit(self) -> tuple[int, int]:
        """(fewest, most) dice the defender may roll in this round."""
        battle = self.battle
        assert battle is not None
        most = min(2, self.armies[battle["to"]])
        fewest = most if battle["stealth"] > 0 else 1  # Stealth: 2 dice if able
        return fewest, most

    def defend(self, seat: Seat, rng: Rng, dice: int) -> list[Event]:
        fewest, most = self.defend_limit()
        if not fewest <= dice <= most:
            raise NotAllowed(f"Roll {fewest} to {most} dice." if fewest != most
                             else f"Roll {most} dice.")
        self.stack.pop()
        return self.resolve_round(rng, dice)

    def resolve_round(self, rng: Rng, defend_dice: int) -> list[Event]:
        battle = self.battle
        assert battle is not None
        source, target, seat = battle["from"], battle["to"], battle["attacker"]
        armies = self.armies[source]
        dice = battle["dice"]
        if battle["committed"] is not None:
            dice = self.max_attack(battle["committed"] + 1)
        dice = min(dice, self.max_attack(armies))
        if dice < 1 or self.armies[target] < 1 or self.owner[source] != seat:
            battle["over"] = True
            return [public("battle_over", f"The attack on {target} ends.", target=target)]
        events: list[Event] = []
        fire = self.turn.get("artillery")
        if battle["rounds"] == 0 and fire and fire["area"] == target:
            self.turn["artillery"] = None
            owner = self.owner[target]
            shot = self.remove_armies(target, fire["roll"])
            events.append(public("artillery", f"Artillery fires on {target}: "
                                 f"{plural(shot, 'army', 'armies')} eliminated.", area=target,
                                 count=shot))
            if self.armies[target] == 0:
                self.owner[target] = owner  # the attacker takes it as the round begins
                self.armies[target] = 0
                return events + self.capture(rng, battle, dice)
        defend_dice = min(defend_dice, self.armies[target])
        lost, killed, text = self.roll_round(rng, seat, source, target, dice, defend_dice)
        battle["rounds"] += 1
        if battle["stealth"] > 0:
            battle["stealth"] -= 1
            lost = 0
            text += " (Stealth Technology: the attacker loses nothing)"
        defender = self.owner[target]
        self.armies[source] -= lost
        self.armies[target] -= killed
        if battle["committed"] is not None:
            battle["committed"] = max(0, battle["committed"] - lost)
        self.last_battle = {"from": source, "to": target, "round": text,
                            "attacker_losses": lost, "defender_losses": killed}
        events += [public("round", f"{source} -> {target}: {text}: {seat} loses {lost}, "
                         f"{self.name_of(defender)} loses {killed}. Left: {source} "
                         f"{self.armies[source]}, {target} {self.armies[target]}.",
                         source=source, target=target, attacker_losses=lost,
                         defender_losses=killed)]
        if self.armies[target] == 0:
            return events + self.capture(rng, battle, dice)
        if battle["committed"] is not None:
            if battle["committed"] > 0 and self.armies[source] >= 2:
                return events + self.ask_defender(rng)
            battle["over"] = True
            events.append(public("battle_over", f"The committed attack on {target} is spent.",
                                 target=target))
        return events

    def capture(self, rng: Rng, battle: dict[str, Any], dice: int) -> list[Event]:
        source, target, seat = battle["from"], battle["to"], battle["attacker"]
        loser = self.owner[target]
        self.owner[target] = seat
        self.armies[target] = 0
        battle["over"] = True
        self.turn["conquered"] = True
        events = [public("conquered", f"{seat} conquers {target}.", seat=seat, area=target,
                         loser=loser)]
        events += self.check_out(loser, seat, rng)
        movable = self.armies[source] - 1
        committed = battle["committed"]
        if committed is not None:
            moved = max(1, min(committed, movable))
            events += self.occupy(seat, source, target, moved)
        else:
            low = max(1, min(dice, movable))
            if low >= movable:
                events += self.occupy(seat, source, target, movable)
            else:
                self.stack.append({"kind": "occupy", "seat": seat, "from": source,
                                   "to": target, "min": low, "max": movable})
        return events

    def occupy(self, seat: Seat, source: Territory, target: Territory,
               count: int) -> list[Event]:
        self.armies[source] -= count
        self.armies[target] += count
        if self.armies[target] == 0:
            self.set_area(target, None, 0)
        return [public("occupied", f"{seat} moves {plural(count, 'army', 'armies')} into "
                       f"{target}.", seat=seat, area=target, count=count)]

    def move_in(self, seat: Seat, count: int) -> list[Event]:
        top = self.stack[-1]
        if not top["min"] <= count <= top["max"]:
            raise NotAllowed(f"Move {top['min']} to {top['max']} armies into {top['to']}.")
        self.stack.pop()
        return self.occupy(seat, top["from"], top["to"], count)

    # ----- automatic battles -------------------------------------------------

    def auto_battle(self, rng: Rng, source: Territory, target: Territory, *,
                    kind: str) -> list[Event]:
        """An involuntary or mutant attack, fought to the end with the most dice:
        "until the attacker has only 1 army left or the defender is eliminated"."""
        attacker = self.owner[source]
        defender = self.owner[target]
        assert attacker is not None
        events: list[Event] = []
        killed_total = 0
        dice = 0
        if self.armies[source] < 2:
            return [public("no_attack", f"{source} has too few armies to attack.",
                           area=source)]
        while self.armies[source] > 1 and self.armies[target] > 0:
            dice = min(3, self.armies[source] - 1)
            lost, killed, text = self.roll_round(rng, attacker, source, target, dice,
                                                 min(2, self.armies[target]))
            self.armies[source] -= lost
            self.armies[target] -= killed
            killed_total += killed
            events.append(public("round", f"{source} -> {target}: {text}: "
                                 f"{self.name_of(attacker)} loses {lost}, "
                                 f"{self.name_of(defender)} loses {killed}.", source=source,
                                 target=target, attacker_losses=lost, defender_losses=killed))
        if kind == "mutants" and killed_total:
            self.armies[source] += killed_total
            events.append(public("mutants_grow", f"{plural(killed_total, 'army', 'armies')} "
                                 f"killed by the {self.name_of(attacker)} join them.",
                                 count=killed_total))
        if self.armies[target] > 0 or self.armies[source] < 2:
            return events
        dice = dice or min(3, self.armies[source] - 1)
        attackers = self.armies[source]
        if kind == "mutants":
            moved = attackers
        elif attackers >= 8:
            moved = attackers // 2
        else:
            moved = max(1, min(dice or 1, attackers - 1))
        self.owner[target] = attacker
        self.armies[target] = 0
        events.append(public("conquered", f"The {self.name_of(attacker)} armies take {target}."
                             if attacker in self.neutrals else
                             f"{attacker}'s armies take {target}.", seat=attacker, area=target,
                             loser=defender))
        self.armies[source] -= moved
        self.armies[target] += moved
        if self.armies[source] == 0:
            self.set_area(source, None, 0)
        events.append(public("occupied", f"{plural(moved, 'army', 'armies')} move into "
                             f"{target}.", area=target, count=moved))
        if defender != attacker:
            # A player's insane armies capturing the last area take its owner's cards
            # ("an opponent capturing your last remaining area"); neutrals hold none.
            taker = attacker if kind == "involuntary" and attacker in self.seats else None
            events += self.check_out(defender, taker, rng)
        return events

    def guerrilla_fights(self, seat: Seat, rng: Rng) -> list[Event]:
        """Guerillas: each guerrilla army attacks all opposing armies in its area until one
        side is gone, before any normal attack."""
        events: list[Event] = []
        for area in list(self.turn["guerrillas"]):
            defender = self.owner[area]
            if defender is None:
                self.set_area(area, seat, 1)
                self.turn["conquered"] = True
                events.append(public("guerrillas", f"A guerrilla takes the empty {area}.",
                                     area=area))
                continue
            guerrilla = 1
            while guerrilla > 0 and self.armies[area] > 0:
                lost, killed, text = self.roll_round(rng, seat, area, area, 1,
                                                     min(2, self.armies[area]))
                guerrilla -= lost
                self.armies[area] -= killed
                events.append(public("round", f"Guerrilla in {area}: {text}.", area=area,
                                     attacker_losses=lost, defender_losses=killed))
            if guerrilla > 0:
                self.set_area(area, seat, guerrilla)
                self.turn["conquered"] = True
                events.append(public("guerrillas", f"The guerrilla takes {area}.", area=area))
                events += self.check_out(defender, seat, rng)
            else:
                events.append(public("guerrillas", f"The guerrilla in {area} is wiped out.",
                                     area=area))
        self.turn["guerrillas"] = []
        return events

    # ----- the free move ---------------------------------------------------------

    def fortify(self, seat: Seat, source: Territory, target: Territory, count: int, *,
                through: bool = False) -> list[Event]:
        if self.turn["moves"] < 1:
            raise NotAllowed("You have no free move left this turn.")
        self.check_move(seat, source, target, count, adjacent=not through)
        if self.step == ATTACK and self.turn.get("apcs_early"):
            # APCs: "1 additional free move ... immediately after placing your new
            # armies": made before the first attack, it does not end the attacks.
            self.turn["apcs_early"] = False
        else:
            self.step = FORTIFY
        self.turn["moves"] -= 1
        self.turn["moved"] = True
        self.armies[source] -= count
        self.armies[target] += count
        return [public("moved", f"{seat} moves {plural(count, 'army', 'armies')} from {source} "
                       f"to {target}.", seat=seat, source=source, target=target, count=count)]

    def check_move(self, seat: Seat, source: Territory, target: Territory, count: int, *,
                   adjacent: bool = True, path: bool = False) -> None:
        if self.owner.get(source) != seat:
            raise NotAllowed(f"{source} is not yours.")
        if self.owner.get(target) != seat:
            raise NotAllowed(f"{target} is not yours.")
        if source == target:
            raise NotAllowed("Move to a different area.")
        if not 1 <= count <= self.armies[source] - 1:
            raise NotAllowed(f"Move 1 to {self.armies[source] - 1} armies: one stays in "
                             f"{source}.")
        for area in (source, target):
            if self.poisoned(area, seat):
                raise NotAllowed(f"No army may enter or leave {area} (Toxic Waste).")
        if path:
            own = [a for a in self.areas_of(seat) if not self.poisoned(a, seat)]
            blocked = self.weather()
            if blocked:
                reach = self._reach_without_sea(source, set(own))
                if target not in reach:
                    raise NotAllowed(f"{target} can't be reached from {source} through your "
                                     "areas without a sea lane (Weather Control).")
            elif not self.map.connected(source, target, through=own):
                raise NotAllowed(f"{target} can't be reached from {source} through your "
                                 "own areas.")
        elif adjacent:
            if not self.map.adjacent(source, target):
                raise NotAllowed(f"{target} does not border {source}.")
            if self.crossing_blocked(source, target):
                raise NotAllowed("Weather Control: no free moves across sea lanes this game "
                                 "turn.")

    def _reach_without_sea(self, source: Territory, own: set[Territory]) -> set[Territory]:
        seen = {source}
        todo = [source]
        while todo:
            here = todo.pop()
            for nxt in self.map.neighbours(here):
                if nxt in own and nxt not in seen and not self.map.is_sea_lane(here, nxt):
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    def fortify_sources(self, seat: Seat) -> list[Territory]:
        return [a for a in self.areas_of(seat) if self.armies[a] >= 2
                and not self.poisoned(a, seat)
                and any(self.owner.get(n) == seat for n in self.map.neighbours(a))]

    def end_attacks(self, seat: Seat) -> list[Event]:
        # A round owed (Artillery) that can no longer be fought is owed no more.
        self.turn["must_attack"] = [
            t for t in self.turn["must_attack"]
            if any(self.attack_refusal(seat, s, t) is None for s in self.map.neighbours(t))]
        if self.turn["must_attack"]:
            raise NotAllowed(f"You must complete at least 1 round against "
                             f"{', '.join(self.turn['must_attack'])} first.")
        events: list[Event] = []
        fire = self.turn.get("artillery")
        if fire:
            self.turn["artillery"] = None
            events.append(public("artillery", f"The Artillery aimed at {fire['area']} did not "
                                 "fire: no battle began there.", area=fire["area"], count=0))
        self.step = FORTIFY
        self.battle = None
        self.turn["apcs_early"] = False
        return events + [public("attacks_ended", f"{seat} ends the attacks.", seat=seat)]
