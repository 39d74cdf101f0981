"""Revenge of the Dictators: three dictators race from Hawaii towards Washington D.C. until
the table has seen a flight, a disarm roll, an Interruption played on another's turn and the
President's d20 (issue 26)."""

from __future__ import annotations

from collections import deque
from typing import Any

from demo.scripts.choices import choice_values, deadline_pick, first_legal
from demo.table import DemoTable
from engine import Game, Prompt
from engine.games.dictators.board import Board, board_of
from engine.games.dictators.datafiles import game_data

# What the demo must show, in words.
SIGHTS = {
    "flight": "an international flight",
    "disarm": "a disarm roll",
    "interruption": "an Interruption played on another's turn",
    "president": "the President's d20",
}
INTERRUPTIONS_AT_MOST = 3  # the scripted dictators stop answering then: the race goes on


def board(game: Game) -> Board:
    """The map the game plays on (its data option), as the engine reads it."""
    return board_of(game_data(str(game.options["data"])).map)


def distances(game: Game, goals: set[str]) -> dict[str, int]:
    """How many moves (roads and flights, roadblocks ignored) each place is from a goal."""
    graph = board(game)
    far = {g: 0 for g in goals}
    todo = deque(goals)
    while todo:
        here = todo.popleft()
        for there in graph.walk_targets(here, ()) + graph.flight_targets(here):
            if there not in far:
                far[there] = far[here] + 1
                todo.append(there)
    return far


def goals(game: Game, seat: str) -> set[str]:
    """A scripted dictator's goal: its nearest base of zones 1-3 still face down, and once
    one is disarmed, Washington D.C. (where the President is confronted)."""
    view = game.view(seat)
    capital = board(game).place("capital")
    if view["nuclear"][seat]["counted"] >= 1:
        return {capital}
    bases = {c["base"] for c in view["nuclear_cards"]
             if not c["disarmed"] and c["zone"] in (1, 2, 3)}
    if not bases:
        return {capital}
    here = view["locations"][seat]
    far = distances(game, {here})
    return {min(bases, key=lambda b: (far.get(b, 99), b))}


def nearest(game: Game, seat: str, places: list[str]) -> str | None:
    far = distances(game, goals(game, seat))
    return min(places, key=lambda p: (far.get(p, 99), p)) if places else None


def card_plans(spec: Any) -> list[dict[str, Any]]:
    """The ways to play an Interruption a window's prompt offers: each card with each of
    the targets its menus list (or none)."""
    targets = [p for p in spec.params if p.name != "card" and p.choices]
    plans: list[dict[str, Any]] = []
    for card in choice_values(spec, "card"):
        plans.append({"card": card})
        plans += [{"card": card, p.name: c.value} for p in targets for c in p.choices or ()]
    return plans


def dict_policy(game: Game, seat: str, prompt: Prompt, memo: dict[str, Any]
                ) -> tuple[str, dict[str, Any]]:
    """Scripted dictators: answer a window with an Interruption (a few times in the game),
    else pass (or pass every window from now on, when the script says so); on their turn try to disarm where they stand, walk or fly towards their
    goal, play one card, draw while the hand is short, then end the turn. A card's target
    is the one nearest the goal."""
    offered = {a.name: a for a in prompt.actions}
    if "pass-all" in offered and memo.get("pass_all") == "now":
        memo["pass_all"] = "done"  # a standing pass: no window waits for them any more
        return "pass-all", {}
    if "pass" in offered:
        if "play" in offered and memo.get("interruptions", 0) < INTERRUPTIONS_AT_MOST:
            plan = first_legal(game, seat, "play", card_plans(offered["play"]))
            if plan is not None:
                memo["interruptions"] = memo.get("interruptions", 0) + 1
                return "play", plan
        return "pass", {}
    if "choose" in offered:
        param = offered["choose"].params[0]
        values = [c.value for c in param.choices or ()]
        value = nearest(game, seat, values) if param.name in ("to", "base") else values[0]
        return "choose", {param.name: value}
    if "confront" in offered:
        return "confront", {"card": choice_values(offered["confront"], "card")[-1]}
    for decision in ("discard", "reserve"):
        if decision in offered:
            return decision, deadline_pick(game, seat, decision)
    for simple in ("keep", "done"):
        if simple in offered:
            return simple, {}
    view = game.view(seat)
    if memo.get("turn") != view["turn_number"]:
        memo.update(turn=view["turn_number"], played=False)
    if "disarm" in offered:
        return "disarm", {}
    far = distances(game, goals(game, seat))
    here = far.get(view["locations"][seat], 99)
    ways = [(far.get(t, 99), 0 if action == "walk" else 1, action, t)
            for action in ("walk", "fly") if action in offered
            for t in choice_values(offered[action], "to")]
    if ways and min(ways)[0] < here:
        _, _, action, to = min(ways)
        return action, {"to": to}
    if "play" in offered and not memo["played"] and here > 0:
        memo["played"] = True
        cards = [c for c in choice_values(offered["play"], "card")
                 if "Interruption" not in next(ch.shown for ch in offered["play"].params[0]
                                               .choices or () if ch.value == c)]
        if cards:
            return "play", {"card": cards[0]}
    if "draw" in offered and len(view["hand"]) < 5:
        return "draw", {}
    return "end-turn", {}


def sights_in(rows: list[Any], current: dict[int, str]) -> set[str]:
    """Which of SIGHTS the stored actions show (`current`: whose turn it was at each)."""
    seen: set[str] = set()
    for row in rows:
        for event in row.events:
            kind, data = event.get("kind"), event.get("data") or {}
            if event.get("audience") != "public":
                continue
            if kind == "moved" and data.get("how") == "flies":
                seen.add("flight")
            elif kind in ("disarm_roll", "disarm_failed") and "roll" in data:
                seen.add("disarm")
            elif kind == "played" and data.get("type") == "interruption" and \
                    data.get("seat") != current.get(row.seq):
                seen.add("interruption")
            elif kind in ("convinced", "not_convinced"):
                seen.add("president")
    return seen


async def dictators_script(t: DemoTable) -> str:
    """Three dictators from the start until everything in SIGHTS was shown. Windows last
    2 minutes (not the live 30 s), so that a slow machine never lets one time out under the
    scripted players."""
    await t.slash("ann", "game new", variant="dictators", options="window_seconds=120")
    for user in ("ann", "bob", "cy"):
        await t.slash(user, "game join")
    await t.slash("ann", "game start")
    live = await t.bot.service.in_channel(t.channel)
    memo: dict[str, dict[str, Any]] = {}
    seen: set[str] = set()
    read = 0
    shown_hand = False
    for _ in range(600):
        game = live.game
        if game is None or game.finished or not game.prompts():
            break
        seat, prompt = sorted(game.prompts().items())[0]
        current = game.view(None)["current"]
        action, params = dict_policy(game, seat, prompt, memo.setdefault(seat, {}))
        await t.play(seat, action, **params)
        rows = await t.bot.service.storage.actions(live.id, after=read)
        seen |= sights_in(rows, {r.seq: current for r in rows})
        read = live.seq
        if not shown_hand and "interruption" in seen:
            shown_hand = True  # what a player may look at any time, only to them
            await t.slash(t.user_of_seat(seat), "dict hand")
            # The last to act asks for no more windows: a standing pass, in their next one.
            memo.setdefault(game.view(None)["order"][-1], {})["pass_all"] = "now"
        if set(SIGHTS) <= seen:
            break
    missing = [words for sight, words in SIGHTS.items() if sight not in seen]
    if missing:
        raise RuntimeError(f"the demo did not show: {', '.join(missing)}")
    await t.slash("bob", "dict board")
    return ("a flight, a disarm roll, an Interruption played on another's turn, a standing "
            "pass and the President's d20.")
