"""What the benchmark scripts' command lines share (imported as ``cli``: a script's own folder
is the first entry of ``sys.path``).

- :func:`parser`: ``--help`` shows the script's docstring as written (paragraphs, usage lines,
  lists) and every option with its default;
- :func:`progress`: a progress bar on stderr (tqdm), shown only when stderr is a terminal, so
  that the one JSON line on stdout is all a redirected or captured run prints.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Never, TypeVar

from tqdm import tqdm

T = TypeVar("T")


class HelpFormatter(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """Help that keeps the description's lines as written and names each option's default
    (unless it has none: ``None``)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default is None:
            return action.help
        return super()._get_help_string(action)


def parser(doc: str | None) -> argparse.ArgumentParser:
    """An argument parser whose description is ``doc`` (the script's docstring), whole."""
    return argparse.ArgumentParser(description=doc, formatter_class=HelpFormatter)


def progress(total: int | None, description: str, unit: str = "game") -> tqdm[Never]:
    """A progress bar on stderr counting to ``total`` ``unit``s (advance it with
    ``update()``); it shows nothing when stderr is not a terminal (tqdm's ``disable=None``)."""
    return tqdm(total=total, desc=description, unit=unit, file=sys.stderr, disable=None)


def tracked(
    items: Iterable[T], description: str, total: int | None = None, unit: str = "game"
) -> tqdm[T]:
    """``items``, with a :func:`progress` bar that advances as each is taken."""
    return tqdm(items, total=total, desc=description, unit=unit, file=sys.stderr, disable=None)
