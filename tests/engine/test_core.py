"""The game-agnostic engine core: registry, legality, serialisation, replay."""

import json
import random

import pytest

import engine
from engine import Action, IllegalAction
from tests.engine.artichokes.helpers import A, position


def test_games_are_found_by_name() -> None:
    assert "artichokes" in engine.game_names()
    assert engine.get_game("artichokes").info.title == "Abandon All Artichokes"
    with pytest.raises(engine.UnknownGame):
        engine.get_game("chess")
    with pytest.raises(engine.UnknownGame):
        engine.new_game("chess", 2, None, 1)


@pytest.mark.parametrize(
    ("seat", "key", "code"),
    [
        (1, "end", "not_your_decision"),
        (0, "play:Artichoke", "illegal"),
        (0, "harvest:Corn", "illegal"),
        (0, "nonsense", "illegal"),
        (7, "end", "unknown_seat"),
    ],
)
def test_an_illegal_action_is_refused_and_changes_nothing(seat: int, key: str, code: str) -> None:
    state = position(hands=[[A, "Corn"], [A]], row=["Corn"])
    before = engine.dumps(state)
    with pytest.raises(IllegalAction) as info:
        engine.apply(state, Action(seat, key))
    assert info.value.code == code and info.value.message
    assert engine.dumps(state) == before


def test_legal_actions_are_sorted_and_deterministic() -> None:
    state = engine.new_game("artichokes", 3, None, 5)
    seat = engine.deciding_seats(state)[0]
    actions = engine.legal_actions(state, seat)
    assert actions == sorted(actions, key=lambda a: a.key)
    assert actions == engine.legal_actions(engine.clone(state), seat)


def test_json_round_trip_is_lossless_and_compact() -> None:
    state = engine.new_game("artichokes", 4, {"rhubarb": True}, 99)
    text = engine.dumps(state)
    assert engine.dumps(engine.loads(text)) == text
    assert len(text.encode()) <= 4096


@pytest.mark.parametrize("name", ["artichokes", "ninjan", "verso", "pentaquest"])
def test_loaded_games_share_their_table_settings_and_names(name: str) -> None:
    """Thousands of games are loaded at a restart: equal options are one object, and a
    loaded state holds no string of its own for a name another state already has."""
    seats = engine.get_game(name).info.min_players
    first, second = (engine.new_game(name, seats, None, seed) for seed in (1, 2))
    loaded = [engine.loads(engine.dumps(state)) for state in (first, second, first)]
    assert loaded[0] == first and loaded[1] == second
    assert loaded[0].options is loaded[1].options is first.options  # type: ignore[attr-defined]
    assert loaded[0].game is loaded[1].game
    assert loaded[0] is not loaded[2] and loaded[0] == loaded[2]


def test_different_table_settings_stay_apart() -> None:
    plain = engine.new_game("artichokes", 2, None, 1)
    promo = engine.new_game("artichokes", 2, {"rhubarb": True}, 1)
    assert promo.options.rhubarb and not plain.options.rhubarb  # type: ignore[attr-defined]
    reloaded = engine.loads(engine.dumps(promo))
    assert reloaded.options is promo.options  # type: ignore[attr-defined]


def test_unreadable_states_are_refused_clearly() -> None:
    text = engine.dumps(engine.new_game("artichokes", 2, None, 1))
    with pytest.raises(ValueError, match="schema version"):
        engine.loads(text.replace('"schema_version":1', '"schema_version":999'))
    with pytest.raises(ValueError, match="not JSON"):
        engine.loads("{")
    broken = json.loads(text)
    broken["players"] = "nope"
    with pytest.raises(ValueError):
        engine.loads(json.dumps(broken))


def test_same_seed_and_actions_give_the_same_game() -> None:
    first = engine.new_game("artichokes", 3, None, 1234)
    second = engine.new_game("artichokes", 3, None, 1234)
    assert engine.dumps(first) == engine.dumps(second)
    assert engine.dumps(engine.new_game("artichokes", 3, None, 1235)) != engine.dumps(first)


def test_replay_rebuilds_the_state_from_seed_and_log() -> None:
    state = engine.new_game("artichokes", 2, None, 3)
    log = []
    rng = random.Random(3)
    for _ in range(30):
        seat = engine.deciding_seats(state)[0]
        action = engine.random_action(state, seat, rng)
        engine.apply(state, action)
        log.append(action)
    assert engine.dumps(engine.replay("artichokes", 2, None, 3, log)) == engine.dumps(state)
    assert state.step == 30


def test_automatic_players_alone_finish_a_game() -> None:
    state = engine.new_game("artichokes", 4, {"turn_limit": 200}, 8)
    rng = random.Random(1)
    while engine.outcome(state) is None:
        for seat in engine.deciding_seats(state):
            engine.apply(state, engine.automatic_action(state, seat, rng))
    assert engine.outcome(state) is not None


def test_automatic_action_needs_a_deciding_seat() -> None:
    state = engine.new_game("artichokes", 2, None, 8)
    idle = 1 - state.active
    with pytest.raises(IllegalAction):
        engine.automatic_action(state, idle, random.Random(1))


def test_every_action_has_a_description() -> None:
    state = position(hands=[["Onion", "Corn", A, A], [A], [A]], row=["Beet"])
    for action in engine.legal_actions(state, 0):
        assert engine.describe_action(state, action)
    engine.apply(state, Action(0, "play:Onion"))
    assert [engine.describe_action(state, a) for a in engine.legal_actions(state, 0)] == [
        "Onion on seat 2",
        "Onion on seat 3",
    ]


def test_the_card_reference_comes_from_the_engine() -> None:
    (cards,) = engine.reference("artichokes").sections
    plain = dict(cards.entries)
    assert "Rhubarb" not in plain and len(plain) == 11
    assert "Compost one Artichoke" in plain["Broccoli"]
    (promo,) = engine.reference("artichokes", {"rhubarb": True}).sections
    assert "Rhubarb" in dict(promo.entries)


def test_a_seat_that_already_chose_is_not_played_automatically() -> None:
    state = position(hands=[["Eggplant", A, "Corn", "Leek", "Peas"], [A, A, "Peas"], [A, A, A]])
    engine.apply(state, Action(0, "play:Eggplant"))
    engine.apply(state, Action(1, "pass:Artichoke+Peas"))
    assert engine.legal_actions(state, 1)  # may still change its mind...
    with pytest.raises(IllegalAction):  # ...but an automatic player never overrides it
        engine.automatic_action(state, 1, random.Random(1))


def test_every_power_module_names_its_card() -> None:
    from engine.artichokes.powers import POWERS

    assert all(card == module.CARD for card, module in POWERS.items())


def test_a_peas_target_is_described_by_the_card_given() -> None:
    state = position(hands=[["Peas"], [A], [A]], stack=["Corn", "Beet"])
    engine.apply(state, Action(0, "play:Peas"))
    engine.apply(state, Action(0, "keep:Beet"))
    assert engine.describe_action(state, Action(0, "target:1")) == "Give Corn to seat 2"


def test_legal_actions_cannot_be_extended_by_a_caller() -> None:
    state = engine.new_game("artichokes", 2, None, 4)
    seat = engine.deciding_seats(state)[0]
    listed = list(engine.legal_actions(state, seat))
    listed.append(Action(seat, "play:Artichoke"))
    assert Action(seat, "play:Artichoke") not in engine.legal_actions(state, seat)
    with pytest.raises(IllegalAction):
        engine.apply(state, Action(seat, "play:Artichoke"))


def test_states_compare_by_their_fields_only() -> None:
    state = engine.new_game("artichokes", 2, None, 4)
    copy = engine.clone(state)
    engine.legal_actions(state, engine.deciding_seats(state)[0])  # fills the memo of one copy
    assert state == copy
