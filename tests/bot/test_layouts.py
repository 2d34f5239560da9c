"""Layout helpers: long texts split into messages."""

from __future__ import annotations

from bot.messages import layouts


def test_a_long_text_is_split_between_paragraphs_into_messages_that_fit() -> None:
    paragraphs = ["\n".join(f"line {p}.{n} " + "x" * 60 for n in range(20)) for p in range(5)]
    text = "\n\n".join(paragraphs)
    parts = layouts.split(text)
    assert len(parts) > 1 and all(len(part) <= layouts.TEXT_LIMIT for part in parts)
    assert "\n\n".join(parts) == text  # cut only at blank lines, nothing lost
    assert layouts.split("short") == ["short"]


def test_a_text_without_blank_lines_is_split_between_lines() -> None:
    text = "\n".join("y" * 99 for _ in range(100))
    parts = layouts.split(text)
    assert all(len(part) <= layouts.TEXT_LIMIT for part in parts)
    assert "\n".join(parts) == text
