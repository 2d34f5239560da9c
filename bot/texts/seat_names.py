"""How each seat is named in the texts: a mention or a label, marked when an automatic player
has it or the player is away; the automatic players' levels by name, and what each is for."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, Translator
from bot.service.seats import automatic_number
from storage import GameRecord, Seat

LEVEL_NAMES: dict[str, str] = {
    "random": N_("random"),
    "greedy": N_("greedy"),
    "search": N_("search"),
    "ismcts": N_("search"),  # the search level's former name, in seats stored before
}
"""How each automatic player's level is called (msgids)."""
LEVEL_HINTS: dict[str, str] = {
    "random": N_("for learning the rules"),
    "greedy": N_("a casual game"),
    "search": N_("a real opponent"),
}
"""What each level is for, in a few words (msgids), where the host seats automatic players."""


def automatic_name(
    level: str | None, _: Translator, number: int | None = None, short: bool = False
) -> str:
    """How an automatic player of ``level`` is named, everywhere it is named: "🤖 Cardroom AI
    (greedy)", with its ``number`` when it has one ("🤖 Cardroom AI 3 (greedy)": a
    tournament's, by its sign-up, on the card, the standings and at its tables alike);
    ``short``: "AI 3 (greedy)", for a picture's narrow names."""
    named = _(LEVEL_NAMES.get(level or "greedy", LEVEL_NAMES["greedy"]))
    if short:
        if number is not None:
            return _("AI {number} ({level})", number=number, level=named)
        return _("AI ({level})", level=named)
    if number is not None:
        return _("🤖 Cardroom AI {number} ({level})", number=number, level=named)
    return _("🤖 Cardroom AI ({level})", level=named)


def _named(
    seat: Seat, name: str, _: Translator, numbered: bool = False, short: bool = False
) -> str:
    """``name`` marked as played automatically, or away after timeouts; an automatic player
    seated as such is named by its level and by its own number when it has one (a
    tournament's), else by its seat's number when ``numbered`` (another one of the table has
    the same level: "passed 2 cards to 🤖 Cardroom AI (greedy)" would not say which);
    ``short``: as "AI 2 (greedy)", for the narrow name of a seat in a picture."""
    if seat.former:
        return _("a former player")
    if seat.user_id is None:  # an automatic player seated as such
        number = automatic_number(seat)
        if number is None and numbered:
            number = seat.seat + 1
        return automatic_name(seat.level, _, number, short)
    if seat.automatic:
        return _("{player} (automatic)", player=name)
    if seat.away:
        return _("{player} (away)", player=name)
    return name


def _twins(record: GameRecord) -> set[int]:
    """The seats of automatic players seated in the lobby at the same level as another."""
    robots = [s for s in record.seats if s.user_id is None and not s.former]
    levels = [s.level for s in robots]
    return {s.seat for s in robots if levels.count(s.level) > 1}


def seat_names(record: GameRecord, _: Translator) -> tuple[str, ...]:
    """How each seat is shown in text: a mention, marked when an automatic player has it."""
    twins = _twins(record)
    return tuple(_named(s, f"<@{s.user_id}>", _, s.seat in twins) for s in record.seats)


def seat_labels(record: GameRecord, _: Translator, short: bool = False) -> tuple[str, ...]:
    """How each seat is shown on buttons and in menus, where Discord shows mentions as raw ids:
    the player's name in the guild when they sat down (``Player N`` if unknown); ``short``:
    an automatic player as "AI 2 (greedy)", for a picture's narrow names."""
    twins = _twins(record)
    return tuple(
        _named(
            s,
            s.display_name or _("Player {number}", number=s.seat + 1),
            _,
            s.seat in twins,
            short,
        )
        for s in record.seats
    )


def levels_line(
    levels: Sequence[str],
    _: Translator,
    measured: tuple[int, int] | None = None,
    seats: int = 2,
) -> str:
    """One small line on what each automatic level is for ("🤖 Cardroom AI: random, for
    learning the rules · greedy, a casual game · search, a real opponent"), with how the
    search level did against greedy at a table of ``seats`` when it was measured
    (``measured``: games won, games played; ``engine.players.measured_wins``)."""
    parts = []
    for level in levels:
        hint = _(LEVEL_HINTS[level])
        if level == "search" and measured is not None:
            wins, games = measured
            hint = _.plural(
                "a real opponent (won {wins} of {games} test games against {greedy}, "
                "{count} player)",
                "a real opponent (won {wins} of {games} test games against {greedy}, "
                "{count} players)",
                seats,
                wins=wins,
                games=games,
                greedy=_(LEVEL_NAMES["greedy"]),
            )
        parts.append(_("{level}, {hint}", level=_(LEVEL_NAMES[level]), hint=hint))
    return _("-# 🤖 Cardroom AI: {levels}", levels=" · ".join(parts))
