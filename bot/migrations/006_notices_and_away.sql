-- Croupier storage, version 6 (issue 24): how and when a player is told of a new question,
-- and the player's own away periods. All per player, across games (`/game notify`,
-- `/game away`, `/game back`), in `user_preferences`:
--   digest_hours  0: a message for every new question; N: at most one notice every N hours
--   quiet_from, quiet_to  quiet hours, in minutes after midnight in the player's time zone
--                 (equal: none); a notice due in them waits until they end
--   time_zone     an IANA name ("Europe/Paris"), for the quiet hours and typed dates
--   away_until    while now is before it, the player's questions are answered at once by
--                 each game's deadline policy (NULL: not away)
ALTER TABLE user_preferences ADD COLUMN digest_hours INTEGER NOT NULL DEFAULT 0;
ALTER TABLE user_preferences ADD COLUMN quiet_from INTEGER NOT NULL DEFAULT 0;
ALTER TABLE user_preferences ADD COLUMN quiet_to INTEGER NOT NULL DEFAULT 0;
ALTER TABLE user_preferences ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';
ALTER TABLE user_preferences ADD COLUMN away_until REAL;

-- The notice held back for a player by a digest or quiet hours: when it goes out (NULL:
-- nothing held), and when the player was last notified of a question.
CREATE TABLE held_notices (
    user_id           INTEGER PRIMARY KEY,
    due_at            REAL,
    last_sent         REAL    NOT NULL DEFAULT 0
);
