"""Axis & Allies classic: round 1 of all five powers, three players holding them."""

from __future__ import annotations

from typing import Any

from demo.scripts.choices import deadline_pick
from demo.table import DemoTable

# Axis & Allies classic, round 1: each power's turn as (action, parameters) taken by
# clicks; "fight" answers the battles (casualties chosen by their owners by DM), and a
# "retreat" there takes the attacker back when the battle reaches its retreat decision.
AA_SEATS = (("bob", "USSR"), ("ann", "Germany"), ("cy", "United Kingdom"), ("ann", "Japan"),
            ("bob", "USA"))  # joined in turn order, the order the game announces
AA_ROUND: tuple[tuple[str, tuple[tuple[str, dict[str, Any]], ...]], ...] = (
    ("USSR", (("end-phase", {}), ("buy", {"units": "8 inf"}), ("end-phase", {}),
              ("attack", {"units": "3 inf, arm", "from_area": "Karelia", "to": "E Eur"}),
              ("end-phase", {}), ("fight", {"retreat": "Karelia S.S.R."}),
              ("end-phase", {}), ("place", {"units": "6 inf", "at": "Russia"}),
              ("place", {"units": "2 inf", "at": "Karelia"}), ("end-phase", {}))),
    ("Germany", (("end-phase", {}), ("buy", {"units": "4 inf, 2 arm"}), ("end-phase", {}),
                 ("end-phase", {}), ("end-phase", {}),
                 ("place", {"units": "4 inf, 2 arm", "at": "Germany"}), ("end-phase", {}))),
    ("United Kingdom", (("end-phase", {}), ("buy", {"units": "2 inf, ftr"}),
                        ("end-phase", {}),
                        ("load", {"units": "2 inf", "from_area": "UK", "sea": "North Sea"}),
                        ("unload", {"units": "2 inf", "sea": "North Sea", "to": "W Europe"}),
                        ("end-phase", {}), ("fight", {}), ("end-phase", {}),
                        ("place", {"units": "2 inf, ftr", "at": "UK"}), ("end-phase", {}))),
    ("Japan", (("end-phase", {}), ("buy", {"units": "3 inf, arm"}), ("end-phase", {}),
               ("attack", {"units": "3 inf, ftr", "from_area": "Manchuria", "to": "China"}),
               ("attack", {"units": "2 inf", "from_area": "Kwangtung", "to": "China"}),
               ("attack", {"units": "ftr", "from_area": "FIC", "to": "China"}),
               ("end-phase", {}), ("fight", {}),
               ("land", {"units": "ftr", "from_area": "China", "to": "Manchuria"}),
               ("land", {"units": "ftr", "from_area": "China", "to": "FIC"}),
               ("end-phase", {}), ("place", {"units": "3 inf, arm", "at": "Japan"}),
               ("end-phase", {}))),
    ("USA", (("end-phase", {}), ("buy", {"units": "4 inf, ftr"}), ("end-phase", {}),
             ("end-phase", {}), ("end-phase", {}),
             ("place", {"units": "4 inf, ftr", "at": "East US"}), ("end-phase", {}))),
)


async def aa_fight(t: DemoTable, retreat: str | None) -> None:
    """Fight the turn's battles out: every casualty choice made by its owner from the DM
    prompt (the saved loss order's pick), the attacker retreating when `retreat` is given."""
    live = await t.bot.service.in_channel(t.channel)
    for _ in range(100):
        game = live.game
        if game is None or game.phase != "combat" or not game.prompts():
            return
        seat, prompt = next(iter(game.prompts().items()))
        if prompt.action("casualties") is not None:
            await t.play(seat, "casualties", **deadline_pick(game, seat, "casualties"))
        elif retreat is not None and prompt.action("retreat") is not None:
            await t.play(seat, "retreat", to=retreat)
        else:
            await t.play(seat, "continue")
    raise RuntimeError("the battles did not end")


async def aa_script(t: DemoTable) -> str:
    """Round 1 of Axis & Allies classic for three players holding the five powers."""
    await t.slash("ann", "game new", variant="aa-classic")
    for user, power in AA_SEATS:
        await t.slash(user, "game join", seat=power)
    await t.slash("ann", "game start")
    live = await t.bot.service.in_channel(t.channel)
    await t.slash("bob", "aa odds", attackers="3 inf, arm", defenders="3 inf, arm, ftr")
    for power, steps in AA_ROUND:
        for action, params in steps:
            if action == "fight":
                await aa_fight(t, params.get("retreat"))
            else:
                await t.play(power, action, **params)
    await t.slash("cy", "aa units", area="W Europe")
    game = live.game
    if game is None or game.phase != "weapons development" or \
            game.view(None)["round"] != 2:
        raise RuntimeError("the demo did not finish round 1")
    return ("round 1 of all five powers: a retreat, an amphibious assault, China captured, "
            "every placement.")

