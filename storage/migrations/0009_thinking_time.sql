-- 0009: how long the search level thinks per move at this table, chosen in the lobby.

-- In milliseconds; NULL: the server's default (the bot's search_budget_ms, 250 ms unless set).
ALTER TABLE games ADD COLUMN thinking_ms INTEGER CHECK (thinking_ms IS NULL OR thinking_ms > 0);
