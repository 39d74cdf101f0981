"""Secrecy and the engine contract, over many seeded games of random legal play.

- CCR-5: "Holdings are private." A player's holdings, its hidden shares, cash and
  territory cards appear in no public event and no public view. (Shown shares are on the
  table: rulebook "Secrecy", "if you do not want to reveal how many shares ... you hold, you
  may keep some or all of them hidden".) Checked by
  non-interference: a twin of the position in which every *other* seat's secrets differ
  (hidden shares moved between holders, hands dealt differently, cash changed) gives the
  acting seat the same prompt, and the same action gives the same public events and the
  same public view. And no card that could still be played is ever named in public.
- load(state()) round-trips at every step; a RuleError leaves state() unchanged;
  `engine.verify` replays every game; the renderer draws the public view.
"""

from __future__ import annotations

import copy
import io
import json
import random
from typing import Any

from PIL import Image

import engine
from engine import Event, RuleError
from engine.games.cold_cash_risk import ColdCashRisk
from renders.cold_cash_risk import render
from tests.engine.cold_cash_risk.helpers import new
from tests.support import contract

GAMES = 100
STEPS = 220
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
# Actions whose every prompted value is legal on its own: never refused.
SINGLE = {"place", "found", "absorb", "leave", "pass", "consent", "accept", "vote",
          "end-attacks", "declare-end"}
WEIGHTS = {"declare-end": 6, "found": 5, "merge": 6, "buy": 4, "attack": 3, "blitz": 3,
           "meeting": 1, "sell": 1, "pass": 1, "leave": 1}


def load(state: dict[str, Any]) -> ColdCashRisk:
    """`engine.load` (every action already checks that the state is JSON-ready)."""
    game = engine.load("cold-cash-risk", state)
    assert isinstance(game, ColdCashRisk)
    return game


def random_action(game: ColdCashRisk, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
    """A random prompted action with random prompted values (free-form values plausible)."""
    prompts = game.prompts()
    seat = rnd.choice(sorted(prompts))
    specs = list(prompts[seat].actions)
    spec = rnd.choices(specs, [WEIGHTS.get(s.name, 2) for s in specs])[0]
    params: dict[str, Any] = {}
    for param in spec.params:
        if not param.required and rnd.random() < 0.5:
            continue
        if param.choices is None:
            params[param.name] = rnd.randint(1, 4)  # stop_at
        elif param.choices:
            params[param.name] = rnd.choice(param.choices).value
    if spec.name in ("attack", "blitz", "move") and "from_territory" in params:
        # Mostly pick a target the source can reach, as a player would.
        source = params["from_territory"]
        options = ((game.attacks(seat) if spec.name != "move" else game.free_moves(seat))
                   if not game.stack else {})
        if source in options and rnd.random() < 0.8:
            params["to_territory"] = rnd.choice(options[source])
    return seat, spec.name, params


# --- the twin: the same position with every other seat's secrets changed -----


def twin_state(state: dict[str, Any], keeper: str, rnd: random.Random,
               game: ColdCashRisk) -> dict[str, Any]:
    twin = dict(state)  # the log is only read: the twin shares it
    twin["game"] = d = copy.deepcopy(state["game"])
    others = [s for s in state["seats"] if s != keeper]
    # Hands: deal the other seats' cards among them again, each keeping as many cards,
    # and as many playable ones (whether a player can place at all is seen by everyone).
    slots = [(s, i, game.usable(c)) for s in others for i, c in enumerate(d["hands"][s])]
    for usable in (True, False):
        pool = [d["hands"][s][i] for s, i, u in slots if u == usable]
        rnd.shuffle(pool)
        for (s, i, u) in slots:
            if u == usable:
                d["hands"][s][i] = pool.pop()
    # Hidden shares: moved between the other holders (each stays a holder, keeps its shown
    # shares; the Bank is unchanged).
    ledger = d["ledger"]
    for chain in ledger["bank"]:
        holders = [s for s in others if ledger["shares"][s][chain] > 0]
        floor = {s: max(1, d["shown"][s][chain]) for s in holders}
        slack = sum(ledger["shares"][s][chain] - floor[s] for s in holders)
        for s in holders:
            ledger["shares"][s][chain] = floor[s]
        for _ in range(slack):
            ledger["shares"][rnd.choice(holders)][chain] += 1
    for s in others:
        ledger["cash"][s] += 100 * rnd.randint(0, 20)
    return twin


def public_of(events: list[Event]) -> list[dict[str, Any]]:
    return [e.to_json() for e in events if e.public]


def check_secrecy(game: ColdCashRisk, before: dict[str, Any], seat: str, action: str,
                  params: dict[str, Any], events: list[Event], rnd: random.Random) -> None:
    """The acting seat's prompt, the public events and the public view do not depend on
    the other seats' secrets."""
    original = load(before)
    twin = engine.load("cold-cash-risk", twin_state(before, seat, rnd, original))
    assert isinstance(twin, ColdCashRisk)
    if action not in game.free_actions:
        assert repr(original.prompts()[seat]) == repr(twin.prompts()[seat])
    assert original.view(seat) == twin.view(seat)
    twin_events = twin.act(seat, action, **params)
    if game.finished:
        return  # the Closing Bell reveals every holding
    assert public_of(twin_events) == public_of(events), (action, params)
    assert twin.view(None) == game.view(None)
    # The seat's own view too, except its cash: a merger bonus depends on how the others'
    # holdings compare with the seat's (as at the table, the receiver learns its bonus).
    mine, theirs = twin.view(seat), game.view(seat)
    assert {k: v for k, v in mine.items() if k != "cash"} == {
        k: v for k, v in theirs.items() if k != "cash"}


def check_step(game: ColdCashRisk, events: list[Event], step: int = 0) -> None:
    state = game.state()
    assert load(state).state() == state
    if game.finished:
        return
    public_view = game.view(None)
    assert not {"hand", "holdings", "cash", "you", "placeable"} & set(public_view)
    empty = set(game.board.empty_territories())
    text = json.dumps(public_view)
    # A card that can still be played names an empty territory: never named in public.
    assert not [t for t in empty if f'"{t}"' in text]
    for event in events:
        if event.public:
            assert not {"hand", "holdings", "cash", "shown", "hidden", "cards"} & set(event.data)
            assert "hidden" not in event.text.lower() or "Only shown" in event.text
            assert not [t for t in empty if t in event.text], event
        else:
            assert len(event.audience) == 1, event
            if "hand" in event.data:
                (who,) = event.audience
                assert event.data["hand"] == game.hands[who] or event.kind != "cards"
    for seat in game.seats if step % 4 == 1 else ():
        view = game.view(seat)
        assert view["hand"] == game.hands[seat]
        assert view["holdings"] == game.holdings(seat) and view["cash"] == game.ledger.cash[seat]


def play(index: int) -> tuple[ColdCashRisk, dict[str, int]]:
    rnd = random.Random(index)
    seats = NAMES[: rnd.randint(3, 6)]
    options = {"edition": rnd.choice(["2008", "2008", "classic", "1999"]),
               "turn_order": rnd.choice(["fixed", "variable"]),
               "ending": rnd.choice(["standard", "short", "short", "long"]),
               "unplaceable": rnd.choice(["redraw", "retire"]),
               "free_move": rnd.choice(["adjacent", "chain"]),
               "show_new_shares": rnd.random() < 0.5}
    game = new(seats, seed=f"secrecy-{index}", **options)
    check_step(game, list(game.setup_events))
    counts = {"refused": 0, "twins": 0}
    for step in range(STEPS):
        if game.finished:
            break
        if step % 9 == 4:
            illegal(game, rnd)
        if rnd.random() < 0.06:
            free_action(game, rnd)
        seat, action, params = random_action(game, rnd)
        before = game.state()
        try:
            events = game.act(seat, action, **params)
        except RuleError:
            assert action not in SINGLE, (action, params)
            assert game.state() == before
            counts["refused"] += 1
            continue
        check_step(game, events, step)
        if step % 4 == 0:
            check_secrecy(game, before, seat, action, params, events, rnd)
            counts["twins"] += 1
    return game, counts


def free_action(game: ColdCashRisk, rnd: random.Random) -> None:
    """show / hide at any moment, by anyone (a free action)."""
    seat = rnd.choice(game.seats)
    held = [c for c in game.chains if game.ledger.held(seat, c)]
    if not held:
        return
    before = game.state()
    try:
        events = game.act(seat, rnd.choice(["show", "hide"]), corporation=rnd.choice(held),
                          count=rnd.choice([None, 1]))
    except RuleError:
        assert game.state() == before
        return
    # Everyone sees what is shown now; the holding itself goes to the seat alone.
    for event in events:
        if event.public:
            assert event.kind == "showing" and set(event.data) == {"seat", "corporation",
                                                                   "showing"}
            assert event.data["showing"] == game.shown_of(seat, event.data["corporation"])
        else:
            assert event.audience == {seat}


def illegal(game: ColdCashRisk, rnd: random.Random) -> None:
    """An action the prompts do not offer is refused and changes nothing."""
    prompts = game.prompts()
    idle = [s for s in game.seats if s not in prompts]
    before = game.state()
    attempts: list[tuple[str, str, dict[str, Any]]] = [
        (rnd.choice(game.seats), "attack", {"from_territory": "Alaska",
                                             "to_territory": "Argentina"}),
        (rnd.choice(game.seats), "buy", {"corporation": game.chains[0], "count": 4}),
        (rnd.choice(game.seats), "fly", {}),
    ]
    if idle:
        attempts.append((rnd.choice(idle), "pass", {}))
    seat, action, params = rnd.choice(attempts)
    try:
        game.act(seat, action, **params)
    except RuleError:
        assert game.state() == before
    else:  # pragma: no cover - these are never legal
        raise AssertionError(f"{seat} {action} {params} was accepted")


def test_secrecy_and_the_contract_across_random_games() -> None:
    """CCR-5: "Holdings are private. Each player decides, privately, how many shares of
    each corporation are shown ... Purchases and sales themselves are announced, and so are
    the shares left in the bank." DESIGN: "The engine alone decides what is secret."""
    finished = refused = twins = 0
    for index in range(GAMES):
        game, counts = play(index)
        finished += game.finished
        refused += counts["refused"]
        twins += counts["twins"]
        state = json.loads(json.dumps(game.state()))
        assert load(state).state() == game.state()
        verification = contract.verify(game)
        assert verification.ok, verification.summary()
        if index % 25 == 0:
            picture = Image.open(io.BytesIO(render(json.loads(json.dumps(game.view(None))))))
            assert picture.width == 1600
    assert finished >= 20, finished
    assert twins >= GAMES * 30, twins


def test_every_kind_of_decision_comes_up() -> None:
    """The random games reach every part of the rules (a smoke check of the test itself)."""
    seen: set[str] = set()
    for index in range(30):
        rnd = random.Random(1000 + index)
        game = new(NAMES[:4], seed=f"kinds-{index}", show_new_shares=index % 2 == 0,
                   ending="short" if index % 3 else "standard")
        for _ in range(300):
            if game.finished:
                break
            if game.stack:
                seen.add(game.stack[-1]["kind"])
            seat, action, params = random_action(game, rnd)
            try:
                events = game.act(seat, action, **params)
            except RuleError:
                continue
            seen.update(e.kind for e in events)
    for kind in ("founded", "absorbed", "merged", "consent", "settle", "takeover", "vote",
                 "occupy", "deploy", "restructure", "dividends", "downsized",
                 "mompop_defends", "free_move", "meeting_result", "game_over"):
        assert kind in seen, kind
