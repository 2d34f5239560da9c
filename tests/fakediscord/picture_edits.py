"""Discord refusing picture edits, as a test chooses (``refuse_picture_edits``).

discord/discord-api-docs#7529 (open): Discord answers 400/50035, the unfurled media attachment
not found, to ``PATCH /webhooks/{application_id}/{token}/messages/@original`` when the edit
uploads a new file that a media gallery names as ``attachment://NAME`` -- and to the first
follow-up after a deferral, which edits ``@original`` too; a reply (callback type 4) or a new
follow-up with the same body works. Bot authors report the error's code as
``UNFURLED_MEDIA_ITEM_REFERENCED_ATTACHMENT_NOT_FOUND``, also for an edit that names a file kept
from an earlier request, and for an update (callback type 7) that uploads one.

The modes (each refusal is 400/50035, error at the gallery item's ``media.url``):

- ``"original"``: an edit of ``@original`` (PATCH, or the follow-up completing a deferral) that
  uploads a file a media gallery names (#7529 as reported).
- ``"stale"``: any edit (of ``@original``, of a follow-up, of a channel message, or a type 7
  update) whose media gallery names ``attachment://X`` with X not uploaded in the same request
  (a reference to an earlier upload).
- ``"all"``: every edit or interaction callback (types 4 and 7) whose media gallery names an
  ``attachment://`` file, uploaded or not; only new messages (a channel post, a new
  follow-up) may show a picture.

A refusal here is Discord's bug, not the bot's: it does not fail the test; the fake lists it in
``FakeDiscord.refused_picture_edits``.
"""

from __future__ import annotations

from typing import Any, Literal

from . import components as c
from .errors import FormProblems, invalid_form_body
from .messages import ATTACHMENT_SCHEME, Upload

RequestKind = Literal["original", "edit", "update", "reply"]
"""What a request does to a message: edits ``@original`` (``"original"``), edits another
message (``"edit"``), updates the component's message (callback type 7, ``"update"``), answers
with a new message (callback type 4, ``"reply"``)."""

ERROR_CODE = "UNFURLED_MEDIA_ITEM_REFERENCED_ATTACHMENT_NOT_FOUND"
ERROR_MESSAGE = "Unfurled media attachment not found."

_REFUSED: dict[str, dict[str, frozenset[RequestKind]]] = {
    # mode -> {"uploaded"/"kept": the request kinds refused for a reference of that sort}
    "original": {"uploaded": frozenset({"original"}), "kept": frozenset()},
    "stale": {"uploaded": frozenset(), "kept": frozenset({"original", "edit", "update"})},
    "all": {
        "uploaded": frozenset({"original", "edit", "update", "reply"}),
        "kept": frozenset({"original", "edit", "update", "reply"}),
    },
}


def gallery_references(
    components: list[dict[str, Any]], prefix: str = "components"
) -> list[tuple[str, str]]:
    """``(error path, file name)`` of every media gallery item naming ``attachment://NAME``."""
    found: list[tuple[str, str]] = []
    for i, node in enumerate(components):
        path = f"{prefix}.{i}"
        if node.get("type") == c.MEDIA_GALLERY:
            for j, item in enumerate(node.get("items") or []):
                url = str((item.get("media") or {}).get("url", ""))
                if url.startswith(ATTACHMENT_SCHEME):
                    name = url.removeprefix(ATTACHMENT_SCHEME)
                    found.append((f"{path}.items.{j}.media.url", name))
        found += gallery_references(node.get("components") or [], f"{path}.components")
    return found


def refuse_picture_edit(
    mode: str | None,
    kind: RequestKind,
    data: dict[str, Any],
    uploads: list[Upload],
    *,
    path: str = "",
) -> None:
    """Raise the 400/50035 Discord gives in ``mode`` (``None``: never) to a ``kind`` request
    with body ``data`` and files ``uploads`` (``path``: ``"data."`` for a callback's body)."""
    if mode is None:
        return
    refused = _REFUSED[mode]
    uploaded = {u.filename for u in uploads}
    problems: FormProblems = {}
    for where, name in gallery_references(data.get("components") or []):
        sort = "uploaded" if name in uploaded else "kept"
        if kind in refused[sort]:
            problems[path + where] = (ERROR_CODE, ERROR_MESSAGE)
    if problems:
        raise invalid_form_body(problems, discord_bug=True)
