-- Croupier storage, version 7 (issue 27): the Discord interaction an action answers.
-- A retried or doubly delivered interaction (the same id) applies once: the second insert
-- breaks this unique index and is refused, whatever the game's sequence says by then.
-- NULL for actions no interaction drove (deadlines, automatic steps, undo, rows stored
-- before this version).
ALTER TABLE actions ADD COLUMN interaction_id INTEGER;
CREATE UNIQUE INDEX actions_one_per_interaction ON actions (interaction_id)
    WHERE interaction_id IS NOT NULL;
