"""``cardroom play`` as a script drives it: a real ``python -m bot play`` process, its
standard input and output piped. Every game is played to its end (with automatic players and
solo), in two languages; a game left with ``q`` goes on with ``--resume``; bad input gets one
line and the same question again, never a traceback."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from bot.games import presentation, presented_games
from bot.i18n import translator
from bot.terminal.markdown import text_of
from bot.terminal.picture import table_picture
from bot.texts.rendering import context_for, rules_text
from storage import GameStatus, Storage
from tests.terminal.player import ROOT, Player, choices, plain_env, play_to_the_end

GAMES = [  # one table of several players each, and solo where the game has it
    ("artichokes", 2, "fr"),
    ("ninjan", 2, "uk"),
    ("verso", 3, "es"),
    ("verso", 1, "uk"),
    ("pentaquest", 2, "es"),
    ("pentaquest", 1, "fr"),
]


async def stored(db: Path) -> tuple[list, engine.GameState | None]:
    """The games in ``db``, and the state of the last one."""
    storage = await Storage.open(path=db)
    try:
        games = await storage.games.find_games_by_player(1, open_only=False)
        last = games[-1]
        state = engine.loads(last.state_json) if last.state_json else None
        return games, state
    finally:
        await storage.close()


def plain(markdown: str) -> list[str]:
    """The lines of ``markdown`` as the plain output shows them."""
    return text_of(markdown).plain.split("\n")


QUICK = {
    "artichokes-2p-fr", "ninjan-2p-uk", "verso-3p-es", "verso-1p-en", "pentaquest-2p-en",
    "pentaquest-1p-fr",
}  # fmt: skip
"""The cases of the README's test run: every game, every language; the others run in soak."""
CASES = [
    pytest.param(
        game,
        players,
        language,
        id=f"{game}-{players}p-{language}",
        marks=[] if f"{game}-{players}p-{language}" in QUICK else [pytest.mark.soak],
    )
    for game, players, other in GAMES
    for language in ("en", other)
]


@pytest.mark.parametrize(("game", "players", "language"), CASES)
async def test_a_whole_game_through_standard_input(
    tmp_path: Path, game: str, players: int, language: str
) -> None:
    db = tmp_path / "games.sqlite3"
    level = ["--ai", "random"] if players > 1 else []  # solo: no automatic player to choose
    player = await Player.start(
        tmp_path, game, "--players", str(players), *level, "--seed", "3",
        "--lang", language, "--db", str(db),
    )  # fmt: skip
    moves = await play_to_the_end(player)
    code, out, err = await player.finish()  # it ended by itself: the input is still open
    assert (code, err) == (0, "")
    assert moves > 0
    games, state = await stored(db)
    assert [g.status for g in games] == [GameStatus.FINISHED]
    record = games[0]
    assert len(record.seats) == players
    assert [s.automatic for s in record.seats] == [False] + [True] * (players - 1)
    # the end screen is the bot's own table, in the chosen language
    assert state is not None and engine.outcome(state) is not None
    _ = translator(language)
    ctx = context_for(record, _, mentions=False)
    for line in plain("\n".join(presentation(game).table_sections(engine.view(state, None), ctx))):
        assert line in out
    assert _("Game #{game} · your seat", game=record.id) in out
    # what the automatic players' level is for, said before the first screen
    hint = _("{level}, {hint}", level=_("random"), hint=_("for learning the rules"))
    assert (hint in out) == (players > 1)
    if language != "en":
        assert translator("en")("Game #{game} · your seat", game=record.id) not in out


async def test_a_game_left_with_q_goes_on_with_resume(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    player = await Player.start(tmp_path, "verso", "--seed", "5", "--db", str(db))
    screen = await player.until_prompt()
    for _move in range(3):
        await player.type("1")
        screen = await player.until_prompt()
    assert screen is not None
    await player.type("q")
    code, out, err = await player.finish()
    assert (code, err) == (0, "")
    # the command alone on its line (a full stop after it was copied with the path), as it
    # was run (here the interpreter's -m bot: no cardroom on the PATH), with the --db it was
    # played in, or the resume would look in the default database
    assert out.rstrip().endswith(
        f"Game #1 is saved; to continue it, run:\n{sys.executable} -m bot play --resume --db {db}"
    )
    games, _state = await stored(db)
    (left,) = games
    assert left.status == GameStatus.ACTIVE and left.version == 3

    again = await Player.start(tmp_path, "--resume", "--db", str(db))
    first = await again.until_prompt()
    assert first is not None
    assert choices(first) == choices(screen)  # the very question it was left at
    seat_part = screen[screen.index("Game #1 · your seat") :]
    assert seat_part.split("\n")[0] in first
    moves = await play_to_the_end(again, first)
    code, _out, err = await again.finish()
    assert (code, err) == (0, "")
    games, _state = await stored(db)
    assert [g.status for g in games] == [GameStatus.FINISHED]
    storage = await Storage.open(path=db)
    try:
        logged = await storage.games.get_actions(games[0].id)
    finally:
        await storage.close()
    assert len([a for a in logged if a.actor == "player"]) == 3 + moves  # none lost, none twice


async def test_bad_input_gets_one_line_and_the_same_question(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    player = await Player.start(tmp_path, "verso", "--seed", "5", "--db", str(db))
    first = await player.until_prompt()
    assert first is not None
    question = first[first.rindex("\n  1  ") + 1 :]
    hint = "Type 1 or 2, r for the rules or q to quit."  # two choices: not "from 1 to 2"
    assert question.endswith(f"\n{hint}\n> ")
    choices = question.removesuffix(f"{hint}\n> ")
    for typed, said in [  # the choices again, what was wrong by the prompt, the hint once
        ("99", f"⚠️ {hint}"),  # out of range
        ("0", f"⚠️ {hint}"),
        ("two", f"⚠️ {hint}"),  # letters
        ("²", f"⚠️ {hint}"),  # a digit to str.isdigit, not to int
        ("1 2", f"⚠️ Type one number, or several from one list that takes several.\n{hint}"),
        ("1 1", f"⚠️ Type each number once.\n{hint}"),
    ]:
        await player.type(typed)
        answer = await player.until_prompt()
        assert answer == f"{typed}\n{choices}{said}\n> ", typed
    for empty in ("", "  "):  # asked again, as a shell does: no warning, the prompt alone
        await player.type(empty)
        assert await player.until_prompt() == f"{empty}\n> "
    await player.close_input()  # the end of input: it leaves, keeping the game
    code, out, err = await player.finish()
    assert (code, err) == (0, "")
    assert "Traceback" not in out
    # the command alone on its line (a full stop after it was copied with the path), as it
    # was run (here the interpreter's -m bot: no cardroom on the PATH), with the --db it was
    # played in, or the resume would look in the default database
    assert out.rstrip().endswith(
        f"Game #1 is saved; to continue it, run:\n{sys.executable} -m bot play --resume --db {db}"
    )
    games, _state = await stored(db)
    assert [(g.status, g.version) for g in games] == [(GameStatus.ACTIVE, 0)]


async def test_the_rules_then_the_same_question(tmp_path: Path) -> None:
    player = await Player.start(
        tmp_path, "ninjan", "--lang", "fr", "--db", str(tmp_path / "g.sqlite3")
    )
    first = await player.until_prompt()
    assert first is not None
    await player.type("r")
    rules = await player.until_prompt()
    assert rules is not None
    assert rules.startswith("r\nNinjan\n")
    assert choices(rules) == choices(first)
    await player.type("q")
    code, out, _err = await player.finish()
    assert code == 0
    assert "La partie #1 est enregistrée" in out


async def test_a_move_that_may_be_taken_back_is_not_followed_by_a_forced_one(
    tmp_path: Path,
) -> None:
    # seed 1: harvesting Pepper (no Discard Pile card for it) leaves "End turn" the only
    # move; it was made at once, which drew (final), so the misclicked harvest could never
    # be taken back with u. The only move waits while u can take back the one before it.
    player = await Player.start(
        tmp_path, "artichokes", "--players", "2", "--seed", "1", "--db", str(tmp_path / "g.db")
    )
    first = await player.until_prompt()
    assert first is not None
    offered = {label: number for number, label in choices(first).items()}
    await player.type(str(offered["Harvest Pepper"]))
    harvested = await player.until_prompt()
    assert harvested is not None
    assert "The only possible move" not in harvested
    assert choices(harvested) == {1: "End turn"}
    assert "  u  ↶ Undo: Harvest Pepper\n" in harvested
    assert "Type 1, u to undo, r for the rules or q to quit." in harvested  # the keys it takes
    await player.type("u")
    taken_back = await player.until_prompt()
    assert taken_back is not None
    assert "took back a move." in taken_back
    assert choices(taken_back) == choices(first)
    await player.type("q")
    code, _out, err = await player.finish()
    assert (code, err) == (0, "")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--resume"], "cardroom: no unfinished game to resume in "),
        (["verso", "--players", "9"], "cardroom: verso is played by 1 to 8 players, not 9"),
        (
            ["ninjan", "--clock", "2m"],
            "cardroom: --clock 2m: choose one of off, 1m, 5m, 6h, 1d, 3d",
        ),
        (["--resume", "--seed", "1"], "cardroom: --seed set up a new game: leave them out"),
        ([], "cardroom: which game? one of artichokes, ninjan, pentaquest, verso"),
        (
            ["pentaquest", "--players", "3", "--ai", "search"],
            "cardroom: pentaquest at 3 players offers --ai random, greedy: its search player is no",
        ),
        (
            ["ninjan", "--ai", "expert"],
            "cardroom: --ai expert: choose among random, greedy, search",
        ),
        (["ninjan", "--ai", "search,"], "cardroom: --ai (empty): choose among random, greedy"),
        (
            ["ninjan", "--ai", "search,greedy"],  # one automatic seat at 2 players
            "cardroom: --ai gives 2 levels for 1 automatic player: add --players or drop a level",
        ),
        (
            ["pentaquest", "--ai", "search"],  # solo: it was taken, and meant nothing
            "cardroom: pentaquest alone has no automatic players: --ai needs --players 2 or more",
        ),
    ],
)
async def test_what_cannot_be_played_is_one_line(
    tmp_path: Path, args: list[str], said: str
) -> None:
    player = await Player.start(tmp_path, *args, "--db", str(tmp_path / "g.sqlite3"))
    code, out, err = await player.finish()
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith(said), err


async def test_help_shows_the_command_and_each_option(tmp_path: Path) -> None:
    top = await Player.start(tmp_path, "--help", command=None)
    code, out, _err = await top.finish()
    assert code == 0
    assert "play a game in this terminal" in out
    assert "No Discord token yet? Try `cardroom play verso`." in out
    player = await Player.start(tmp_path, "--help")
    code, out, _err = await player.finish()
    assert code == 0
    for option in ("GAME", "--players", "--ai", "--lang", "--seed", "--clock", "--db", "--resume"):
        assert option in out
    # what each level is for, as the lobby says it
    assert "search (a real opponent)" in " ".join(out.split())
    default = tmp_path / "data" / "cardroom" / "play.sqlite3"  # in XDG_DATA_HOME
    assert f"(default:{default})" in "".join(out.split())  # however argparse wraps it


def test_playing_loads_no_discord(tmp_path: Path) -> None:
    """``cardroom play`` knows nothing of Discord: not even discord.py is imported."""
    code = (
        "import sys; from bot.launcher import main; "
        "main(['play', 'verso', '--db', sys.argv[1]]); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('discord', 'aiohttp')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "g.sqlite3")],
        cwd=ROOT,
        env=plain_env(tmp_path),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("[]")


async def test_the_picture_file_shows_the_table_after_every_move(tmp_path: Path) -> None:
    db, picture = tmp_path / "games.sqlite3", tmp_path / "table.png"
    player = await Player.start(
        tmp_path, "pentaquest", "--seed", "4", "--lang", "uk", "--db", str(db),
        "--picture", str(picture),
    )  # fmt: skip
    screen = await player.until_prompt()
    assert screen is not None
    first = picture.read_bytes()
    assert first.startswith(b"\x89PNG\r\n\x1a\n")
    await play_to_the_end(player, screen)
    code, _out, err = await player.finish()
    assert (code, err) == (0, "")
    games, state = await stored(db)
    assert state is not None
    # the last picture is the bot's own picture of the final table, in the chosen language
    final = table_picture(games[-1], state, "uk")
    assert final is not None and picture.read_bytes() == final != first
    assert table_picture(games[-1], state, "en") != final


async def test_a_picture_into_a_folder_not_made_yet_makes_it(tmp_path: Path) -> None:
    """ "--picture pics/table.png" said "cannot be written ... No such file or directory"
    once, then never wrote again, even once the folder was made."""
    picture = tmp_path / "pics" / "new" / "table.png"
    player = await Player.start(
        tmp_path, "verso", "--seed", "5", "--db", str(tmp_path / "games.sqlite3"),
        "--picture", str(picture),
    )  # fmt: skip
    screen = await player.until_prompt()
    assert screen is not None and "cannot be written" not in screen
    first = picture.read_bytes()
    await player.type("1")
    await player.until_prompt()
    assert picture.read_bytes() != first  # written again after the move
    await player.type("q")
    code, out, err = await player.finish()
    assert (code, err) == (0, "") and "cannot be written" not in out


async def test_a_picture_that_cannot_be_written_is_said_once_with_that_it_stops(
    tmp_path: Path,
) -> None:
    (tmp_path / "a-file").write_text("")
    player = await Player.start(
        tmp_path, "verso", "--seed", "5", "--db", str(tmp_path / "games.sqlite3"),
        "--picture", str(tmp_path / "a-file" / "table.png"),
    )  # fmt: skip
    screen = await player.until_prompt()
    assert screen is not None and "The picture cannot be written to" in screen
    said = next(line for line in screen.split("\n") if "cannot be written" in line)
    assert said.endswith(". No more pictures in this game."), said
    await player.type("1")
    await player.until_prompt()
    await player.type("q")
    code, out, err = await player.finish()
    assert (code, err) == (0, "") and out.count("The picture cannot be written to") == 1


async def test_the_search_level_answers_to_its_former_name_too(tmp_path: Path) -> None:
    """``--ai ismcts`` (the name scripts knew before "search"), as ``engine arena`` takes it."""
    db = tmp_path / "games.sqlite3"
    player = await Player.start(tmp_path, "ninjan", "--ai", "ISMCTS", "--db", str(db))
    assert await player.until_prompt() is not None
    await player.type("q")
    code, out, err = await player.finish()
    assert (code, err) == (0, "")
    assert "🤖 Cardroom AI (search)" in out
    games, _state = await stored(db)
    assert [s.level for s in games[0].seats] == [None, "search"]


async def test_several_levels_fill_the_automatic_seats_in_turn(tmp_path: Path) -> None:
    # one search player against greedy ones, as the lobby lets a Discord host seat them
    db = tmp_path / "games.sqlite3"
    player = await Player.start(
        tmp_path, "ninjan", "--players", "4", "--ai", "search,greedy", "--db", str(db)
    )
    screen = await player.until_prompt()
    assert screen is not None
    await player.type("q")
    code, out, err = await player.finish()
    assert (code, err) == (0, "")
    assert "greedy, a casual game · search, a real opponent" in out
    games, _state = await stored(db)
    assert [s.level for s in games[0].seats[1:]] == ["search", "greedy", "search"]


async def test_pentaquest_asks_before_a_reroll_that_may_lose_a_capture(tmp_path: Path) -> None:
    """The dice beat a creature on turn 1; a newcomer typed a die's number, rerolled it and
    lost the solo game: the terminal asks what the bot asks first, with the capture beside
    the question, and "Back" changes nothing."""
    db = tmp_path / "games.sqlite3"
    player = await Player.start(tmp_path, "pentaquest", "--seed", "3", "--db", str(db))
    first = await player.until_prompt()
    assert first is not None and "The dice beat: Will-o'-the-Wisp." in first
    assert choices(first)[3] == "Die 3: ⚄5"
    await player.type("3")  # reroll die 3, the 5 the capture needs
    asked = await player.until_prompt()
    assert asked is not None
    assert "⚠️ Your dice already beat Will-o'-the-Wisp: capture it now, or reroll and maybe " in (
        asked
    )
    assert choices(asked) == {  # the capture keeps its number; 1 to 5 stay the dice's
        6: "⚔️ Capture Will-o'-the-Wisp",
        7: "Reroll anyway",
        8: "Back",
    }
    await player.type("8")  # back: the same question, nothing played
    again = await player.until_prompt()
    assert again is not None and choices(again) == choices(first)
    assert (await stored(db))[0][0].version == 0
    await player.type("3")
    await player.until_prompt()
    await player.type("7")  # reroll anyway
    after = await player.until_prompt()
    assert after is not None and "rerolled 5 → " in after
    await player.type("q")
    code, _out, err = await player.finish()
    assert (code, err) == (0, "")
    games, _state = await stored(db)
    storage = await Storage.open(path=db)
    try:
        logged = await storage.games.get_actions(games[0].id)
    finally:
        await storage.close()
    assert [a.action_key for a in logged] == ["reroll:2"]


async def test_a_move_that_is_the_only_one_possible_is_made_and_said(tmp_path: Path) -> None:
    """Ninjan's last round leaves one card in the hand: every answer plays it, so it is
    played and said, not asked (as passing 2 of 2 identical Artichokes was)."""
    db = tmp_path / "games.sqlite3"
    player = await Player.start(
        tmp_path, "ninjan", "--ai", "random", "--seed", "3", "--db", str(db)
    )
    await play_to_the_end(player)
    code, out, err = await player.finish()
    assert (code, err) == (0, "")
    said = [line for line in out.split("\n") if line.startswith("The only possible move")]
    assert len(said) == 1, said
    assert re.fullmatch(r"The only possible move, made for you: \S+ -?\d+ \w+", said[0])
    questions = out.split("\n> ")
    assert all(len(choices(q + "\n> ")) != 1 for q in questions[:-1])  # none asked alone
    games, _state = await stored(db)
    assert [g.status for g in games] == [GameStatus.FINISHED]


async def test_resume_keeps_the_language_and_the_picture_of_the_game(tmp_path: Path) -> None:
    """A French game came back in English: its flags stay with it (a --lang given again
    changes it)."""
    db, picture = tmp_path / "games.sqlite3", tmp_path / "table.png"
    player = await Player.start(
        tmp_path, "verso", "--seed", "5", "--lang", "fr", "--picture", str(picture),
        "--db", str(db),
    )  # fmt: skip
    assert await player.until_prompt() is not None
    await player.type("q")
    code, _out, err = await player.finish()
    assert (code, err) == (0, "")
    picture.unlink()

    again = await Player.start(tmp_path, "--resume", "--db", str(db))
    screen = await again.until_prompt()
    assert screen is not None and "Partie #1 · ta place" in screen
    assert picture.read_bytes().startswith(b"\x89PNG")  # drawn again, where it was
    await again.type("q")
    code, out, err = await again.finish()
    assert (code, err) == (0, "") and "La partie #1 est enregistrée" in out

    english = await Player.start(tmp_path, "--resume", "--lang", "en", "--db", str(db))
    screen = await english.until_prompt()
    assert screen is not None and "Game #1 · your seat" in screen
    await english.type("q")
    assert (await english.finish())[0] == 0


async def test_resume_in_a_database_that_does_not_exist_says_so(tmp_path: Path) -> None:
    missing = tmp_path / "missing.sqlite3"
    player = await Player.start(tmp_path, "--resume", "--db", str(missing))
    code, out, err = await player.finish()
    assert (code, out) == (2, "")
    assert err == f"cardroom: no unfinished game to resume in {missing}: there is no such file\n"
    assert not missing.exists()  # not created empty


@pytest.mark.parametrize("language", ["en", "es", "fr", "uk"])
def test_the_rules_in_the_terminal_speak_of_its_choices_not_buttons(language: str) -> None:
    """The rules said "the buttons under the table" (Spanish: "a quien más los pulse",
    whoever presses them most); the terminal's rules speak of typed choices, and Discord
    keeps its own wording."""
    _ = translator(language)
    buttons = {"en": "button", "es": "botones", "fr": "bouton", "uk": "кнопк"}[language]
    for game in presented_games():
        terminal = rules_text(game, None, _, terminal=True)
        assert buttons not in terminal.lower(), (game, terminal)
    assert buttons in rules_text("verso", None, _).lower()  # Discord's own words
    if language == "es":
        assert "a quien más" not in rules_text("verso", None, _)
