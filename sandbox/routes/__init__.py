"""The REST routes of the fake Discord, one module per kind of resource, in one table.

Each handler is `async (fake, request, params) -> JSON | NO_CONTENT | web.Response`, on
the fake's state; it raises `ApiError` for Discord's error answers. The server (http.py)
tries the routes in this order and answers 404 to any other path.
"""

from __future__ import annotations

from ..http import Route, route
from . import (
    application,
    channels,
    commands,
    gateway,
    guilds,
    messages,
    pins,
    reactions,
    responses,
    threads,
)


def _table() -> list[Route]:
    table = [
        route("GET", "/users/@me", application.me),
        route("GET", "/users/{user_id}", application.user),
        route("GET", "/oauth2/applications/@me", application.application),
        route("GET", "/applications/@me", application.application),
        route("GET", "/gateway", gateway.gateway, auth=False),
        route("GET", "/gateway/bot", gateway.gateway_bot),
    ]
    for prefix in ("/applications/{app_id}", "/applications/{app_id}/guilds/{guild_id}"):
        table += [
            route("GET", prefix + "/commands", commands.list_commands),
            route("PUT", prefix + "/commands", commands.replace_commands),
            route("POST", prefix + "/commands", commands.create_command),
            route("GET", prefix + "/commands/{command_id}", commands.get_command),
            route("PATCH", prefix + "/commands/{command_id}", commands.edit_command),
            route("DELETE", prefix + "/commands/{command_id}", commands.delete_command),
        ]
    message = "/channels/{channel_id}/messages/{message_id}"
    table += [
        route("POST", "/interactions/{interaction_id}/{token}/callback", responses.callback, auth=False),
        route("POST", "/webhooks/{app_id}/{token}", responses.followup, auth=False),
        route("GET", "/webhooks/{app_id}/{token}/messages/{ref}", responses.webhook_get, auth=False),
        route("PATCH", "/webhooks/{app_id}/{token}/messages/{ref}", responses.webhook_edit, auth=False),
        route("DELETE", "/webhooks/{app_id}/{token}/messages/{ref}", responses.webhook_delete,
              auth=False),
        route("POST", "/users/@me/channels", channels.open_dm),
        route("GET", "/channels/{channel_id}", channels.get_channel),
        route("PATCH", "/channels/{channel_id}", channels.edit_channel),
        route("DELETE", "/channels/{channel_id}", channels.delete_channel),
        route("POST", "/channels/{channel_id}/typing", channels.typing),
        route("GET", "/channels/{channel_id}/messages/pins", pins.list_pins),
        route("PUT", "/channels/{channel_id}/messages/pins/{message_id}", pins.pin),
        route("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", pins.unpin),
        route("GET", "/channels/{channel_id}/pins", pins.list_pins_old),
        route("PUT", "/channels/{channel_id}/pins/{message_id}", pins.pin),
        route("DELETE", "/channels/{channel_id}/pins/{message_id}", pins.unpin),
        route("GET", "/channels/{channel_id}/messages", messages.history),
        route("POST", "/channels/{channel_id}/messages", messages.post_message),
        route("GET", message, messages.get_message),
        route("PATCH", message, messages.edit_message),
        route("DELETE", message, messages.delete_message),
        route("PUT", message + "/reactions/{emoji}/@me", reactions.react),
        route("DELETE", message + "/reactions/{emoji}/@me", reactions.unreact),
        route("DELETE", message + "/reactions", reactions.clear_reactions),
        route("POST", "/channels/{channel_id}/threads", threads.create_thread),
        route("POST", message + "/threads", threads.thread_from_message),
        route("GET", "/channels/{channel_id}/thread-members", threads.members),
        route("PUT", "/channels/{channel_id}/thread-members/{member}", threads.add_member),
        route("DELETE", "/channels/{channel_id}/thread-members/{member}", threads.remove_member),
        route("GET", "/guilds/{guild_id}", guilds.guild),
        route("GET", "/guilds/{guild_id}/channels", guilds.channels),
        route("POST", "/guilds/{guild_id}/channels", guilds.create_channel),
        route("GET", "/guilds/{guild_id}/roles", guilds.roles),
        route("GET", "/guilds/{guild_id}/members", guilds.members),
        route("GET", "/guilds/{guild_id}/members/{user_id}", guilds.member),
    ]
    return table


#: Every REST route, in the order they are tried.
ROUTES: list[Route] = _table()
#: The gateway's websocket, on "/".
websocket = gateway.serve
