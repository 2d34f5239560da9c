"""Counting the bot's requests to Discord's REST API, through the hook discord.py offers for
it: an ``aiohttp.TraceConfig`` given to the client (``Client(http_trace=...)``), which sees
every request of its HTTP session — discord.py's own, interaction answers and follow-ups
alike — and every try of one (a 429 that discord.py waits out and sends again counts twice).

Each request is labelled by its route template, as Discord's documentation writes routes:
the ids and tokens of its path replaced by their names (``/channels/{channel_id}/messages/
{message_id}``), so a label never holds an id (one series per route, not per message). A
refusal (4xx, 429 aside) is also counted by Discord's JSON error code, read from the answer's
body (aiohttp keeps the body it read: discord.py reads the same bytes after).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace

import aiohttp
from prometheus_client import Counter
from yarl import URL

log = logging.getLogger(__name__)

_API_PATH = re.compile(r"(?:/.*)?/api/v\d+(/[^?#]*)")
"""A REST request's path: the route after the API's base and version (``/api/v10``)."""

_WORD = re.compile(r"[a-z@][a-z0-9@._-]*")
"""A segment kept as it is (``messages``, ``callback``, ``@original``, ``bulk-delete``)."""

_TOKENS = {"{webhook_id}": "{webhook_token}", "{interaction_id}": "{interaction_token}"}
"""The token that follows a webhook's or an interaction's id in a path."""

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
"""The route of an interaction's first answer."""


def route_template(path: str) -> str | None:
    """The route template of the request path ``path`` (raw, as sent): ``None`` for a path
    that is not under the API's base (the gateway, attachments). A number is an id, named
    after the collection it follows (``/guilds/1/roles/2`` -> ``/guilds/{guild_id}/roles/
    {role_id}``, else ``{id}``); the segment after a webhook's or an interaction's id is its
    token; any other segment that is not a plain lowercase word (an emoji, a code) is
    ``{value}``."""
    found = _API_PATH.fullmatch(path)
    if found is None:
        return None
    parts: list[str] = []
    for segment in found.group(1).split("/")[1:]:
        before = parts[-1] if parts else ""
        if segment.isdigit():
            plain = _WORD.fullmatch(before) and before.endswith("s")
            parts.append("{" + before[:-1] + "_id}" if plain else "{id}")
        elif before in _TOKENS and len(parts) >= 2 and parts[-2] in ("webhooks", "interactions"):
            parts.append(_TOKENS[before])
        else:
            parts.append(segment if _WORD.fullmatch(segment) else "{value}")
    return "/" + "/".join(parts)


@dataclass(frozen=True, slots=True)
class RestCounts:
    """Where :func:`rest_trace` counts: every request by ``(method, route, status)``, every
    refusal by ``(method, route, status, code)``, and ``answered(interaction_id)`` for each
    interaction's first answer Discord accepted."""

    requests: Counter
    refusals: Counter
    answered: Callable[[int], None]


def rest_trace(counts: RestCounts) -> aiohttp.TraceConfig:
    """A trace config that counts every REST request of the session it is given to in
    ``counts``. It never raises into the request."""
    trace = aiohttp.TraceConfig()

    async def ended(
        _session: aiohttp.ClientSession,
        _context: SimpleNamespace,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        try:
            await _count(counts, params.method, params.url, params.response)
        except Exception:  # a count is never worth a failed request
            log.exception("could not count a request to Discord")

    async def failed(
        _session: aiohttp.ClientSession,
        _context: SimpleNamespace,
        params: aiohttp.TraceRequestExceptionParams,
    ) -> None:
        if isinstance(params.exception, asyncio.CancelledError):
            return  # the caller stopped waiting: not Discord's doing
        route = route_template(params.url.raw_path)
        if route is not None:
            counts.requests.labels(params.method, route, "error").inc()

    trace.on_request_end.append(ended)
    trace.on_request_exception.append(failed)
    return trace


async def _count(
    counts: RestCounts, method: str, url: URL, response: aiohttp.ClientResponse
) -> None:
    route = route_template(url.raw_path)
    if route is None:
        return
    status = response.status
    counts.requests.labels(method, route, str(status)).inc()
    if route == CALLBACK and status < 300:
        counts.answered(int(url.raw_path.rsplit("/", 3)[1]))
    elif 400 <= status < 500 and status != 429:
        code = await _error_code(response)
        counts.refusals.labels(method, route, str(status), code).inc()


async def _error_code(response: aiohttp.ClientResponse) -> str:
    """Discord's JSON error code of a refusal (``"none"``: its body has none)."""
    try:
        body = json.loads(await response.read())
    except (ValueError, aiohttp.ClientError):
        return "none"
    code = body.get("code") if isinstance(body, dict) else None
    return str(code) if isinstance(code, int) else "none"
