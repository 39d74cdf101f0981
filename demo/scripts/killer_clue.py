"""Killer Clue: a whole four-player game, to a winner."""

from __future__ import annotations

import re
from typing import Any

from demo.table import DemoTable
from engine import Game, Prompt
from engine.games.killer_clue.cards import card_type

SQUARE = re.compile(r"^[A-X]\d{1,2}$")
# The parameter each of these actions asks.
CLUE_MENU_ACTIONS = {"go": "to", "give": "card", "bring": "weapon", "trade": "card",
                     "reappear": "room", "danger": "card"}


def clue_policy(game: Game, seat: str, prompt: Prompt) -> tuple[str, dict[str, Any]]:
    """A scripted player who knows the secrets (it is a demo): the killer murders when it
    can, innocents suggest, and after the first murder an innocent accuses correctly."""
    state = game.state()["game"]
    killer, case = state["killer"], state["case_file"]
    someone_dead = "dead" in state["status"].values()
    offered = {a.name: a for a in prompt.actions}

    def legal(action: str, param: str) -> list[str]:
        spec = offered[action]
        choices = next(p.choices for p in spec.params if p.name == param) or ()
        values = [c.value for c in choices]
        return [v for v in values if v not in ("random", "none")] or values

    if "accuse" in offered and seat != killer and someone_dead:
        return "accuse", {"suspect": case["suspect"], "weapon": case["weapon"],
                          "room": case["room"]}
    if "suggest" in offered:
        return "suggest", {"suspect": legal("suggest", "suspect")[0],
                           "weapon": legal("suggest", "weapon")[0]}
    if "move" in offered:
        return "move", {}
    if "go" in offered:
        places = legal("go", "to")
        rooms = [p for p in places if not SQUARE.match(p)]
        return "go", {"to": rooms[0] if rooms else places[-1]}
    for action in ("give", "bring", "trade", "reappear"):
        if action in offered:
            param = CLUE_MENU_ACTIONS[action]
            return action, {param: legal(action, param)[0]}
    if "danger" in offered:
        cards = legal("danger", "card")
        murders = [c for c in cards if card_type(c) == "murdered"]
        others = [c for c in cards if card_type(c) != "murdered"]
        chosen = murders[0] if seat == killer and murders else (others or cards)[0]
        return "danger", {"card": chosen}
    return "pass", {}


async def clue_script(t: DemoTable) -> str:
    """A whole 4-player game of Killer Clue to a winner."""
    players = ("ann", "bob", "cy", "dee")
    suspects = ("Miss Scarlet", "Col. Mustard", "Mrs. White", "Mr. Green")
    await t.slash("ann", "game new", variant="killer-clue")
    for user, suspect in zip(players, suspects, strict=True):
        await t.slash(user, "game join", seat=suspect)
    await t.slash("ann", "game start")
    live = await t.bot.service.in_channel(t.channel)
    for _ in range(600):
        game = live.game
        if game is None or game.finished or not game.prompts():
            break
        seat, prompt = next(iter(game.prompts().items()))
        action, params = clue_policy(game, seat, prompt)
        await t.play(seat, action, **params)
    game = live.game
    if game is None or not game.finished:
        raise RuntimeError("the demo game did not finish")
    return f"a whole game; the winner: {', '.join(game.winners)}."

