"""Getting events to the right eyes: the channel for public ones, DMs for the rest.

A DM that Discord refuses (closed DMs) is not an error: the seat falls back to a
private thread in the game's channel, and failing that to the ephemeral "Show my
hand" button on the status post. Private events are stored with their audience
in the action log, so nothing a seat was sent is ever lost.
"""

from __future__ import annotations

import hashlib
import io
import logging
from collections import defaultdict
from typing import TYPE_CHECKING, Any

import discord

import engine
from bot.components import ShowHandButton, needs_command, prompt_view, single
from bot.service import LiveGame, Outcome
from engine import Event

if TYPE_CHECKING:
    from bot.client import Croupier

log = logging.getLogger(__name__)

DM_HELP = ("I couldn't send you a direct message. To get your secrets privately, open "
           "**Server name → Privacy Settings → Direct Messages** (or allow DMs from server "
           "members in your settings). Until then they go to a private thread in the game's "
           "channel, and the **Show my hand** button on the status post shows them to you.")


def chunks(lines: list[str], limit: int = 1900) -> list[str]:
    """Join lines into messages under Discord's 2000-character limit."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + len(line) + 1 > limit:
            out.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


class Delivery:
    """Posts, DMs and edits on behalf of the bot. Every method survives Discord errors."""

    def __init__(self, bot: Croupier) -> None:
        self.bot = bot

    async def channel(self, live: LiveGame) -> discord.abc.Messageable | None:
        channel_id = live.row.channel_id
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except (discord.NotFound, discord.Forbidden):
                log.warning("game %s: its channel %s is gone", live.id, channel_id)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def post(self, live: LiveGame, content: str | None = None, **kwargs: Any
                   ) -> discord.Message | None:
        channel = await self.channel(live)
        if channel is None:
            return None
        try:
            return await channel.send(content, **kwargs)
        except (discord.NotFound, discord.Forbidden) as exc:
            log.warning("game %s: can't post in its channel: %s", live.id, exc)
            return None

    # ----- private delivery ----------------------------------------------

    async def to_seat(self, live: LiveGame, seat: str, content: str | None = None,
                      **kwargs: Any) -> discord.Message | None:
        """DM the seat's user; on closed DMs use the seat's private thread."""
        row = live.seat_row(seat)
        if row is None:
            return None
        if row.dm_ok:
            sent = await self.dm(row.user_id, content, **kwargs)
            if sent is not None:
                return sent
            await self.bot.service.storage.set_dm_ok(live.id, seat, False)
            live.seats = await self.bot.service.storage.seats(live.id)
        return await self._to_fallback(live, seat, content, **kwargs)

    async def dm(self, user_id: int, content: str | None = None, **kwargs: Any
                 ) -> discord.Message | None:
        """A DM, or None if Discord refuses it (closed DMs, unknown user)."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            return await user.send(content, **kwargs)
        except (discord.Forbidden, discord.NotFound):
            return None
        except discord.HTTPException as exc:
            log.warning("DM to %s failed: %s", user_id, exc)
            return None

    async def _to_fallback(self, live: LiveGame, seat: str, content: str | None,
                           **kwargs: Any) -> discord.Message | None:
        row = live.seat_row(seat)
        assert row is not None
        thread_id = row.fallback_thread
        thread: Any = None
        if thread_id:
            thread = self.bot.get_channel(thread_id)
        if thread is None:
            thread = await self._open_private_thread(live, seat, row.user_id)
        if thread is None:
            return None  # the "Show my hand" button on the status post still works
        try:
            sent: discord.Message = await thread.send(content, **kwargs)
            return sent
        except discord.HTTPException:
            return None

    async def _open_private_thread(self, live: LiveGame, seat: str, user_id: int) -> Any:
        channel = await self.channel(live)
        if not isinstance(channel, discord.TextChannel):
            return None
        try:
            thread = await channel.create_thread(
                name=f"{seat} — private ({engine.game_class(live.row.variant).title} #{live.id})"[:100],
                type=discord.ChannelType.private_thread, invitable=False)
            await thread.add_user(discord.Object(id=user_id))
        except discord.HTTPException as exc:
            log.info("game %s: no private thread for %s: %s", live.id, seat, exc)
            return None
        await self.bot.service.storage.set_dm_ok(live.id, seat, False, thread.id)
        live.seats = await self.bot.service.storage.seats(live.id)
        return thread

    # ----- announcing an outcome -----------------------------------------

    async def events(self, live: LiveGame, events: list[Event]) -> None:
        """Public events to the channel; private ones to each seat in their audience."""
        public_lines = [e.text for e in events if e.public]
        for text in chunks(public_lines):
            await self.post(live, text)
        private: dict[str, list[str]] = defaultdict(list)
        for event in events:
            if event.public:
                continue
            for seat in event.audience:
                private[seat].append(event.text)
        for seat, lines in private.items():
            header = f"**{engine.game_class(live.row.variant).title} #{live.id}** — {seat}"
            for text in chunks([header, *lines]):
                await self.to_seat(live, seat, text)

    async def prompts(self, live: LiveGame) -> None:
        """Send each awaited seat its prompt (once per distinct prompt), with buttons."""
        game = live.game
        if game is None:
            return
        for seat, prompt in game.prompts().items():
            fingerprint = hashlib.sha256(repr(prompt).encode()).hexdigest()[:16]
            purpose = f"prompt:{seat}"
            previous = await self.bot.service.storage.message(live.id, purpose)
            if previous is not None and previous[2] == fingerprint:
                continue
            view = prompt_view(live.id, live.seq, game.seats.index(seat), prompt)
            text = f"**{game.title} #{live.id}** — {seat}: {prompt.text}"
            group = self.bot.command_groups.get(live.row.variant)
            commands = needs_command(prompt)
            if group and commands:
                text += "\nWith a command: " + ", ".join(f"`/{group} {c}`" for c in commands)
            sent = await self.to_seat(live, seat, text[:1900], view=view)
            if sent is not None:
                await self.bot.service.storage.put_message(live.id, purpose, sent.channel.id,
                                                           sent.id, fingerprint)

    async def status(self, live: LiveGame, *, deadline: float | None = None) -> None:
        """Edit the pinned status post in place, or post and pin it the first time."""
        embed = status_embed(live, deadline)
        view = single(ShowHandButton(live.id)) if live.row.status == "running" else None
        stored = await self.bot.service.storage.message(live.id, "status")
        channel = await self.channel(live)
        if channel is None:
            return
        if stored is not None:
            try:
                message = channel.get_partial_message(stored[1])  # type: ignore[attr-defined]
                await message.edit(embed=embed, view=view)
                return
            except discord.NotFound:
                pass  # deleted by someone: post a new one
            except discord.HTTPException as exc:
                log.warning("game %s: status edit failed: %s", live.id, exc)
                return
        message = await self.post(live, embed=embed, view=view)
        if message is None:
            return
        await self.bot.service.storage.put_message(live.id, "status", message.channel.id,
                                                   message.id)
        try:
            await message.pin()
        except discord.HTTPException:
            pass  # no Manage Messages permission: the status post still works unpinned

    async def outcome(self, outcome: Outcome) -> None:
        live = outcome.live
        await self.events(live, outcome.events)
        game = outcome.game
        if any(e.kind in game.render_on for e in outcome.events) or outcome.action == "start":
            await self.board(live)
        if game.finished:
            await self.post(live, finished_text(live))
        await self.status(live, deadline=await self.bot.deadlines.due(live))
        await self.prompts(live)

    async def board(self, live: LiveGame) -> None:
        """Render the public view off the event loop and post it."""
        game = live.game
        render = self.bot.renderers.get(live.row.variant)
        if game is None or render is None:
            return
        view = game.view(None)
        png = await self.bot.loop.run_in_executor(self.bot.render_pool, render, view)
        await self.post(live, file=discord.File(io.BytesIO(png), filename=f"{live.row.variant}-"
                                                f"{live.id}-{live.seq}.png"))


def finished_text(live: LiveGame) -> str:
    game = live.game
    assert game is not None
    winners = ", ".join(game.winners) or "nobody"
    return (f"**Game over.** Winner: {winners}.\nThe seed was `{game.seed}` "
            f"(sha256 `{live.row.commitment}`, published at the start). "
            "Run `/game verify` to replay every roll and deal, or `/game log` for the full log.")


def status_embed(live: LiveGame, deadline: float | None) -> discord.Embed:
    game = live.game
    row = live.row
    title = game.title if game else row.variant
    embed = discord.Embed(title=f"{title} — game #{row.id}",
                          colour=discord.Colour.blurple() if row.live else discord.Colour.dark_grey())
    awaiting = set(game.prompts()) if game else set()
    seat_lines = []
    for s in live.seats:
        mark = "\N{HOURGLASS WITH FLOWING SAND} " if s.seat in awaiting else ""
        dm = "" if s.dm_ok else " (DMs closed: private thread / Show my hand)"
        seat_lines.append(f"{mark}**{s.seat}** — <@{s.user_id}>{dm}")
    embed.add_field(name="Seats", value="\n".join(seat_lines) or "nobody yet — /game join",
                    inline=False)
    phase = {"lobby": "waiting for players — /game join, then the creator runs /game start",
             "aborted": "aborted"}.get(row.status, game.phase if game else row.status)
    if live.broken is not None:
        phase = f"paused: could not be resumed after a restart ({live.broken})"
    embed.add_field(name="Phase", value=phase[:1000], inline=True)
    if awaiting:
        embed.add_field(name="Waiting for", value=", ".join(sorted(awaiting))[:1000], inline=True)
    if deadline is not None:
        embed.add_field(name="Deadline", value=f"<t:{int(deadline)}:R>", inline=True)
    if row.options:
        embed.add_field(name="Options", value=", ".join(f"{k}={v}" for k, v in
                                                        row.options.items())[:1000], inline=False)
    embed.set_footer(text=f"Seed commitment sha256: {row.commitment}")
    return embed
