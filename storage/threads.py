"""A thread per game: where each game is played (a channel, or a thread of its own whose card
stays in the channel), the people invited to a lobby, the spectators of a game, the lobbies
that play a game again, and the threads of ended games waiting to be archived.

Any number of games played in threads share a channel; the games played in a channel itself
stay one per channel (``games_one_open_per_channel``). A lobby to be played in a thread holds
its channel in ``parent_id`` and, until its thread is made, in ``channel_id`` too: such a
game is played nowhere yet (:data:`HERE_SQL`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from storage.errors import ChannelBusy, GameNotInLobby, StorageError
from storage.models import GameRecord, GameStatus
from storage.rows import OPEN_SQL, fetch_game, fetch_games, now_text, parse_time, time_text
from storage.sql import Backend, Connection

HERE_SQL = "(parent_id IS NULL OR parent_id <> channel_id)"
"""SQL condition of a game played in its ``channel_id``: not a lobby whose thread is still
being made (then ``channel_id`` is still the channel of its card)."""


class AgainOpen(StorageError):
    """A game is played again by an open lobby (or game) already.

    Attributes:
        game_id: the game played again.
        again_id: the open lobby (or game) that plays it again.
    """

    def __init__(self, game_id: int, again_id: int) -> None:
        super().__init__(f"game {game_id} is played again by game {again_id} already")
        self.game_id = game_id
        self.again_id = again_id


@dataclass(frozen=True, slots=True)
class LobbySetup:
    """What a lobby starts with besides its host: who is invited, the automatic players
    seated after the host (``(level, name)`` each, in seat order), the pace (``turn_clock``
    and, turn-based, ``bank_start`` and ``bank_cap``: ``storage.lobby``'s ``set_clock``), the
    search level's thinking time and the host's minimum share of finished games, whether only
    invited people may join, and the game it plays again (``None``: none)."""

    invited: tuple[int, ...] = ()
    automatic: tuple[tuple[str, str], ...] = ()
    turn_clock: int | None = None
    bank_start: int | None = None
    bank_cap: int | None = None
    thinking_ms: int | None = None
    min_reliability: int | None = None
    invited_only: bool = False
    again_of: int | None = None


def set_up(conn: Connection, game_id: int, setup: LobbySetup, now: str) -> None:
    """Apply ``setup`` to the new lobby ``game_id`` (its host sits in seat 0), in the
    transaction that creates it.

    Raises:
        AgainOpen: ``setup.again_of`` is played again by an open game already.
    """
    if setup.again_of is not None:
        row = conn.execute(
            f"SELECT id FROM games WHERE again_of = ? AND {OPEN_SQL}", (setup.again_of,)
        ).fetchone()
        if row is not None:
            raise AgainOpen(setup.again_of, row["id"])
    conn.execute(
        "UPDATE games SET turn_clock = ?, bank_start = ?, bank_cap = ?, thinking_ms = ?, "
        "min_reliability = ?, invited_only = ?, again_of = ? WHERE id = ?",
        (
            setup.turn_clock,
            setup.bank_start,
            setup.bank_cap,
            setup.thinking_ms,
            setup.min_reliability,
            int(setup.invited_only),
            setup.again_of,
            game_id,
        ),
    )
    for seat, (level, name) in enumerate(setup.automatic, start=1):
        conn.execute(
            "INSERT INTO seats (game_id, seat, user_id, automatic, joined_at, display_name, "
            "level) VALUES (?, ?, NULL, 1, ?, ?, ?)",
            (game_id, seat, now, name[:100], level),
        )
    _invite(conn, game_id, setup.invited)


def _invite(conn: Connection, game_id: int, users: Sequence[int]) -> None:
    conn.executemany(
        "INSERT INTO game_invites (game_id, user_id) VALUES (?, ?) "
        "ON CONFLICT (game_id, user_id) DO NOTHING",
        [(game_id, user) for user in dict.fromkeys(users)],
    )


class ThreadStore:
    """Where games are played, their invitations, spectators, replays and archives, on one
    :class:`Backend`."""

    def __init__(self, db: Backend) -> None:
        self._db = db

    # -- where a game is played --------------------------------------------------------------

    async def place(self, game_id: int, thread_id: int) -> GameRecord:
        """The game is played in ``thread_id`` from now on (its first thread, or a new one
        after its thread was deleted); its card stays in ``parent_id``.

        Raises:
            GameNotFound.
            ValueError: the game is not one played in a thread.
        """

        def tx(conn: Connection) -> GameRecord:
            game = fetch_game(conn, game_id)
            if game.parent_id is None:
                raise ValueError(f"game {game_id} is not played in a thread")
            conn.execute(
                "UPDATE games SET channel_id = ?, updated_at = ? WHERE id = ?",
                (thread_id, now_text(), game_id),
            )
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def in_channel(self, game_id: int) -> GameRecord:
        """The game is played in the channel of its card after all (no thread could be
        made): it becomes that channel's one game played there.

        Raises:
            GameNotFound.
            ChannelBusy: another game is played in that channel already.
        """

        def tx(conn: Connection) -> GameRecord:
            game = fetch_game(conn, game_id)
            if game.parent_id is None:
                return game
            other = conn.execute(
                f"SELECT id FROM games WHERE channel_id = ? AND {OPEN_SQL} AND parent_id IS NULL",
                (game.parent_id,),
            ).fetchone()
            if other is not None:
                raise ChannelBusy(game.parent_id, other["id"])
            conn.execute(
                "UPDATE games SET channel_id = parent_id, parent_id = NULL, updated_at = ? "
                "WHERE id = ?",
                (now_text(), game_id),
            )
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def games_here(self, channel_id: int) -> list[GameRecord]:
        """The open games played in ``channel_id`` or in threads of it (their cards are
        there), by id."""
        return await self._db.read(
            lambda conn: fetch_games(
                conn,
                f"(channel_id = ? OR parent_id = ?) AND {OPEN_SQL}",
                (channel_id, channel_id),
            )
        )

    async def game_of_thread(self, thread_id: int) -> GameRecord | None:
        """The open game played in thread ``thread_id`` (a thread of its own), or ``None``."""
        games = await self._db.read(
            lambda conn: fetch_games(
                conn,
                f"channel_id = ? AND parent_id IS NOT NULL AND parent_id <> channel_id "
                f"AND {OPEN_SQL}",
                (thread_id,),
            )
        )
        return games[0] if games else None

    async def open_in_threads(self) -> list[tuple[int, int, int]]:
        """Every open game played in a thread of its own, as ``(game id, guild id, thread
        id)`` by game id (at start-up: are their threads still there?). Ids only, so that a
        start with many slow games in threads reads three integers a game, not its record."""
        rows = await self._db.read(
            lambda conn: conn.execute(
                "SELECT id, guild_id, channel_id FROM games WHERE parent_id IS NOT NULL "
                f"AND parent_id <> channel_id AND {OPEN_SQL} ORDER BY id"
            ).fetchall()
        )
        return [(row["id"], row["guild_id"], row["channel_id"]) for row in rows]

    async def unplaced(self, created_before: datetime) -> list[GameRecord]:
        """The lobbies created before ``created_before`` (a start) to be played in a thread
        that has not been made (the bot stopped in between), by id; later ones are having
        theirs made by their ``/game new``."""
        before = created_before.astimezone(UTC).isoformat(timespec="milliseconds")
        return await self._db.read(
            lambda conn: fetch_games(
                conn,
                "status = 'lobby' AND parent_id = channel_id AND created_at < ?",
                (before,),
                with_state=False,
            )
        )

    # -- invitations -------------------------------------------------------------------------

    async def invited(self, game_id: int) -> tuple[int, ...]:
        """The people invited to ``game_id``, by id."""
        rows = await self._db.read(
            lambda conn: conn.execute(
                "SELECT user_id FROM game_invites WHERE game_id = ? ORDER BY user_id",
                (game_id,),
            ).fetchall()
        )
        return tuple(int(row["user_id"]) for row in rows)

    async def set_invited_only(self, game_id: int, on: bool) -> GameRecord:
        """Whether only invited people may join the lobby.

        Raises:
            GameNotFound, GameNotInLobby.
        """

        def tx(conn: Connection) -> GameRecord:
            game = fetch_game(conn, game_id)
            if game.status != GameStatus.LOBBY:
                raise GameNotInLobby(game_id, game.status)
            conn.execute(
                "UPDATE games SET invited_only = ?, updated_at = ? WHERE id = ?",
                (int(on), now_text(), game_id),
            )
            return fetch_game(conn, game_id)

        return await self._db.write(tx)

    async def again_open(self, game_id: int) -> GameRecord | None:
        """The open lobby (or game) that plays ``game_id`` again, or ``None``."""
        games = await self._db.read(
            lambda conn: fetch_games(conn, f"again_of = ? AND {OPEN_SQL}", (game_id,))
        )
        return games[0] if games else None

    # -- spectators --------------------------------------------------------------------------

    async def watch(self, game_id: int, user_id: int) -> bool:
        """``user_id`` watches ``game_id``; whether they did not already."""
        return await self._db.write(
            lambda conn: (
                conn.execute(
                    "INSERT INTO spectators (game_id, user_id, since) VALUES (?, ?, ?) "
                    "ON CONFLICT (game_id, user_id) DO NOTHING",
                    (game_id, user_id, now_text()),
                ).rowcount
                == 1
            )
        )

    async def unwatch(self, game_id: int, user_id: int) -> bool:
        """``user_id`` stops watching ``game_id``; whether they were."""
        return await self._db.write(
            lambda conn: (
                conn.execute(
                    "DELETE FROM spectators WHERE game_id = ? AND user_id = ?", (game_id, user_id)
                ).rowcount
                == 1
            )
        )

    async def spectators(self, game_id: int) -> tuple[int, ...]:
        """The people watching ``game_id``, first come first."""
        rows = await self._db.read(
            lambda conn: conn.execute(
                "SELECT user_id FROM spectators WHERE game_id = ? ORDER BY since, user_id",
                (game_id,),
            ).fetchall()
        )
        return tuple(int(row["user_id"]) for row in rows)

    async def watched_by(self, user_id: int, guild_id: int, limit: int = 20) -> list[GameRecord]:
        """The games of ``guild_id`` that ``user_id`` watches, open ones first, newest first
        (at most ``limit``)."""
        games = await self._db.read(
            lambda conn: fetch_games(
                conn,
                "guild_id = ? AND id IN (SELECT game_id FROM spectators WHERE user_id = ?)",
                (guild_id, user_id),
                with_state=False,
            )
        )
        games.sort(key=lambda g: (not g.is_open, -g.id))
        return games[:limit]

    # -- archiving ---------------------------------------------------------------------------

    async def archive_later(self, game_id: int, thread_id: int, due: datetime) -> None:
        """Archive ``thread_id`` (the ended game ``game_id``'s) at ``due``."""
        await self._db.write(
            lambda conn: conn.execute(
                "INSERT INTO thread_archives (game_id, thread_id, due_at) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET thread_id = excluded.thread_id, "
                "due_at = excluded.due_at",
                (game_id, thread_id, time_text(due)),
            )
        )

    async def archives(self) -> list[tuple[int, int, int, datetime]]:
        """Every thread waiting to be archived: ``(guild_id, game_id, thread_id, due)``,
        soonest first."""
        rows = await self._db.read(
            lambda conn: conn.execute(
                "SELECT g.guild_id, a.game_id, a.thread_id, a.due_at FROM thread_archives a "
                "JOIN games g ON g.id = a.game_id ORDER BY a.due_at, a.game_id"
            ).fetchall()
        )
        found = []
        for row in rows:
            due = parse_time(row["due_at"])
            assert due is not None
            found.append((int(row["guild_id"]), int(row["game_id"]), int(row["thread_id"]), due))
        return found

    async def archived(self, game_id: int) -> None:
        """``game_id``'s thread is archived (or gone): nothing waits any more."""
        await self._db.write(
            lambda conn: conn.execute("DELETE FROM thread_archives WHERE game_id = ?", (game_id,))
        )
