"""Injected REST faults: answer the next N requests of a route with a 429 or a 5xx, or carry
them out and close the connection without answering (:data:`DROP`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from aiohttp import web

from .responses import json_response

DROP = 0
"""The ``status`` of a fault that carries the request out, then answers nothing: the
connection is closed (the answer is lost, as in a timeout between Discord and the bot)."""


@dataclass
class Fault:
    """Answer the next ``times`` requests of ``route`` ("POST /channels/{channel_id}/messages")
    with ``status`` (:data:`DROP`: carried out, no answer); ``hits`` counts how many it
    answered."""

    route: str
    status: int
    times: int
    retry_after: float = 0.0
    is_global: bool = False
    hits: int = 0

    def response(self) -> web.Response:
        if self.status == 429:
            body = {
                "message": "You are being rate limited.",
                "retry_after": self.retry_after,
                "global": self.is_global,
                "code": 0,
            }
            headers = {
                # discord.py treats a 429 without "Via" as a Cloudflare ban and does not retry.
                "Via": "1.1 google",
                "Retry-After": str(math.ceil(self.retry_after)),
                "X-RateLimit-Scope": "global" if self.is_global else "user",
            }
            if self.is_global:
                headers["X-RateLimit-Global"] = "true"
            return json_response(body, status=429, headers=headers)
        return json_response(
            {"message": f"{self.status}: Fake Server Error", "code": 0}, self.status
        )


class Faults:
    """The pending faults, matched in the order they were added."""

    def __init__(self) -> None:
        self.rules: list[Fault] = []

    def add(self, fault: Fault) -> Fault:
        self.rules.append(fault)
        return fault

    def take(self, route: str) -> Fault | None:
        """The first pending fault for ``route``, used up by one request; None if none."""
        for fault in self.rules:
            if fault.route == route and fault.hits < fault.times:
                fault.hits += 1
                return fault
        return None
