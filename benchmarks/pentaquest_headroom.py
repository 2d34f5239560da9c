"""Benchmark: how far one seat's play moves its wins at a Pentaquest table of greedy seats.

    .venv/bin/python benchmarks/pentaquest_headroom.py [--players 3] [--games 1500] [--seed 1]
        [--variants greedy,fix_first] [--workers 1]

Issue 27 asks one search seat at 3 and 4 seats to win 1.5 times its fair share (50 %, 37.5 %)
against greedy seats. This measures how much a seat's decisions can move its wins there.

- ``table``: every seat greedy (the ``greedy`` variant's games). Per turn position (0: the first
  player), the share of games it won (a shared win counts for each winner, so the shares may
  add up to more than 1); the share of games tied on score at the top, and of those how many
  the tie-break (the most unused army cards) decided.
- ``variants``: one seat plays a variant of greedy, the others greedy. Game ``i`` is dealt from
  seed ``seed + i`` and seats the variant at seat ``i % players``, so every variant meets the
  same deals from every seat. Per variant: wins (a shared win counts), the win rate with its
  95 % interval (normal approximation), the seat's mean score, the other seats' mean score, and
  the army cards the seat used per game.

The variants: greedy (``engine.pentaquest.greedy``), four that each change one of its
decisions, and four other players:

- ``greedy``: greedy itself, the yardstick;
- ``capture_easiest``: captures the easiest card the dice beat, not the hardest;
- ``capture_denying``: captures the card whose leaving makes the quest area hardest for the next
  seat (the lowest chance that a roll, or one reroll of all five dice, beats a card left);
- ``reroll_first``: takes the free reroll before any army card whenever the dice beat nothing;
- ``fix_first``: uses the cheapest army fix before the free reroll;
- ``lookahead``: the solo search's own move (``engine.pentaquest.lookahead``), which captures
  the card that leaves the quest area easiest and may reroll for a better capture;
- ``expectimax``: the exact best play within a turn for a fixed worth of an army card
  (``pentaquest_turn.py``), an honest player;
- ``foresight``: a seat that knows what its own rerolls will show (``pentaquest_turn.py``): a
  clairvoyant reference for what knowing a turn's dice would be worth, not a player;
- ``random``: a uniformly random legal move, the floor.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import cli
from pentaquest_turn import expectimax_action, foresight_action

import engine
from engine.pentaquest.fix import ONE_DIE_POWERS, cheapest_fix
from engine.pentaquest.greedy import best_reroll, greedy_action
from engine.pentaquest.lookahead import lookahead_action, safety
from engine.pentaquest.matcher import BIT, ROLLS, quest_mask
from engine.pentaquest.view import PentaquestView
from engine.types import Action

GAME_NAME = "pentaquest"

Policy = Callable[[PentaquestView, random.Random], Action]
Move = Callable[[Any, int, random.Random], Action]
"""A variant's move for a seat of a game's state (most read only the seat's view)."""


def _kinds(view: PentaquestView) -> dict[str, list[str]]:
    return {d.kind: list(d.options) for d in view.decisions}


def _capturing(pick: Callable[[list[int], list[int]], int]) -> Policy:
    """Greedy, except that a capture takes ``pick(beaten ids, quest ids)``."""

    def policy(view: PentaquestView, rng: random.Random) -> Action:
        options = _kinds(view).get("capture")
        if view.phase != "turn" or options is None or view.viewer is None:
            return greedy_action(view, rng)
        beaten = [int(o.split(":")[1]) for o in options]
        return Action(view.viewer, f"capture:{pick(beaten, [c.id for c in view.quest])}")

    return policy


def _easiest(beaten: list[int], quest: list[int]) -> int:
    return max(beaten, key=lambda c: (ROLLS[c], -c))


def _denying(beaten: list[int], quest: list[int]) -> int:
    whole = quest_mask(quest)
    return min(beaten, key=lambda c: (safety(whole & ~BIT[c]), ROLLS[c], c))


def reroll_first(view: PentaquestView, rng: random.Random) -> Action:
    """Greedy, except that the free reroll comes before any army card."""
    kinds = _kinds(view)
    if view.phase == "turn" and "capture" not in kinds and "reroll" in kinds:
        assert view.viewer is not None
        counts = Counter(
            c.power for c in view.players[view.viewer].army or () if c.power in ONE_DIE_POWERS
        )
        _, positions = best_reroll(list(view.dice), [c.id for c in view.quest], dict(counts))
        return Action(view.viewer, "reroll:" + "+".join(map(str, positions)))
    return greedy_action(view, rng)


def fix_first(view: PentaquestView, rng: random.Random) -> Action:
    """Greedy, except that an army fix comes before the free reroll."""
    kinds = _kinds(view)
    if view.phase == "turn" and "capture" not in kinds and "use" in kinds:
        assert view.viewer is not None
        army = [(c.id, c.power) for c in view.players[view.viewer].army or ()]
        fix = cheapest_fix(list(view.dice), [c.id for c in view.quest], army)
        if fix:
            return Action(view.viewer, f"use:{fix[0].card}")
    return greedy_action(view, rng)


def on_view(policy: Policy) -> Move:
    """The move of ``policy``, which reads only the seat's view."""

    def move(state: Any, seat: int, rng: random.Random) -> Action:
        view = engine.view(state, seat)
        assert isinstance(view, PentaquestView)
        return policy(view, rng)

    return move


VARIANTS: dict[str, Move] = {
    "greedy": on_view(greedy_action),
    "capture_easiest": on_view(_capturing(_easiest)),
    "capture_denying": on_view(_capturing(_denying)),
    "reroll_first": on_view(reroll_first),
    "fix_first": on_view(fix_first),
    "lookahead": on_view(lookahead_action),
    "expectimax": on_view(expectimax_action),
    "foresight": foresight_action,  # reads the state: its dice to come
    "random": engine.automatic_action,
}


def play(variant: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` deals with ``variant`` at one rotating seat, greedy at the others, and
    return its figures, with the ``table`` figures of those games under ``"table"`` (see the
    module docstring)."""
    move, greedy = VARIANTS[variant], VARIANTS["greedy"]
    by_position: Counter[int] = Counter()
    wins = used = 0
    mine = others = 0.0
    tied = decided = 0
    for i in cli.tracked(range(games), variant):
        seat = i % players
        state = engine.new_game(GAME_NAME, players, None, seed + i)
        rng = random.Random(seed + i)
        while (result := engine.outcome(state)) is None:
            turn = engine.deciding_seats(state)[0]
            engine.apply(state, (move if turn == seat else greedy)(state, turn, rng))
        scores = result.scores
        assert scores is not None
        wins += seat in result.winners
        mine += scores[seat]
        others += (sum(scores) - scores[seat]) / (players - 1)
        used += len(state.discards[seat])  # type: ignore[attr-defined]
        first = state.first  # type: ignore[attr-defined]
        for winner in result.winners:
            by_position[(winner - first) % players] += 1
        if sorted(scores)[-2] == max(scores):
            tied += 1
            decided += len(result.winners) == 1
    rate = wins / games
    half = 1.96 * math.sqrt(rate * (1 - rate) / games)
    return {
        "wins": wins,
        "win_rate": round(rate, 4),
        "win_rate_95": [round(rate - half, 4), round(rate + half, 4)],
        "mean_score": round(mine / games, 2),
        "others_mean_score": round(others / games, 2),
        "army_cards_used_per_game": round(used / games, 2),
        "table": {
            "win_share_by_turn_position": [
                round(by_position[k] / games, 4) for k in range(players)
            ],
            "tied_on_score_at_the_top": round(tied / games, 4),
            "of_those_decided_by_unused_army": round(decided / max(tied, 1), 4),
        },
    }


def main() -> None:
    parser = cli.parser(__doc__)
    parser.add_argument("--players", type=int, default=3, help="seats at each table (2-4)")
    parser.add_argument("--games", type=int, default=1500, help="deals per variant")
    parser.add_argument("--seed", type=int, default=1, help="game i is dealt from seed + i")
    parser.add_argument("--variants", help="comma-separated, from the list above (default: all)")
    parser.add_argument("--workers", type=int, default=1, help="variants played at once")
    args = parser.parse_args()
    names = args.variants.split(",") if args.variants else list(VARIANTS)
    unknown = sorted(set(names) - set(VARIANTS))
    if unknown:
        parser.error(f"unknown variants: {', '.join(unknown)}")
    if not 2 <= args.players <= 4 or args.games < 1:
        parser.error("--players takes 2 to 4, --games at least 1")
    runs = names if "greedy" in names else ["greedy", *names]  # the table's games
    work = [(name, args.players, args.games, args.seed) for name in runs]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = dict(zip(runs, pool.map(play, *zip(*work, strict=True)), strict=True))
    else:
        results = {name: play(*item) for name, item in zip(runs, work, strict=True)}
    table = results["greedy"]["table"]
    for figures in results.values():
        del figures["table"]
    print(
        json.dumps(
            {
                "game": GAME_NAME,
                "players": args.players,
                "games": args.games,
                "seed": args.seed,
                "fair_share": round(1 / args.players, 4),
                "target": round(1.5 / args.players, 4),
                "table": table,
                "variants": {name: results[name] for name in names},
            }
        )
    )


if __name__ == "__main__":
    main()
