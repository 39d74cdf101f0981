"""Getting events to the right eyes: the channel for public ones, DMs for the rest.

A DM that Discord refuses (closed DMs) is not an error: the seat falls back to a
private thread in the game's channel, and failing that to the ephemeral "Show my
hand" button on the status post. Private events are stored with their audience
in the action log, so nothing a seat was sent is ever lost.
"""

from __future__ import annotations

import asyncio
import io
import logging
import sys
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

import engine
from bot import names, records
from bot.records import PromptRecord, detail_purpose, view_fingerprint
from bot.service import LiveGame, Outcome
from bot.ui.components import OpenChoicesButton, ShowHandButton, disabled, prompt_view, single
from engine import Event, Prompt

if TYPE_CHECKING:
    from bot.host import Host

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


def named(live: LiveGame, text: str) -> str:
    """A game's text with its seats' names escaped: a name shows as written, never as a
    link, bold or a mention (`bot.names`). Every text a game posts, DMs or edits in place
    goes through here."""
    return names.shown(text, [s.seat for s in live.seats])


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

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.dm_retry_delays = DM_RETRY_DELAYS
        self.prompt_retry_seconds = PROMPT_RETRY_SECONDS
        self._later: dict[int, asyncio.Task[None]] = {}  # game -> its pending prompt retry
        self._retries: set[asyncio.Task[None]] = set()
        self._tries: dict[int, tuple[int, int]] = {}  # game -> (seq, prompt retries at it)
        self._prompting: dict[int, asyncio.Lock] = {}
        # game -> (seq, {seat: its prompt detail}): a plot sheet is checked once a step,
        # not once for `carried` and again for the prompt message.
        self._details: dict[int, tuple[int, dict[str, str]]] = {}

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
        if content:
            content = named(live, content)
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
        if content:
            content = named(live, content)
        if row.dm_ok:
            try:
                return await self.send_dm(row.user_id, content, **kwargs)
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
                        sent = await self.send_dm(row.user_id, content, **kwargs)
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

    async def send_dm(self, user_id: int, content: str | None, **kwargs: Any
                       ) -> discord.Message:
        user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        return await user.send(content, **kwargs)

    async def dm(self, user_id: int, content: str | None = None, **kwargs: Any
                 ) -> discord.Message | None:
        """A DM, or None if Discord refuses it (closed DMs, unknown user)."""
        try:
            return await self.send_dm(user_id, content, **kwargs)
        except (discord.Forbidden, discord.NotFound):
            return None
        except discord.HTTPException as exc:
            log.warning("DM to %s failed: %s", user_id, exc)
            return None

    async def tell_applied(self, outcome: Outcome, user_id: int) -> None:
        """The answer to a stored action was lost (expired interaction, HTTP error): say by
        DM that it counted, so that the player does not do it again."""
        live = outcome.live
        # No action number: the log's numbering counts steps whose very occurrence is
        # secret (a plot being written), and would tell their number to whoever reads it.
        what = (outcome.action or "action").replace("-", " ")
        text = (f"\N{WHITE HEAVY CHECK MARK} **{outcome.game.title} #{live.id}**: your "
                f"**{what}** was applied, though Discord lost my answer to it. It counts "
                "once: no need to do it again.")
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
        for text in chunks([e.text for e in events if e.public]):
            await self.post(live, text)
        await self.secrets(live, events)

    async def secrets(self, live: LiveGame, events: list[Event], told: set[str] | None = None,
                      carried: dict[str, frozenset[str]] | None = None) -> None:
        """Each private event to each seat of its audience, one DM per seat and action;
        `told`: seats whose answered prompt message already says them; `carried`: per seat,
        the kinds of private events its prompt message shows (the game's `prompt_detail`)."""
        private: dict[str, list[str]] = defaultdict(list)
        for event in events:
            if event.public:
                continue
            for seat in event.audience:
                if seat not in (told or set()) and \
                        event.kind not in (carried or {}).get(seat, frozenset()):
                    private[seat].append(event.text)
        title = engine.game_class(live.row.variant).title
        for seat, lines in private.items():
            header = f"**{title} #{live.id}** — {seat}"
            for text in chunks([header, *lines]):
                await self.to_seat(live, seat, text)

    def prompt_text(self, live: LiveGame, seat: str, prompt: Prompt) -> str:
        game = live.game
        title = game.title if game else live.row.variant
        return named(live, f"**{title} #{live.id}** — {seat}: {prompt.text}")[:1800]

    def detail(self, live: LiveGame, seat: str) -> str:
        """The game's private text for the seat's prompt message (`prompt_detail`), or "";
        worked out once per stored step."""
        hook = getattr(live.game, "prompt_detail", None)
        if hook is None:
            return ""
        seq, known = self._details.get(live.id, (-1, {}))
        if seq != live.seq:
            known = {}
            self._details[live.id] = (live.seq, known)
        if seat not in known:
            known[seat] = str(hook(seat) or "")
        return known[seat]

    async def carried(self, live: LiveGame) -> dict[str, frozenset[str]]:
        """Per seat, the kinds of private events that its prompt message will show (so that
        they are not sent again as a DM of their own): the game's `shown_in_prompt`, for
        the seats awaited with a detail whose prompt comes as a message of its own."""
        game = live.game
        kinds = frozenset(getattr(game, "shown_in_prompt", ()) or ())
        if game is None or not kinds:
            return {}
        out: dict[str, frozenset[str]] = {}
        for seat in game.prompts():
            user = live.user_of(seat)
            if user is not None and self.detail(live, seat) and \
                    await self.bot.service.storage.dm_prompts(user):
                out[seat] = kinds
        return out

    def renderer_module(self, live: LiveGame) -> Any:
        render = self.bot.renderers.get(live.row.variant)
        return sys.modules.get(getattr(render, "__module__", "")) if render else None

    async def detail_parts(self, live: LiveGame, seat: str, detail: str
                           ) -> tuple[discord.Embed, list[discord.File]]:
        """The seat's detail as an embed, with the renderer module's `render_private` image
        of the seat's own view in it when it gives one (rendered off the event loop)."""
        game = live.game
        assert game is not None
        embed = discord.Embed(description=fit(detail, 4000))
        private = getattr(self.renderer_module(live), "render_private", None)
        if private is None:
            return embed, []
        png = await self.bot.loop.run_in_executor(self.bot.render_pool, private,
                                                  game.view(seat))
        if not png:
            return embed, []
        name = (f"{live.row.variant}-{live.id}-{game.seats.index(seat)}-plan-"
                f"{public_number(live)}.png")
        embed.set_image(url=f"attachment://{name}")
        return embed, [discord.File(io.BytesIO(png), filename=name)]

    async def prompts(self, live: LiveGame, answered: dict[str, str] | None = None,
                      typed: str | None = None) -> list[tuple[str, Prompt]]:
        """One game at a time: at startup the owed prompts and a first command may race."""
        async with self._prompting.setdefault(live.id, asyncio.Lock()):
            return await self._prompts(live, answered, typed)

    async def _prompts(self, live: LiveGame, answered: dict[str, str] | None = None,
                       typed: str | None = None) -> list[tuple[str, Prompt]]:
        """Bring each seat's prompt message up to date; return the newly awaited seats.

        A seat still awaited sees its message edited in place (with what it just chose on
        top), so a turn of several steps is one message. A newly awaited seat gets a new
        DM (unless it turned DM prompts off) and is pinged in the channel by the caller.
        A seat no longer awaited has its message closed: buttons greyed out, and a line
        saying it was answered (`typed`: the seat that just answered with a typed command)
        or that the game moved on."""
        # The step these prompts are for, read under the game's lock: an action changes the
        # engine's position before its row is stored and the game's seq advances, and a
        # prompt's buttons must carry the step that asked its question (a click on them is
        # checked against what the seat did since). The game may move on while they go out.
        async with live.lock:
            game = live.game
            if game is None:
                return []
            awaited = game.prompts()
            seq, finished = live.seq, game.finished
            details = {seat: self.detail(live, seat) for seat in awaited} \
                if hasattr(game, "prompt_detail") else {}
        answered = answered or {}
        storage = self.bot.service.storage
        newly: list[tuple[str, Prompt]] = []
        complete = True
        for index, seat in enumerate(game.seats):
            record = await records.load(storage, live.id, seat)
            is_open = record is not None and record.open
            prompt = awaited.get(seat)
            if prompt is None:
                if record is not None and is_open:
                    # Closed in storage before the message is greyed: a crash in between
                    # leaves live buttons that answer "out of date", never a greyed message
                    # taken for an open one when the same question comes back.
                    await records.save(storage, live.id, seat, PromptRecord(
                        record.channel_id, record.message_id, False, record.fingerprint,
                        record.since))
                    if seat not in answered:
                        await self._close(record, "\N{CHEQUERED FLAG} Closed: the game is over."
                                          if finished else
                                          "\N{HEAVY CHECK MARK} Closed: you answered with a "
                                          "command." if seat == typed else
                                          "\N{BLACK RIGHT-POINTING DOUBLE TRIANGLE} Closed: "
                                          "the game moved on.")
                continue
            fp = records.fingerprint(prompt)
            user = live.user_of(seat)
            wants_dm = user is not None and await storage.dm_prompts(user)
            # A prompt whose DM never went out (Discord refused it) is owed, not unchanged.
            delivered = record is not None and (record.message_id or not wants_dm)
            # A message greyed by the seat's own click shows no live buttons: ask again.
            unchanged = record is not None and is_open and record.fingerprint == fp and \
                not record.greyed
            # The game's private detail for this seat (a plot sheet): shown in the prompt
            # message, which is edited when it changes. Its fingerprint is kept apart, so
            # that the buttons' validity (`since`) follows the prompt alone.
            detail = details.get(seat, "") if wants_dm else ""
            detail_fp = view_fingerprint(detail) if detail else ""
            shown = await storage.message(live.id, detail_purpose(seat)) \
                if hasattr(game, "prompt_detail") else None
            # A new detail, or an old one the message still shows (the game moved on).
            fresh_detail = wants_dm and (shown[2] if shown is not None else "") != detail_fp
            if unchanged and delivered and seat not in answered and not fresh_detail:
                continue
            text = self.prompt_text(live, seat, prompt)
            view = prompt_view(live.id, seq, index, prompt)
            extra: dict[str, Any] = {}
            if record is not None and is_open and record.message_id:
                content = named(live, f"{answered[seat]}\n\n{text}") if seat in answered else text
                if fresh_detail and detail:
                    embed, files = await self.detail_parts(live, seat, detail)
                    extra = {"embed": embed, "attachments": files}
                elif fresh_detail:
                    extra = {"embed": None, "attachments": []}
                if await self._edit(record, content, view, **extra):
                    await records.save(storage, live.id, seat, PromptRecord(
                        record.channel_id, record.message_id, True, fp,
                        seq if not unchanged else record.since))
                    if fresh_detail:
                        await storage.put_message(live.id, detail_purpose(seat),
                                                  record.channel_id, record.message_id,
                                                  detail_fp)
                    continue
            sent = None
            if wants_dm:
                if detail:
                    embed, files = await self.detail_parts(live, seat, detail)
                    extra = {"embed": embed, "files": files}
                sent = await self.to_seat(live, seat, text, view=view, **extra)
                complete = complete and sent is not None
                if sent is not None and detail:
                    await storage.put_message(live.id, detail_purpose(seat), sent.channel.id,
                                              sent.id, detail_fp)
            since = record.since if unchanged and record is not None else seq
            await records.save(storage, live.id, seat, PromptRecord(
                sent.channel.id if sent else 0, sent.id if sent else 0, True, fp, since))
            if not is_open:
                newly.append((seat, prompt))
        if complete and live.seq == seq:
            # Every awaited seat has its prompt: the game owes none at this seq (issue 12:
            # after a crash, only the games still owing prompts are prompted at startup).
            await storage.prompts_delivered(live.id, seq)
        elif not complete:
            self.prompt_later(live)
        return newly

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
                    await self.refresh_prompts(live)
                except Exception:  # noqa: BLE001 - tried again at the next start
                    log.exception("game %s: prompts failed again", live.id)

        self._later[live.id] = asyncio.create_task(later(), name=f"croupier-prompts-{live.id}")

    async def owed_prompts(self) -> int:
        """At startup: prompt the games that moved after their prompts last all went out (a
        crash in between, a refused DM). Only those games are loaded and looked at."""
        done = 0
        for game_id in await self.bot.service.storage.games_owing_prompts():
            try:
                live = await self.bot.service.get(game_id)
                if live.game is None:
                    continue
                await self.refresh_prompts(live)
                done += 1
            except Exception:  # noqa: BLE001 - one game must not keep the others waiting
                log.exception("game %s: owed prompts failed", game_id)
        return done

    async def _edit(self, record: PromptRecord, content: str,
                    view: discord.ui.View | None, **extra: Any) -> bool:
        try:
            channel = self.bot.get_partial_messageable(record.channel_id)
            await channel.get_partial_message(record.message_id).edit(content=content[-2000:],
                                                                      view=view, **extra)
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
        async with live.lock:  # the prompt and the step that asks it, together
            game = live.game
            prompt = game.prompts().get(seat) if game else None
            seq = live.seq
        if game is None or prompt is None:
            return
        try:
            await interaction.followup.send(
                self.prompt_text(live, seat, prompt),
                view=prompt_view(live.id, seq, game.seats.index(seat), prompt),
                ephemeral=True)
        except discord.HTTPException as exc:
            log.info("game %s: no follow-up prompt for %s: %s", live.id, seat, exc)

    async def status(self, live: LiveGame, *, deadline: float | None = None,
                     force: bool = False) -> None:
        """Edit the pinned status post in place, or post and pin it the first time.

        Only when what it shows changed (`force`: a player asked for it): an edit is public
        too, and one after every step would time the steps nobody else may know of (a plot
        being written)."""
        embed = status_embed(live, deadline)
        view = single(ShowHandButton(live.id)) if live.row.status == "running" else None
        shown = view_fingerprint([embed.to_dict(), view is not None])
        storage = self.bot.service.storage
        stored = await storage.message(live.id, "status")
        if stored is not None and stored[2] == shown and stored[0] == live.row.channel_id \
                and not force:
            return  # unchanged, and in the game's channel still (not moved by /game adopt)
        channel = await self.channel(live)
        if channel is None:
            return
        if stored is not None:
            try:
                message = channel.get_partial_message(stored[1])  # type: ignore[attr-defined]
                await message.edit(embed=embed, view=view)
                await storage.put_message(live.id, "status", stored[0], stored[1], shown)
                return
            except discord.NotFound:
                pass  # deleted by someone: post a new one
            except discord.HTTPException as exc:
                log.warning("game %s: status edit failed: %s", live.id, exc)
                return
        message = await self.post(live, embed=embed, view=view)
        if message is None:
            return
        await storage.put_message(live.id, "status", message.channel.id, message.id, shown)
        try:
            await message.pin()
        except discord.HTTPException:
            pass  # no Manage Messages permission: the status post still works unpinned

    async def outcome(self, outcome: Outcome, answered: dict[str, str] | None = None) -> None:
        """Secrets by DM; prompts brought up to date; the images if the board changed; then
        one channel post with what happened and whose turn it is now (the ping)."""
        await self.outcomes([outcome], answered=answered)

    async def outcomes(self, outcomes: list[Outcome], preface: list[str] | None = None, *,
                       answered: dict[str, str] | None = None, typed: str | None = None
                       ) -> None:
        """Announce what one step did (one action, or every action of one deadline) in as
        few messages as read well: one DM per seat, the prompts brought up to date, then one
        channel post (more only past 2,000 characters) with the lines, the ping and the
        images. Discord allows about five posts a channel in five seconds: a Danger round's
        six timed-out cards must not become a dozen posts."""
        live = outcomes[-1].live
        game = outcomes[-1].game
        events = [e for o in outcomes for e in o.events]
        carried = await self.carried(live)
        await self.secrets(live, events, told=set(answered or ()), carried=carried)
        if answered and carried:
            # What the prompt message's detail shows is not repeated above the prompt.
            answered = {seat: _without(said, [e.text for e in events if not e.public
                                              and e.kind in carried.get(seat, ())])
                        for seat, said in answered.items()}
        newly = await self.prompts(live, answered, typed)
        drawn = any(e.kind in game.render_on for e in events) or \
            any(o.action == "start" for o in outcomes)
        files = await self.images(live, drawn=drawn or game.finished, events=events)
        lines = [*(preface or []), *(e.text for e in events if e.public)]
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

    async def images(self, live: LiveGame, *, drawn: bool, events: list[Event] | None = None
                     ) -> list[discord.File]:
        """The board when the game says a turn or round ended (its `render_on` events) and
        the picture differs from the last one posted, with the renderer module's
        `render_zoom` close-up beside it when it gives one (A&A: the theatre of the round's
        moves); a game's market table as its own image, at the same moments, when that
        changed. A renderer module with `board_views(view, public_events)` says which
        pictures one announcement gets (Plotted A&A: one per round it ended, with that
        round's moves, however many actions or rounds it took). Rendered off the event
        loop; at most Discord's ten files."""
        game = live.game
        if not drawn or game is None:
            return []
        storage = self.bot.service.storage
        view = game.view(None)
        files: list[discord.File] = []
        render = self.bot.renderers.get(live.row.variant)
        if render is None:
            return []
        module = self.renderer_module(live)
        market = getattr(module, "render_market", None)
        unseen = {"awaiting", "actions", "phase"} | ({"market"} if market is not None else set())
        boards = getattr(module, "board_views", None)
        views = [view] if boards is None else boards(
            view, [{**e.data, "kind": e.kind} for e in events or [] if e.public]) or [view]
        last = await storage.message(live.id, "board")
        posted = last[2] if last is not None else None
        for number, board_view in enumerate(views, 1):
            drawing = view_fingerprint({k: v for k, v in board_view.items() if k not in unseen})
            if posted == drawing:
                continue
            posted = drawing
            what = "board" if len(views) == 1 else f"board-{number}"
            board = getattr(module, "render_map", None) if market is not None else None
            files.append(await self.picture(live, board or render, board_view, what))
            await storage.put_message(live.id, "board", 0, 0, drawing)
            zoom = getattr(module, "render_zoom", None)  # a close-up beside it, if any
            if zoom is not None:
                png = await self.bot.loop.run_in_executor(self.bot.render_pool, zoom,
                                                          board_view)
                if png:
                    suffix = "" if len(views) == 1 else f"-{number}"
                    files.append(discord.File(io.BytesIO(png), filename=f"{live.row.variant}-"
                                              f"{live.id}-zoom-{public_number(live)}"
                                              f"{suffix}.png"))
        if market is not None and "market" in view:
            seen = await storage.message(live.id, "market")
            now = view_fingerprint(view["market"])
            if seen is None or seen[2] != now:
                files.append(await self.picture(live, market, view, "market"))
                await storage.put_message(live.id, "market", 0, 0, now)
        return files[:10]

    async def board(self, live: LiveGame, view: dict[str, Any] | None = None) -> None:
        """Post the board now (an imported game's first look)."""
        files = await self.images(live, drawn=True)
        if files:
            await self.post(live, files=files)

    async def picture(self, live: LiveGame, render: Any, view: dict[str, Any], what: str
                      ) -> discord.File:
        png = await self.bot.loop.run_in_executor(self.bot.render_pool, render, view)
        return discord.File(io.BytesIO(png), filename=f"{live.row.variant}-{live.id}-{what}-"
                                                      f"{public_number(live)}.png")


def public_number(live: LiveGame) -> int:
    """The number a public name or text may carry for the game's progress: its public
    steps, not the log's sequence, which also counts the steps whose very occurrence is
    secret (`Game.hidden_actions`)."""
    return live.game.public_steps if live.game is not None else live.seq


def _without(text: str, parts: list[str]) -> str:
    """`text` without the lines of `parts` (events the prompt's detail already shows)."""
    for part in parts:
        text = text.replace(f"\n{part}", "").replace(part, "")
    return text.strip()


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
        seat_lines.append(f"{mark}**{names.escape(s.seat)}** — <@{s.user_id}>{dm}")
    embed.add_field(name="Seats", value="\n".join(seat_lines) or "nobody yet — /game join",
                    inline=False)
    phase = {"lobby": "waiting for players — /game join, then the creator runs /game start",
             "aborted": "aborted"}.get(row.status, game.phase if game else row.status)
    if live.broken is not None:
        phase = f"paused: could not be resumed after a restart ({live.broken})"
    embed.add_field(name="Phase", value=named(live, phase)[:1000], inline=True)
    if awaiting:
        embed.add_field(name="Waiting for", value=", ".join(
            names.escape(s) for s in sorted(awaiting))[:1000], inline=True)
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
        if spec is not None and spec.zero and value == 0 and not isinstance(value, bool):
            shown = spec.zero
        parts.append(f"{label}: {names.escape(shown)}")
    return "; ".join(parts)

