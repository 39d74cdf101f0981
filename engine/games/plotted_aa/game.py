"""`plotted-aa`: Plotted Axis & Allies (shared/rules/plotted-aa.md) on the `engine.aa` blocks.

Seats are the five powers (one user may hold several; each power's plot stays its own).
A turn: the Develop Weapons Phase in turn order; the Plot Phase, simultaneous and secret,
each plot committed by a published digest at submit; the Execution Phase, round by round,
each power revealing its action in turn order and executing all, some or none of it, with
combat fought before the next power acts; the Final Build Phase; Collect Income.

Standing orders (`orders.py`) answer a power's routine questions at once, inside the action
that asks them; the async pace starts every power with the usual ones, the live pace with
"ask me". The turn report (`report.py`) ends the Execution Phase.

Deadline policy (`timeout_actions`, in `orders.py`): it answers by the standing orders. A
missed weapons development develops nothing (unless answered ahead); at the Plot Phase's
deadline every power not yet submitted submits its plot as it stands (unplotted units
defend); a question whose order says "ask me" is answered as the usual orders would: a
revealed action executed as plotted where still legal (or passed, by the option
`reveal_default`), casualties by the saved loss order, press on while the odds of winning
are even or better (else retreat), aircraft landed at the nearest safe area, a final build
at the first original factory with room, defending submarines staying.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from engine.aa.economy import income
from engine.aa.map import Area, classic_map
from engine.aa.position import Position
from engine.aa.spelling import SpelledNames, spelled
from engine.aa.units import AIRCRAFT, POWERS, SHIPS, describe_units, unit_stacks
from engine.errors import RuleError
from engine.events import Event, Seat
from engine.game import ActionSpec, Choice, Game, Option, Param, Prompt
from engine.games.plotted_aa import statecheck
from engine.games.plotted_aa.base import (
    DEVELOP,
    EXECUTE,
    FINAL_BUILD,
    PACES,
    PLOT,
    STAGE_NAMES,
    area_names,
)
from engine.games.plotted_aa.form import BUILD, MOVE, Action, describe_action
from engine.games.plotted_aa.odds import Odds
from engine.games.plotted_aa.orders import MENU, STARTS, orders_lines, starting_orders
from engine.games.plotted_aa.report import Reports
from engine.registry import register
from engine.rng import Rng

RULINGS = (
    "PAA-1: area names as the 1984 board's players write them (E Med, FE Afr, Karelia, "
    "Bering Sea, ...) are accepted everywhere an area is asked for.",
)

MAX_MINUTES = 60 * 24 * 14

UNITS_HINT = "units as on the form, e.g. \"3i, t\" or \"all\""

#: The prompt's menu that changes one standing order with one click (`orders.py`).
ORDERS_MENU = ActionSpec("orders", "Standing orders", (
    Param("change", MENU, question="Change a standing order"),))


#: Every option a game stored before standing orders already had: a game given all of them
#: but not `standing_orders` began before it, and replays as it was played ("ask me").
OPTIONS_BEFORE_ORDERS = frozenset({"noop", "placement_cap", "economic_victory",
                                   "reveal_default", "pace", "plot_minutes", "reveal_minutes"})


class PlottedRules(Odds, Reports):
    """Plotted Axis & Allies for the five powers."""

    variant = "plotted-aa"
    title = "Plotted Axis & Allies"
    summary = ("Axis & Allies where every power plots its whole turn in secret; the bot "
               "reveals one action per power per round and runs the battles.")
    rulings = RULINGS
    min_seats = 5
    max_seats = 5
    seat_names = POWERS
    options_spec = (
        Option("noop", True, "The optional NOOP rule: a round may be plotted as 'no "
               "operation' (never two in a row).", label="NOOP rounds"),
        Option("placement_cap", "ipc", "A factory builds at most its territory's IPC value "
               "of units a turn ('ipc'), or any number ('unlimited'), or only factories "
               "built or captured are capped ('new-and-captured', the 1984 game's data).",
               choices=("ipc", "unlimited", "new-and-captured"), label="Factory production cap"),
        Option("aa_fly_over", True, "AA guns fire at enemy aircraft flying over their "
               "territory, as the 1984 rules say (off: only at aircraft attacking it).",
               label="AA fire at aircraft flying over"),
        Option("economic_victory", 84, "The Axis win at this combined income at the end of a "
               "turn (0: no economic victory).", minimum=0, maximum=147,
               label="Axis economic victory (IPCs)", zero="none"),
        Option("reveal_default", "as-plotted", "What the deadline does with a revealed "
               "action: execute it as plotted where still legal ('as-plotted') or pass.",
               choices=("as-plotted", "pass"), label="At the reveal timer"),
        Option("pace", "async", "How the group plays: 'live' in one evening (the Plot "
               "Phase's time limit 15 minutes, 5 minutes for each other decision) or "
               "'async' over days (72 hours, and 24 hours for each other decision).",
               choices=("live", "async"), label="Pace"),
        Option("plot_minutes", 0, "The Plot Phase's time limit in minutes (0: as the pace "
               "says).", minimum=0, maximum=MAX_MINUTES, label="Plot Phase time limit (min)",
               zero="as the pace says"),
        Option("standing_orders", "pace", "The standing orders each power starts with "
               "(each changed at any time with /paa orders): as the pace says ('pace': the "
               "usual orders at the async pace, 'ask me' at the live pace), 'ask' (every "
               "question asked) or 'usual' (execute what can all go as plotted, casualties "
               "by the loss order, press on at even odds or better, land at the nearest "
               "safe area, build at the first factory).", choices=STARTS,
               label="Standing orders to start with"),
        Option("reveal_minutes", 0, "The reveal timer in minutes: how long a power has to "
               "execute its revealed action, or to make any other decision, before the "
               "deadline policy acts for it (0: as the pace says).", minimum=0,
               maximum=MAX_MINUTES, label="Reveal timer (min)", zero="as the pace says"),
    )
    #: Private events that the plot sheet in the power's prompt message already shows
    #: (the sheet, and what the last plot command read, which heads it).
    shown_in_prompt = frozenset({"plot_sheet", "plot_read"})
    #: At any time: standing orders and Develop Weapons answered ahead (`orders.py`);
    #: `loss-order` is kept for the games that stored it (now an order of `orders`).
    free_actions = frozenset({"loss-order", "orders", "research-ahead"})
    queries = frozenset({"plot-sheet", "odds"})
    #: Writing a plot is secret, step by step: how many rows a power wrote, changed or
    #: removed, and when, shows nowhere public (the submit, with its digest, is public;
    #: `plot-sheet` is a query, never stored). No die depends on them either (`public_luck`).
    #: So are standing orders and an answer ahead: secret until they act.
    hidden_actions = frozenset({"plot-move", "plot-build", "plot-noop", "plot-remove",
                                "plot-clear", "plot-paste", "orders", "research-ahead"})
    render_on = frozenset({"round_over", "turn_started", "game_over"})
    check_state = staticmethod(statecheck.check_state)  # what an imported state must be

    def __init__(self, seats: list[Seat], *, seed: str,
                 options: Mapping[str, Any] | None = None) -> None:
        given = dict(options or {})
        # Options stored before standing orders (a replay from the seed): as then.
        self.rules_version = 1 if OPTIONS_BEFORE_ORDERS <= set(given) \
            and "standing_orders" not in given else 2
        if self.rules_version == 1:
            given["standing_orders"] = "ask"
        super().__init__(seats, seed=seed, options=given)

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> Game:
        """A game stored before AA guns fired at aircraft flying over keeps playing (and
        replaying) as it began: the option off; one stored before standing orders, with
        every order "ask me" and each landing group asked apart."""
        options = state.get("options")
        if isinstance(options, Mapping) and "aa_fly_over" not in options:
            state = {**state, "options": {**options, "aa_fly_over": False}}
            options = state["options"]
        if isinstance(options, Mapping) and "standing_orders" not in options:
            state = {**state, "options": {**options, "standing_orders": "ask"}}
        return super().from_state(state)

    def setup(self, rng: Rng) -> list[Event]:
        self.board = classic_map()
        self.names = area_names(self.board)
        self.pos = Position.opening(self.board)
        self.turn = 1
        self.loss_orders = {}
        self.disclosed = {}
        orders = starting_orders(str(self.options["standing_orders"]),
                                 str(self.options["pace"]))
        self.standing = {p: dict(orders) for p in POWERS}
        self.ahead = {}
        self.ledger = {}
        self.fresh_turn()
        self.stage = DEVELOP
        self.current = 0
        return [self.say("turn_started", "Turn 1: the Develop Weapons Phase, USSR first.",
                         turn=1)]

    def hiding(self) -> bool:
        """Standing orders may be changed in secret at any time (a hidden step): nothing may
        be undone while the game runs, so that `/game undo` answers the same whether or not
        a power changed its orders (docs: D-20)."""
        return not self.finished

    def describe(self, seat: Seat) -> list[str]:
        """`/game hand`: the power's plot as it stands now (not its past drafts), its
        standing orders, and its Develop Weapons answered ahead; one power at a time."""
        lines = [self.sheet(seat, orders=False)] if self.stage == PLOT or self.plots.get(seat) \
            else [f"{seat} has no plot now: the next Plot Phase starts after Develop Weapons."]
        lines.append("\n".join([f"{seat}'s standing orders (secret until they act):",
                                *orders_lines(self.orders_of(seat), self.loss_orders.get(seat))]))
        ahead = self.ahead.get(seat)
        if ahead is not None:
            lines.append(f"Answered ahead for turn {ahead['turn']}'s Develop Weapons Phase: "
                         + (f"{ahead['dice']} research dice." if ahead["dice"]
                            else "no research."))
        return lines

    # ----- prompts ---------------------------------------------------------------

    def _prompts(self) -> dict[Seat, Prompt]:
        if self.stage == DEVELOP:
            seat = self.power
            return {seat: Prompt(seat, f"Develop weapons (5 IPCs a die; you have "
                                 f"{self.pos.treasury.get(seat, 0)}) or skip.", (
                ActionSpec("research", "Roll research dice", (Param("dice", kind="int"),)),
                ActionSpec("skip", "Skip weapons development")))}
        if self.stage == PLOT:
            return {p: self._plot_prompt(p) for p in POWERS if not self.submitted.get(p)}
        if self.stage == EXECUTE:
            return self._execute_prompts()
        if self.stage == FINAL_BUILD and 0 <= self.current < len(POWERS):
            seat = self.power
            factories = tuple(Choice(a) for a in self.original_factories(seat))
            return {seat: Prompt(seat, f"Build what you plotted and didn't build ("
                                 f"{describe_units(self.unbuilt.get(seat, {}))}) at an "
                                 "original factory, or skip.", (
                ActionSpec("final-build", "Build", (
                    Param("at", factories), Param("units", required=False),
                    *self._sea_param(seat, self.unbuilt.get(seat, {}),
                                     self.original_factories(seat)))),
                ActionSpec("skip", "Build nothing more")))}
        return {}

    def _plot_prompt(self, power: Seat) -> Prompt:
        rnd = Param("round", kind="int")
        return Prompt(power, "Plot your turn in secret, then submit.", (
            ActionSpec("plot-move", "Plot a move", (
                rnd, Param("units"), Param("from_area"), Param("to"),
                Param("notes", required=False,
                      question="Notes: via, pickup (via E Eur; +t from S Eur)"))),
            ActionSpec("plot-build", "Plot a build", (rnd, Param("factory"), Param("units"))),
            *((ActionSpec("plot-noop", "Plot a NOOP", (rnd,)),) if self.options["noop"]
              else ()),
            ActionSpec("plot-remove", "Remove a round's action", (rnd,)),
            ActionSpec("plot-clear", "Clear the plot"),
            ActionSpec("plot-paste", "Paste the whole form", (Param("text", kind="text"),)),
            ActionSpec("plot-submit", "Submit the plot"),
            ORDERS_MENU,
        ))

    def _execute_prompts(self) -> dict[Seat, Prompt]:
        if self.battle is not None:
            return self.battle_prompts()
        if self.landings:
            return self._landing_prompt()
        if self.revealed is not None:
            seat = self.power
            revealed = self.revealed
            sea = self._sea_param(seat, revealed.build, [revealed.area]) \
                if revealed.kind == BUILD and revealed.area else ()
            guns = self.rocket_guns()
            rockets = (ActionSpec("rockets", "Fire a rocket", (
                Param("from_area", tuple(Choice(a) for a in guns),
                      question="Which AA gun fires?"),
                Param("target", tuple(Choice(t) for t in sorted({t for ts in guns.values()
                                                                   for t in ts})),
                      question="At which enemy complex?"))),) if guns else ()
            one_click = tuple(dataclasses.replace(p, required=True) for p in sea)
            return {seat: Prompt(seat, f"Execute your revealed action "
                                 f"({describe_action(revealed)}) all or in part, or pass.", (
                ActionSpec("execute", "Execute as plotted", one_click),
                ActionSpec("execute-part", "Execute in part…", (
                    Param("units", required=False), Param("stop", required=False, kind="bool"),
                    Param("bomb", required=False, kind="bool"), *sea,
                    *self._over_param(revealed))),
                ActionSpec("pass", "Pass"), *rockets, ORDERS_MENU))}
        return {}

    def _landing_prompt(self) -> dict[Seat, Prompt]:
        """The aircraft of a power waiting to land in one area, asked once: all of them to
        one place, or some of them (a split; the others asked again)."""
        first = self.landings[0]
        seat, at = first["power"], first["at"]
        groups = self.landing_groups(seat, at)
        spots = tuple(Choice(a) for a in self.landing_choices(seat, at))
        waiting: dict[str, int] = {}
        fuel = []
        for group in groups:
            waiting[group["kind"]] = waiting.get(group["kind"], 0) + int(group["count"])
            left = self.range_left(seat, group["kind"], int(group["used"]))
            fuel.append(f"{describe_units({group['kind']: group['count']})}: {left} "
                        f"move{'s' if left != 1 else ''} left")
        split = (ActionSpec("land-part", "Land some of them…", (
            Param("to", spots), Param("units", question="Which of them? (e.g. 2 ftr)"))),) \
            if sum(waiting.values()) > 1 and self.rules_version >= 2 else ()
        if len(groups) == 1:  # "(3 moves left)"
            fuel = [fuel[0].split(": ", 1)[1]]
        return {seat: Prompt(seat, f"Land {describe_units(waiting)} from {at} "
                             f"({'; '.join(fuel)}).", (
            ActionSpec("land", "Land them all there" if split else "Land aircraft",
                       (Param("to", spots),)), *split))}

    def _over_param(self, action: Action) -> tuple[Param, ...]:
        """The question which areas the aircraft fly over ("Executing Aircraft Movement"),
        asked when the action flies aircraft past at least one area and AA guns fire at
        aircraft flying over (else the way changes nothing but the moves it uses)."""
        if action.kind != MOVE or action.area is None or not self.fly_over_fire:
            return ()
        power = self.power
        for source in action.sources:
            kinds = source.units if source.units is not None \
                else self.pos.units_of(source.area, power)
            if any(k in AIRCRAFT for k in kinds) \
                    and not self.board.adjacent(source.area, action.area):
                return (Param("over", required=False,
                              question="Which areas do the aircraft fly over?"),)
        return ()

    def _sea_param(self, power: Seat, units: dict[str, int],
                   factories: list[Area]) -> tuple[Param, ...]:
        """The question where new ships go ("Executing Build Actions": "a ship built at a
        coastal factory goes to the adjacent sea zone its owner chooses"), asked when ships
        are to be built at a factory with more than one sea zone open to them."""
        if not any(k in SHIPS for k in units):
            return ()
        zones = sorted({z for f in factories for z in self.ship_zones(power, f)})
        if not any(len(self.ship_zones(power, f)) > 1 for f in factories):
            return ()
        return (Param("sea", tuple(Choice(z) for z in zones), required=False,
                      question="Which sea zone do the new ships go to?"),)

    # ----- deadline --------------------------------------------------------------

    def deadline_seconds(self) -> int | None:
        """The time limit of what the game waits for now (bot.deadlines arms it for each new
        question): the Plot Phase's (rulebook, "Time Limit"), or the reveal timer for every
        decision made in turn order, battles and landings included; from the options."""
        if self.finished:
            return None
        plot, other = PACES[str(self.options["pace"])]
        if self.stage == PLOT:
            return int(self.options["plot_minutes"]) * 60 or plot
        return int(self.options["reveal_minutes"]) * 60 or other

    def prompt_detail(self, seat: Seat) -> str:
        """What the power's own prompt message shows beside its buttons: its plot sheet, in
        the Plot Phase until it submits (edited in place after every change)."""
        if self.stage == PLOT and not self.submitted.get(seat) and seat in self.plots:
            return self.sheet(seat)
        return ""

    def suggest(self, seat: Seat, action: str, param: str,
                typed: Mapping[str, Any]) -> list[str]:
        """The `units` a power may mean: the casualties its own saved loss order picks in
        the battle waiting for it; for a plotted move, "all" and then what it has in the
        area named in `from_area` now, as a whole and by kind (the board is public)."""
        if param != "units":
            return []
        if action == "casualties":
            battle = self.battle
            if battle is None or not any(c.power == seat for c in battle.pending):
                return []
            return [describe_units(self.loss_order_casualties(seat))]
        where = typed.get("from_area")
        if action != "plot-move" or not where:
            return []
        try:
            area = self.names.find(str(where))
        except RuleError:
            return []
        stacks = unit_stacks({k: n for k, n in self.pos.units_of(area, seat).items()
                              if k != "factory"})
        return (["all"] if stacks else []) + stacks

    # ----- views -----------------------------------------------------------------

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        name = STAGE_NAMES.get(self.stage, self.stage)
        if self.stage == EXECUTE:
            return f"turn {self.turn}, {name}, round {self.round}"
        return f"turn {self.turn}, {name}"

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "turn": self.turn, "stage": self.stage, "round": self.round,
            "current": self.power if self.stage in (EXECUTE, FINAL_BUILD, DEVELOP)
            and 0 <= self.current < len(POWERS) else None,
            "position": self.pos.to_json(),
            "moves": [dict(m) for m in self.moves],
            "income": {p: income(self.board, self.pos, p) for p in POWERS},
            "submitted": {p: bool(self.submitted.get(p)) for p in POWERS},
            "digests": dict(self.digests),
            "revealed": self._revealed_so_far(),
            "battle": None if self.battle is None else {
                "area": self.battle.area, "attacker": self.battle.attacker,
                "attackers": dict(self.battle.attackers),
                "defenders": {p: dict(c) for p, c in self.battle.defenders.items()},
                "round": self.battle.round, "log": list(self.battle.log[-8:])},
            "landings": [dict(g) for g in self.landings],
            "bombing_shortfall": dict(self.shortfall),
            "last_turn_plots": {p: dict(d) for p, d in self.disclosed.items()},
        }
        if seat is not None:
            view["my_power"] = seat
            view["my_plot"] = [a.to_json() for a in self.plots.get(seat, [])]
            # Texts to read, spelled as players read them (the plot itself keeps the keys).
            view["my_sheet"] = spelled(self.sheet(seat))
            view["my_plot_read"] = spelled(self.plot_notes.get(seat, ""))  # the last change
        return view

    def _revealed_so_far(self) -> list[dict[str, Any]]:
        """The actions revealed this turn: rounds before this one, and this round's up to
        the power revealing now."""
        if self.stage != EXECUTE:
            return []
        out = []
        for power_index, power in enumerate(POWERS):
            for action in self.plots.get(power, []):
                if action.round < self.round or (action.round == self.round
                                                 and power_index <= self.current):
                    out.append({"power": power, **action.to_json()})
        return sorted(out, key=lambda a: (a["round"], POWERS.index(a["power"])))


@register
class PlottedAA(SpelledNames, PlottedRules):
    """Plotted Axis & Allies as its players read it: every text the game hands out names
    the areas spelled right (`engine.aa.spelling`), its own hooks' texts (the plot sheet,
    `/game hand`) included."""
