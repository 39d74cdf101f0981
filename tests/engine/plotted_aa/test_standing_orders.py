"""Standing orders (issue 24; docs/plotted-aa.md, decisions D-20 to D-23): the routine
questions of the Execution and Final Build Phases answered ahead, per power, at once and
inside the action that raises them, announced as taken by standing orders; a question they
don't cover is asked; the deadline answers by them; they are secret until they act.

The rulebook's own words for what the orders decide: "a country has the option of moving or
building none, some, or all of the units it plotted" (Execution Phase, Rounds); "The
attacker may retreat after any combat round as usual" (Retreat); "Germany must return its
aircraft to friendly territories" (Aircraft Landing); "you may now build the units you
plotted to build but didn't build" (Final Build Phase); "each player may develop weapons"
(Develop Weapons Phase).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import engine
from engine import Game, RuleError
from engine.aa.units import POWERS
from engine.events import Event
from engine.games.plotted_aa.orders import ASK_ME, USUAL
from engine.rng import Rng
from tests.engine.plotted_aa.helpers import act, plot_phase, submit_all, units_at, verified

USSR, GER, UK, JAP, USA = POWERS
KARELIA, E_EUR = "Karelia S.S.R.", "East Europe"
_DIGEST = re.compile(r"\b[0-9a-f]{64}\b")


def first_rolls(monkeypatch: pytest.MonkeyPatch, *throws: list[int]) -> None:
    """The next rolls are these; after them the dice roll as the seed says."""
    queue = list(throws)
    roll = Rng.roll

    def loaded(rng: Rng, count: int = 1, sides: int = 6, *, label: str = "dice") -> list[int]:
        if not queue:
            return roll(rng, count, sides, label=label)
        values = queue.pop(0)
        assert len(values) == count, (label, count, values)
        rng.luck.append({"kind": "roll", "label": label, "sides": sides, "values": values})
        return values

    monkeypatch.setattr(Rng, "roll", loaded)


def said(events: list[Event]) -> str:
    return "\n".join(e.text for e in events if e.public)


def asked(game: Game) -> dict[str, list[str]]:
    return {seat: [a.name for a in p.actions] for seat, p in game.prompts().items()}


def karelia_attack(seed: str, **options: Any) -> Game:
    """Germany's round 1: 3 infantry and the tank from East Europe attack Karelia (3
    infantry, a tank, a fighter and the AA gun), executed by Germany's order when revealed;
    nobody else plots."""
    game = plot_phase(seed, **options)
    act(game, GER, "plot-move", round=1, units="3i, t", from_area="E Eur", to="Karelia")
    act(game, GER, "orders", reveal="whole-or-ask")
    return game


def to_the_first_retreat(game: Game, monkeypatch: pytest.MonkeyPatch) -> list[Event]:
    """Submit; round 1 of the Karelia battle: the attack scores 2 hits (the tank, 1 infantry),
    the defence 1 (the tank): the USSR and Germany each lose units by their loss orders."""
    first_rolls(monkeypatch, [1], [1, 6, 6], [1], [6], [6, 6, 6])
    return submit_all(game)


# ----- the orders each power starts with ----------------------------------------------


def test_the_async_pace_starts_with_the_usual_orders_the_live_pace_with_ask_me() -> None:
    """Issue 24: "The async pace starts each power with the orders a group would expect
    (documented), each switchable to 'ask me'; the live pace starts with 'ask me'" (D-20);
    the option `standing_orders` says otherwise."""
    powers = list(POWERS)
    usual = engine.new_game("plotted-aa", powers, seed="o")
    live = engine.new_game("plotted-aa", powers, seed="o", options={"pace": "live"})
    chosen = engine.new_game("plotted-aa", powers, seed="o",
                             options={"pace": "live", "standing_orders": "usual"})
    assert all(usual.orders_of(p) == USUAL for p in POWERS)  # type: ignore[attr-defined]
    assert all(live.orders_of(p) == ASK_ME for p in POWERS)  # type: ignore[attr-defined]
    assert chosen.orders_of(GER) == USUAL  # type: ignore[attr-defined]
    act(usual, GER, "orders", change="all=ask")
    assert usual.orders_of(GER) == ASK_ME  # type: ignore[attr-defined]
    assert usual.orders_of(JAP) == USUAL  # type: ignore[attr-defined]


def test_orders_are_changed_at_any_time_in_secret_and_shown_on_the_plot_sheet() -> None:
    """Issue 24: "Standing orders, per power, set by command or buttons at any time (an
    engine action, free, private) and shown on the plot sheet"; the prompt's menu changes
    one with one click."""
    game = plot_phase("sheet")
    menu = game.prompts()[GER].action("orders")
    assert menu is not None and [p.name for p in menu.params] == ["change"]
    events = act(game, GER, "orders", change="battle=odds:70")
    assert [e.public for e in events] == [False] and events[0].audience == {GER}
    events = act(game, USSR, "orders", landing="Caucasus", reveal="pass",
                 loss_order="fighter, infantry, armour")  # not prompted for it: any time
    assert "Caucasus" in events[0].text
    sheet = game.sheet(GER)  # type: ignore[attr-defined]
    assert "Press on or retreat: press on while the odds of winning are at least 70%" in sheet
    assert "Loss order (cheapest first): infantry, armour" in sheet
    ussr = game.sheet(USSR)  # type: ignore[attr-defined]
    assert "Aircraft landing: at Caucasus when they can reach it" in ussr
    assert "Revealed actions: execute as plotted when all of it can go, else pass" in ussr
    assert "Loss order (cheapest first): fighters, infantry, armour" in ussr
    assert game.hides("orders") and game.public_steps == 5  # the five developments
    with pytest.raises(RuleError, match="Press on or retreat: I can't read"):
        act(game, GER, "orders", battle="sometimes")


# ----- revealed actions ------------------------------------------------------------------


def test_a_revealed_action_that_can_all_go_is_executed_inside_the_action_that_reveals_it(
        ) -> None:
    """Execution Phase, Rounds ("each country reveals and executes the action it plotted");
    issue 24: "A decision they cover is taken at once (inside the action that asks it) and
    announced as taken by standing orders". With the usual orders and builds that can all
    be paid for, the last submit executes the whole turn: nobody is asked after plotting."""
    game = plot_phase("whole", standing_orders="usual")
    act(game, USSR, "plot-build", round=1, factory="Russia", units="2i")
    act(game, GER, "plot-build", round=1, factory="Germany", units="t")
    act(game, GER, "plot-move", round=2, units="2i", from_area="Germany", to="W Europe")
    events = submit_all(game)
    text = said(events)
    assert "By standing orders, USSR executes its action as plotted." in text
    assert "USSR builds 2 infantry in Russia" in text
    assert text.count("By standing orders, Germany executes its action as plotted.") == 2
    assert game.turn == 2 and game.stage == "develop"  # type: ignore[attr-defined]
    assert asked(game) == {USSR: ["research", "skip"]}
    assert verified(game)


@pytest.mark.parametrize(("setting", "expected"), [
    ("whole-or-ask", "asked"), ("whole-or-pass", "passed"), ("whole-or-part", "in part")])
def test_a_revealed_action_that_can_not_all_go_is_asked_passed_or_done_in_part(
        setting: str, expected: str) -> None:
    """Execution Phase, Rounds: "a country has the option of moving or building none, some,
    or all of the units it plotted"; issue 24: "execute each revealed action as plotted when
    it is wholly legal (otherwise: the legal part, pass, or ask me)". Germany plotted 4
    infantry out of East Europe, which holds 3."""
    game = plot_phase(f"part-{setting}")
    act(game, GER, "plot-move", round=1, units="4i", from_area="E Eur", to="Ukraine")
    act(game, GER, "orders", reveal=setting)
    events = submit_all(game)
    text = said(events)
    if expected == "asked":
        assert asked(game) == {GER: ["execute", "execute-part", "pass", "orders"]}
        assert "By standing orders, Germany" not in text
    elif expected == "passed":
        assert "By standing orders, Germany passes." in text
        assert units_at(game, E_EUR, GER)["infantry"] == 3
    else:
        assert "By standing orders, Germany executes what can still go of its action." in text
        assert "Germany moves 3 infantry from East Europe to Ukraine S.S.R." in text
        assert "Not done as plotted: 4 infantry from East Europe: only 3" in text


def test_execute_as_plotted_is_one_click_the_form_only_for_in_part() -> None:
    """Issue 24: ""Execute as plotted" is one click (the form only for "in part")": the
    `execute` button asks nothing; `execute-part` holds the units, stop, bomb questions."""
    game = karelia_attack("one-click")
    act(game, GER, "orders", reveal="ask")
    submit_all(game)
    prompt = game.prompts()[GER]
    assert prompt.action("execute").params == ()  # type: ignore[union-attr]
    part = prompt.action("execute-part")
    assert part is not None and [p.name for p in part.params] == ["units", "stop", "bomb"]
    act(game, GER, "execute-part", units="2i")
    assert units_at(game, E_EUR, GER)["infantry"] == 1


# ----- battles ----------------------------------------------------------------------------


def test_casualties_by_the_saved_loss_order_at_once_for_attacker_and_defender(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: "casualties by the saved loss order at once": the USSR's order (fighter
    first) and Germany's (the usual: infantry first) choose, nobody is asked; the retreat
    that follows is the attacker's to decide ("ask me" here)."""
    game = karelia_attack("casualties")
    for power in (USSR, GER):
        act(game, power, "orders", casualties="loss order")
    act(game, USSR, "orders", loss_order="fighter, infantry, armour")
    events = to_the_first_retreat(game, monkeypatch)
    text = said(events)
    assert "By standing orders, USSR chooses its casualties by its loss order." in text
    assert "USSR loses 1 infantry, 1 fighter." in text
    assert "By standing orders, Germany chooses its casualties by its loss order." in text
    assert "Germany loses 1 infantry." in text
    assert asked(game) == {GER: ["continue", "retreat"]}


@pytest.mark.parametrize(("order", "retreats"), [
    ("press on", False), ("99%", True), ("1%", False), ("4 attackers", True),
    ("3 attackers", False)])
def test_press_on_or_retreat_by_the_exact_odds_or_by_the_attackers_left(
        order: str, retreats: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Retreat: "The attacker may retreat after any combat round as usual"; issue 24: "press
    on or retreat by the exact odds (a threshold) or by the attackers left". After round 1,
    3 of Germany's 4 attackers are left; Germany retreats to East Europe, where they came
    from, or presses on."""
    game = karelia_attack(f"battle-{order}")
    act(game, GER, "orders", battle=order, casualties="loss order")
    act(game, USSR, "orders", casualties="loss order")
    text = said(to_the_first_retreat(game, monkeypatch))
    decided = re.search(r"By standing orders, Germany (presses on in|retreats from) Karelia",
                        text)
    assert decided is not None
    if retreats:
        assert decided.group(1) == "retreats from"
        assert "Germany retreats 2 infantry, 1 armour to East Europe." in text
        assert units_at(game, E_EUR, GER)["infantry"] == 2
    else:
        assert decided.group(1) == "presses on in"


def test_the_odds_are_the_exact_odds_of_the_battle_as_it_stands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The threshold is compared with the exact odds of destroying every defender from here
    (engine/aa/odds), with both sides' weapons developments: Germany presses on at a
    threshold just below them and retreats at one just above."""
    game = karelia_attack("exact")
    act(game, GER, "orders", battle="ask", casualties="loss order")
    act(game, USSR, "orders", casualties="loss order")
    to_the_first_retreat(game, monkeypatch)
    battle = game.battle  # type: ignore[attr-defined]
    odds = game.odds_of_winning(battle)  # type: ignore[attr-defined]
    assert 0.0 < odds < 0.5
    below, above = int(odds * 100), int(odds * 100) + 1
    for threshold, action in ((below, "continue"), (above, "retreat")):
        act(game, GER, "orders", battle=f"{threshold}%")
        taken = game.standing_answer()  # type: ignore[attr-defined]
        assert taken is not None and taken.action == action


# ----- landing, the Final Build, Develop Weapons ----------------------------------------


def north_sea_flight(seed: str) -> Game:
    """Aircraft Landing's example: Germany flies its fighters and bomber to the (empty)
    North Sea in round 1; they must land afterwards."""
    game = plot_phase(seed)
    game.pos.units.pop("North Sea Zone", None)  # type: ignore[attr-defined]
    for source in ("W Eur", "Ger"):
        act(game, GER, "plot-move", round=1, units="f" if source == "W Eur" else "f, b",
            from_area=source, to="North Sea")
    return game


def test_aircraft_land_at_the_nearest_safe_area_or_at_a_named_one() -> None:
    """Aircraft Landing: "Germany must return its aircraft to friendly territories"; issue
    24: "land aircraft at the nearest safe area or a named one". Named: Germany, where every
    one of them lands; nearest safe: the nearest place to land with no enemy unit next to
    it."""
    named = north_sea_flight("land-named")
    act(named, GER, "orders", landing="Germany")
    text = said(submit_all(named) + act(named, GER, "execute"))
    assert "By standing orders, Germany lands its aircraft from North Sea Zone." in text
    assert "Germany lands 2 fighters, 1 bomber from North Sea Zone in Germany." in text
    nearest = north_sea_flight("land-nearest")
    submit_all(nearest)
    act(nearest, GER, "execute")  # landing: "ask me" (this game's start), so it is asked
    spots = nearest.landing_choices(GER, "North Sea Zone")  # type: ignore[attr-defined]
    safe = [s for s in spots if not any(
        nearest.pos.has_enemy(n, GER)  # type: ignore[attr-defined]
        for n in nearest.board.neighbours(s))]  # type: ignore[attr-defined]
    assert safe and safe[0] != spots[0]  # the nearest borders an enemy
    act(nearest, GER, "orders", landing="nearest")
    assert nearest.timeout_actions() == [(GER, "land", {"to": safe[0]})]


def test_aircraft_waiting_in_one_area_are_asked_once_with_a_way_to_split() -> None:
    """Issue 24: "aircraft landing in one area from one battle are asked once (one decision
    for the group, with a way to split)": three aircraft of two kinds and two fuels, one
    question; `land-part` lands some, the others are asked again."""
    game = north_sea_flight("asked-once")
    submit_all(game)
    act(game, GER, "execute")
    (prompt,) = game.prompts().values()
    assert prompt.text.startswith("Land 2 fighters, 1 bomber from North Sea Zone (")
    assert [a.name for a in prompt.actions] == ["land", "land-part"]
    act(game, GER, "land-part", to="West Europe", units="1 fighter")
    assert game.prompts()[GER].text.startswith("Land 1 fighter, 1 bomber from North Sea")
    act(game, GER, "land", to="Germany")
    assert not game.landings  # type: ignore[attr-defined]


def test_the_final_build_at_the_first_original_factory_with_room() -> None:
    """Final Build Phase: "you may now build the units you plotted to build but didn't
    build ... at one of your original factories"; issue 24: "the Final Build at the first
    factory with room". Germany passes its build (its order), then builds it at once."""
    game = plot_phase("final", standing_orders="usual")
    act(game, GER, "plot-build", round=1, factory="Germany", units="2i")
    act(game, GER, "orders", reveal="pass")  # when not all of it can go
    game.pos.treasury[GER] = 3  # type: ignore[attr-defined]
    text = said(submit_all(game))
    assert "By standing orders, Germany passes." in text
    assert "By standing orders, Germany builds at Germany." in text
    assert "Germany builds 1 infantry in Germany (3 IPCs)." in text


def test_develop_weapons_answered_ahead_no_research_this_turn() -> None:
    """Develop Weapons Phase: "each player may develop weapons"; issue 24: "Develop Weapons
    may be answered ahead ("no research this turn") before one's turn to roll". Germany
    answers while the USSR is still deciding; only Germany is told; when its turn comes it
    is taken at once. An answer given after one's turn is for the next turn."""
    game = engine.new_game("plotted-aa", list(POWERS), seed="ahead",
                           options={"pace": "live"}, history=True)
    with pytest.raises(RuleError, match="turn to develop weapons now"):
        act(game, USSR, "research-ahead", dice=0)  # its turn: it answers the question
    events = act(game, GER, "research-ahead", dice=0)
    assert [e.audience for e in events] == [{GER}] and "turn 1's" in events[0].text
    assert game.hides("research-ahead")
    events = act(game, USSR, "skip")
    text = said(events)
    assert "Germany answered Develop Weapons ahead." in text
    assert "Germany develops no weapons this turn." in text
    assert asked(game) == {UK: ["research", "skip"]}
    events = act(game, USSR, "research-ahead", dice=1)
    assert "turn 2's" in events[0].text
    assert game.ahead[USSR] == {"turn": 2, "dice": 1}  # type: ignore[attr-defined]


# ----- the deadline -----------------------------------------------------------------------


def test_the_deadline_answers_by_the_standing_orders(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: "The deadline policy (timeout_actions) answers by the standing orders": an
    order set after the question was asked decides it; an "ask me" order is answered as
    the usual orders would (the odds, not "press on" whatever they are)."""
    game = karelia_attack("deadline", pace="live")
    act(game, GER, "orders", casualties="loss order")
    act(game, USSR, "orders", casualties="loss order")
    to_the_first_retreat(game, monkeypatch)
    assert asked(game) == {GER: ["continue", "retreat"]}
    assert game.timeout_actions() == [(GER, "retreat", {"to": E_EUR})]  # odds below 50%
    act(game, GER, "orders", battle="press on")  # changed while the question waits
    assert game.timeout_actions() == [(GER, "continue", {})]
    assert asked(game) == {GER: ["continue", "retreat"]}  # a hidden step decides nothing


# ----- secrecy -----------------------------------------------------------------------------


def public_surface(game: Game, events: list[Event]) -> list[str]:
    return [_DIGEST.sub("<digest>", json.dumps(e.to_json(), sort_keys=True))
            for e in events if e.public]


def played(orders: list[dict[str, str]], monkeypatch: pytest.MonkeyPatch
           ) -> tuple[Game, list[tuple[list[str], str, bool]]]:
    """Karelia's attack played to the turn's end by the deadline, Germany's standing orders
    set by `orders` (hidden steps) during the Plot Phase; what the public saw after each
    step: its events, the public view, and whether anything may be undone."""
    game = karelia_attack("twins")
    for given in orders:
        act(game, GER, "orders", **given)
    seen: list[tuple[list[str], str, bool]] = []
    first_rolls(monkeypatch, [1], [1, 6, 6], [1], [6], [6, 6, 6])
    for power in POWERS:
        events = act(game, power, "plot-submit")
        seen.append((public_surface(game, events),
                     _DIGEST.sub("<digest>", json.dumps(game.view(None), sort_keys=True)),
                     game.hiding()))
    while game.stage in ("execute", "final-build"):  # type: ignore[attr-defined]
        seat, action, params = game.timeout_actions()[0]
        events = act(game, seat, action, **params)
        seen.append((public_surface(game, events),
                     _DIGEST.sub("<digest>", json.dumps(game.view(None), sort_keys=True)),
                     game.hiding()))
    return game, seen


def test_standing_orders_are_secret_until_they_act(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: "standing orders are private until they act (an order acting reveals only
    what the action reveals; no public difference before: twin test)". Twins: Germany's
    orders set (in two hidden steps, or none) to what changes nothing here are public twins
    to the end of the turn; twins whose retreat order differs look the same until the
    order acts, where each says only what it does."""
    with monkeypatch.context() as patch:
        plain, plain_seen = played([], patch)
    with monkeypatch.context() as patch:
        _, quiet_seen = played([{"reveal": "whole-or-ask"}, {"subs": "stay"}], patch)
    assert quiet_seen == plain_seen
    assert all(hiding for _, _, hiding in plain_seen)  # nothing can be undone (D-21)
    with monkeypatch.context() as patch:
        _, pressing = played([{"battle": "press on"}], patch)
    with monkeypatch.context() as patch:
        _, leaving = played([{"battle": "99%"}], patch)
    differ = next(i for i, (a, b) in enumerate(zip(pressing, leaving, strict=False)) if a != b)
    assert pressing[:differ] == leaving[:differ]
    first = [e for e in pressing[differ][0] if e not in leaving[differ][0]]
    assert json.loads(first[0])["text"] == "By standing orders, Germany presses on in " \
                                           "Karelia S.S.R."
    assert not any("press on" in json.loads(e)["text"].lower() or "99" in e
                   for seen in pressing[:differ] for e in seen[0])
    assert plain.hides("orders")


# ----- games stored before --------------------------------------------------------------


def test_a_game_stored_before_standing_orders_replays_as_it_was_played() -> None:
    """A game begun before standing orders (its state without them, or its stored options
    without `standing_orders`) keeps every question and asks each landing group apart, so
    that its stored steps replay exactly."""
    game = north_sea_flight("stored")
    submit_all(game)
    state = game.state()
    del state["options"]["standing_orders"]
    for key in ("standing", "ahead", "outcomes", "ledger", "rules_version"):
        del state["game"][key]
    old = engine.load("plotted-aa", state)
    assert old.orders_of(GER) == ASK_ME and old.rules_version == 1  # type: ignore
    act(old, GER, "execute")
    assert [a.name for a in old.prompts()[GER].actions] == ["land"]
    options = dict(game.options)
    del options["standing_orders"]
    replayed = engine.new_game("plotted-aa", list(POWERS), seed="x", options=options)
    assert replayed.rules_version == 1  # type: ignore[attr-defined]
    assert replayed.orders_of(GER) == ASK_ME  # type: ignore[attr-defined]
