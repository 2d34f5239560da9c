-- 0009 (PostgreSQL twin): how long the search level thinks per move at this table, chosen
-- in the lobby. In milliseconds; NULL: the server's default (search_budget_ms).
ALTER TABLE games ADD COLUMN thinking_ms integer CHECK (thinking_ms IS NULL OR thinking_ms > 0);
