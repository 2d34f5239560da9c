"""Tournaments without Discord or storage: pure records, pairing, scoring and standings.

The rules are in ``docs/tournaments.md``; each module implements a part of them:

- ``model``: the record (frozen pydantic models that export to JSON and back);
- ``progress``: the changes to a record (start a round, a table's result or deadline, a
  withdrawal) and what is asked of it (standings, a player's whereabouts, the export);
- ``swiss`` and ``elimination``: the next round of each format; ``pairing`` (2 seats, a
  matching) and ``tables`` (3 to 5 seats) seat the players;
- ``scoring``: points per place, byes, a table decided at the round's deadline;
- ``standings``: points and tie-breaks from the record alone.

The bot (and ``cardroom play``) keep a record, call ``progress`` to change it and store the
new one; nothing here reads a clock or a database.
"""

from bot.service.tournaments.model import (
    Entrant,
    Round,
    Settings,
    Table,
    TableResult,
    Tournament,
    Withdrawal,
)
from bot.service.tournaments.progress import (
    TournamentError,
    Whereabouts,
    current_round,
    export,
    final_standings,
    is_over,
    load,
    new_tournament,
    record_deadline,
    record_outcome,
    record_result,
    standings,
    start_round,
    total_rounds,
    whereabouts,
    withdraw,
)
from bot.service.tournaments.standings import Standing, Standings

__all__ = [
    "Entrant",
    "Round",
    "Settings",
    "Standing",
    "Standings",
    "Table",
    "TableResult",
    "Tournament",
    "TournamentError",
    "Whereabouts",
    "Withdrawal",
    "current_round",
    "export",
    "final_standings",
    "is_over",
    "load",
    "new_tournament",
    "record_deadline",
    "record_outcome",
    "record_result",
    "standings",
    "start_round",
    "total_rounds",
    "whereabouts",
    "withdraw",
]
