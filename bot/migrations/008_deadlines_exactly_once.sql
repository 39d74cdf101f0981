-- Croupier storage, version 8 (issue 27): deadlines applied exactly once, daily deadlines.
--
-- The game row carries its deadline's sequence number: every change to the deadline (set,
-- extend, pause, resume, re-armed as the game moves, cleared) takes the next one, and a
-- trigger that fired for an older one does nothing. It lives on `games`, not `deadlines`,
-- so that it never goes back when a deadline is cleared and set again.
ALTER TABLE games ADD COLUMN deadline_seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deadlines ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;

-- A daily deadline: due at this wall-clock time ("20:00") in this time zone (an IANA name),
-- the next one after the game moves; '' for a deadline that runs for `turn_seconds`.
ALTER TABLE deadlines ADD COLUMN daily_at TEXT NOT NULL DEFAULT '';
ALTER TABLE deadlines ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';

-- Each deadline applied, once: written in the transaction that stores its effect, which
-- first finds the deadline's sequence number unchanged and the database's clock past due.
-- `attempt` lets the same application store the rest of a multi-seat step (each seat's
-- timeout is its own action row): `first_seq`..`last_seq` are the action rows it stored
-- (NULL when its effect was a new period, the game having no timeout policy).
CREATE TABLE deadline_applied (
    game_id           INTEGER NOT NULL REFERENCES games (id),
    deadline_seq      INTEGER NOT NULL,
    due_at            REAL    NOT NULL,
    applied_at        REAL    NOT NULL,           -- the database's clock, seconds since 1970
    attempt           TEXT    NOT NULL,
    first_seq         INTEGER,
    last_seq          INTEGER,
    PRIMARY KEY (game_id, deadline_seq),
    CHECK (applied_at >= due_at)
);
