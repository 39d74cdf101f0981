"""Getting events to the right eyes: the channel for public ones, DMs for the rest.

A DM that Discord refuses (closed DMs) is not an error: the seat falls back to a
private thread in the game's channel, and failing that to the ephemeral "Show my
hand" button on the status post. Private events are stored with their audience
in the action log, so nothing a seat was sent is ever lost.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import sys
from collections import defaultdict
from typing import TYPE_CHECKING, Any

import discord

import engine
from bot import preferences, prompt_state
from bot.components import OpenChoicesButton, ShowHandButton, disabled, prompt_view, single
from bot.prompt_state import PromptRecord
from bot.service import LiveGame, Outcome
from engine import Event, Prompt

if TYPE_CHECKING:
    from bot.host import Host

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

    def __init__(self, bot: Host) -> None:
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
                name=f"{seat} — private ({live.game.title if live.game else 'game'} #{live.id})"[:100],
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
        for text in chunks([e.text for e in events if e.public]):
            await self.post(live, text)
        await self.secrets(live, events)

    async def secrets(self, live: LiveGame, events: list[Event], told: set[str] | None = None
                      ) -> None:
        """Each private event to each seat of its audience, one DM per seat and action;
        `told`: seats whose answered prompt message already says them."""
        private: dict[str, list[str]] = defaultdict(list)
        for event in events:
            if event.public:
                continue
            for seat in event.audience:
                if seat not in (told or set()):
                    private[seat].append(event.text)
        title = live.game.title if live.game else live.row.variant
        for seat, lines in private.items():
            header = f"**{title} #{live.id}** — {seat}"
            for text in chunks([header, *lines]):
                await self.to_seat(live, seat, text)

    def prompt_text(self, live: LiveGame, seat: str, prompt: Prompt) -> str:
        game = live.game
        title = game.title if game else live.row.variant
        return f"**{title} #{live.id}** — {seat}: {prompt.text}"[:1800]

    async def prompts(self, live: LiveGame, answered: dict[str, str] | None = None
                      ) -> list[tuple[str, Prompt]]:
        """Bring each seat's prompt message up to date; return the newly awaited seats.

        A seat still awaited sees its message edited in place (with what it just chose on
        top), so a turn of several steps is one message. A newly awaited seat gets a new
        DM (unless it turned DM prompts off) and is pinged in the channel by the caller.
        A seat no longer awaited has its message closed: buttons greyed out, and a line
        saying it was answered or that the game moved on."""
        game = live.game
        if game is None:
            return []
        answered = answered or {}
        storage = self.bot.service.storage
        awaited = game.prompts()
        newly: list[tuple[str, Prompt]] = []
        for index, seat in enumerate(game.seats):
            record = await prompt_state.load(storage, live.id, seat)
            is_open = record is not None and record.open
            prompt = awaited.get(seat)
            if prompt is None:
                if record is not None and is_open:
                    if seat not in answered:
                        await self._close(record, "\N{CHEQUERED FLAG} Closed: the game is over."
                                          if game.finished else
                                          "\N{BLACK RIGHT-POINTING DOUBLE TRIANGLE} Closed: "
                                          "the game moved on.")
                    await prompt_state.save(storage, live.id, seat, PromptRecord(
                        record.channel_id, record.message_id, False, record.fingerprint,
                        record.since))
                continue
            fp = prompt_state.fingerprint(prompt)
            unchanged = record is not None and is_open and record.fingerprint == fp
            if unchanged and seat not in answered:
                continue
            text = self.prompt_text(live, seat, prompt)
            view = prompt_view(live.id, live.seq, index, prompt)
            if record is not None and is_open and record.message_id:
                content = f"{answered[seat]}\n\n{text}" if seat in answered else text
                if await self._edit(record, content, view):
                    await prompt_state.save(storage, live.id, seat, PromptRecord(
                        record.channel_id, record.message_id, True, fp,
                        live.seq if not unchanged else record.since))
                    continue
            sent = None
            user = live.user_of(seat)
            if user is not None and await preferences.dm_prompts(storage, user):
                sent = await self.to_seat(live, seat, text, view=view)
            await prompt_state.save(storage, live.id, seat, PromptRecord(
                sent.channel.id if sent else 0, sent.id if sent else 0, True, fp, live.seq))
            if not is_open:
                newly.append((seat, prompt))
        return newly

    async def _edit(self, record: PromptRecord, content: str,
                    view: discord.ui.View | None) -> bool:
        try:
            channel = self.bot.get_partial_messageable(record.channel_id)
            await channel.get_partial_message(record.message_id).edit(content=content[-2000:],
                                                                      view=view)
            return True
        except discord.HTTPException as exc:
            log.info("prompt message %s not edited: %s", record.message_id, exc)
            return False

    async def _close(self, record: PromptRecord, line: str) -> None:
        """Grey out a prompt nobody answered (the game moved on) and say so."""
        if not record.message_id:
            return
        try:
            channel = self.bot.get_partial_messageable(record.channel_id)
            message = await channel.fetch_message(record.message_id)
            view = disabled(discord.ui.View.from_message(message, timeout=None))
            await message.edit(content=f"{message.content}\n{line}"[-2000:], view=view)
        except discord.HTTPException as exc:
            log.info("prompt message %s not closed: %s", record.message_id, exc)

    async def refresh_prompts(self, live: LiveGame) -> None:
        """Prompts brought up to date outside an action (undo, a substitute): with the ping."""
        newly = await self.prompts(live)
        if newly:
            await self.ping(live, newly)

    async def ping(self, live: LiveGame, newly: list[tuple[str, Prompt]]) -> None:
        """One channel message naming the newly awaited players: only they are mentioned."""
        await self.say(live, [], newly)

    async def follow_with_prompt(self, interaction: discord.Interaction[Any], live: LiveGame,
                                 seat: str) -> None:
        """After a choice made in an ephemeral prompt, the seat's next one, the same way."""
        game = live.game
        prompt = game.prompts().get(seat) if game else None
        if game is None or prompt is None:
            return
        try:
            await interaction.followup.send(
                self.prompt_text(live, seat, prompt),
                view=prompt_view(live.id, live.seq, game.seats.index(seat), prompt),
                ephemeral=True)
        except discord.HTTPException as exc:
            log.info("game %s: no follow-up prompt for %s: %s", live.id, seat, exc)

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

    async def outcome(self, outcome: Outcome, answered: dict[str, str] | None = None) -> None:
        """Secrets by DM; prompts brought up to date; the images if the board changed; then
        one channel post with what happened and whose turn it is now (the ping)."""
        live = outcome.live
        game = outcome.game
        await self.secrets(live, outcome.events, told=set(answered or ()))
        newly = await self.prompts(live, answered)
        drawn = any(e.kind in game.render_on for e in outcome.events) or outcome.action == "start"
        files = await self.images(live, drawn=drawn or game.finished)
        lines = [e.text for e in outcome.events if e.public]
        if game.finished:
            lines.append(finished_text(live))
        await self.say(live, lines, [] if game.finished else newly, files,
                       told=[s.user_id for s in live.seats] if game.finished else [])
        await self.status(live, deadline=await self.bot.deadlines.due(live))

    async def say(self, live: LiveGame, lines: list[str], newly: list[tuple[str, Prompt]],
                  files: list[discord.File] | None = None, told: list[int] | None = None
                  ) -> None:
        """Post `lines`, then the ping of the newly awaited seats, in as few messages as
        fit; only those players are mentioned (and, at the end, every player: `told`);
        the last message carries the images and the My choices button."""
        pinged = [(seat, prompt, live.user_of(seat)) for seat, prompt in newly]
        calls = [f"<@{user}> ({seat}), your turn: {prompt.text}"[:600]
                 for seat, prompt, user in pinged if user is not None]
        told = list(dict.fromkeys(told or []))
        if told:
            calls.append(", ".join(f"<@{u}>" for u in told) + ": the game is over.")
        named = {u for _, _, u in pinged if u is not None} | set(told)
        texts = chunks([*lines, *calls]) or ([""] if files else [])
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, replied_user=False,
            users=[discord.Object(id=u) for u in named])
        for i, text in enumerate(texts):
            last = i == len(texts) - 1
            extra: dict[str, Any] = {}
            if last and pinged:
                extra["view"] = single(OpenChoicesButton(live.id))
            if last and files:
                extra["files"] = files
            await self.post(live, text or None, allowed_mentions=mentions, **extra)

    async def images(self, live: LiveGame, *, drawn: bool) -> list[discord.File]:
        """The board when the game says a turn or round ended (its `render_on` events) and
        the picture differs from the last one posted; a game's market table as its own
        image, at the same moments, when that changed. Rendered off the event loop."""
        game = live.game
        if not drawn or game is None:
            return []
        storage = self.bot.service.storage
        view = game.view(None)
        files: list[discord.File] = []
        render = self.bot.renderers.get(live.row.variant)
        if render is None:
            return []
        module = sys.modules.get(getattr(render, "__module__", ""))
        market = getattr(module, "render_market", None)
        unseen = {"awaiting", "actions", "phase"} | ({"market"} if market is not None else set())
        drawing = view_fingerprint({k: v for k, v in view.items() if k not in unseen})
        last = await storage.message(live.id, "board")
        if last is None or last[2] != drawing:
            board = getattr(module, "render_map", None) if market is not None else None
            files.append(await self.picture(live, board or render, view, "board"))
            await storage.put_message(live.id, "board", 0, 0, drawing)
        if market is not None and "market" in view:
            seen = await storage.message(live.id, "market")
            now = view_fingerprint(view["market"])
            if seen is None or seen[2] != now:
                files.append(await self.picture(live, market, view, "market"))
                await storage.put_message(live.id, "market", 0, 0, now)
        return files

    async def board(self, live: LiveGame, view: dict[str, Any] | None = None) -> None:
        """Post the board now (an imported game's first look)."""
        files = await self.images(live, drawn=True)
        if files:
            await self.post(live, files=files)

    async def picture(self, live: LiveGame, render: Any, view: dict[str, Any], what: str
                      ) -> discord.File:
        png = await self.bot.loop.run_in_executor(self.bot.render_pool, render, view)
        return discord.File(io.BytesIO(png), filename=f"{live.row.variant}-{live.id}-{what}-"
                                                      f"{live.seq}.png")


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
        embed.add_field(name="Options", value=options_in_words(row.variant, row.options)[:1000],
                        inline=False)
    embed.set_footer(text=f"Seed commitment sha256: {row.commitment}")
    return embed


def options_in_words(variant: str, options: dict[str, Any]) -> str:
    """The game's options as players read them: "Butler & Maid cards: off"."""
    specs = {o.name: o for o in engine.VARIANTS[variant].options_spec} \
        if variant in engine.VARIANTS else {}
    parts = []
    for name, value in options.items():
        spec = specs.get(name)
        label = (spec.label if spec is not None and spec.label else
                 name.replace("_", " ").replace("-", " ").capitalize())
        shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
        parts.append(f"{label}: {shown}")
    return "; ".join(parts)


def view_fingerprint(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]
