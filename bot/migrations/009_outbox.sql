-- Croupier storage, version 9 (issue 27): the outbox.
--
-- One row per stored step to tell ("announce step `seq` of game `game_id`": its secrets by
-- DM, the prompts, the channel post with its images, the status post), written in the
-- transaction that stores the step's action. The row is the intent; the messages are
-- derived from the stored log when the step is told, so a resend says the same and carries
-- the same nonces. The acting process holds the row's lease (`lease_until`, by the
-- database's clock) while it tells the step itself; a row unsent once its lease is over is
-- claimed and told by whichever process's sender finds it (bot/outbox.py). `tries`
-- counts the tellings that failed (each puts the next one further off). `told_with`: the
-- last step of the telling this step was told in, when that telling told several (a
-- deadline's step of several actions, away answers told with the step that asked them),
-- written before it began: told again, the same steps are told together, under the same
-- nonces, so a telling cut short is finished without repeating what it had posted.
CREATE TABLE outbox (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    seq          INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    created_at   REAL    NOT NULL,
    lease_owner  TEXT,
    lease_until  REAL    NOT NULL,
    sent_at      REAL,
    tries        INTEGER NOT NULL DEFAULT 0,
    told_with    INTEGER,
    PRIMARY KEY (game_id, seq, kind)
);

-- What the senders look for: the rows not yet sent, by when their lease ends.
CREATE INDEX outbox_owed ON outbox (lease_until) WHERE sent_at IS NULL;
