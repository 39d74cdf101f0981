-- Croupier storage on PostgreSQL, version 6 (issue 24), as bot/migrations/006_notices_and_away.sql:
-- how and when a player is told of a new question, and the player's own away periods.
ALTER TABLE user_preferences ADD COLUMN digest_hours INTEGER NOT NULL DEFAULT 0;
ALTER TABLE user_preferences ADD COLUMN quiet_from INTEGER NOT NULL DEFAULT 0;
ALTER TABLE user_preferences ADD COLUMN quiet_to INTEGER NOT NULL DEFAULT 0;
ALTER TABLE user_preferences ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';
ALTER TABLE user_preferences ADD COLUMN away_until DOUBLE PRECISION;

-- The notice held back for a player by a digest or quiet hours: when it goes out (NULL:
-- nothing held), and when the player was last notified of a question.
CREATE TABLE held_notices (
    user_id           BIGINT  PRIMARY KEY,
    due_at            DOUBLE PRECISION,
    last_sent         DOUBLE PRECISION NOT NULL DEFAULT 0
);
