"""What the benchmark scripts' command lines share (imported as ``cli``: a script's own folder
is the first entry of ``sys.path``).

- :func:`parser`: ``--help`` shows the script's docstring as written (paragraphs, usage lines,
  lists) and every option with its default;
- :func:`progress`: a progress bar on stderr (tqdm), shown only when stderr is a terminal, so
  that the one JSON line on stdout is all a redirected or captured run prints;
- :func:`host_ms`: how fast the machine runs Python right now, so that runs on a shared host
  (whose speed was seen to change 1.6x within an hour) can be read side by side.
"""

from __future__ import annotations

import argparse
import sys
import time
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


HOST_LOOP = 2_000_000
"""Iterations of :func:`host_ms`'s loop (0.15–0.25 s of CPU on this machine)."""


def host_ms() -> float:
    """Milliseconds of CPU time a fixed pure-Python loop (:data:`HOST_LOOP` multiply-adds)
    takes now, the least of three tries: the host's speed, not the run's load (the CPU time
    of this thread, so the other processes of a run do not count, but a slower host does)."""
    best = float("inf")
    for _try in range(3):
        started = time.thread_time()
        total = 0
        for i in range(HOST_LOOP):
            total += i * i
        best = min(best, time.thread_time() - started)
    return round(best * 1000, 1)
