"""``python -m bot``: the ``cardroom`` command (see ``bot.launcher`` and ``bot.cli``)."""

from __future__ import annotations

import sys

from bot.launcher import main

if __name__ == "__main__":
    sys.exit(main())
