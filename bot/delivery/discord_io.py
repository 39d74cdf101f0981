"""Posts and DMs that survive Discord: the game's channel, a seat's DMs, and their fallback.

A DM that Discord refuses with "cannot send messages to this user" (closed DMs) is not an
error: the seat falls back to a private thread in the game's channel for good, and
failing that to the ephemeral "Show my hand" button on the status post. Any other failure
is tried again a little later. Private events are stored with their audience in the
action log, so nothing a seat was sent is ever lost. Every text a game posts, DMs or
edits in place goes through `named`, so that a seat's name shows as written.

Every post and DM a game step makes carries a nonce derived from what it is (`step_nonce`):
the same message sent again (a DM tried again after an error Discord answered though it had
posted it, a prompt resent after a restart between sending it and recording its id) carries
the same nonce, and Discord (discord.py asks it to enforce the nonce) answers with the
message it already made instead of posting a second one, for a few minutes. A step told again
(`bot/outbox.py`) may come later than that: while it is told (`retelling`), each message of
it is first looked for among what the bot posted since the step was stored
(`bot/delivery/recall.py`), and one found there is not sent again.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import discord

import engine
from bot import names
from bot.delivery.recall import EarlierPosts
from bot.service import LiveGame, Outcome
from bot.storage import Store

log = logging.getLogger(__name__)

DM_HELP = ("I couldn't send you a direct message. To get your secrets privately, open "
           "**Server name → Privacy Settings → Direct Messages** (or allow DMs from server "
           "members in your settings). Until then they go to a private thread in the game's "
           "channel, and the **Show my hand** button on the status post shows them to you.")

#: Discord's only answer that means "this user's DMs are closed to the bot".
CANNOT_DM = 50007
#: After any other failure a DM is tried again, this many seconds later each time.
DM_RETRY_DELAYS = (5.0, 30.0, 120.0)
MESSAGE_LIMIT = 2000
#: Discord takes a nonce of at most 25 characters.
NONCE_LENGTH = 25


def fit(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """One message's text within Discord's limit (players' input is echoed in errors)."""
    return text if len(text) <= limit else text[:limit - 1] + "\N{HORIZONTAL ELLIPSIS}"


def named(live: LiveGame, text: str) -> str:
    """A game's text with its seats' names escaped: a name shows as written, never as a
    link, bold or a mention (`bot.names`)."""
    return names.shown(text, [s.seat for s in live.seats])


def step_nonce(live: LiveGame, seq: int, purpose: str, part: int = 0) -> str:
    """The nonce of one message of a game's step: the game (and its channel, which keeps
    two databases' game #1 apart), the step's seq, what the message is for (`purpose`:
    "announce", "secret:<seat>", "prompt:<seat>:<message replaced>", ...) and which of its
    messages (`part`). Sent with `nonce=`, which discord.py 2.7 always sends with
    `enforce_nonce` (its `send` has no switch for it)."""
    key = f"croupier:{live.row.channel_id}:{live.id}:{seq}:{purpose}:{part}"
    return hashlib.sha256(key.encode()).hexdigest()[:NONCE_LENGTH]


def message_link(channel_id: int, message_id: int, guild_id: int | None = None) -> str:
    return f"{channel_link(channel_id, guild_id)}/{message_id}"


def channel_link(channel_id: int, guild_id: int | None = None) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


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


class Sender:
    """Posts, DMs and edits on behalf of the bot. Every method survives Discord errors.

    `client`: the Discord client, for its lookups of channels and users; `storage`: where a
    seat's closed DMs and its private thread are recorded."""

    def __init__(self, client: discord.Client, storage: Store) -> None:
        self.client = client
        self.storage = storage
        self.dm_retry_delays = DM_RETRY_DELAYS
        self._retries: set[asyncio.Task[None]] = set()
        self._users: dict[int, discord.User] = {}  # fetched once (`user`)
        self._names: dict[int, set[str]] = {}  # the names each user goes by (`called`)
        self._retold: dict[int, EarlierPosts] = {}  # game -> what its re-telling finds posted

    async def close(self) -> None:
        """Cancel the DMs still waiting to be tried again (their events stay in the log)."""
        for task in list(self._retries):
            task.cancel()
        self._retries.clear()

    @contextlib.contextmanager
    def retelling(self, live: LiveGame, since: float) -> Iterator[EarlierPosts]:
        """While a step stored at `since` is told again, each of its messages (those sent
        with a step's nonce) is first looked for where it goes, and one an earlier telling
        posted is not posted again (`bot/delivery/recall.py`). Within a re-telling of the
        game's steps since an earlier time (a claim's, `bot/outbox.py`), what that one read
        serves: each channel is read once for all of them."""
        around = self._retold.get(live.id)
        if around is not None and around.since <= since:
            yield around
            return
        bot_id = self.client.user.id if self.client.user is not None else 0
        earlier = self._retold[live.id] = EarlierPosts(bot_id, since)
        try:
            yield earlier
        finally:
            if self._retold.get(live.id) is earlier:
                del self._retold[live.id]

    def _earlier(self, live: LiveGame, kwargs: dict[str, Any]) -> EarlierPosts | None:
        """What the game's re-telling found posted, for a message of a step (one with a
        nonce); None outside a re-telling."""
        return self._retold.get(live.id) if kwargs.get("nonce") is not None else None

    async def channel(self, live: LiveGame) -> discord.abc.Messageable | None:
        channel_id = live.row.channel_id
        channel = self.client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(channel_id)
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
        earlier = self._earlier(live, kwargs)
        if earlier is not None:
            found = await earlier.find(channel, content, kwargs)
            if found is not None:
                return found
        try:
            return await channel.send(content, **kwargs)
        except (discord.NotFound, discord.Forbidden) as exc:
            log.warning("game %s: can't post in its channel: %s", live.id, exc)
            return None

    def remember(self, user: discord.abc.User) -> None:
        """Keep the names a user goes by (a player who joins: their name as the server shows
        it, which their seat may be named after)."""
        self._names.setdefault(user.id, set()).update(
            n for n in (user.name, user.global_name, user.display_name) if n)

    async def user(self, user_id: int) -> discord.User:
        """The Discord user, from the client's cache or fetched once and kept (without the
        members intent the client caches nobody: each DM would fetch its user again)."""
        user = self.client.get_user(user_id) or self._users.get(user_id)
        if user is None:
            user = await self.client.fetch_user(user_id)
            self._users[user_id] = user
            self.remember(user)
        return user

    async def called(self, live: LiveGame, seat: str, user_id: int) -> str:
        """A mention of the seat's player, with the seat's name when it says something more:
        "<@1> (Germany)", but "<@1>" for a seat named after its own player."""
        if user_id not in self._names:
            try:
                await self.user(user_id)
            except discord.HTTPException:
                pass  # unknown: the seat's name is said
        mine = {names.looks_like(n) for n in self._names.get(user_id, ())}
        return f"<@{user_id}>" if names.looks_like(seat) in mine else f"<@{user_id}> ({seat})"

    # ----- a seat's DMs ---------------------------------------------------

    async def to_seat(self, live: LiveGame, seat: str, content: str | None = None, *,
                      wanted: Callable[[], bool] = lambda: True,
                      on_sent: Callable[[discord.Message], Awaitable[None]] | None = None,
                      **kwargs: Any) -> discord.Message | None:
        """DM the seat's user. Only Discord's "cannot send messages to this user" (50007)
        moves the seat to its private thread for good; any other failure is retried later
        (while `wanted()`), and `on_sent` runs when a retry gets through."""
        row = live.seat_row(seat)
        if row is None:
            return None
        if content:
            content = named(live, content)
        earlier = self._earlier(live, kwargs)
        if row.dm_ok:
            try:
                return await self.send_dm(row.user_id, content, earlier=earlier, **kwargs)
            except discord.HTTPException as exc:
                if exc.code != CANNOT_DM:
                    log.warning("game %s: DM to %s failed, will retry: %s", live.id, seat, exc)
                    self._retry_dm(live, seat, content, kwargs, wanted, on_sent)
                    return None
            await self.dms_closed(live, seat)
        return await self._to_fallback(live, seat, content, earlier=earlier, **kwargs)

    async def dms_closed(self, live: LiveGame, seat: str) -> None:
        """Discord said the seat's user can't be sent DMs: its secrets go to its fallback."""
        await self.storage.set_dm_ok(live.id, seat, False)
        live.seats = await self.storage.seats(live.id)

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
                            await self.dms_closed(live, seat)
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

    async def send_dm(self, user_id: int, content: str | None, *,
                      earlier: EarlierPosts | None = None, **kwargs: Any) -> discord.Message:
        """A DM; in a re-telling (`earlier`), the one an earlier telling sent, if it did."""
        user = await self.user(user_id)
        if earlier is not None:
            found = await earlier.find(user.dm_channel or await user.create_dm(), content,
                                       kwargs)
            if found is not None:
                return found
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

    # ----- the fallback: a private thread -----------------------------------

    async def _to_fallback(self, live: LiveGame, seat: str, content: str | None, *,
                           earlier: EarlierPosts | None = None, **kwargs: Any
                           ) -> discord.Message | None:
        row = live.seat_row(seat)
        assert row is not None
        thread: Any = None
        if row.fallback_thread:
            try:
                thread = await self._reopen_thread(row.fallback_thread)
            except discord.HTTPException as exc:  # there, but out of reach for now
                log.warning("game %s: private thread of %s: %s", live.id, seat, exc)
                return None
        if thread is None:
            thread = await self._open_private_thread(live, seat, row.user_id)
        if thread is None:
            return None  # the "Show my hand" button on the status post still works
        try:
            if earlier is not None:
                found = await earlier.find(thread, content, kwargs)
                if found is not None:
                    return found
            sent: discord.Message = await thread.send(content, **kwargs)
            return sent
        except discord.HTTPException:
            return None

    async def _reopen_thread(self, thread_id: int) -> Any:
        """The seat's private thread, unarchived if Discord archived it for being idle (an
        archived thread is not in the cache, and must not be replaced by a second one)."""
        thread: Any = self.client.get_channel(thread_id)
        if thread is None:
            try:
                thread = await self.client.fetch_channel(thread_id)
            except discord.NotFound:
                return None  # deleted: open a new one
        if isinstance(thread, discord.Thread) and thread.archived:
            thread = await thread.edit(archived=False)
        return thread

    async def _open_private_thread(self, live: LiveGame, seat: str, user_id: int) -> Any:
        channel = await self.channel(live)
        if not isinstance(channel, discord.TextChannel):
            return None
        title = engine.game_class(live.row.variant).title
        try:
            thread = await channel.create_thread(
                name=f"{seat} — private ({title} #{live.id})"[:100],
                type=discord.ChannelType.private_thread, invitable=False)
            await thread.add_user(discord.Object(id=user_id))
        except discord.HTTPException as exc:
            log.info("game %s: no private thread for %s: %s", live.id, seat, exc)
            return None
        await self.storage.set_dm_ok(live.id, seat, False, thread.id)
        live.seats = await self.storage.seats(live.id)
        return thread

    # ----- messages edited in place ------------------------------------------

    async def edit(self, channel_id: int, message_id: int, content: str,
                   view: discord.ui.View | None, **extra: Any) -> bool:
        """Edit one of the bot's messages; False if Discord refused."""
        try:
            channel = self.client.get_partial_messageable(channel_id)
            await channel.get_partial_message(message_id).edit(content=content[-2000:],
                                                               view=view, **extra)
            return True
        except discord.HTTPException as exc:
            log.info("message %s not edited: %s", message_id, exc)
            return False

    async def grey_out(self, channel_id: int, message_id: int, line: str,
                       greyed: Callable[[discord.ui.View], discord.ui.View]) -> None:
        """Grey out a message's components (`greyed`) and add `line` under its text."""
        try:
            channel = self.client.get_partial_messageable(channel_id)
            message = await channel.fetch_message(message_id)
            view = greyed(discord.ui.View.from_message(message, timeout=None))
            await message.edit(content=f"{message.content}\n{line}"[-2000:], view=view)
        except discord.HTTPException as exc:
            log.info("message %s not closed: %s", message_id, exc)
