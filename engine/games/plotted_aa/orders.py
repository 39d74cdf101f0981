"""Standing orders: what a power decides ahead, so that the game need not wait for it.

Played over days, a turn of Plotted A&A asks each power many small questions after its plot
(execute this reveal, these casualties, press on, land there). A power's standing orders
answer them in advance: each order covers one kind of question and is either "ask me" or
a rule the bot applies at once, inside the action that raises the question, announcing the
decision as taken by standing orders ("By standing orders, Germany presses on."). A
question no order covers is asked as always, and its deadline answers it by the orders (an
"ask me" order: as the usual orders would).

| order | settings |
|---|---|
| `reveal` | ask me; as plotted when all of it can go, else the legal part, pass, or ask me |
| `casualties` | ask me; by the saved loss order, at once |
| `battle` | ask me; press on; by the exact odds of winning (a threshold); by attackers left |
| `landing` | ask me; the nearest safe area; a named area (else the nearest safe area) |
| `final-build` | ask me; at the first original factory with room |
| `subs` | ask me; defending submarines stay |

The `async` pace starts every power with the usual orders (`USUAL`), the `live` pace with
"ask me" everywhere (option `standing_orders` overrides either). Orders are changed by the
`orders` action (free, at any time, hidden: its very occurrence is secret, like a plot
command) and shown on the plot sheet. Develop Weapons may be answered ahead
(`research-ahead`: the dice to roll, 0 for no research) for the next Develop Weapons Phase
the power has not yet played.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.aa.combat import DEFAULT_LOSS_ORDER, Battle
from engine.aa.map import Area
from engine.aa.odds import battle_odds
from engine.aa.research import DIE_COST
from engine.aa.units import (
    POWERS,
    SHIPS,
    UNITS,
    Kind,
    Power,
    describe_units,
    find_kind,
    total,
)
from engine.errors import NotAllowed, RuleError, Unreadable
from engine.events import Event, Seat, private
from engine.games.plotted_aa.base import DEVELOP, EXECUTE, FINAL_BUILD, PLOT
from engine.games.plotted_aa.form import BUILD
from engine.games.plotted_aa.turn import Turn
from engine.rng import Rng
from engine.spec import Choice

ASK = "ask"

#: Each order: what it covers, in words, and its fixed settings in words ("odds:N",
#: "attackers:N" and "at:<area>" are worded by `setting_words`).
ORDERS: dict[str, tuple[str, dict[str, str]]] = {
    "reveal": ("Revealed actions", {
        ASK: "ask me",
        "whole-or-part": "execute as plotted; when not all of it can go, the part that can",
        "whole-or-pass": "execute as plotted when all of it can go, else pass",
        "whole-or-ask": "execute as plotted when all of it can go, else ask me"}),
    "casualties": ("Casualties", {ASK: "ask me", "loss-order": "by my loss order, at once"}),
    "battle": ("Press on or retreat", {ASK: "ask me", "press-on": "always press on"}),
    "landing": ("Aircraft landing", {ASK: "ask me", "nearest": "at the nearest safe area"}),
    "final-build": ("Final Build", {ASK: "ask me",
                                    "first-factory": "at the first original factory with "
                                                     "room"}),
    "subs": ("Submarines attacked", {ASK: "ask me", "stay": "stay and fight"}),
}

#: What a group expects of an absent player (the `async` pace's start, and what the
#: deadline does with an "ask me" order): execute what was plotted when it can all go
#: (else the player decides), lose units by the loss order, press on while the odds of
#: winning are even or better, land at the nearest safe area, build at the first factory.
USUAL = {"reveal": "whole-or-ask", "casualties": "loss-order", "battle": "odds:50",
         "landing": "nearest", "final-build": "first-factory", "subs": "stay"}
ASK_ME = dict.fromkeys(ORDERS, ASK)
STARTS = ("pace", "ask", "usual")  # the option `standing_orders`

#: The prompt's menu: one click changes one order ("all" sets every one).
MENU = (
    Choice("all=ask", "Every order: ask me"),
    Choice("all=usual", "Every order: the usual orders"),
    *(Choice(f"{name}={value}", f"{title}: {words}")
      for name, (title, settings) in ORDERS.items() for value, words in settings.items()
      if not (name == "reveal" and value == "whole-or-part")),
    Choice("reveal=whole-or-part", "Revealed actions: as plotted, else the legal part"),
    Choice("battle=odds:30", "Press on while the odds of winning are 30% or more"),
    Choice("battle=odds:50", "Press on while the odds of winning are 50% or more"),
    Choice("battle=odds:70", "Press on while the odds of winning are 70% or more"),
    Choice("battle=attackers:2", "Press on while 2 attackers or more are left"),
)

# How many odds runs a standing order may sample when the exact odds would be slow.
ODDS_RUNS = 2000


def starting_orders(start: str, pace: str) -> dict[str, str]:
    """A power's orders when the game begins: by the pace (`async`: the usual orders;
    `live`: ask me), unless the option `standing_orders` says which."""
    if start == "usual" or (start == "pace" and pace == "async"):
        return dict(USUAL)
    return dict(ASK_ME)


def setting_words(order: str, value: str) -> str:
    """A setting in players' words ("press on while the odds of winning are at least 50%,
    else retreat")."""
    kind, _, arg = value.partition(":")
    if order == "battle" and kind == "odds":
        return f"press on while the odds of winning are at least {arg}%, else retreat"
    if order == "battle" and kind == "attackers":
        return f"press on while at least {arg} attacking units are left, else retreat"
    if order == "landing" and kind == "at":
        return f"at {arg} when they can reach it, else the nearest safe area"
    return ORDERS[order][1].get(value, value)


def read_setting(order: str, text: str, area: Callable[[str], Area]) -> str:
    """A setting as players write it ("ask me", "press on", "60%", "3 attackers", "pass",
    "Germany"), or a refusal listing what the order takes."""
    words = " ".join(re.split(r"[\s_:=-]+", text.strip().lower())).strip()
    title, settings = ORDERS[order]
    if words in ("ask", "ask me", "me"):
        return ASK
    for value, said in settings.items():
        if words in (value.replace("-", " "), said.lower()):
            return value
    shorthand = {"reveal": {"part": "whole-or-part", "legal part": "whole-or-part",
                            "as plotted": "whole-or-part", "pass": "whole-or-pass",
                            "else pass": "whole-or-pass", "else ask": "whole-or-ask",
                            "else ask me": "whole-or-ask",
                            "when whole": "whole-or-ask"},
                 "casualties": {"loss order": "loss-order", "by loss order": "loss-order",
                                "by my loss order": "loss-order", "at once": "loss-order"},
                 "battle": {"always": "press-on", "press": "press-on"},
                 "landing": {"nearest safe": "nearest", "safe": "nearest"},
                 "final-build": {"first": "first-factory", "first factory": "first-factory"},
                 "subs": {"stay and fight": "stay", "fight": "stay"}}[order]
    if words in shorthand:
        return shorthand[words]
    if order == "battle":
        number = re.search(r"\d+", words)
        if number is not None:
            count = int(number.group())
            if "attack" in words or "unit" in words or "left" in words:
                if not 1 <= count <= 99:
                    raise Unreadable("Say how many attacking units must be left: 1 to 99.")
                return f"attackers:{count}"
            if not 1 <= count <= 99:
                raise Unreadable("The odds of winning are a percentage from 1 to 99.")
            return f"odds:{count}"
    if order == "landing" and words:
        try:
            return f"at:{area(text.strip())}"
        except RuleError as exc:
            raise Unreadable(f"{title}: {exc.message}") from None
    listed = {"reveal": "\"ask me\"; \"part\" (as plotted, else the part that can go); "
                        "\"pass\" (as plotted, else pass); \"else ask\" (as plotted, else "
                        "ask me)"}.get(order) or "; ".join(f"\"{w}\"" for w in settings.values())
    extra = {"battle": "; a percentage (\"60%\": the odds of winning to press on); or "
                       "\"3 attackers\" (press on while 3 are left)",
             "landing": "; or an area's name"}.get(order, "")
    raise Unreadable(f"{title}: I can't read {text.strip()[:40]!r}. Say {listed}{extra}.")


def orders_lines(orders: dict[str, str], loss_order: list[Kind] | None) -> list[str]:
    """The orders as the plot sheet and `/game hand` show them, one line each."""
    lines = [f"- {title}: {setting_words(name, orders.get(name, ASK))}"
             for name, (title, _) in ORDERS.items()]
    kinds = loss_order or list(DEFAULT_LOSS_ORDER)
    lines.append("- Loss order (cheapest first): "
                 + ", ".join(UNITS[k].plural for k in kinds)
                 + ("" if loss_order else " (the usual one)"))
    return lines


@dataclass(frozen=True)
class Taken:
    """A decision the standing orders (or the deadline) take: the action a seat takes, and
    how the channel hears it was taken ("presses on")."""

    seat: Seat
    action: str
    params: dict[str, Any] = field(default_factory=dict)
    said: str = ""

    @property
    def call(self) -> tuple[Seat, str, dict[str, Any]]:
        return self.seat, self.action, dict(self.params)


class StandingOrders(Turn):
    """`orders`, `research-ahead`, and the decisions the orders take (`settle`)."""

    def orders_of(self, power: Power) -> dict[str, str]:
        return {**ASK_ME, **self.standing.get(power, {})}

    def standing_lines(self, power: Power) -> list[str]:
        """The power's standing orders on its plot sheet (secret: the sheet is its own)."""
        return ["Standing orders (secret until they act; `/paa orders` or the menu changes "
                "them):", *orders_lines(self.orders_of(power), self.loss_orders.get(power))]

    # ----- the actions ----------------------------------------------------------

    def do_orders(self, seat: Seat, rng: Rng, change: str | None = None,
                  reveal: str | None = None, casualties: str | None = None,
                  battle: str | None = None, landing: str | None = None,
                  final_build: str | None = None, subs: str | None = None,
                  loss_order: str | None = None) -> list[Event]:
        """Change standing orders (secret: only the power is told). `change` is the menu's
        "order=setting" ("all=ask", "all=usual"); the other parameters set one order each
        in players' words; `loss_order` the kinds, cheapest loss first."""
        orders = self.orders_of(seat)
        given = {"reveal": reveal, "casualties": casualties, "battle": battle,
                 "landing": landing, "final-build": final_build, "subs": subs}
        if change is not None:
            name, _, value = change.partition("=")
            if name == "all" and value in (ASK, "usual"):
                orders = dict(ASK_ME if value == ASK else USUAL)
            elif name in ORDERS:
                given[name] = value
            else:
                raise Unreadable(f"I can't read the order {change[:40]!r}.")
        for name, text in given.items():
            if text is not None and text.strip():
                orders[name] = read_setting(name, text, self.area)
        if loss_order is not None and loss_order.strip():
            self.loss_orders[seat] = _loss_order(loss_order)
        elif change is None and all(t is None or not t.strip() for t in given.values()):
            raise Unreadable("Say which standing order to change (revealed actions, "
                             "casualties, battle, landing, final build, submarines, or the "
                             "loss order).")
        self.standing[seat] = orders
        lines = [f"{seat}'s standing orders (secret until they act):",
                 *orders_lines(orders, self.loss_orders.get(seat))]
        if seat in self._prompts() and self.stage != PLOT:
            lines.append("The question waiting for you now is still yours to answer; its "
                         "deadline answers by these orders.")
        return [private(seat, "standing_orders", "\n".join(lines))]

    def do_research_ahead(self, seat: Seat, rng: Rng, dice: int) -> list[Event]:
        """Answer Develop Weapons ahead: roll `dice` (0: no research) when the power's turn
        to develop comes, in this turn's phase if it hasn't played it yet, else the next."""
        if not 0 <= dice <= 30:
            raise Unreadable("Say how many research dice to roll: 0 (no research) to 30.")
        if self.stage == DEVELOP and self.power == seat:
            raise NotAllowed(f"It is {seat}'s turn to develop weapons now: roll research dice "
                             "or skip.")
        turn = self.turn if self.stage == DEVELOP and POWERS.index(seat) >= self.current \
            else self.turn + 1
        self.ahead[seat] = {"turn": turn, "dice": dice}
        what = (f"roll {dice} research {'die' if dice == 1 else 'dice'} "
                f"({dice * DIE_COST} IPCs)") if dice else "no research"
        return [private(seat, "research_ahead", f"{seat} answered ahead for turn {turn}'s "
                        f"Develop Weapons Phase: {what}. Only you know it until your turn "
                        "comes.")]

    # ----- the decisions they take -------------------------------------------------

    def settle(self, rng: Rng) -> list[Event]:
        """Take every decision the standing orders cover, one after another, until one
        they don't cover (or none) is waiting. Re-entrant calls (from the decisions it
        takes, which go on with the game) return at once: the outermost call loops."""
        if getattr(self, "_settling", False):
            return []
        self._settling = True
        events: list[Event] = []
        try:
            for _ in range(10_000):
                taken = self.standing_answer()
                if taken is None:
                    break
                saved = json.dumps(self._dump())
                announced = self.say("standing", taken.said, power=taken.seat)
                self._by_orders = True
                try:
                    events += [announced, *self._handler_of(taken.action)(
                        taken.seat, rng, **taken.params)]
                except RuleError:  # the order can't act here after all: ask the power
                    self._restore(json.loads(saved))
                    break
                finally:
                    self._by_orders = False
        finally:
            self._settling = False
        return events

    def _handler_of(self, action: str) -> Callable[..., list[Event]]:
        handler: Callable[..., list[Event]] = getattr(self, "do_" + action.replace("-", "_"))
        return handler

    def standing_answer(self, *, at_deadline: bool = False) -> Taken | None:
        """The decision waiting now as the standing orders take it, or None when they say
        "ask me" (`at_deadline`: an "ask me" order answered as the usual orders would, and
        the Develop Weapons and Final Build phases as the deadline always did)."""
        if self.finished:
            return None
        if self.stage == DEVELOP:
            return self._develop_answer(at_deadline)
        if self.stage == FINAL_BUILD:
            if 0 <= self.current < len(POWERS) and (
                    at_deadline or self.orders_of(self.power)["final-build"] != ASK):
                seat, action, params = self.final_build_timeout()
                said = (f"{seat} builds at {params['at']}" if action == "final-build"
                        else f"{seat} builds nothing more")
                return Taken(seat, action, params, f"By standing orders, {said}.")
            return None
        if self.stage != EXECUTE:
            return None
        if self.battle is not None:
            return self._battle_answer(self.battle, at_deadline)
        if self.landings:
            return self._landing_answer(at_deadline)
        if self.revealed is not None:
            return self._reveal_answer(at_deadline)
        return None

    def _setting(self, power: Power, order: str, at_deadline: bool) -> str:
        """The power's setting for `order`; at the deadline "ask me" is the usual one."""
        value = self.orders_of(power)[order]
        return USUAL[order] if value == ASK and at_deadline else value

    def _develop_answer(self, at_deadline: bool) -> Taken | None:
        power = self.power
        ahead = self.ahead.get(power)
        if ahead is not None and ahead.get("turn") == self.turn:
            dice = min(int(ahead["dice"]), self.pos.treasury.get(power, 0) // DIE_COST)
            if dice:
                return Taken(power, "research", {"dice": dice},
                             f"{power} answered Develop Weapons ahead.")
            return Taken(power, "skip", {}, f"{power} answered Develop Weapons ahead.")
        if at_deadline:
            return Taken(power, "skip", {})
        return None

    def _battle_answer(self, battle: Battle, at_deadline: bool) -> Taken | None:
        for choice in battle.pending:
            if self._setting(choice.power, "casualties", at_deadline) == "loss-order":
                picked = self.loss_order_casualties(choice.power)
                return Taken(choice.power, "casualties", {"units": describe_units(picked)},
                             f"By standing orders, {choice.power} chooses its casualties "
                             "by its loss order.")
        if battle.pending:
            return None
        decider = battle.decider
        if battle.stage == "withdraw":
            if self._setting(decider, "subs", at_deadline) == "stay":
                return Taken(decider, "continue", {}, f"By standing orders, {decider}'s "
                             "submarines stay in the battle.")
            return None
        if battle.stage != "retreat":
            return None
        setting = self._setting(decider, "battle", at_deadline)
        if setting == ASK:
            return None
        kind, _, arg = setting.partition(":")
        if kind == "odds":
            press = self.odds_of_winning(battle) * 100 >= int(arg)
        elif kind == "attackers":
            press = total(battle.attackers) >= int(arg)
        else:
            press = True
        if press or not battle.retreats:
            return Taken(decider, "continue", {}, f"By standing orders, {decider} presses "
                         f"on in {battle.area}.")
        to = battle.retreats[0]
        return Taken(decider, "retreat", {"to": to}, f"By standing orders, {decider} "
                     f"retreats from {battle.area}.")

    def odds_of_winning(self, battle: Battle) -> float:
        """The attacker's exact odds of destroying every defender from here (sampled, with
        a fixed seed, when the battle is too large to count exactly)."""
        attacker = battle.attacker
        defender_techs = {t for p in battle.defenders for t in battle.techs.get(p, [])}
        odds = battle_odds(battle.attackers, battle.defending_units, land=not battle.sea,
                           attacker_techs=battle.techs.get(attacker, []),
                           defender_techs=defender_techs,
                           attacker_order=self.loss_orders.get(attacker, DEFAULT_LOSS_ORDER),
                           rules=self.battle_rules, runs=ODDS_RUNS,
                           seed=f"standing orders {battle.area}")
        return odds.attacker_wins

    def _landing_answer(self, at_deadline: bool) -> Taken | None:
        group = self.landings[0]
        power = group["power"]
        setting = self._setting(power, "landing", at_deadline)
        if setting == ASK:
            return None
        spots = self.landing_choices(power, group["at"])
        if not spots:
            return None
        kind, _, named = setting.partition(":")
        to = named if kind == "at" and named in spots else self.safe_spot(power, spots)
        return Taken(power, "land", {"to": to}, f"By standing orders, {power} lands its "
                     f"aircraft from {group['at']}.")

    def safe_spot(self, power: Power, spots: list[Area]) -> Area:
        """The nearest of `spots` (nearest first) with no enemy unit next to it, else the
        nearest."""
        for spot in spots:
            if not any(self.pos.has_enemy(n, power) for n in self.board.neighbours(spot)):
                return spot
        return spots[0]

    def _reveal_answer(self, at_deadline: bool) -> Taken | None:
        power, action = self.power, self.revealed
        assert action is not None
        setting = self.orders_of(power)["reveal"]
        params = self.execute_defaults()
        if setting == ASK and not at_deadline:
            return None
        if setting != ASK:
            undone = self.undone_as_plotted(action)
            if not undone:
                return Taken(power, "execute", params, f"By standing orders, {power} "
                             "executes its action as plotted.")
            if setting == "whole-or-part":
                return Taken(power, "execute", params, f"By standing orders, {power} "
                             "executes what can still go of its action.")
            if setting == "whole-or-pass":
                return Taken(power, "pass", {}, f"By standing orders, {power} passes.")
            if not at_deadline:
                return None
        if self.options["reveal_default"] == "pass":
            return Taken(power, "pass", {})
        return Taken(power, "execute", params)

    def execute_defaults(self) -> dict[str, Any]:
        """`execute`'s parameters as plotted: the first sea zone by name for ships built at
        a factory with several."""
        revealed = self.revealed
        if revealed is not None and revealed.kind == BUILD and revealed.area is not None \
                and any(k in SHIPS for k in revealed.build):
            zones = self.ship_zones(self.power, revealed.area)
            if len(zones) > 1:
                return {"sea": zones[0]}
        return {}

    def undone_as_plotted(self, action: Any) -> list[str]:
        """What executing the revealed `action` as plotted now would leave undone, and why
        ([]: all of it can go): tried on the game itself, with dice of no consequence,
        and rolled back."""
        saved = json.dumps(self._dump())
        params = self.execute_defaults()
        try:
            self.held = []
            self.revealed = None
            if action.kind == BUILD:
                self.execute_build(action, None, params.get("sea"))
            else:
                self.execute_move(Rng(self.seed, "standing orders: a trial"), action, None,
                                  stop=False, bomb=False)
            undone = list(self.held)
        except RuleError as exc:
            undone = [exc.message]
        finally:
            self._restore(json.loads(saved))
            self.held = []
        return undone

    # ----- the deadline ------------------------------------------------------------

    def timeout_actions(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        """The deadline answers by the standing orders: the order's decision where it
        takes one, else as the usual orders would (a revealed action as the option
        `reveal_default` says); the Plot Phase's plots are taken as they stand."""
        if self.finished:
            return []
        if self.stage == PLOT:
            return self.plot_timeout()
        taken = self.standing_answer(at_deadline=True)
        return [taken.call] if taken is not None else []


def _loss_order(text: str) -> list[Kind]:
    """Kinds, cheapest loss first, each once ("inf, arm, ftr, bmb")."""
    kinds = [find_kind(word) for word in text.replace(";", ",").split(",") if word.strip()]
    if len(set(kinds)) != len(kinds) or not kinds:
        raise NotAllowed("Name each unit kind once, cheapest loss first, e.g. "
                         "\"inf, arm, ftr, bmb\".")
    return kinds
