"""Single elimination at 2 seats: the bracket, each next round, and its standings.

Rules (``docs/tournaments.md``, "Single elimination"):

- ``rounds_needed(n)`` rounds, ``ceil(log2 n)``; the bracket has ``2 ** rounds`` slots, seeds
  placed the usual way (1 and 2 can meet only in the final, 1-4 only from the semi-finals:
  :func:`bracket`); a seed facing an empty slot has a bye, so the top seeds have the byes.
- A table's winner is the player alone in first place; a shared first place (a draw, or a
  deadline with both or neither out of time) goes to the higher seed.
- A withdrawn player is not paired again: their next opponent has a bye (a walkover).
- Standings: players still in first, then by the round they went out in, latest first;
  those out in the same round share a place (a final's loser is 2nd, the semi-finals' 3rd,
  the quarter-finals' 5th), listed by seed.
"""

from __future__ import annotations

from bot.service.tournaments.model import Round, Table, Tournament
from bot.service.tournaments.standings import Standing, Standings


def rounds_needed(players: int) -> int:
    """The rounds of a single elimination of ``players`` (at least 2): ``ceil(log2)``."""
    if players < 2:
        raise ValueError("an elimination needs at least two players")
    return (players - 1).bit_length()


def bracket(rounds: int) -> list[int]:
    """The seeds (1-based) in bracket order for ``rounds`` rounds: consecutive entries meet
    in round 1. ``bracket(3)`` is ``[1, 8, 4, 5, 2, 7, 3, 6]``."""
    order = [1]
    for _ in range(rounds):
        size = 2 * len(order)
        order = [seed for top in order for seed in (top, size + 1 - top)]
    return order


def table_winner(table: Table, seeds: dict[str, int]) -> str:
    """The player who goes through from a finished ``table``: alone in first place, else
    the higher seed among those sharing it."""
    assert table.result is not None
    first = [p for p, place in zip(table.players, table.result.places, strict=True) if place == 1]
    return min(first, key=seeds.__getitem__)


def _walk(tournament: Tournament) -> tuple[list[str | None], dict[str, int], dict[str, int]]:
    """Follow the bracket through the record: the players in bracket order for the next
    round (``None`` for an empty slot or a table still running), how many rounds each player
    went through (won or passed with a bye), and the round each player went out in (lost, or
    not there because they withdrew)."""
    seeds = {player: index for index, player in enumerate(tournament.seed_order())}
    order = tournament.seed_order()
    slots: list[str | None] = [
        order[seed - 1] if seed <= len(order) else None
        for seed in bracket(rounds_needed(len(order)))
    ]
    gone = tournament.withdrawn()
    through = {player: 0 for player in order}
    out: dict[str, int] = {}

    def leave_withdrawn(number: int) -> None:
        for index, player in enumerate(slots):
            if player in gone and gone[player].after_round < number:
                out.setdefault(player, number)
                slots[index] = None

    for round_ in tournament.rounds:
        leave_withdrawn(round_.number)
        winners = {
            frozenset(table.players): table_winner(table, seeds)
            for table in round_.tables
            if table.result is not None
        }
        advancing: list[str | None] = []
        for top, bottom in zip(slots[::2], slots[1::2], strict=True):
            present = [p for p in (top, bottom) if p is not None]
            winner = present[0] if len(present) == 1 else winners.get(frozenset(present))
            for player in present:
                if player != winner and winner is not None:
                    out[player] = round_.number
            if winner is not None:
                through[winner] += 1
            advancing.append(winner)
        slots = advancing
    leave_withdrawn(len(tournament.rounds) + 1)
    return slots, through, out


def still_in(tournament: Tournament) -> list[str]:
    """The players left for the next round, in bracket order (once the round has ended)."""
    return [player for player in _walk(tournament)[0] if player is not None]


def next_elimination_round(tournament: Tournament) -> Round:
    """The next round: consecutive players of the bracket meet; one without an opponent has
    a bye. Raises ``ValueError`` once a champion is known."""
    slots, _, _ = _walk(tournament)
    if len(slots) < 2:
        raise ValueError("the bracket is complete")
    tables: list[Table] = []
    byes: list[str | None] = []
    for top, bottom in zip(slots[::2], slots[1::2], strict=True):
        if top is not None and bottom is not None:
            tables.append(Table(number=len(tables) + 1, players=(top, bottom)))
        elif (top or bottom) is not None:
            byes.append(top or bottom)
    return Round(
        number=len(tournament.rounds) + 1,
        tables=tuple(tables),
        byes=tuple(p for p in byes if p is not None),
    )


def bracket_standings(tournament: Tournament, *, final: bool = False) -> Standings:
    """The standings of a single elimination by the module's rules."""
    _, through, out = _walk(tournament)
    seeds = tournament.seed_order()
    gone = tournament.withdrawn()
    played = {player: 0 for player in seeds}
    byes = {player: 0 for player in seeds}
    for round_ in tournament.rounds:
        for player in round_.byes:
            byes[player] += 1
        for table in round_.tables:
            if table.result is not None:
                for player in table.players:
                    played[player] += 1

    def key(player: str) -> tuple[int, int]:
        return (-(out.get(player, 10**6)), -through[player])

    ordered = sorted(seeds, key=lambda p: (key(p), seeds.index(p)))
    rows: list[Standing] = []
    for index, player in enumerate(ordered):
        shared = index > 0 and key(ordered[index - 1]) == key(player)
        withdrawal = gone.get(player)
        rows.append(
            Standing(
                place=rows[-1].place if shared else index + 1,
                player=player,
                points=float(through[player]),
                tie_breaks={},
                played=played[player],
                byes=byes[player],
                status="active" if withdrawal is None else withdrawal.how,
            )
        )
    return Standings(rounds=len(tournament.rounds), final=final, tie_breaks=(), rows=tuple(rows))
