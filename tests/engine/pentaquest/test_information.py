"""Who may see what — shared/rules/pentaquest.md § Information and the display options of
§ Options worth offering (hidden armies, highlight)."""

from __future__ import annotations

import random

import engine
from engine.chance import scripted
from engine.pentaquest.fix import FixCard
from tests.engine.pentaquest.helpers import (
    BOGGART,
    BROWNIE,
    CYCLOPS,
    DRAGON,
    FIRE_IMP,
    GOBLIN,
    KELPIE,
    KOBOLD,
    PIXIE,
    RAT,
    SPHINX,
    TROLL,
    WISP,
    act,
    position,
)

DECK = [GOBLIN, KOBOLD, RAT, FIRE_IMP, PIXIE, BROWNIE]


def test_the_view_holds_everything_the_table_shows() -> None:
    state = position(
        dice=(6, 6, 6, 1, 2),
        quest=[TROLL, KELPIE, DRAGON],
        deck=DECK,
        armies=[[GOBLIN], [KOBOLD, RAT]],
        discards=[[PIXIE], []],
        dry_turns=3,
    )
    view = engine.view(state, None)
    troll = view.quest[0]
    assert (troll.id, troll.name, troll.tier, troll.requirement, troll.power) == (
        TROLL, "Troll", 3, ("6", "6", "6"), "reroll"
    )  # fmt: skip
    assert view.dice == (6, 6, 6, 1, 2)
    assert view.beaten == (TROLL, KELPIE)
    assert view.deck_count == 6 and view.free_rerolls == 1
    assert [p.army_count for p in view.players] == [1, 2]
    assert [p.discard_count for p in view.players] == [1, 0]
    assert view.players[0].army[0].name == "Goblin Scout"
    assert view.scores == (2, 2) and [p.score for p in view.players] == [2, 2]
    assert (view.dry_turns, view.dry_rounds, view.stall_rounds) == (3, 1, 3)
    assert view.active == 0 and view.phase == "turn" and view.turn == 5


def test_the_card_in_use_is_public() -> None:
    state = position(armies=[[BOGGART], []], hidden_armies=True)
    act(state, 0, f"use:{BOGGART}")
    act(state, 0, "die:2")
    view = engine.view(state, 1)
    assert view.using.id == BOGGART and view.chosen_die == 2 and view.phase == "direction"


def test_every_event_is_public() -> None:
    state = position(armies=[[WISP], []], deck=DECK, hidden_armies=True)
    events = act(state, 0, f"use:{WISP}")
    with scripted(rolls=[6, 6, 6, 1, 2, 3, 4, 5]):
        events += act(state, 0, "dice:0+1+2")
        events += act(state, 0, f"capture:{TROLL}")
    assert events and all(e.visible_to is None for e in events)


def test_the_deck_order_is_secret_from_everyone() -> None:
    state = position(deck=DECK, armies=[[], []])
    for viewer in (None, 0, 1):
        view = engine.view(state, viewer)
        assert view.deck_count == 6 and not hasattr(view, "deck")


def test_redistribute_reshuffles_the_remaining_deck_only() -> None:
    state = position(deck=DECK, armies=[[GOBLIN], []])
    state.deck = [BROWNIE, PIXIE, FIRE_IMP, CYCLOPS, SPHINX, KELPIE]
    orders = set()
    for seed in range(20):
        other = engine.redistribute(state, 0, random.Random(seed))
        assert engine.view(other, 0) == engine.view(state, 0)
        assert sorted(other.deck) == sorted(state.deck)
        assert other.quest == state.quest and other.armies == state.armies
        orders.add(tuple(other.deck))
    assert len(orders) > 10


def test_redistribute_depends_only_on_the_view() -> None:
    state = position(deck=DECK, armies=[[], []])
    other = state.clone()
    other.deck.reverse()
    a = engine.redistribute(state, 1, random.Random(3))
    b = engine.redistribute(other, 1, random.Random(3))
    assert a.deck == b.deck


# --- hidden armies [house option] ------------------------------------------------------------


def test_armies_are_public_by_default() -> None:
    state = position(armies=[[GOBLIN], [KOBOLD]])
    assert engine.view(state, 0).players[1].army[0].id == KOBOLD
    assert engine.view(state, None).players[0].army[0].id == GOBLIN


def test_hidden_armies_show_only_their_size_to_others() -> None:
    state = position(armies=[[GOBLIN], [KOBOLD, RAT]], discards=[[PIXIE], []],
                     hidden_armies=True)  # fmt: skip
    mine = engine.view(state, 0)
    assert mine.players[0].army[0].id == GOBLIN
    assert mine.players[1].army is None and mine.players[1].army_count == 2
    spectator = engine.view(state, None)
    assert all(p.army is None for p in spectator.players)
    assert spectator.players[0].discard[0].id == PIXIE  # discard piles stay public
    assert spectator.hidden_armies


def test_hidden_armies_are_shown_once_the_game_is_over() -> None:
    state = position(armies=[[GOBLIN], [KOBOLD]], dice=(6, 6, 6, 1, 2), quest=[TROLL],
                     hidden_armies=True)  # fmt: skip
    act(state, 0, f"capture:{TROLL}")
    view = engine.view(state, 1)
    assert view.over and [c.id for c in view.players[0].army] == [GOBLIN, TROLL]


def test_redistribute_deals_hidden_armies_afresh_keeping_their_sizes() -> None:
    state = position(deck=DECK, armies=[[CYCLOPS], [SPHINX, KELPIE], [DRAGON]],
                     quest=[TROLL], hidden_armies=True)  # fmt: skip
    changed = False
    for seed in range(10):
        other = engine.redistribute(state, 0, random.Random(seed))
        assert engine.view(other, 0) == engine.view(state, 0)
        assert other.armies[0] == [CYCLOPS]  # the viewer's own army stays
        assert [len(a) for a in other.armies] == [1, 2, 1]
        assert all(a == sorted(a) for a in other.armies)
        changed |= other.armies[1:] != state.armies[1:]
    assert changed


# --- highlight [house option] ----------------------------------------------------------------


def test_highlight_is_on_in_solo_and_off_in_multiplayer_by_default() -> None:
    assert engine.view(position(), 0).highlight
    assert not engine.view(position(armies=[[], []]), 0).highlight
    assert engine.view(position(armies=[[], []], highlight=True), 0).highlight
    assert not engine.view(position(highlight=False), 0).highlight


def test_highlight_shows_the_cheapest_army_fix() -> None:
    state = position(dice=(6, 6, 5, 1, 2), quest=[TROLL, DRAGON], armies=[[GOBLIN, KOBOLD]])
    assert engine.view(state, 0).fix == (FixCard(GOBLIN, 2, 6),)


def test_the_fix_may_take_two_cards() -> None:
    state = position(dice=(6, 6, 4, 1, 2), quest=[TROLL], armies=[[GOBLIN, RAT]])
    assert engine.view(state, 0).fix == (FixCard(GOBLIN, 2, 5), FixCard(RAT, 2, 6))


def test_no_fix_is_shown_when_none_exists_or_the_dice_already_beat_a_card() -> None:
    assert engine.view(position(armies=[[WISP]]), 0).fix is None  # a reroll is no fix
    beaten = position(dice=(6, 6, 6, 1, 2), quest=[TROLL], armies=[[GOBLIN]])
    assert engine.view(beaten, 0).fix is None and engine.view(beaten, 0).beaten == (TROLL,)


def test_without_highlight_no_fix_is_shown() -> None:
    state = position(dice=(6, 6, 5, 1, 2), quest=[TROLL], armies=[[GOBLIN]], highlight=False)
    assert engine.view(state, 0).fix is None


def test_with_hidden_armies_only_the_active_seat_sees_its_fix() -> None:
    state = position(dice=(6, 6, 5, 1, 2), quest=[TROLL], armies=[[GOBLIN], []],
                     highlight=True, hidden_armies=True)  # fmt: skip
    assert engine.view(state, 0).fix == (FixCard(GOBLIN, 2, 6),)
    assert engine.view(state, 1).fix is None and engine.view(state, None).fix is None
