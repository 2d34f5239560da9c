"""HTTP answers as Discord gives them: JSON with ``Content-Type`` exactly ``application/json``
(discord.py treats ``application/json; charset=utf-8`` as text), 204 for no content."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from .errors import DiscordHTTPError

API_PREFIX = "/api/v10"


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """``data`` as JSON with the exact content type discord.py checks."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def no_content() -> web.Response:
    return web.Response(status=204)


def snowflake(request: web.Request, key: str) -> int:
    """The path parameter ``key`` as an int; a 404 like Discord's for a non-number."""
    try:
        return int(request.match_info[key])
    except ValueError:
        raise DiscordHTTPError(404, 0, "404: Not Found") from None
