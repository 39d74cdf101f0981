"""Readable transcripts of everything that happened in the fake Discord."""

from __future__ import annotations

import pathlib
import re
from typing import Any

from .world import DM, THREAD_TYPES, Channel, Message, World, iter_components


def _component_lines(components: list[Any]) -> list[str]:
    lines: list[str] = []
    buttons: list[str] = []

    def flush() -> None:
        if buttons:
            lines.append("  buttons: " + " ".join(buttons))
            buttons.clear()

    for comp in iter_components(components):
        ctype = comp.get("type")
        if ctype == 1:
            flush()
        elif ctype == 2:
            label = comp.get("label") or (comp.get("emoji") or {}).get("name") or "?"
            extra = " (disabled)" if comp.get("disabled") else ""
            if comp.get("style") == 5:
                extra += f" -> {comp.get('url')}"
            buttons.append(f"[{label}{extra}]")
        elif ctype == 3:
            flush()
            opts = ", ".join(str(o.get("label")) for o in comp.get("options") or [])
            state = " (disabled)" if comp.get("disabled") else ""
            lines.append(f"  [select {comp.get('custom_id')}{state}: {opts}]")
        elif ctype in (5, 6, 7, 8):
            flush()
            kind = {5: "user", 6: "role", 7: "mentionable", 8: "channel"}[int(ctype)]
            lines.append(f"  [{kind} select {comp.get('custom_id')}]")
        elif ctype == 10:
            flush()
            for line in str(comp.get("content") or "").splitlines():
                lines.append(f"  {line}")
        elif ctype == 14:
            flush()
            lines.append("  ----")
    flush()
    return lines


_MENTION = re.compile(r"<(@!?|#|@&)(\d+)>")


def readable(world: World, text: str) -> str:
    """Replace <@id>, <#id> and <@&id> mentions by names."""

    def name(m: re.Match[str]) -> str:
        kind, ident = m.group(1), int(m.group(2))
        if kind == "#":
            channel = world.channels.get(ident)
            return f"#{channel.name}" if channel else m.group(0)
        if kind == "@&":
            for guild in world.guilds.values():
                if ident in guild.roles:
                    return f"@{guild.roles[ident].name}"
            return m.group(0)
        return f"@{world.name_of(ident)}" if ident in world.users else m.group(0)

    return _MENTION.sub(name, text)


def render_message(world: World, msg: Message) -> list[str]:
    lines = _render_message(world, msg)
    return [readable(world, line) for line in lines]


def _render_message(world: World, msg: Message) -> list[str]:
    tags: list[str] = []
    if msg.ephemeral_to is not None:
        tags.append(f"only {world.name_of(msg.ephemeral_to)} sees this")
    if msg.loading:
        tags.append("thinking...")
    if msg.edits:
        tags.append(f"edited x{msg.edits}")
    if msg.pinned:
        tags.append("pinned")
    if msg.deleted:
        tags.append("deleted")
    head = f"[{world.name_of(msg.author_id)}]"
    if tags:
        head += " (" + ", ".join(tags) + ")"
    content = msg.content.splitlines()
    lines = [f"{head} {content[0]}" if content else head]
    lines.extend(f"    {line}" for line in content[1:])
    for embed in msg.embeds:
        author = (embed.get("author") or {}).get("name")
        if author:
            lines.append(f"  | {author}")
        if embed.get("title"):
            lines.append(f"  | ## {embed['title']}")
        for line in str(embed.get("description") or "").splitlines():
            lines.append(f"  | {line}")
        for fld in embed.get("fields") or []:
            value_lines = str(fld.get("value") or "").splitlines() or [""]
            lines.append(f"  | {fld.get('name')}: {value_lines[0]}")
            lines.extend(f"  |     {line}" for line in value_lines[1:])
        image = (embed.get("image") or {}).get("url")
        if image:
            lines.append(f"  | image: {image}")
        footer = (embed.get("footer") or {}).get("text")
        if footer:
            lines.append(f"  | -- {footer}")
    for att in msg.attachments:
        lines.append(f"  file: {att.filename} ({att.size} bytes, {att.content_type})")
    lines.extend(_component_lines(msg.components))
    if msg.reactions:
        lines.append("  reactions: " + " ".join(msg.reactions))
    return lines


def channel_title(world: World, channel: Channel) -> str:
    if channel.type == DM:
        return f"DM with {world.name_of(channel.recipient_id or 0)}"
    guild = world.guilds.get(channel.guild_id or 0)
    gname = guild.name if guild else "?"
    if channel.type in THREAD_TYPES:
        parent = world.channels.get(channel.parent_id or 0)
        kind = "private thread" if channel.type == 12 else "thread"
        members = ", ".join(world.name_of(u) for u in channel.thread_members)
        state = []
        if channel.archived:
            state.append("archived")
        if channel.locked:
            state.append("locked")
        suffix = f" [{', '.join(state)}]" if state else ""
        return (
            f"{kind} #{channel.name} in #{parent.name if parent else '?'} ({gname}){suffix}"
            f" members: {members}"
        )
    return f"#{channel.name} ({gname})" + (" [deleted]" if channel.deleted else "")


def render_channel(world: World, channel: Channel) -> str:
    lines = [f"=== {channel_title(world, channel)} ==="]
    for entry in channel.timeline:
        if entry.message is not None:
            lines.extend(render_message(world, entry.message))
        else:
            lines.append(f">> {entry.event}")
    return "\n".join(lines) + "\n"


def transcript(world: World) -> str:
    parts = [render_channel(world, c) for c in world.channels.values() if c.timeline]
    return "\n".join(parts)


def _safe(name: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._")
    return cleaned or "unnamed"


def _unique(path: pathlib.Path, used: set[pathlib.Path]) -> pathlib.Path:
    candidate = path
    n = 2
    while candidate in used:
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    used.add(candidate)
    return candidate


def write_transcript(world: World, out_dir: pathlib.Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    used: set[pathlib.Path] = set()
    for channel in world.channels.values():
        if not channel.timeline:
            continue
        if channel.type == DM:
            stem = f"dm-{world.name_of(channel.recipient_id or 0)}"
        elif channel.type in THREAD_TYPES:
            stem = f"thread-{channel.name}"
        else:
            stem = f"channel-{channel.name}"
        path = _unique(out_dir / f"{_safe(stem)}.txt", used)
        path.write_text(render_channel(world, channel), encoding="utf-8")
        for entry in channel.timeline:
            if entry.message is None:
                continue
            for att in entry.message.attachments:
                _unique(out_dir / _safe(att.filename), used).write_bytes(att.data)
    (out_dir / "transcript.txt").write_text(transcript(world), encoding="utf-8")
