"""Helpers shared by the bot's tests: Discord's limits on a screen and the action keys its
components reach; the people of the service tests and a random move clicked through the
service."""

from __future__ import annotations

import itertools
import random
import re

import engine
from bot.messages import layouts
from bot.messages.components import ACTION_TEMPLATE, CONFIRM_TEMPLATE, SELECT_TEMPLATE
from bot.service import GameService, GameSnapshot, stamps
from bot.texts.decisions import decode
from bot.texts.specs import ConfirmRow, Screen, SelectSpec

HOST, BOB, CAROL, EVE = 101, 102, 103, 199


def count_components(tree: list[dict]) -> int:
    total = 0
    for node in tree:
        total += 1
        total += count_components(node.get("components", []))
    return total


def reachable(screen: Screen, decisions: tuple[engine.Decision, ...]) -> set[str]:
    """Every action key the screen's components reach."""
    keys: set[str] = set()
    by_kind = {d.kind: d for d in decisions}
    for row in screen.rows:
        if isinstance(row, ConfirmRow):
            assert 0 < len(row.confirm) <= 80 and 0 < len(row.back) <= 80
            custom_id = f"cr:ok:123456:{screen.since}:{row.key}"
            assert len(custom_id) <= 100 and re.fullmatch(CONFIRM_TEMPLATE, custom_id)
            continue
        if isinstance(row, SelectSpec):
            decision = by_kind[row.kind]
            values = [o.value for o in row.options]
            for n in range(row.min_values, row.max_values + 1):
                for combo in itertools.combinations(values, n):
                    key = decode(decision, list(combo))
                    assert key is not None, (row.kind, combo)
                    keys.add(key)
        else:
            keys.update(b.key for b in row)
    return keys


def check_limits(screen: Screen, table: bool = False) -> None:
    tree = layouts.seat(123456, screen, accent=0).to_components()
    # the table adds one row (its private-screen button and Rules) and its picture's gallery
    assert count_components(tree) + (4 if table else 0) <= 40
    assert len(screen.text) <= layouts.TEXT_LIMIT
    for row in screen.rows:
        if isinstance(row, ConfirmRow):
            assert 0 < len(row.confirm) <= 80 and 0 < len(row.back) <= 80
            custom_id = f"cr:ok:123456:{screen.since}:{row.key}"
            assert len(custom_id) <= 100 and re.fullmatch(CONFIRM_TEMPLATE, custom_id)
            continue
        if isinstance(row, SelectSpec):
            assert 0 < len(row.options) <= 25 and len(row.placeholder) <= 150
            assert len({o.value for o in row.options}) == len(row.options)
            assert all(0 < len(o.label) <= 100 and len(o.value) <= 100 for o in row.options)
            custom_id = f"cr:sel:123456:{screen.since}:{row.kind}:{row.chunk}"
            assert len(custom_id) <= 100 and re.fullmatch(SELECT_TEMPLATE, custom_id)
        else:
            assert 0 < len(row) <= 5
            for button in row:
                assert 0 < len(button.label) <= 80
                custom_id = f"cr:act:123456:{screen.since}:{button.key}"
                assert len(custom_id) <= 100 and re.fullmatch(ACTION_TEMPLATE, custom_id)


def user_of(snapshot, seat: int) -> int:  # noqa: ANN001
    return next(s.user_id for s in snapshot.record.seats if s.seat == seat)


def stamp(snapshot, seat: int) -> int:  # noqa: ANN001
    """The stamp a fresh screen of ``seat`` shows its components with."""
    return stamps.stamp(snapshot.record, seat, engine.decisions(snapshot.state, seat)[0].since)


async def play_random(service: GameService, snapshot: GameSnapshot, rng: random.Random) -> str:
    """A random legal move of a random deciding seat, clicked by its player; its key."""
    seat = rng.choice(engine.deciding_seats(snapshot.state))
    key = engine.random_action(snapshot.state, seat, rng).key
    await service.act(snapshot.id, user_of(snapshot, seat), stamp(snapshot, seat), key)
    return key


EXAMPLE_TOKEN = "MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs"
"""Discord's documented example token: of a bot token's shape (its first part is the id of
bot 198622483471925248 in base64), and no bot's."""


def every_switch_on(game: str) -> dict | None:
    """The game's options with every on/off option switched on (``None`` if it has none)."""
    fields = engine.get_game(game).info.options_model.model_fields
    on = {name: True for name, info in fields.items() if info.annotation is bool}
    return on or None
