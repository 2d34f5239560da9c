"""Discord's limits on a message body, checked before the fake stores it.

A bot that breaks one gets the same 400 (code 50035 "Invalid Form Body", or 50006 for an empty
message) as from Discord, so limits are found in tests rather than in production. The rules of
:data:`.rules.RULES` apply unless the test relaxed them (:class:`.rules.Strictness`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import components as c
from .errors import DiscordHTTPError, FormProblems, invalid_form_body
from .rules import STRICT, Strictness, check_request

IS_COMPONENTS_V2 = 1 << 15

_V2_TOP_LEVEL = {c.ACTION_ROW, c.SECTION, c.TEXT_DISPLAY, c.MEDIA_GALLERY, c.FILE, c.SEPARATOR}
_V2_TOP_LEVEL |= {c.CONTAINER}
_EMBED_LIMITS = {"title": 256, "description": 4096}


def validate_message(
    *,
    content: str,
    embeds: list[dict[str, Any]],
    components: list[dict[str, Any]],
    flags: int,
    attachment_count: int,
    strict: Strictness = STRICT,
    body: dict[str, Any] | None = None,
    path: str = "",
) -> None:
    """Raise :class:`DiscordHTTPError` if Discord would refuse a message with these fields
    (the message as it would be after the request) made by the request ``body`` (its
    ``allowed_mentions``, ``nonce`` and size are checked too; ``path``: ``"data."`` for a
    callback's)."""
    problems: FormProblems = {}
    v2 = bool(flags & IS_COMPONENTS_V2)
    if v2:
        if content:
            problems["content"] = "Cannot be used with IS_COMPONENTS_V2 (use text displays)."
        if embeds:
            problems["embeds"] = "Cannot be used with IS_COMPONENTS_V2."
        _check_v2_components(components, problems)
    else:
        if len(content) > 2000:
            problems["content"] = "Must be 2000 or fewer in length."
        _check_classic_components(components, problems)
    _check_embeds(embeds, problems)
    _check_interactive(components, problems)
    _check_documented(components, strict, problems)
    if body is not None:
        check_request(body, strict, problems, path=path)
    if problems:
        raise invalid_form_body(problems)
    if not (content or embeds or components or attachment_count):
        raise DiscordHTTPError(400, 50006, "Cannot send an empty message")


def _check_embeds(embeds: list[dict[str, Any]], problems: FormProblems) -> None:
    if len(embeds) > 10:
        problems["embeds"] = "Must be 10 or fewer in length."
    total = 0
    for i, embed in enumerate(embeds):
        for key, limit in _EMBED_LIMITS.items():
            size = len(str(embed.get(key) or ""))
            total += size
            if size > limit:
                problems[f"embeds.{i}.{key}"] = f"Must be {limit} or fewer in length."
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems[f"embeds.{i}.fields"] = "Must be 25 or fewer in length."
        for j, field in enumerate(fields):
            for key, limit in (("name", 256), ("value", 1024)):
                size = len(str(field.get(key) or ""))
                total += size
                if not size:
                    problems[f"embeds.{i}.fields.{j}.{key}"] = "This field is required"
                elif size > limit:
                    problems[f"embeds.{i}.fields.{j}.{key}"] = (
                        f"Must be {limit} or fewer in length."
                    )
        for key, inner, limit in (("footer", "text", 2048), ("author", "name", 256)):
            size = len(str((embed.get(key) or {}).get(inner) or ""))
            total += size
            if size > limit:
                problems[f"embeds.{i}.{key}.{inner}"] = f"Must be {limit} or fewer in length."
    if total > 6000:
        problems["embeds"] = "Embed size exceeds maximum size of 6000"


def _check_classic_components(components: list[dict[str, Any]], problems: FormProblems) -> None:
    if len(components) > 5:
        problems["components"] = "Must be 5 or fewer in length."
    for i, row in enumerate(components):
        if row.get("type") != c.ACTION_ROW:
            problems[f"components.{i}.type"] = (
                "Only action rows may be top-level components without IS_COMPONENTS_V2."
            )
            continue
        _check_row(row, f"components.{i}", problems)


def _check_row(row: dict[str, Any], path: str, problems: FormProblems) -> None:
    children = row.get("components") or []
    kinds = {child.get("type") for child in children}
    if not children:
        problems[f"{path}.components"] = "Must be between 1 and 5 in length."
    elif kinds & c.SELECTS and len(children) != 1:
        problems[f"{path}.components"] = "A select menu must be alone in its action row."
    elif len(children) > 5:
        problems[f"{path}.components"] = "Must be between 1 and 5 in length."


def _check_v2_components(components: list[dict[str, Any]], problems: FormProblems) -> None:
    everything = list(c.walk(components))
    if len(everything) > 40:
        problems["components"] = "Must be 40 or fewer in total (nested components count)."
    text_size = sum(
        len(str(x.get("content", ""))) for x in everything if x.get("type") == c.TEXT_DISPLAY
    )
    if text_size > 4000:
        problems["components"] = "Text displays total must be 4000 or fewer characters."
    for i, top in enumerate(components):
        if top.get("type") not in _V2_TOP_LEVEL:
            problems[f"components.{i}.type"] = f"Type {top.get('type')} cannot be top-level."
    for x in everything:
        if x.get("type") == c.ACTION_ROW:
            _check_row(x, "components", problems)
        elif x.get("type") == c.SECTION:
            texts = x.get("components") or []
            if not 1 <= len(texts) <= 3 or not x.get("accessory"):
                problems["components"] = "A section needs 1-3 text displays and an accessory."
        elif x.get("type") == c.TEXT_DISPLAY and not x.get("content"):
            problems["components"] = "A text display needs content."


def _check_interactive(components: list[dict[str, Any]], problems: FormProblems) -> None:
    ids: Counter[str] = Counter()
    for x in c.walk(components):
        kind = x.get("type")
        if kind == c.BUTTON:
            _check_button(x, problems)
        elif kind in c.SELECTS:
            _check_select(x, problems)
        else:
            continue
        if x.get("custom_id") is not None:
            ids[str(x["custom_id"])] += 1
    for custom_id, count in ids.items():
        if count > 1:
            problems["components"] = f"Component custom id {custom_id!r} is used {count} times."


def _check_custom_id(x: dict[str, Any], problems: FormProblems) -> None:
    custom_id = x.get("custom_id")
    if not custom_id:
        problems["components"] = f"{c.describe(x)}: custom_id is required."
    elif len(str(custom_id)) > 100:
        problems["components"] = f"{c.describe(x)}: custom_id must be 100 or fewer in length."


def _check_button(x: dict[str, Any], problems: FormProblems) -> None:
    style = x.get("style")
    if style == c.LINK_STYLE:
        if not x.get("url") or x.get("custom_id"):
            problems["components"] = f"{c.describe(x)}: a link button needs a url, no custom_id."
    elif style != c.PREMIUM_STYLE:
        _check_custom_id(x, problems)
    if len(str(x.get("label") or "")) > 80:
        problems["components"] = f"{c.describe(x)}: label must be 80 or fewer in length."
    if style != c.PREMIUM_STYLE and not (x.get("label") or x.get("emoji")):
        problems["components"] = f"{c.describe(x)}: a button needs a label or an emoji."


def _check_select(x: dict[str, Any], problems: FormProblems) -> None:
    _check_custom_id(x, problems)
    low, high = x.get("min_values", 1), x.get("max_values", 1)
    if not (0 <= low <= high <= 25) or high < 1:
        problems["components"] = f"{c.describe(x)}: need 0 <= min_values <= max_values <= 25."
    if len(str(x.get("placeholder") or "")) > 150:
        problems["components"] = f"{c.describe(x)}: placeholder must be 150 or fewer in length."
    if x.get("type") != c.STRING_SELECT:
        return
    options = x.get("options") or []
    if not 1 <= len(options) <= 25:
        problems["components"] = f"{c.describe(x)}: must have between 1 and 25 options."
    if high > len(options):
        problems["components"] = f"{c.describe(x)}: max_values exceeds the number of options."
    values = [str(o.get("value", "")) for o in options]
    if len(set(values)) != len(values):
        problems["components"] = f"{c.describe(x)}: option values must be unique."
    for o in options:
        for key in ("label", "value", "description"):
            if len(str(o.get(key) or "")) > 100:
                problems["components"] = f"{c.describe(x)}: option {key} must be <= 100 long."


def _paths(
    components: list[dict[str, Any]], prefix: str = "components"
) -> list[tuple[str, dict[str, Any]]]:
    """Every component with its error path (``components.0.components.2.accessory``)."""
    found: list[tuple[str, dict[str, Any]]] = []
    for i, node in enumerate(components):
        path = f"{prefix}.{i}"
        found.append((path, node))
        found += _paths(node.get("components") or [], f"{path}.components")
        for key in ("accessory", "component"):
            if isinstance(node.get(key), dict):
                found.append((f"{path}.{key}", node[key]))
    return found


def _check_documented(
    components: list[dict[str, Any]], strict: Strictness, problems: FormProblems
) -> None:
    """The rules of :data:`.rules.RULES` on components (each cites its source there)."""
    ids: dict[int, str] = {}
    for path, x in _paths(components):
        kind = x.get("type")
        # components/reference.mdx, Anatomy of a Component: "The id must be unique within
        # the message"; 0 is "treated as empty"
        component_id = x.get("id")
        if strict.enforces("component_ids") and component_id:
            if component_id in ids:
                problems[f"{path}.id"] = (
                    f"Component id {component_id} is already used by {ids[component_id]}."
                )
            ids.setdefault(component_id, path)
        # components/reference.mdx, Media Gallery: 1-10 items (openapi minItems/maxItems)
        if kind == c.MEDIA_GALLERY and strict.enforces("media_gallery"):
            items = x.get("items") or []
            if not 1 <= len(items) <= 10:
                problems[f"{path}.items"] = "Must be between 1 and 10 in length."
            for j, item in enumerate(items):
                _check_alt_text(item, f"{path}.items.{j}", problems)
        if kind == c.THUMBNAIL and strict.enforces("media_gallery"):
            _check_alt_text(x, path, problems)
        # openapi ComponentEmojiForRequest.name: maxLength 32
        if kind == c.BUTTON:
            _check_emoji(x.get("emoji"), f"{path}.emoji", strict, problems)
        if kind == c.STRING_SELECT:
            for j, option in enumerate(x.get("options") or []):
                where = f"{path}.options.{j}"
                _check_emoji(option.get("emoji"), f"{where}.emoji", strict, problems)
                # openapi StringSelectOptionForRequest: label, value minLength 1
                for key in ("label", "value"):
                    if strict.enforces("select_option") and not str(option.get(key) or ""):
                        problems[f"{where}.{key}"] = "Must be between 1 and 100 in length."


def _check_alt_text(item: dict[str, Any], path: str, problems: FormProblems) -> None:
    """components/reference.mdx, Media Gallery Item Structure (and Thumbnail): description
    max 1024; openapi minLength 1 (absent or null: none, allowed)."""
    description = item.get("description")
    if description is not None and not 1 <= len(str(description)) <= 1024:
        problems[f"{path}.description"] = "Must be between 1 and 1024 in length."


def _check_emoji(emoji: Any, path: str, strict: Strictness, problems: FormProblems) -> None:
    named = isinstance(emoji, dict) and len(str(emoji.get("name") or "")) > 32
    if strict.enforces("emoji_name") and named:
        problems[f"{path}.name"] = "Must be 32 or fewer in length."
