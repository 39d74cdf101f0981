-- Whether a player wants their turns' choices by DM (/game notify). Without a row: yes.
-- As bot/migrations/002_dm_prompt_preference.sql.
CREATE TABLE user_preferences (
    user_id           BIGINT  PRIMARY KEY,
    dm_prompts        INTEGER NOT NULL DEFAULT 1
);
