-- Whether a player wants their turns' choices by DM (/game notify). Without a row: yes.
-- Off: the channel's turn ping still names them, and its "My choices" button shows
-- the prompt only to them. Secrets still go by DM: only prompts are affected.
CREATE TABLE user_preferences (
    user_id           INTEGER PRIMARY KEY,
    dm_prompts        INTEGER NOT NULL DEFAULT 1
);
