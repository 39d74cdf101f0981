"""The state of a `plotted-aa` game and the helpers every phase uses.

The board is public, as in classic A&A; what is secret is each power's plot until its
actions are revealed (and the salt of its commitment until the turn is over). The state
keeps, besides the `Position`:

- the turn and its stage (`develop`, `plot`, `execute`, `final-build`), whose turn it is in
  the stages played in turn order;
- each power's plot (`Action`s), whether it is submitted, its salt and published digest;
- during execution: the round, the power revealing, the revealed action awaiting its
  owner's decision, the battles it started (one `Battle` fought at a time), the aircraft
  that must land now, the units that moved (they move once a turn), the aircraft's moves
  used, the units built, the builds left for the Final Build Phase, the bombing shortfalls;
- the moves revealed this round, for the board (`moves` of the public view);
- each power's standing orders and its Develop Weapons answered ahead (secret until they
  act), what became of each revealed action this turn (the turn report), and what each
  power held when it last decided (its digest).
"""

from __future__ import annotations

from typing import Any

from engine import wording
from engine.aa.combat import Battle, BattleRules
from engine.aa.economy import EconomyRules
from engine.aa.map import AAMap, Area, classic_map
from engine.aa.movement import MoveRules, landing_ground
from engine.aa.names import AreaNames, one_full_stop
from engine.aa.position import Position
from engine.aa.units import AIRCRAFT, POWERS, Counts, Kind, Power, parse_units
from engine.aa.words import QUESTIONS
from engine.events import Event, Seat, public
from engine.game import Game, Prompt
from engine.games.plotted_aa.form import Action
from engine.rng import Rng

DEVELOP, PLOT, EXECUTE, FINAL_BUILD = "develop", "plot", "execute", "final-build"

#: The live and async time limits (seconds): the Plot Phase's, and every other decision's.
PACES = {"live": (15 * 60, 5 * 60), "async": (72 * 3600, 24 * 3600)}

STAGE_NAMES = {DEVELOP: "Develop Weapons Phase", PLOT: "Plot Phase",
               EXECUTE: "Execution Phase", FINAL_BUILD: "Final Build Phase"}


_NAMES: dict[int, AreaNames] = {}


def area_names(board: AAMap) -> AreaNames:
    """The name reader of a board, built once (it is immutable, and costly to build)."""
    names = _NAMES.get(id(board))
    if names is None:
        names = _NAMES[id(board)] = AreaNames(board)
    return names


def _counts(raw: dict[str, Any]) -> Counts:
    return {str(k): int(n) for k, n in raw.items()}


class PlottedBase(Game):
    """State and helpers; the phases are mixins over this class."""

    board: AAMap
    names: AreaNames
    pos: Position
    turn: int
    stage: str
    current: int  # index in POWERS of the power acting in a turn-order stage
    plots: dict[Power, list[Action]]
    submitted: dict[Power, bool]
    salts: dict[Power, str]
    digests: dict[Power, str]
    round: int
    revealed: Action | None
    battles: list[dict[str, Any]]  # battles this action started, not yet fought
    battle: Battle | None
    battle_info: dict[str, Any]  # the battle being fought: amphibious, sources, bombers...
    landings: list[dict[str, Any]]  # aircraft that must land now
    moved: dict[Power, dict[Area, Counts]]  # surface units that moved this turn
    flights: list[dict[str, Any]]  # aircraft that moved: kind, at, used, landed
    built: dict[Power, dict[Area, Counts]]  # units built this turn: they stay put
    placed: dict[Area, int]
    unbuilt: dict[Power, Counts]
    shortfall: dict[Power, int]
    rockets_fired: list[Area]  # AA guns whose rocket flew this turn
    moves: list[dict[str, Any]]  # the latest round's moves: power, from, to, units, round
    disclosed: dict[Power, dict[str, str]]
    loss_orders: dict[Power, list[Kind]]
    plot_notes: dict[Power, str]  # what a power's last plot change did (its sheet says it)
    held: list[str]  # while an action executes as plotted: why units stay (not state)
    # Standing orders (`orders.py`): power -> order -> setting; secret until they act.
    standing: dict[Power, dict[str, str]]
    ahead: dict[Power, dict[str, int]]  # Develop Weapons answered ahead: turn, dice
    outcomes: dict[Power, list[dict[str, Any]]]  # this turn: what became of each action
    ledger: dict[Power, dict[str, Any]]  # what each power held at its last decision
    # 1: a game begun before standing orders (every order "ask me", each landing group
    # asked apart), kept so that its stored steps replay as they were played; 2: since.
    rules_version: int

    # ----- options as rule objects -------------------------------------------

    @property
    def move_rules(self) -> MoveRules:
        # Aircraft Landing: "It doesn't matter if the friendly landing area changed hands
        # during the turn as long as it's friendly now and was friendly at the beginning of
        # the turn."
        return MoveRules(land_where_recaptured=True)

    def friendly_for_aircraft(self, area: Area, power: Power) -> bool:
        """A land area where `power`'s aircraft may defend and land: friendly now and at the
        start of the turn (Combat; Aircraft Landing)."""
        return landing_ground(self.pos, area, power, rules=self.move_rules)

    @property
    def battle_rules(self) -> BattleRules:
        # "Retreat moves by the attacker or by a defending submarine don't have to be plotted."
        return BattleRules(sub_withdrawal=True)

    @property
    def economy_rules(self) -> EconomyRules:
        # One AA gun of a power per territory (reference "Units"; "Getting Started": the
        # standard rules unless overridden): the plot check refuses a second one, and the
        # execution places or moves only what stays within it.
        axis = int(self.options["economic_victory"])
        return EconomyRules(placement_cap=self.options["placement_cap"],
                            axis_economic_victory=axis or None, one_aa_gun=True)

    @property
    def fly_over_fire(self) -> bool:
        """AA guns fire at enemy aircraft flying over their territory (the 1984 rules, which
        Plotted A&A follows unless it says otherwise: "Getting Started"), not only at those
        attacking it (option `aa_fly_over` off: TripleA's classic reading)."""
        return bool(self.options["aa_fly_over"])

    # ----- who and where -------------------------------------------------------

    @property
    def power(self) -> Power:
        return POWERS[self.current]

    def area(self, text: str) -> Area:
        return self.names.find(text)

    def units(self, text: str) -> Counts:
        return parse_units(text)

    def prompts(self) -> dict[Seat, Prompt]:
        """The prompts with every question in players' words (`engine/aa/words.py`)."""
        return wording.worded(super().prompts(), QUESTIONS)

    @property
    def turn_order(self) -> list[Seat]:
        """The powers' fixed order (USSR, Germany, United Kingdom, Japan, USA), whatever
        order their players joined in."""
        return [p for p in POWERS if p in self.seats]

    def say(self, kind: str, text: str, **data: Any) -> Event:
        return public(kind, one_full_stop(text), **data)

    def record_move(self, move: dict[str, Any]) -> None:
        """A move for the board: the view keeps the latest round's moves (those of the
        round being played, or of the round just over until the next one moves)."""
        if self.moves and self.moves[0]["round"] != self.round:
            self.moves = []
        self.moves.append({**move, "round": self.round})

    def last_round(self) -> int:
        return max((a.round for plot in self.plots.values() for a in plot), default=0)

    def action_of(self, power: Power, round_number: int) -> Action | None:
        return next((a for a in self.plots.get(power, []) if a.round == round_number), None)

    # ----- units that may still move ---------------------------------------------

    def aircraft_entries(self, power: Power, area: Area, kind: Kind) -> list[dict[str, Any]]:
        return [f for f in self.flights
                if f["power"] == power and f["at"] == area and f["kind"] == kind]

    def movable(self, power: Power, area: Area) -> Counts:
        """Units of `power` in `area` that may still move: not moved (aircraft: not landed),
        not built this turn."""
        have = self.pos.units_of(area, power)
        out: Counts = {}
        for kind, n in have.items():
            if kind in AIRCRAFT:
                landed = sum(1 for f in self.aircraft_entries(power, area, kind) if f["landed"])
                free = n - landed
            else:
                free = n - self.moved.get(power, {}).get(area, {}).get(kind, 0) \
                    - self.built.get(power, {}).get(area, {}).get(kind, 0)
            if free > 0:
                out[kind] = free
        return out

    def note_moved(self, power: Power, area: Area, units: Counts) -> None:
        here = self.moved.setdefault(power, {}).setdefault(area, {})
        for kind, n in units.items():
            if kind not in AIRCRAFT and n:
                here[kind] = here.get(kind, 0) + n

    def take_aircraft(self, power: Power, area: Area, kind: Kind,
                      count: int) -> list[dict[str, Any]]:
        """The entries of `count` movable aircraft of `kind` in `area`: those that haven't
        moved yet first (entries created for them), then those aloft with most fuel left."""
        entries = self.aircraft_entries(power, area, kind)
        here = self.pos.units_of(area, power).get(kind, 0)
        fresh = max(0, here - len(entries))
        out: list[dict[str, Any]] = []
        for _ in range(min(count, fresh)):
            entry = {"power": power, "kind": kind, "at": area, "used": 0, "landed": False}
            self.flights.append(entry)
            out.append(entry)
        aloft = sorted((f for f in entries if not f["landed"]), key=lambda f: f["used"])
        return out + aloft[:count - len(out)]

    def reconcile_flights(self, area: Area) -> None:
        """After losses: forget the entries of aircraft no longer there (most used first)."""
        for power in POWERS:
            for kind in AIRCRAFT:
                entries = self.aircraft_entries(power, area, kind)
                extra = len(entries) - self.pos.units_of(area, power).get(kind, 0)
                for entry in sorted(entries, key=lambda f: -f["used"])[:max(extra, 0)]:
                    self.flights.remove(entry)

    # ----- standing orders (the hook the phases call; `orders.py` answers it) ---------

    def settle(self, rng: Rng) -> list[Event]:
        """Take the decisions that standing orders cover, at once, inside the action that
        asks them (until a question they don't cover, or none): see `orders.py`."""
        return []

    def note_built(self, power: Power, units: Counts) -> None:
        """Units just built (the power's digest counts them: `report.py`)."""

    # ----- state -------------------------------------------------------------------

    def fresh_turn(self) -> None:
        self.pos.new_turn()
        self.plots = {p: [] for p in POWERS}
        self.submitted = {p: False for p in POWERS}
        self.salts = {}
        self.digests = {}
        self.round = 0
        self.revealed = None
        self.battles = []
        self.battle = None
        self.battle_info = {}
        self.landings = []
        self.moved = {}
        self.flights = []
        self.built = {}
        self.placed = {}
        self.unbuilt = {}
        self.shortfall = {}
        self.moves = []
        self.plot_notes = {}
        self.rockets_fired = []
        self.outcomes = {}

    def _dump(self) -> dict[str, Any]:
        return {
            "position": self.pos.to_json(), "turn": self.turn, "stage": self.stage,
            "current": self.current,
            "plots": {p: [a.to_json() for a in plot] for p, plot in self.plots.items()},
            "submitted": dict(self.submitted), "salts": dict(self.salts),
            "digests": dict(self.digests), "round": self.round,
            "revealed": self.revealed.to_json() if self.revealed else None,
            "battles": [dict(b) for b in self.battles],
            "battle": self.battle.to_json() if self.battle else None,
            "battle_info": dict(self.battle_info),
            "landings": [dict(x) for x in self.landings],
            "moved": {p: {a: dict(c) for a, c in by.items()} for p, by in self.moved.items()},
            "flights": [dict(f) for f in self.flights],
            "built": {p: {a: dict(c) for a, c in by.items()} for p, by in self.built.items()},
            "placed": dict(self.placed),
            "unbuilt": {p: dict(c) for p, c in self.unbuilt.items() if c},
            "shortfall": dict(self.shortfall), "moves": [dict(m) for m in self.moves],
            "disclosed": {p: dict(d) for p, d in self.disclosed.items()},
            "loss_orders": {p: list(o) for p, o in self.loss_orders.items()},
            "plot_notes": dict(self.plot_notes),
            "rockets_fired": list(self.rockets_fired),
            "standing": {p: dict(o) for p, o in self.standing.items()},
            "ahead": {p: dict(a) for p, a in self.ahead.items()},
            "outcomes": {p: [dict(o) for o in out] for p, out in self.outcomes.items()},
            "ledger": {p: _ledger_json(entry) for p, entry in self.ledger.items()},
            "rules_version": self.rules_version,
        }

    def _restore(self, data: dict[str, Any]) -> None:
        self.board = classic_map()
        self.names = area_names(self.board)
        self.pos = Position.from_json(data["position"])
        self.turn = int(data["turn"])
        self.stage = str(data["stage"])
        self.current = int(data["current"])
        self.plots = {p: [Action.from_json(a) for a in plot]
                      for p, plot in data["plots"].items()}
        self.submitted = {p: bool(v) for p, v in data["submitted"].items()}
        self.salts = dict(data["salts"])
        self.digests = dict(data["digests"])
        self.round = int(data["round"])
        self.revealed = Action.from_json(data["revealed"]) if data["revealed"] else None
        self.battles = [dict(b) for b in data["battles"]]
        self.battle = Battle.from_json(data["battle"]) if data["battle"] else None
        self.battle_info = dict(data["battle_info"])
        self.landings = [dict(x) for x in data["landings"]]
        self.moved = {p: {a: _counts(c) for a, c in by.items()}
                      for p, by in data["moved"].items()}
        self.flights = [dict(f) for f in data["flights"]]
        self.built = {p: {a: _counts(c) for a, c in by.items()}
                      for p, by in data["built"].items()}
        self.placed = {a: int(n) for a, n in data["placed"].items()}
        self.unbuilt = {p: _counts(c) for p, c in data["unbuilt"].items()}
        self.shortfall = {p: int(n) for p, n in data["shortfall"].items()}
        self.moves = [dict(m) for m in data["moves"]]
        self.disclosed = {p: dict(d) for p, d in data["disclosed"].items()}
        self.loss_orders = {p: list(o) for p, o in data["loss_orders"].items()}
        self.plot_notes = {str(p): str(n) for p, n in data.get("plot_notes", {}).items()}
        self.rockets_fired = [str(a) for a in data.get("rockets_fired", [])]
        # A state stored before standing orders: every order "ask me", landings as then.
        self.standing = {str(p): {str(k): str(v) for k, v in o.items()}
                         for p, o in data.get("standing", {}).items()}
        self.ahead = {str(p): {str(k): int(v) for k, v in a.items()}
                      for p, a in data.get("ahead", {}).items()}
        self.outcomes = {str(p): [dict(o) for o in out]
                         for p, out in data.get("outcomes", {}).items()}
        self.ledger = {str(p): _ledger_json(entry) for p, entry in data.get("ledger", {}).items()}
        self.rules_version = int(data.get("rules_version", 1))


def _ledger_json(entry: dict[str, Any]) -> dict[str, Any]:
    """A copy of a power's ledger entry (`digest.py`): unit counts, areas held, when."""
    return {"units": _counts(entry.get("units", {})), "built": _counts(entry.get("built", {})),
            "areas": [str(a) for a in entry.get("areas", [])], "when": str(entry.get("when", ""))}


def seat_of(power: Power) -> Seat:
    """Seats are the powers themselves."""
    return power
