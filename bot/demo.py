"""`python -m bot demo <variant>`: a scripted game against the sandbox, no token needed.

The real bot and the real discord.py talk to the local stand-in for Discord; scripted
users type slash commands and click the buttons the bot DMs them. The transcript
(the channel, each thread, each DM) and every image land in the output folder.
"""

from __future__ import annotations

import logging
import shutil
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.client import Croupier
from bot.config import Settings
from bot.sandbox import FakeDiscord, Interaction, Message

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

    async def answer_prompt(self, user: str, *, choose: str | None = None,
                            button: str | None = None) -> Interaction:
        """Click a button (by label, or the first) or pick a menu option in the user's DM."""
        message = self.latest_prompt(user)
        if message is None:
            raise RuntimeError(f"{user} has no prompt to answer")
        uid = self.users[user]
        if message.selects() and (choose is not None or not message.buttons()):
            custom_id, options = message.selects()[0]
            value = choose if choose is not None else options[0]["value"]
            inter = await self.fake.select(uid, message.id, custom_id, [value])
        else:
            label = button or message.buttons()[0][1]
            inter = await self.fake.click(uid, message.id, message.button(label))
        await self.fake.settle()
        return inter

    def user_of_seat(self, seat: str) -> str:
        live = self.bot.service.in_channel(self.channel)
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
    live = t.bot.service.in_channel(t.channel)
    for turn in range(1, 13):
        if turn == 3:
            await t.slash("cy", "hf anarchy", on=True)
        assert live.game is not None
        (secgen,) = live.game.prompts()
        await t.slash(t.user_of_seat(secgen), "hf turn")
        while live.game.prompts():
            seat, prompt = next(iter(live.game.prompts().items()))
            if prompt.actions[0].name == "turn":
                break
            user = t.user_of_seat(seat)
            if prompt.actions[0].name == "tally":
                await t.answer_prompt(user, choose="Authority")
            else:
                await t.answer_prompt(user)
    await t.slash("bob", "hf history")
    kinds = {e["kind"] for a in await t.bot.service.storage.actions(live.id) for e in a.events}
    missing = {"seniority", "tallied"} - kinds
    if missing:
        raise RuntimeError(f"the demo did not show: {', '.join(sorted(missing))}")
    return "12 turns: a Seniority reshuffle and an anarchy ended by an Anarchy/War Ends card."


SCRIPTS: dict[str, tuple[Script, str, tuple[str, ...]]] = {
    "hf-political-events": (hf_script, "demo-2", ("ann", "bob", "cy", "dee")),
}


async def run_demo(variant: str, out: str | Path) -> int:
    if variant not in SCRIPTS:
        print(f"No demo for {variant!r}. Demos: {', '.join(SCRIPTS)}.", file=sys.stderr)
        return 2
    script, seed, players = SCRIPTS[variant]
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
    print(f"Demo of {variant}: {summary}")
    print(f"Transcript and {len(images)} images written to {out_dir}/")
    return 0
