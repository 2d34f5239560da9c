-- 0002 (PostgreSQL twin): the name a player had in the guild when they took their seat.
ALTER TABLE seats ADD COLUMN display_name text
    CHECK (display_name IS NULL OR length(display_name) <= 100);
