"""Components from decisions: the one place that turns an engine ``Decision`` into buttons or
select menus, and a chosen menu value back into an action key.

- A single-select decision with up to 5 options: one row of buttons (the option keys).
- More options: select menus of at most 25 options each (several when over 25; a game may
  group the options, one menu or more per group, each with its group's placeholder).
- A multi-select decision: one menu with the decision's min and max; an option offered several
  times (two equal cards) appears as many times as it may be chosen, each with its own value
  (``key``, ``key~2``, ...).

Menu values are option keys; :func:`decode` checks chosen values against exactly what was
offered for that decision (its stamp guarantees it is the decision the menus were built for),
so a value never offered, or the same option twice, is refused.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence

from bot.games.base import Presentation, RenderContext
from bot.texts.specs import ButtonSpec, Row, SelectOption, SelectSpec
from engine import Decision, View

MAX_BUTTONS = 5
"""A decision with at most this many options is shown as buttons."""
MENU_SIZE = 25
"""Discord's limit of options in one select menu."""
REPEAT = "~"


def menu_values(decision: Decision) -> list[tuple[str, str]]:
    """``(value, option)`` for every entry a menu of ``decision`` offers, in option order.

    A multi-select offers each distinct option at most ``max`` times (it cannot be chosen
    more often); repeats get ``~2``, ``~3`` ... so that every value is unique.
    """
    seen: dict[str, int] = {}
    entries = []
    for option in decision.options:
        count = seen.get(option, 0) + 1
        if decision.multi and count > decision.max:
            continue
        if not decision.multi and count > 1:
            continue
        seen[option] = count
        entries.append((option if count == 1 else f"{option}{REPEAT}{count}", option))
    return entries


def chunks(
    decision: Decision, group: Callable[[str], str] | None = None
) -> list[list[tuple[str, str]]]:
    """The menus of ``decision``: its entries, by ``group`` of their option when given, each
    split by :data:`MENU_SIZE` (a multi-select is always one menu: the engine keeps it within
    one)."""
    entries = menu_values(decision)
    if decision.multi:
        return [entries]
    groups: dict[str, list[tuple[str, str]]] = {}
    for entry in entries:
        groups.setdefault(group(entry[1]) if group else "", []).append(entry)
    return [
        part[i : i + MENU_SIZE] for part in groups.values() for i in range(0, len(part), MENU_SIZE)
    ]


def rows_for(
    decisions: Sequence[Decision], view: View, show: Presentation, ctx: RenderContext
) -> tuple[Row, ...]:
    """The component rows answering the viewer's ``decisions``, in the presentation's order.

    A committed simultaneous answer is marked as the current choice: pre-selected in a menu,
    left out of buttons (choosing it again would change nothing).
    """
    rows: list[Row] = []
    for decision in show.order(decisions):
        as_buttons = decision.kind not in show.menu_kinds
        if as_buttons and not decision.multi and len(decision.options) <= MAX_BUTTONS:
            buttons = []
            for option in decision.options:
                if decision.committed == (option,):
                    continue
                text = show.option_text(decision, option, view, ctx)
                buttons.append(ButtonSpec(option, text.label[:80], text.style, text.emoji))
            if buttons:
                rows.append(tuple(buttons))
            continue
        placeholder = show.placeholder(decision, view, ctx)[:150]
        chosen = list(decision.committed or ())
        grouping = show.option_group if show.groups_options(decision) else None
        for index, entries in enumerate(chunks(decision, grouping)):
            if grouping is not None:
                group = grouping(entries[0][1])
                placeholder = show.group_placeholder(decision, group, view, ctx)[:150]
            options = []
            entries.sort(key=lambda entry: show.option_sort_key(decision, entry[1]))
            for value, option in entries:
                text = show.option_text(decision, option, view, ctx)
                default = option in chosen
                if default:
                    chosen.remove(option)
                options.append(
                    SelectOption(value, _fit(text.label), _fit(text.description), default)
                )
            top = min(decision.max, len(options)) if decision.multi else 1
            bottom = min(decision.min, top) if decision.multi else 1
            rows.append(SelectSpec(decision.kind, index, placeholder, tuple(options), bottom, top))
    return tuple(rows)


def decode(decision: Decision, values: Sequence[str]) -> str | None:
    """The action key that a menu of ``decision`` means by the chosen ``values``, or ``None``
    when the values are not a choice its menus offered (unknown, repeated, too few or too
    many)."""
    if len(set(values)) != len(values):
        return None
    offered = dict(menu_values(decision))
    if any(value not in offered for value in values):
        return None
    chosen = [offered[value] for value in values]
    if decision.multi:
        if not decision.min <= len(chosen) <= decision.max:
            return None
        return decision.key_for(chosen)
    return chosen[0] if len(chosen) == 1 else None


def _fit(text: str, width: int = 100) -> str:
    """``text`` within Discord's ``width`` characters for a select option, cut between words
    with an ellipsis rather than in the middle of one."""
    if len(text) <= width:
        return text
    cut = textwrap.shorten(text, width, placeholder=" …")
    if cut == "…":  # one word longer than the whole width
        cut = text[: width - 1] + "…"
    return cut
