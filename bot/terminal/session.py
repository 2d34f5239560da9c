"""One game at the terminal: the person at the keyboard plays seat 1, through the same use
cases as the bot (``bot.service``: lobby, start, commits, automatic moves) and the same turn
clocks (``bot.timing.turn_clocks``), and sees the same texts (``bot.texts.rendering``).

Every move is committed before it is shown, so a game left at any point (``q``, the end of
input, Ctrl-C) goes on with ``cardroom play --resume``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from rich.text import Text

import engine
from bot.games import presentation
from bot.i18n import Translator
from bot.service import GameService, GameSnapshot, Played
from bot.service.errors import UserError
from bot.terminal.choices import Answer, Question
from bot.terminal.games import PLAYER
from bot.terminal.lines import Lines
from bot.terminal.output import Output
from bot.terminal.picture import write_table_picture
from bot.terminal.questions import seat_question
from bot.texts.rendering import (
    confirmation_screen,
    context_for,
    private_lines,
    recent_lines,
    rules_text,
    seat_screen,
    table_screen,
    thinking_line,
)
from bot.timing.clock import Clock
from bot.timing.turn_clocks import TurnClocks, duration_text, reminder_text
from storage import GameRecord, GameStatus, LoggedAction

log = logging.getLogger(__name__)

THINKING_AFTER = 1.0
"""Seconds after which the terminal says an automatic player is thinking."""
BACK = Answer(back=True)
"""The person went back from an "are you sure?": their screen again, nothing changed."""


class Session:
    """The person at the terminal plays seat 1 of the running game ``game_id``.

    ``lines`` gives what they type, ``output`` shows the game in language ``_`` (whose code
    is ``language``); ``clock`` is the service's time, which the turn clocks keep. With
    ``picture``, the table's picture is written to that file each time the table is shown.
    """

    def __init__(
        self,
        service: GameService,
        game_id: int,
        output: Output,
        lines: Lines,
        _: Translator,
        clock: Clock,
        *,
        language: str = "en",
        picture: Path | None = None,
        resume: str = "cardroom play --resume",
    ) -> None:
        self.service = service
        self.resume = resume  # the command that continues this game, told when leaving
        self.language = language
        self.picture = picture
        self.game_id = game_id
        self.output = output
        self.lines = lines
        self._ = _
        self.clock = clock
        self.clocks = TurnClocks(
            service.storage, service, clock, self._timed_out, self._spawn, self._remind
        )
        self._background: set[asyncio.Task[None]] = set()
        self._rang = asyncio.Event()  # a timeout moved, or the player asked to stop
        self._timeouts: list[Played] = []
        self._stop = False
        self._asking: Question | None = None
        self._seen: int | None = None  # the last logged action the table showed
        self._recent: list[str] = []

    async def play(self) -> None:
        """Play until the game ends (its end screen shown) or the person leaves it."""
        loop = asyncio.get_running_loop()
        signals = []
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, self._interrupt)
                signals.append(sig)
        try:
            await self._play()
        finally:
            for sig in signals:
                loop.remove_signal_handler(sig)
            await self.clocks.stop()
            while self._background:
                await asyncio.gather(*self._background, return_exceptions=True)

    async def _play(self) -> None:
        _ = self._
        back = await self.service.come_back(self.game_id, PLAYER)
        notice = _("Welcome back: you play your seat again.") if back else ""
        private: list[str] = []
        forced = -1  # the stamp of the last question answered for the person, alone
        while True:
            while self._timeouts:  # a clock that ran out while the last move was made
                private += self._private(self._timeouts.pop(0))
            played = await self._automatic()
            if played is not None:
                private += self._private(played)
            snapshot = await self.service.snapshot(self.game_id)
            self.clocks.schedule(snapshot.record)
            question = await self._show(snapshot, private, notice)
            private, notice = [], ""
            if question is None:
                return  # the game is over: its end screen is shown
            decided: str | Played | Answer | None = None
            if forced != question.since:
                decided = self._only(question, snapshot)
            if decided is not None:
                forced = question.since
            else:
                decided = await self._decide(question, snapshot)
            if decided is None:
                self._saved()
                return
            if isinstance(decided, Played):  # the turn clock ran out meanwhile
                private += self._private(decided)
                continue
            if decided is BACK:
                continue
            if isinstance(decided, Answer) and decided.undo is not None:  # "u": take back
                try:
                    await self.service.take_back(self.game_id, PLAYER, decided.undo)
                except UserError as error:
                    notice = "⚠️ " + error.text(_)
                continue
            assert isinstance(decided, str)
            try:
                played = await self.service.act(self.game_id, PLAYER, question.since, decided)
            except UserError as error:
                notice = "⚠️ " + error.text(_)
                continue
            private += self._private(played)

    def _only(self, question: Question, snapshot: GameSnapshot) -> str | None:
        """The move of a question that allows only one (every answer makes the same move,
        and it asks no "are you sure?"), said in one line instead of asked; else ``None``."""
        only = question.only()
        if only is None:
            return None
        key, what = only
        record, state = snapshot.record, snapshot.state
        assert state is not None
        if confirmation_screen(record, state, 0, key, self._, mentions=False) is not None:
            return None
        self.output.line(self._("The only possible move, made for you: {move}", move=what))
        return key

    async def _decide(
        self, question: Question, snapshot: GameSnapshot
    ) -> str | Played | Answer | None:
        """The person's answer to ``question``, and to the "are you sure?" the game asks
        before it, as on Discord (``bot.texts.rendering.confirmation_screen``): the action
        key to make, the moves of a timeout that came first, :data:`BACK`, or ``None`` when
        they leave."""
        record, state = snapshot.record, snapshot.state
        assert state is not None
        asked = await self._ask(question, record)
        while isinstance(asked, str):
            screen = confirmation_screen(
                record, state, 0, asked, self._, mentions=False, beside_table=True
            )
            if screen is None:
                return asked
            self.output.screen(screen.text, presentation(record.game_name).accent)
            confirm = seat_question(
                record, state, 0, screen.rows, screen.since, self._, heading=False
            )
            answer = await self._ask(confirm, record)
            if answer == asked:  # made anyway: no second question
                return asked
            asked = answer
        return asked

    async def _automatic(self) -> Played | None:
        """The automatic moves that are due, saying so when a player thinks for a while."""
        task = asyncio.ensure_future(self.service.play_automatic(self.game_id))
        done, _pending = await asyncio.wait({task}, timeout=THINKING_AFTER)
        if done or not self.output.styled:
            return await task
        snapshot = await self.service.snapshot(self.game_id)
        record, state = snapshot.record, snapshot.state
        automatic = {s.seat for s in record.seats if s.played_automatically}
        due = [s for s in engine.deciding_seats(state) if s in automatic] if state else []
        if not due:
            return await task
        ctx = context_for(record, self._, mentions=False)
        with self.output.console.status(thinking_line(record, due[0], ctx)):
            return await task

    async def _show(
        self, snapshot: GameSnapshot, private: list[str], notice: str
    ) -> Question | None:
        """Show the table and the person's screen; the question of their decisions (``None``
        once the game is over)."""
        record, state = snapshot.record, snapshot.state
        assert state is not None
        _ = self._
        show = presentation(record.game_name)
        ctx = context_for(record, _, mentions=False)
        logged = await self._new_actions()
        if logged:
            self._recent = recent_lines(show, logged, ctx, limit=None)
        table = table_screen(record, state, self._recent, _, mentions=False)
        seat = seat_screen(record, state, 0, _, private, notice, mentions=False, beside_table=True)
        self.output.rule()
        self.output.screens(table.text, seat.text, show.accent)
        if self.picture is not None:
            await self._write_picture(record, state)
        if record.status != GameStatus.ACTIVE:
            return None
        return seat_question(record, state, 0, seat.rows, seat.since, _)

    async def _write_picture(self, record: GameRecord, state: engine.GameState) -> None:
        """The table's picture into :attr:`picture`; a file that cannot be written is said
        once, with that the game goes on without pictures."""
        assert self.picture is not None
        try:
            await write_table_picture(self.picture, record, state, self.language)
        except OSError as exc:
            self.output.text(
                self._(
                    "The picture cannot be written to {path}: {error}. No more pictures in "
                    "this game.",
                    path=str(self.picture),
                    error=exc.strerror or str(exc),
                )
            )
            self.picture = None

    async def _new_actions(self) -> list[LoggedAction]:
        """The logged actions the table has not shown yet (at first, the last few)."""
        if self._seen is None:
            logged = await self.service.recent_actions(self.game_id)
        else:
            logged = await self.service.storage.games.get_actions(self.game_id, after=self._seen)
        if logged:
            self._seen = logged[-1].seq
        elif self._seen is None:
            self._seen = 0
        return logged

    async def _ask(self, question: Question, record: GameRecord) -> str | Played | Answer | None:
        """The action key the person chooses, the moves of a timeout that came first,
        :data:`BACK` (from an "are you sure?"), or ``None`` when they leave. An empty line
        is asked again; anything else they type gets one line and the question again."""
        _ = self._
        self._asking = question
        try:
            self.output.question(question, _, self._clock_line(record))
            while True:
                typed = await self._next()
                if isinstance(typed, Played):
                    return typed
                if not self.lines.terminal:  # nothing echoed it: the transcript shows it
                    self.output.console.print(Text(typed or ""))
                if self._stop:
                    if self.lines.terminal:  # "Game #1 is saved" under the prompt and its "^C"
                        self.output.console.print()
                    return None
                answer = question.answer(typed, _)
                if answer.quit:
                    if typed is None and self.lines.terminal:
                        self.output.console.print()  # Ctrl-D left the prompt open
                    return None
                if answer.key is not None:
                    return answer.key
                if answer.back:
                    return BACK
                if answer.undo is not None:
                    return answer
                if answer.empty:
                    self.output.prompt(None)
                    continue
                if answer.rules:
                    rules = rules_text(record.game_name, record.options, _, terminal=True)
                    self.output.text(rules)
                self.output.question(question, _, self._clock_line(record), answer.problem)
        finally:
            self._asking = None

    def _clock_line(self, record: GameRecord) -> str:
        """How long the person has to answer, when the table has a turn clock (else
        empty): the time left and the clock time of the deadline."""
        if record.deadline is None or record.turn_clock is None:
            return ""
        left = (record.deadline - self.clock.now()).total_seconds()
        return self._(
            "⏳ {left} left to answer (until {time}), then the automatic player moves for you.",
            left=duration_text(left, self._),
            time=record.deadline.astimezone().strftime("%H:%M"),
        )

    async def _next(self) -> str | Played | None:
        """The next line typed (``None``: the end of input), or the moves of a timeout."""
        while True:
            if self._timeouts:
                return self._timeouts.pop(0)
            if self._stop:
                return None
            self._rang.clear()
            line = asyncio.ensure_future(self.lines.next())
            rang = asyncio.ensure_future(self._rang.wait())
            done, _pending = await asyncio.wait({line, rang}, return_when=asyncio.FIRST_COMPLETED)
            rang.cancel()
            if line in done:
                return line.result()
            line.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await line

    def _private(self, played: Played) -> list[str]:
        """The lines of what only the person may see in ``played`` (cards passed to them)."""
        record = played.snapshot.record
        return private_lines(record, played.events(), 0, self._, mentions=False)

    def _saved(self) -> None:
        """Where the game went, and the command that continues it, alone on its line (a
        full stop after it was copied with a ``--db`` path)."""
        self.output.line(self._("Game #{game} is saved; to continue it, run:", game=self.game_id))
        self.output.line("`" + self.resume + "`")

    def _interrupt(self) -> None:
        """Ctrl-C or SIGTERM: leave at the next question (every move is already saved)."""
        self._stop = True
        self._rang.set()

    async def _timed_out(self, played: Played) -> None:
        """The turn clock's automatic move (and the moves that followed it): shown next."""
        self._timeouts.append(played)
        self._rang.set()

    async def _remind(self, record: GameRecord, seats: list[int], left: float) -> None:
        """Half the time is gone: one line, then the question's prompt again."""
        names = context_for(record, self._, mentions=False).names
        self.output.console.print()
        self.output.line(reminder_text(record.id, [names[s] for s in seats], left, self._))
        if self._asking is not None:
            self.output.prompt(self._asking.hint(self._))

    def _spawn(self, work: Coroutine[Any, Any, None], what: str) -> None:
        """Run a clock's ring (a reminder, a timeout) in the background; a failure is
        logged."""

        async def guarded() -> None:
            try:
                await work
            except Exception:
                log.exception("background work failed: %s", what)

        task = asyncio.create_task(guarded(), name=what)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
