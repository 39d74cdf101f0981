"""What the tests' users do in Discord's client: commands, clicks, menus, forms, messages.

Each is checked first as Discord's client would (the command synced and visible to the
user, the component really on the message and enabled, the modal really open; see
interactions.py), then sent to the bot as an interaction on the gateway, and returns once
the bot's initial answer arrived (or raises SandboxTimeout after Discord's 3 s).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import Any

from .errors import SandboxError, SandboxTimeout, for_tests, for_tests_async
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Interaction,
    OptionBuilder,
    check_select_values,
    command_data,
    describe_options,
    find_command,
    find_component,
    modal_submission,
)
from .state import ATTACHMENT_SIZE_LIMIT, DiscordState
from .world import Attachment, Channel, Message, TimelineEntry, guess_content_type


class Users(DiscordState):
    """The user actions of the test-facing API (FakeDiscord)."""

    @for_tests_async
    async def slash(self, user_id: int, channel_id: int, command: str, **options: Any) -> Interaction:
        """The user runs a slash command ("cmd", "group sub" or "group subgroup sub")."""
        channel = self._visible_channel(user_id, channel_id)
        path = command.split()
        if not path:
            raise SandboxError("empty command")
        cmd = self._command_for(user_id, channel, path[0], 1)
        builder = OptionBuilder(self.world, channel.guild_id, self._attachment_maker(channel), f"/{command}")
        data = command_data(builder, cmd, path, options)
        text = f"{self.world.name_of(user_id)} used /{command}"
        if options:
            text += " " + describe_options(self.world, options)
        return await self._send_interaction(
            APPLICATION_COMMAND, user_id, channel, data, command=command, event=text
        )

    @for_tests_async
    async def autocomplete(
        self, user_id: int, channel_id: int, command: str, focused: str, **options: Any
    ) -> list[dict[str, Any]]:
        """The user types in option ``focused``; returns the choices the bot offered."""
        channel = self._visible_channel(user_id, channel_id)
        path = command.split()
        cmd = self._command_for(user_id, channel, path[0], 1)
        builder = OptionBuilder(self.world, channel.guild_id, self._attachment_maker(channel), f"/{command}")
        data = command_data(builder, cmd, path, options, focused=focused)
        inter = await self._send_interaction(AUTOCOMPLETE, user_id, channel, data, command=command, event="")
        return list(inter.choices or [])

    @for_tests_async
    async def user_command(self, user_id: int, channel_id: int, name: str, target_user_id: int) -> Interaction:
        """The user runs a user context-menu command on ``target_user_id``."""
        channel = self._visible_channel(user_id, channel_id)
        cmd = self._command_for(user_id, channel, name, 2)
        builder = OptionBuilder(self.world, channel.guild_id, self._attachment_maker(channel), name)
        builder.value({"name": "target", "type": 6}, target_user_id)
        data: dict[str, Any] = {
            "id": str(cmd["id"]), "name": name, "type": 2, "target_id": str(target_user_id),
            "resolved": builder.resolved,
        }
        if cmd.get("guild_id"):
            data["guild_id"] = str(cmd["guild_id"])
        event = f"{self.world.name_of(user_id)} used app '{name}' on {self.world.name_of(target_user_id)}"
        return await self._send_interaction(APPLICATION_COMMAND, user_id, channel, data, command=name, event=event)

    @for_tests_async
    async def message_command(self, user_id: int, channel_id: int, name: str, target_message_id: int) -> Interaction:
        """The user runs a message context-menu command on a message of ``channel_id``."""
        channel = self._visible_channel(user_id, channel_id)
        cmd = self._command_for(user_id, channel, name, 3)
        target = self.world.messages.get(target_message_id)
        if target is None or target.channel_id != channel.id or target.deleted:
            raise SandboxError(f"message {target_message_id} is not in channel {channel_id}")
        data: dict[str, Any] = {
            "id": str(cmd["id"]), "name": name, "type": 3, "target_id": str(target.id),
            "resolved": {"messages": {str(target.id): self.world.message_json(target)}},
        }
        if cmd.get("guild_id"):
            data["guild_id"] = str(cmd["guild_id"])
        event = f"{self.world.name_of(user_id)} used app '{name}' on message {target.id}"
        return await self._send_interaction(APPLICATION_COMMAND, user_id, channel, data, command=name, event=event)

    @for_tests_async
    async def click(self, user_id: int, message_id: int, custom_id: str) -> Interaction:
        """The user clicks the button ``custom_id`` on a message (guild channel, thread, DM, ephemeral)."""
        msg, channel = self._clickable(user_id, message_id)
        comp = find_component(msg, custom_id, (2,))
        if comp.get("disabled"):
            raise SandboxError(f"button {custom_id!r} on message {message_id} is disabled")
        data = {"custom_id": custom_id, "component_type": 2}
        event = f"{self.world.name_of(user_id)} clicked [{comp.get('label') or custom_id}]"
        return await self._send_interaction(
            MESSAGE_COMPONENT, user_id, channel, data, message=msg, custom_id=custom_id, event=event
        )

    @for_tests_async
    async def select(self, user_id: int, message_id: int, custom_id: str, values: list[str]) -> Interaction:
        """The user picks ``values`` in a select menu (string, user, role, mentionable, channel)."""
        msg, channel = self._clickable(user_id, message_id)
        comp = find_component(msg, custom_id, (3, 5, 6, 7, 8))
        if comp.get("disabled"):
            raise SandboxError(f"select {custom_id!r} on message {message_id} is disabled")
        values = [str(v) for v in values]
        check_select_values(comp, values, self.world)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"], "values": values}
        if comp["type"] != 3:
            builder = OptionBuilder(self.world, channel.guild_id, self._attachment_maker(channel), custom_id)
            kind = {5: 6, 6: 8, 7: 9, 8: 7}[int(comp["type"])]
            for value in values:
                builder.value({"name": custom_id, "type": kind}, int(value))
            data["resolved"] = builder.resolved
        event = f"{self.world.name_of(user_id)} selected {values} in {custom_id}"
        return await self._send_interaction(
            MESSAGE_COMPONENT, user_id, channel, data, message=msg, custom_id=custom_id, event=event
        )

    @for_tests_async
    async def submit_modal(
        self, user_id: int, interaction: Interaction, custom_id: str | None, values: dict[str, Any]
    ) -> Interaction:
        """The user submits the modal the bot opened in answer to ``interaction``.

        ``custom_id`` None means "whatever modal is open"; ``values`` maps input custom_ids to
        text (or to a list of values for selects inside the modal).
        """
        modal = interaction.modal
        if interaction.response_type != 9 or modal is None:
            raise SandboxError(f"the bot did not answer {interaction.describe()} with a modal")
        if user_id != interaction.user_id:
            raise SandboxError("only the user who opened the modal can submit it")
        if custom_id is None:
            custom_id = str(modal.get("custom_id"))
        if modal.get("custom_id") != custom_id:
            raise SandboxError(f"the open modal is {modal.get('custom_id')!r}, not {custom_id!r}")
        channel = self.world.channel(interaction.channel_id)
        components, described, resolved = modal_submission(
            modal, values, self.world, self._attachment_maker(channel)
        )
        data: dict[str, Any] = {"custom_id": custom_id, "components": components}
        if resolved:
            data["resolved"] = resolved
        source = self.world.messages.get(interaction.message_id or 0)
        event = f"{self.world.name_of(user_id)} submitted '{modal.get('title')}': {', '.join(described)}"
        return await self._send_interaction(
            MODAL_SUBMIT, user_id, channel, data, message=source, custom_id=custom_id, event=event
        )

    @for_tests
    def user_message(self, user_id: int, channel_id: int, content: str) -> Message:
        """The user posts a plain message (dispatched as MESSAGE_CREATE)."""
        channel = self._visible_channel(user_id, channel_id)
        return self.create_message(channel, user_id, {"content": content}, [])

    # -- what Discord's client checks first -------------------------------------------------

    def _visible_channel(self, user_id: int, channel_id: int) -> Channel:
        if user_id not in self.world.users:
            raise SandboxError(f"unknown user {user_id}")
        channel = self.world.channels.get(channel_id)
        if channel is None:
            raise SandboxError(f"unknown channel {channel_id}")
        if channel.deleted:
            raise SandboxError(f"channel {channel_id} was deleted")
        if not self.world.can_view(channel, user_id):
            raise SandboxError(f"{self.world.name_of(user_id)} cannot see channel {channel.name!r}")
        return channel

    def _clickable(self, user_id: int, message_id: int) -> tuple[Message, Channel]:
        msg = self.world.messages.get(message_id)
        if msg is None or msg.deleted:
            raise SandboxError(f"no message {message_id} (or it was deleted)")
        channel = self._visible_channel(user_id, msg.channel_id)
        if msg.ephemeral_to is not None and msg.ephemeral_to != user_id:
            raise SandboxError(f"message {message_id} is ephemeral to someone else")
        if msg.loading:
            raise SandboxError(f"message {message_id} is still a 'thinking...' placeholder")
        return msg, channel

    def _command_for(self, user_id: int, channel: Channel, name: str, ctype: int) -> dict[str, Any]:
        cmd: dict[str, Any] | None = None
        if channel.guild_id is not None:
            cmd = find_command(self.guild_commands.get(channel.guild_id, []), name, ctype)
        if cmd is None:
            cmd = find_command(self.global_commands, name, ctype)
        if cmd is None:
            synced = [c.get("name") for c in self.global_commands]
            if channel.guild_id is not None:
                synced += [c.get("name") for c in self.guild_commands.get(channel.guild_id, [])]
            raise SandboxError(f"no synced command {name!r} here (synced: {synced})")
        contexts = cmd.get("contexts")
        if channel.guild_id is None:
            if cmd.get("guild_id") or cmd.get("dm_permission") is False or (contexts is not None and 1 not in contexts):
                raise SandboxError(f"/{name} is not available in DMs")
        else:
            if contexts is not None and 0 not in contexts:
                raise SandboxError(f"/{name} is not available in guilds")
            needed = cmd.get("default_member_permissions")
            if needed is not None:
                have = self.world.guild_permissions(channel.guild_id, user_id)
                if int(needed) & have != int(needed):
                    raise SandboxError(
                        f"{self.world.name_of(user_id)} cannot see /{name}: it needs permissions {needed}"
                    )
        return cmd

    def _attachment_maker(self, channel: Channel) -> Callable[[str, bytes], Attachment]:
        def make(filename: str, data: bytes) -> Attachment:
            att = Attachment(
                self.world.ids.next(), filename, data, guess_content_type(filename, data), channel_id=channel.id
            )
            self.world.attachments[att.id] = att
            return att

        return make

    # -- the interaction sent -----------------------------------------------------------------

    def _interaction_payload(
        self, inter: Interaction, channel: Channel, data: dict[str, Any], message: Message | None
    ) -> dict[str, Any]:
        world = self.world
        payload: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(self.application_id),
            "type": inter.type,
            "data": data,
            "channel_id": str(channel.id),
            "channel": world.channel_json(channel, for_user=inter.user_id),
            "token": inter.token,
            "version": 1,
            "locale": "en-US",
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if channel.guild_id is not None:
            perms = world.channel_permissions(channel, inter.user_id)
            payload.update(
                {
                    "guild_id": str(channel.guild_id),
                    "guild": {"id": str(channel.guild_id), "locale": "en-US", "features": []},
                    "guild_locale": "en-US",
                    "member": world.member_json(channel.guild_id, inter.user_id, permissions=perms),
                    "app_permissions": str(world.channel_permissions(channel, self.bot_user_id)),
                    "authorizing_integration_owners": {"0": str(channel.guild_id)},
                    "context": 0,
                }
            )
        else:
            payload.update(
                {
                    "user": world.user_json(inter.user_id),
                    "app_permissions": str(world.channel_permissions(channel, self.bot_user_id)),
                    "authorizing_integration_owners": {"0": "0"},
                    "context": 1,
                }
            )
        if message is not None:
            payload["message"] = world.message_json(message)
        return payload

    async def _send_interaction(
        self,
        itype: int,
        user_id: int,
        channel: Channel,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        command: str | None = None,
        custom_id: str | None = None,
        event: str,
    ) -> Interaction:
        # Let the bot finish processing earlier REST answers first: discord.py registers a
        # non-persistent view only once the response carrying the message id has been read.
        await self.settle(quiet=0.01, timeout=0.25, handlers=False)
        sessions = self.sessions_for(channel.guild_id)
        if not sessions:
            raise SandboxError("no bot session receives this channel's shard (use run_bot)")
        inter = Interaction(
            id=self.world.ids.next(),
            token=secrets.token_urlsafe(32),
            type=itype,
            user_id=user_id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            command=command,
            custom_id=custom_id,
            message_id=message.id if message is not None else None,
        )
        inter.payload = self._interaction_payload(inter, channel, data, message)
        self.interactions.append(inter)
        self.interactions_by_id[inter.id] = inter
        self.interactions_by_token[inter.token] = inter
        if event:
            channel.timeline.append(TimelineEntry(time.time(), event=event))
        sessions[-1].dispatch("INTERACTION_CREATE", inter.payload)
        try:
            await asyncio.wait_for(inter._responded.wait(), self.answer_window())
        except TimeoutError:
            inter.late = True
            raise SandboxTimeout(
                f"the bot did not answer {inter.describe()} within {self.interaction_timeout} s "
                "(Discord shows 'The application did not respond'; a late callback gets 10062)",
                inter,
            ) from None
        return inter
