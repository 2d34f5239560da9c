"""The engine's command line as a newcomer meets it: help that reads as written, one clear
line for a mistyped table option, and a progress bar only where someone watches it."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from engine.__main__ import build_parser, main

ROOT = Path(__file__).resolve().parents[2]


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``python -m engine ARGV`` in this process: (exit code, stdout, stderr)."""
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def test_the_help_keeps_the_paragraphs_and_lines_of_the_description(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _err = run_main(capsys, "--help")
    assert code == 0
    lines = out.splitlines()
    usage = (
        "  python -m engine simulate GAME [--players N] [--games G] [--seed S] [--option KEY=VALUE]"
    )
    assert usage in lines
    start = lines.index("The engine's command line; each command prints one JSON line on stdout.")
    assert lines[start + 1] == ""  # a paragraph break, not a squashed run of words
    assert (
        "    random legal games, and statistics of how they ended (engine.simulate.simulate)"
        in lines
    )


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_every_option_says_what_it_does_and_its_default(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = run_main(capsys, command, "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "--games G games to play (default: 100)" in text
    assert "--seed S game i is dealt from seed + i (default: 1)" in text
    if command == "arena":
        assert "(default: search,random)" in text and "(default: 250.0)" in text
    parser = build_parser()
    (commands,) = [a for a in parser._actions if a.dest == "command"]
    for action in commands.choices[command]._actions:  # type: ignore[index]
        assert action.help, f"{command} {action.option_strings or action.dest} has no help"


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["simulate", "artichokes", "--option", "rhubarbb=true"],
            "python -m engine simulate: error: unknown option 'rhubarbb' for artichokes; known: "
            "auto_end_turn, auto_target, first_player, rhubarb, turn_limit",
        ),
        (
            ["arena", "artichokes", "--option", "rhubarb=maybe"],
            "python -m engine arena: error: bad value 'maybe' for option 'rhubarb': input should "
            "be a valid boolean, unable to interpret input",
        ),
        (
            ["simulate", "ninjan", "--option", "turn_limit=5"],
            "python -m engine simulate: error: unknown option 'turn_limit' for ninjan; ninjan has "
            "no options",
        ),
    ],
)
def test_a_bad_table_option_gets_one_clear_line_and_exit_code_2(
    argv: list[str], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_main(capsys, *argv, "--games", "1")
    assert code == 2 and out == ""
    assert err.splitlines()[-1] == line
    assert "pydantic" not in err and "http" not in err and "validation error" not in err


def _engine(argv: list[str], **streams: int) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *argv],
        cwd=ROOT, timeout=120, check=True, **streams,  # type: ignore[arg-type]
    )  # fmt: skip


ARGS = {
    "simulate": ["simulate", "ninjan", "--games", "30"],
    "arena": ["arena", "ninjan", "--seats", "greedy,random", "--games", "4"],
}


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_without_a_terminal_on_stderr_only_the_json_line_is_printed(command: str) -> None:
    done = _engine(ARGS[command], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert done.stderr == b""
    (line,) = done.stdout.decode().splitlines()
    assert json.loads(line)["games"] == int(ARGS[command][-1])


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_a_terminal_on_stderr_sees_a_progress_bar_and_stdout_stays_json(command: str) -> None:
    watcher, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # 80 columns
    try:
        done = _engine(ARGS[command], stdout=subprocess.PIPE, stderr=terminal)
    finally:
        os.close(terminal)
    shown = b""
    while True:
        try:
            chunk = os.read(watcher, 4096)
        except OSError:  # the terminal's other end is closed: all read
            break
        if not chunk:
            break
        shown += chunk
    os.close(watcher)
    games = ARGS[command][-1]
    assert f"{games}/{games}".encode() in shown  # the bar, finished
    (line,) = done.stdout.decode().splitlines()
    assert json.loads(line)["games"] == int(games)
