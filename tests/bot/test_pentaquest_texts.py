"""Pentaquest's own wording: dice with their digits, requirements with digits, suns and
moons; the table's quest area, dice, armies summed up and stall count; event lines; the end
(solo feel, multiplayer ranks and tie-break); long armies within Discord's limits; hidden
armies kept off the table; the "are you sure?" before giving up a capture the dice have."""

from __future__ import annotations

import engine
from bot.games import RenderContext, presentation
from bot.games.pentaquest.texts import dice_text, requirement_text
from bot.i18n import translator
from bot.messages import layouts
from bot.texts.rendering import confirmation_screen, seat_screen, table_screen
from engine.pentaquest.cards import CARDS, DECK
from engine.types import Event
from tests.bot.helpers import check_limits, reachable
from tests.bot.records import record_for
from tests.engine.pentaquest.helpers import (
    BOGGART,
    DRAGON,
    GOBLIN,
    ID,
    KELPIE,
    PIXIE,
    TROLL,
    WEREWOLF,
    act,
    position,
)

_ = translator("en-US")
NAMES = ("<@101>", "<@102>", "<@103>", "<@104>")
CTX = RenderContext(_, NAMES, ("a", "b", "c", "d"), 9)
HIDDEN = RenderContext(_, NAMES, ("a", "b", "c", "d"), 9, options={"hidden_armies": True})
PQ = presentation("pentaquest")


def table(state, recent=()):  # noqa: ANN001, ANN201
    record = record_for(state, game_id=9)
    return table_screen(record, state, list(recent), _)


def test_requirements_are_drawn_with_digits_suns_and_moons_and_dice_with_their_digit() -> None:
    assert requirement_text(CARDS[WEREWOLF].requirement) == "☀️☀️☀️"
    assert requirement_text(CARDS[ID["Minotaur"]].requirement) == "6 5 ☀️☀️☀️"
    assert requirement_text(CARDS[ID["Cockatrice"]].requirement) == "6 ☀️☀️🌙🌙"
    assert requirement_text(CARDS[ID["Frost Giant"]].requirement) == "1 1 2 2"
    assert dice_text((3, 3, 6, 1, 5)) == "⚂3 ⚂3 ⚅6 ⚀1 ⚄5"


def test_the_solo_table_shows_the_quest_area_what_the_dice_beat_and_the_fix() -> None:
    state = position(dice=(6, 6, 5, 1, 3), quest=[TROLL, KELPIE, DRAGON], armies=[[GOBLIN, PIXIE]],
                     deck=[BOGGART] * 3)  # fmt: skip
    text = table(state).text
    assert "**Turn 5** · 1 free reroll left" in text
    assert "**Quest area** · deck: 3 cards" in text
    assert "▫️ **Troll** — needs 6 6 6 · power reroll" in text
    assert "✅ **Kelpie** — needs 6 6 · power +1" in text
    assert "**Dice**: ⚅6 ⚅6 ⚄5 ⚀1 ⚂3" in text and "The dice beat: Kelpie." in text
    assert "▶ <@101> — army 2 (+1 · −1) · discard pile 0" in text  # the names: own screen
    assert "Goblin Scout" not in text
    assert "no capture for" not in text  # solo needs no stall rule
    screen = seat_screen(record_for(state), state, 0, _)
    assert "**Your army** (2): +1: Goblin Scout · −1: Pixie" in screen.text
    assert "-# What a creature needs: each digit a die showing it; ☀️☀️ any pair" in screen.text
    assert "-# Ending your turn without a capture loses the game." in screen.text
    assert "-# Once you use an army card, the free reroll is gone." in screen.text

    act(state, 0, "capture:" + str(KELPIE))  # a new turn: the dice beat nothing
    state.dice, state.free_rerolls, state._pending = [6, 6, 5, 1, 3], 0, None
    state.quest = [TROLL, DRAGON]
    text = table(state).text
    assert "no free reroll left" in text and "The dice beat no quest card." in text
    # which creature the fix is for (a newcomer could not tell): 6 6 6 1 3 beats the Troll
    assert "💡 Cheapest army fix: Goblin Scout on die 3 (⚄5 → ⚅6), to beat Troll." in text


def test_in_multiplayer_only_the_active_army_is_summed_up_by_power() -> None:
    state = position(
        dice=(1, 2, 3, 4, 6), quest=[TROLL], armies=[[GOBLIN, PIXIE], [KELPIE, BOGGART]]
    )
    text = table(state).text
    assert "▶ <@101> — **2 points** · army 2 (+1 · −1)" in text  # its powers act now
    assert "• <@102> — **2 points** · army 2\n" in text + "\n"  # the others: how many


def test_the_controls_are_on_the_table_unless_they_name_hidden_army_cards() -> None:
    state = position(dice=(6, 6, 5, 1, 3), quest=[TROLL, KELPIE], armies=[[GOBLIN], [PIXIE]])
    rows = table(state).rows
    keys = reachable(table(state), engine.decisions(state, 0))
    assert keys == {f"capture:{KELPIE}", "end", f"use:{GOBLIN}"} | {
        k for k in keys if k.startswith("reroll:")
    }
    labels = [b.label for row in rows if isinstance(row, tuple) for b in row]
    assert labels == ["Capture Kelpie", "Use Goblin Scout: +1 to a die", "End the turn"]

    hidden = position(dice=(6, 6, 5, 1, 3), quest=[TROLL, KELPIE], armies=[[GOBLIN], [PIXIE]],
                      hidden_armies=True)  # fmt: skip
    screen = table(hidden)
    assert not [k for k in reachable(screen, engine.decisions(hidden, 0)) if k.startswith("use")]
    assert "Goblin Scout" not in screen.text and "Pixie" not in screen.text
    assert "army: 1 card (hidden)" in screen.text
    assert "army cards only there" in " ".join(PQ.legend(_))  # the lobby and Rules page say it
    mine = seat_screen(record_for(hidden), hidden, 0, _)
    assert f"use:{GOBLIN}" in reachable(mine, engine.decisions(hidden, 0))


def test_a_card_in_use_asks_for_its_die_then_its_direction() -> None:
    state = position(dice=(6, 3, 1, 2, 2), armies=[[BOGGART], []])
    act(state, 0, f"use:{BOGGART}")
    screen = table(state)
    assert "**Turn 5** · <@101>'s turn\nUsing Boggart (±1): which die?" in screen.text
    labels = [b.label for row in screen.rows for b in row]  # type: ignore[union-attr]
    assert labels[:3] == ["Die 1: ⚅6 → ⚄5", "Die 2: ⚂3 (up or down)", "Die 3: ⚀1 → ⚁2"]
    assert labels[-1] == "Put Boggart back"
    act(state, 0, "die:1")
    screen = table(state)
    assert "Using Boggart (±1) on die 2 (⚂3): up or down?" in screen.text
    labels = [b.label for row in screen.rows for b in row]  # type: ignore[union-attr]
    assert labels == ["Down: ⚂3 → ⚁2", "Up: ⚂3 → ⚃4", "Put Boggart back"]


def test_event_lines() -> None:
    line = PQ.event_line
    rerolled = Event(
        "rerolled", 0, {"changes": [[1, 2, 4], [3, 6, 4]], "dice": [], "free_rerolls": 0}
    )
    assert line(rerolled, None, CTX) == "<@101> rerolled 2 6 → 4 4."
    used = Event(
        "card_used",
        1,
        {"card": PIXIE, "name": "Pixie", "power": "sub", "direction": None,
         "changes": [[0, 3, 2]], "dice": []},
    )  # fmt: skip
    assert line(used, None, CTX) == "<@102> used Pixie: 3 → 2."
    captured = Event("captured", 0, {"card": WEREWOLF, "name": "Werewolf", "tier": 2, "dice": []})
    assert line(captured, None, CTX) == "<@101> captured Werewolf."
    assert line(captured, None, HIDDEN) == "<@101> captured a card (armies are hidden)."
    filled = Event("quest_filled", None, {"cards": [WEREWOLF], "names": [], "deck_count": 1})
    assert line(filled, None, CTX) == "New in the quest area: Werewolf (deck: 1 card left)."
    assert "Werewolf" not in line(filled, None, HIDDEN)
    back = Event("card_put_back", 0, {"card": PIXIE, "name": "Pixie"})
    assert "Pixie" in line(back, None, CTX) and "Pixie" not in line(back, None, HIDDEN)
    ended = Event("turn_ended", 0, {"turn": 3, "captured": False, "auto": True, "dry_turns": 1})
    assert line(ended, None, CTX) == "<@101>'s turn ended without a capture: nothing left to try."
    assert line(Event("turn_started", 0, {"turn": 1, "free_rerolls": 2}), None, CTX) is None


def test_a_solo_score_gets_the_published_feel() -> None:
    for kept, feel in [(15, "Over 20 is good"), (21, "A good score"), (30, "A great score")]:
        state = position(quest=[], armies=[list(range(1, kept + 1))])
        state.phase, state.result = "over", "won"
        text = table(state).text
        assert f"Score: **{kept}** (cards left unused in the army). {feel}" in text
        assert "over 20 is good, 30 is great" in text.lower()
    state = position(armies=[[GOBLIN, PIXIE]])
    act(state, 0, "end")
    text = table(state).text
    assert "**<@101> lost**: a turn ended without a capture." in text
    assert "A lost game has no score, even with 2 army cards left unused." in text
    assert "Score" not in text
    state = position(armies=[[]])  # it said "Cards kept: 0."
    act(state, 0, "end")
    assert table(state).text.split("\n")[2] == "A lost game has no score."


def test_the_multiplayer_end_shows_ranks_and_the_tie_break() -> None:
    # scores 3, 3, 2: the first two tie, the unused army cards break it
    state = position(quest=[], armies=[[1, 2], [3], [4, 5]], discards=[[6], [7, 8], []])
    state.phase, state.result = "over", "complete"
    text = table(state).text
    assert "Every creature is captured: the game is over." in text
    assert "a tie goes to the most unused army cards" in text  # said once, in the heading
    assert "🏆 1. <@101> — 3 points (army 2 + discard pile 1)" in text
    assert "\n2. <@102> — 3 points (army 1 + discard pile 2)" in text
    assert "3. <@103> — 2 points" in text
    assert "**Armies**" not in text and "Quest area" not in text  # the scores say it all
    # still tied: a shared win
    state = position(quest=[TROLL], armies=[[1], [2], []], discards=[[3], [4], [5]])
    state.phase, state.result = "over", "stall"
    text = table(state).text
    assert (
        "Stall rule: 3 full rounds in a row without a capture ended the game; 1 card escaped."
        in text
    )
    assert "🏆 1. <@101> — 2 points" in text and "🏆 1. <@102> — 2 points" in text  # shared


def test_the_stall_count_is_shown_in_rounds_once_a_round_passed_dry() -> None:
    state = position(armies=[[], [], []], dry_turns=7)
    assert "Stall rule: no capture for 2 of 3 rounds." in table(state).text
    state = position(armies=[[], [], []], dry_turns=2)  # not a full round yet
    assert "Stall rule" not in table(state).text
    state = position(armies=[[], []], stall_rounds=None, dry_turns=9)
    assert "Stall rule" not in table(state).text  # off: the Rules page has the turn cap


def confirmation(state, key):  # noqa: ANN001, ANN201
    view = engine.view(state, 0)
    (decision,) = [d for d in view.decisions if d.chosen_in(key) is not None]
    return PQ.confirmation(decision, key, view, CTX)


def test_giving_up_a_capture_the_dice_have_asks_first() -> None:
    solo = position(dice=(6, 6, 5, 1, 3), quest=[TROLL, KELPIE], armies=[[GOBLIN]])
    asked = confirmation(solo, "reroll:0+1")
    assert asked is not None and asked.confirm == "Reroll anyway" and asked.back == "Back"
    assert asked.question == (
        "Your dice already beat Kelpie: capture it now, or reroll and maybe lose it?"
    )
    assert asked.instead == (f"capture:{KELPIE}",)  # offered beside the question
    screen = confirmation_screen(record_for(solo), solo, 0, "reroll:0+1", _)
    assert screen is not None and screen.text.startswith("⚠️ Your dice already beat Kelpie")
    (instead, _row) = screen.rows
    assert [b.label for b in instead] == ["Capture Kelpie"]  # type: ignore[union-attr]
    check_limits(screen)
    asked = confirmation(solo, f"use:{GOBLIN}")
    assert asked is not None and asked.confirm == "Use Goblin Scout anyway"
    assert "the free reroll is gone" in asked.question
    asked = confirmation(solo, "end")
    assert asked is not None and "loses the game" in asked.question
    assert confirmation(solo, f"capture:{KELPIE}") is None  # the move it protects
    several = position(dice=(6, 6, 6, 1, 3), quest=[TROLL, KELPIE], armies=[[GOBLIN]])
    asked = confirmation(several, "reroll:0+1")
    assert asked is not None and "beat Troll, Kelpie: capture one now" in asked.question
    multi = position(dice=(6, 6, 5, 1, 3), quest=[KELPIE], armies=[[GOBLIN], []])
    asked = confirmation(multi, "end")
    assert asked is not None and asked.question.endswith("end the turn without a capture?")


def test_a_reroll_is_asked_about_only_for_the_cards_it_may_lose() -> None:
    """A newcomer kept the dice a creature needs and was still told "reroll and maybe lose
    it": the kept dice beat it whatever the rerolled ones show."""
    solo = position(dice=(6, 6, 5, 1, 3), quest=[TROLL, KELPIE], armies=[[GOBLIN]])
    assert confirmation(solo, "reroll:2+3+4") is None  # the two 6s stay: Kelpie is safe
    several = position(dice=(6, 6, 6, 1, 3), quest=[TROLL, KELPIE], armies=[[GOBLIN]])
    assert confirmation(several, "reroll:3") is None  # 6 6 6 stay: both are safe
    asked = confirmation(several, "reroll:0")  # 6 6 stay: Kelpie is safe, Troll is not
    assert asked is not None and asked.question == (
        "Your dice already beat Troll: capture it now, or reroll and maybe lose it?"
    )
    assert set(asked.instead) == {f"capture:{TROLL}", f"capture:{KELPIE}"}  # both offered


def test_an_army_card_question_mentions_the_free_reroll_only_while_one_is_left() -> None:
    spent = position(dice=(6, 6, 5, 1, 3), quest=[TROLL, KELPIE], armies=[[GOBLIN]], free_rerolls=0)
    asked = confirmation(spent, f"use:{GOBLIN}")
    assert asked is not None
    assert asked.question == "Your dice already beat Kelpie: use Goblin Scout anyway? It is spent."


def test_nothing_is_asked_while_the_dice_beat_nothing() -> None:
    state = position(dice=(1, 2, 3, 4, 6), quest=[TROLL, DRAGON], armies=[[GOBLIN]])
    for key in ("reroll:0+1", f"use:{GOBLIN}", "end"):
        assert confirmation(state, key) is None


def test_a_solo_army_of_every_card_fits_in_menus_of_25() -> None:
    army = [card.id for card in DECK if card.id not in (TROLL, DRAGON)]
    state = position(dice=(1, 2, 3, 4, 6), quest=[TROLL, DRAGON], armies=[army], free_rerolls=0)
    for screen in (table(state), seat_screen(record_for(state), state, 0, _)):
        check_limits(screen, table=screen.text.startswith("**Pentaquest**"))
        menus = [r for r in screen.rows if not isinstance(r, tuple)]
        assert [len(m.options) for m in menus] == [25, 15]
        assert reachable(screen, engine.decisions(state, 0)) == {
            a.key for a in engine.legal_actions(state, 0)
        }


def test_a_crowded_four_player_table_fits_in_one_message() -> None:
    cards = [card.id for card in DECK]
    state = position(quest=cards[:5], armies=[cards[5:15], cards[15:25], cards[25:35], cards[35:]])
    recent = ["<@1577264554193190915> used Will-o'-the-Wisp: rerolled ⚀⚁⚂⚃⚄ → ⚅⚅⚅⚅⚅."] * 8
    screen = table(state, recent)
    assert len(screen.text) <= layouts.TEXT_LIMIT
    check_limits(screen, table=True)
