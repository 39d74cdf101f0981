"""Illuminati: three players, until every sight of issue 25 was shown.

"`python -m bot demo illuminati` (3 players: an attack drawing interference from two
players, a privileged attack, a privilege abolished, a trade accepted by both sides by DM,
a destroyed Group)." On the invented sample set, from `/game new`: every move is a click in
a player's DM prompt (a button, a menu, a form), as a player would make it.
"""

from __future__ import annotations

from typing import Any

from demo.scripts.choices import choice_values, first_legal
from demo.table import DemoTable
from engine import Game, Prompt

# What the demo must show: an event kind, or a sight the script notes itself.
ILL_SHOWN = {"interfered by two": "an attack drawing interference from two players",
             "privilege": "a privileged attack", "abolished": "a privilege abolished",
             "deal": "a trade accepted by both sides by DM", "destroyed": "a destroyed Group"}


def needed_after(game: Game, seat: str, action: str, params: dict[str, Any]) -> int | None:
    """The target number the attack would need (tried on a copy), None if refused."""
    import engine

    trial = engine.load(game.variant, game.state())
    try:
        trial.act(seat, action, **params)
    except engine.RuleError:
        return None
    attack = trial.view(None).get("attack")
    return int(attack["needed"]) if attack else None


def best_attack(game: Game, seat: str, spec: Any, how: str, privilege: str | None
                ) -> dict[str, Any] | None:
    """The attack of that kind with the best target number (at least 5), if any."""
    best: tuple[int, dict[str, Any]] | None = None
    for group in choice_values(spec, "group"):
        for target in choice_values(spec, "target"):
            params = {"group": group, "target": target, "how": how}
            if privilege:
                params["privilege"] = privilege
            number = needed_after(game, seat, "attack", params)
            if number is not None and number >= 5 and (best is None or number > best[0]):
                best = (number, params)
    return best[1] if best else None


def others_holding(game: Game, seat: str, count: int) -> bool:
    """Whether another player holds `count` Specials or more (a public number)."""
    players = game.view(None)["players"]
    return any(p["specials"] >= count for s, p in players.items() if s != seat and not p["out"])


def ill_policy(game: Game, seat: str, prompt: Prompt, memo: dict[str, Any], seen: set[str]
               ) -> tuple[str, dict[str, Any]]:
    """Scripted conspirators who know what the demo still has to show (they see only the
    public view and their own prompt): the player whose turn it is attacks once or twice a
    turn (privileged when another player holds two Specials to abolish it with, to destroy
    while nothing was destroyed, else to control), offers a trade once; the others interfere
    (one for, one against) while no attack has drawn two, abolish a privilege with two
    Specials, accept offers; everyone else passes."""
    offered = {a.name: a for a in prompt.actions}
    view = game.view(None)
    attack = view.get("attack")
    if "accept" in offered:
        spec = offered["accept"]
        hand = choice_values(spec, "card")
        chosen = first_legal(game, seat, "accept", [
            {"offer": o, **({"card": c} if c else {})}
            for o in choice_values(spec, "offer") for c in [None, *hand]])
        if chosen is not None:
            return "accept", chosen
    if "place" in offered:
        return "place", {"at": choice_values(offered["place"], "at")[0]}
    if "choose-goal" in offered:
        return "choose-goal", {"goal": choice_values(offered["choose-goal"], "goal")[0]}
    if attack and attack["stage"] == "money" and seat != attack["seat"]:
        if "abolish" in offered and "abolished" not in seen:
            hand = choice_values(offered["abolish"], "card")
            return "abolish", {"card": hand[0], "second_card": hand[1]}
        key = f"interfered:{attack['seat']}:{attack['target']}:{view['turn_number']}"
        if "spend" in offered and "interfered by two" not in seen and seat != \
                attack["defender"] and seat not in memo.setdefault(key, []):
            sides = choice_values(offered["spend"], "side") if any(
                p.name == "side" for p in offered["spend"].params) else []
            side = "attacker" if not memo[key] else "defender"
            if side in sides and view["players"][seat]["treasury"] >= 2:
                memo[key].append(seat)
                return "spend", {"mb": 2, "side": side}
    if "pass" in offered:
        return "pass", {}
    if "attack" in offered and memo.get("attacks", 0) < 2:
        spec = offered["attack"]
        privileges = [p for p in choice_values(spec, "privilege") if p != "none"] \
            if any(p.name == "privilege" for p in spec.params) else []
        plans: list[tuple[str, str | None]] = []
        if privileges and ("privilege" not in seen or "abolished" not in seen) and \
                others_holding(game, seat, 2):
            plans.append(("control", privileges[0]))
        if "destroyed" not in seen:
            plans.append(("destroy", None))
        plans.append(("control", None))
        for how, privilege in plans:
            chosen = best_attack(game, seat, spec, how, privilege)
            if chosen is not None:
                memo["attacks"] = memo.get("attacks", 0) + 1
                return "attack", chosen
    if "offer" in offered and "deal" not in seen and not memo.get("offered"):
        spec = offered["offer"]
        theirs = choice_values(spec, "take_group")
        purse = view["players"][seat]["treasury"]
        if theirs and purse >= 4:
            owner = next(s for s, cards in view["structures"].items()
                         if any(c.get("name") == theirs[0] for c in cards))
            chosen = first_legal(game, seat, "offer", [
                {"player": owner, "give_mb": min(purse, 8), "take_group": group}
                for group in theirs])
            if chosen is not None:
                memo["offered"] = True
                return "offer", chosen
    memo["attacks"] = 0
    memo["offered"] = False
    if "pass-turn" in offered:  # nothing done this turn: 5 MB instead
        return "pass-turn", {}
    if "end-turn" in offered:
        return "end-turn", {}
    return prompt.actions[-1].name, {}


async def ill_script(t: DemoTable) -> str:
    """Three players on the sample set, until an attack drew interference from two players,
    a privileged attack was made and its privilege abolished, a trade was accepted by both
    sides by DM and a Group destroyed. Windows last 2 minutes (not the live 30 s), so that a
    slow machine never lets one time out under the scripted players."""
    await t.slash("ann", "ill new", options="window_seconds=120")
    for user in ("ann", "bob", "cy"):
        await t.slash(user, "game join")
    await t.slash("ann", "game start")
    live = await t.bot.service.in_channel(t.channel)
    memo: dict[str, Any] = {}
    seen: set[str] = set()
    read = 0  # the stored actions already looked at
    shown_all = False
    for _ in range(1500):
        game = live.game
        if game is None or game.finished or not game.prompts():
            break
        prompts = game.prompts()
        # An offer is answered before its maker's turn goes on (it lapses with the turn).
        seat = next((s for s, p in prompts.items() if p.action("accept") is not None),
                    next(iter(prompts)))
        prompt = prompts[seat]
        action, params = ill_policy(game, seat, prompt, memo, seen)
        await t.play(seat, action, **params)
        rows = await t.bot.service.storage.actions(live.id, after=read)
        read = live.seq
        kinds = {e["kind"] for a in rows for e in a.events}
        if shown_all and "turn_ended" in kinds:
            break  # every sight shown, and the turn they ended in is over
        seen |= kinds
        last = game.view(None).get("attack") or {}
        if len(last.get("interference") or {}) >= 2:
            seen.add("interfered by two")
        shown_all = set(ILL_SHOWN) <= seen
    missing = [words for kind, words in ILL_SHOWN.items() if kind not in seen]
    if missing:
        raise RuntimeError(f"the demo did not show: {', '.join(missing)}")
    await t.slash("bob", "ill board", player="ann")
    await t.slash("cy", "ill hand")
    return ("an attack drawing interference from two players, a privileged attack and its "
            "privilege abolished, a trade accepted by both sides by DM, a destroyed Group.")
