"""One World Dominion: four players, until every card rule of issue 17 was shown."""

from __future__ import annotations

from typing import Any

from demo.scripts.choices import choice_values, first_legal, is_legal
from demo.table import DemoTable
from engine import Prompt
from engine.risk.map import classic_map

BOARD = classic_map()  # the printed board: the areas and who borders whom

OWD_AT_ENEMIES = frozenset({"Rebellion", "Mutant Horde", "Ebola", "Bombers", "Orbital Laser",
                            "Nerve Gas", "Mad Cow Disease", "ICBM", "Toxic Waste"})
# What the demo must show (event kinds), besides a (D) card played while defending.
OWD_SHOWN = {"traded": "a set turned in", "played": "a card played singly",
             "negated": "a negation", "neutral": "a neutral player created",
             "rebels_grow": "rebels growing", "mutants": "mutants attacking"}


def owd_plans(game: Any, seat: str, card: str) -> list[dict[str, Any]]:
    """Parameters a scripted player tries for `card`: a neutral card turns the biggest enemy
    army; an attacking card aims near its own areas; a move starts from its own."""
    from engine.games.one_world_dominion.cards import PARAMS

    needs = PARAMS.get(card, ())
    if not needs:
        return [{}]
    view = game.view(None)
    board = view["board"]
    own = [t for t in BOARD.territories if board[t]["owner"] == seat]
    enemy = [t for t in BOARD.territories if board[t]["owner"] not in (None, seat)]
    near = sorted({n for a in own for n in BOARD.neighbours(a)} & set(enemy))
    opponents = [s for s in view["order"] if s != seat and s not in view["out"]]
    if card in ("Rebellion", "Mutant Horde"):
        areas = sorted((t for t in enemy if board[t]["owner"] in view["seats"]),
                       key=lambda t: -board[t]["armies"])[:6]
    elif card in OWD_AT_ENEMIES:
        areas = (near + enemy)[:8]
    else:
        areas = own[:4] + near[:4]
    plans: list[dict[str, Any]] = []
    tried: list[str | None] = [*areas] or [None]
    for area in tried:
        plan: dict[str, Any] = {"area": area} if "area" in needs and area else {}
        if "count" in needs:
            plan["count"] = 1
        if "to_area" in needs and area:
            plans += [dict(plan, to_area=b) for b in sorted(BOARD.neighbours(area))[:3]]
            continue
        if "continent" in needs:
            plan["continent"] = next(iter(BOARD.continents))
        if "player" in needs and opponents:
            plan["player"] = opponents[0]
        if "other_player" in needs and len(opponents) > 1:
            plan["other_player"] = opponents[1]
        if "take" in needs and view["discards"]:
            plan["take"] = view["discards"][-1]
        plans.append(plan)
    return plans


def owd_policy(game: Any, seat: str, prompt: Prompt, memo: dict[str, int]
               ) -> tuple[str, dict[str, Any]]:
    """Scripted generals who know every hand (it is a demo): play any card the rules allow
    now (answers and negations included), turn in sets, defend with all dice, place on the
    front, attack players (not neutrals) up to four times a turn, then end the turn."""
    offered = {a.name: a for a in prompt.actions}
    if "play" in offered:
        for card in choice_values(offered["play"], "card"):
            for plan in owd_plans(game, seat, card):
                if is_legal(game, seat, "play", {"card": card, **plan}):
                    return "play", {"card": card, **plan}
    if "trade" in offered:
        return "trade", {"cards": choice_values(offered["trade"], "cards")[0]}
    if "defend" in offered:
        return "defend", {"dice": int(choice_values(offered["defend"], "dice")[0])}
    if "move" in offered:
        return "move", {"count": int(choice_values(offered["move"], "count")[-1])}
    if "steal" in offered:
        return "steal", {"card": choice_values(offered["steal"], "card")[0]}
    board = game.view(None)["board"]
    if "place" in offered:
        own = choice_values(offered["place"], "territory")
        front = [a for a in own if any(board[n]["owner"] not in (None, seat)
                                       for n in BOARD.neighbours(a))]
        view = game.view(None)
        if view["stage"] != "play":
            count = min(view["reserve"][seat], int(game.options["setup_batch"]))
        else:  # all the armies due now: a set's (what the deadline would place), or the turn's
            count = next((int(p["count"]) for s, a, p in game.timeout_actions()
                          if s == seat and a == "place"), view.get("to_place", 0))
        chosen = first_legal(game, seat, "place", [{"territory": a, "count": max(1, count)}
                                                    for a in front + own])
        if chosen is not None:
            return "place", chosen
    if "pass" in offered:
        return "pass", {}
    if "attack" in offered and memo.get("attacks", 0) < 4:
        for source in sorted(choice_values(offered["attack"], "from_territory"),
                             key=lambda a: -board[a]["armies"]):
            if board[source]["armies"] < 3:
                continue
            targets = [{"from_territory": source, "to_territory": t}
                       for t in sorted(BOARD.neighbours(source))
                       if board[t]["owner"] in game.seats and board[t]["owner"] != seat]
            chosen = first_legal(game, seat, "attack", targets)
            if chosen is not None:
                memo["attacks"] = memo.get("attacks", 0) + 1
                return "attack", chosen
    memo["attacks"] = 0
    if "end-turn" in offered:
        return "end-turn", {}
    return prompt.actions[0].name, {}


async def owd_script(t: DemoTable) -> str:
    """Four players, the areas dealt and four cards each, until a set was turned in, a card
    played singly and one negated, a defender answered an attack with a card in its window,
    and rebels and mutants were created and acted. Windows last 2 minutes (not the live
    30 s), so that a slow machine never lets one time out under the scripted players."""
    await t.slash("ann", "game new", variant="one-world-dominion",
                  options="start=deal, setup_batch=40, starting_cards=4, window_seconds=120")
    for user in ("ann", "bob", "cy", "dee"):
        await t.slash(user, "game join")
    await t.slash("ann", "game start")
    live = await t.bot.service.in_channel(t.channel)
    memo: dict[str, int] = {}
    defended_with_a_card = False
    seen: set[str] = set()
    read = 0  # the stored actions already looked at
    for _ in range(400):
        game = live.game
        if game is None or game.finished or not game.prompts():
            break
        seat, prompt = next(iter(game.prompts().items()))
        action, params = owd_policy(game, seat, prompt, memo)
        defending = (game.view(None).get("decision") or {}).get("kind") == "defend"
        await t.play(seat, action, **params)
        defended_with_a_card |= defending and action == "play"
        rows = await t.bot.service.storage.actions(live.id, after=read)
        read = live.seq
        seen |= {e["kind"] for a in rows for e in a.events}
        if set(OWD_SHOWN) <= seen and defended_with_a_card:
            break
    missing = [words for kind, words in OWD_SHOWN.items() if kind not in seen]
    if not defended_with_a_card:
        missing.append("a defender's card in its window")
    if missing:
        raise RuntimeError(f"the demo did not show: {', '.join(missing)}")
    await t.slash("ann", "owd board")
    return ("a set turned in, cards played singly, a negation, a defender's (D) card in its "
            "window, rebels and mutants created and acting.")

