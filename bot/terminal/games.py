"""The games of ``cardroom play``: set up through the lobby use cases, found again to resume,
and the flags each was played with.

A terminal game sits at guild :data:`TERMINAL`, a table (``channel_id``) of its own, the
person at seat 1 as user :data:`PLAYER`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from bot.service import GameService, GameSnapshot
from storage import GameRecord, GameStatus, Storage

TERMINAL = 0
"""The ``guild_id`` of games played at the terminal (Discord guild ids are never 0)."""
PLAYER = 1
"""The ``user_id`` of the person at the terminal (Discord user ids are never 1)."""
KEPT = "play.game.{game}"
"""The ``meta`` key under which a game's own ``cardroom play`` flags are kept (its language
and picture file), so that ``--resume`` plays it as it was started."""


@dataclass(frozen=True)
class NewGame:
    """A game to set up: ``game`` with ``len(levels) + 1`` seats (the person's first, then an
    automatic player of each of ``levels``), the pace ``pace`` (a key of
    ``bot.service.paces.PACES``), the person shown as ``name`` (``None``: "Player 1")."""

    game: str
    levels: tuple[str, ...]
    pace: str = "off"
    name: str | None = None

    @property
    def players(self) -> int:
        """The seats at the table, the person's included."""
        return len(self.levels) + 1


async def open_game(service: GameService, new: NewGame) -> GameSnapshot:
    """Set ``new`` up through the lobby use cases and start it; the started game.

    Each terminal game gets a table of its own (a ``channel_id`` no other open game of the
    terminal has), so older unfinished games stay to be resumed.
    """
    open_games = await service.storage.games.find_games_by_player(PLAYER)
    taken = {g.channel_id for g in open_games if g.guild_id == TERMINAL}
    channel = next(n for n in range(1, len(taken) + 2) if n not in taken)
    lobby = await service.open_lobby(
        guild_id=TERMINAL,
        channel_id=channel,
        host_id=PLAYER,
        game_name=new.game,
        host_name=new.name,
    )
    for level in new.levels:
        await service.add_automatic(lobby.id, PLAYER, level)
    if new.pace != "off":
        await service.set_pace(lobby.id, PLAYER, new.pace)
    return await service.start(lobby.id, PLAYER)


async def last_unfinished(service: GameService, game: str | None) -> GameRecord | None:
    """The person's most recent running terminal game (of ``game``, if given)."""
    games = [
        g
        for g in await service.storage.games.find_games_by_player(PLAYER)
        if g.guild_id == TERMINAL
        and g.status == GameStatus.ACTIVE
        and (game is None or g.game_name == game)
    ]
    return max(games, key=lambda g: g.id, default=None)


async def kept_flags(storage: Storage, game_id: int) -> dict[str, str]:
    """The flags game ``game_id`` was last played with (:data:`KEPT`; none for a game kept
    before they were, or a value that is not ours)."""
    text = await storage.meta.get(KEPT.format(game=game_id))
    try:
        kept = json.loads(text) if text else {}
    except ValueError:
        return {}
    if not isinstance(kept, dict):
        return {}
    return {k: v for k, v in kept.items() if isinstance(v, str)}


async def keep_flags(storage: Storage, game_id: int, language: str, picture: Path | None) -> None:
    """Keep game ``game_id``'s language and picture file for ``--resume``."""
    kept = {"lang": language}
    if picture is not None:
        kept["picture"] = str(picture.absolute())
    await storage.meta.set(KEPT.format(game=game_id), json.dumps(kept))
