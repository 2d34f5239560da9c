"""The standings in words as a reader sees them, in every language: a point is "1 pt", not
"1 pts"; half points are written as the language writes numbers ("1,5" in French); a one-round
Swiss says "1 round"."""

from __future__ import annotations

from bot.i18n import translator
from bot.service import tournaments as T
from bot.service.tournament_setup import PlaySettings
from bot.texts.tournaments import card_text, standings_text, where_text
from storage.tournaments import TournamentRow

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
