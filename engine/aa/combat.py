"""A battle as a sequence a player can follow, with the owners' casualty choices as pauses.

The classic sequence (shared/reference/axis-allies-classic.md, "Combat rules"):

1. before the first round, one defending AA gun fires one die at each attacking aircraft
   (fighters are rolled for first, then bombers); each 1 downs an aircraft of the
   attacker's choice;
2. in the first round of an amphibious assault, battleships offshore bombard (4 or less)
   once; the defender's casualties of the bombardment still fire back (an option removes
   them first);
3. every round: attacking submarines strike first (their hits sink ships only, removed
   without firing back); then the attacker's other units fire, the defender fires with
   every unit (a defending submarine's hits, too, sink ships only), and both remove
   casualties at once;
4. after a round with both sides left, the attacker may retreat all units that may (not
   those landed from the sea) to one area offered, or press on; then, where the rules let
   them (Plotted A&A), each defending power's submarines may withdraw together to one
   friendly sea zone offered, or stay.

Each owner chooses its casualties: `Battle.pending` says who must choose how many among
which units, and `default_casualties` with a saved loss order gives the deadline's answer;
`Battle.decider` is who must decide to retreat (or withdraw) or not.
All luck comes from the `engine.Rng` passed to `Battle.advance`. A `Battle` is plain data
(`to_json`/`from_json`), so a game can store it between the pauses.

`capture` applies a won land battle to a `Position` (a captured capital's treasury,
liberation of an ally's territory); `strategic_bombing` is the other kind of attack.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.aa.map import AAMap, Area
from engine.aa.position import Position
from engine.aa.units import (
    AA_GUN,
    BATTLESHIP,
    BOMBER,
    FACTORY,
    FIGHTER,
    HEAVY_BOMBERS,
    POWERS,
    SHIPS,
    SUBMARINE,
    UNITS,
    Counts,
    Kind,
    Power,
    allied,
    attack,
    attack_dice,
    defence,
    describe_units,
    subtract,
    total,
)
from engine.errors import NotAllowed, Unreadable
from engine.rng import Rng

# The saved loss order when a player has none: cheapest first.
DEFAULT_LOSS_ORDER: tuple[Kind, ...] = ("infantry", "armour", "transport", "submarine",
                                        "fighter", "bomber", "carrier", "battleship")

Side = Literal["attacker", "defender"]
Outcome = Literal["attacker", "defender", "draw", "retreat"]


@dataclass(frozen=True)
class BattleRules:
    """Options that change combat; defaults are TripleA's classic ones."""

    bombardment_return_fire: bool = True  # bombardment casualties fire back in round 1
    sub_hits_ships_only: bool = True  # submarine hits can't be taken by aircraft
    heavy_bomber_dice: int = 3
    sub_withdrawal: bool = False  # defending submarines may withdraw after a round


CLASSIC_BATTLE = BattleRules()


@dataclass
class Choice:
    """A pending casualty choice: `power` removes `count` of `among`, of which at least
    `ships_needed` must be ships (submarine hits)."""

    side: Side
    power: Power
    hits: int
    sub_hits: int
    among: Counts

    @property
    def count(self) -> int:
        return casualty_count(self.among, self.hits, self.sub_hits)

    @property
    def ships_needed(self) -> int:
        return max(0, self.count - min(self.hits, total(self.among, non_ships(self.among))))

    def describe(self) -> str:
        need = (f"; {self.ships_needed} of them must be ships (submarine hits)"
                if self.ships_needed and total(self.among, non_ships(self.among)) else "")
        return (f"{self.power}: choose {self.count} "
                f"{'casualty' if self.count == 1 else 'casualties'} among "
                f"{describe_units(self.among)}{need}.")

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side, "power": self.power, "hits": self.hits,
                "sub_hits": self.sub_hits, "among": dict(self.among)}


def non_ships(units: Mapping[Kind, int]) -> list[Kind]:
    return [k for k in units if k not in SHIPS]


def casualty_count(units: Mapping[Kind, int], hits: int, sub_hits: int) -> int:
    """How many units `hits` (any unit) and `sub_hits` (ships only) remove."""
    ships = total(units, SHIPS)
    return min(total(units), hits + min(sub_hits, ships))


def default_casualties(units: Mapping[Kind, int], hits: int, sub_hits: int = 0,
                       order: Sequence[Kind] = DEFAULT_LOSS_ORDER) -> Counts:
    """The casualties a saved loss order picks: submarine hits take the first ships in the
    order, then the other hits the first units left in the order."""
    ranked = list(order) + [k for k in UNITS if k not in order]
    left = dict(units)
    chosen: Counts = {}
    for pool, count in ((SHIPS, sub_hits), (None, hits)):
        for kind in ranked:
            if count <= 0:
                break
            if pool is not None and kind not in pool:
                continue
            take = min(count, left.get(kind, 0))
            if take:
                chosen[kind] = chosen.get(kind, 0) + take
                left[kind] -= take
                count -= take
    return chosen


def check_casualties(choice: Choice, chosen: Mapping[Kind, int]) -> None:
    """Refuse, saying why, casualties that don't answer `choice`."""
    picked = {k: n for k, n in chosen.items() if n}
    for kind, n in picked.items():
        if n < 0 or choice.among.get(kind, 0) < n:
            raise NotAllowed(f"There are only {choice.among.get(kind, 0)} "
                             f"{UNITS[kind].plural} to lose, not {n}.")
    if total(picked) != choice.count:
        raise NotAllowed(f"Choose exactly {choice.count} "
                         f"{'casualty' if choice.count == 1 else 'casualties'}, not "
                         f"{total(picked)}: {describe_units(choice.among)} are in the battle.")
    if total(picked, SHIPS) < choice.ships_needed:
        raise NotAllowed(f"{choice.ships_needed} of the casualties must be ships: submarine "
                         f"hits can't be taken by aircraft or land units.")


@dataclass
class Battle:
    """One battle, from its first shot to its end (see the module's sequence)."""

    area: Area
    sea: bool
    attacker: Power
    attackers: Counts
    defenders: dict[Power, Counts]
    amphibious: Counts = field(default_factory=dict)  # attackers landed from the sea
    aa_gun: bool = False  # a defending AA gun fires at attacking aircraft before round 1
    bombard: int = 0  # battleships offshore supporting an amphibious assault
    retreats: list[Area] = field(default_factory=list)  # where the attacker may retreat
    techs: dict[Power, list[str]] = field(default_factory=dict)
    chooser: Power | None = None  # who chooses the defender's casualties
    round: int = 0
    stage: Literal["fighting", "choose", "retreat", "withdraw", "over"] = "fighting"
    step: Literal["open", "aa", "bombard", "first_strike", "fire", "round_end"] = "open"
    pending: list[Choice] = field(default_factory=list)
    outcome: Outcome | None = None
    lost: dict[Power, Counts] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    rules: BattleRules = CLASSIC_BATTLE
    retreated: Counts = field(default_factory=dict)  # attackers that withdrew
    # Where each defending power's submarines may withdraw (rules.sub_withdrawal), and the
    # powers already offered it this round.
    withdrawals: dict[Power, list[Area]] = field(default_factory=dict)
    asked: list[Power] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.attackers = {k: n for k, n in self.attackers.items() if n and k in _FIGHTING}
        self.defenders = {p: {k: n for k, n in c.items() if n and k in _FIGHTING}
                          for p, c in self.defenders.items()}
        self.defenders = {p: c for p, c in self.defenders.items() if c}
        if self.chooser is None:
            self.chooser = _chooser(self.defenders)

    # ----- what a player sees ----------------------------------------------

    @property
    def defending_units(self) -> Counts:
        out: Counts = {}
        for counts in self.defenders.values():
            for k, n in counts.items():
                out[k] = out.get(k, 0) + n
        return out

    @property
    def over(self) -> bool:
        return self.stage == "over"

    @property
    def decider(self) -> Power:
        """Who decides now whether to retreat: the attacker, or the defending power offered
        its submarines' withdrawal."""
        return self.asked[-1] if self.stage == "withdraw" and self.asked else self.attacker

    @property
    def refuges(self) -> list[Area]:
        """Where the decider's units may go now."""
        return list(self.withdrawals.get(self.decider, [])) if self.stage == "withdraw" \
            else list(self.retreats)

    def summary(self) -> str:
        against = describe_units(self.defending_units) if self.defending_units \
            else "the AA gun alone" if self.aa_gun else "no units"
        return (f"{self.attacker} attacks {self.area} with {describe_units(self.attackers)} "
                f"against {against}.")

    # ----- the sequence ----------------------------------------------------

    def advance(self, rng: Rng) -> list[str]:
        """Fight until an owner must choose casualties, the attacker may retreat, or the end.

        Returns the lines of what happened (also appended to `log`).
        """
        start = len(self.log)
        while self.stage == "fighting":
            getattr(self, f"_step_{self.step}")(rng)
        return self.log[start:]

    def choose(self, power: Power, chosen: Mapping[Kind, int]) -> list[str]:
        """`power` answers its pending casualty choice (then call `advance` again)."""
        choice = next((c for c in self.pending if c.power == power), None)
        if choice is None:
            raise NotAllowed(f"{power} has no casualties to choose in {self.area} now.")
        check_casualties(choice, chosen)
        picked = {k: n for k, n in chosen.items() if n}
        self.pending.remove(choice)
        self._remove(choice.side, picked)
        line = f"{choice.power} loses {describe_units(picked)}."
        self.log.append(line)
        if not self.pending:
            self.stage = "fighting"
        return [line]

    def choose_defaults(self, orders: Mapping[Power, Sequence[Kind]] | None = None) -> list[str]:
        """Answer every pending choice by the owners' saved loss orders (the deadline)."""
        lines: list[str] = []
        for choice in list(self.pending):
            order = (orders or {}).get(choice.power, DEFAULT_LOSS_ORDER)
            lines += self.choose(choice.power, default_casualties(
                choice.among, choice.hits, choice.sub_hits, order))
        return lines

    def retreat(self, to: Area) -> list[str]:
        """The attacker withdraws every unit that may retreat (not those landed from the
        sea, which fight on) to `to`."""
        if self.stage != "retreat":
            raise NotAllowed("The attacker may retreat only after a round, with both sides "
                             "still fighting.")
        if to not in self.retreats:
            options = ", ".join(self.retreats) or "nowhere"
            raise NotAllowed(f"Retreat from {self.area} is possible only to {_dot(options)}")
        leaving = subtract(self.attackers, self.amphibious)
        self.attackers = dict(self.amphibious)
        self.retreated = leaving
        line = f"{self.attacker} retreats {describe_units(leaving)} to {_dot(to)}"
        self.log.append(line)
        if self.attackers:
            self.stage = "fighting"
        else:
            self._end("retreat")
        return [line]

    def press_on(self) -> list[str]:
        """The attacker declines to retreat (the defending submarines offered to withdraw
        stay): the next round begins at `advance`."""
        if self.stage not in ("retreat", "withdraw"):
            raise NotAllowed("There is no retreat to decline now.")
        self._offer_withdrawal()
        return []

    def withdraw(self, power: Power, to: Area) -> list[str]:
        """`power`'s defending submarines leave the battle together for the sea zone `to`
        (the game moves them on the board)."""
        if self.stage != "withdraw" or self.decider != power:
            raise NotAllowed(f"{power} has no submarines that may withdraw from "
                             f"{self.area} now.")
        options = self.withdrawals.get(power, [])
        if to not in options:
            raise NotAllowed(f"The submarines may withdraw from {self.area} only to "
                             f"{_dot(', '.join(options) or 'nowhere')}")
        subs = self.defenders[power][SUBMARINE]
        self.defenders[power] = subtract(self.defenders[power], {SUBMARINE: subs})
        self.defenders = {p: c for p, c in self.defenders.items() if c}
        if self.chooser not in self.defenders:  # an ally left behind chooses its own losses
            self.chooser = _chooser(self.defenders)
        line = f"{power} withdraws {UNITS[SUBMARINE].label(subs)} to {_dot(to)}"
        self.log.append(line)
        if not self._check_end():
            self._offer_withdrawal()
        return [line]

    def _offer_withdrawal(self) -> None:
        """Offer the next defending power with submarines (in turn order) to withdraw them,
        once a round; else fight on."""
        for power in sorted(self.withdrawals, key=_turn):
            if power in self.asked or not self.withdrawals[power] \
                    or not self.defenders.get(power, {}).get(SUBMARINE):
                continue
            self.asked.append(power)
            self.stage = "withdraw"
            return
        self.stage = "fighting"

    # ----- the steps -------------------------------------------------------

    def _techs(self, power: Power) -> list[str]:
        return self.techs.get(power, [])

    def _step_open(self, rng: Rng) -> None:
        self.log.append(self.summary())
        self.round = 1
        self.step = "aa"

    def _step_aa(self, rng: Rng) -> None:
        self.step = "bombard"
        aircraft = {k: self.attackers.get(k, 0) for k in (FIGHTER, BOMBER)
                    if self.attackers.get(k, 0)}
        if not (self.aa_gun and not self.sea and aircraft):
            return
        hits = sum(sum(1 for d in rng.roll(n, label=f"AA gun at {UNITS[kind].plural}")
                       if d == 1) for kind, n in aircraft.items())
        if hits and len(aircraft) > 1 and hits < total(aircraft):
            # One die an aircraft; the attacker chooses which aircraft the hits down, as it
            # chooses its other casualties (reference "casualties", the 1984 rules).
            self.log.append(f"AA gun fires at {describe_units(aircraft)}: {_hits(hits)}, "
                            f"the attacker's choice.")
            self._ask("attacker", hits, 0, among=aircraft)
            return
        shot = default_casualties(aircraft, hits)
        self.log.append(f"AA gun fires at {describe_units(aircraft)}: "
                        f"{describe_units(shot) if shot else 'none'} shot down.")
        if shot:
            self._remove("attacker", shot)

    def _step_bombard(self, rng: Rng) -> None:
        self.step = "first_strike"
        if self._check_end() or not (self.bombard and self.amphibious) \
                or self.rules.bombardment_return_fire:
            return
        hits = _roll_hits(rng, self.bombard, attack(BATTLESHIP), "bombardment")
        self.log.append(f"Bombardment by {UNITS[BATTLESHIP].label(self.bombard)}: "
                        f"{_hits(hits)}.")
        self._ask("defender", hits, 0)

    def _step_first_strike(self, rng: Rng) -> None:
        self.step = "fire"
        subs = self.attackers.get(SUBMARINE, 0)
        if self._check_end() or not subs:
            return
        hits = _roll_hits(rng, subs, attack(SUBMARINE, self._techs(self.attacker)),
                          "attacking submarines")
        self.log.append(f"Round {self.round}: {UNITS[SUBMARINE].label(subs)} strike first: "
                        f"{_hits(hits)}.")
        general, restricted = (0, hits) if self.rules.sub_hits_ships_only else (hits, 0)
        self._ask("defender", general, restricted)

    def _step_fire(self, rng: Rng) -> None:
        self.step = "round_end"
        if self._check_end():
            return
        mine = self._techs(self.attacker)
        a_hits = 0
        for kind, n in sorted(self.attackers.items()):
            if kind == SUBMARINE:
                continue
            dice = n * attack_dice(kind, mine, heavy_bomber_dice=self.rules.heavy_bomber_dice)
            a_hits += _roll_hits(rng, dice, attack(kind, mine), f"attacking {UNITS[kind].plural}")
        support = ""
        if self.round == 1 and self.bombard and self.amphibious \
                and self.rules.bombardment_return_fire:
            shore = _roll_hits(rng, self.bombard, attack(BATTLESHIP), "bombardment")
            a_hits += shore
            support = (f" (bombardment by {UNITS[BATTLESHIP].label(self.bombard)}: "
                       f"{_hits(shore)})")
        d_hits = d_sub_hits = 0
        for power in sorted(self.defenders, key=_turn):
            for kind, n in sorted(self.defenders[power].items()):
                hits = _roll_hits(rng, n, defence(kind, self._techs(power)),
                                  f"defending {UNITS[kind].plural} of {power}")
                if kind == SUBMARINE and self.rules.sub_hits_ships_only:
                    d_sub_hits += hits
                else:
                    d_hits += hits
        self.log.append(f"Round {self.round}: the attack scores {_hits(a_hits)}{support}, "
                        f"the defence {_hits(d_hits + d_sub_hits)}.")
        self._ask("defender", a_hits, 0)
        self._ask("attacker", d_hits, d_sub_hits)

    def _step_round_end(self, rng: Rng) -> None:
        self.step = "first_strike"
        if self._check_end():
            return
        if not _can_hurt(self.attackers, self.defending_units, attacking=True) and \
                not _can_hurt(self.defending_units, self.attackers, attacking=False):
            self.log.append("Neither side can hurt the other: the battle stops.")
            self._end("draw")
            return
        self.round += 1
        self.asked = []
        if self.retreats and subtract(self.attackers, self.amphibious):
            self.stage = "retreat"
        elif self.withdrawals:
            self._offer_withdrawal()

    def _ask(self, side: Side, hits: int, sub_hits: int,
             among: Mapping[Kind, int] | None = None) -> None:
        """Queue a casualty choice (among some of the side's units, say its aircraft), or
        apply it at once when there is only one way."""
        units = dict(among) if among is not None else \
            self.attackers if side == "attacker" else self.defending_units
        count = casualty_count(units, hits, sub_hits)
        if count == 0:
            return
        power = self.attacker if side == "attacker" else (self.chooser or self.attacker)
        choice = Choice(side, power, hits, sub_hits, dict(units))
        kinds = [k for k, n in units.items() if n]
        ship_kinds = [k for k in kinds if k in SHIPS]
        if count == total(units) or len(kinds) == 1 or (
                choice.ships_needed == count and len(ship_kinds) == 1):
            picked = default_casualties(units, hits, sub_hits)
            self._remove(side, picked)
            self.log.append(f"{power} loses {describe_units(picked)}.")
            return
        self.pending.append(choice)
        self.stage = "choose"

    def _check_end(self) -> bool:
        a, d = total(self.attackers), total(self.defending_units)
        if a and d:
            return False
        self._end("attacker" if a else "defender" if d else "draw")
        return True

    def _end(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.stage = "over"
        self.pending = []
        text = {"attacker": f"{self.attacker} wins the battle in {_dot(self.area)}",
                "defender": f"The defence holds {_dot(self.area)}",
                "draw": (f"No side is left standing in {_dot(self.area)}"
                         if not (self.attackers or self.defenders) else
                         f"The battle in {self.area} ends with both sides left."),
                "retreat": f"{self.attacker} withdraws from {_dot(self.area)}"}[outcome]
        self.log.append(text)

    def _remove(self, side: Side, picked: Mapping[Kind, int]) -> None:
        if side == "attacker":
            self._lose_attackers(picked)
        else:
            self._lose_defenders(picked)

    def _lose_attackers(self, picked: Mapping[Kind, int]) -> None:
        self.attackers = subtract(self.attackers, picked)
        landed = {k: min(n, self.attackers.get(k, 0)) for k, n in self.amphibious.items()}
        self.amphibious = {k: n for k, n in landed.items() if n}
        lost = self.lost.setdefault(self.attacker, {})
        for k, n in picked.items():
            lost[k] = lost.get(k, 0) + n

    def _lose_defenders(self, picked: Mapping[Kind, int]) -> None:
        """Remove defender casualties: the chooser's own units of a kind first, then its
        allies' in turn order."""
        owners = sorted(self.defenders, key=lambda p: (p != self.chooser, _turn(p)))
        for kind, n in picked.items():
            for power in owners:
                take = min(n, self.defenders[power].get(kind, 0))
                if take:
                    self.defenders[power] = subtract(self.defenders[power], {kind: take})
                    lost = self.lost.setdefault(power, {})
                    lost[kind] = lost.get(kind, 0) + take
                    n -= take
        self.defenders = {p: c for p, c in self.defenders.items() if c}

    # ----- JSON --------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "area": self.area, "sea": self.sea, "attacker": self.attacker,
            "attackers": dict(self.attackers),
            "defenders": {p: dict(c) for p, c in self.defenders.items()},
            "amphibious": dict(self.amphibious), "aa_gun": self.aa_gun, "bombard": self.bombard,
            "retreats": list(self.retreats), "techs": {p: list(t) for p, t in self.techs.items()},
            "chooser": self.chooser, "round": self.round, "stage": self.stage, "step": self.step,
            "pending": [c.to_json() for c in self.pending], "outcome": self.outcome,
            "retreated": dict(self.retreated),
            "withdrawals": {p: list(z) for p, z in self.withdrawals.items()},
            "asked": list(self.asked),
            "lost": {p: dict(c) for p, c in self.lost.items()}, "log": list(self.log),
            "rules": {"bombardment_return_fire": self.rules.bombardment_return_fire,
                      "sub_hits_ships_only": self.rules.sub_hits_ships_only,
                      "heavy_bomber_dice": self.rules.heavy_bomber_dice,
                      "sub_withdrawal": self.rules.sub_withdrawal},
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Battle:
        battle = cls(
            raw["area"], bool(raw["sea"]), raw["attacker"], dict(raw["attackers"]),
            {p: dict(c) for p, c in raw["defenders"].items()}, dict(raw["amphibious"]),
            bool(raw["aa_gun"]), int(raw["bombard"]), list(raw["retreats"]),
            {p: list(t) for p, t in raw["techs"].items()}, raw["chooser"], int(raw["round"]),
            raw["stage"], raw["step"],
            [Choice(c["side"], c["power"], c["hits"], c["sub_hits"], dict(c["among"]))
             for c in raw["pending"]],
            raw["outcome"], {p: dict(c) for p, c in raw["lost"].items()}, list(raw["log"]),
            BattleRules(**raw["rules"]), dict(raw["retreated"]),
            # Stored before defending submarines could withdraw: none may.
            {p: list(z) for p, z in raw.get("withdrawals", {}).items()},
            list(raw.get("asked", [])))
        return battle


_FIGHTING = frozenset(k for k in UNITS if k not in (AA_GUN, FACTORY))


def _chooser(defenders: Mapping[Power, Counts]) -> Power | None:
    """The defending power with the most units (turn order on ties) chooses casualties,
    unless the game names another (the territory's controller)."""
    if not defenders:
        return None
    return max(defenders, key=lambda p: (total(defenders[p]), -_turn(p)))


def _turn(power: Power) -> int:
    """A power's place in the turn order (sides named otherwise, as in odds, go last)."""
    return POWERS.index(power) if power in POWERS else len(POWERS)


def _dot(area: Area) -> str:
    """The area ending a sentence ("Karelia S.S.R." already ends with its full stop)."""
    return area if area.endswith(".") else area + "."


def _hits(n: int) -> str:
    return f"{n} hit{'s' if n != 1 else ''}"


def _roll_hits(rng: Rng, dice: int, value: int, label: str) -> int:
    if dice <= 0 or value <= 0:
        return 0
    return sum(1 for d in rng.roll(dice, label=label) if d <= value)


def _can_hurt(shooters: Mapping[Kind, int], targets: Mapping[Kind, int], *,
              attacking: bool) -> bool:
    """Whether `shooters` (attacking or defending) could ever score a hit `targets` take."""
    for kind, n in shooters.items():
        if not n:
            continue
        value = UNITS[kind].attack if attacking else UNITS[kind].defence
        if value <= 0:
            continue
        if kind == SUBMARINE and not total(targets, SHIPS):
            continue
        return True
    return False


def start_battle(board: AAMap, pos: Position, area: Area, attacker: Power,
                 attackers: Mapping[Kind, int], *, amphibious: Mapping[Kind, int] | None = None,
                 bombard: int = 0, retreats: Sequence[Area] = (),
                 withdrawals: Mapping[Power, Sequence[Area]] | None = None,
                 rules: BattleRules = CLASSIC_BATTLE) -> Battle:
    """A battle in `area` of `attackers` (already moved in or not) against the enemies there;
    `withdrawals`: where each defending power's submarines may withdraw (rules permitting)."""
    enemies = pos.enemy_units(area, attacker)
    aa = any(AA_GUN in c for c in enemies.values())
    defenders = {p: {k: n for k, n in c.items() if k in _FIGHTING} for p, c in enemies.items()}
    chooser = pos.controller(area) if board.is_land(area) else None
    defenders = {p: c for p, c in defenders.items() if c}
    if chooser not in defenders:
        chooser = None
    return Battle(area, board.is_sea(area), attacker, dict(attackers), defenders,
                  dict(amphibious or {}), aa, bombard, list(retreats),
                  {p: sorted(pos.techs_of(p)) for p in dict.fromkeys([attacker, *defenders])},
                  chooser, rules=rules,
                  withdrawals={p: list(z) for p, z in (withdrawals or {}).items()
                               if rules.sub_withdrawal and z
                               and defenders.get(p, {}).get(SUBMARINE)})


# ----- after a battle ------------------------------------------------------------

def capture(board: AAMap, pos: Position, area: Area, attacker: Power) -> list[str]:
    """`attacker` takes land territory `area`: control, its AA guns and complex change hands;
    an ally's original territory is liberated back to it while that ally holds its capital,
    and an ally's capital always is (its complex too), which also gives the ally back every
    original territory its allies hold (TripleA's classic takeover); a captured capital's
    treasury goes to the captor. Returns what happened."""
    if not board.is_land(area):
        raise Unreadable(f"{area} is a sea zone: it can't be captured.")
    lines: list[str] = []
    previous = pos.controller(area)
    original = board.original_owner(area)
    new = attacker
    own_capital = original is not None and board.capital(original) == area
    if original is not None and original != attacker and allied(original, attacker) \
            and (own_capital or pos.friendly(board.capital(original), original)):
        new = original
        lines.append(f"{attacker} liberates {area}: it returns to {original}.")
    else:
        lines.append(f"{attacker} captures {_dot(area)}")
    pos.owner[area] = new
    pos.captured.add(area)
    for power, counts in list(pos.all_units(area).items()):
        if allied(power, attacker):
            continue
        lines += _seize(pos, area, power, new, counts)
    if previous is not None and not allied(previous, attacker):
        for power in POWERS:
            if board.capital(power) == area and previous == power:
                loot = pos.treasury.get(power, 0)
                pos.treasury[power] = 0
                pos.treasury[attacker] = pos.treasury.get(attacker, 0) + loot
                lines.append(f"{attacker} seizes {power}'s treasury: {loot} IPCs.")
    if own_capital and new == original and original != attacker:
        lines += _give_back(board, pos, original)
    return lines


def _seize(pos: Position, area: Area, holder: Power, new: Power, counts: Counts) -> list[str]:
    """`holder`'s AA guns and complex in `area` pass to `new` with the territory."""
    seized = {k: n for k, n in counts.items() if k in (AA_GUN, FACTORY) and n}
    if not seized or holder == new:
        return []
    pos.remove(area, holder, seized)
    pos.place(area, new, seized)
    return [f"{new} takes over {describe_units(seized)}."]


def _give_back(board: AAMap, pos: Position, power: Power) -> list[str]:
    """`power`'s capital is liberated: its original territories held by its allies return to
    it, with the AA guns and complexes in them."""
    lines: list[str] = []
    for area in sorted(board.land):
        holder = pos.controller(area)
        if board.original_owner(area) != power or holder is None or holder == power \
                or not allied(holder, power):
            continue
        pos.owner[area] = power
        lines.append(f"{area} returns to {_dot(power)}")
        for owner, counts in list(pos.all_units(area).items()):
            if allied(owner, power):
                lines += _seize(pos, area, owner, power, counts)
    return lines


@dataclass(frozen=True)
class BombingResult:
    bombers: int
    shot_down: int
    damage: int  # dice total of the surviving bombers
    paid: int  # IPCs the victim gave up (at most its treasury)
    shortfall: int  # damage beyond the treasury (Plotted A&A: taken from this turn's income)


def strategic_bombing(rng: Rng, bombers: int, treasury: int, *, aa_gun: bool,
                      techs: Collection[str] = (), heavy_bomber_dice: int = 3) -> BombingResult:
    """Bombers raid an industrial complex: the AA gun fires at each (a 1 hits), each survivor
    rolls 1 die (Heavy Bombers: 3), and the victim surrenders that many IPCs from its
    treasury (reference "Strategic bombing")."""
    if bombers <= 0:
        raise NotAllowed("Strategic bombing needs at least one bomber.")
    shot = sum(1 for d in rng.roll(bombers, label="AA gun at bombers") if d == 1) \
        if aa_gun else 0
    survivors = bombers - shot
    dice = survivors * (heavy_bomber_dice if HEAVY_BOMBERS in techs else 1)
    damage = sum(rng.roll(dice, label="bombing damage")) if dice else 0
    paid = min(damage, max(treasury, 0))
    return BombingResult(bombers, shot, damage, paid, damage - paid)


def rocket_attack(rng: Rng, treasury: int) -> BombingResult:
    """Rockets: an AA gun within 3 of an enemy complex rolls 1 die of bombing damage."""
    damage = rng.roll(1, label="rocket damage")[0]
    paid = min(damage, max(treasury, 0))
    return BombingResult(0, 0, damage, paid, damage - paid)


def rocket_targets(board: AAMap, pos: Position, power: Power, from_area: Area) -> list[Area]:
    """Enemy industrial complexes within 3 of an AA gun of `power` in `from_area`."""
    if AA_GUN not in pos.units_of(from_area, power):
        return []
    dist = board.distances(from_area, limit=3)
    return sorted(a for a, d in dist.items() if board.is_land(a) and any(
        FACTORY in c for p, c in pos.all_units(a).items() if not allied(p, power)))

