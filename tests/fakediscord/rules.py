"""Discord's documented rules that the fake enforces in every test unless the test relaxes one,
each with the document it comes from, and how a message body's size is counted.

A request that breaks a rule gets Discord's answer (400/50035 "Invalid Form Body", or 404/10062
for a late first answer) *and* fails the test that made it (``FakeDiscord.problems``). A test
about something else may relax a rule by name: ``FakeDiscord.running(relax={"deadline"})`` or
``@pytest.mark.fake_discord(relax={"deadline"})``.

Sources are files of github.com/discord/discord-api-docs (``developers/...``) and the OpenAPI
schema of github.com/discord/discord-api-spec (``specs/openapi.json``, schema name given).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .errors import FormProblems

RULES: dict[str, str] = {
    "deadline": "developers/interactions/receiving-and-responding.mdx, Interaction Callback: "
    '"you must send an initial response within 3 seconds of receiving the event"',
    "deferred_flags": "developers/interactions/receiving-and-responding.mdx, Interaction "
    "Callback Data Structure, note to flags: with DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE "
    '"the only valid message flag you may use is EPHEMERAL"',
    "media_gallery": "developers/components/reference.mdx, Media Gallery (1-10 items) and Media "
    "Gallery Item Structure (description max 1024); specs/openapi.json "
    "MediaGalleryComponentForMessageRequest.items minItems 1 maxItems 10, "
    "MediaGalleryItemRequest/ThumbnailComponentForMessageRequest.description minLength 1 "
    "maxLength 1024",
    "select_option": "specs/openapi.json StringSelectOptionForRequest: label and value "
    "minLength 1 (developers/components/reference.mdx, Select Option Structure: max 100)",
    "emoji_name": "specs/openapi.json ComponentEmojiForRequest.name maxLength 32 (buttons' and "
    "select options' emoji)",
    "component_ids": "developers/components/reference.mdx, Anatomy of a Component: "
    '"The id must be unique within the message" (0 counts as none)',
    "allowed_mentions": "developers/resources/message.mdx, Allowed Mentions Object: parse is "
    "mutually exclusive with users (and roles); both at once is a validation error",
    "nonce": "developers/resources/message.mdx, Create Message, JSON/Form Params: nonce "
    '"up to 25 characters"; specs/openapi.json MessageCreateRequest.nonce maxLength 25',
    "body_bytes": "the project's cap, under an undocumented one: discord/discord-api-docs#8554 "
    "measured a 500 past ~10,170 bytes of decoded text in a Components V2 message; the fake "
    "refuses a message body over 8,000 bytes of UTF-8 JSON",
}
"""Every rule the fake enforces by default: its name (for ``relax``) and where it is written."""

BODY_BYTES_LIMIT = 8000
"""The most bytes a message body may take (:func:`body_bytes`)."""

PICTURE_EDIT_MODES = ("original", "stale", "all")
"""How :attr:`Strictness.refuse_picture_edits` refuses picture edits (see ``picture_edits``)."""


def body_bytes(body: dict[str, Any]) -> int:
    """The size of a message body in bytes: its JSON, compact, in UTF-8.

    This is the body as Discord decodes it, whatever the wire escaping: discord.py writes
    non-ASCII as ``\\uXXXX`` without orjson and as UTF-8 with it, the same text either way
    (discord/discord-api-docs#8554: Discord's limit counts decoded UTF-8, not raw JSON).
    ``body`` is what a message is made from: the JSON (or ``payload_json``) of a create or an
    edit, or the ``data`` of an interaction callback.
    """
    return len(json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


@dataclass(frozen=True)
class Strictness:
    """Which documented rules the fake enforces, and whether it refuses picture edits.

    ``relaxed``: names from :data:`RULES` not enforced. ``refuse_picture_edits``: ``None``
    (Discord's documented behaviour), or one of :data:`PICTURE_EDIT_MODES`.
    """

    relaxed: frozenset[str] = frozenset()
    refuse_picture_edits: str | None = None

    @classmethod
    def of(cls, relax: Iterable[str] = (), refuse_picture_edits: str | None = None) -> Strictness:
        """Checked settings; ``ValueError`` names what exists for an unknown name or mode."""
        relaxed = frozenset((relax,) if isinstance(relax, str) else relax)
        unknown = relaxed - RULES.keys()
        if unknown:
            raise ValueError(f"unknown rules {sorted(unknown)}; the rules: {sorted(RULES)}")
        if refuse_picture_edits not in (None, *PICTURE_EDIT_MODES):
            raise ValueError(
                f"refuse_picture_edits={refuse_picture_edits!r}: one of {PICTURE_EDIT_MODES}"
            )
        return cls(relaxed, refuse_picture_edits)

    def enforces(self, rule: str) -> bool:
        """Whether ``rule`` (a key of :data:`RULES`) is enforced."""
        assert rule in RULES, rule
        return rule not in self.relaxed


STRICT = Strictness()
"""Every rule enforced, picture edits accepted: the default."""


def check_request(
    data: dict[str, Any], strict: Strictness, problems: FormProblems, *, path: str = ""
) -> None:
    """Add to ``problems`` what Discord refuses in a message body's request-only fields:
    ``allowed_mentions``, ``nonce``, and its size (an error of the whole body). ``path``
    prefixes the error paths (``"data."`` for a callback's body)."""
    allowed = data.get("allowed_mentions")
    if strict.enforces("allowed_mentions") and isinstance(allowed, dict):
        parse = allowed.get("parse") or []
        for kind in ("users", "roles"):
            if kind in parse and allowed.get(kind):
                problems[f"{path}allowed_mentions"] = (
                    f'parse "{kind}" cannot be used with a {kind} list (mutually exclusive).'
                )
    nonce = data.get("nonce")
    if strict.enforces("nonce") and isinstance(nonce, str) and len(nonce) > 25:
        problems[f"{path}nonce"] = "Must be 25 or fewer in length."
    size = body_bytes(data)
    if strict.enforces("body_bytes") and size > BODY_BYTES_LIMIT:
        problems[path.rstrip(".")] = f"Message body is {size} bytes, more than {BODY_BYTES_LIMIT}."
