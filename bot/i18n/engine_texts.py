"""A Babel extraction method for the engine's texts: each game's title and reference (card
names, rules summaries) are English msgids built by the engine, which holds no translation
calls; Babel asks this extractor for them, one game package at a time (``pyproject.toml``,
``[tool.babel]``: ``engine/*/__init__.py``)."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

import engine


def extract_engine_texts(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extractor interface: ``(line, function, message, comments)`` for every engine
    text of the game whose package ``fileobj`` opens (nothing for another file)."""
    name = Path(getattr(fileobj, "name", "")).parent.name
    if name not in engine.game_names():
        return
    game = engine.get_game(name)
    for text in sorted(game.reference_texts()):
        yield 1, None, text, [f"{game.info.title}: a card, rule or reference text."]
