"""Reading message components as sent: walk the tree, find what a user can click, read the text.

Components are kept exactly as the bot sent them (plain dicts). Classic messages have action rows
(type 1) of buttons (2) and selects (3, 5-8); Components V2 messages (flag ``1 << 15``) nest
containers (17), sections (9, with an ``accessory``), text displays (10), separators (14),
thumbnails (11), media galleries (12), files (13) and labels (18, with a ``component``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from .errors import ComponentNotFound

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 5, 6, 7, 8
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER, LABEL = (
    9,
    10,
    11,
    12,
    13,
    14,
    17,
    18,
)
SELECTS = frozenset({STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT})
LINK_STYLE, PREMIUM_STYLE = 5, 6


def walk(components: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component of the tree, depth first, parents before children."""
    for component in components:
        yield component
        yield from walk(component.get("components") or ())
        for key in ("accessory", "component"):
            child = component.get(key)
            if child:
                yield from walk((child,))


def buttons(components: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """All buttons, link and disabled ones included."""
    return [c for c in walk(components) if c.get("type") == BUTTON]


def selects(components: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """All select menus (string, user, role, mentionable, channel)."""
    return [c for c in walk(components) if c.get("type") in SELECTS]


def gallery_items(components: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every media gallery item (``media``, ``description``, ``spoiler``), in order."""
    return [
        item
        for c in walk(components)
        if c.get("type") == MEDIA_GALLERY
        for item in c.get("items") or ()
    ]


def shown_attachment_ids(components: Iterable[dict[str, Any]]) -> set[str]:
    """The ids of the attachments the components show (resolved ``attachment://`` media of
    media gallery items, thumbnails and files)."""
    shown: set[str] = set()
    for c in walk(components):
        media = [item.get("media") or {} for item in c.get("items") or ()]
        media += [c.get(key) or {} for key in ("media", "file") if isinstance(c.get(key), dict)]
        shown.update(str(m["attachment_id"]) for m in media if m.get("attachment_id"))
    return shown


def describe(component: dict[str, Any]) -> str:
    """A short human description for error messages: ``button 'Join' (custom_id='g:1:join')``."""
    kind = "button" if component.get("type") == BUTTON else f"type {component.get('type')}"
    if component.get("type") in SELECTS:
        kind = "select"
    label = component.get("label") or component.get("placeholder") or ""
    extra = " disabled" if component.get("disabled") else ""
    return f"{kind} {label!r} (custom_id={component.get('custom_id')!r}){extra}"


def find(
    components: Iterable[dict[str, Any]],
    *,
    types: frozenset[int],
    label: str | None = None,
    custom_id: str | None = None,
    custom_id_prefix: str | None = None,
    custom_id_match: str | re.Pattern[str] | None = None,
    placeholder: str | None = None,
) -> dict[str, Any]:
    """The single component of one of ``types`` matching every criterion given.

    ``custom_id_match`` is a regex searched with ``re.fullmatch``. With no criterion, the only
    component of those types is returned.

    Raises :class:`ComponentNotFound` (listing what the message does have) when none or more
    than one component matches.
    """
    candidates = [c for c in walk(components) if c.get("type") in types]
    pattern = re.compile(custom_id_match) if isinstance(custom_id_match, str) else custom_id_match
    found = [
        c
        for c in candidates
        if (label is None or c.get("label") == label)
        and (custom_id is None or c.get("custom_id") == custom_id)
        and (custom_id_prefix is None or str(c.get("custom_id", "")).startswith(custom_id_prefix))
        and (pattern is None or pattern.fullmatch(str(c.get("custom_id", ""))))
        and (placeholder is None or c.get("placeholder") == placeholder)
    ]
    if len(found) == 1:
        return found[0]
    wanted = {
        "label": label,
        "custom_id": custom_id,
        "custom_id_prefix": custom_id_prefix,
        "custom_id_match": custom_id_match,
        "placeholder": placeholder,
    }
    criteria = ", ".join(f"{k}={v!r}" for k, v in wanted.items() if v is not None) or "anything"
    have = "; ".join(describe(c) for c in candidates) or "none"
    what = "no component" if not found else f"{len(found)} components"
    raise ComponentNotFound(f"{what} matching {criteria}; the message has: {have}")


def text(
    content: str, embeds: Iterable[dict[str, Any]], components: Iterable[dict[str, Any]]
) -> str:
    """All text a user reads on a message, one piece per line: content, embed parts, V2 text."""
    parts = [content] if content else []
    for embed in embeds:
        parts.extend(
            str(embed[key]) for key in ("title", "description") if embed.get(key) is not None
        )
        author = (embed.get("author") or {}).get("name")
        parts.extend([author] if author else [])
        for field in embed.get("fields") or ():
            parts.extend([str(field.get("name", "")), str(field.get("value", ""))])
        footer = (embed.get("footer") or {}).get("text")
        parts.extend([footer] if footer else [])
    parts.extend(str(c["content"]) for c in walk(components) if c.get("type") == TEXT_DISPLAY)
    return "\n".join(parts)
