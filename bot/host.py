"""What the action path, delivery, deadlines and components need of the bot process.

The Discord client (`bot.client.Croupier`) is the host: it owns one of each piece and
wires them together. The pieces name the host by this protocol, not by the client's
class, so none of them imports `bot/client.py`, which imports them all.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol

import discord

if TYPE_CHECKING:
    from bot.actions import ActionPath
    from bot.deadlines import Deadlines
    from bot.delivery import Delivery
    from bot.repeats import RepeatGuard
    from bot.service import GameService

Renderer = Callable[[dict[str, Any]], bytes]


class Host(Protocol):
    service: GameService
    actions: ActionPath
    delivery: Delivery
    deadlines: Deadlines
    repeats: RepeatGuard
    renderers: dict[str, Renderer]
    command_groups: dict[str, str]
    render_pool: ThreadPoolExecutor

    @property
    def loop(self) -> asyncio.AbstractEventLoop: ...

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None
                                ) -> discord.PartialMessageable: ...

