"""Interaction records, and building interaction data the way Discord's client would.

The fake only sends what a real Discord client could send: options are checked
against the command schema the bot synced (required, type, ranges, lengths,
choices, channel types), clicks and selects against the components really on the
message, and modal submissions against the modal the bot really opened.
Anything else raises :class:`SandboxError` in the test.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import SandboxError, SandboxTimeout
from .world import THREAD_TYPES, Attachment, Message, World, iter_components

# Interaction types
PING = 1
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Option types
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11
OPTION_TYPE_NAMES = {
    3: "string", 4: "integer", 5: "boolean", 6: "user", 7: "channel",
    8: "role", 9: "mentionable", 10: "number", 11: "attachment",
}
MAX_SAFE_INT = 2**53


@dataclass
class Interaction:
    """One interaction the fake sent to the bot, and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    response_type: int | None = None
    ephemeral: bool = False
    response: Message | None = None
    followups: list[Message] = field(default_factory=list)
    late: bool = False
    command: str | None = None
    custom_id: str | None = None
    message_id: int | None = None
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    payload: dict[str, Any] = field(default_factory=dict, repr=False)
    created_at: float = field(default_factory=time.time, repr=False)
    #: When the bot's initial callback (an answer or a deferral) and its first follow-up
    #: arrived (time.time(); None: not yet), for latency measurements.
    answered_at: float | None = field(default=None, repr=False)
    followed_up_at: float | None = field(default=None, repr=False)
    _responded: asyncio.Event = field(default_factory=asyncio.Event, repr=False, compare=False)
    _cursor: int = field(default=0, repr=False, compare=False)

    async def wait_followup(self, timeout: float = 5.0) -> Message:
        """The next follow-up not yet returned by this method (waits for it to arrive)."""
        deadline = time.monotonic() + timeout
        while len(self.followups) <= self._cursor:
            if time.monotonic() >= deadline:
                raise SandboxTimeout(
                    f"no follow-up #{self._cursor + 1} for interaction {self.describe()} within {timeout} s",
                    self,
                )
            await asyncio.sleep(0.005)
        msg = self.followups[self._cursor]
        self._cursor += 1
        return msg

    async def wait_response(self, predicate: Callable[[Message], bool], timeout: float = 5.0) -> Message:
        """Wait until the response or a follow-up satisfies ``predicate`` (e.g. a deferred edit)."""
        deadline = time.monotonic() + timeout
        while True:
            for msg in self.all_messages():
                if predicate(msg):
                    return msg
            if time.monotonic() >= deadline:
                raise SandboxTimeout(f"no matching message for interaction {self.describe()}", self)
            await asyncio.sleep(0.005)

    def all_messages(self) -> list[Message]:
        """The response (if any) and the follow-ups, without duplicates, deleted ones included."""
        out: list[Message] = []
        seen: set[int] = set()
        for msg in ([self.response] if self.response is not None else []) + self.followups:
            if msg.id not in seen:
                seen.add(msg.id)
                out.append(msg)
        return out

    def text(self) -> str:
        """Text of the response and the follow-ups (see :meth:`Message.text`), deleted ones skipped."""
        return "\n".join(m.text() for m in self.all_messages() if not m.deleted and m.text())

    def describe(self) -> str:
        if self.command:
            return f"/{self.command}"
        if self.custom_id:
            return f"component {self.custom_id!r}"
        return f"#{self.id}"


# -- application commands -------------------------------------------------------------


def find_command(commands: list[dict[str, Any]], name: str, ctype: int = 1) -> dict[str, Any] | None:
    for cmd in commands:
        if cmd.get("name") == name and int(cmd.get("type", 1)) == ctype:
            return cmd
    return None


class OptionBuilder:
    """Turns keyword values into Discord's option payloads + resolved data, checking the schema."""

    def __init__(
        self,
        world: World,
        guild_id: int | None,
        new_attachment: Callable[[str, bytes], Attachment],
        where: str,
    ) -> None:
        self.world = world
        self.guild_id = guild_id
        self.new_attachment = new_attachment
        self.where = where
        self.resolved: dict[str, dict[str, Any]] = {}

    def fail(self, message: str) -> SandboxError:
        return SandboxError(f"{self.where}: {message}")

    def _resolve(self, kind: str, key: int, value: dict[str, Any]) -> None:
        self.resolved.setdefault(kind, {})[str(key)] = value

    def _resolve_user(self, user_id: int) -> None:
        self._resolve("users", user_id, self.world.user_json(user_id))
        if self.guild_id is not None and user_id in self.world.guild(self.guild_id).members:
            member = self.world.member_json(
                self.guild_id, user_id, with_user=False,
                permissions=self.world.guild_permissions(self.guild_id, user_id),
            )
            self._resolve("members", user_id, member)

    def _snowflake(self, name: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            ident = getattr(value, "id", None)
            if isinstance(ident, int):
                return ident
            raise self.fail(f"option {name!r} needs an id (int), got {value!r}")
        return value

    def value(self, schema: dict[str, Any], value: Any, *, autocomplete: bool = False) -> Any:
        """Check one option value against its schema; return the wire value."""
        name = schema["name"]
        otype = int(schema["type"])
        tname = OPTION_TYPE_NAMES.get(otype, str(otype))
        if otype == STRING:
            if not isinstance(value, str):
                raise self.fail(f"option {name!r} is a string option, got {value!r}")
            if value == "":
                raise self.fail(f"option {name!r}: Discord does not send an empty string")
            lo, hi = schema.get("min_length"), schema.get("max_length")
            if lo is not None and len(value) < lo:
                raise self.fail(f"option {name!r}: {value!r} is shorter than min_length {lo}")
            if len(value) > (hi if hi is not None else 6000):
                raise self.fail(f"option {name!r}: {value!r} is longer than max_length {hi}")
        elif otype in (INTEGER, NUMBER):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise self.fail(f"option {name!r} is an {tname} option, got {value!r}")
            if otype == INTEGER and not isinstance(value, int):
                raise self.fail(f"option {name!r} is an integer option, got {value!r}")
            if abs(value) > MAX_SAFE_INT:
                raise self.fail(f"option {name!r}: {value!r} is outside Discord's range")
            lo, hi = schema.get("min_value"), schema.get("max_value")
            if lo is not None and value < lo:
                raise self.fail(f"option {name!r}: {value!r} is below min_value {lo}")
            if hi is not None and value > hi:
                raise self.fail(f"option {name!r}: {value!r} is above max_value {hi}")
        elif otype == BOOLEAN:
            if not isinstance(value, bool):
                raise self.fail(f"option {name!r} is a boolean option, got {value!r}")
        elif otype == USER:
            uid = self._snowflake(name, value)
            if uid not in self.world.users:
                raise self.fail(f"option {name!r}: unknown user {uid}")
            self._resolve_user(uid)
            return str(uid)
        elif otype == CHANNEL:
            cid = self._snowflake(name, value)
            channel = self.world.channels.get(cid)
            if channel is None or channel.deleted or channel.guild_id != self.guild_id:
                raise self.fail(f"option {name!r}: channel {cid} is not a channel of this guild")
            types = schema.get("channel_types")
            if types and channel.type not in types:
                raise self.fail(f"option {name!r}: channel type {channel.type} not in {types}")
            data = self.world.channel_json(channel, for_user=self.world.bot_user_id)
            if channel.type in THREAD_TYPES:
                data["permissions"] = data.get("permissions", "0")
            self._resolve("channels", cid, data)
            return str(cid)
        elif otype in (ROLE, MENTIONABLE):
            rid = self._snowflake(name, value)
            guild = self.world.guilds.get(self.guild_id) if self.guild_id is not None else None
            if guild is not None and rid in guild.roles:
                self._resolve("roles", rid, self.world.role_json(guild.roles[rid]))
            elif otype == MENTIONABLE and rid in self.world.users:
                self._resolve_user(rid)
            else:
                raise self.fail(f"option {name!r}: unknown {tname} {rid}")
            return str(rid)
        elif otype == ATTACHMENT:
            if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], bytes | bytearray)):
                raise self.fail(f"option {name!r} is an attachment option: pass (filename, bytes)")
            att = self.new_attachment(str(value[0]), bytes(value[1]))
            self._resolve("attachments", att.id, self.world.attachment_json(att))
            return str(att.id)
        else:
            raise self.fail(f"option {name!r} has unsupported type {otype}")
        choices = schema.get("choices")
        if choices and not autocomplete and value not in [c.get("value") for c in choices]:
            allowed = [c.get("value") for c in choices]
            raise self.fail(f"option {name!r}: {value!r} is not one of the choices {allowed}")
        return value

    def leaf(
        self, schemas: list[dict[str, Any]], values: dict[str, Any], *, focused: str | None = None
    ) -> list[dict[str, Any]]:
        known = {s["name"]: s for s in schemas}
        for key in values:
            if key not in known:
                raise self.fail(f"unknown option {key!r}; the command has {sorted(known)}")
        out: list[dict[str, Any]] = []
        for schema in schemas:
            name = schema["name"]
            otype = int(schema["type"])
            if name == focused:
                if not schema.get("autocomplete"):
                    raise self.fail(f"option {name!r} has no autocomplete")
                raw = values.get(name, "")
                out.append({"type": otype, "name": name, "value": raw, "focused": True})
                continue
            if name not in values:
                if schema.get("required") and focused is None:
                    raise self.fail(f"required option {name!r} is missing")
                continue
            wire = self.value(schema, values[name], autocomplete=focused is not None)
            out.append({"type": otype, "name": name, "value": wire})
        return out


def command_data(
    builder: OptionBuilder,
    cmd: dict[str, Any],
    path: list[str],
    values: dict[str, Any],
    *,
    focused: str | None = None,
) -> dict[str, Any]:
    """The ``data`` of an application command (or autocomplete) interaction."""
    chain: list[dict[str, Any]] = []
    node = cmd
    for part in path[1:]:
        subs = [o for o in node.get("options") or [] if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        match = next((o for o in subs if o.get("name") == part), None)
        if match is None:
            raise builder.fail(f"no sub-command {part!r}; choose from {[o.get('name') for o in subs]}")
        chain.append(match)
        node = match
    nested = [o for o in node.get("options") or [] if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if nested or node.get("type") == SUB_COMMAND_GROUP:
        raise builder.fail(f"is a group; name a sub-command: {[o.get('name') for o in nested]}")
    options = builder.leaf(list(node.get("options") or []), values, focused=focused)
    if focused is not None and not any(o.get("focused") for o in options):
        raise builder.fail(f"no option named {focused!r} to focus")
    for sub in reversed(chain):
        options = [{"type": sub["type"], "name": sub["name"], "options": options}]
    data: dict[str, Any] = {
        "id": str(cmd["id"]),
        "name": cmd["name"],
        "type": int(cmd.get("type", 1)),
        "options": options,
    }
    if cmd.get("guild_id"):
        data["guild_id"] = str(cmd["guild_id"])
    if builder.resolved:
        data["resolved"] = builder.resolved
    return data


def describe_options(world: World, values: dict[str, Any]) -> str:
    parts = []
    for key, value in values.items():
        shown: Any = value
        if isinstance(value, tuple):
            shown = value[0]
        elif isinstance(value, int) and not isinstance(value, bool):
            if value in world.users:
                shown = f"@{world.name_of(value)}"
            elif value in world.channels:
                shown = f"#{world.channels[value].name}"
        parts.append(f"{key}:{shown}")
    return " ".join(parts)


# -- components and modals ------------------------------------------------------------


def find_component(msg: Message, custom_id: str, types: tuple[int, ...]) -> dict[str, Any]:
    for comp in iter_components(msg.components):
        if comp.get("custom_id") == custom_id and comp.get("type") in types:
            return comp
    have = [(c.get("type"), c.get("custom_id")) for c in iter_components(msg.components) if c.get("custom_id")]
    raise SandboxError(f"message {msg.id} has no component {custom_id!r} of type {types}; it has {have}")


def check_select_values(comp: dict[str, Any], values: list[str], world: World) -> None:
    lo, hi = int(comp.get("min_values", 1)), int(comp.get("max_values", 1))
    if not lo <= len(values) <= hi:
        raise SandboxError(f"select {comp.get('custom_id')!r} takes {lo}..{hi} values, got {values!r}")
    if len(set(values)) != len(values):
        raise SandboxError(f"select {comp.get('custom_id')!r}: duplicate values {values!r}")
    if comp.get("type") == 3:
        allowed = [str(o.get("value")) for o in comp.get("options") or []]
        for value in values:
            if value not in allowed:
                raise SandboxError(f"select {comp.get('custom_id')!r}: {value!r} is not an option ({allowed})")


def modal_submission(
    modal: dict[str, Any],
    values: dict[str, Any],
    world: World,
    new_attachment: Callable[[str, bytes], Attachment],
) -> tuple[list[dict[str, Any]], list[str], dict[str, dict[str, Any]]]:
    """The ``components`` of a modal submit, a description and resolved data, checked against the modal.

    Values: text inputs take a str; selects and checkbox groups a list of values (or one str);
    radio groups a str; a checkbox a bool; a file upload a list of (filename, bytes).
    """
    inputs = {c.get("custom_id"): c for c in iter_components(modal.get("components") or []) if c.get("custom_id")}
    for key in values:
        if key not in inputs:
            raise SandboxError(f"modal {modal.get('custom_id')!r} has no input {key!r}; it has {sorted(map(str, inputs))}")

    described: list[str] = []
    resolved: dict[str, dict[str, Any]] = {}

    def options_of(comp: dict[str, Any]) -> list[str]:
        return [str(o.get("value")) for o in comp.get("options") or []]

    def answer(comp: dict[str, Any]) -> dict[str, Any] | None:
        custom_id = str(comp.get("custom_id") or "")
        ctype = comp.get("type")
        base: dict[str, Any] = {"type": ctype, "custom_id": custom_id, "id": comp.get("id", 0)}
        required = comp.get("required", True)
        if ctype == 4:
            value = values.get(custom_id, "")
            if not isinstance(value, str):
                raise SandboxError(f"text input {custom_id!r} takes a string, got {value!r}")
            if required and not value:
                raise SandboxError(f"text input {custom_id!r} is required")
            if value:
                lo, hi = comp.get("min_length"), comp.get("max_length")
                if lo is not None and len(value) < lo:
                    raise SandboxError(f"text input {custom_id!r}: shorter than min_length {lo}")
                if hi is not None and len(value) > hi:
                    raise SandboxError(f"text input {custom_id!r}: longer than max_length {hi}")
            described.append(f"{custom_id}={value!r}")
            return {**base, "value": value}
        if ctype in (3, 5, 6, 7, 8, 22):
            raw = values.get(custom_id, [])
            chosen = [raw] if isinstance(raw, str) else [str(v) for v in raw]
            if ctype in (3, 22):
                bad = [v for v in chosen if v not in options_of(comp)]
                if bad:
                    raise SandboxError(f"{custom_id!r}: {bad} not among {options_of(comp)}")
            lo = int(comp.get("min_values", 1 if required else 0))
            hi = int(comp.get("max_values", len(options_of(comp)) if ctype == 22 else 1))
            if (chosen or required) and not lo <= len(chosen) <= hi:
                raise SandboxError(f"{custom_id!r} takes {lo}..{hi} values, got {chosen}")
            described.append(f"{custom_id}={chosen!r}")
            return {**base, "values": chosen}
        if ctype == 21:
            radio = values.get(custom_id)
            if radio is None and required:
                raise SandboxError(f"radio group {custom_id!r} is required")
            if radio is not None and str(radio) not in options_of(comp):
                raise SandboxError(f"radio group {custom_id!r}: {radio!r} not among {options_of(comp)}")
            described.append(f"{custom_id}={radio!r}")
            return {**base, "value": None if radio is None else str(radio)}
        if ctype == 23:
            checked = values.get(custom_id, False)
            if not isinstance(checked, bool):
                raise SandboxError(f"checkbox {custom_id!r} takes a bool, got {checked!r}")
            described.append(f"{custom_id}={checked}")
            return {**base, "value": checked}
        if ctype == 19:
            files = values.get(custom_id, [])
            if required and not files:
                raise SandboxError(f"file upload {custom_id!r} is required")
            ids: list[str] = []
            for item in files:
                if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], bytes | bytearray)):
                    raise SandboxError(f"file upload {custom_id!r} takes a list of (filename, bytes)")
                att = new_attachment(str(item[0]), bytes(item[1]))
                resolved.setdefault("attachments", {})[str(att.id)] = world.attachment_json(att)
                ids.append(str(att.id))
            described.append(f"{custom_id}={[f[0] for f in files]}")
            return {**base, "values": ids}
        return None

    out: list[dict[str, Any]] = []
    for top in modal.get("components") or []:
        if top.get("type") == 1:
            children = [a for a in (answer(c) for c in top.get("components") or []) if a is not None]
            if children:
                out.append({"type": 1, "id": top.get("id", 0), "components": children})
        elif top.get("type") == 18 and isinstance(top.get("component"), dict):
            child = answer(top["component"])
            if child is not None:
                out.append({"type": 18, "id": top.get("id", 0), "component": child})
        else:
            child = answer(top)
            if child is not None:
                out.append(child)
    return out, described, resolved
