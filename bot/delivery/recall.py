"""What an earlier telling of a step already posted, found in the channel before posting again.

A step told again (`bot/outbox.py`: a telling cut short by a kill, or one that failed) sends
each message with the nonce its first telling's had, and Discord keeps the first message
instead of making a second one; but only for "the past few minutes". A step told again later
than that (its process killed, its lease over, the next process's sender at it minutes
after) would be posted twice. So a re-telling first reads what the bot posted since the step
was stored: each channel's (a DM's, a private thread's) messages after that time, one GET a
channel for the whole re-telling, and a message of the step that is there already is taken
as sent, not posted again.

Discord does not keep a message's nonce: a message read back has none (the nonce is only
in the answer to the post and its MESSAGE_CREATE). A message of the step is recognised by
what it carries: the bot wrote it, after the step was stored, with the text the re-telling
would post (or that text followed by more lines: the first telling's call of the seats it
prompted, which a re-telling whose prompts went out already no longer makes), every file the
re-telling would attach by name, the same buttons (their ids name the game, the step and the
seat) and the same embed titles. Each message found is taken once. What is not found is
posted, still with its nonce.
"""

from __future__ import annotations

import datetime
import logging
from typing import Any

import discord

log = logging.getLogger(__name__)

#: How many of a channel's messages after the step are read: one request's worth.
LOOK_AT = 100
#: The bot's clock (which timed the stored step) and Discord's (which times the messages'
#: ids) may disagree by this much: the messages read start this long before the step.
CLOCKS_APART = 10.0


def _custom_ids(components: list[Any]) -> list[str]:
    """The ids of a message's buttons and menus (link buttons have none)."""
    ids: list[str] = []
    for component in components:
        children = getattr(component, "children", None)
        if children is not None:
            ids += _custom_ids(list(children))
        custom_id = getattr(component, "custom_id", None)
        if custom_id:
            ids.append(custom_id)
    return sorted(ids)


def _names(kwargs: dict[str, Any]) -> list[str]:
    files = list(kwargs.get("files") or [])
    if kwargs.get("file") is not None:
        files.append(kwargs["file"])
    return [f.filename for f in files]


def _titles(kwargs: dict[str, Any]) -> list[str]:
    embeds = list(kwargs.get("embeds") or [])
    if kwargs.get("embed") is not None:
        embeds.append(kwargs["embed"])
    return [e.title or "" for e in embeds]


def carries(message: discord.Message, content: str | None, kwargs: dict[str, Any]) -> bool:
    """Whether the message read back is the one `content` and `kwargs` would post."""
    mine = (content or "").strip()
    there = (message.content or "").strip()
    if there != mine and not (mine and there.startswith(mine + "\n")):
        return False
    attached = {a.filename for a in message.attachments}
    if any(name not in attached for name in _names(kwargs)):
        return False
    titles = [e.title or "" for e in message.embeds]
    if any(title not in titles for title in _titles(kwargs)):
        return False
    view = kwargs.get("view")
    if view is not None and _custom_ids(list(view.children)) != \
            _custom_ids(list(message.components)):
        return False
    return True


class EarlierPosts:
    """The bot's messages since a step was stored, read once a channel, for its re-telling."""

    def __init__(self, bot_id: int, since: float) -> None:
        self.bot_id = bot_id
        self.since = since  # when the step (the first of the telling) was stored
        self._read: dict[int, list[discord.Message]] = {}
        self._taken: set[int] = set()
        self.reads = 0  # GETs made (tests)

    async def _messages(self, channel: Any) -> list[discord.Message]:
        if channel.id not in self._read:
            start = datetime.datetime.fromtimestamp(self.since - CLOCKS_APART,
                                                    datetime.UTC)
            after = discord.Object(id=discord.utils.time_snowflake(start))
            found: list[discord.Message] = []
            self.reads += 1
            try:
                found = [m async for m in channel.history(limit=LOOK_AT, after=after,
                                                          oldest_first=True)
                         if m.author.id == self.bot_id]
            except discord.HTTPException as exc:  # not read: posted, with its nonce
                log.info("channel %s: its messages could not be read: %s", channel.id, exc)
            self._read[channel.id] = found
        return self._read[channel.id]

    async def find(self, channel: Any, content: str | None, kwargs: dict[str, Any]
                   ) -> discord.Message | None:
        """The message of the step already in `channel`, if an earlier telling posted it."""
        for message in await self._messages(channel):
            if message.id not in self._taken and carries(message, content, kwargs):
                self._taken.add(message.id)
                return message
        return None
