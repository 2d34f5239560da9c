"""The texts of taking back a move (``engine.undo``): the private screen's "↶ Undo", which
says what it takes back, and the table's line for a take-back."""

from __future__ import annotations

from collections.abc import Iterable

from bot.games import RenderContext, presentation
from bot.service.undo import TOOK_BACK
from bot.texts.specs import UndoRow
from engine.undo import UNDO_KEY
from storage import GameRecord, GameStatus, LoggedAction

__all__ = ["TOOK_BACK", "as_played", "taken_back", "took_back_line", "undo_row"]


def taken_back(logged: Iterable[LoggedAction]) -> set[int]:
    """The ``seq`` of every move taken back that ``logged`` knows of: marked so (read from
    storage), or named by a take-back's public event (the running game's cached rows)."""
    logged = list(logged)
    marked = {a.seq for a in logged if a.undone_by is not None}
    named = {e.data.get("seq") for a in logged for e in a.public_events if e.kind == TOOK_BACK}
    return marked | {seq for seq in named if isinstance(seq, int)}


def as_played(
    action: LoggedAction, said: list[str], taken: set[int], ctx: RenderContext
) -> list[str]:
    """The table's lines of one logged ``action`` whose public events give the lines
    ``said``: a take-back's own line ("↶ alice took back a move."), the lines of a move
    taken back (in ``taken``) struck through, any other's as they are."""
    if action.action_key == UNDO_KEY:
        return [took_back_line(action.seat, ctx)]
    return [f"~~{line}~~" for line in said] if action.seq in taken else said


def undo_row(record: GameRecord, seat: int, ctx: RenderContext) -> tuple[UndoRow, ...]:
    """The "↶ Undo" of ``seat``'s screen, while the game offers it to take back a move of
    its own (``GameRecord.takeback``: the engine's rule allows it and its person made it),
    saying what it takes back; none otherwise."""
    offer = record.takeback
    if offer is None or offer.seat != seat or record.status != GameStatus.ACTIVE or ctx.closed:
        return ()
    if record.seats[seat].user_id is None or record.seats[seat].played_automatically:
        return ()
    move = presentation(record.game_name).move_text(offer.key, ctx)
    return (UndoRow(offer.seq, "↶ " + ctx._("Undo: {move}", move=move)[:78]),)


def took_back_line(seat: int, ctx: RenderContext) -> str:
    """The table's line for a take-back (``engine.undo``): "↶ alice took back a move." (the
    lines of the move taken back are struck through above it)."""
    player = ctx.names[seat] if seat < len(ctx.names) else "?"
    return "↶ " + ctx._("{player} took back a move.", player=player)
