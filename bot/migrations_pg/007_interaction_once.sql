-- Croupier storage on PostgreSQL, version 7 (issue 27), as bot/migrations/007_interaction_once.sql:
-- the Discord interaction an action answers, unique where stored, so that a retried or doubly
-- delivered interaction applies once (across processes too).
ALTER TABLE actions ADD COLUMN interaction_id BIGINT;
CREATE UNIQUE INDEX actions_one_per_interaction ON actions (interaction_id)
    WHERE interaction_id IS NOT NULL;
