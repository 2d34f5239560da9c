"""The few differences between the SQL that transaction bodies hold and what PostgreSQL reads.

The bodies are written once, in the SQL both databases share; :func:`translate` turns it into
PostgreSQL's spelling:

- ``?`` placeholders become ``$1, $2, ...`` (not inside quoted literals or identifiers);
- ``x IN (SELECT value FROM json_each(?))`` (a JSON list passed as one parameter, which
  SQLite reads with ``json_each``) becomes ``x = ANY($n)``, and that parameter is passed as
  the Python list it holds (see :attr:`Translated.json_lists`).

Everything else is the same text on both (``RETURNING``, ``ON CONFLICT``, savepoints,
``coalesce``, ``CASE``). Schema differences live in the per-dialect migrations
(``storage/migrations/postgresql/``).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

_JSON_LIST = re.compile(r"\bIN\s*\(\s*SELECT\s+value\s+FROM\s+json_each\(\s*\?\s*\)\s*\)", re.I)
_RETURNING = re.compile(r"\bRETURNING\b", re.I)
_MARK = "\x00"  # stands for a JSON-list placeholder between the two passes


@dataclass(frozen=True, slots=True)
class Translated:
    """A statement in PostgreSQL's spelling.

    Attributes:
        sql: the text, with ``$n`` placeholders.
        json_lists: the (0-based) parameters that hold a JSON list text and are passed to
            PostgreSQL as that list.
        returns_rows: the statement gives rows (a ``SELECT``, ``VALUES``, ``WITH``, ``SHOW`` or
            ``RETURNING``).
        returning: it changes rows and gives them back (``RETURNING``).
    """

    sql: str
    json_lists: tuple[int, ...]
    returns_rows: bool
    returning: bool

    def bind(self, parameters: Sequence[Any]) -> list[Any]:
        """``parameters`` as PostgreSQL takes them (JSON lists decoded)."""
        values = list(parameters)
        for index in self.json_lists:
            values[index] = json.loads(values[index])
        return values


@functools.lru_cache(maxsize=1024)
def translate(sql: str) -> Translated:
    """``sql`` (shared spelling, ``?`` placeholders) in PostgreSQL's spelling.

    Raises:
        ValueError: a quoted literal or identifier is not closed.
    """
    text = _JSON_LIST.sub("= ANY(" + _MARK + ")", sql)
    out: list[str] = []
    json_lists: list[int] = []
    count = 0
    i = 0
    while i < len(text):
        char = text[i]
        if char in "'\"":
            end = text.find(char, i + 1)
            while end != -1 and text[end + 1 : end + 2] == char:  # doubled quote inside
                end = text.find(char, end + 2)
            if end == -1:
                raise ValueError(f"unclosed quote in SQL: {sql[:80]!r}")
            out.append(text[i : end + 1])
            i = end + 1
            continue
        if char == "-" and text.startswith("--", i):
            end = text.find("\n", i)
            end = len(text) if end == -1 else end
            out.append(text[i:end])
            i = end
            continue
        if char in ("?", _MARK):
            if char == _MARK:
                json_lists.append(count)
            count += 1
            out.append(f"${count}")
        else:
            out.append(char)
        i += 1
    head = text.lstrip().split(None, 1)[0].upper() if text.strip() else ""
    returning = _RETURNING.search(text) is not None
    return Translated(
        "".join(out),
        tuple(json_lists),
        head in ("SELECT", "WITH", "VALUES", "SHOW") or returning,
        returning,
    )


def rowcount(status: str | None) -> int:
    """The rows a command changed, from PostgreSQL's command tag (``"UPDATE 1"``,
    ``"INSERT 0 3"``, ``"DELETE 0"``); ``-1`` for other commands (as ``sqlite3`` says)."""
    if not status:
        return -1
    parts = status.split()
    if parts[0] in ("INSERT", "UPDATE", "DELETE", "MERGE") and parts[-1].isdigit():
        return int(parts[-1])
    return -1
