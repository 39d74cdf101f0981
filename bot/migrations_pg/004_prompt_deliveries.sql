-- Croupier storage on PostgreSQL, version 4: which games still owe their seats a prompt.
-- As bot/migrations/004_prompt_deliveries.sql.

CREATE TABLE prompt_deliveries (
    game_id           BIGINT  PRIMARY KEY REFERENCES games (id),
    seq               BIGINT  NOT NULL            -- the game's seq when its prompts went out
);

INSERT INTO prompt_deliveries (game_id, seq) SELECT id, seq FROM games WHERE status = 'running';
