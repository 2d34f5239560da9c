"""Data objects of the memory of play (stats, ratings, forgetting a player): frozen
dataclasses, like ``storage.models``."""

from __future__ import annotations

from dataclasses import dataclass

PLAY_RESULTS = ("won", "lost", "draw", "forfeit", "aborted")
"""How a game ended for one of its players (``plays.result``)."""


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's results in one game (``/game stats``), over finished games.

    Attributes:
        game_name: the game.
        played: finished games (forfeits included; aborted games are not counted).
        won: games the player won (a shared first place too).
        scored: games that ended with a score for the player (forfeits left out: an
            automatic player finished them).
        score_total: the sum of those scores.
        best_score: the highest of them (``None``: none).
        streak: the current streak: ``n > 0`` won the last ``n`` games, ``n < 0`` won none
            of the last ``-n``, ``0`` no game.
    """

    game_name: str
    played: int
    won: int
    scored: int
    score_total: int
    best_score: int | None
    streak: int

    @property
    def win_rate(self) -> float:
        """Won / played, 0.0 with no game."""
        return self.won / self.played if self.played else 0.0

    @property
    def average_score(self) -> float | None:
        """The mean score (``None``: no scored game)."""
        return self.score_total / self.scored if self.scored else None


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating on a guild's leaderboard of one game.

    Attributes:
        user_id: the person rated, ``None`` for an automatic player.
        level: the automatic player's level (``"random"``, ``"greedy"``, ``"search"``), ``None``
            for a person.
        mu, sigma: the OpenSkill estimate and its uncertainty.
        games: rated games played.
        place: the place on the leaderboard, 1 = best (``None``: fewer rated games than the
            leaderboard needs).
    """

    user_id: int | None
    level: str | None
    mu: float
    sigma: float
    games: int
    place: int | None = None

    @property
    def ordinal(self) -> float:
        """The conservative rating shown: ``mu - 3 sigma``."""
        return self.mu - 3.0 * self.sigma


@dataclass(frozen=True, slots=True)
class Leaderboard:
    """A guild's leaderboard of one game: the ``top`` ratings (best first), the asking
    player's ``own`` rating (``None``: not rated yet) and how many ``players`` it ranks."""

    game_name: str
    top: tuple[Rating, ...]
    own: Rating | None
    players: int


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What forgetting a player changed: the seats that became a former player's, the
    results and ratings deleted."""

    seats: int
    plays: int
    ratings: int
