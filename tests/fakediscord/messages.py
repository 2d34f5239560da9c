"""Message bodies as the bot sends them (JSON, or multipart ``payload_json`` + ``files[n]``) and
applying one to a message with Discord's create/edit semantics.

Attachments as Discord keeps them: a create's uploads become the message's attachments; an
edit with an ``attachments`` list keeps the listed existing ones (by id) and the listed or
unlisted new uploads, dropping the rest; an edit without one keeps them all and adds its
uploads. Components' ``attachment://NAME`` references (media gallery items, thumbnails, files)
are resolved to the message's attachment of that file name: the stored components carry its
URL and ``attachment_id``, as Discord answers. Refused as Discord refuses them: a file over
:data:`ATTACHMENT_SIZE_LIMIT` (413, code 40005), more than :data:`MAX_ATTACHMENTS` (400, code
30015), a reference to no such attachment (400, code 50035).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, hdrs, web

from . import components as c
from .errors import DiscordHTTPError, invalid_form_body
from .model import IS_COMPONENTS_V2, SUPPRESS_EMBEDS, Attachment, Message
from .rules import STRICT, Strictness
from .validation import validate_message

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
"""The largest file a bot may upload (Discord's default limit; ``attachment_size_limit``)."""
MAX_ATTACHMENTS = 10
"""Attachments one message may hold."""
ATTACHMENT_SCHEME = "attachment://"
SUPPRESS_NOTIFICATIONS = 1 << 12
_SETTABLE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2
_FILE_FIELD = re.compile(r"files\[(\d+)\]")


@dataclass
class Upload:
    """One ``files[n]`` part of a multipart request."""

    index: int
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class Body:
    """A request body: the JSON (``payload_json`` for multipart) and the uploaded files."""

    json: dict[str, Any]
    uploads: list[Upload] = field(default_factory=list)


async def read_body(request: web.Request) -> Body:
    """Parse a JSON or multipart request; 400 (code 50109) for a body that is not JSON."""
    if request.content_type.startswith("multipart/"):
        payload: dict[str, Any] = {}
        uploads: list[Upload] = []
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            if name == "payload_json":
                payload = _json(await part.text())
            elif found := _FILE_FIELD.fullmatch(name):
                data = bytes(await part.read())
                filename = part.filename or f"file{found[1]}"
                kind = part.headers.get(hdrs.CONTENT_TYPE)
                uploads.append(Upload(int(found[1]), filename, data, kind))
            else:
                raise invalid_form_body({name: "Unexpected multipart field."})
        return Body(payload, uploads)
    if not request.can_read_body:
        return Body({})
    return Body(_json(await request.text()))


def _json(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except ValueError:
        raise DiscordHTTPError(400, 50109, "The request body contains invalid JSON.") from None
    if not isinstance(data, dict):
        raise DiscordHTTPError(400, 50109, "The request body contains invalid JSON.")
    return data


AttachmentFactory = Callable[[Upload, "str | None"], Attachment]


def apply_body(
    message: Message,
    data: dict[str, Any],
    uploads: list[Upload],
    *,
    creating: bool,
    make_attachment: AttachmentFactory,
    users: dict[int, Any],
    strict: Strictness = STRICT,
    path: str = "",
) -> None:
    """Set ``message`` from a create body (absent fields empty) or an edit body (only the fields
    present change; ``null`` clears). Validates against Discord's limits first (``strict``:
    which documented rules; ``path``: ``"data."`` for a callback's body), so a refused body
    leaves the message untouched. IS_COMPONENTS_V2 cannot be removed once set.
    """

    def pick(key: str, current: Any, empty: Any) -> Any:
        if creating or key in data:
            value = data.get(key)
            return empty if value is None else value
        return current

    content = str(pick("content", message.content, ""))
    embeds = list(pick("embeds", message.embeds, []))
    components = list(pick("components", message.components, []))
    flags = message.flags
    if data.get("flags") is not None:
        flags = (flags & ~(SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS)) | (
            int(data["flags"]) & _SETTABLE_FLAGS
        )
    for upload in uploads:
        if len(upload.data) > ATTACHMENT_SIZE_LIMIT:
            raise DiscordHTTPError(413, 40005, "Request entity too large")
    if len(uploads) > MAX_ATTACHMENTS:
        raise DiscordHTTPError(
            400, 30015, f"Maximum number of attachments in a message reached ({MAX_ATTACHMENTS})"
        )
    attachments = _attachments(message.attachments, data, uploads, creating, make_attachment)
    if len(attachments) > MAX_ATTACHMENTS:
        raise DiscordHTTPError(
            400, 30015, f"Maximum number of attachments in a message reached ({MAX_ATTACHMENTS})"
        )
    components = resolve_references(components, attachments)
    validate_message(
        content=content,
        embeds=embeds,
        components=components,
        flags=flags,
        attachment_count=len(attachments),
        strict=strict,
        body=data,
        path=path,
    )
    message.content, message.embeds, message.components = content, embeds, components
    message.flags, message.attachments = flags, attachments
    if creating or "content" in data or "allowed_mentions" in data:
        message.set_mentions(data.get("allowed_mentions"), users)


def _attachments(
    current: list[Attachment],
    data: dict[str, Any],
    uploads: list[Upload],
    creating: bool,
    make: AttachmentFactory,
) -> list[Attachment]:
    pending = {u.index: u for u in uploads}
    existing = {a.id: a for a in current}
    if data.get("attachments") is None:
        kept = [] if creating else list(current)
        return kept + [make(u, None) for u in pending.values()]
    result: list[Attachment] = []
    for entry in data["attachments"]:
        attachment_id = int(entry["id"])
        if attachment_id in existing:
            result.append(existing[attachment_id])
        elif attachment_id in pending:
            result.append(make(pending.pop(attachment_id), entry.get("description")))
        else:
            raise invalid_form_body({"attachments": f"Unknown attachment id {attachment_id}."})
    return result + [make(u, None) for u in pending.values()]


def resolve_references(
    components: list[dict[str, Any]], attachments: list[Attachment]
) -> list[dict[str, Any]]:
    """``components`` with every ``attachment://NAME`` media reference replaced by that
    attachment's URL (with ``attachment_id``, ``content_type``...); a copy, the body's own
    dicts untouched.

    Raises:
        DiscordHTTPError: 400/50035, a reference to a file the message does not hold.
    """
    by_name = {a.filename: a for a in attachments}
    problems: dict[str, str] = {}

    def media(item: dict[str, Any], path: str) -> dict[str, Any]:
        url = str(item.get("url", ""))
        if not url.startswith(ATTACHMENT_SCHEME):
            return dict(item)
        found = by_name.get(url.removeprefix(ATTACHMENT_SCHEME))
        if found is None:
            problems[f"{path}.url"] = f"Unknown attachment reference {url!r}."
            return dict(item)
        return found.media()

    def walk(node: dict[str, Any], path: str) -> dict[str, Any]:
        copy = dict(node)
        if copy.get("type") in (c.MEDIA_GALLERY,):
            copy["items"] = [
                {**item, "media": media(item.get("media") or {}, f"{path}.items.{i}.media")}
                for i, item in enumerate(copy.get("items") or [])
            ]
        if copy.get("type") == c.THUMBNAIL:
            copy["media"] = media(copy.get("media") or {}, f"{path}.media")
        if copy.get("type") == c.FILE:
            copy["file"] = media(copy.get("file") or {}, f"{path}.file")
        if "components" in copy:
            copy["components"] = [
                walk(child, f"{path}.components.{i}") for i, child in enumerate(copy["components"])
            ]
        for key in ("accessory", "component"):
            if isinstance(copy.get(key), dict):
                copy[key] = walk(copy[key], f"{path}.{key}")
        return copy

    resolved = [walk(node, f"components.{i}") for i, node in enumerate(components)]
    if problems:
        raise invalid_form_body(problems)
    return resolved
