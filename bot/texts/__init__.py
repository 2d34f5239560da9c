"""What is drawn as text, with no Discord: the table, private screens, rules and event
lines (``rendering``), components as plain data (``specs``) and decisions turned into them
(``decisions``). Each game's own wording is in ``bot/games/<game>/``."""
