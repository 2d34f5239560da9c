"""State and table options of a game of Pentaquest.

Zones follow ``shared/rules/pentaquest.md`` § Components and setup. Cards are their ids (small
ints, see ``engine.pentaquest.cards``); the deck lists its *top at the end* (``deck[-1]`` is
the next card revealed). Armies are kept sorted by id (a set: their order means nothing);
discard piles list their cards in the order they were used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.state import GameState

SCHEMA_VERSION = 1

QUEST_SIZE = 5
"""Cards in a full quest area."""

TURN_CAP = 300
"""[house] With the stall rule off, a multiplayer game ends after this many turns."""

CANCEL_LIMIT = 3
"""[house] How many times per turn a player may put back an army card they started to use
(a change of mind; the card stays unused). It bounds a game's length."""

MAX_STALL_ROUNDS = 5
"""The largest stall count a table may choose."""

Phase = Literal["turn", "die", "direction", "dice", "over"]
"""What the game waits for:

- ``turn``: the active seat may capture, take a free reroll, use an army card or end the turn.
- ``die``: an add/sub/addsub/mirror card is in use: which die it changes.
- ``direction``: an addsub card is on a die that can go either way: +1 or -1.
- ``dice``: a reroll card is in use: which dice it rerolls.
- ``over``: the game has ended (see ``result``).
"""

Result = Literal["won", "lost", "complete", "stall", "turn_cap"]
"""How a game ended: solo ``won`` / ``lost``; multiplayer ``complete`` (deck and quest area
empty), ``stall`` (the stall rule) or ``turn_cap`` (the turn cap, stall rule off)."""


class PentaquestOptions(BaseModel):
    """Table options (``shared/rules/pentaquest.md`` § Options worth offering).

    Attributes:
        first_turn_rerolls_everyone: [house] in multiplayer, every player's first turn gets
            2 free rerolls (published: only the game's very first roll).
        stall_rounds: [house] K: K full rounds in a row without a capture end a multiplayer
            game (1..5, default 3); ``None`` = off, the published end with a hard cap of 300
            turns.
        hidden_armies: [house] other players' army cards are hidden (sizes public) until the
            end; discard piles stay public.
        highlight: [house] show the cards the dice beat and the cheapest army fix (pure
            display); ``None`` = on in solo, off in multiplayer.
        first_player: [house] the seat that starts; ``None`` = drawn at random from the seed.

    The "Deck" option is not offered: every table plays house deck v1
    (``engine.pentaquest.cards``).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    first_turn_rerolls_everyone: bool = False
    stall_rounds: int | None = Field(default=3, ge=1, le=MAX_STALL_ROUNDS)
    hidden_armies: bool = False
    highlight: bool | None = None
    first_player: int | None = Field(default=None, ge=0, le=3)


@dataclass(kw_only=True, eq=True)
class PentaquestState(GameState):
    """The whole game. Mutated in place only by ``engine.apply``.

    Attributes:
        options: the table options.
        deck: the face-down deck, ``deck[-1]`` on top; its order is secret from everyone.
        quest: the face-up quest area (at most 5 cards), in the order they were revealed.
        armies: per seat, the captured cards not yet used, sorted by id.
        discards: per seat, the used army cards, in the order they were used.
        dice: the five dice (positions 0..4).
        active: whose turn it is.
        first: the seat that played the first turn.
        turn: 1-based number of the current turn (counted over all seats).
        phase: see :data:`Phase`.
        free_rerolls: free rerolls left this turn (0 once an army card has been used).
        using: the army card being used (out of the army, not yet discarded), or ``None``.
        die: for an addsub card waiting for its direction, the die it is on.
        cancels: army cards put back this turn (see :data:`CANCEL_LIMIT`).
        dry_turns: consecutive turns without a capture, over all seats (the stall count).
        result: how the game ended, once it has (see :data:`Result`).
    """

    game: Literal["pentaquest"] = "pentaquest"
    schema_version: int = SCHEMA_VERSION
    options: PentaquestOptions = field(default_factory=PentaquestOptions)
    deck: list[int]
    quest: list[int] = field(default_factory=list)
    armies: list[list[int]]
    discards: list[list[int]]
    dice: list[int] = field(default_factory=list)
    active: int = 0
    first: int = 0
    turn: int = 1
    phase: Phase = "turn"
    free_rerolls: int = 0
    using: int | None = None
    die: int | None = None
    cancels: int = 0
    dry_turns: int = 0
    result: Result | None = None

    __hash__ = None

    def clone(self) -> PentaquestState:
        """An independent copy (hand-written: no validation, lists copied one level deep)."""
        copy = PentaquestState(
            game=self.game,
            schema_version=self.schema_version,
            seed=self.seed,
            rng_counter=self.rng_counter,
            seats=self.seats,
            step=self.step,
            since=dict(self.since),
            options=self.options,
            deck=self.deck[:],
            quest=self.quest[:],
            armies=[army[:] for army in self.armies],
            discards=[pile[:] for pile in self.discards],
            dice=self.dice[:],
            active=self.active,
            first=self.first,
            turn=self.turn,
            phase=self.phase,
            free_rerolls=self.free_rerolls,
            using=self.using,
            die=self.die,
            cancels=self.cancels,
            dry_turns=self.dry_turns,
            result=self.result,
        )
        copy._pending = getattr(self, "_pending", None)  # type: ignore[attr-defined]
        return copy

    @property
    def solo(self) -> bool:
        """Whether this is a solo game (one seat)."""
        return self.seats == 1

    def highlight(self) -> bool:
        """Whether the highlight display is on (the option, or its default: on in solo)."""
        option = self.options.highlight
        return self.solo if option is None else option

    def score(self, seat: int) -> int:
        """``seat``'s score as the rules count it: solo, the cards left in the army (unused);
        multiplayer, army + discard pile (every card the seat captured)."""
        if self.solo:
            return len(self.armies[seat])
        return len(self.armies[seat]) + len(self.discards[seat])
