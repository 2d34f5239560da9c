"""The picture guard: a request refused with its picture is made again at once without it;
pictures are then held off on that channel's form of request (and no other) until a trial
passes; one WARNING per channel with Discord's code and message; refusals that are not about
the picture (a message gone, an interaction spent) are not retried."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest

from bot.messages.picture_guard import EDIT, ORIGINAL, UPDATE, PictureGuard, Route, refused
from bot.pictures.base import Picture
from bot.timing.breaker import CircuitBreakers

PICTURE = Picture("seat-ab.png", b"png", "alt")


class Response:
    """What ``discord.HTTPException`` reads of aiohttp's response."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "Reason"


def answer(status: int, code: int, message: str = "Invalid Form Body") -> discord.HTTPException:
    """The exception discord.py raises for Discord's answer ``status``/``code``."""
    kind: type[discord.HTTPException] = discord.HTTPException
    if status >= 500:
        kind = discord.DiscordServerError
    elif status == 404:
        kind = discord.NotFound
    elif status == 403:
        kind = discord.Forbidden
    data: dict[str, Any] = {"code": code, "message": message}
    if code == 50035:
        data["errors"] = {
            "components": {
                "0": {"_errors": [{"code": "UNFURLED", "message": "Unfurled media not found."}]}
            }
        }
    return kind(Response(status), data)  # type: ignore[arg-type]


class Discord:
    """Requests as the guard makes them: each refused with ``refusals`` while it has any
    (when it carries a picture, or always with ``always``)."""

    def __init__(self, *refusals: discord.HTTPException, always: bool = False) -> None:
        self.refusals = list(refusals)
        self.always = always
        self.made: list[Picture | None] = []

    async def request(self, picture: Picture | None) -> str:
        self.made.append(picture)
        if self.refusals and (picture is not None or self.always):
            raise self.refusals.pop(0)
        return "with" if picture is not None else "without"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def guard_on(clock: Clock) -> PictureGuard:
    return PictureGuard(object(), CircuitBreakers(hold=300, longest=3600, clock=clock))


@pytest.mark.parametrize(
    ("status", "code", "retried"),
    [
        pytest.param(400, 50035, True, id="400 invalid form body (#7529)"),
        pytest.param(403, 50013, True, id="403 no Attach Files"),
        pytest.param(413, 40005, True, id="413 too large"),
        pytest.param(400, 30015, True, id="400 too many attachments"),
        pytest.param(500, 0, True, id="500 after discord.py's tries"),
        pytest.param(404, 10008, False, id="404 message gone"),
        pytest.param(404, 10062, False, id="404 interaction unknown"),
        pytest.param(401, 50027, False, id="401 token expired"),
        pytest.param(400, 40060, False, id="400 already acknowledged"),
    ],
)
async def test_a_refused_picture_is_dropped_at_once_and_nothing_else_is(
    status: int, code: int, retried: bool
) -> None:
    exc = answer(status, code)
    assert refused(exc) is retried
    guard, discord_ = guard_on(Clock()), Discord(exc)
    route = Route(7, EDIT)
    if retried:
        assert await guard.carry(route, PICTURE, discord_.request) == "without"
        assert discord_.made == [PICTURE, None]
        assert guard.held(route)
    else:
        with pytest.raises(type(exc)):
            await guard.carry(route, PICTURE, discord_.request)
        assert discord_.made == [PICTURE] and not guard.held(route)


async def test_pictures_are_held_off_on_that_channels_form_until_a_trial_passes() -> None:
    clock = Clock()
    guard = guard_on(clock)
    refusal = answer(400, 50035)
    original, update = Route(7, ORIGINAL), Route(7, UPDATE)
    discord_ = Discord(refusal, refusal)
    assert await guard.carry(original, PICTURE, discord_.request) == "without"
    assert await guard.carry(original, PICTURE, discord_.request) == "without"
    assert discord_.made == [PICTURE, None, None]  # held off: not tried again
    assert await guard.carry(update, PICTURE, discord_.request) == "without"  # its own
    assert await guard.carry(Route(8, ORIGINAL), PICTURE, Discord().request) == "with"
    assert await guard.carry(original, None, discord_.request) == "without"  # no picture

    clock.now += 300  # half-open: one trial, refused: held off for twice as long
    assert await guard.carry(original, PICTURE, Discord(refusal).request) == "without"
    clock.now += 599
    assert guard.held(original)
    clock.now += 1
    assert await guard.carry(original, PICTURE, Discord().request) == "with"  # it passes
    assert not guard.held(original)
    assert await guard.carry(original, PICTURE, Discord().request) == "with"


async def test_one_warning_per_channel_with_discords_code_and_message(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = Clock()
    guard = guard_on(clock)
    refusal = answer(400, 50035)
    with caplog.at_level(logging.INFO, logger="bot.messages.picture_guard"):
        for form in (EDIT, UPDATE, ORIGINAL):
            await guard.carry(Route(7, form), PICTURE, Discord(refusal).request)
        await guard.carry(Route(8, EDIT), PICTURE, Discord(refusal).request)
        clock.now += 300
        await guard.carry(Route(7, EDIT), PICTURE, Discord(refusal).request)  # the trial
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert [r.getMessage().split(":")[0] for r in warnings] == ["channel 7", "channel 8"]
    assert "400/50035 Invalid Form Body; In components.0: Unfurled media not found." in (
        warnings[0].getMessage()
    )
    assert "held off for 300 s" in warnings[0].getMessage()
    assert len(caplog.records) == 5  # the rest at INFO

    # once every route of a channel passes again, a new refusal there is news again
    caplog.clear()
    clock.now += 600
    for form in (UPDATE, ORIGINAL, EDIT):
        await guard.carry(Route(7, form), PICTURE, Discord().request)
    with caplog.at_level(logging.WARNING, logger="bot.messages.picture_guard"):
        await guard.carry(Route(7, EDIT), PICTURE, Discord(refusal).request)
    assert [r.levelno for r in caplog.records] == [logging.WARNING]


async def test_when_the_request_fails_without_its_picture_too_the_picture_is_not_blamed() -> None:
    guard = guard_on(Clock())
    forbidden = answer(403, 50013, "Missing Permissions")
    discord_ = Discord(forbidden, forbidden, always=True)
    with pytest.raises(discord.Forbidden):
        await guard.carry(Route(7, EDIT), PICTURE, discord_.request)
    assert discord_.made == [PICTURE, None]
    assert not guard.held(Route(7, EDIT))
