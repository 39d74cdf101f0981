"""Cold Cash Risk: a three-player game to the Closing Bell."""

from __future__ import annotations

from typing import Any

import engine
from demo.scripts.choices import choice_values, first_legal, offered_after
from demo.table import DemoTable
from engine import Game, Prompt


def ccr_policy(game: Game, seat: str, prompt: Prompt, memo: dict[str, int]
               ) -> tuple[str, dict[str, Any]]:
    """Scripted CEOs: found three corporations and one merger, leave Mom & Pops about as
    targets, make a hostile takeover; then grow by absorbing, merging and attacking until
    the Closing Bell can be rung."""
    offered = {a.name: a for a in prompt.actions}
    growing = memo.get("takeovers", 0) >= 1
    if "declare-end" in offered and growing and memo.get("merges"):
        return "declare-end", {}
    if set(offered) == {"attack", "blitz"}:  # the compulsory round on an announced Mom & Pop
        return "blitz", {}
    for action, param in (("settle-first", "corporation"), ("ballot", "voter"),
                          ("fire", "territory")):
        if action in offered:
            return action, {param: choice_values(offered[action], param)[0]}
    if "defend" in offered:
        return "defend", {"dice": max(int(v) for v in choice_values(offered["defend"], "dice"))}
    if "count-votes" in offered:
        return "count-votes", {}
    if "place" in offered:
        def score(territory: str) -> int:
            names = offered_after(game, seat, "place", {"territory": territory})
            if not names:
                return -1
            if growing:
                return 3 if "merge" in names else 2 if "absorb" in names else 1
            if not memo.get("merges"):
                return 3 if "merge" in names else 2 if "found" in names else 1
            return 2 if names <= {"found", "leave"} else 1
        return "place", {"territory": max(choice_values(offered["place"], "territory"), key=score)}
    if "merge" in offered and (growing or not memo.get("merges")):
        memo["merges"] = memo.get("merges", 0) + 1
        try:
            engine.load(game.variant, game.state()).act(seat, "merge")
            return "merge", {}
        except engine.Ambiguous as tie:
            return "merge", {"survivor": tie.candidates[0]}
    if "absorb" in offered and growing:
        return "absorb", {"corporation": choice_values(offered["absorb"], "corporation")[0]}
    if "found" in offered and memo.get("founded", 0) < 3:
        memo["founded"] = memo.get("founded", 0) + 1
        return "found", {"corporation": choice_values(offered["found"], "corporation")[0]}
    for action in ("leave", "dispose"):
        if action in offered:
            return action, {}
    if "absorb" in offered:
        return "absorb", {"corporation": choice_values(offered["absorb"], "corporation")[0]}
    for action in ("consent", "accept", "vote"):
        if action in offered:
            return action, {"choice": "yes"}
    if "end-attacks" in offered and memo.get("rounds", 0) >= 1:
        memo["rounds"] = 0
        return "end-attacks", {}
    if ("announce" in offered and "blitz" not in offered
            and (growing or memo.get("takeovers", 0) < 1)):
        spec = offered["announce"]
        return "announce", {"from_territory": choice_values(spec, "from_territory")[0],
                            "to_territory": choice_values(spec, "to_territory")[0]}
    if "blitz" in offered and (growing or memo.get("takeovers", 0) < 1):
        if "end-attacks" in offered:
            memo["rounds"] = memo.get("rounds", 0) + 1
        else:
            memo["takeovers"] = memo.get("takeovers", 0) + 1
        spec = offered["blitz"]
        return "blitz", {"from_territory": choice_values(spec, "from_territory")[0],
                         "to_territory": choice_values(spec, "to_territory")[0]}
    if "end-attacks" in offered:
        return "end-attacks", {}
    if "move" in offered and "buy" not in offered and "earnings" not in offered:
        spec = offered["move"]
        names = [p.name for p in spec.params]
        froms = choice_values(spec, "from_territory") if "from_territory" in names else [""]
        tos = choice_values(spec, "to_territory") if "to_territory" in names else [""]
        counts = sorted({int(c) for c in choice_values(spec, "count")} or {1})
        combos = [{k: v for k, v in (("from_territory", f), ("to_territory", t),
                                     ("count", c)) if v != ""}
                  for f in froms for t in tos for c in counts]
        chosen = first_legal(game, seat, "move", combos)
        return ("move", chosen) if chosen is not None else ("pass", {})
    if "buy" in offered:
        corporations = choice_values(offered["buy"], "corporation")
        counts = sorted({int(c) for c in choice_values(offered["buy"], "count")}, reverse=True)
        chosen = first_legal(game, seat, "buy", [{"corporation": k, "count": c}
                                                  for c in counts for k in corporations])
        if chosen is not None:
            return "buy", chosen
    if "earnings" in offered:
        corporation = choice_values(offered["earnings"], "corporation")[0]
        return "earnings", {"corporation": corporation, "choice": "dividends"}
    return "pass", {}


async def ccr_script(t: DemoTable) -> str:
    """A 3-player game to the Closing Bell: foundings, a merger, a hostile takeover."""
    await t.slash("ann", "game new", variant="cold-cash-risk")
    for user in ("ann", "bob", "cy"):
        await t.slash(user, "game join")
    await t.slash("ann", "game start")
    live = await t.bot.service.in_channel(t.channel)
    memo: dict[str, int] = {}
    shown: set[tuple[str, str]] = set()
    for _ in range(400):
        game = live.game
        if game is None or game.finished or not game.prompts():
            break
        seat, prompt = next(iter(game.prompts().items()))
        action, params = ccr_policy(game, seat, prompt, memo)
        user = t.user_of_seat(seat)
        if action == "earnings" and (seat, params["corporation"]) not in shown:
            # Only shown shares earn dividends (CCR-5): show them first, in private.
            shown.add((seat, params["corporation"]))
            await t.slash(user, "ccr table show", corporation=params["corporation"])
        await t.play(seat, action, **params)
    game = live.game
    if game is None or not game.finished:
        raise RuntimeError("the demo game did not reach the Closing Bell")
    return f"to the Closing Bell; the winner: {', '.join(game.winners)}."

