"""Plotted Axis & Allies: a whole first turn of the five powers, three players holding them."""

from __future__ import annotations

from typing import Any

from demo.scripts.aa_classic import AA_SEATS
from demo.scripts.choices import choice_values, deadline_pick
from demo.table import DemoTable
from engine.games.plotted_aa.rulebook import GERMAN_FIRST_TURN
from sandbox import Interaction

# The United Kingdom's form, pasted first with a misspelt unit on line 3, then fixed.
PAA_UK_FORM_TYPO = ("Round | Move To / Build At | With Units | From | Notes\n"
                    "1 | UK | 2i, f | build |\n"
                    "2 | Libya | tnk | Egypt |\n")
PAA_UK_FORM = PAA_UK_FORM_TYPO.replace("tnk", "t")
# The plots written by commands: (user, power, subcommand of /paa plot, options).
PAA_COMMANDS: tuple[tuple[str, str, str, dict[str, Any]], ...] = (
    ("bob", "USSR", "build", {"round": 1, "factory": "Russia", "units": "8i"}),
    ("bob", "USSR", "move", {"round": 2, "units": "5i", "from": "Caucasus", "to": "Ukraine"}),
    ("ann", "Japan", "move", {"round": 1, "units": "3i, f", "from": "Manchuria",
                              "to": "China"}),
    ("ann", "Japan", "move", {"round": 1, "units": "2i", "from": "Kwangtung", "to": "China"}),
    ("ann", "Japan", "move", {"round": 1, "units": "f", "from": "FIC", "to": "China"}),
    ("ann", "Japan", "build", {"round": 2, "factory": "Japan", "units": "3i, t"}),
    ("bob", "USA", "build", {"round": 1, "factory": "East US", "units": "4i, f"}),
    ("bob", "USA", "noop", {"round": 2}),
    ("bob", "USA", "move", {"round": 3, "units": "2i", "from": "Sinkiang", "to": "China"}),
)


async def paa_paste(t: DemoTable, user: str, power: str, text: str,
                    opened: Interaction | None = None) -> Interaction:
    """Open the paste form (`/paa plot paste`, or a "Fix and paste again" click) and send it."""
    if opened is None:
        opened = await t.slash(user, "paa plot paste", power=power)
    sent = await t.fake.submit_modal(t.users[user], opened, None, {"form": text})
    await t.fake.settle()
    return sent


async def paa_execution(t: DemoTable, *, typed: bool = False) -> set[str]:
    """The Execution Phase to the next turn's start, each decision made as a player would:
    revealed actions by `/paa execute` (the United Kingdom passes its build, Japan builds
    only infantry), the USSR retreating from Ukraine by `/paa retreat`, the Final Build by
    `/paa final-build`; casualties (the saved loss order's pick), pressing on and landing by
    clicking the DM prompt, or with `typed` by their `/paa` commands. Returns what was done."""
    live = await t.bot.service.in_channel(t.channel)
    taken: set[str] = set()

    async def decide(seat: str, action: str, **params: Any) -> None:
        if typed:
            held = live.seats_of(t.users[t.user_of_seat(seat)])
            extra = {"power": seat} if action == "casualties" and len(held) > 1 else {}
            await t.slash(t.user_of_seat(seat), f"paa {action}", **params, **extra)
        else:
            await t.play(seat, action, **params)
        taken.add(action)

    for _ in range(300):
        game: Any = live.game
        if game is None or game.finished or game.view(None)["stage"] == "develop":
            return taken
        seat, prompt = next(iter(game.prompts().items()))
        user = t.user_of_seat(seat)
        offered = {a.name for a in prompt.actions}
        shown = game.view(None)
        # The action this power just revealed, as everyone sees it.
        kind = next((a["kind"] for a in reversed(shown["revealed"])
                     if a["power"] == seat and a["round"] == shown["round"]), None)
        if "execute" in offered:
            if seat == "United Kingdom" and kind == "build":
                await t.slash(user, "paa pass")
                taken.add("pass")
            elif seat == "Japan" and kind == "build":
                await t.slash(user, "paa execute", units="3i")
                taken.add("execute units")
            else:
                await t.slash(user, "paa execute")
                taken.add("execute")
        elif "casualties" in offered:
            await decide(seat, "casualties", **deadline_pick(game, seat, "casualties"))
        elif "retreat" in offered and seat == "USSR":
            await t.slash(user, "paa retreat", to=choice_values(prompt.action("retreat"), "to")[0])
            taken.add("retreat")
        elif "continue" in offered:
            await decide(seat, "continue")
        elif "land" in offered:
            await decide(seat, "land", to=choice_values(prompt.action("land"), "to")[0])
        elif "final-build" in offered:
            await t.slash(user, "paa final-build",
                          at=choice_values(prompt.action("final-build"), "at")[0])
            taken.add("final-build")
        else:
            await decide(seat, "skip")
    raise RuntimeError("the Execution Phase did not end")


async def paa_script(t: DemoTable, *, typed: bool = False) -> str:
    """A whole first turn of Plotted Axis & Allies for three players holding the five
    powers: weapons development, every plot written in secret (Germany's pasted: the
    rulebook's example; the United Kingdom's pasted, refused at a misspelt line, fixed and
    pasted again; the others by `/paa plot` commands), submitted with their digests, the
    rounds revealed and executed, battles fought with casualties chosen by DM, the Final
    Build, income, turn 2's start, and `/paa verify` checking every commitment. With
    `typed`, the battles' decisions are typed `/paa` commands instead of clicks."""
    # Every standing order "ask me": the demo shows each question a player may be asked.
    await t.slash("ann", "game new", variant="plotted-aa", options="standing_orders=ask")
    for user, power in AA_SEATS:
        await t.slash(user, "game join", seat=power)
    await t.slash("ann", "game start")
    live = await t.bot.service.in_channel(t.channel)
    for user, power in AA_SEATS:
        if power == "USA":
            await t.slash(user, "paa research", dice=1)
        else:
            await t.slash(user, "paa skip")
    await paa_paste(t, "ann", "Germany", GERMAN_FIRST_TURN)
    refused = await paa_paste(t, "cy", "United Kingdom", PAA_UK_FORM_TYPO)
    message = refused.all_messages()[-1]
    again = await t.fake.click(t.users["cy"], message.id, message.button("Fix and paste again"))
    await t.fake.settle()
    await paa_paste(t, "cy", "United Kingdom", PAA_UK_FORM, opened=again)
    await t.slash("ann", "paa plot sheet")  # ann holds two powers: it asks which
    for user, power, command, options in PAA_COMMANDS:
        await t.slash(user, f"paa plot {command}", power=power, **options)
    await t.slash("ann", "paa plot sheet", power="Japan")
    for user, power in AA_SEATS:
        await t.slash(user, "paa plot submit", power=power)
    taken = await paa_execution(t, typed=typed)
    verified = await t.slash("cy", "paa verify")
    await t.slash("bob", "paa board")
    game: Any = live.game
    if game is None or game.view(None)["turn"] != 2 or game.view(None)["stage"] != "develop":
        raise RuntimeError("the demo did not reach turn 2")
    if verified.text().count("matches") != 5:
        raise RuntimeError("the demo's commitments did not all check")
    missing = {"execute", "pass", "execute units", "casualties", "retreat",
               "final-build"} - taken
    if missing:
        raise RuntimeError(f"the demo did not show: {', '.join(sorted(missing))}")
    return ("a whole first turn of all five powers: plots pasted and written by command, "
            "seven rounds revealed and executed, battles and a retreat, the Final Build, "
            "income, every commitment verified.")

