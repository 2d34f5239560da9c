"""``cardroom play`` at a real (pseudo-)terminal, as a person at a keyboard: the game drawn
in panels, a move typed and Enter, the rules, a typo, Ctrl-C — which leaves, the game
saved."""

from __future__ import annotations

import sys
from pathlib import Path

import pexpect

from tests.terminal.player import ROOT, plain_env

HINT = "r for the rules or q to quit."


def test_a_few_moves_at_the_keyboard(tmp_path: Path) -> None:
    env = {**plain_env(tmp_path), "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "bot", "play", "verso", "--seed", "5", "--db", str(tmp_path / "g.sqlite3")],
        cwd=str(ROOT),
        env=env,
        dimensions=(50, 100),
        encoding="utf-8",
        timeout=60,
    )
    try:
        child.expect("Verso")
        child.expect(" · game #1")
        child.expect("╰")  # a panel, in colour: a terminal is drawn, not printed plain
        child.expect(HINT)
        assert "\x1b[" in (child.before or "")
        child.sendline("1")
        child.expect("Last events")  # the move was made: a new table
        child.expect(HINT)
        child.sendline("r")
        child.expect("Final series")  # the rules' sections
        child.expect(HINT)
        child.sendline("7")
        child.expect("⚠️ Type a number from 1 to ")
        child.expect(HINT)
        child.sendline("2")
        child.expect("Last events")
        child.expect(HINT)
        child.sendintr()  # Ctrl-C
        child.expect("Game #1 is saved; to continue it, run:")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
