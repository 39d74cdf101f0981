"""The state of an `aa-classic` game and the helpers every phase uses.

Everything on the board is public in classic A&A, so the whole state is in every view; the
engine's blocks (`engine.aa`) do the rules, this package only keeps the turn's bookkeeping:
whose turn and which phase, what was bought and placed, which units moved (a unit moves in
combat movement or in non-combat movement, not both; aircraft keep their moves used, to land),
the battles to fight and the one being fought.
"""

from __future__ import annotations

from typing import Any

from engine import wording
from engine.aa.combat import Battle, BattleRules
from engine.aa.economy import EconomyRules
from engine.aa.map import AAMap, Area, classic_map
from engine.aa.movement import MoveRules
from engine.aa.names import AreaNames, classic_names, one_full_stop
from engine.aa.position import Position
from engine.aa.units import AIRCRAFT, POWERS, UNITS, Counts, Kind, Power, parse_units
from engine.aa.words import QUESTIONS
from engine.errors import NotAllowed
from engine.events import Event, Seat, public
from engine.game import Game, Prompt

RESEARCH, PURCHASE, COMBAT_MOVE, COMBAT, NONCOMBAT_MOVE, PLACE = (
    "research", "purchase", "combat-move", "combat", "noncombat-move", "place")
STAGES = (RESEARCH, PURCHASE, COMBAT_MOVE, COMBAT, NONCOMBAT_MOVE, PLACE)
STAGE_NAMES = {RESEARCH: "weapons development", PURCHASE: "purchase",
               COMBAT_MOVE: "combat movement", COMBAT: "combat",
               NONCOMBAT_MOVE: "non-combat movement", PLACE: "placement"}


class AAClassicBase(Game):
    """State and helpers; the phases are mixins over this class."""

    board: AAMap
    names: AreaNames
    pos: Position
    round: int
    current: int
    stage: str
    bought: Counts
    placed: dict[Area, int]
    moved: dict[Area, Counts]
    flights: list[dict[str, Any]]
    attacks: dict[Area, list[Area]]
    raids: dict[Area, int]
    amphibious: dict[Area, Counts]
    rockets_fired: list[Area]
    declared: list[list[Any]]
    built: list[Area]
    ditching: list[list[Any]]
    to_pick: int
    landings: dict[Area, list[Area]]
    battles: list[Area]
    battle: Battle | None
    loss_orders: dict[Power, list[Kind]]
    arrows: list[list[str]]

    # ----- options as rule objects ------------------------------------------

    @property
    def move_rules(self) -> MoveRules:
        return MoveRules(neutrals=self.options["neutrals"],
                         transport=self.options["transport"])

    @property
    def battle_rules(self) -> BattleRules:
        return BattleRules(bombardment_return_fire=self.options["bombardment_return_fire"])

    @property
    def fly_over_fire(self) -> bool:
        """AA guns fire at enemy aircraft flying over their territory (the 1984 rules), not
        only at those attacking it (TripleA's classic reading, the option off)."""
        return bool(self.options["aa_fly_over"])

    @property
    def economy_rules(self) -> EconomyRules:
        cap = self.options["placement_cap"]
        axis = int(self.options["axis_economic_victory"])
        return EconomyRules(placement_cap=cap, axis_economic_victory=axis or None,
                            one_aa_gun=True)

    # ----- who and where --------------------------------------------------

    @property
    def power(self) -> Power:
        return POWERS[self.current]

    def seat_of(self, power: Power) -> Seat:
        return power

    def area(self, text: str) -> Area:
        return self.names.find(text)

    def units(self, text: str) -> Counts:
        return parse_units(text)

    def available(self, area: Area, kinds: set[Kind] | None = None) -> Counts:
        """Units of the current power in `area` that may still move this phase: aircraft
        that attacked or raided there in combat movement move again only to land."""
        have = self.pos.units_of(area, self.power)
        moved = self.moved.get(area, {})
        # Units that moved here may since have died: never below zero.
        out = {k: max(0, n - (self.engaged(area, k) if k in AIRCRAFT else moved.get(k, 0)))
               for k, n in have.items()}
        return {k: n for k, n in out.items() if n and (kinds is None or k in kinds)}

    def engaged(self, area: Area, kind: Kind) -> int:
        """Aircraft of `kind` committed to the attack or raid on `area` in combat movement."""
        if self.stage != COMBAT_MOVE:
            return 0
        return sum(1 for f in self.flights
                   if f["at"] == area and f["kind"] == kind and f.get("engaged"))

    def note_moved(self, area: Area, units: Counts) -> None:
        here = self.moved.setdefault(area, {})
        for kind, n in units.items():
            if kind not in AIRCRAFT:
                here[kind] = here.get(kind, 0) + n

    def forget_moved(self, area: Area, units: Counts) -> None:
        here = self.moved.get(area, {})
        for kind, n in units.items():
            if kind in here:
                here[kind] = max(0, here[kind] - n)

    def flight(self, area: Area, kind: Kind) -> dict[str, Any]:
        """The aircraft of `kind` in `area` free to fly with the most moves left (its
        entry; a new one for an aircraft that hasn't flown this turn)."""
        entries = [f for f in self.flights if f["at"] == area and f["kind"] == kind]
        here = self.pos.units_of(area, self.power).get(kind, 0)
        if len(entries) < here:
            return {"kind": kind, "at": area, "used": 0, "new": True}
        free = [f for f in entries if not (self.stage == COMBAT_MOVE and f.get("engaged"))]
        if not free:
            raise NotAllowed(f"{self.power} has no {UNITS[kind].name} in {area}"
                             + ("" if area.endswith(".") else "."))
        return min(free, key=lambda f: f["used"])

    def fly(self, entry: dict[str, Any], to: Area, steps: int) -> None:
        if entry.pop("new", False):
            self.flights.append(entry)
        entry["at"] = to
        entry["used"] = int(entry["used"]) + steps

    def prompts(self) -> dict[Seat, Prompt]:
        """The prompts with every question in players' words (`engine/aa/words.py`)."""
        return wording.worded(super().prompts(), QUESTIONS)

    @property
    def turn_order(self) -> list[Seat]:
        """The powers' fixed order (USSR, Germany, United Kingdom, Japan, USA), whatever
        order their players joined in."""
        return [p for p in POWERS if p in self.seats]

    def say(self, kind: str, text: str, **data: Any) -> Event:
        return public(kind, one_full_stop(text),
                      **{"power": self.power, **data})

    # ----- state -------------------------------------------------------------

    def fresh_turn(self) -> None:
        self.stage = RESEARCH
        self.bought = {}
        self.placed = {}
        self.moved = {}
        self.flights = []
        self.attacks = {}
        self.raids = {}
        self.amphibious = {}
        self.landings = {}
        self.rockets_fired = []
        self.declared = []
        self.built = []
        self.ditching = []
        self.to_pick = 0
        self.battles = []
        self.battle = None
        self.arrows = []
        self.pos.new_turn()

    def _dump(self) -> dict[str, Any]:
        return {
            "position": self.pos.to_json(), "round": self.round, "current": self.current,
            "stage": self.stage, "bought": dict(self.bought), "placed": dict(self.placed),
            "moved": {a: dict(c) for a, c in self.moved.items() if any(c.values())},
            "flights": [dict(f) for f in self.flights],
            "attacks": {a: list(s) for a, s in self.attacks.items()},
            "raids": dict(self.raids), "battles": list(self.battles),
            "amphibious": {a: dict(c) for a, c in self.amphibious.items()},
            "landings": {a: list(z) for a, z in self.landings.items()},
            "rockets_fired": list(self.rockets_fired),
            "declared": [[z, a, dict(c)] for z, a, c in self.declared],
            "built": list(self.built), "ditching": [list(d) for d in self.ditching],
            "to_pick": self.to_pick,
            "battle": self.battle.to_json() if self.battle else None,
            "loss_orders": {p: list(o) for p, o in self.loss_orders.items()},
            "arrows": [list(a) for a in self.arrows],
        }

    def _restore(self, data: dict[str, Any]) -> None:
        self.board = classic_map()
        self.names = classic_names()  # one reader for every game (it is read-only)
        self.pos = Position.from_json(data["position"])
        self.round = int(data["round"])
        self.current = int(data["current"])
        self.stage = str(data["stage"])
        self.bought = dict(data["bought"])
        self.placed = dict(data["placed"])
        self.moved = {a: dict(c) for a, c in data["moved"].items()}
        self.flights = [dict(f) for f in data["flights"]]
        self.attacks = {a: list(s) for a, s in data["attacks"].items()}
        self.raids = dict(data["raids"])
        self.battles = list(data["battles"])
        self.amphibious = {a: dict(c) for a, c in data["amphibious"].items()}
        self.landings = {a: list(z) for a, z in data["landings"].items()}
        self.rockets_fired = list(data["rockets_fired"])
        self.declared = [[z, a, dict(c)] for z, a, c in data["declared"]]
        self.built = list(data.get("built", []))
        self.ditching = [list(d) for d in data.get("ditching", [])]
        self.to_pick = int(data["to_pick"])
        self.battle = Battle.from_json(data["battle"]) if data["battle"] else None
        self.loss_orders = {p: list(o) for p, o in data["loss_orders"].items()}
        self.arrows = [list(a) for a in data["arrows"]]

