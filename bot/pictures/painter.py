"""Drawing pictures off the event loop, each once: a :class:`Painter` renders in workers and
keeps what it drew in a cache bounded in bytes, keyed by everything a picture is drawn from —
the game, the kind, the subject (the table's view; for a seat's screen what the game's picture
shows of its view, such as the hand: ``bot.pictures.base.subject``) and the context (language,
seats' names, whether it ended early). A picture is a function of those alone, so a subject
seen again (the same hand after another player's move, the same table at a later step) is
never drawn again, whatever the game's step.

Two workers: one for the pictures an interaction's answer waits for (a player's screen, the
table answering a click on it), one for the rest (tables and open screens edited in the
background), so that a burst of table edits never queues in front of a click's answer. With
``processes`` (the bot's default) they are processes — :data:`URGENT_PROCESSES` for the
first, one at a lower priority for the rest — and drawing takes no interpreter time from the
event loop (in a thread it does: Pillow keeps the interpreter lock through its drawing calls
and the palette mapping, and the loop's callbacks wait meanwhile).

A table edit and the interaction answer that shows the same view get one rendering; a picture
asked for again while it is being drawn waits for that drawing.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.pictures.base import Kind, Picture, PictureContext, render, subject
from engine import View

log = logging.getLogger(__name__)

CACHE_BYTES = 16 * 1024 * 1024
"""The most PNG bytes the cache keeps (about 400 tables of 40 KB)."""


class PictureCache:
    """Pictures by key, the least recently used let go past ``limit`` bytes (thread-safe)."""

    def __init__(self, limit: int = CACHE_BYTES) -> None:
        self.limit = limit
        self._kept: OrderedDict[Hashable, Picture | None] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> tuple[bool, Picture | None]:
        """``(found, picture)`` for ``key`` (a game without that kind of picture is kept as
        ``None`` too)."""
        with self._lock:
            if key not in self._kept:
                self.misses += 1
                return False, None
            self._kept.move_to_end(key)
            self.hits += 1
            return True, self._kept[key]

    def put(self, key: Hashable, picture: Picture | None) -> None:
        """Keep ``picture`` under ``key``."""
        size = len(picture.data) if picture is not None else 0
        with self._lock:
            old = self._kept.pop(key, None)
            self._bytes -= len(old.data) if old is not None else 0
            self._kept[key] = picture
            self._bytes += size
            while self._bytes > self.limit and len(self._kept) > 1:
                _key, gone = self._kept.popitem(last=False)
                self._bytes -= len(gone.data) if gone is not None else 0

    @property
    def size(self) -> int:
        """The PNG bytes kept now."""
        return self._bytes


URGENT_PROCESSES = 2
"""Processes drawing what interactions wait for. One was not enough on a loaded machine: a
picture costing 10 ms of CPU took 80 ms there, 17 interactions a second queued behind one
another without end (bot_latency.py, 100 games, load 17 on 2 cores: answers over 10 s). The
operating system shares the CPU by process, so two get twice the share, and a click's picture
waits behind at most every other one."""

URGENT_WAIT = 1.0
"""Seconds an interaction's answer waits for its picture (one takes about 10 ms of CPU):
past that it goes without, so that it comes within Discord's 3 seconds however far behind
the drawing is; the picture, drawn all the same, shows on the message's next edit."""

BACKGROUND_NICE = 5
"""How much lower the background drawing process runs than the bot (``os.nice``)."""


def _background() -> None:
    _exit_with_parent()
    with contextlib.suppress(OSError):
        os.nice(BACKGROUND_NICE)


def _exit_with_parent() -> None:
    """End this drawing process when the bot's ends, even killed (``SIGKILL``): a pool's
    worker waits on a queue whose writing end it holds itself, so it would never see the
    bot go and would live on (with the resource tracker) after every crash."""
    parent = multiprocessing.parent_process()
    if parent is None:  # pragma: no cover - only ever run in a spawned worker
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class Painter:
    """Renders pictures in workers, each (game, kind, subject, context) once (see the module
    docstring).

    Args:
        cache: where finished pictures are kept (default: a new :class:`PictureCache`).
        processes: draw in processes of their own (else in threads of this one).
        urgent_wait: seconds an urgent picture is waited for (:data:`URGENT_WAIT`).
    """

    def __init__(
        self,
        cache: PictureCache | None = None,
        *,
        processes: bool = False,
        urgent_wait: float = URGENT_WAIT,
    ) -> None:
        self.cache = cache or PictureCache()
        self._processes = processes
        self.urgent_wait = urgent_wait
        self.late = 0
        """Urgent pictures not ready in time (their answer went without)."""
        self._worker = self._start(urgent=False)
        self._urgent = self._start(urgent=True)
        self._fallback: ThreadPoolExecutor | None = None
        self._drawing: dict[Hashable, asyncio.Future[Picture | None]] = {}
        self.rendered = 0
        """Pictures drawn (not found in the cache), for benchmarks."""

    def _start(self, *, urgent: bool) -> Executor:
        if not self._processes:
            name = "pictures-urgent" if urgent else "pictures"
            return ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
        spawn = multiprocessing.get_context("spawn")  # no fork of a process with threads
        count = URGENT_PROCESSES if urgent else 1
        initializer = _exit_with_parent if urgent else _background
        worker = ProcessPoolExecutor(max_workers=count, mp_context=spawn, initializer=initializer)
        for _start in range(count):  # started now (with their fonts), not in the first burst
            worker.submit(_warm)
        return worker

    async def picture(
        self, game: str, kind: Kind, view: View, ctx: PictureContext, *, urgent: bool = False
    ) -> Picture | None:
        """The ``kind`` picture of ``view`` (``None``: the game has none of that kind, or it
        could not be drawn: a failure is logged and the message goes without a picture);
        ``urgent``: an interaction's answer waits for it, at most ``urgent_wait`` seconds
        (then ``None``, and the picture is cached once drawn).

        Raises:
            TypeError: ``view`` or ``ctx`` is not hashable (a game's view must be frozen)."""
        shown = subject(game, kind, view)
        if shown is None:
            return None
        key = (game, kind, shown, ctx)
        found, picture = self.cache.get(key)
        if found:
            return picture
        pending = self._drawing.get(key)
        if pending is None:
            pending = self._drawing[key] = self._submit(key, game, kind, shown, ctx, urgent)
        if not urgent:
            return await asyncio.shield(pending)
        try:
            return await asyncio.wait_for(asyncio.shield(pending), self.urgent_wait)
        except TimeoutError:
            self.late += 1
            log.info(
                "a %s picture of %s took over %s s: answered without it",
                kind,
                game,
                self.urgent_wait,
            )
            return None

    def _submit(
        self,
        key: Hashable,
        game: str,
        kind: Kind,
        shown: Hashable,
        ctx: PictureContext,
        urgent: bool,
    ) -> asyncio.Future[Picture | None]:
        """Hand the drawing to its worker now, not at the loop's next turn (what the caller
        does meanwhile runs beside it); the future of the picture, kept in the cache once
        drawn, even if whoever asked for it stopped waiting."""
        loop = asyncio.get_running_loop()
        worker = self._urgent if urgent else self._worker
        drawn: asyncio.Future[Picture | None] | None = None
        with contextlib.suppress(BrokenProcessPool):  # it broke before: drawn again below
            drawn = loop.run_in_executor(worker, _draw_safely, game, kind, shown, ctx)
        return asyncio.ensure_future(self._finish(key, drawn, worker, game, kind, shown, ctx))

    async def _finish(
        self,
        key: Hashable,
        drawn: asyncio.Future[Picture | None] | None,
        worker: Executor,
        game: str,
        kind: Kind,
        shown: Hashable,
        ctx: PictureContext,
    ) -> Picture | None:
        try:
            try:
                if drawn is None:
                    raise BrokenProcessPool
                picture = await drawn
            except BrokenProcessPool:  # a drawing process died: a new one, and this one here
                log.warning("a pictures' process stopped; starting another")
                if worker is self._urgent:
                    self._urgent = self._start(urgent=True)
                elif worker is self._worker:
                    self._worker = self._start(urgent=False)
                if self._fallback is None:
                    self._fallback = ThreadPoolExecutor(1, thread_name_prefix="pictures-again")
                loop = asyncio.get_running_loop()
                picture = await loop.run_in_executor(
                    self._fallback, _draw_safely, game, kind, shown, ctx
                )
            self.rendered += 1
            self.cache.put(key, picture)
            return picture
        finally:
            self._drawing.pop(key, None)

    async def apart(
        self, draw: Callable[..., Picture], /, *args: Any, **kwargs: Any
    ) -> Picture | None:
        """``draw(*args, **kwargs)`` in the background worker: a picture that is not a game
        table's, such as a tournament's standings (``bot.pictures.standings``), drawn off the
        event loop like the tables. ``draw`` and its arguments must pickle (a module-level
        function; pydantic models, mappings, strings). Not cached: such a picture is drawn
        when its message changes. ``None`` when the drawing fails (logged): the message goes
        without its picture."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                self._worker, functools.partial(draw, *args, **kwargs)
            )
        except Exception:
            log.exception("drawing a picture with %s failed", getattr(draw, "__name__", draw))
            return None

    def close(self) -> None:
        """Stop the workers (pictures being drawn are finished first)."""
        for worker in (self._worker, self._urgent, self._fallback):
            if worker is not None:
                worker.shutdown(wait=True, cancel_futures=True)


def _warm() -> None:
    """Load what every drawing needs (Pillow, the fonts) in a new drawing process."""
    from bot.pictures import fonts

    fonts.font(24)
    fonts.font(24, bold=True)


def _draw_safely(game: str, kind: Kind, shown: Hashable, ctx: PictureContext) -> Picture | None:
    try:
        return render(game, kind, shown, ctx)
    except Exception:
        log.exception("drawing the %s picture of a %s game failed", kind, game)
        return None
