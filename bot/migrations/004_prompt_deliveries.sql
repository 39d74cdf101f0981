-- Croupier storage, version 4: which games still owe their seats a prompt.
-- After the prompts for a game's state at `seq` have all been delivered, the row says so;
-- a game whose `seq` is ahead of it (the process died in between, or Discord refused a
-- prompt) is prompted again at startup, without loading the games that owe nothing.

CREATE TABLE prompt_deliveries (
    game_id           INTEGER PRIMARY KEY REFERENCES games (id),
    seq               INTEGER NOT NULL            -- the game's seq when its prompts went out
);

-- Games running when this version is installed are taken as prompted: the old version sent
-- their prompts as it went.
INSERT INTO prompt_deliveries (game_id, seq) SELECT id, seq FROM games WHERE status = 'running';
