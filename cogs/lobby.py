"""`/game`: the lobby and everything common to all games. Each command is the lobby's use
case of the same name (`bot/lobby.py`)."""

from __future__ import annotations

import functools
import zoneinfo
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

import engine
from bot.client import Croupier
from bot.lobby import Lobby as LobbyCases

Interaction = discord.Interaction[Any]


@functools.cache
def zones() -> frozenset[str]:
    """The time zones this system knows (for autocomplete)."""
    return frozenset(zoneinfo.available_timezones())


class Lobby(commands.Cog):
    """Create, join, start and look after games."""

    game = app_commands.Group(name="game", description="Create, join and manage games")

    def __init__(self, bot: Croupier) -> None:
        self.bot = bot

    @property
    def cases(self) -> LobbyCases:
        return self.bot.lobby

    # ----- autocomplete ---------------------------------------------------

    async def variant_autocomplete(self, interaction: Interaction, current: str
                                   ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f"{cls.title} ({vid})"[:100], value=vid)
                for vid, cls in sorted(engine.VARIANTS.items())
                if current.lower() in (vid + cls.title).lower()][:25]

    async def options_autocomplete(self, interaction: Interaction, current: str
                                   ) -> list[app_commands.Choice[str]]:
        variant = getattr(interaction.namespace, "variant", None)
        cls = engine.VARIANTS.get(variant or "")
        if cls is None:
            return []
        return [app_commands.Choice(name=f"{o.name}={o.default} — {o.description}"[:100],
                                    value=f"{o.name}={o.default}")
                for o in cls.options_spec if current.lower() in o.name][:25]

    async def time_zone_autocomplete(self, interaction: Interaction, current: str
                                     ) -> list[app_commands.Choice[str]]:
        typed = current.replace(" ", "_").lower()
        return [app_commands.Choice(name=z, value=z) for z in sorted(zones())
                if typed in z.lower()][:25]

    async def seat_autocomplete(self, interaction: Interaction, current: str
                                ) -> list[app_commands.Choice[str]]:
        names = await self.cases.seat_names(interaction.channel_id or 0)
        return [app_commands.Choice(name=n, value=n) for n in names
                if current.lower() in n.lower()][:25]

    # ----- the lobby ------------------------------------------------------

    @game.command(name="new", description="Start a new game in this channel (or a new thread)")
    @app_commands.describe(variant="Which game", options="Game options as name=value, ...",
                           thread="Open a thread for the game")
    @app_commands.autocomplete(variant=variant_autocomplete, options=options_autocomplete)
    async def new(self, interaction: Interaction, variant: str, options: str | None = None,
                  thread: bool = False) -> None:
        await self.cases.new(interaction, variant, options, thread)

    @game.command(name="join", description="Take a seat in this channel's game")
    @app_commands.describe(seat="A seat name (a suspect, a power, or your player name)")
    @app_commands.autocomplete(seat=seat_autocomplete)
    async def join(self, interaction: Interaction, seat: str | None = None) -> None:
        await self.cases.join(interaction, seat)

    @game.command(name="leave", description="Leave this channel's game before it starts")
    async def leave(self, interaction: Interaction) -> None:
        await self.cases.leave(interaction)

    @game.command(name="start", description="Deal and begin (the creator)")
    async def start(self, interaction: Interaction) -> None:
        await self.cases.start(interaction)

    @game.command(name="status", description="Show this channel's game (in a DM: your game)")
    async def status(self, interaction: Interaction) -> None:
        await self.cases.show_status(interaction)

    @game.command(name="list", description="The games running in this server")
    async def list_games(self, interaction: Interaction) -> None:
        await self.cases.list_games(interaction)

    @game.command(name="hand", description="Show your own secrets in this game, or in a DM your game's (only to you)")
    async def hand(self, interaction: Interaction) -> None:
        await self.cases.hand(interaction)

    @game.command(name="abort", description="End this channel's game now (creator or Manage Server)")
    async def abort(self, interaction: Interaction) -> None:
        await self.cases.abort(interaction)

    @game.command(name="adopt", description="Move one of your games into this channel")
    @app_commands.describe(game_id="The game's number (#N), e.g. after its channel was deleted")
    async def adopt(self, interaction: Interaction, game_id: int) -> None:
        await self.cases.adopt(interaction, game_id)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.cases.channel_gone(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.cases.channel_gone(payload.thread_id)

    @game.command(name="substitute", description="Hand a seat to another player")
    @app_commands.describe(seat="The seat to hand over", user="Who takes it")
    @app_commands.autocomplete(seat=seat_autocomplete)
    async def substitute(self, interaction: Interaction, seat: str, user: discord.User) -> None:
        await self.cases.substitute(interaction, seat, user)

    @game.command(name="deadline", description="Set, extend, pause, resume or clear the turn deadline")
    @app_commands.describe(change="What to do", hours="Hours (for set or extend)",
                           minutes="Minutes (for set or extend)",
                           at="For daily: the time of day each turn is due, like 20:00 "
                              "(your /game notify time zone)")
    async def deadline(self, interaction: Interaction,
                       change: Literal["set", "daily", "extend", "pause", "resume", "clear"],
                       hours: app_commands.Range[float, 0, 24 * 60] = 0.0,
                       minutes: app_commands.Range[float, 0, 60 * 24 * 60] = 0.0,
                       at: str | None = None) -> None:
        await self.cases.deadline(interaction, change, hours * 3600 + minutes * 60, at)

    @game.command(name="undo", description="Take back the last action (needs agreement)")
    async def undo(self, interaction: Interaction) -> None:
        await self.cases.undo(interaction)

    @game.command(name="notify", description="How you are told of your games' questions: by DM, a digest, quiet hours")
    @app_commands.describe(
        dm_prompts="On: your choices come by DM. Off: the channel names you and its My "
                   "choices button shows them",
        digest_hours="0: a notice for every new question; N: at most one notice every N "
                     "hours, listing what waits",
        quiet_hours="No notice from-to, like 22:00-07:30 (off: none); a deadline still comes "
                    "first",
        time_zone="Your time zone, like Europe/Paris, for quiet hours and dates")
    @app_commands.autocomplete(time_zone=time_zone_autocomplete)
    async def notify(self, interaction: Interaction, dm_prompts: bool | None = None,
                     digest_hours: app_commands.Range[int, 0, 168] | None = None,
                     quiet_hours: str | None = None, time_zone: str | None = None) -> None:
        await self.cases.notify(interaction, dm_prompts, digest_hours, quiet_hours, time_zone)

    @game.command(name="away", description="Away for a while: your games answer for you as their deadlines would")
    @app_commands.describe(days="For how many days", until="Until a date, like 2025-07-01 or "
                                                           "2025-07-01 18:00 (your time zone)")
    async def away(self, interaction: Interaction,
                   days: app_commands.Range[float, 0.01, 366.0] | None = None,
                   until: str | None = None) -> None:
        await self.cases.away(interaction, days, until)

    @game.command(name="back", description="Back from being away: your games ask you again")
    async def back(self, interaction: Interaction) -> None:
        await self.cases.back(interaction)

    @game.command(name="history", description="What happened so far in this channel's game, in words")
    @app_commands.describe(last="How many of the latest moves to show (all of them if left out)")
    async def history(self, interaction: Interaction,
                      last: app_commands.Range[int, 1, 1000] | None = None) -> None:
        await self.cases.history(interaction, last)

    @game.command(name="import", description="Bring in a game in progress at a real table, from its state file")
    @app_commands.describe(variant="Which game", file="The game's state as JSON (the schema of its reference)",
                           players="Who plays which seat: seat=@player, seat=@player, …")
    @app_commands.autocomplete(variant=variant_autocomplete)
    async def import_(self, interaction: Interaction, variant: str, file: discord.Attachment,
                      players: str) -> None:
        await self.cases.import_(interaction, variant, file, players)

    @game.command(name="log", description="The game's log as a JSON file")
    @app_commands.describe(full="The full log with every secret (only after the game ended)")
    async def log(self, interaction: Interaction, full: bool = False) -> None:
        await self.cases.log(interaction, full)

    @game.command(name="verify", description="Replay the ended game from its revealed seed")
    async def verify(self, interaction: Interaction) -> None:
        await self.cases.verify(interaction)

    @game.command(name="rules", description="A game's rules summary and house rulings")
    @app_commands.autocomplete(variant=variant_autocomplete)
    async def rules(self, interaction: Interaction, variant: str) -> None:
        await self.cases.rules(interaction, variant)


async def setup(bot: Croupier) -> None:
    await bot.add_cog(Lobby(bot))
