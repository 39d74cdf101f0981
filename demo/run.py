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
from pathlib import Path
from typing import Protocol

import engine
from bot.client import Croupier
from bot.config import Settings
from demo.scripts import SCRIPTS
from demo.table import DemoTable, write_transcript
from sandbox import FakeDiscord

log = logging.getLogger(__name__)


class Watcher(Protocol):
    """Someone watching a demo game from the side (a test's transcript check): told when the
    bot is up, and again when the script has played, before the bot stops."""

    def started(self, fake: FakeDiscord, bot: Croupier) -> None: ...

    async def ended(self, fake: FakeDiscord, bot: Croupier) -> None: ...


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


async def run_demo(variant: str, out: str | Path, *, watcher: Watcher | None = None) -> int:
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
            if watcher is not None:
                watcher.started(fake, bot)
            try:
                summary = await script(DemoTable(fake, bot, channel, users))
                if watcher is not None:
                    await fake.settle()
                    await watcher.ended(fake, bot)
            finally:
                await fake.stop_bot(bot)
                write_transcript(fake, out_dir)
    images = sorted(p.name for p in out_dir.iterdir() if p.suffix == ".png")
    (out_dir / "README.txt").write_text(readme(title, summary, players, out_dir),
                                        encoding="utf-8")
    print(f"Demo of {variant}: {summary}")
    print(f"Transcript and {len(images)} images written to {out_dir}/. Read "
          f"{out_dir / 'README.txt'} first: it says which file is which.")
    return 0
