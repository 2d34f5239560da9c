"""Routes authenticated by an interaction token: the interaction callback and the webhook routes
for follow-ups and ``@original``.

Callback types: 4 (message, ephemeral with flag 64), 5 (deferred "thinking" message), 6 (deferred
update of the component's message), 7 (update the component's message), 9 (modal, recorded).
With ``?with_response=1`` (as discord.py 2.7 sends) the answer is 200
``{"interaction": ..., "resource": ...}``, otherwise 204. After a
type 5, the first follow-up completes the "thinking" message instead of posting a new one, and
the deferral decides whether it is ephemeral.

Discord's rules (``rules.RULES``, unless relaxed): a first answer past the deadline is refused
(404/10062), a deferral may only set EPHEMERAL; with ``refuse_picture_edits``, picture edits are
refused as :mod:`.picture_edits` says.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .errors import (
    already_acknowledged,
    bad_callback,
    invalid_form_body,
    unknown_interaction,
    unknown_message,
    unknown_webhook,
)
from .interactions import (
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    MESSAGE_COMPONENT,
    MODAL,
    UPDATE_MESSAGE,
    InteractionRecord,
)
from .messages import Body, read_body
from .model import EPHEMERAL
from .picture_edits import RequestKind, refuse_picture_edit
from .responses import json_response, no_content, snowflake

if TYPE_CHECKING:
    from .model import Message
    from .world import World


class WebhookApi:
    """Handlers for the interaction callback and ``/webhooks/{application_id}/{token}``."""

    def __init__(self, world: World) -> None:
        self.world = world

    def routes(self, prefix: str) -> list[web.RouteDef]:
        hook = prefix + "/webhooks/{application_id}/{token}"
        return [
            web.post(prefix + "/interactions/{interaction_id}/{token}/callback", self.callback),
            web.post(hook, self.followup),
            web.get(hook + "/messages/{message_id}", self.get_message),
            web.patch(hook + "/messages/{message_id}", self.edit_message),
            web.delete(hook + "/messages/{message_id}", self.delete_message),
        ]

    async def callback(self, request: web.Request) -> web.Response:
        received = time.monotonic()
        record = self.world.interactions.for_callback(
            snowflake(request, "interaction_id"), request.match_info["token"]
        )
        if record.expired:
            raise unknown_interaction()
        # receiving-and-responding.mdx, Interaction Callback: "you must send an initial
        # response within 3 seconds of receiving the event"
        if self.world.strict.enforces("deadline") and _past_deadline(record, received):
            record.refuse_late(received)
            error = unknown_interaction()
            error.rule = "deadline"
            assert record.sent_at is not None
            error.detail = (
                f"{record!r} answered {received - record.sent_at:.3f} s after it was sent, "
                f"past {record.deadline} s"
            )
            raise error
        if record.response_type is not None:
            raise already_acknowledged()
        body = await read_body(request)
        kind = body.json.get("type")
        if not isinstance(kind, int):
            raise bad_callback("A callback needs an integer type.")
        original = self._respond(record, kind, body)
        record.acknowledge(kind, original, received)
        if request.query.get("with_response", "").lower() not in ("1", "true"):
            return no_content()
        return json_response(_callback_answer(record, kind, original))

    def _respond(self, record: InteractionRecord, kind: int, body: Body) -> Message | None:
        world = self.world
        data: dict[str, Any] = body.json.get("data") or {}
        refusing = world.strict.refuse_picture_edits
        if kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            flags = int(data.get("flags") or 0)
            # receiving-and-responding.mdx, Interaction Callback Data Structure: with a
            # deferral "the only valid message flag you may use is EPHEMERAL"
            deferred = kind == DEFERRED_CHANNEL_MESSAGE
            if deferred and flags & ~EPHEMERAL and world.strict.enforces("deferred_flags"):
                raise invalid_form_body(
                    {"data.flags": "A deferred answer may only set EPHEMERAL (64)."}
                )
            if kind == CHANNEL_MESSAGE:
                refuse_picture_edit(refusing, "reply", data, body.uploads, path="data.")
            return world.post_message(
                record.channel,
                world.bot,
                data,
                body.uploads,
                ephemeral_for=record.user if flags & EPHEMERAL else None,
                interaction=record,
                loading=kind == DEFERRED_CHANNEL_MESSAGE,
                path="data.",
            )
        if kind in (DEFERRED_UPDATE, UPDATE_MESSAGE) and record.type == MESSAGE_COMPONENT:
            message = record.message
            assert message is not None
            if message.deleted:
                raise unknown_message()
            if kind == UPDATE_MESSAGE:
                refuse_picture_edit(refusing, "update", data, body.uploads, path="data.")
                world.edit_message(message, data, body.uploads, path="data.")
            return message
        if kind == MODAL:
            record.modal = data
            return None
        if kind == AUTOCOMPLETE_RESULT and record.type == AUTOCOMPLETE:
            choices = data.get("choices")
            if not isinstance(choices, list) or len(choices) > 25:
                raise bad_callback("An autocomplete result holds a list of at most 25 choices.")
            record.choices = choices
            return None
        raise bad_callback(f"Callback type {kind} cannot answer a type {record.type} interaction.")

    async def followup(self, request: web.Request) -> web.Response:
        world = self.world
        record = self._record(request)
        if record.response_type is None:
            raise unknown_webhook()
        body = await read_body(request)
        original = record.original
        if record.response_type == DEFERRED_CHANNEL_MESSAGE and original and original.loading:
            refusing = world.strict.refuse_picture_edits
            refuse_picture_edit(refusing, "original", body.json, body.uploads)
            world.edit_message(original, body.json, body.uploads)
            message = original
        else:
            ephemeral = bool(int(body.json.get("flags") or 0) & EPHEMERAL)
            message = world.post_message(
                record.channel,
                world.bot,
                body.json,
                body.uploads,
                ephemeral_for=record.user if ephemeral else None,
                interaction=record,
            )
        record.followups.append(message)
        world.changed()
        return json_response(message.payload())

    async def get_message(self, request: web.Request) -> web.Response:
        return json_response(self._message(self._record(request), request).payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        record = self._record(request)
        message = self._message(record, request)
        body = await read_body(request)
        kind: RequestKind = "original" if message is record.original else "edit"
        refuse_picture_edit(self.world.strict.refuse_picture_edits, kind, body.json, body.uploads)
        self.world.edit_message(message, body.json, body.uploads)
        return json_response(message.payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        message = self._message(self._record(request), request)
        self.world.delete_message(message)
        return no_content()

    def _record(self, request: web.Request) -> InteractionRecord:
        return self.world.interactions.for_webhook(
            snowflake(request, "application_id"), self.world.bot.id, request.match_info["token"]
        )

    def _message(self, record: InteractionRecord, request: web.Request) -> Message:
        if request.match_info["message_id"] == "@original":
            message = record.original
        else:
            message = self.world.messages.get(snowflake(request, "message_id"))
            if message is not None and not record.owns(message):
                message = None
        if message is None or message.deleted:
            raise unknown_message()
        return message


def _past_deadline(record: InteractionRecord, received: float) -> bool:
    return record.sent_at is not None and received - record.sent_at > record.deadline


def _callback_answer(
    record: InteractionRecord, kind: int, original: Message | None
) -> dict[str, Any]:
    """The ``?with_response=1`` body: ``{"interaction": {...}, "resource": {...}}``."""
    interaction: dict[str, Any] = {
        "id": str(record.id),
        "type": record.type,
        "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
        "response_message_ephemeral": bool(original is not None and original.ephemeral),
    }
    resource: dict[str, Any] = {"type": kind}
    if original is not None and kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
        interaction["response_message_id"] = str(original.id)
        resource["message"] = original.payload()
    return {"interaction": interaction, "resource": resource}
