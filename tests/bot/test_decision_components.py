"""Menus of a long single-select decision split by the presentation's groups: one menu (or
more) per group, each with that group's placeholder."""

from __future__ import annotations

from bot.games import OptionText, Presentation, RenderContext
from bot.i18n import translator
from bot.texts.decisions import rows_for
from bot.texts.specs import SelectSpec
from engine import Decision, Event, View

_ = translator("en")
CTX = RenderContext(_, ("<@1>",), ("one",))


class Grouped(Presentation):
    """Options grouped by their first letter; each menu says which letter it holds."""

    game = "grouped"

    def table_sections(self, view: View, ctx: RenderContext) -> list[str]:
        return []

    def seat_sections(self, view: View, ctx: RenderContext) -> list[str]:
        return []

    def prompt(self, view: View, ctx: RenderContext) -> str:
        return ""

    def option_text(
        self, decision: Decision, option: str, view: View, ctx: RenderContext
    ) -> OptionText:
        return OptionText(option)

    def event_line(self, event: Event, viewer: int | None, ctx: RenderContext) -> str | None:
        return None

    def placeholder(self, decision: Decision, view: View, ctx: RenderContext) -> str:
        return "Choose…"

    def groups_options(self, decision: Decision) -> bool:
        return True

    def option_group(self, option: str) -> str:
        return option[0]


class Plain(Grouped):
    """The same groups, without a placeholder of their own (the default)."""

    game = "plain"


class Named(Grouped):
    game = "named"

    def group_placeholder(
        self, decision: Decision, group: str, view: View, ctx: RenderContext
    ) -> str:
        return f"Choose a {group}…"


DECISION = Decision(0, "pick", tuple(sorted([f"a{i:02}" for i in range(30)] + ["b1", "b2"])))
VIEW = View(viewer=0, over=False, deciding=(0,), committed=(), decisions=(DECISION,))


def test_each_menu_of_a_group_names_its_group() -> None:
    rows = rows_for([DECISION], VIEW, Named(), CTX)
    assert all(isinstance(r, SelectSpec) for r in rows)
    assert [(r.placeholder, len(r.options)) for r in rows] == [  # type: ignore[union-attr]
        ("Choose a a…", 25),
        ("Choose a a…", 5),
        ("Choose a b…", 2),
    ]


def test_groups_keep_the_decisions_placeholder_by_default() -> None:
    rows = rows_for([DECISION], VIEW, Plain(), CTX)
    assert [r.placeholder for r in rows] == ["Choose…"] * 3  # type: ignore[union-attr]


class Wordy(Grouped):
    """Options whose description is longer than Discord allows (a Verso series in Ukrainian)."""

    game = "wordy"

    def groups_options(self, decision: Decision) -> bool:
        return False

    def option_text(
        self, decision: Decision, option: str, view: View, ctx: RenderContext
    ) -> OptionText:
        words = " ".join(f"oleksandra_kovalenko перевертає 🟦{i}³" for i in range(6))
        return OptionText("x" * 130 if option == "a00" else option, words)


def test_a_long_option_text_is_cut_between_words_within_discords_limit() -> None:
    options = tuple(f"a{i:02}" for i in range(6))  # more than buttons hold: a select menu
    (row,) = rows_for([Decision(0, "pick", options)], VIEW, Wordy(), CTX)
    assert isinstance(row, SelectSpec)
    for option in row.options:
        assert len(option.description) <= 100 and option.description.endswith(" …")
        kept = option.description.removesuffix(" …")
        assert Wordy().option_text(DECISION, "a01", VIEW, CTX).description.startswith(kept + " ")
    assert row.options[0].label == "x" * 99 + "…"  # one word longer than the limit
    assert row.options[1].label == "a01"
