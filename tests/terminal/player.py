"""A script at the other end of ``cardroom play``: runs ``python -m bot play ...`` as a real
process with its standard input and output piped (so it prints plain text), reads up to each
prompt, and types answers as a person would, one line each."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROMPT = "\n> "
CHOICE = re.compile(r"^ {0,2}(\d{1,3})  (\S.*)$", re.MULTILINE)
TIMEOUT = 60.0


def plain_env(tmp_path: Path) -> dict[str, str]:
    """The environment of a player's process: this source tree, no Discord settings, data
    under ``tmp_path`` (so a default database never lands in the real home)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    return {
        **env,
        "PYTHONPATH": str(ROOT),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "LANG": "C.UTF-8",
        "PYTHONIOENCODING": "utf-8",
    }


@dataclass
class Player:
    """One running ``cardroom play`` process."""

    process: asyncio.subprocess.Process
    transcript: list[str] = field(default_factory=list)
    """Everything it printed, piece by piece."""

    @classmethod
    async def start(cls, tmp_path: Path, *args: str, command: str | None = "play") -> Player:
        """Run ``python -m bot play ARGS`` (``command`` instead of ``play``, ``None``: none)
        in ``tmp_path``."""
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            *([command] if command else []),
            *args,
            cwd=tmp_path,
            env=plain_env(tmp_path),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        return cls(process)

    async def until_prompt(self) -> str | None:
        """What it prints up to its next prompt; ``None`` if it exits first (what it printed
        until then is in the transcript)."""
        assert self.process.stdout is not None
        out = ""
        while not out.endswith(PROMPT):
            chunk = await asyncio.wait_for(self.process.stdout.read(65536), TIMEOUT)
            if not chunk:
                self.transcript.append(out)
                return None
            out += chunk.decode()
        self.transcript.append(out)
        return out

    async def type(self, line: str) -> None:
        """Type ``line`` and Enter."""
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        await self.process.stdin.drain()

    async def close_input(self) -> None:
        """The end of input (Ctrl-D, or a script that ran out of lines)."""
        assert self.process.stdin is not None
        self.process.stdin.close()

    async def finish(self) -> tuple[int, str, str]:
        """Wait for the process to exit: ``(exit code, all it printed, its stderr)``."""
        assert self.process.stdout is not None and self.process.stderr is not None
        rest, err = await asyncio.wait_for(self.process.communicate(), TIMEOUT)
        self.transcript.append(rest.decode())
        assert self.process.returncode is not None
        return self.process.returncode, "".join(self.transcript), err.decode()


def choices(screen: str) -> dict[int, str]:
    """The numbered choices of the last question on ``screen``, label by number: the last
    run of choice lines whose numbers go up (a game may skip a number: Pentaquest's dice
    keep theirs, and a die that cannot change is not offered)."""
    found: dict[int, str] = {}
    for match in CHOICE.finditer(screen):
        number, label = int(match.group(1)), match.group(2)
        if found and number <= max(found):
            found = {}
        found[number] = label
    return found


async def play_to_the_end(player: Player, screen: str | None = None, moves: int = 400) -> int:
    """Answer every question with its first choice (with the first two, three ... when a
    list takes several and one is too few) until the game ends; the number of moves made.
    ``screen``: the question already read (default: read the next).

    A refused answer is told in one line and the same question comes again: then the next
    longer answer is tried. An "are you sure?" is answered with its first choice too."""
    made = 0
    if screen is None:
        screen = await player.until_prompt()
    width = 1
    while screen is not None:
        assert made < moves, "the game did not end"
        assert choices(screen), screen
        # told what to type instead: the line by the prompt (then the hint, if it differs)
        refused = any(line.startswith("⚠️ Type") for line in screen.split("\n")[-3:])
        width = width + 1 if refused else 1
        assert width <= len(choices(screen)), screen
        await player.type(" ".join(str(n) for n in sorted(choices(screen))[:width]))
        made += not refused
        screen = await player.until_prompt()
    return made
