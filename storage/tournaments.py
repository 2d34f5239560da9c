"""Tournaments in storage: a tournament's row (where its card is, its organiser, how it is
played, its record and status under a version), the people signed up, and the link from a game
to the tournament table it plays.

The record is the pure core's JSON (``bot.service.tournaments``' ``Tournament``), kept whole
as a game keeps its state: every change names the version it read (:class:`StaleTournament`
otherwise). A game's end marks its link ``ended`` in the transaction that ends it
(:func:`mark_table_ended`, a game-end hook: ``storage.ends``); the service then folds the
result into the record and marks the link ``recorded`` in one version-checked transaction
(:meth:`TournamentStore.update`), so a result is recorded once whether the process saw the end
or finds it at start-up.
"""

from __future__ import annotations

from collections.abc import Sequence

from storage.ends import EndedGame, ended_game
from storage.rows import now_text
from storage.sql import Backend, Connection
from storage.tournament_rows import (  # noqa: F401 - where callers find them
    OPEN,
    STATUSES,
    SignUpClosed,
    StaleTournament,
    TableLink,
    TournamentNotFound,
    TournamentRow,
    fetch_tournament,
    link_of,
)


def _bump(conn: Connection, tournament_id: int, expected: int) -> None:
    """Move the tournament past ``expected`` or raise :class:`StaleTournament`."""
    moved = conn.execute(
        "UPDATE tournaments SET version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
        (now_text(), tournament_id, expected),
    ).rowcount
    if moved != 1:
        current = fetch_tournament(conn, tournament_id).version
        raise StaleTournament(tournament_id, expected, current)


def mark_table_ended(conn: Connection, ended: EndedGame) -> None:
    """Game-end hook (``storage.ends``): a game playing a tournament table has ended; its
    link is marked ``ended`` in the same transaction (nothing for any other game)."""
    conn.execute("UPDATE tournament_tables SET ended = 1 WHERE game_id = ?", (ended.id,))


class TournamentStore:
    """Tournaments, their sign-ups and their tables' games, over one :class:`Backend`."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    async def create(
        self, guild_id: int, channel_id: int, organiser_id: int, game_name: str, settings: str
    ) -> TournamentRow:
        """A new tournament in sign-up, nobody signed up yet (``settings``: JSON text)."""

        def tx(conn: Connection) -> TournamentRow:
            now = now_text()
            new_id = conn.execute(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, game_name, "
                "settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, organiser_id, game_name, settings, now, now),
            ).fetchone()["id"]
            return fetch_tournament(conn, new_id)

        return await self._db.write(tx)

    async def get(self, tournament_id: int) -> TournamentRow:
        """The tournament. Raises :class:`TournamentNotFound`."""
        return await self._db.read(lambda conn: fetch_tournament(conn, tournament_id))

    async def open_in(self, guild_ids: Sequence[int] | None = None) -> list[TournamentRow]:
        """The tournaments in sign-up or running (of ``guild_ids`` only, when given), oldest
        first: what a process resumes at start-up."""

        def read(conn: Connection) -> list[TournamentRow]:
            rows = conn.execute(
                "SELECT id, guild_id FROM tournaments WHERE status IN ('signup', 'running') "
                "ORDER BY id"
            ).fetchall()
            wanted = None if guild_ids is None else set(guild_ids)
            return [
                fetch_tournament(conn, r["id"])
                for r in rows
                if wanted is None or r["guild_id"] in wanted
            ]

        return await self._db.read(read)

    async def latest_in(self, channel_id: int) -> TournamentRow | None:
        """The newest tournament whose card is in ``channel_id`` (any status), or ``None``."""

        def read(conn: Connection) -> TournamentRow | None:
            row = conn.execute(
                "SELECT id FROM tournaments WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                (channel_id,),
            ).fetchone()
            return None if row is None else fetch_tournament(conn, row["id"])

        return await self._db.read(read)

    async def latest_for(self, guild_id: int, user_id: int) -> TournamentRow | None:
        """The newest tournament of ``guild_id`` that ``user_id`` signed up for and that was
        not cancelled (running, in sign-up or over), or ``None``."""

        def read(conn: Connection) -> TournamentRow | None:
            row = conn.execute(
                "SELECT t.id FROM tournaments t JOIN tournament_signups s "
                "ON s.tournament_id = t.id WHERE t.guild_id = ? AND s.user_id = ? "
                "AND t.status <> 'cancelled' ORDER BY t.id DESC LIMIT 1",
                (guild_id, user_id),
            ).fetchone()
            return None if row is None else fetch_tournament(conn, row["id"])

        return await self._db.read(read)

    async def set_messages(
        self, tournament_id: int, *, card_id: int | None = None, standings_id: int | None = None
    ) -> TournamentRow:
        """Remember the card's or the standings' message id (the ones given). No version
        check: where a message is changes nothing of the tournament."""

        def tx(conn: Connection) -> TournamentRow:
            if card_id is not None:
                conn.execute(
                    "UPDATE tournaments SET card_id = ? WHERE id = ?", (card_id, tournament_id)
                )
            if standings_id is not None:
                conn.execute(
                    "UPDATE tournaments SET standings_id = ? WHERE id = ?",
                    (standings_id, tournament_id),
                )
            return fetch_tournament(conn, tournament_id)

        return await self._db.write(tx)

    async def sign_up(
        self, tournament_id: int, user_id: int, *, join: bool, display_name: str | None = None
    ) -> TournamentRow:
        """Sign ``user_id`` up (``join``; ``display_name``: how they are named, at most 100
        characters kept) or take them off; doing it twice changes nothing.

        Raises:
            TournamentNotFound, SignUpClosed.
        """

        def tx(conn: Connection) -> TournamentRow:
            row = fetch_tournament(conn, tournament_id)
            if row.status != "signup":
                raise SignUpClosed(tournament_id, row.status)
            if join and user_id not in row.signups:
                conn.execute(
                    "INSERT INTO tournament_signups (tournament_id, user_id, joined_at, "
                    "display_name) VALUES (?, ?, ?, ?)",
                    (tournament_id, user_id, now_text(), (display_name or "")[:100] or None),
                )
            elif not join and user_id in row.signups:
                conn.execute(
                    "DELETE FROM tournament_signups WHERE tournament_id = ? AND user_id = ?",
                    (tournament_id, user_id),
                )
            else:
                return row
            _bump(conn, tournament_id, row.version)
            return fetch_tournament(conn, tournament_id)

        return await self._db.write(tx)

    async def update(
        self,
        tournament_id: int,
        expected: int,
        *,
        record: str | None = None,
        settings: str | None = None,
        status: str | None = None,
        round_deadline: str | None = None,
        clear_deadline: bool = False,
        recorded: Sequence[int] = (),
    ) -> TournamentRow:
        """Change the tournament read at version ``expected``: its ``record`` (JSON text),
        ``settings`` (JSON text), ``status``, ``round_deadline`` (or ``clear_deadline``), and
        mark the links of the ``recorded`` games as recorded, in one transaction.

        Raises:
            TournamentNotFound.
            StaleTournament: the tournament is no longer at ``expected``, or a ``recorded``
                game's result is in the record already (it was folded in by someone else).
            ValueError: an unknown ``status``.
        """
        if status is not None and status not in STATUSES:
            raise ValueError(f"unknown tournament status {status!r}")

        def tx(conn: Connection) -> TournamentRow:
            _bump(conn, tournament_id, expected)
            for game_id in recorded:
                moved = conn.execute(
                    "UPDATE tournament_tables SET recorded = 1 "
                    "WHERE game_id = ? AND tournament_id = ? AND recorded = 0",
                    (game_id, tournament_id),
                ).rowcount
                if moved != 1:
                    raise StaleTournament(tournament_id, expected, expected + 1)
            sets: list[str] = []
            params: list[str | None] = []
            for column, value in (("record", record), ("settings", settings), ("status", status)):
                if value is not None:
                    sets.append(f"{column} = ?")
                    params.append(value)
            if round_deadline is not None or clear_deadline:
                sets.append("round_deadline = ?")
                params.append(round_deadline)
            if sets:
                conn.execute(
                    f"UPDATE tournaments SET {', '.join(sets)} WHERE id = ?",
                    (*params, tournament_id),
                )
            return fetch_tournament(conn, tournament_id)

        return await self._db.write(tx)

    async def link_table(
        self, game_id: int, tournament_id: int, round_number: int, table_number: int
    ) -> TableLink:
        """Record that ``game_id`` plays table ``table_number`` of round ``round_number``; a
        game that has ended already is linked ``ended``. Linking the same game twice returns
        the link as it is.

        Raises:
            storage.sql.IntegrityError: another game plays that table already.
        """

        def tx(conn: Connection) -> TableLink:
            conn.execute(
                "INSERT INTO tournament_tables (game_id, tournament_id, round, table_number, "
                "ended) VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
                (
                    game_id,
                    tournament_id,
                    round_number,
                    table_number,
                    int(ended_game(conn, game_id) is not None),
                ),
            )
            row = conn.execute(
                "SELECT * FROM tournament_tables WHERE game_id = ?", (game_id,)
            ).fetchone()
            return link_of(row)

        return await self._db.write(tx)

    async def replace_table_game(self, old_game_id: int, new_game_id: int) -> TableLink:
        """Let ``new_game_id`` play the table ``old_game_id`` was linked to: that game closed
        before it started (a restart closed its lobby), so the table is opened again.

        Raises:
            LookupError: ``old_game_id`` plays no table, or its game ended (a result that
                counts is never replaced).
        """

        def tx(conn: Connection) -> TableLink:
            moved = conn.execute(
                "UPDATE tournament_tables SET game_id = ? WHERE game_id = ? AND ended = 0",
                (new_game_id, old_game_id),
            ).rowcount
            if moved != 1:
                raise LookupError(f"game {old_game_id} plays no table still to be played")
            row = conn.execute(
                "SELECT * FROM tournament_tables WHERE game_id = ?", (new_game_id,)
            ).fetchone()
            return link_of(row)

        return await self._db.write(tx)

    async def tables(self, tournament_id: int, round_number: int | None = None) -> list[TableLink]:
        """The games linked to the tournament's tables (of one round when given), by round and
        table."""

        def read(conn: Connection) -> list[TableLink]:
            sql = "SELECT * FROM tournament_tables WHERE tournament_id = ?"
            params: tuple[int, ...] = (tournament_id,)
            if round_number is not None:
                sql += " AND round = ?"
                params = (tournament_id, round_number)
            rows = conn.execute(sql + " ORDER BY round, table_number", params).fetchall()
            return [link_of(r) for r in rows]

        return await self._db.read(read)

    async def table_of(self, game_id: int) -> TableLink | None:
        """The tournament table ``game_id`` plays, or ``None``."""

        def read(conn: Connection) -> TableLink | None:
            row = conn.execute(
                "SELECT * FROM tournament_tables WHERE game_id = ?", (game_id,)
            ).fetchone()
            return None if row is None else link_of(row)

        return await self._db.read(read)

    async def unrecorded_ends(self, tournament_id: int) -> list[tuple[TableLink, EndedGame]]:
        """The tables whose game has ended but whose result is not in the record yet, with
        each game as its end left it (result, seats), by round and table."""

        def read(conn: Connection) -> list[tuple[TableLink, EndedGame]]:
            rows = conn.execute(
                "SELECT * FROM tournament_tables WHERE tournament_id = ? AND ended = 1 "
                "AND recorded = 0 ORDER BY round, table_number",
                (tournament_id,),
            ).fetchall()
            found = []
            for row in rows:
                ended = ended_game(conn, row["game_id"])
                if ended is not None:
                    found.append((link_of(row), ended))
            return found

        return await self._db.read(read)
