"""Cardroom's bot: everything between the engine and the people who play, in layers.

- Talking to Discord (discord.py): ``handlers/`` (slash commands, buttons, menus), ``messages/``
  (the tables, screens, pings and lobbies it posts and edits), ``app`` and ``context`` (the
  client and what its parts share), ``startup`` and ``shards`` (what a start resumes, for
  which guilds).
- Knowing no Discord: ``service/`` (the use cases: lobbies, moves, automatic players, history),
  ``texts/`` and ``pictures/`` (tables and screens drawn as text and as pictures),
  ``games/<game>/`` (each game's presentation), ``timing/`` (clocks, heartbeat), ``i18n/`` and
  ``locales/`` (the four languages), ``terminal/`` (``cardroom play``: a game in a terminal).
- The ``cardroom`` command: ``launcher``, ``cli`` and ``settings``.

The README's Layout says what each layer may use; ``tests/test_codebase.py`` holds them to it.
"""
