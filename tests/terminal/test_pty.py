"""``cardroom play`` at a real (pseudo-)terminal, as a person at a keyboard: the game drawn
in panels, a move typed and Enter, the rules, a typo, Ctrl-C — which leaves, the game
saved; a 4-seat table drawn within 40 rows, its borders straight."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pexpect
from rich.cells import cell_len

from tests.terminal.player import ROOT, plain_env

HINT = "r for the rules or q to quit."


def test_a_few_moves_at_the_keyboard(tmp_path: Path) -> None:
    env = {**plain_env(tmp_path), "TERM": "xterm-256color"}
    for name in ("NO_COLOR", "COLUMNS", "LINES"):  # the terminal's own size, not a runner's
        env.pop(name, None)
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
        child.expect("⚠ Type 1 or 2, ")  # no VS16 in a terminal (see below)
        child.expect(HINT)
        child.sendline("2")
        child.expect("Last events")
        child.expect(HINT)
        child.sendintr()  # Ctrl-C
        child.expect("Game #1 is saved; to continue it, run:")
        left = ESCAPE.sub("", child.before or "")
        assert left.endswith("\n"), repr(left)  # on a line of its own, not after "> ^C"
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def test_a_four_seat_table_fits_40_rows_with_straight_borders(tmp_path: Path) -> None:
    """At 100 x 40 (tmux), a 4-player Ninjan screen scrolled its table's header away, and
    every "✂️" (drawn one column wide by tmux 3.3a, two by ``rich``) pushed a panel's right
    border; a hand wrapped between "✂️" and "-5"."""
    env = {**plain_env(tmp_path), "TERM": "xterm-256color"}
    for name in ("NO_COLOR", "COLUMNS", "LINES"):  # the terminal's own size, not a runner's
        env.pop(name, None)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "bot", "play", "ninjan", "--players", "4", "--seed", "3", "--lang", "es",
         "--db", str(tmp_path / "g.sqlite3")],
        cwd=str(ROOT),
        env=env,
        dimensions=(40, 100),
        encoding="utf-8",
        timeout=60,
    )  # fmt: skip
    hint = "r para las reglas o q para salir."
    try:
        child.expect(hint)
        child.expect("> ")
        child.sendline("5")  # round 1: the table now shows the revealed cards too
        child.expect(hint)
        shown = (child.before or "") + str(child.after)
        child.expect("> ")
        shown = ESCAPE.sub("", shown + (child.before or "") + str(child.after))
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    screen = shown.replace("\r\n", "\n").split("\n")
    screen = screen[next(i for i, line in enumerate(screen) if line.startswith("╭")) :]
    assert screen[0].startswith("╭─ Ninjan · partida #1 ─")  # the table's title ...
    assert len(screen) <= 40, "\n".join(screen)  # ... still on the screen at the prompt
    assert "\ufe0f" not in shown
    boxed = [line for line in screen if line[:1] in "╭│╰"]
    assert len(boxed) > 20 and {cell_len(line) for line in boxed} == {100}, boxed
    assert not [line for line in boxed if re.search(r"[🪨📄✂]\s*│$", line)]  # item whole


def test_pentaquest_shows_the_dice_right_above_the_choices_at_100_by_40(tmp_path: Path) -> None:
    """From turn 2 on, the choices (one line per army card) pushed "Dice: ..." and "The
    dice beat ..." 41-60 lines above the prompt, off a 40-row screen: a screen of army cards
    only (the free reroll used) showed no dice at all. They are repeated right above the
    choices."""
    env = {**plain_env(tmp_path), "TERM": "xterm-256color"}
    for name in ("NO_COLOR", "COLUMNS", "LINES"):
        env.pop(name, None)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "bot", "play", "pentaquest", "--lang", "fr", "--seed", "7",
         "--db", str(tmp_path / "g.sqlite3")],
        cwd=str(ROOT),
        env=env,
        dimensions=(40, 100),
        encoding="utf-8",
        timeout=60,
    )  # fmt: skip
    hint = "quitter."  # (the line may wrap before it)
    screens = []
    try:
        child.expect(hint)
        child.expect("> ")
        for typed in ("6", "1"):  # capture the Gargoyle; on turn 2, reroll die 1
            child.sendline(typed)
            child.expect(hint)
            shown = (child.before or "") + str(child.after)
            child.expect("> ")
            shown = ESCAPE.sub("", shown + (child.before or "") + str(child.after))
            screens.append(shown.replace("\r\n", "\n").split("\n"))
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    turn_two, rerolled = screens
    assert "│ Tour 2 · 1 relance gratuite restante" in "\n".join(turn_two)
    assert "│ Tour 2 · plus de relance gratuite" in "\n".join(rerolled)
    for screen in (turn_two, rerolled):
        rows = screen[-40:]  # what the terminal shows at the prompt
        dice = [line for line in rows if re.match(r"Dés\W+⚀?⚁?⚂?⚃?⚄?⚅?\d ", line)]
        assert len(dice) == 1 and " · Les dés battent" in dice[0], "\n".join(rows)
    assert not any(line.startswith("  1  Dé 1") for line in rerolled)  # army cards only
