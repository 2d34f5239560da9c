"""Drawing pictures off the event loop, each once: a :class:`Painter` renders in worker
threads (Pillow releases the interpreter lock while it encodes and pastes) and keeps what it
drew in a cache bounded in bytes, keyed by everything a picture depends on — the game, its
step, the viewer, the language, the seats' names and whether it ended early.

Two workers: one for the pictures an interaction's answer waits for (a player's screen, the
table answering a click on it), one for the rest (tables edited in the background), so that
a burst of table edits never queues in front of a click's answer.

A table edit and the interaction answer that shows the same step get one rendering; a picture
asked for again while it is being drawn waits for that drawing.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from collections.abc import Hashable
from concurrent.futures import ThreadPoolExecutor

from bot.pictures.base import Kind, Picture, PictureContext, draw
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


class Painter:
    """Renders pictures in a worker thread, each key once (see the module docstring)."""

    def __init__(self, cache: PictureCache | None = None) -> None:
        self.cache = cache or PictureCache()
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
        self._urgent = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures-urgent")
        self._drawing: dict[Hashable, asyncio.Future[Picture | None]] = {}
        self.rendered = 0
        """Pictures drawn (not found in the cache), for benchmarks."""

    async def picture(
        self,
        key: Hashable,
        game: str,
        kind: Kind,
        view: View,
        ctx: PictureContext,
        *,
        urgent: bool = False,
    ) -> Picture | None:
        """The ``kind`` picture of ``view`` (``None``: the game has none of that kind, or it
        could not be drawn: a failure is logged and the message goes without a picture).
        ``key`` must name everything the picture depends on besides the game's code;
        ``urgent``: an interaction's answer waits for it."""
        found, picture = self.cache.get(key)
        if found:
            return picture
        pending = self._drawing.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        loop = asyncio.get_running_loop()
        worker = self._urgent if urgent else self._worker
        future: asyncio.Future[Picture | None] = loop.run_in_executor(
            worker, _draw_safely, game, kind, view, ctx
        )
        self._drawing[key] = future
        try:
            picture = await asyncio.shield(future)
        finally:
            self._drawing.pop(key, None)
        self.rendered += 1
        self.cache.put(key, picture)
        return picture

    def close(self) -> None:
        """Stop the workers (pictures being drawn are finished first)."""
        self._worker.shutdown(wait=True, cancel_futures=True)
        self._urgent.shutdown(wait=True, cancel_futures=True)


def _draw_safely(game: str, kind: Kind, view: View, ctx: PictureContext) -> Picture | None:
    try:
        return draw(game, kind, view, ctx)
    except Exception:
        log.exception("drawing the %s picture of a %s game failed", kind, game)
        return None
