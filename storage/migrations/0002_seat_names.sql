-- 0002: the name a player had in the guild when they took their seat, for places where Discord
-- shows no mention as a name (button labels, select options). NULL for rows written before.
ALTER TABLE seats ADD COLUMN display_name TEXT CHECK (display_name IS NULL OR length(display_name) <= 100);
