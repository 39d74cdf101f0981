"""Discord's server-side limits, checked on what the bot sends.

A failed check becomes the same 400 "Invalid Form Body" (code 50035) answer the
real API gives, so the bot sees a ``discord.HTTPException`` exactly where it
would in production.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import ApiError, form_error
from .world import FLAG_COMPONENTS_V2, iter_components

Problems = list[tuple[str, str, str]]

_NAME_RE = re.compile(r"^[-_'\w]{1,32}$")


def _too_long(problems: Problems, path: str, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        problems.append((path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."))


def _check_embeds(embeds: Any, problems: Problems) -> None:
    if not isinstance(embeds, list):
        problems.append(("embeds", "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType"))
        return
    if len(embeds) > 10:
        problems.append(("embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."))
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            problems.append((f"embeds.{i}", "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType"))
            continue
        base = f"embeds.{i}"
        for key, limit in (("title", 256), ("description", 4096)):
            _too_long(problems, f"{base}.{key}", embed.get(key), limit)
            total += len(str(embed.get(key) or ""))
        footer = embed.get("footer") or {}
        _too_long(problems, f"{base}.footer.text", footer.get("text"), 2048)
        total += len(str(footer.get("text") or ""))
        author = embed.get("author") or {}
        _too_long(problems, f"{base}.author.name", author.get("name"), 256)
        total += len(str(author.get("name") or ""))
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append((f"{base}.fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
        for j, fld in enumerate(fields):
            name, value = str(fld.get("name") or ""), str(fld.get("value") or "")
            if not name:
                problems.append((f"{base}.fields.{j}.name", "BASE_TYPE_REQUIRED", "This field is required"))
            if not value:
                problems.append((f"{base}.fields.{j}.value", "BASE_TYPE_REQUIRED", "This field is required"))
            _too_long(problems, f"{base}.fields.{j}.name", name, 256)
            _too_long(problems, f"{base}.fields.{j}.value", value, 1024)
            total += len(name) + len(value)
    if total > 6000:
        problems.append(("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"))


def _check_select(comp: dict[str, Any], path: str, problems: Problems) -> None:
    _too_long(problems, f"{path}.placeholder", comp.get("placeholder"), 150)
    lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
    if not (0 <= lo <= 25 and 1 <= hi <= 25 and lo <= hi):
        problems.append((f"{path}.max_values", "BASE_TYPE_BAD_INT", "min_values/max_values out of range"))
    if comp.get("type") == 3:
        options = comp.get("options") or []
        if not 1 <= len(options) <= 25:
            problems.append((f"{path}.options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length."))
        if hi > len(options) and options:
            problems.append((f"{path}.max_values", "BASE_TYPE_MAX", f"int value should be <= {len(options)}."))
        values = [str(o.get("value")) for o in options]
        if len(set(values)) != len(values):
            problems.append((f"{path}.options", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Option values must be unique"))
        for k, opt in enumerate(options):
            for key in ("label", "value", "description"):
                _too_long(problems, f"{path}.options.{k}.{key}", opt.get(key), 100)
            if not opt.get("label"):
                problems.append((f"{path}.options.{k}.label", "BASE_TYPE_REQUIRED", "This field is required"))


def _check_components(components: Any, flags: int, problems: Problems) -> None:
    if not isinstance(components, list):
        problems.append(("components", "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType"))
        return
    v2 = bool(flags & FLAG_COMPONENTS_V2)
    if not v2:
        if len(components) > 5:
            problems.append(("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."))
        for i, row in enumerate(components):
            if not isinstance(row, dict) or row.get("type") != 1:
                problems.append((f"components.{i}", "UNION_TYPE_CHOICES", "Top-level components must be action rows"))
                continue
            children = row.get("components") or []
            if not children:
                problems.append((f"components.{i}.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."))
            kinds = {c.get("type") for c in children}
            if len(children) > 5 or (kinds - {2} and len(children) > 1):
                problems.append(
                    (f"components.{i}.components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                     "The specified component exceeds the maximum width")
                )
    elif sum(1 for _ in iter_components(components)) > 40:
        problems.append(("components", "BASE_TYPE_MAX_LENGTH", "Must be 40 or fewer in length."))
    seen: set[str] = set()
    for n, comp in enumerate(iter_components(components)):
        path = f"components.{n}"
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            _too_long(problems, f"{path}.custom_id", custom_id, 100)
            if custom_id in seen:
                problems.append((f"{path}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"))
            seen.add(custom_id)
        ctype = comp.get("type")
        if ctype == 2:
            _too_long(problems, f"{path}.label", comp.get("label"), 80)
            if comp.get("style") == 5:
                if not comp.get("url"):
                    problems.append((f"{path}.url", "BASE_TYPE_REQUIRED", "This field is required"))
            elif comp.get("style") != 6 and not custom_id:
                problems.append((f"{path}.custom_id", "BASE_TYPE_REQUIRED", "This field is required"))
        elif ctype in (3, 5, 6, 7, 8):
            if not custom_id:
                problems.append((f"{path}.custom_id", "BASE_TYPE_REQUIRED", "This field is required"))
            _check_select(comp, path, problems)
        elif ctype == 10:
            _too_long(problems, f"{path}.content", comp.get("content"), 4000)


def check_message(payload: dict[str, Any], n_files: int, *, creating: bool, keeps_files: bool = False) -> None:
    """Validate a message create/edit body; raise ApiError like Discord would."""
    problems: Problems = []
    content = payload.get("content")
    if content is not None and not isinstance(content, str):
        problems.append(("content", "BASE_TYPE_STRING", "Must be a string"))
    _too_long(problems, "content", content, 2000)
    nonce = payload.get("nonce")
    if nonce is not None and len(str(nonce)) > 25:
        problems.append(("nonce", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
    flags = int(payload.get("flags") or 0)
    if "embeds" in payload and payload["embeds"] is not None:
        _check_embeds(payload["embeds"], problems)
    if "components" in payload and payload["components"] is not None:
        _check_components(payload["components"], flags, problems)
    if flags & FLAG_COMPONENTS_V2 and (payload.get("content") or payload.get("embeds")):
        problems.append(("content", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                         "The 'content' and 'embeds' fields cannot be used when using components v2"))
    if problems:
        raise form_error(problems)
    if creating:
        has_any = bool(
            payload.get("content") or payload.get("embeds") or payload.get("components")
            or payload.get("sticker_ids") or payload.get("poll") or n_files or keeps_files
        )
        if not has_any:
            raise ApiError(400, 50006, "Cannot send an empty message")


def _check_options(options: Any, path: str, problems: Problems, *, depth: int) -> None:
    if not isinstance(options, list):
        return
    if len(options) > 25:
        problems.append((path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
    names: set[str] = set()
    seen_optional = False
    for i, opt in enumerate(options):
        p = f"{path}.{i}"
        name = str(opt.get("name", ""))
        if not _NAME_RE.match(name) or name != name.lower():
            problems.append((f"{p}.name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"))
        if name in names:
            problems.append((f"{p}.name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique"))
        names.add(name)
        desc = str(opt.get("description", ""))
        if not 1 <= len(desc) <= 100:
            problems.append((f"{p}.description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."))
        otype = opt.get("type")
        # depth: 0 = a command's options, 1 = a sub-command's, 2 = a sub-command group's
        allowed = (otype == 2 and depth == 0) or (otype == 1 and depth in (0, 2)) or (
            otype not in (1, 2) and depth != 2
        )
        if not allowed:
            problems.append((f"{p}.type", "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Invalid option nesting"))
        if otype in (1, 2):
            _check_options(opt.get("options") or [], f"{p}.options", problems, depth=2 if otype == 2 else 1)
            continue
        if opt.get("required"):
            if seen_optional:
                problems.append((f"{p}.required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                                 "Required options must be placed before non-required options"))
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if len(choices) > 25:
            problems.append((f"{p}.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
        if choices and opt.get("autocomplete"):
            problems.append((f"{p}.autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
                             "Autocomplete cannot be set with choices"))


def check_commands(commands: Any) -> None:
    """Validate a bulk-overwrite body of application commands."""
    if not isinstance(commands, list):
        raise form_error([("_", "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")])
    problems: Problems = []
    seen: set[tuple[int, str]] = set()
    for i, cmd in enumerate(commands):
        check_command(cmd, problems, str(i))
        key = (int(cmd.get("type", 1)), str(cmd.get("name")))
        if key in seen:
            problems.append((f"{i}.name", "APPLICATION_COMMANDS_DUPLICATE_NAME", f"Application command names must be unique: {key[1]}"))
        seen.add(key)
    if problems:
        raise form_error(problems)


def check_command(cmd: Any, problems: Problems, path: str) -> None:
    if not isinstance(cmd, dict):
        problems.append((path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType"))
        return
    ctype = int(cmd.get("type", 1))
    name = str(cmd.get("name", ""))
    if ctype == 1:
        if not _NAME_RE.match(name) or name != name.lower():
            problems.append((f"{path}.name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"))
        desc = str(cmd.get("description", ""))
        if not 1 <= len(desc) <= 100:
            problems.append((f"{path}.description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."))
        _check_options(cmd.get("options") or [], f"{path}.options", problems, depth=0)
    elif not 1 <= len(name) <= 32:
        problems.append((f"{path}.name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length."))
