"""``cardroom play``: a game in the terminal, without Discord. The person plays seat 1
through the same use cases (``bot.service``), turn clocks (``bot.timing``) and texts
(``bot.texts``) as the bot; ``rich`` draws them. ``command`` (the command line), ``games``
(setting games up, finding them again, the flags each keeps), ``session`` (one game),
``choices`` (numbered decisions), ``output`` and ``markdown`` (drawing), ``lines`` (standard
input)."""
