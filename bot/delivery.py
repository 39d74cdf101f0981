"""Getting events to the right eyes: the channel for public ones, DMs for the rest.

A DM that Discord refuses (closed DMs) is not an error: the seat falls back to a
private thread in the game's channel, and failing that to the ephemeral "Show my
hand" button on the status post. Private events are stored with their audience
in the action log, so nothing a seat was sent is ever lost.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

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


#: Discord's only answer that means "this user's DMs are closed to the bot".
CANNOT_DM = 50007
#: After any other failure a DM is tried again, this many seconds later each time.
DM_RETRY_DELAYS = (5.0, 30.0, 120.0)
#: A prompt that could not be delivered is tried again after this many seconds.
PROMPT_RETRY_SECONDS = 30.0
PROMPT_RETRIES = 3
MESSAGE_LIMIT = 2000


def fit(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """One message's text within Discord's limit (players' input is echoed in errors)."""
    return text if len(text) <= limit else text[:limit - 1] + "\N{HORIZONTAL ELLIPSIS}"


def message_link(channel_id: int, message_id: int, guild_id: int | None = None) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


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
        self.dm_retry_delays = DM_RETRY_DELAYS
        self.prompt_retry_seconds = PROMPT_RETRY_SECONDS
        self._later: dict[int, asyncio.Task[None]] = {}  # game -> its pending prompt retry
        self._retries: set[asyncio.Task[None]] = set()
        self._tries: dict[int, tuple[int, int]] = {}  # game -> (seq, prompt retries at it)
        self._prompting: dict[int, asyncio.Lock] = {}

    async def close(self) -> None:
        """Cancel the retries still waiting (the prompts owed are stored for the next start)."""
        for task in [*self._later.values(), *self._retries]:
            task.cancel()
        self._later.clear()
        self._retries.clear()

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
        return await self.to_seat_or_later(live, seat, content, **kwargs)

    async def to_seat_or_later(self, live: LiveGame, seat: str, content: str | None = None, *,
                               wanted: Callable[[], bool] = lambda: True,
                               on_sent: Callable[[discord.Message], Awaitable[None]] | None
                               = None, **kwargs: Any) -> discord.Message | None:
        """DM the seat's user. Only Discord's "cannot send messages to this user" (50007)
        moves the seat to its private thread for good; any other failure is retried later
        (while `wanted()`), and `on_sent` runs when a retry gets through."""
        row = live.seat_row(seat)
        if row is None:
            return None
        if row.dm_ok:
            try:
                return await self._send_dm(row.user_id, content, **kwargs)
            except discord.HTTPException as exc:
                if exc.code != CANNOT_DM:
                    log.warning("game %s: DM to %s failed, will retry: %s", live.id, seat, exc)
                    self._retry_dm(live, seat, content, kwargs, wanted, on_sent)
                    return None
            await self.bot.service.storage.set_dm_ok(live.id, seat, False)
            live.seats = await self.bot.service.storage.seats(live.id)
        return await self._to_fallback(live, seat, content, **kwargs)

    def _retry_dm(self, live: LiveGame, seat: str, content: str | None, kwargs: dict[str, Any],
                  wanted: Callable[[], bool],
                  on_sent: Callable[[discord.Message], Awaitable[None]] | None) -> None:
        async def retry() -> None:
            for delay in self.dm_retry_delays:
                await asyncio.sleep(delay)
                row = live.seat_row(seat)
                if row is None or not wanted():
                    return
                if not row.dm_ok:  # closed since: the fallback takes it
                    sent = await self._to_fallback(live, seat, content, **kwargs)
                else:
                    try:
                        sent = await self._send_dm(row.user_id, content, **kwargs)
                    except discord.HTTPException as exc:
                        if exc.code == CANNOT_DM:
                            await self.bot.service.storage.set_dm_ok(live.id, seat, False)
                            live.seats = await self.bot.service.storage.seats(live.id)
                        log.info("game %s: DM retry to %s failed: %s", live.id, seat, exc)
                        continue
                if sent is not None and on_sent is not None:
                    await on_sent(sent)
                if sent is not None:
                    return
            log.warning("game %s: gave up a DM to %s; it stays in the stored log (Show my "
                        "hand)", live.id, seat)

        task = asyncio.create_task(retry(), name=f"croupier-dm-retry-{live.id}-{seat}")
        self._retries.add(task)
        task.add_done_callback(self._retries.discard)

    async def _send_dm(self, user_id: int, content: str | None, **kwargs: Any
                       ) -> discord.Message:
        user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        return await user.send(content, **kwargs)

    async def dm(self, user_id: int, content: str | None = None, **kwargs: Any
                 ) -> discord.Message | None:
        """A DM, or None if Discord refuses it (closed DMs, unknown user)."""
        try:
            return await self._send_dm(user_id, content, **kwargs)
        except (discord.Forbidden, discord.NotFound):
            return None
        except discord.HTTPException as exc:
            log.warning("DM to %s failed: %s", user_id, exc)
            return None

    async def tell_applied(self, outcome: Outcome, user_id: int) -> None:
        """The answer to a stored action was lost (expired interaction, HTTP error): say by
        DM that it counted, so that the player does not do it again."""
        live = outcome.live
        text = (f"\N{WHITE HEAVY CHECK MARK} **{outcome.game.title} #{live.id}**: your "
                f"**{outcome.action}** was applied (action {outcome.seq}), though Discord lost "
                "my answer to it. It counts once: no need to do it again.")
        if outcome.seat is not None and live.user_of(outcome.seat) == user_id:
            await self.to_seat(live, outcome.seat, text)  # its private thread if DMs are closed
        else:
            await self.dm(user_id, text)

    async def _to_fallback(self, live: LiveGame, seat: str, content: str | None,
                           **kwargs: Any) -> discord.Message | None:
        row = live.seat_row(seat)
        assert row is not None
        thread: Any = None
        if row.fallback_thread:
            try:
                thread = await self._reopen_thread(live, row.fallback_thread)
            except discord.HTTPException as exc:  # there, but out of reach for now
                log.warning("game %s: private thread of %s: %s", live.id, seat, exc)
                return None
        if thread is None:
            thread = await self._open_private_thread(live, seat, row.user_id)
        if thread is None:
            return None  # the "Show my hand" button on the status post still works
        try:
            sent: discord.Message = await thread.send(content, **kwargs)
            return sent
        except discord.HTTPException:
            return None

    async def _reopen_thread(self, live: LiveGame, thread_id: int) -> Any:
        """The seat's private thread, unarchived if Discord archived it for being idle (an
        archived thread is not in the cache, and must not be replaced by a second one)."""
        thread: Any = self.bot.get_channel(thread_id)
        if thread is None:
            try:
                thread = await self.bot.fetch_channel(thread_id)
            except discord.NotFound:
                return None  # deleted: open a new one
        if isinstance(thread, discord.Thread) and thread.archived:
            thread = await thread.edit(archived=False)
        return thread

    async def _open_private_thread(self, live: LiveGame, seat: str, user_id: int) -> Any:
        channel = await self.channel(live)
        if not isinstance(channel, discord.TextChannel):
            return None
        try:
            thread = await channel.create_thread(
                name=f"{seat} — private ({live.row.variant} #{live.id})"[:100],
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
        await self.private_events(live, events)

    async def prompts(self, live: LiveGame) -> bool:
        """Send each awaited seat its prompt, with buttons; then note that the game owes no
        prompt at this seq. A prompt that could not go out is tried again later."""
        game = live.game
        if game is None:
            return True
        # One at a time per game: at startup the owed prompts and a first command may race.
        async with self._prompting.setdefault(live.id, asyncio.Lock()):
            return await self._prompts(live, game)

    async def _prompts(self, live: LiveGame, game: Any) -> bool:
        seq = live.seq
        complete = True
        for seat, prompt in game.prompts().items():
            complete = await self._prompt(live, seat, prompt) and complete
        if complete and live.seq == seq:
            await self.bot.service.storage.prompts_delivered(live.id, seq)
        elif not complete:
            self.prompt_later(live)
        return complete

    async def _prompt(self, live: LiveGame, seat: str, prompt: Any) -> bool:
        """One seat's prompt, unless the one it has is identical and still answerable."""
        game = live.game
        assert game is not None
        fingerprint = hashlib.sha256(repr(prompt).encode()).hexdigest()[:16]
        purpose = f"prompt:{seat}"
        storage = self.bot.service.storage
        previous = await storage.message(live.id, purpose)
        if previous is not None and await self._answerable(live, seat, prompt, previous[2],
                                                           fingerprint):
            return True
        seq = live.seq
        view = prompt_view(live.id, seq, game.seats.index(seat), prompt)
        text = f"**{game.title} #{live.id}** — {seat}: {prompt.text}"
        group = self.bot.command_groups.get(live.row.variant)
        commands = needs_command(prompt)
        if group and commands:
            text += "\nWith a command: " + ", ".join(f"`/{group} {c}`" for c in commands)

        async def remember(sent: discord.Message) -> None:
            await storage.put_message(live.id, purpose, sent.channel.id, sent.id,
                                      f"{fingerprint}@{seq}")

        sent = await self.to_seat_or_later(live, seat, text[:1900], view=view,
                                           wanted=lambda: live.seq == seq, on_sent=remember)
        if sent is None:
            return False
        await remember(sent)
        return True

    async def _answerable(self, live: LiveGame, seat: str, prompt: Any, stored: str,
                          fingerprint: str) -> bool:
        """The seat's last prompt is the same one and its buttons still work: since it was
        sent, the seat took none of the actions it offers (a click on one would be taken
        for a double click and answer "already done")."""
        same, _, sent_at = stored.partition("@")
        if same != fingerprint or not sent_at.isdigit():
            return False
        if int(sent_at) == live.seq:
            return True
        offered = {spec.name for spec in prompt.actions}
        since = await self.bot.service.storage.actions(live.id, after=int(sent_at))
        return not any(row.seat == seat and row.action in offered for row in since)

    def prompt_later(self, live: LiveGame) -> None:
        """Try the game's prompts again in a while (a failed announcement, a refused DM)."""
        if live.id in self._later and not self._later[live.id].done():
            return
        tries = self._tries.get(live.id, (live.seq, 0))
        tries = (live.seq, tries[1] + 1 if tries[0] == live.seq else 1)
        self._tries[live.id] = tries
        if tries[1] > PROMPT_RETRIES:
            return  # owed still: the next start tries again

        async def later() -> None:
            await asyncio.sleep(self.prompt_retry_seconds)
            self._later.pop(live.id, None)
            if self.bot.service.live.get(live.id) is live:
                try:
                    await self.prompts(live)
                except Exception:  # noqa: BLE001 - tried again at the next start
                    log.exception("game %s: prompts failed again", live.id)

        self._later[live.id] = asyncio.create_task(later(), name=f"croupier-prompts-{live.id}")

    async def owed_prompts(self) -> int:
        """At startup: prompt the games that moved after their prompts last all went out (a
        crash in between, a refused DM). Only those games are looked at."""
        done = 0
        for game_id in await self.bot.service.storage.games_owing_prompts():
            # (With games loaded on demand, this is the one place such a game is loaded.)
            live = self.bot.service.live.get(game_id)
            if live is None or live.game is None:
                continue
            try:
                await self.prompts(live)
                done += 1
            except Exception:  # noqa: BLE001 - one game must not keep the others waiting
                log.exception("game %s: owed prompts failed", game_id)
        return done

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
        await self.outcomes([outcome])

    async def outcomes(self, outcomes: list[Outcome], preface: list[str] | None = None) -> None:
        """Announce what one step did (one action, or every action of one deadline) in as
        few messages as read well: the public lines and the board in one post (more only
        past 2,000 characters), one DM per seat, the status edited, then the prompts.
        Discord allows about five posts per channel in five seconds: a Danger round's six
        timed-out cards must not become a dozen posts."""
        live = outcomes[-1].live
        game = outcomes[-1].game
        events = [e for o in outcomes for e in o.events]
        lines = [*(preface or []), *(e.text for e in events if e.public)]
        if game.finished:
            lines.append(finished_text(live))
        board = None
        if any(e.kind in game.render_on for e in events) or any(o.action == "start"
                                                                 for o in outcomes):
            board = await self.board_file(live)
        texts = chunks(lines)
        for i, text in enumerate(texts):
            last = i == len(texts) - 1
            await self.post(live, text, **({"file": board} if last and board else {}))
        if board is not None and not texts:
            await self.post(live, file=board)
        await self.private_events(live, events)
        await self.status(live, deadline=await self.bot.deadlines.due(live))
        await self.prompts(live)

    async def private_events(self, live: LiveGame, events: list[Event]) -> None:
        """One DM (more only past 2,000 characters) per seat in the events' audiences."""
        private: dict[str, list[str]] = defaultdict(list)
        for event in events:
            if event.public:
                continue
            for seat in event.audience:
                private[seat].append(event.text)
        for seat, lines in private.items():
            header = f"**{live.row.variant} #{live.id}** — {seat}"
            for text in chunks([header, *lines]):
                await self.to_seat(live, seat, text)

    async def board_file(self, live: LiveGame) -> discord.File | None:
        """The public view rendered off the event loop, ready to attach."""
        game = live.game
        render = self.bot.renderers.get(live.row.variant)
        if game is None or render is None:
            return None
        view = game.view(None)
        png = await self.bot.loop.run_in_executor(self.bot.render_pool, render, view)
        return discord.File(io.BytesIO(png), filename=f"{live.row.variant}-{live.id}-"
                                                       f"{live.seq}.png")

    async def board(self, live: LiveGame) -> None:
        """Render the public view off the event loop and post it."""
        board = await self.board_file(live)
        if board is not None:
            await self.post(live, file=board)


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
