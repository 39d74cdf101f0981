"""REST: the bot's answers to an interaction: the initial callback (within the answer
window, once), then follow-ups and edits through the interaction's webhook."""

from __future__ import annotations

import time
from typing import Any

from aiohttp import web

from ..errors import (
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    ApiError,
    form_error,
    not_found,
)
from ..http import NO_CONTENT, read_body
from ..interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Interaction,
)
from ..state import DiscordState
from ..validation import check_message
from ..world import FLAG_EPHEMERAL, Message


async def callback(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    inter = fake.interactions_by_id.get(int(p["interaction_id"]))
    if inter is not None and time.time() - inter.created_at > fake.answer_window():
        inter.late = True
    if inter is None or inter.token != p["token"] or inter.late:
        raise not_found(*UNKNOWN_INTERACTION)
    if inter.response_type is not None:
        raise ApiError(400, 40060, "Interaction has already been acknowledged.")
    payload, uploads = await read_body(request)
    if not isinstance(payload, dict):
        raise form_error([("_", "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")])
    rtype = int(payload.get("type") or 0)
    data = payload.get("data") or {}
    allowed = {
        APPLICATION_COMMAND: {4, 5, 9},
        MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
        AUTOCOMPLETE: {8},
        MODAL_SUBMIT: {4, 5, 6, 7},
    }[inter.type]
    if rtype not in allowed:
        raise form_error([("type", "INTERACTION_RESPONSE_TYPE_INVALID",
                           f"Response type {rtype} is not valid for interaction type {inter.type}")])
    channel = fake.world.channel(inter.channel_id)
    msg: Message | None = None
    eph = False
    if rtype in (4, 5):
        eph = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
        msg_type = 20 if inter.type == APPLICATION_COMMAND else 0
        if rtype == 4:
            msg = fake.create_message(
                channel, fake.bot_user_id, data, uploads,
                ephemeral_to=inter.user_id if eph else None, inter=inter, msg_type=msg_type,
            )
        else:
            msg = fake.create_message(
                channel, fake.bot_user_id, {"flags": data.get("flags")}, [],
                ephemeral_to=inter.user_id if eph else None, inter=inter, msg_type=msg_type,
                loading=True, validate=False,
            )
        inter.response = msg
        inter.ephemeral = eph
    elif rtype in (6, 7):
        target = fake.world.messages.get(inter.message_id or 0)
        if target is None or target.deleted:
            raise not_found(*UNKNOWN_MESSAGE)
        if rtype == 7:
            msg = fake.edit_message(target, data, uploads)
            inter.response = msg
            inter.ephemeral = msg.ephemeral
    elif rtype == 8:
        choices = data.get("choices")
        if not isinstance(choices, list) or len(choices) > 25:
            raise form_error([("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")])
        for i, choice in enumerate(choices):
            if not 1 <= len(str(choice.get("name", ""))) <= 100 or "value" not in choice:
                raise form_error([(f"data.choices.{i}.name", "BASE_TYPE_BAD_LENGTH",
                                   "Must be between 1 and 100 in length.")])
        inter.choices = choices
    elif rtype == 9:
        problems = []
        if not data.get("custom_id"):
            problems.append(("data.custom_id", "BASE_TYPE_REQUIRED", "This field is required"))
        if not 1 <= len(str(data.get("title") or "")) <= 45:
            problems.append(("data.title", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length."))
        if not 1 <= len(data.get("components") or []) <= 5:
            problems.append(("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."))
        if problems:
            raise form_error(problems)
        inter.modal = data
    inter.response_type = rtype
    inter.answered_at = time.time()
    inter._responded.set()
    if request.query.get("with_response", "").lower() not in ("1", "true"):
        return NO_CONTENT
    body: dict[str, Any] = {
        "interaction": {
            "id": str(inter.id),
            "type": inter.type,
            "response_message_id": str(msg.id) if msg is not None else None,
            "response_message_loading": rtype == 5,
            "response_message_ephemeral": eph,
        }
    }
    if msg is not None:
        body["resource"] = {"type": rtype, "message": fake.world.message_json(msg)}
    return body


def _webhook_interaction(fake: DiscordState, p: dict[str, str]) -> Interaction:
    inter = fake.interactions_by_token.get(p["token"])
    if int(p["app_id"]) != fake.application_id or inter is None or inter.late or inter.response_type is None:
        raise not_found(*UNKNOWN_WEBHOOK)
    return inter


async def followup(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    inter = _webhook_interaction(fake, p)
    payload, uploads = await read_body(request)
    if not isinstance(payload, dict):
        raise form_error([("_", "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")])
    channel = fake.world.channel(inter.channel_id)
    original = inter.response
    if inter.response_type == 5 and original is not None and original.loading and not original.deleted:
        # Discord: the first follow-up after a deferral resolves the "thinking..." message,
        # keeping the deferral's ephemeral state.
        check_message(payload, len(uploads), creating=True)
        msg = fake.edit_message(original, payload, uploads, strip_flags=True)
    else:
        eph = bool(int(payload.get("flags") or 0) & FLAG_EPHEMERAL)
        msg = fake.create_message(
            channel, fake.bot_user_id, payload, uploads,
            ephemeral_to=inter.user_id if eph else None, inter=inter,
        )
    inter.followups.append(msg)
    if inter.followed_up_at is None:
        inter.followed_up_at = time.time()
    if request.query.get("wait", "").lower() in ("1", "true"):
        return fake.world.message_json(msg)
    return NO_CONTENT


def _webhook_message(fake: DiscordState, inter: Interaction, ref: str) -> Message:
    target = fake.world.messages.get(inter.message_id or 0)
    if ref == "@original":
        msg = inter.response
        if msg is None and inter.response_type in (6, 7):
            msg = target
    else:
        mid = int(ref)
        candidates = inter.all_messages() + ([target] if target is not None else [])
        msg = next((m for m in candidates if m.id == mid), None)
    if msg is None or msg.deleted:
        raise not_found(*UNKNOWN_MESSAGE)
    return msg


async def webhook_get(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    inter = _webhook_interaction(fake, p)
    return fake.world.message_json(_webhook_message(fake, inter, p["ref"]))


async def webhook_edit(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    inter = _webhook_interaction(fake, p)
    msg = _webhook_message(fake, inter, p["ref"])
    payload, uploads = await read_body(request)
    fake.edit_message(msg, payload, uploads, strip_flags=True)
    if p["ref"] == "@original" and inter.response is None:
        inter.response = msg
    return fake.world.message_json(msg)


async def webhook_delete(fake: DiscordState, request: web.Request, p: dict[str, str]) -> Any:
    inter = _webhook_interaction(fake, p)
    fake.delete_message(_webhook_message(fake, inter, p["ref"]))
    return NO_CONTENT
