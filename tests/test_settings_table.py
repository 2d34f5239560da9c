"""``docs/settings.md`` is the one table of the bot's settings: every setting the bot reads
(``bot/settings.py``, and the storage settings it builds on) has its row there, with the
default the code has, no row names a setting that does not exist, and the README points to
it."""

from __future__ import annotations

import re
from pathlib import Path

from bot.settings import BotSettings
from storage.settings import StorageSettings

ROOT = Path(__file__).resolve().parents[1]


def rows() -> dict[str, tuple[str, str]]:
    """Setting -> (default, what it does), as the table in docs/settings.md gives them."""
    found = {}
    for line in (ROOT / "docs" / "settings.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and (name := re.fullmatch(r"`([A-Z_]+)`", cells[0])):
            found[name.group(1)] = (cells[1], cells[2])
    return found


def test_every_setting_is_in_the_table_with_its_default() -> None:
    fields = {**StorageSettings.model_fields, **BotSettings.model_fields}
    table = rows()
    assert set(table) == {name.upper() for name in fields}
    for name, field in fields.items():
        default, says = table[name.upper()]
        assert says, name
        if field.is_required():
            assert default == "required", name
        elif field.default is not None:
            value = field.default
            shown = f"{value:g}" if isinstance(value, float) else str(value)
            assert f"`{shown}`" in default, f"{name}: the code's default is {shown}"


def test_the_readme_points_to_the_table() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/settings.md)" in readme
    # the settings are no longer a paragraph of the README: none of them is described there
    assert "TABLE_TURN_INTERVAL" not in readme and "PICTURE_WAIT" not in readme
