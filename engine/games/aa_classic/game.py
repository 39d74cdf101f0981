"""`aa-classic`: Axis & Allies (1984 board, 2nd-edition rules) by chat, on `engine.aa`.

Seats are the five powers in turn order (one player may hold several). Each power's turn:
weapons development, purchase, combat movement, combat (casualties chosen by their owners),
non-combat movement, placement, income.

Deadline policy: a missed development or purchase phase buys nothing (a breakthrough left
unchosen, option research: pick, takes the first development missing on the chart); missed
movement moves nothing; a missed casualty choice takes the power's saved loss order; a
missed retreat decision presses on; missed placement places what was bought at the
complexes as capacity allows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.aa.economy import income
from engine.aa.map import classic_map
from engine.aa.names import classic_names
from engine.aa.odds_question import Board as OddsBoard
from engine.aa.odds_question import ask_odds
from engine.aa.position import Position
from engine.aa.spelling import SpelledNames
from engine.aa.units import (
    DEVELOPMENT_NAMES,
    DEVELOPMENTS,
    POWERS,
    ROCKETS,
    describe_units,
    unit_stacks,
)
from engine.errors import NotAllowed, RuleError, Unreadable
from engine.events import Event, Seat, private
from engine.game import ActionSpec, Choice, Option, Param, Prompt
from engine.games.aa_classic import statecheck
from engine.games.aa_classic.base import (
    COMBAT,
    COMBAT_MOVE,
    NONCOMBAT_MOVE,
    PLACE,
    PURCHASE,
    RESEARCH,
    STAGE_NAMES,
)
from engine.games.aa_classic.battles import Battles
from engine.games.aa_classic.moves import Moves
from engine.games.aa_classic.turn import Turn
from engine.registry import register
from engine.rng import Rng

RULINGS = (
    "PAA-1: area names as the 1984 board's players write them (E Med, FE Afr, Karelia, "
    "Bering Sea, ...) are accepted everywhere an area is asked for.",
    "AA-1: a complex places at most its territory's IPC value of units a turn "
    "(option placement_cap: unlimited, or new-and-captured: only complexes built or "
    "captured are capped, as the 1984 game's data has it).",
    "AA-2: casualties of a defence shared by allies are chosen by the territory's "
    "controller (at sea, the power with the most units there), its own units first.",
)

UNITS_HINT = "units, e.g. \"3 inf, 2 arm, ftr\""


class AAClassicRules(Moves, Battles, Turn):
    """Axis & Allies classic for the five powers: the rules, in the board's own names."""

    variant = "aa-classic"
    title = "Axis & Allies (classic)"
    summary = ("The 1984 Axis & Allies: five powers, purchase, combat movement, battles with "
               "casualties chosen by their owners, an exact battle calculator.")
    rulings = RULINGS
    min_seats = 5
    max_seats = 5
    seat_names = POWERS
    options_spec = (
        Option("placement_cap", "ipc", "A complex places at most its territory's IPC value "
               "of units a turn ('ipc'), or any number ('unlimited'), or only complexes "
               "built or captured are capped ('new-and-captured', the 1984 game's data).",
               choices=("ipc", "unlimited", "new-and-captured"), label="Complex production cap"),
        Option("neutrals", "pay", "Land units may enter a neutral territory in combat "
               "movement for 3 IPCs ('pay'), or never ('closed').", choices=("pay", "closed"), label="Neutral territories"),
        Option("transport", "classic", "A transport carries 2 infantry, 1 armour or 1 AA gun "
               "('classic'), or 1 infantry and 1 other land unit ('revised').",
               choices=("classic", "revised"), label="Transport capacity"),
        Option("research", "random", "A breakthrough is a random development not yet owned "
               "('random', classic), or the player's choice ('pick', the revised rules).",
               choices=("random", "pick"), label="Weapons breakthroughs"),
        Option("bombardment_return_fire", True, "Defenders hit by shore bombardment still "
               "fire back in the first round.", label="Bombarded defenders fire back"),
        Option("aa_fly_over", True, "AA guns fire at enemy aircraft flying over their "
               "territory (the 1984 rules); off: only at aircraft attacking it (TripleA).", label="AA guns fire at aircraft flying over"),
        Option("axis_economic_victory", 84, "The Axis win at this combined income at the end "
               "of a round (0: no economic victory).", minimum=0, maximum=147, label="Axis economic victory (IPCs)"),
    )
    free_actions = frozenset({"loss-order"})
    queries = frozenset({"odds", "units"})
    render_on = frozenset({"turn_started", "combat_over", "game_over", "captured"})
    check_state = staticmethod(statecheck.check_state)  # what an imported state must be

    def setup(self, rng: Rng) -> list[Event]:
        self.board = classic_map()
        self.names = classic_names()  # one reader for every game (it is read-only)
        self.pos = Position.opening(self.board)
        self.round = 1
        self.current = 0
        self.loss_orders = {}
        self.fresh_turn()
        return [self.say("turn_started", f"Round 1: USSR's turn "
                         f"({self.pos.treasury['USSR']} IPCs).")]

    # ----- prompts -------------------------------------------------------------

    def _prompts(self) -> dict[Seat, Prompt]:
        seat = self.seat_of(self.power)
        end = ActionSpec("end-phase", f"End {STAGE_NAMES.get(self.stage, self.stage)}")
        move = ActionSpec("move", "Move units", (
            Param("units"), Param("from_area"), Param("to"), Param("via", required=False),
            Param("bomb", required=False, kind="bool")))
        if self.stage == RESEARCH and self.to_pick:
            missing = tuple(Choice(d, DEVELOPMENT_NAMES[d]) for d in DEVELOPMENTS
                            if d not in self.pos.techs_of(self.power))
            return {seat: Prompt(seat, f"Choose {self.to_pick} development"
                                 f"{'s' if self.to_pick != 1 else ''}.", (
                ActionSpec("develop", "Choose a development",
                           (Param("development", missing),)),))}
        if self.stage == RESEARCH:
            return {seat: Prompt(seat, "Weapons development (5 IPCs a die) or "
                                 "end the phase.", (
                ActionSpec("research", "Roll research dice", (Param("dice", kind="int"),)),
                end))}
        if self.stage == PURCHASE:
            return {seat: Prompt(seat, f"Buy {UNITS_HINT} "
                                 f"({self.pos.treasury[self.power]} IPCs).",
                                 (ActionSpec("buy", "Buy units", (Param("units"),)), end))}
        if self.stage in (COMBAT_MOVE, NONCOMBAT_MOVE):
            what = "attack" if self.stage == COMBAT_MOVE else "move and land aircraft"
            load = ActionSpec("load", "Load a transport", (
                Param("units"), Param("from_area"), Param("sea")))
            unload = ActionSpec("unload", "Unload a transport", (
                Param("units"), Param("sea"), Param("to")))
            actions: tuple[ActionSpec, ...] = (move, load, unload)
            if self.stage == COMBAT_MOVE:
                actions += (ActionSpec("attack", "Attack", (
                    Param("units"), Param("from_area"), Param("to"),
                    Param("via", required=False))),)
                if ROCKETS in self.pos.techs_of(self.power):
                    actions += (ActionSpec("rockets", "Fire a rocket", (
                        Param("from_area"), Param("target"))),)
            else:
                actions += (ActionSpec("land", "Land aircraft", (
                    Param("units"), Param("from_area"), Param("to"))),)
            actions += (end,)
            return {seat: Prompt(seat, f"{what[:1].upper()}{what[1:]}, then end the phase.",
                                 actions)}
        if self.stage == PLACE:
            return {seat: Prompt(seat, f"Place {describe_units(self.bought)}.", (
                ActionSpec("place", "Place units", (Param("units"), Param("at"),
                                                    Param("sea", required=False))), end))}
        if self.stage == COMBAT:
            return self.ditch_prompt() if self.ditching else self.battle_prompts()
        return {}

    def do_end_phase(self, seat: Seat, rng: Rng) -> list[Event]:
        stage = self.stage
        events: list[Event] = []
        if stage == RESEARCH:
            self.stage = PURCHASE
        elif stage == PURCHASE:
            self.pay_purchase()
            self.stage = COMBAT_MOVE
            if self.bought:
                events.append(self.say("purchase", f"{self.power} buys "
                                       f"{describe_units(self.bought)}."))
        elif stage == COMBAT_MOVE:
            self.stage = COMBAT
            events += self.begin_combat(rng)
        elif stage == NONCOMBAT_MOVE:
            events += self.crash_unlanded()
            self.stage = PLACE
        elif stage == PLACE:
            events += self.placing_done()
        else:
            raise NotAllowed("Battles end when they are fought out.")
        if not any(e.kind == "combat_over" for e in events):  # that said the new phase already
            events.append(self.say("phase", f"{self.power}: {STAGE_NAMES.get(self.stage, '')}."))
        return events

    def do_land(self, seat: Seat, rng: Rng, units: str | None = None,
                from_area: str | None = None, to: str | None = None) -> list[Event]:
        """Aircraft land: in non-combat movement the power's own (`units` from `from`); in
        combat, defending fighters whose carrier was sunk (their owner names only `to`)."""
        if to is None:
            raise Unreadable("Land where? Name the area.")
        if self.stage == COMBAT:
            return self.do_land_stranded(seat, rng, to)
        if units is None or from_area is None:
            raise Unreadable("Land which aircraft, from where? Name the units and the area "
                             "they are in.")
        return self.land_aircraft(seat, rng, units, from_area, to)

    # ----- questions -------------------------------------------------------------

    def do_odds(self, seat: Seat, rng: Rng, attackers: str | None = None,
                defenders: str | None = None, area: str | None = None,
                aa_gun: bool | None = None, bombard: int | None = None,
                defender: str | None = None) -> list[Event]:
        """Exact odds, privately: typed armies, an area as it stands, or the battle being
        fought, each side with its weapons developments (`engine.aa.odds_question`, the
        one code path of both A&A games)."""
        text = ask_odds(self.odds_board(), seat, attackers=attackers, defenders=defenders,
                        area=self.area(area) if area else None, aa_gun=aa_gun,
                        bombard=bombard, defender=defender)
        return [private(seat, "odds", text)]

    def odds_board(self) -> OddsBoard:
        """What the odds read: the units the power whose turn it is may still move this
        phase (`available`), every unit of the others."""
        def free(power: str, area: str) -> dict[str, int]:
            if power == self.power and self.stage == COMBAT_MOVE:
                return self.available(area)
            return self.pos.units_of(area, power)

        return OddsBoard(self.board, self.pos, self.move_rules, self.battle_rules,
                         self.loss_orders, self.battle, free)

    def do_units(self, seat: Seat, rng: Rng, area: str | None = None) -> list[Event]:
        areas = [self.area(area)] if area else sorted(self.pos.units)
        lines = []
        for a in areas:
            parts = [f"{p}: {describe_units(c)}" for p, c in self.pos.all_units(a).items()]
            if parts:
                lines.append(f"{a}: " + "; ".join(parts))
        return [private(seat, "units", "\n".join(lines) or "No units there.")]

    # ----- deadline ----------------------------------------------------------------

    def timeout_actions(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        seat = self.seat_of(self.power)
        if self.stage == RESEARCH and self.to_pick:
            # A breakthrough not chosen by the deadline: the first missing on the chart.
            first = next(d for d in DEVELOPMENTS if d not in self.pos.techs_of(self.power))
            return [(seat, "develop", {"development": first})]
        if self.stage == COMBAT and self.ditching:
            power, zone = self.ditching[0][0], self.ditching[0][1]
            return [(self.seat_of(power), "land", {"to": self.ditch_spots(power, zone)[0]})]
        if self.stage == COMBAT and self.battle is not None:
            if self.battle.pending:
                return [(self.seat_of(c.power), "casualties",
                         {"units": self.default_casualties_for(c.power)})
                        for c in self.battle.pending[:1]]
            return [(self.battle.decider, "continue", {})]
        return [(seat, "end-phase", {})]

    # ----- what a player may mean -------------------------------------------------

    def suggest(self, seat: Seat, action: str, param: str,
                typed: Mapping[str, Any]) -> list[str]:
        """The `units` a power may mean (A&A classic has no secrets): the casualties its
        saved loss order picks in the battle waiting for it; else, on its turn, what it
        bought (placing) or what stands free to move in the area named in `from_area`
        (`sea` for unloading), as a whole and by kind."""
        if param != "units":
            return []
        if action == "casualties":
            prompt = self.prompts().get(seat)
            return [self.default_casualties_for(seat)] if prompt and prompt.action(action) \
                else []
        if seat != self.power:
            return []
        if action == "place":
            return unit_stacks(dict(self.bought))
        where = typed.get("sea" if action == "unload" else "from_area")
        if not where:
            return []
        try:
            area = self.names.find(str(where))
        except RuleError:
            return []
        if action == "unload":
            return unit_stacks(self.pos.cargo_of(area, self.power))
        return unit_stacks({k: n for k, n in self.available(area).items() if k != "factory"})

    # ----- views -------------------------------------------------------------------

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        # The round and the power to play are the view's `round` and `current`.
        return STAGE_NAMES.get(self.stage, self.stage)

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        battle = self.battle
        return {
            "round": self.round, "power": self.power, "stage": self.stage,
            "position": self.pos.to_json(), "bought": dict(self.bought),
            "battle": None if battle is None else {
                "area": battle.area, "attacker": battle.attacker,
                "attackers": dict(battle.attackers), "defenders": battle.defenders,
                "round": battle.round, "log": list(battle.log[-8:])},
            "battles": list(self.battles),
            "moves": [{"from": a, "to": b, "power": p} for a, b, p in self.arrows],
            "current": self.power,
            "income": {p: income(self.board, self.pos, p) for p in POWERS},
            "amphibious": {a: dict(c) for a, c in self.amphibious.items()},
        }


@register
class AAClassic(SpelledNames, AAClassicRules):
    """Axis & Allies classic as its players read it: every text the game hands out names
    the areas spelled right (`engine.aa.spelling`), its own hooks' texts included."""
