"""What the bot's role must allow in a channel, and Discord's answers when it doesn't."""

from __future__ import annotations

from ..errors import ApiError
from ..state import DiscordState
from ..world import P_VIEW_CHANNEL, Channel


def bot_needs(fake: DiscordState, channel: Channel, permissions: int) -> None:
    """Discord's answers to a bot whose role lacks a permission: 50001 without View
    Channel (for a private thread: without being in it), 50013 for anything else."""
    if channel.guild_id is None:
        return
    have = fake.world.channel_permissions(channel, fake.bot_user_id)
    if not have & P_VIEW_CHANNEL or not fake.world.can_view(channel, fake.bot_user_id):
        raise ApiError(403, 50001, "Missing Access")
    if have & permissions != permissions:
        raise ApiError(403, 50013, "Missing Permissions")
