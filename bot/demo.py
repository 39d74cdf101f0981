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
from bot.clicks import Clicker
from bot.client import Croupier
from bot.config import Settings
from bot.sandbox import FakeDiscord, Interaction, Message
from engine import ActionSpec, Game, Prompt
from engine.games.killer_clue.cards import card_type

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


SCRIPTS: dict[str, tuple[Script, str, tuple[str, ...]]] = {
    "hf-political-events": (hf_script, "demo-2", ("ann", "bob", "cy", "dee")),
    "killer-clue": (clue_script, "demo-kc-0", ("ann", "bob", "cy", "dee")),
    "cold-cash-risk": (ccr_script, "demo-ccr-0", ("ann", "bob", "cy")),
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
