"""Pentaquest's small pieces of text: dice (a face and its digit: ``⚂3``), requirements
(digits, suns and moons), powers, cards, armies and the cheapest army fix — from engine view
data only. A die's glyph alone is hard to read on a phone: its digit always stands beside it,
and where only values matter (a requirement, a change in an event line) the digits alone."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.i18n import N_, Translator
from engine.pentaquest.cards import CARDS, POWERS, Card
from engine.pentaquest.fix import FixCard

FACES = "⚀⚁⚂⚃⚄⚅"
"""A die showing ``v`` is ``FACES[v - 1]``."""
SUN = "☀️"
MOON = "🌙"

POWER_WORDS = {
    "add": "+1",
    "sub": "−1",
    "addsub": "±1",
    "mirror": N_("mirror"),
    "reroll": N_("reroll"),
}
"""How each power is named on cards and buttons (the words are msgids; numbers stay)."""


POWER_HINTS = {
    "add": N_("on a die showing 1 to 5"),
    "sub": N_("on a die showing 2 to 6"),
    "addsub": N_("up or down, your choice"),
    "mirror": N_("the die shows its opposite face"),
    "reroll": N_("any of the dice, at least one"),
}
"""What an army card's option adds, in a menu, to its label's :data:`POWER_SHORT` (its
limits; never the same words twice)."""

POWER_SHORT = {
    "add": N_("+1 to a die"),
    "sub": N_("−1 to a die"),
    "addsub": N_("±1 to a die"),
    "mirror": N_("mirror a die (1↔6, 2↔5, 3↔4)"),
    "reroll": N_("reroll dice"),
}
"""What each power does, in two or three words (on an army card's button)."""


def face(value: int) -> str:
    """A die: ``3`` -> ``"⚂3"`` (its face and its digit)."""
    return f"{FACES[value - 1]}{value}"


def dice_text(dice: Iterable[int]) -> str:
    """Dice in position order: ``"⚂3 ⚂3 ⚅6 ⚀1 ⚄5"``."""
    return " ".join(face(v) for v in dice)


def values_text(values: Iterable[int | None]) -> str:
    """Die values as digits, for what happened to them: ``[2, 6]`` -> ``"2 6"``."""
    return " ".join(str(v) for v in values if v is not None)


def requirement_text(requirement: Sequence[str]) -> str:
    """A card's requirement: numbers as digits, then suns and moons (``"6 ☀️☀️"``)."""
    numbers = [symbol for symbol in requirement if symbol not in ("sun", "moon")]
    signs = SUN * requirement.count("sun") + MOON * requirement.count("moon")
    return " ".join([*numbers, signs] if signs else numbers)


def power_text(power: str, _: Translator) -> str:
    """``"addsub"`` -> ``"±1"``, ``"mirror"`` -> the translated word."""
    word = POWER_WORDS[power]
    return _(word) if word[0].isalpha() else word


def card_name(card: Card | int, _: Translator) -> str:
    """A card's translated name."""
    info = CARDS[card] if isinstance(card, int) else card
    return _(info.name)


def card_label(card: Card | int, _: Translator) -> str:
    """``"Pixie (−1)"``: a card with its power, for buttons and menus."""
    info = CARDS[card] if isinstance(card, int) else card
    return _("{card} ({power})", card=_(info.name), power=power_text(info.power, _))


def quest_line(card: Card, beaten: bool, _: Translator) -> str:
    """One quest card: mark (✅ when the dice beat it and the table highlights), name,
    requirement and power, each named (a bare "Pixie (−1) — 1" told a newcomer neither):
    ``"▫️ **Pixie** — needs 1 · power −1"``."""
    return _(
        "{mark} **{card}** — needs {requirement} · power {power}",
        mark="✅" if beaten else "▫️",
        card=_(card.name),
        requirement=requirement_text(card.requirement),
        power=power_text(card.power, _),
    )


def army_text(cards: Sequence[Card], _: Translator) -> str:
    """An army grouped by power: ``"+1: Goblin Scout, Giant Rat · mirror: Brownie"``, or
    "empty"."""
    groups = []
    for power in POWERS:
        names = [_(c.name) for c in cards if c.power == power]
        if names:
            groups.append(_("{power}: {cards}", power=power_text(power, _), cards=", ".join(names)))
    return " · ".join(groups) if groups else _("empty")


def army_powers(cards: Sequence[Card], _: Translator) -> str:
    """An army summed up by power, for the table (the names are on its owner's screen):
    ``"+1 ×2 · mirror"``, or "empty"."""
    groups = []
    for power in POWERS:
        count = sum(1 for c in cards if c.power == power)
        if count:
            text = power_text(power, _)
            groups.append(f"{text} ×{count}" if count > 1 else text)
    return " · ".join(groups) if groups else _("empty")


def fix_text(fix: Sequence[FixCard], dice: Sequence[int], _: Translator) -> str:
    """The cheapest army fix in words: ``"Pixie on die 3 (⚂ → ⚁), then ..."``."""
    current = list(dice)
    uses = []
    for use in fix:
        uses.append(
            _(
                "{card} on die {die} ({old} → {new})",
                card=card_name(use.card, _),
                die=use.die + 1,
                old=face(current[use.die]),
                new=face(use.value),
            )
        )
        current[use.die] = use.value
    return _(", then ").join(uses)
