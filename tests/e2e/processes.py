"""Bots as separate processes (``python -m bot``) against the fake Discord in the test's own
process: what a deployment runs, one process per shard range, SIGKILL included."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class BotProcess:
    """One ``python -m bot`` process of shards ``shard_ids`` (``"0-1"``) of ``shard_count``,
    on the database ``db_path``; ``env`` adds settings. ``log`` keeps every line it wrote."""

    fake: FakeDiscord
    db_path: Path
    shard_count: int | None = None
    shard_ids: str | None = None
    env: dict[str, str] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    process: asyncio.subprocess.Process | None = None
    _reader: asyncio.Task[None] | None = None
    _resumed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def pid(self) -> int:
        """The process id (it runs)."""
        assert self.process is not None
        return self.process.pid

    def settings(self) -> dict[str, str]:
        """The environment the process runs with."""
        fake = self.fake
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SHARD_"))}
        env.update(
            PYTHONPATH=str(ROOT),
            DISCORD_TOKEN=fake.token,
            DATABASE_PATH=str(self.db_path),
            DISCORD_API_URL=f"{fake.url}/api/v10",
            DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{fake.port}/gateway",
            LOG_LEVEL="INFO",
            PICTURE_WORKERS="thread",
        )
        if self.shard_count is not None:
            env["SHARD_COUNT"] = str(self.shard_count)
        if self.shard_ids is not None:
            env["SHARD_IDS"] = self.shard_ids
        env.update(self.env)
        return env

    async def start(self, timeout: float = 120) -> None:
        """Start the process and return once it has resumed its games (so it is ready and
        answering)."""
        self._resumed.clear()
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=self.db_path.parent,
            env=self.settings(),
            stderr=asyncio.subprocess.PIPE,
        )
        self._reader = asyncio.get_running_loop().create_task(self._read(self.process))
        waiting = asyncio.create_task(self._resumed.wait())
        done, _pending = await asyncio.wait(
            {waiting, self._reader}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
        )
        if waiting not in done:
            waiting.cancel()
            await self.stop()
            raise RuntimeError("the bot process did not resume its games:\n" + self.text())

    async def _read(self, process: asyncio.subprocess.Process) -> None:
        assert process.stderr is not None
        while line := await process.stderr.readline():
            text = line.decode(errors="replace").rstrip("\n")
            self.log.append(text)
            if "resumed " in text and " game(s);" in text:
                self._resumed.set()

    def text(self) -> str:
        """Its log so far."""
        return "\n".join(self.log)

    async def kill(self) -> None:
        """SIGKILL: the process dies at once, mid-whatever, as in a crash or an OOM kill."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()
        if self._reader is not None:
            await self._reader

    async def stop(self, timeout: float = 30) -> int:
        """SIGTERM and wait (SIGKILL after ``timeout``); the exit code."""
        process = self.process
        if process is None or process.returncode is not None:
            return process.returncode if process is not None else 0
        process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(process.wait(), timeout)
        except TimeoutError:
            process.kill()
            await process.wait()
        if self._reader is not None:
            await self._reader
        assert process.returncode is not None
        return process.returncode
