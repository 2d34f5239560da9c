"""Lines from standard input, read without blocking the event loop (turn clocks keep ticking
while the player thinks).

A terminal or a pipe is watched by the event loop (``add_reader``); a regular file (``<
moves.txt``) never blocks, so it is read as it is asked for. Lines are decoded as UTF-8
(undecodable bytes replaced); the end of input is ``None``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os


class Lines:
    """The lines of file descriptor ``fd`` (default: standard input), one per :meth:`next`.

    Use it as an async context manager, inside the running loop.
    """

    def __init__(self, fd: int = 0) -> None:
        self.fd = fd
        self.terminal = os.isatty(fd)
        """A person types here (the terminal echoes what they type)."""
        self._pending = b""
        self._ended = False
        self._arrived = asyncio.Event()
        self._watched = False

    async def __aenter__(self) -> Lines:
        try:
            asyncio.get_running_loop().add_reader(self.fd, self._readable)
            self._watched = True
        except (OSError, ValueError, NotImplementedError):
            self._watched = False  # a regular file (or /dev/null): reading never waits
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        if self._watched:
            with contextlib.suppress(OSError, ValueError):
                asyncio.get_running_loop().remove_reader(self.fd)
            self._watched = False

    def _readable(self) -> None:
        try:
            chunk = os.read(self.fd, 65536)
        except BlockingIOError:
            return
        except OSError:  # a terminal that went away (hang-up): the end of input
            chunk = b""
        if not chunk:
            self._ended = True
            asyncio.get_running_loop().remove_reader(self.fd)
            self._watched = False
        self._pending += chunk
        self._arrived.set()

    async def next(self) -> str | None:
        """The next line, without its line break; ``None`` at the end of input (a last line
        without a line break is a line)."""
        while b"\n" not in self._pending and not self._ended:
            if not self._watched:
                chunk = os.read(self.fd, 65536)
                self._pending += chunk
                self._ended = not chunk
                continue
            self._arrived.clear()
            await self._arrived.wait()
        if b"\n" in self._pending:
            line, self._pending = self._pending.split(b"\n", 1)
        elif self._pending:
            line, self._pending = self._pending, b""
        else:
            return None
        return line.decode("utf-8", errors="replace").rstrip("\r")
