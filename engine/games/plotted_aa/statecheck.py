"""What an imported `plotted-aa` state must be (docs: "State schema").

Besides the board's own rules (`engine.aa.statecheck`): the stage is one of the turn's four
phases; each power's plot has one action a round, moves and builds into areas of the board
and units of the game; a submitted plot is complete (rounds from 1 without a gap, never two
NOOPs in a row: "Plotting" and "NOOP") and carries the salt and the digest published at its
submission, which must be the digest of that plot ("the digest posted at submit": without
it nobody could check after the turn that the plot did not change).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.aa.map import AAMap, classic_map
from engine.aa.names import classic_names
from engine.aa.statecheck import MOST_UNITS, POWER, check_battle, check_position, units
from engine.aa.units import AIRCRAFT, LAND_UNITS, POWERS, UNITS
from engine.errors import RuleError
from engine.games.plotted_aa.base import STAGE_NAMES
from engine.games.plotted_aa.commitment import canonical_plot, commit
from engine.games.plotted_aa.form import BUILD, MOST_ROUNDS, MOVE, NOOP, Action
from engine.games.plotted_aa.orders import ASK, ORDERS, read_setting
from engine.games.plotted_aa.report import STATUS
from engine.statecheck import Field
from engine.values import read_bool

HEX = re.compile(r"[0-9a-f]+")
# The longest flight: a bomber with long-range aircraft.
LONGEST_FLIGHT = 8
AREA = "an area of the board"


def check_state(state: Mapping[str, Any]) -> None:
    board = classic_map()
    noop = read_bool(state.get("options", {}).get("noop", True), "Option noop")
    game = Field(state["game"], "game")
    areas = set(board.land) | set(board.sea)
    check_position(game["position"], board)
    game["turn"].count(1, MOST_UNITS, what="the turn")
    game["stage"].one_of(STAGE_NAMES, "a phase of a turn (" + ", ".join(STAGE_NAMES) + ")")
    game["current"].count(0, len(POWERS) - 1, what="the power to play (0 = USSR … 4 = USA)")
    game["round"].count(0, MOST_ROUNDS, what="the round")
    submitted = {p: flag.flag() for p, flag in game["submitted"].entries(POWERS, POWER)}
    salts = {p: salt.text() for p, salt in game["salts"].entries(POWERS, POWER)}
    digests = {p: digest.text() for p, digest in game["digests"].entries(POWERS, POWER)}
    for power, plot in game["plots"].entries(POWERS, POWER):
        actions = [_action(item, board) for item in plot.items(MOST_ROUNDS)]
        _check_rounds(plot, actions, complete=submitted.get(power, False), noop=noop)
        if submitted.get(power):
            _check_commitment(game, power, actions, salts.get(power), digests.get(power))
    if not game["revealed"].missing:
        _action(game["revealed"], board)
    for fight in game["battles"].items():
        _fight(fight, board)
    check_battle(game["battle"], board)
    if game["battle_info"].obj():
        _fight(game["battle_info"], board)
    for group in game["landings"].items():
        group["power"].one_of(POWERS, POWER)
        group["at"].one_of(areas, AREA)
        group["kind"].one_of(AIRCRAFT, "an aircraft (fighter, bomber)")
        group["count"].count(1, MOST_UNITS, what="aircraft to land")
        group["used"].count(0, LONGEST_FLIGHT, what="moves used")
    for key in ("moved", "built"):
        for _power, by_area in game[key].entries(POWERS, POWER):
            for _area, counts in by_area.entries(areas, AREA):
                units(counts)
    for flight in game["flights"].items():
        flight["power"].one_of(POWERS, POWER)
        flight["kind"].one_of(AIRCRAFT, "an aircraft (fighter, bomber)")
        flight["at"].one_of(areas, AREA)
        flight["used"].count(0, LONGEST_FLIGHT, what="moves used")
        flight["landed"].flag()
    for _area, placed in game["placed"].entries(board.land, "a land territory of the board"):
        placed.count(0, MOST_UNITS, what="units placed")
    for _power, left in game["unbuilt"].entries(POWERS, POWER):
        units(left)
    for _power, short in game["shortfall"].entries(POWERS, POWER):
        short.count(0, MOST_UNITS, what="a shortfall")
    for move in game["moves"].items():
        move["power"].one_of(POWERS, POWER)
        move["from"].one_of(areas, AREA)
        move["to"].one_of(areas, AREA)
        units(move.get("units", {}))
    for _power, disclosed in game["disclosed"].entries(POWERS, POWER):
        for _key, value in disclosed.entries():
            value.text(100_000)
    for _power, order in game["loss_orders"].entries(POWERS, POWER):
        order.names(UNITS, "a unit of the game", unique=True)
    if not game.get("plot_start_actions").missing:  # states stored before it went unread
        game["plot_start_actions"].count(what="the actions before the Plot Phase")
    _check_orders(game, board)


def _check_orders(game: Field, board: AAMap) -> None:
    """Standing orders, Develop Weapons answered ahead, the turn's outcomes and ledger (all
    may be left out: a state without them plays with every order "ask me")."""
    for _power, orders in game.get("standing", {}).entries(POWERS, POWER):
        for name, setting in orders.entries(ORDERS, "a standing order (" + ", ".join(ORDERS)
                                            + ")"):
            value = setting.text()
            try:
                if value != ASK and value not in ORDERS[name][1]:
                    read_setting(name, value.replace(":", " "), classic_names().find)
            except RuleError as exc:
                setting.refuse(f"is not a setting of that order: {exc.message}")
    for _power, ahead in game.get("ahead", {}).entries(POWERS, POWER):
        ahead["turn"].count(1, MOST_UNITS, what="the turn answered ahead")
        ahead["dice"].count(0, 30, what="research dice")
    for _power, outcomes in game.get("outcomes", {}).entries(POWERS, POWER):
        for outcome in outcomes.items(MOST_ROUNDS):
            outcome["round"].count(1, MOST_ROUNDS, what="a round")
            outcome["status"].one_of(STATUS, "what became of an action ("
                                     + ", ".join(STATUS) + ")")
            outcome.get("why", "").text(2000)
            outcome.get("by_orders", False).flag()
    for _power, entry in game.get("ledger", {}).entries(POWERS, POWER):
        units(entry.get("units", {}))
        units(entry.get("built", {}))
        entry.get("areas", []).names(board.land, "a land territory of the board")
        entry.get("when", "").text()
    game.get("rules_version", 1).count(1, 2, what="the rules version (1: before standing "
                                                  "orders, 2: since)")


def _action(field: Field, board: AAMap) -> Action:
    """One plotted action (`form.Action.to_json()`), read as the game will read it."""
    areas = set(board.land) | set(board.sea)
    field["round"].count(1, MOST_ROUNDS, what="a round")
    kind = field["kind"].one_of((MOVE, BUILD, NOOP), "move, build or noop")
    area = field.get("area")
    if kind == NOOP:
        if not area.missing:
            area.refuse("must be null: a NOOP goes nowhere.")
    elif kind == BUILD:
        area.one_of(board.land, "a land territory of the board (where the factory is)")
    else:
        area.one_of(areas, AREA)
    for source in field.get("sources", []).items():
        source["area"].one_of(areas, AREA)
        if not source.get("units").missing:
            units(source["units"])
        for _kind, via in source.get("via", {}).entries():
            via.one_of(areas, AREA)
        for pickup in source.get("pickups", []).items():
            pickup["area"].one_of(board.land, "a land territory of the board")
            units(pickup["units"], LAND_UNITS, "a land unit")
        source.get("from_transport", False).flag()
    units(field.get("build", {}))
    for note in field.get("notes", []).items():
        note.text(1000)
    return Action.from_json(field.obj())


def _check_rounds(plot: Field, actions: list[Action], *, complete: bool, noop: bool) -> None:
    """One action a round; a submitted plot has every round from 1 and no two NOOPs in a
    row (and NOOPs only with the NOOP option)."""
    rounds = sorted(a.round for a in actions)
    for earlier, later in zip(rounds, rounds[1:], strict=False):
        if earlier == later:
            plot.refuse(f"has two actions in round {later}: one action a round.")
    if not complete:
        return
    gaps = [r for r in range(1, (rounds[-1] if rounds else 0) + 1) if r not in rounds]
    if gaps:
        plot.refuse(f"is submitted with no action in round {gaps[0]}: a submitted plot has "
                    "every round from 1 without a gap.")
    noops = [a.round for a in actions if a.kind == NOOP]
    if noops and not noop:
        plot.refuse("is submitted with a NOOP, but this game doesn't use the NOOP option.")
    for r in noops:
        if r + 1 in noops:
            plot.refuse(f"is submitted with NOOPs in rounds {r} and {r + 1}: never two in a "
                        "row.")


def _check_commitment(game: Field, power: str, actions: list[Action], salt: str | None,
                      digest: str | None) -> None:
    """A submitted plot has the salt and the digest published at submit, and they match."""
    if not digest:
        game["digests"].refuse(f"has no digest for {power}'s submitted plot: the digest "
                               "published at submit is what lets everyone check the plot "
                               "after the turn. Give it, or mark the plot not submitted "
                               "(“submitted”) and submit it in the game.")
    if not salt:
        game["salts"].refuse(f"has no salt for {power}'s submitted plot: without it the "
                             "digest can't be checked. Give it, or mark the plot not "
                             "submitted and submit it in the game.")
    if not HEX.fullmatch(digest) or len(digest) != 64:
        game["digests"][power].refuse("is not a sha256 digest (64 hexadecimal digits).")
    if commit(canonical_plot(actions), salt) != digest:
        game["digests"][power].refuse(f"is not the digest of {power}'s plot with its salt: "
                                      "the plot or the salt differs from what was submitted.")


def _fight(field: Field, board: AAMap) -> None:
    """A battle an action started (`battles`, `battle_info`): where, and from where."""
    areas = set(board.land) | set(board.sea)
    field["area"].one_of(areas, AREA)
    field.get("sources", []).names(areas, AREA)
    units(field.get("amphibious", {}), LAND_UNITS, "a land unit")
    field.get("seas", []).names(board.sea, "a sea zone of the board")
    field.get("raiders", 0).count(0, MOST_UNITS, what="raiding bombers")
