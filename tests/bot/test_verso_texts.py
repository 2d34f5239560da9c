"""Verso's own wording: tableaux in colour rows, the Draw Pile and what is known of its top
card's back, keep and flip, series with their points, discards and flips, menus per colour,
the final series, event lines, the flip mention, the solo ladder; a full table of 8 players
within Discord's limits; never-seen backs written nowhere."""

from __future__ import annotations

from dataclasses import replace

import engine
from bot.games import RenderContext, presentation
from bot.games.base import Presentation
from bot.i18n import translator
from bot.messages import layouts
from bot.pictures.base import PictureContext, draw
from bot.pictures.samples import NAMES as SAMPLE_NAMES
from bot.pictures.samples import positions
from bot.texts.rendering import seat_screen, table_screen
from bot.texts.specs import Screen
from engine.types import Event
from engine.verso.cards import CARD_COUNT, KIND, card_data
from engine.verso.state import VersoState
from tests.bot.helpers import check_limits, count_components, reachable
from tests.bot.records import record_for
from tests.engine.verso.helpers import act, position

_ = translator("en-US")
NAMES = ("<@101>", "<@102>", "<@103>")
CTX = RenderContext(_, NAMES, ("ann", "ben", "cat"), 9)
VERSO = presentation("verso")


def table(state: VersoState, recent: tuple[str, ...] = ()) -> Screen:
    return table_screen(record_for(state, game_id=9), state, list(recent), _)


def screen(state: VersoState, seat: int) -> Screen:
    return seat_screen(record_for(state, game_id=9), state, seat, _)


def lines_of(events: list[Event]) -> list[str]:
    return [line for e in events if (line := VERSO.event_line(e, None, CTX))]


# --- the table ---------------------------------------------------------------------------


def test_the_table_shows_rows_scores_squares_and_the_draw_pile() -> None:
    state = position(
        [["B1:1", "B2:3", "BJ:3", "G4:1/B5!", "O6:3"], ["G1:1", "G2:3", "G3:1"]],
        pile=["O1", "G6:3"],
        scores=[12, 3],
        squares=[True, False],
    )
    text = table(state).text
    lines = text.splitlines()
    assert "**Turn 1** · <@101>'s turn" in lines
    head = lines.index("▶ <@101> — **12 VP** · ⬛ square")
    assert lines[head + 1 : head + 4] == ["🟦 1 2★ J★", "🟩 4 (🟦5★)", "🟧 6★"]  # ★: 3 VP
    head = lines.index("• <@102> — **3 VP**")  # no square: nothing to say
    assert lines[head + 1 : head + 4] == ["🟦 ·", "🟩 1 2★ 3", "🟧 ·"]
    assert "**Draw Pile**: 2 cards · top: 🟩6★ · Discard Pile: 0 cards" in lines
    assert "-# Its back, never seen: one of 🟦1, 🟦5, 🟧1, 🟧5 or 🟧J" in lines
    assert "controls" not in text and "¹" not in text and "³" not in text
    legend = " ".join(VERSO.legend(_))  # how to read it: in the lobby and on the Rules page
    assert "🟦3★ = worth 3 VP" in legend and "buttons under the table" in legend


def test_the_active_players_turn_is_on_the_table() -> None:
    state = position([["B1:1", "B2:3", "G5"], ["B5", "B6:1"]], pile=["O1", "O3:1"])
    shown = table(state)
    keys = reachable(shown, engine.decisions(state, 0))
    assert keys == {a.key for a in engine.legal_actions(state, 0)}
    (buttons, menu) = shown.rows
    assert [(b.key, b.label, b.style) for b in buttons] == [
        ("draw:flip", "Flip it: its unseen back goes face up", "primary"),
        ("draw:keep", "Keep 🟧3 face up", "success"),  # not "Flip 🟧3" beside "Keep 🟧3"
    ]
    assert menu.placeholder == "Bank a series…"
    (option,) = menu.options
    assert (option.value, option.label) == ("bank:B12", "🟦 1-2 · 4 VP")
    # 2 players: the one opponent flips once, their highest Blue
    assert option.description == "discards 🟦1 🟦2★ · Player1 flips 🟦6"


def test_a_forced_flip_offers_only_the_flip_and_says_why() -> None:
    state = position([["O3:3", "B1"], []], pile=["O1", "O3:1"])
    shown = table(state)
    assert [b.key for b in shown.rows[0]] == ["draw:flip"]
    assert "-# ▶ must flip it: their tableau has 🟧3 already." in shown.text
    mine = screen(state, 0)
    assert "**Your turn: draw 🟧3 and flip it.**" in mine.text
    assert "-# You must flip it: your tableau already has 🟧3." in mine.text
    assert "-# ★ = a side worth 3 VP; no star: 1 VP." in mine.text


def test_a_series_with_a_joker_says_what_it_stands_for_and_who_flips() -> None:
    state = position(
        [["B6:3"], ["G3:1", "GJ:3", "G5:1"], ["G1:3", "G6:1/O5!"]],
        pile=["O1", "O3"],
        active=1,
    )
    (menu,) = [r for r in table(state).rows if not isinstance(r, tuple)]
    by_key = {o.value: o for o in menu.options}
    option = by_key["bank:G3J5"]
    assert option.label == "🟩 3-J(4)-5 · 5 VP"
    assert option.description == (
        "discards 🟩J★=4 🟩5 · Player2 flips 🟩6 (🟧5★) · Player0: no 🟩 · keeps 🟩3"
    )


def test_a_long_list_of_series_gets_one_menu_per_colour() -> None:
    full = [f"{c}{n}" for c in "BGO" for n in "123456J"]
    state = position([full, ["B1"]], pile=["O1", "O2"])
    for shown in (table(state), screen(state, 0)):
        menus = [r for r in shown.rows if not isinstance(r, tuple)]
        assert len(menus) == 9  # 61 series a colour: 3 menus each
        assert [m.placeholder for m in menus[::3]] == [
            "Bank a 🟦 Blue series…",
            "Bank a 🟩 Green series…",
            "Bank a 🟧 Orange series…",
        ]
        for menu in menus:
            assert len({o.label[0] for o in menu.options}) == 1  # one colour a menu
        check_limits(shown, table=shown.text.startswith("**Verso**"))
        assert reachable(shown, engine.decisions(state, 0)) == {
            a.key for a in engine.legal_actions(state, 0)
        }


def _deal_everything(seats: int, active_full: bool, phase: str) -> VersoState:
    """Every card on a tableau (but the Draw Pile's top, while a turn runs), every back seen:
    the longest table there can be."""
    tableaux: list[list[int]] = [[] for _ in range(seats)]
    used: set[int] = set()
    if active_full:  # the active player holds every colour and number and the jokers
        for kind in sorted({KIND[f] for f in range(2 * CARD_COUNT)}):
            face = next(f for f in range(2 * CARD_COUNT) if KIND[f] == kind and f >> 1 not in used)
            tableaux[0].append(face)
            used.add(face >> 1)
    pile = []
    if phase == "turn":
        top = next(f for f in range(0, 2 * CARD_COUNT, 2) if f >> 1 not in used)
        pile.append(top)
        used.add(top >> 1)
    for card in range(CARD_COUNT):
        if card in used:
            continue
        for face in (2 * card, 2 * card + 1):
            free = [
                s
                for s in range(1 if active_full else 0, seats)
                if all(KIND[f] != KIND[face] for f in tableaux[s])
            ]
            if free:
                tableaux[min(free, key=lambda s: len(tableaux[s]))].append(face)
                used.add(card)
                break
    for tableau in tableaux:
        tableau.sort(key=KIND.__getitem__)
    placed = sorted(f >> 1 for t in tableaux for f in t)
    return VersoState(
        seed=1,
        seats=seats,
        pile=pile,
        out=sorted(set(range(CARD_COUNT)) - used),
        tableaux=tableaux,
        seen=placed,
        discard=[],
        scores=[188] * seats,
        squares=[True] * seats,
        phase=phase,  # type: ignore[arg-type]
    )


def _long_record(state: VersoState):  # noqa: ANN202
    """Real-size user ids (19 digits), long display names, every seat automatic."""
    record = record_for(state, game_id=999_999)
    seats = tuple(
        replace(
            s, user_id=9_000_000_000_000_000_000 + s.seat, display_name="N" * 32, automatic=True
        )
        for s in record.seats
    )
    return replace(record, seats=seats)


def test_eight_full_tableaux_stay_within_discords_limits() -> None:
    for phase, active_full in (("turn", True), ("turn", False), ("final", False)):
        state = _deal_everything(8, active_full, phase)
        assert sum(map(len, state.tableaux)) + len(state.pile) == CARD_COUNT
        assert len(state.tableaux[0]) >= (21 if active_full else 11)
        record = _long_record(state)
        ctx = RenderContext(_, ("<@9000000000000000007> (automatic)",) * 8, ("x",) * 8, 999_999)
        longest = max(
            (
                VERSO.event_line(e, None, ctx) or ""
                for e in (
                    Event("neighbour_flip", 7, {"card": card_data(3), "to": "discarded", "by": 6}),
                    Event("opponent", None, {"card": card_data(3), "effect": "flip"}),
                    Event(
                        "banked",
                        7,
                        {"series": "B2J456", "vp": 18, "discarded": [card_data(3)] * 2},
                    ),
                )
            ),
            key=len,
        )
        shown = table_screen(record, state, [longest] * 8, _)
        assert len(shown.text) <= layouts.TEXT_LIMIT
        assert (
            len(shown.text.encode("utf-16-le")) // 2 <= layouts.TEXT_LIMIT
        )  # as JavaScript counts
        check_limits(shown, table=True)
        tree = layouts.table(999_999, shown, _, accent=0, private_label="Show my screen")
        assert count_components(tree.to_components()) <= 40
        for seat in range(8):
            mine = seat_screen(record, state, seat, _)
            check_limits(mine)
            assert len(mine.text.encode("utf-16-le")) // 2 <= layouts.TEXT_LIMIT


# --- what nobody has seen -------------------------------------------------------------------


def test_a_never_seen_back_is_written_nowhere_not_even_to_its_owner() -> None:
    backs = ["B3:1/G4", "B3:1/G2", "B3:1/O4", "B3:1/O2"]
    states = [position([[card, "G1"], ["O2!"]], pile=["G6", "O5:3"]) for card in backs]
    first = [table(states[0]), screen(states[0], 0), screen(states[0], 1)]
    for state in states[1:]:
        assert [table(state), screen(state, 0), screen(state, 1)] == first
    public, own = first[0].text.splitlines(), first[1].text.splitlines()
    assert "🟦 3" in public and "🟦 3" in own  # no back in brackets, for anyone
    assert "**Your tableau** — **0 VP**" in own
    # the back of a seen card is public
    (row,) = [line for line in public if line.startswith("🟧 2")]
    assert row.endswith(")") and (" (🟦" in row or " (🟩" in row)


def test_a_kept_card_is_told_by_its_shown_side_only() -> None:
    told = []
    for back in ("G4", "O2"):
        state = position([[], []], pile=["G6", f"B3:1/{back}"])
        told.append(lines_of(act(state, 0, "draw:keep")))
    assert told[0] == told[1] == ["<@101> drew and kept 🟦3."]


# --- events and the flip mention -------------------------------------------------------------


def test_event_lines() -> None:
    state = position([["B4:1/O3"], ["B5:3/G4", "G4:1"], ["B6:1/G5"]], pile=["G6", "B3:1/G4"])
    assert lines_of(act(state, 0, "draw:flip")) == ["<@101> drew and flipped 🟦3 → 🟩4★."]
    state = position([["G4:1"], []], pile=["G6", "B3:1/G4"])
    assert lines_of(act(state, 0, "draw:flip")) == [
        "<@101> drew and flipped 🟦3 → 🟩4★: identical, discarded."
    ]
    state = position([["B1:1", "B2:3"], ["B5:3/G4", "G4:1"], ["O1"]], pile=["G6", "O5"])
    assert lines_of(act(state, 0, "bank:B12")) == [
        "<@101> banked 🟦 1-2: 4 VP (discarded 🟦1 🟦2★).",
        "<@102>'s 🟦5★ flipped → 🟩4: identical, discarded.",
        "<@103> has no 🟦 card to flip.",
    ]
    square = Event("square", 1, {"vp": 7})
    assert VERSO.event_line(square, None, CTX) == "<@102> formed a square: +7 VP!"
    final = Event("final_banked", 2, {"series": "O45", "sides": [], "vp": 4})
    assert VERSO.event_line(final, None, CTX) == "<@103>'s final series: 🟧 4-5 for 4 VP."
    none = Event("final_none", 0, {})
    assert VERSO.event_line(none, None, CTX) == "<@101> banked no final series."


def test_the_solo_opponent_is_a_line_on_the_table() -> None:
    lines = []
    for back in ("O4:1/B5", "O4:1/G3", "O4:3/BJ"):
        state = position([["B1", "B3:3"]], pile=["G6", "G1", back, "G2:1"])
        events = act(state, 0, "draw:keep")
        lines.append([line for line in lines_of(events) if "opponent" in line])
    assert lines == [
        ["🤖 The opponent turned over 🟧4 → 🟦5★: higher, so <@101> flips their highest 🟦 card."],
        ["🤖 The opponent turned over 🟧4 → 🟩3★: not higher, nothing happens."],
        ["🤖 The opponent turned over 🟧4★ → 🟦J: a joker, nothing happens."],
    ]


def test_a_player_whose_card_a_neighbour_flips_is_mentioned() -> None:
    state = position([["B1:1", "B2:3"], ["B5:3/G6"], ["B6:1/O5"]], pile=["G6", "O5"])
    events = act(state, 0, "bank:B12")
    assert VERSO.mentions(events, CTX) == [
        (1, "<@102>: <@101>'s series flipped your 🟦5★ in game #9 — now 🟩6."),
        (2, "<@103>: <@101>'s series flipped your 🟦6 in game #9 — now 🟧5★."),
    ]
    # the solo opponent's flip is the player's own turn: no mention
    state = position([["B1", "B3:3"]], pile=["G6", "G1", "O4:1/B5", "G2:1"])
    assert VERSO.mentions(act(state, 0, "draw:keep"), CTX) == []


def test_other_games_mention_nobody_by_default() -> None:
    for name in ("artichokes", "ninjan", "pentaquest"):
        shown = presentation(name)
        assert type(shown).mentions is Presentation.mentions
        assert shown.mentions([Event("anything", 0, {})], CTX) == []


# --- the final series and the end ------------------------------------------------------------


def test_the_final_series_is_chosen_on_each_private_screen() -> None:
    state = position([["B1:1", "B2:3"], ["G3", "G4"], ["O1"]], pile=["O5"], active=2)
    act(state, 2, "draw:keep")  # the last card: everyone with a series chooses at once
    assert state.phase == "final"
    assert not table(state).rows  # nothing on the table: the choices are secret
    mine = screen(state, 0)
    (menu,) = mine.rows
    assert [(o.value, o.label) for o in menu.options] == [
        ("final:none", "No final series"),
        ("final:B12", "🟦 1-2 · 4 VP"),
    ]
    assert "**Choose your final series, or none: it scores without making anyone flip." in mine.text
    act(state, 0, "final:B12")
    mine = screen(state, 0)
    assert "**Your final series: 🟦 1-2 · 4 VP. You can change it until everyone has chosen.**" in (
        mine.text
    )
    (menu,) = mine.rows
    chosen = [o for o in menu.options if o.default]
    assert [(o.value, o.description) for o in chosen] == [("final:B12", "your current choice")]
    text = table(state).text
    assert "(▶ still choosing, ✓ chosen)" in text and "🟦 1-2 ·" not in text
    assert "✓ <@101> — **0 VP**" in text and "▶ <@102> — **0 VP**" in text
    assert "• <@103> — **0 VP**" in text  # no series: nothing to choose
    assert "Your final series" not in screen(state, 1).text
    assert "**You hold no series to bank: waiting for the others' final series.**" in (
        screen(state, 2).text
    )


def test_a_solo_final_series_speaks_to_the_one_player() -> None:
    """A newcomer alone at the table read "everyone picks one at once, hidden until all have
    chosen" and "You can change it until everyone has chosen": there is nobody else."""
    state = position([["B1:3", "B2:3"]], pile=["O5"], scores=[44])
    act(state, 0, "draw:keep")
    assert state.phase == "final"
    for shown in (table(state).text, screen(state, 0).text):
        assert "**Final series**: bank one last series if you can; then the game ends." in shown
        assert "everyone" not in shown
    mine = screen(state, 0).text
    assert "**Choose your final series, or none: then the game ends.**" in mine


def test_a_solo_game_ends_with_the_ladder_line() -> None:
    state = position([["B1:3", "B2:3"]], pile=["O5"], scores=[44])
    act(state, 0, "draw:keep")
    act(state, 0, "final:B12")
    text = table(state).text
    assert "**Game over** · <@101> scored **50 VP**." in text
    assert "🏅 50+ VP: You're a model player! Respect." in text
    state = position([["B1:3"]], pile=["O5"], scores=[20])
    act(state, 0, "draw:keep")
    text = table(state).text
    assert "**Game over** · <@101> scored **20 VP**." in text
    assert "-# The ladder starts at 35 VP, the average score." in text


def test_a_multiplayer_game_ends_with_scores_and_ranks() -> None:
    state = position([["B1:3", "B2:3"], ["G3"], []], pile=["O5"], scores=[3, 9, 9], active=2)
    act(state, 2, "draw:keep")
    act(state, 0, "final:B12")
    text = table(state).text
    assert "**Final scores**\n🏆 1. <@101> — 9 VP\n🏆 1. <@102> — 9 VP\n🏆 1. <@103> — 9 VP" in text


def test_no_raw_numbers_leak_into_labels() -> None:
    # labels show names, never mentions (Discord shows them raw on buttons and menus)
    state = position([["B1:1", "B2:3"], ["B5"], ["B6"]], pile=["O1", "O3:1"])
    for row in table(state).rows:
        labels = (
            [b.label for b in row]
            if isinstance(row, tuple)
            else [o.label + o.description for o in row.options]
        )
        assert not [label for label in labels if "<@" in label]


def test_a_pictures_description_names_a_cards_colour_as_the_card_agrees_with_it() -> None:
    # the series menus say "Зарахуй синю серію" (accusative); a card named on its own in the
    # description of the table's picture is "синя 3" (nominative), in every colour
    state = dict(positions("verso", 4, seed=8))["halfway"]
    words = {
        "uk": (("синя", "зелена", "помаранчева"), ("синю", "зелену", "помаранчеву")),
        "fr": (("bleue", "verte", "orange"), ()),
        "es": (("azul", "verde", "naranja"), ()),
    }
    for language, (card, menu) in words.items():
        picture = draw(
            "verso", "table", engine.view(state, None), PictureContext(language, SAMPLE_NAMES[:4])
        )
        assert picture is not None
        said = picture.description.lower().replace(",", " ").replace(".", " ").split()
        assert all(word in said for word in card), (language, picture.description)
        assert not [word for word in menu if word in said], picture.description


def test_a_pictures_description_leaves_empty_rows_unsaid() -> None:
    # read aloud, "Blue —, Green —" is a list of dashes: a row without cards is left out, and
    # a tableau without cards is "empty"
    start = engine.new_game("verso", 3, None, 2)
    early = dict(positions("verso", 3, seed=2))["early"]  # Bohdan has no orange card yet
    for state in (start, early):
        view = engine.view(state, None)
        picture = draw("verso", "table", view, PictureContext("en", SAMPLE_NAMES[:3]))
        assert picture is not None
        assert "—" not in picture.description
        for seat in view.seats:  # type: ignore[attr-defined]
            name = SAMPLE_NAMES[seat.seat].split()[0]  # (the picture drops the 🎲)
            said = picture.description.split(f"{name} ", 1)[1].split(".")[0]
            for colour, row in zip(("Blue", "Green", "Orange"), seat.rows, strict=True):
                assert (colour in said) == bool(row), (colour, said)
            assert said.endswith(": empty") == (not any(seat.rows)), said
