-- How each person signed up to a tournament is named (their display name in the guild when they
-- pressed Join): the bot has no member list, so a round's tables seat them by it (buttons, menus
-- and the table's picture name seats by their display name) and the standings picture names them.
-- NULL for sign-ups made before: shown as "Player N" there, as before.
ALTER TABLE tournament_signups ADD COLUMN display_name TEXT;
