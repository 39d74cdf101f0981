"""Hostile takeovers (CEOs only): one turn of RISK played by one corporation.

Rulebook, "Hostile Takeovers": no new teams at this time; attack as many corporations or
Mom & Pops as you like, but never an empty territory; a Mom & Pop rolls one die for its
security teams when the attack on it is announced (`announce`, before the attacker
chooses dice or a blitz), keeps what is left of them until the attacks are over (when
they are removed), rolls 2 dice while it has 2 or more teams, and faces at least one
round (the `engage` decision); after the attacks, one free move (CCR-9: to an adjacent
territory of the corporation; option: through a chain of them). Capturing a
corporation's tower takes it over: its territories and teams become the winner's, and
its stockholders are settled at half values with trades 4 for 1 (CCR-8).

Dice come from `engine.risk.combat`. As in RISK the attacker chooses 1 to 3 dice and
then the defender 1 or 2: the attacked corporation's CEO is asked (`defend`), unless a
single team defends or the CEO's standing order (`defence`) answers.
"""

from __future__ import annotations

from typing import Any

from engine.acquire.chart import Chain
from engine.acquire.merger import HOSTILE_TAKEOVER_TERMS, MergerPlan
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.game import ActionSpec, Choice, Param
from engine.games.cold_cash_risk.base import (
    ACTION,
    ASK,
    ATTACKING,
    DONE,
    FREE_MOVE,
    MOST,
    CCRBase,
    plural,
)
from engine.games.cold_cash_risk.board import MOMPOP, corporate_size
from engine.games.cold_cash_risk.stock import counts
from engine.risk.combat import (
    RoundResult,
    battle_round,
    blitz,
    check_attack,
    conquest_move_range,
    max_attack_dice,
    max_defend_dice,
)
from engine.risk.map import Territory
from engine.risk.odds import format_odds
from engine.risk.rules import check_fortify, fortify_targets
from engine.rng import Rng


def label(owner: str | None) -> str:
    return "a Mom & Pop" if owner == MOMPOP else (owner or "nobody")


class Takeover(CCRBase):
    """attack, blitz, move (the free move and the move into a conquest), end-attacks."""

    # ----- what is possible ---------------------------------------------

    def takeover_corporations(self, seat: Seat) -> list[Chain]:
        """The corporation conducting this turn's takeover, or all the seat's."""
        chain = self.active["corporation"]
        if chain is not None:
            return [chain] if chain in self.corporations else []
        return self.corporations_of(seat)

    def attacks(self, seat: Seat) -> dict[Territory, list[Territory]]:
        """Source -> attackable neighbours (another owner's, never empty)."""
        result: dict[Territory, list[Territory]] = {}
        for chain in self.takeover_corporations(seat):
            for t in self.board.territories_of(chain):
                if self.board.teams.get(t, 0) < 2:
                    continue
                targets = [n for n in sorted(self.map.neighbours(t))
                           if self.board.owner(n) not in (None, chain)]
                if targets:
                    result[t] = targets
        return result

    def free_moves(self, seat: Seat) -> dict[Territory, list[Territory]]:
        """Source -> own territories the free move may reach (CCR-9)."""
        result: dict[Territory, list[Territory]] = {}
        chain_rule = self.options["free_move"] == "chain"
        for chain in self.takeover_corporations(seat):
            own = self.board.territories_of(chain)
            for t in own:
                if self.board.teams.get(t, 0) < 2:
                    continue
                targets = sorted(fortify_targets(self.map, t, own, through_own=chain_rule))
                if targets:
                    result[t] = targets
        return result

    def free_moves_possible(self) -> bool:
        seat = self.current
        return seat is not None and bool(self.free_moves(seat))

    # ----- prompts -------------------------------------------------------

    def unrolled(self, territory: Territory) -> bool:
        """A Mom & Pop that has not rolled for its teams this turn: the attack on it must
        be announced first (it rolls before the attacker chooses dice)."""
        return self.board.is_mompop(territory) and not self.board.teams.get(territory, 0)

    def takeover_specs(self, seat: Seat) -> list[ActionSpec]:
        specs: list[ActionSpec] = []
        if self.stage in (ACTION, ATTACKING):
            verb = "Attack" if self.stage == ATTACKING else "Hostile takeover: attack"
            options = self.attacks(seat)
            ready = {s: [t for t in ts if not self.unrolled(t)] for s, ts in options.items()}
            ready = {s: ts for s, ts in ready.items() if ts}
            if ready:
                specs += self.attack_specs(verb, ready)
            announce = {s: [t for t in ts if self.unrolled(t)] for s, ts in options.items()}
            announce = {s: ts for s, ts in announce.items() if ts}
            if announce:
                targets = sorted({t for ts in announce.values() for t in ts})
                specs.append(ActionSpec(
                    "announce", f"{verb} a Mom & Pop (it rolls for its teams first)", (
                        Param("from_territory", tuple(
                            Choice(s, f"{s} ({self.board.teams[s]})") for s in announce)),
                        Param("to_territory", tuple(Choice(t) for t in targets)))))
        if self.stage in (ACTION, ATTACKING, FREE_MOVE):
            moves = self.free_moves(seat)
            if moves:
                sources = list(moves)
                targets = sorted({t for ts in moves.values() for t in ts})
                most = max(self.board.teams[s] for s in sources)
                what = {ACTION: "Hostile takeover: only the free move",
                        ATTACKING: "End the attacks and make the free move",
                        FREE_MOVE: "Make the free move"}[self.stage]
                specs.append(ActionSpec("move", what, (
                    Param("from_territory", tuple(Choice(s, f"{s} ({self.board.teams[s]})")
                                                  for s in sources)),
                    Param("to_territory", tuple(Choice(t) for t in targets)),
                    Param("count", counts(1, most - 1), kind="int"))))
        if self.stage == ATTACKING:
            specs.append(ActionSpec("end-attacks", "End the attacks"))
        return specs

    def attack_specs(self, verb: str, options: dict[Territory, list[Territory]],
                     fixed: bool = False) -> list[ActionSpec]:
        """attack and blitz from the sources to the targets in `options` (`fixed`: one
        source and one target, which may be left out)."""
        sources = list(options)
        targets = sorted({t for ts in options.values() for t in ts})
        most = max(self.board.teams[s] for s in sources)
        where = (Param("from_territory", tuple(Choice(s, f"{s} ({self.board.teams[s]})")
                                               for s in sources), required=not fixed),
                 Param("to_territory", tuple(Choice(t, self.territory_label(t)) for t in targets),
                       required=not fixed))
        return [ActionSpec("attack", f"{verb} (one round)", where + (
                    Param("dice", counts(1, max_attack_dice(most)), required=False,
                          kind="int"),)),
                ActionSpec("blitz", f"{verb} until it falls (blitz)", where + (
                    Param("stop_at", None, required=False, kind="int"),))]

    def engage_prompt(self, entry: dict[str, Any]) -> tuple[str, list[ActionSpec]]:
        teams = self.board.teams.get(entry["to"], 0)
        return (f"The Mom & Pop in {entry['to']} defends with "
                f"{plural(teams, 'security team')}: fight at least one round against it "
                f"from {entry['from']}.",
                self.attack_specs("Attack", {entry["from"]: [entry["to"]]}, fixed=True))

    def defend_prompt(self, entry: dict[str, Any]) -> tuple[str, ActionSpec]:
        most = max_defend_dice(self.board.teams[entry["to"]])
        how = "a blitz" if entry["blitz"] else "one round"
        return (f"{entry['corporation']} attacks {entry['to']} from {entry['from']} "
                f"({how}): defend with how many dice?", ActionSpec("defend", "Defend", (
                    Param("dice", counts(1, most), kind="int"),)))

    def territory_label(self, territory: Territory) -> str:
        owner = self.board.owner(territory)
        if owner == MOMPOP:
            teams = self.board.teams.get(territory, 0)
            return f"{territory} (Mom & Pop{f', {teams}' if teams else ''})"
        return f"{territory} ({owner} {self.board.teams.get(territory, 0)})"

    def occupy_prompt(self, entry: dict[str, Any]) -> tuple[str, ActionSpec]:
        return (f"You conquered {entry['to']}: move {entry['min']} to {entry['max']} security "
                f"teams in from {entry['from']}.", ActionSpec("move", "Move in", (
                    Param("from_territory", (Choice(entry["from"]),), required=False),
                    Param("to_territory", (Choice(entry["to"]),), required=False),
                    Param("count", counts(entry["min"], entry["max"]), kind="int"))))

    # ----- attacks -------------------------------------------------------

    def _attack_source(self, seat: Seat, source: Territory, target: Territory) -> Chain:
        chain = self.board.owner(source)
        if chain is None or chain not in self.takeover_corporations(seat):
            raise NotAllowed(f"{source} is not held by a corporation you may attack with now.")
        if not self.map.adjacent(source, target):
            raise NotAllowed(f"{target} does not border {source}.")
        owner = self.board.owner(target)
        if owner is None:
            raise NotAllowed(f"{target} is empty: you may not attack or move into an empty "
                             "territory.")
        if owner == chain:
            raise NotAllowed(f"{target} is {chain}'s own territory.")
        return chain

    def do_announce(self, seat: Seat, rng: Rng, from_territory: str,
                    to_territory: str) -> list[Event]:
        """Defending Mom & Pop: "*After* you announce an attack against a Mom & Pop, roll 1
        die to determine how many security teams it will defend with. After you determine
        how many teams the Mom & Pop has, you must complete at least 1 round of combat
        against it." The attacker then chooses dice, or a blitz."""
        source, target = from_territory, to_territory
        chain = self._attack_source(seat, source, target)
        if not self.unrolled(target):
            raise NotAllowed(f"{target} is not a Mom & Pop waiting to roll for its teams.")
        events = self._start_takeover(seat, chain)
        teams = rng.roll(1, 6, label=f"Mom & Pop in {target}")[0]
        self.board.teams[target] = teams
        self.stack.append({"kind": "engage", "seat": seat, "from": source, "to": target})
        return events + [public(
            "mompop_defends", f"{chain} announces an attack on the Mom & Pop in {target} from "
            f"{source}. The Mom & Pop rolls {teams}: it defends with "
            f"{plural(teams, 'security team')}.", territory=target, die=teams, teams=teams,
            corporation=chain, from_territory=source)]

    def _engaged(self, seat: Seat, source: str | None,
                 target: str | None) -> tuple[str | None, str | None]:
        """During the compulsory round against an announced Mom & Pop, its source and
        target are fixed (and may be left out); the decision is settled by this attack."""
        if not self.stack or self.stack[-1]["kind"] != "engage":
            return source, target
        entry = self.stack[-1]
        if source not in (None, entry["from"]) or target not in (None, entry["to"]):
            raise NotAllowed(f"First fight at least one round against the Mom & Pop in "
                             f"{entry['to']} from {entry['from']}.")
        self.stack.pop()
        return entry["from"], entry["to"]

    def defence_dice(self, target: Territory) -> int | None:
        """The defender's dice when nobody need be asked: a Mom & Pop and a single team
        roll the most allowed, and so does a CEO's standing order; None: ask the CEO."""
        most = max_defend_dice(self.board.teams[target])
        owner = self.board.owner(target)
        if owner == MOMPOP or most < 2 or owner not in self.corporations:
            return most
        standing = self.defence.get(self.ceo(owner), ASK)
        return None if standing == ASK else (most if standing == MOST else 1)

    def _start_takeover(self, seat: Seat, chain: Chain) -> list[Event]:
        self.stage = ATTACKING
        self.active["acted"] = True
        if self.active["corporation"] is not None:
            return []
        self.active["corporation"] = chain
        return [public("takeover_started", f"{seat} conducts a hostile takeover with {chain}.",
                       seat=seat, corporation=chain)]

    def _battle_event(self, chain: Chain, source: Territory, target: Territory, defender: str,
                      rounds: list[RoundResult]) -> Event:
        a, d = self.board.teams[source], self.board.teams[target]
        text = (f"{chain} attacks {target} ({label(defender)}) from {source}: "
                + "; ".join(r.describe() for r in rounds)
                + f". Left: {source} {a}, {target} {d}.")
        self.last_battle = {"corporation": chain, "from": source, "to": target,
                            "defender": defender, "rounds": [r.to_json() for r in rounds],
                            "attackers_left": a, "defenders_left": d}
        return public("attack", text, corporation=chain, from_territory=source,
                      to_territory=target, defender=defender,
                      rounds=[r.to_json() for r in rounds], attackers_left=a,
                      defenders_left=d)

    def do_attack(self, seat: Seat, rng: Rng, from_territory: str | None = None,
                  to_territory: str | None = None, dice: int | None = None) -> list[Event]:
        """One round of dice: up to 3 attacking (one team stays behind) against 1 or 2,
        as the defending CEO chooses (RISK)."""
        return self._attack(seat, rng, from_territory, to_territory, dice=dice, stop=None)

    def do_blitz(self, seat: Seat, rng: Rng, from_territory: str | None = None,
                 to_territory: str | None = None, stop_at: int | None = None) -> list[Event]:
        """Attack round after round with the most dice until the territory falls or the
        attacking territory is down to `stop_at` teams (1 by default)."""
        return self._attack(seat, rng, from_territory, to_territory, dice=None,
                            stop=1 if stop_at is None else stop_at)

    def _attack(self, seat: Seat, rng: Rng, source: str | None, target: str | None, *,
                dice: int | None, stop: int | None) -> list[Event]:
        source, target = self._engaged(seat, source, target)
        if source is None or target is None:
            raise Unreadable("An attack needs from_territory and to_territory.")
        chain = self._attack_source(seat, source, target)
        if self.unrolled(target):
            raise NotAllowed(f"Announce the attack on the Mom & Pop in {target} first: it "
                             "rolls for its security teams before you choose your dice.")
        attackers = self.board.teams[source]
        if stop is None:
            n = max_attack_dice(attackers) if dice is None else dice
            if not 1 <= n <= max_attack_dice(attackers):
                raise NotAllowed(f"With {attackers} teams in {source} you may roll 1 to "
                                 f"{max_attack_dice(attackers)} dice.")
        else:
            n = 0
            if stop < 1:
                raise Unreadable("A blitz stops at 1 team at the lowest: one always stays "
                                 "behind.")
            if attackers <= stop:
                raise NotAllowed(f"{source} has {attackers} teams: a blitz that stops at "
                                 f"{stop} would not roll at all.")
        events = self._start_takeover(seat, chain)
        entry = {"kind": "defend", "seat": "", "attacker": seat, "corporation": chain,
                 "from": source, "to": target, "dice": n, "blitz": stop is not None,
                 "stop_at": stop or 1}
        defence = self.defence_dice(target)
        if defence is None:
            owner = self.board.owner(target) or ""
            entry["seat"] = self.ceo(owner)
            self.stack.append(entry)
            return events + [public(
                "defence_asked", f"{chain} attacks {target} ({owner}) from {source}"
                + (" (a blitz)" if stop is not None else f" with {plural(n, 'die', 'dice')}")
                + f": {entry['seat']} chooses how many dice {owner} defends with.",
                corporation=chain, from_territory=source, to_territory=target,
                defender=owner, ceo=entry["seat"], blitz=stop is not None)]
        return events + self._fight(entry, defence, rng)

    def do_defend(self, seat: Seat, rng: Rng, dice: int) -> list[Event]:
        """The defending CEO rolls 1 or 2 dice (at most the teams there), for this round
        or for every round of a blitz."""
        entry = self.stack.pop()
        most = max_defend_dice(self.board.teams[entry["to"]])
        if not 1 <= dice <= most:
            raise NotAllowed(f"Defend with 1 to {most} dice.")
        return self._fight(entry, dice, rng)

    def _fight(self, entry: dict[str, Any], defence: int, rng: Rng) -> list[Event]:
        """Roll the attack in `entry` (a round, or a blitz) against `defence` dice."""
        seat, chain = entry["attacker"], entry["corporation"]
        source, target = entry["from"], entry["to"]
        defender = self.board.owner(target) or ""
        if entry["blitz"]:
            result = blitz(rng, self.board.teams[source], self.board.teams[target],
                           stop_at=entry["stop_at"], defend_dice=defence)
            self.board.teams[source] = result.attackers
            self.board.teams[target] = result.defenders
            rounds = list(result.rounds)
            conquered, last = result.conquered, result.last_dice
        else:
            n = entry["dice"]
            check_attack(self.board.teams[source], self.board.teams[target], n, defence)
            one = battle_round(rng, n, defence)
            self.board.teams[source] -= one.attacker_losses
            self.board.teams[target] -= one.defender_losses
            rounds = [one]
            conquered, last = self.board.teams[target] == 0, n
        events = [self._battle_event(chain, source, target, defender, rounds)]
        if conquered:
            events += self._conquer(seat, chain, source, target, last)
        return events

    def _conquer(self, seat: Seat, chain: Chain, source: Territory, target: Territory,
                 last_dice: int) -> list[Event]:
        old = self.board.owner(target) or ""
        tower = old in self.corporations and self.corporations[old]["tower"] == target
        self.board.put(target, chain, 0)
        events = [public("conquered", f"{chain} conquers {target} from {label(old)}.",
                         corporation=chain, territory=target, previous=old)]
        if tower:
            # "Include the defeated corporation's tower territory and any remaining
            # territory it controls ... Do not include any territory the corporation
            # just lost, except its tower territory."
            remaining = self.board.territories_of(old)
            size = corporate_size(self.map, [*remaining, target])
            self.board.transfer(old, chain)
            del self.corporations[old]
            events.append(public(
                "takeover",
                f"{chain} captures {old}'s tower in {target} and takes over {old} (size "
                f"{size}): {old}'s security teams are {chain}'s now"
                + (f" ({', '.join(remaining)})" if remaining else "")
                + ". Its stockholders are settled at half values, trading 4 for 1.",
                corporation=chain, defeated=old, territory=target, size=size,
                territories=remaining))
            events += self._begin_settlement(MergerPlan(chain, (old,)), {old: size}, seat,
                                             HOSTILE_TAKEOVER_TERMS, "takeover")
        allowed = conquest_move_range(self.board.teams[source], last_dice)
        if len(allowed) == 1:
            events += self._occupy(source, target, allowed.start)
        else:
            self.stack.append({"kind": "occupy", "seat": seat, "from": source, "to": target,
                               "min": allowed.start, "max": allowed.stop - 1})
        return events

    def _occupy(self, source: Territory, target: Territory, count: int) -> list[Event]:
        self.board.teams[source] -= count
        self.board.teams[target] = count
        verb = "moves" if count == 1 else "move"
        return [public("occupied", f"{plural(count, 'security team')} {verb} from {source} "
                       f"into {target}.", from_territory=source, to_territory=target,
                       count=count)]

    # ----- moves ---------------------------------------------------------

    def occupy_move(self, seat: Seat, entry: dict[str, Any], source: str | None,
                    target: str | None, count: int | None) -> list[Event]:
        if (source not in (None, entry["from"])) or (target not in (None, entry["to"])):
            raise NotAllowed(f"Move from {entry['from']} into {entry['to']}.")
        if count is None or not entry["min"] <= count <= entry["max"]:
            raise NotAllowed(f"Move {entry['min']} to {entry['max']} teams into {entry['to']}.")
        self.stack.pop()
        return self._occupy(entry["from"], entry["to"], count)

    def free_move(self, seat: Seat, source: str | None, target: str | None,
                  count: int | None) -> list[Event]:
        """The free move after the attacks (or instead of them)."""
        if source is None or target is None or count is None:
            raise Unreadable("The free move needs where from, where to and how many security teams.")
        chain = self.board.owner(source)
        if chain is None or chain not in self.takeover_corporations(seat):
            raise NotAllowed(f"{source} is not held by a corporation you may move now.")
        own = self.board.territories_of(chain)
        check_fortify(self.map, source, target, count, source_armies=self.board.teams[source],
                      own=own, through_own=self.options["free_move"] == "chain")
        events: list[Event] = []
        if self.active["corporation"] is None:
            events += self._start_takeover(seat, chain)
        self.board.teams[source] -= count
        self.board.teams[target] += count
        events.append(public("free_move", f"{chain} moves {plural(count, 'security team')} "
                             f"from {source} to {target} (the free move).", corporation=chain,
                             from_territory=source, to_territory=target, count=count))
        return events + self._end_takeover()

    def do_end_attacks(self, seat: Seat, rng: Rng) -> list[Event]:
        """No more attacks: the Mom & Pops' teams go home; then the free move or pass."""
        self.stage = FREE_MOVE
        return self._send_mompops_home() + [public(
            "attacks_ended", f"{self.active['corporation']} ends its attacks.",
            corporation=self.active["corporation"])]

    def _send_mompops_home(self) -> list[Event]:
        """"remove any remaining Mom & Pop security teams from the map"."""
        home = [t for t in self.board.mompops() if self.board.teams.get(t, 0)]
        for t in home:
            self.board.teams[t] = 0
        if not home:
            return []
        return [public("mompops_stand_down", "The Mom & Pop security teams in "
                       f"{', '.join(home)} go home.", territories=home)]

    def _end_takeover(self) -> list[Event]:
        events = self._send_mompops_home()
        self.stage = DONE
        chain = self.active["corporation"]
        if chain is not None:
            events.append(public("takeover_ended", f"{chain}'s hostile takeover is over.",
                                 corporation=chain))
        return events

    # ----- a question ----------------------------------------------------

    def do_odds(self, seat: Seat, rng: Rng, attackers: int, defenders: int) -> list[Event]:
        """Exact odds of a battle, privately: `attackers` able to attack (the team that
        stays behind not counted) against `defenders`."""
        return [private(seat, "odds", format_odds(attackers, defenders),
                        attackers=attackers, defenders=defenders)]
