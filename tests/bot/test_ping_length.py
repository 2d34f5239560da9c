"""A ping never exceeds what Discord takes in a message's content (2,000 characters): a
burst of events naming people keeps its last lines (whose move it is now)."""

from __future__ import annotations

from bot.messages.pings import CONTENT_LIMIT, fitted


def test_a_short_ping_is_kept_whole() -> None:
    text = "<@1>: your move in game #3"
    assert fitted(text) == text


def test_a_long_ping_keeps_its_last_lines_within_the_limit() -> None:
    lines = [f"<@{n}>: <@9>'s series flipped your 🟦5★ in game #3 — now 🟩6." for n in range(60)]
    text = "\n".join([*lines, "<@2>: your move in game #3"])
    shown = fitted(text)
    assert len(shown) <= CONTENT_LIMIT < len(text)
    assert shown.startswith("…\n") and shown.endswith("<@2>: your move in game #3")
    assert all(line in text.splitlines() for line in shown.splitlines()[1:]), "whole lines"


def test_one_line_too_long_by_itself_is_cut() -> None:
    shown = fitted("x" * 3000)
    assert len(shown) == CONTENT_LIMIT and shown.endswith("…")
