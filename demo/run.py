"""`python -m bot demo <variant>`: a scripted game against the sandbox, no token needed.

The real bot and the real discord.py talk to the local stand-in for Discord; scripted
users type slash commands and click the buttons the bot DMs them. The transcript
(the channel, each thread, each DM) and every image land in the output folder.
"""

from __future__ import annotations

import asyncio
import logging
import re
import shutil
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from bot.client import Croupier
from bot.config import Settings
from demo.table import Clicker
from engine import ActionSpec, Game, Prompt
from engine.aa.combat import DEFAULT_LOSS_ORDER, default_casualties
from engine.aa.units import describe_units
from engine.games.killer_clue.cards import card_type
from engine.games.plotted_aa.rulebook import GERMAN_FIRST_TURN
from sandbox import FakeDiscord, Interaction, Message

log = logging.getLogger(__name__)


@dataclass
class DemoTable:
    """The scripted users' side of the table."""

    fake: FakeDiscord
    bot: Croupier
    channel: int
    users: dict[str, int]

    async def slash(self, user: str, command: str, **options: Any) -> Interaction:
        inter = await self.fake.slash(self.users[user], self.channel, command, **options)
        await self.fake.settle()
        return inter

    def latest_prompt(self, user: str) -> Message | None:
        for message in reversed(self.fake.dms(self.users[user])):
            if message.buttons() or message.selects():
                return message
        return None

    async def prompt_offering(self, user: str, choose: str | None) -> Message | None:
        """The user's newest prompt, waiting a little for one that offers `choose`: the bot
        may still be rendering the board it posts before the prompt."""
        message = self.latest_prompt(user)
        for _ in range(100):
            offered = {o["value"] for m in [message] if m for _, opts in m.selects()
                       for o in opts}
            if message is not None and (choose is None or choose in offered):
                break
            await asyncio.sleep(0.05)
            await self.fake.settle()
            message = self.latest_prompt(user)
        return message

    async def answer_prompt(self, user: str, *, choose: str | None = None,
                            button: str | None = None) -> Interaction:
        """Click a button (by label, or the first) or pick a menu option in the user's DM."""
        message = await self.prompt_offering(user, choose)
        if message is None:
            raise RuntimeError(f"{user} has no prompt to answer")
        uid = self.users[user]
        if message.selects() and (choose is not None or not message.buttons()):
            for custom_id, options in message.selects():
                values = [o["value"] for o in options]
                if choose is None or choose in values:
                    value = choose if choose is not None else values[0]
                    inter = await self.fake.select(uid, message.id, custom_id, [value])
                    break
            else:
                raise RuntimeError(f"{user}'s prompt offers no {choose!r}")
        else:
            label = button or message.buttons()[0][1]
            inter = await self.fake.click(uid, message.id, message.button(label))
        await self.fake.settle()
        return inter

    async def play(self, seat: str, action: str, **params: Any) -> Interaction:
        """The seat's player takes a prompted action by clicking, as a player would."""
        live = await self.bot.service.in_channel(self.channel)
        clicker = Clicker(self.fake, self.bot, self.channel)
        user = self.users[self.user_of_seat(seat)]
        return await clicker.take(user, live.id, seat, action, params)

    def user_of_seat(self, seat: str) -> str:
        live = self.bot.service.entry_in(self.channel)
        assert live is not None
        uid = live.user_of(seat)
        return next(name for name, u in self.users.items() if u == uid)


Script = Callable[[DemoTable], Awaitable[str]]


async def hf_script(t: DemoTable) -> str:
    """12 turns of a 4-player game with a Seniority reshuffle and an anarchy ended by a card."""
    await t.slash("ann", "game new", variant="hf-political-events", options="track_length=6")
    for user in ("ann", "bob", "cy", "dee"):
        await t.slash(user, "game join")
    await t.slash("ann", "game start")
    for user, ideology in (("ann", "Freedom"), ("bob", "Authority"), ("cy", "Equality"),
                           ("dee", "Honor")):
        await t.slash(user, "hf ideology", player=user, ideology=ideology)
    await t.slash("ann", "hf law", law="Freedom")
    live = await t.bot.service.in_channel(t.channel)
    for turn in range(1, 13):
        if turn == 3:
            await t.slash("cy", "hf anarchy", on=True)
        assert live.game is not None
        (secgen,) = live.game.prompts()
        await t.play(secgen, "turn")
        while live.game.prompts():
            seat, prompt = next(iter(live.game.prompts().items()))
            if prompt.actions[0].name == "turn":
                break
            first = prompt.actions[0]
            if first.name == "tally":
                await t.play(seat, "tally", **{first.params[0].name: "Authority"})
            else:
                await t.play(seat, first.name, **first_choices(first))
    await t.slash("bob", "hf history")
    kinds = {e["kind"] for a in await t.bot.service.storage.actions(live.id) for e in a.events}
    missing = {"seniority", "tallied"} - kinds
    if missing:
        raise RuntimeError(f"the demo did not show: {', '.join(sorted(missing))}")
    return "12 turns: a Seniority reshuffle and an anarchy ended by an Anarchy/War Ends card."


def first_choices(spec: ActionSpec) -> dict[str, Any]:
    """The first choice of each required question (what the old demo's first click took)."""
    return {p.name: p.choices[0].value for p in spec.params if p.required and p.choices}


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


def _values(spec: ActionSpec, name: str) -> list[str]:
    param = next(p for p in spec.params if p.name == name)
    return [c.value for c in (param.choices or ())]


def _first_legal(game: Game, seat: str, action: str,
                 candidates: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The first parameters the engine accepts, tried on a copy of the game."""
    for params in candidates:
        trial = engine.load(game.variant, game.state())
        try:
            trial.act(seat, action, **params)
        except engine.RuleError:
            continue
        return params
    return None


def _after(game: Game, seat: str, action: str, params: dict[str, Any]) -> set[str]:
    """The actions the seat is offered after `action` (on a copy), or {} if refused."""
    trial = engine.load(game.variant, game.state())
    try:
        trial.act(seat, action, **params)
    except engine.RuleError:
        return set()
    prompt = trial.prompts().get(seat)
    return {a.name for a in prompt.actions} if prompt else set()


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
            return action, {param: _values(offered[action], param)[0]}
    if "defend" in offered:
        return "defend", {"dice": max(int(v) for v in _values(offered["defend"], "dice"))}
    if "count-votes" in offered:
        return "count-votes", {}
    if "place" in offered:
        def score(territory: str) -> int:
            names = _after(game, seat, "place", {"territory": territory})
            if not names:
                return -1
            if growing:
                return 3 if "merge" in names else 2 if "absorb" in names else 1
            if not memo.get("merges"):
                return 3 if "merge" in names else 2 if "found" in names else 1
            return 2 if names <= {"found", "leave"} else 1
        return "place", {"territory": max(_values(offered["place"], "territory"), key=score)}
    if "merge" in offered and (growing or not memo.get("merges")):
        memo["merges"] = memo.get("merges", 0) + 1
        try:
            engine.load(game.variant, game.state()).act(seat, "merge")
            return "merge", {}
        except engine.Ambiguous as tie:
            return "merge", {"survivor": tie.candidates[0]}
    if "absorb" in offered and growing:
        return "absorb", {"corporation": _values(offered["absorb"], "corporation")[0]}
    if "found" in offered and memo.get("founded", 0) < 3:
        memo["founded"] = memo.get("founded", 0) + 1
        return "found", {"corporation": _values(offered["found"], "corporation")[0]}
    for action in ("leave", "dispose"):
        if action in offered:
            return action, {}
    if "absorb" in offered:
        return "absorb", {"corporation": _values(offered["absorb"], "corporation")[0]}
    for action in ("consent", "accept", "vote"):
        if action in offered:
            return action, {"choice": "yes"}
    if "end-attacks" in offered and memo.get("rounds", 0) >= 1:
        memo["rounds"] = 0
        return "end-attacks", {}
    if ("announce" in offered and "blitz" not in offered
            and (growing or memo.get("takeovers", 0) < 1)):
        spec = offered["announce"]
        return "announce", {"from_territory": _values(spec, "from_territory")[0],
                            "to_territory": _values(spec, "to_territory")[0]}
    if "blitz" in offered and (growing or memo.get("takeovers", 0) < 1):
        if "end-attacks" in offered:
            memo["rounds"] = memo.get("rounds", 0) + 1
        else:
            memo["takeovers"] = memo.get("takeovers", 0) + 1
        spec = offered["blitz"]
        return "blitz", {"from_territory": _values(spec, "from_territory")[0],
                         "to_territory": _values(spec, "to_territory")[0]}
    if "end-attacks" in offered:
        return "end-attacks", {}
    if "move" in offered and "buy" not in offered and "earnings" not in offered:
        spec = offered["move"]
        names = [p.name for p in spec.params]
        froms = _values(spec, "from_territory") if "from_territory" in names else [""]
        tos = _values(spec, "to_territory") if "to_territory" in names else [""]
        counts = sorted({int(c) for c in _values(spec, "count")} or {1})
        combos = [{k: v for k, v in (("from_territory", f), ("to_territory", t),
                                     ("count", c)) if v != ""}
                  for f in froms for t in tos for c in counts]
        chosen = _first_legal(game, seat, "move", combos)
        return ("move", chosen) if chosen is not None else ("pass", {})
    if "buy" in offered:
        corporations = _values(offered["buy"], "corporation")
        counts = sorted({int(c) for c in _values(offered["buy"], "count")}, reverse=True)
        chosen = _first_legal(game, seat, "buy", [{"corporation": k, "count": c}
                                                  for c in counts for k in corporations])
        if chosen is not None:
            return "buy", chosen
    if "earnings" in offered:
        corporation = _values(offered["earnings"], "corporation")[0]
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
            units = game.default_casualties_for(seat)  # type: ignore[attr-defined]
            await t.play(seat, "casualties", units=units)
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


# ----- Plotted Axis & Allies ----------------------------------------------------------

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
        if game is None or game.finished or game.stage == "develop":
            return taken
        seat, prompt = next(iter(game.prompts().items()))
        user = t.user_of_seat(seat)
        offered = {a.name for a in prompt.actions}
        revealed = game.revealed
        if "execute" in offered:
            if seat == "United Kingdom" and revealed.kind == "build":
                await t.slash(user, "paa pass")
                taken.add("pass")
            elif seat == "Japan" and revealed.kind == "build":
                await t.slash(user, "paa execute", units="3i")
                taken.add("execute units")
            else:
                await t.slash(user, "paa execute")
                taken.add("execute")
        elif "casualties" in offered:
            choice = next(c for c in game.battle.pending if c.power == seat)
            order = game.loss_orders.get(seat, list(DEFAULT_LOSS_ORDER))
            units = describe_units(default_casualties(choice.among, choice.hits,
                                                      choice.sub_hits, order))
            await decide(seat, "casualties", units=units)
        elif "retreat" in offered and seat == "USSR":
            await t.slash(user, "paa retreat", to=_values(prompt.action("retreat"), "to")[0])
            taken.add("retreat")
        elif "continue" in offered:
            await decide(seat, "continue")
        elif "land" in offered:
            await decide(seat, "land", to=_values(prompt.action("land"), "to")[0])
        elif "final-build" in offered:
            await t.slash(user, "paa final-build",
                          at=_values(prompt.action("final-build"), "at")[0])
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
    await t.slash("ann", "game new", variant="plotted-aa")
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
    if game is None or game.turn != 2 or game.stage != "develop":
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


# ----- One World Dominion ----------------------------------------------------------

OWD_AT_ENEMIES = frozenset({"Rebellion", "Mutant Horde", "Ebola", "Bombers", "Orbital Laser",
                            "Nerve Gas", "Mad Cow Disease", "ICBM", "Toxic Waste"})
# What the demo must show (event kinds), besides a (D) card played while defending.
OWD_SHOWN = {"traded": "a set turned in", "played": "a card played singly",
             "negated": "a negation", "neutral": "a neutral player created",
             "rebels_grow": "rebels growing", "mutants": "mutants attacking"}


def _legal(game: Game, seat: str, action: str, params: dict[str, Any]) -> bool:
    return _first_legal(game, seat, action, [params]) is not None


def owd_plans(game: Any, seat: str, card: str) -> list[dict[str, Any]]:
    """Parameters a scripted player tries for `card`: a neutral card turns the biggest enemy
    army; an attacking card aims near its own areas; a move starts from its own."""
    from engine.games.one_world_dominion.cards import PARAMS

    needs = PARAMS.get(card, ())
    if not needs:
        return [{}]
    own = game.areas_of(seat)
    enemy = [t for t in game.map.territories if game.owner[t] not in (None, seat)]
    near = sorted({n for a in own for n in game.map.neighbours(a)} & set(enemy))
    opponents = [s for s in game.alive() if s != seat]
    if card in ("Rebellion", "Mutant Horde"):
        areas = sorted((t for t in enemy if game.owner[t] in game.seats),
                       key=lambda t: -game.armies[t])[:6]
    elif card in OWD_AT_ENEMIES:
        areas = (near + enemy)[:8]
    else:
        areas = own[:4] + near[:4]
    plans: list[dict[str, Any]] = []
    for area in areas or [None]:
        plan: dict[str, Any] = {"area": area} if "area" in needs and area else {}
        if "count" in needs:
            plan["count"] = 1
        if "to_area" in needs and area:
            plans += [dict(plan, to_area=b) for b in sorted(game.map.neighbours(area))[:3]]
            continue
        if "continent" in needs:
            plan["continent"] = next(iter(game.map.continents))
        if "player" in needs and opponents:
            plan["player"] = opponents[0]
        if "other_player" in needs and len(opponents) > 1:
            plan["other_player"] = opponents[1]
        if "take" in needs and game.discards:
            plan["take"] = game.discards[-1]
        plans.append(plan)
    return plans


def owd_policy(game: Any, seat: str, prompt: Prompt, memo: dict[str, int]
               ) -> tuple[str, dict[str, Any]]:
    """Scripted generals who know every hand (it is a demo): play any card the rules allow
    now (answers and negations included), turn in sets, defend with all dice, place on the
    front, attack players (not neutrals) up to four times a turn, then end the turn."""
    offered = {a.name: a for a in prompt.actions}
    if "play" in offered:
        for card in _values(offered["play"], "card"):
            for plan in owd_plans(game, seat, card):
                if _legal(game, seat, "play", {"card": card, **plan}):
                    return "play", {"card": card, **plan}
    if "trade" in offered:
        return "trade", {"cards": _values(offered["trade"], "cards")[0]}
    if "defend" in offered:
        return "defend", {"dice": int(_values(offered["defend"], "dice")[0])}
    if "move" in offered:
        return "move", {"count": int(_values(offered["move"], "count")[-1])}
    if "steal" in offered:
        return "steal", {"card": _values(offered["steal"], "card")[0]}
    if "place" in offered:
        own = _values(offered["place"], "territory")
        front = [a for a in own if any(game.owner[n] not in (None, seat)
                                       for n in game.map.neighbours(a))]
        if game.stage != "play":
            count = min(game.reserve[seat], int(game.options["setup_batch"]))
        elif game.stack:
            count = game.stack[-1]["armies"]
        else:
            count = game.pending()
        chosen = _first_legal(game, seat, "place", [{"territory": a, "count": max(1, count)}
                                                    for a in front + own])
        if chosen is not None:
            return "place", chosen
    if "pass" in offered:
        return "pass", {}
    if "attack" in offered and memo.get("attacks", 0) < 4:
        for source in sorted(_values(offered["attack"], "from_territory"),
                             key=lambda a: -game.armies[a]):
            if game.armies[source] < 3:
                continue
            targets = [{"from_territory": source, "to_territory": t}
                       for t in sorted(game.map.neighbours(source))
                       if game.owner[t] in game.seats and game.owner[t] != seat]
            chosen = _first_legal(game, seat, "attack", targets)
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


SCRIPTS: dict[str, tuple[Script, str, tuple[str, ...]]] = {
    "hf-political-events": (hf_script, "demo-2", ("ann", "bob", "cy", "dee")),
    "killer-clue": (clue_script, "demo-kc-0", ("ann", "bob", "cy", "dee")),
    "cold-cash-risk": (ccr_script, "demo-ccr-0", ("ann", "bob", "cy")),
    "aa-classic": (aa_script, "demo-aa-0", ("ann", "bob", "cy")),
    "one-world-dominion": (owd_script, "demo-owd-7", ("ann", "bob", "cy", "dee")),
    "plotted-aa": (paa_script, "demo-paa-0", ("ann", "bob", "cy")),
}


def readme(title: str, summary: str, players: tuple[str, ...], out_dir: Path) -> str:
    """demo-out/README.txt: what the folder holds and which file to read first."""
    names = sorted(p.name for p in out_dir.iterdir())
    channels = [n for n in names if n.startswith("channel-")]
    images = [n for n in names if n.endswith(".png")]
    lines = [f"Croupier demo: {title}, {summary}",
             f"Scripted players ({', '.join(players)}) played it against a local stand-in for "
             "Discord running on this computer: nothing was sent to Discord.",
             "",
             "Read first:"]
    lines += [f"  {n:<28} what everyone at the table saw in the game's channel" for n in channels]
    lines += ["Then:"]
    for n in names:
        if n.startswith("dm-"):
            lines.append(f"  {n:<28} what the bot sent {n[3:-4]} alone (cards, choices, results)")
        elif n.startswith("thread-"):
            lines.append(f"  {n:<28} a private thread (a player whose DMs are closed)")
    if "transcript.txt" in names:
        lines.append(f"  {'transcript.txt':<28} every channel and DM, one after the other")
    if images:
        lines.append(f"  {'*.png':<28} the {len(images)} images the bot posted, named "
                     "<game>-<game number>-<action number>.png")
    lines += ["",
              "In the transcripts, \">>\" lines are what a player did (a command, a click, a "
              "menu choice), \"[Croupier]\" lines are the bot, and \"(only ann sees this)\" "
              "marks an answer only that player saw. The status post pinned at the top of the "
              "channel is shown as it was at the end."]
    return "\n".join(lines) + "\n"


async def run_demo(variant: str, out: str | Path) -> int:
    if variant not in SCRIPTS:
        print(f"No demo for {variant!r}. Demos: {', '.join(SCRIPTS)}.", file=sys.stderr)
        return 2
    script, seed, players = SCRIPTS[variant]
    title = engine.game_class(variant).title
    # discord.py's gateway and voice notes are about the stand-in: not a newcomer's worry.
    if log.getEffectiveLevel() > logging.DEBUG:
        logging.getLogger("discord").setLevel(logging.ERROR)
        logging.getLogger("bot").setLevel(logging.WARNING)
        logging.getLogger("sandbox").setLevel(logging.WARNING)
    print(f"Playing a sample game of {title} with scripted players against a local stand-in "
          "for Discord (nothing connects to Discord; no token needed)...", flush=True)
    out_dir = Path(out)
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Croupier Demo")
            channel = fake.add_channel(guild, "game-table")
            users = {name: fake.add_user(name, guild_id=guild) for name in players}
            bot = Croupier(Settings(token=fake.bot_token, database=str(Path(tmp) / "demo.db")),
                           seed_source=lambda: seed)
            await fake.run_bot(bot)
            try:
                summary = await script(DemoTable(fake, bot, channel, users))
            finally:
                await fake.stop_bot(bot)
                fake.write_transcript(out_dir)
    images = sorted(p.name for p in out_dir.iterdir() if p.suffix == ".png")
    (out_dir / "README.txt").write_text(readme(title, summary, players, out_dir),
                                        encoding="utf-8")
    print(f"Demo of {variant}: {summary}")
    print(f"Transcript and {len(images)} images written to {out_dir}/. Read "
          f"{out_dir / 'README.txt'} first: it says which file is which.")
    return 0
