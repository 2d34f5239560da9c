"""The standings in words as a reader sees them, in every language: a point is "1 pt", not
"1 pts"; half points are written as the language writes numbers ("1,5" in French); a one-round
Swiss says "1 round"."""

from __future__ import annotations

import random
import re

from bot.i18n import translator
from bot.messages.layouts import TEXT_LIMIT
from bot.service import tournaments as T
from bot.service.tournament_setup import PlaySettings
from bot.texts.tournaments import card_text, standings_text, where_text
from storage.tournaments import TournamentRow
from tests.bot.tournaments.helpers import play_round

ALICE, BOB, CAROL, DAN = "u:1", "u:2", "u:3", "u:4"


def _row(status: str = "running") -> TournamentRow:
    return TournamentRow(
        id=7,
        guild_id=1,
        channel_id=2,
        card_id=None,
        standings_id=None,
        organiser_id=1,
        game_name="ninjan",
        settings="{}",
        record=None,
        status=status,
        round_deadline=None,
        version=0,
        signups=(1, 2, 3, 4),
    )


def _two_rounds() -> T.Tournament:
    """Round 1: a win and a draw; round 2 under way, one table ended."""
    record = T.new_tournament(
        T.Settings(seats=2, rounds=3),
        [T.Entrant(id=e, rating=0.0) for e in (ALICE, BOB, CAROL, DAN)],
    )
    record = T.start_round(record)
    record = T.record_result(record, 1, (1, 2))
    record = T.record_result(record, 2, (1, 1))
    record = T.start_round(record)
    current = T.current_round(record)
    assert current is not None
    return T.record_result(record, 1, (1, 2))


def test_points_have_a_singular_and_the_languages_number_form() -> None:
    record = _two_rounds()  # Dan 1.5, Alice 1, Bob 0.5, Carol 0
    en = standings_text(_row(), record, translator("en"))
    assert "2. <@1> — 1 pt ·" in en and "1 pts" not in en
    assert "1. <@4> — 1.5 pts ·" in en and "3. <@2> — 0.5 pts ·" in en
    fr = standings_text(_row(), record, translator("fr"))
    assert "1. <@4> — 1,5 pt ·" in fr and "3. <@2> — 0,5 pt ·" in fr  # below 2: singular
    es = standings_text(_row(), record, translator("es"))
    assert "1. <@4> — 1,5 ptos ·" in es and "2. <@1> — 1 pto ·" in es
    uk = standings_text(_row(), record, translator("uk"))
    assert "1. <@4> — 1,5 оч. ·" in uk


def test_where_a_player_stands_says_one_point_and_one_round() -> None:
    record = _two_rounds()
    en = translator("en")
    alice = where_text(_row(), record, T.whereabouts(record, ALICE), None, en)
    assert "you are in place 2 of 4 with 1 point." in alice
    dan = where_text(_row(), record, T.whereabouts(record, DAN), None, translator("fr"))
    assert "avec 1,5 point." in dan
    settings = PlaySettings(rounds=1)
    assert "Swiss, 1 round ·" in card_text(_row("signup"), settings, en)


def test_each_tie_break_value_is_labelled_and_named_in_the_legend() -> None:
    """The rows said "1.5 pts · 1 · 1.5 · 1.25 · 1": which number was which could only be
    told by counting along the "Tie-breaks:" line."""
    record = _two_rounds()
    en = standings_text(_row(), record, translator("en")).splitlines()
    assert en[1] == (
        "Tie-breaks: BH-C1 = Buchholz cut-1 · BH = Buchholz · SB = Sonneborn–Berger · WON = wins"
    )
    assert en[2] == "1. <@4> — 1.5 pts · BH-C1 1 · BH 1.5 · SB 1.25 · WON 1"
    fr = standings_text(_row(), record, translator("fr")).splitlines()
    assert fr[1].endswith("WON = victoires") and fr[2].endswith("SB 1,25 · WON 1")


def test_forty_rows_of_the_longest_fit_one_message() -> None:
    """40 players with 19-digit ids, the bot's four tie-breaks, fractional values, out of the
    tournament (the longest mark) in every language: all 40 rows shown, within the 4,000
    characters Discord allows a message's text (``layouts.TEXT_LIMIT`` keeps a margin)."""
    ids = [f"u:{10**18 + n}" for n in range(48)]
    record = T.new_tournament(
        T.Settings(seats=3, rounds=5),
        [T.Entrant(id=e, rating=0.0) for e in ids],
    )
    rng = random.Random(52)
    for _round in range(3):
        record = play_round(record, rng)
    for entrant in ids[:44]:
        record = T.withdraw(record, entrant, "removed" if rng.random() < 0.5 else "dropped")
    for language in ("en", "es", "fr", "uk"):
        text = standings_text(_row(), record, translator(language))
        rows = [line for line in text.splitlines() if line[:1].isdigit()]
        assert len(rows) == 40, (language, len(text))
        assert len(text) <= TEXT_LIMIT, (language, len(text))
        last = text.splitlines()[-1]
        assert last.startswith("…") and re.search(r"\b8\b", last), last  # "… and 8 more."
