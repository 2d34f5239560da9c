"""The translation catalogs: the template holds every text of the source, every language
translates every text with the same placeholders and its own plural forms, one term per game
concept (the glossary beside each catalog), no common noun capitalised mid-sentence, each
language's punctuation (French no-break spaces, Spanish ¿ ¡, Ukrainian « » and ’), and command
names Discord accepts."""

from __future__ import annotations

import csv
import gettext
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from bot.handlers.command_text import COMMAND_NAMES, NAME_CONTEXT, valid_name
from bot.i18n import available_languages, catalog_path, translator
from bot.i18n.__main__ import TEMPLATE, extract

LANGUAGES = ["uk", "es", "fr"]


def read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def key(message: Message) -> tuple[str | None, str]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, msgid


def fields(text: str) -> set[str]:
    """The ``{placeholder}`` names of a text."""
    return {name for _literal, name, _spec, _conv in string.Formatter().parse(text) if name}


def texts(catalog: Catalog) -> list[Message]:
    return [m for m in catalog if m.id]


def test_the_supported_languages_are_exactly_those_with_catalogs() -> None:
    assert available_languages() == sorted(LANGUAGES)


def test_the_template_holds_every_text_of_the_source(tmp_path: Path) -> None:
    fresh = {key(m) for m in texts(read(extract(tmp_path / "fresh.pot")))}
    committed = {key(m) for m in texts(read(TEMPLATE))}
    assert fresh - committed == set(), "run `python -m bot.i18n update`"
    assert committed - fresh == set(), "run `python -m bot.i18n update`"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalog_compiles(language: str) -> None:
    # the install compiles the catalogs and fails on a Babel error: a text that reads as a
    # %-format to Babel ("80% of", "80 % de") gets placeholders checked against a translation
    # that reads differently, and the bot (which formats with braces only) cannot be installed
    catalog = read(catalog_path(language))
    errors = [(m.id, err) for m, errs in catalog.check() for err in errs]
    assert errors == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_is_translated_with_the_same_placeholders(language: str) -> None:
    template = {key(m): m for m in texts(read(TEMPLATE))}
    catalog = read(catalog_path(language))
    messages = {key(m): m for m in texts(catalog)}
    assert set(template) <= set(messages), (
        f"{language} misses: {sorted(set(template) - set(messages))[:5]}"
    )
    for k, original in template.items():
        message = messages[k]
        assert not message.fuzzy, f"{language}: fuzzy translation of {k}"
        if isinstance(original.id, str):
            assert isinstance(message.string, str) and message.string, f"{language}: {k}"
            assert fields(message.string) == fields(original.id), (language, k, message.string)
            forms = [message.string]
        else:
            forms = list(message.string)
            wanted = fields(original.id[0]) | fields(original.id[1])
            assert all(forms), f"{language}: a plural form of {k} is empty"
            for form in forms:  # a form may leave the count to its words ("одну карту")
                assert wanted - {"count"} <= fields(form) <= wanted, (language, k, form)
        for form in forms:
            english = original.id if isinstance(original.id, str) else original.id[0]
            for marker in ("-# ", "⚠️", "⏰", "⏳", "✅", "❌", "▶"):
                if english.startswith(marker):
                    assert form.startswith(marker), (language, k, form)
            assert form.count("**") % 2 == 0, (language, k, form)


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_texts_have_the_forms_of_the_language(language: str) -> None:
    catalog = read(catalog_path(language))
    assert catalog.num_plurals == get_plural(language).num_plurals
    form_of = gettext.c2py(catalog.plural_expr)
    # a form chosen for any count but 1 must say the count ("21 карту", "0 carte")
    counted = {form_of(n) for n in range(1000) if n != 1}
    for message in texts(catalog):
        if not isinstance(message.id, str):
            assert len(message.string) == catalog.num_plurals, (language, message.id)
            if "count" in fields(message.id[1]):
                for index in counted:
                    assert "count" in fields(message.string[index]), (language, message.id, index)


def test_ukrainian_counts_take_three_forms() -> None:
    _ = translator("uk")

    def drew(n: int) -> str:
        return _.plural("army: {count} card (hidden)", "army: {count} cards (hidden)", n)

    assert len({drew(n).replace(str(n), "N") for n in (1, 3, 5)}) == 3
    assert drew(21) == drew(1).replace("1", "21")
    assert drew(22) == drew(3).replace("3", "22")
    assert drew(11) == drew(5).replace("5", "11")


def glossary(language: str) -> list[dict[str, str]]:
    path = catalog_path(language).parent.parent / "glossary.csv"
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_game_concept_has_one_term_used_everywhere(language: str) -> None:
    rows = glossary(language)
    assert len(rows) >= 40, "the glossary names each game's concepts"
    assert {r["game"] for r in rows} >= {"all", "artichokes", "ninjan", "verso", "pentaquest"}
    catalog = read(catalog_path(language))
    for row in rows:
        english = re.compile(rf"(?<!\w){re.escape(row['english'])}(?!\w)")
        term = re.compile(row["pattern"] or re.escape(row["translation"]), re.IGNORECASE)
        assert term.search(row["translation"]), (language, row)
        for message in texts(catalog):
            if message.context == NAME_CONTEXT:
                continue
            pairs = (
                [(message.id, message.string)]
                if isinstance(message.id, str)
                else [(message.id[1], form) for form in message.string]
            )
            for original, translated in pairs:
                if english.search(original):
                    assert term.search(translated), (
                        f"{language}: '{row['english']}' is '{row['translation']}' in the "
                        f"glossary, but {original!r} became {translated!r}"
                    )


def one_letter_apart(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by exactly one letter changed, added or removed."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_games_zone_names_differ_by_more_than_one_letter(language: str) -> None:
    """The pictures draw a game's zones side by side: Spanish « Fila del jardín » beside
    « Pila del jardín » read as one name on a phone (issue 46). Names of several words (the
    zones) of one game must differ by more than a letter."""
    names = [
        (row["game"], row["translation"].lower())
        for row in glossary(language)
        if " " in row["translation"]
    ]
    close = [
        (a, b)
        for i, (game, a) in enumerate(names)
        for other, b in names[i + 1 :]
        if game == other and one_letter_apart(a, b)
    ]
    assert not close, (language, close)


@pytest.mark.parametrize("language", LANGUAGES)
def test_command_names_are_names_discord_accepts(language: str) -> None:
    _ = translator(language)
    names = {name: _.context(NAME_CONTEXT, name) for name in COMMAND_NAMES}
    for name, translated in names.items():
        assert translated != name or name == "cardroom", f"{language}: {name} untranslated"
        assert valid_name(translated), (language, name, translated)
    groups = {
        "game": ["new", "hand", "rules", "leave"],
        "cardroom": ["list", "inspect", "abort", "language"],
        "top": ["game", "cardroom", "help"],
    }
    for members in groups.values():
        assert len({names[m] for m in members}) == len(members), (language, members)


def test_every_command_and_option_name_is_in_the_catalog() -> None:
    from bot.handlers.commands import AdminCommands, GameCommands, HelpCommand

    found: set[str] = set()
    for cog in (GameCommands, AdminCommands, HelpCommand):
        for command in cog.__cog_app_commands__:
            found.add(command.name)
            children = getattr(command, "walk_commands", lambda: [])()
            for child in [command, *children]:
                found.add(child.name)
                for parameter in getattr(child, "parameters", []):
                    found.add(parameter.name)
    assert found <= set(COMMAND_NAMES), sorted(found - set(COMMAND_NAMES))


def translated_forms(language: str) -> list[str]:
    """Every translated text of ``language`` (each plural form), command names left out."""
    forms: list[str] = []
    for message in texts(read(catalog_path(language))):
        if message.context != NAME_CONTEXT:
            string = message.string
            forms += [string] if isinstance(string, str) else list(string or ())
    return forms


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_term_the_glossary_writes_in_lowercase_is_not_capitalised_mid_sentence(
    language: str,
) -> None:
    """ "sous la Pile du potager", "у Колоду Саду": capitalising a common noun in the middle
    of a sentence is the English way (a label or a sentence may still start with it)."""
    forms = translated_forms(language)
    for row in glossary(language):
        if not row["translation"][:1].islower():
            continue  # a name (a card, a suit): capitalised wherever it stands
        term = re.compile(row["pattern"] or re.escape(row["translation"]), re.IGNORECASE)
        for form in forms:
            for found in term.finditer(form):
                start = found.start()
                before = form[max(0, start - 2) : start]
                mid_sentence = before[-1:] == " " and (before[:1].islower() or before[:1] == ",")
                assert not (found.group()[0].isupper() and mid_sentence), (language, row, form)


def test_french_puts_a_no_break_space_before_colons_semicolons_and_marks() -> None:
    for form in translated_forms("fr"):
        prose = re.sub(r"`[^`]*`|<#\{\w+\}>|\{\w+\}", "", form)
        for found in re.finditer(r"[:;!?»]", prose):
            assert prose[found.start() - 1] in "\u00a0\u202f", (form, found.group())


def test_spanish_opens_every_question_and_exclamation() -> None:
    for form in translated_forms("es"):
        assert form.count("¿") == form.count("?") and form.count("¡") == form.count("!"), form


def test_ukrainian_quotes_with_guillemets_and_the_typographic_apostrophe() -> None:
    for form in translated_forms("uk"):
        prose = re.sub(r"`[^`]*`", "", form)
        assert not re.search("[\"'“”„]", prose), form
        assert prose.count("«") == prose.count("»"), form


FORMAL_ADDRESS = {
    "fr": re.compile(r"\b(?:vous|votre|vos)\b|\b\w+ez\b", re.IGNORECASE),
    "uk": re.compile(
        r"(?<!\w)(?:ви|вас|вам|вами|ваш\w*)(?!\w)|(?<!\w)(?!навіть)\w+(?:іть|іться)(?!\w)",
        re.IGNORECASE,
    ),
}
"""The formal (or plural) "you" of French and Ukrainian: pronouns, possessives, imperatives."""
SEVERAL_ADDRESSED = ("chacun de vous", "кожен із вас")
"""Texts that speak to two players at once (a swap), where the plural is the right form."""


@pytest.mark.parametrize("language", sorted(FORMAL_ADDRESS))
def test_french_and_ukrainian_address_the_player_as_tu(language: str) -> None:
    """ "Votre main", "Ваша рука", "Choisissez…": a player is addressed as tu / ти everywhere
    else, so one formal text reads as written by someone else."""
    for form in translated_forms(language):
        if any(words in form for words in SEVERAL_ADDRESSED):
            continue
        prose = re.sub(r"`[^`]*`|\{\w+\}", "", form)
        assert not FORMAL_ADDRESS[language].search(prose), (language, form)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_command_named_in_a_text_is_named_as_the_language_shows_it(language: str) -> None:
    """ "(voir /game history)" in French points to a command Discord shows as /partie
    historique there: every command a text names uses the language's command names."""
    _ = translator(language)
    names = {name: _.context(NAME_CONTEXT, name) for name in COMMAND_NAMES}
    english = {name for name, translated in names.items() if translated != name}
    english -= set(names.values())  # a word that is a command's name here too
    for form in translated_forms(language):
        for mention in re.finditer(r"(?<![\w/.])/([\w-]+(?: [\w-]+)*)", form):
            words = mention.group(1).split()
            for word in words[: next((i for i, w in enumerate(words) if w not in names), None)]:
                assert word not in english, (language, mention.group(), form)


COMMAND_VERB_MOODS = {
    "es": re.compile(r"\w+r$"),  # the infinitive: "Elegir el idioma…"
    "uk": re.compile(r"\w+(?:ти|тися)$"),  # the infinitive: "Обрати мову…"
    "fr": re.compile(r"\w+(?<!er)(?<!ir)(?<![^t]s)$"),  # "Choisit…", "Met fin…": it does
}
"""How each language words a command description that starts with what it does."""


@pytest.mark.parametrize("language", sorted(COMMAND_VERB_MOODS))
def test_command_descriptions_use_one_verb_form(language: str) -> None:
    """Discord lists the commands one under another: "Elegir el idioma" beside "Borra tus
    estadísticas" reads as two writers. English descriptions that start with a verb start
    with the same form of the verb in each language."""
    from bot.handlers.commands import AdminCommands, GameCommands, HelpCommand

    _ = translator(language)
    described: list[str] = []
    for cog in (GameCommands, AdminCommands, HelpCommand):
        for command in cog.__cog_app_commands__:
            for child in [command, *getattr(command, "walk_commands", lambda: [])()]:
                described.append(child.description)
    not_verbs = {"A", "How", "Games", "The", "This", "What", "Which", "Your"}
    for english in described:
        if english.split()[0] in not_verbs:
            continue
        first = _(english).split()[0]
        assert COMMAND_VERB_MOODS[language].fullmatch(first), (language, english, _(english))
