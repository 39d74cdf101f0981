-- Croupier storage on PostgreSQL, version 8 (issue 27), as bot/migrations/008_deadlines_exactly_once.sql:
-- deadlines applied exactly once, daily deadlines.
--
-- The game row carries its deadline's sequence number: every change to the deadline (set,
-- extend, pause, resume, re-armed as the game moves, cleared) takes the next one, and a
-- trigger that fired for an older one does nothing. It lives on `games`, not `deadlines`,
-- so that it never goes back when a deadline is cleared and set again.
ALTER TABLE games ADD COLUMN deadline_seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE deadlines ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;

-- A daily deadline: due at this wall-clock time ('20:00') in this time zone (an IANA name),
-- the next one after the game moves; '' for a deadline that runs for `turn_seconds`.
ALTER TABLE deadlines ADD COLUMN daily_at TEXT NOT NULL DEFAULT '';
ALTER TABLE deadlines ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';

-- Each deadline applied, once: written in the transaction that stores its effect, which
-- first finds the deadline's sequence number unchanged and the database's clock past due.
-- `attempt` lets the same application store the rest of a multi-seat step (each seat's
-- timeout is its own action row): `first_seq`..`last_seq` are the action rows it stored
-- (NULL when its effect was a new period, the game having no timeout policy).
CREATE TABLE deadline_applied (
    game_id           BIGINT  NOT NULL REFERENCES games (id),
    deadline_seq      BIGINT  NOT NULL,
    due_at            DOUBLE PRECISION NOT NULL,
    applied_at        DOUBLE PRECISION NOT NULL,  -- the database's clock, seconds since 1970
    attempt           TEXT    NOT NULL,
    first_seq         BIGINT,
    last_seq          BIGINT,
    PRIMARY KEY (game_id, deadline_seq),
    CHECK (applied_at >= due_at)
);

-- The database's clock, in seconds since 1970: the statement's start
-- (`statement_timestamp()`, one value for the whole statement, so the due check and the
-- recorded time agree, and taken before the statement waits for any lock, so never later
-- than the moment it applies). A test moves it by hand: its store sets `croupier.now`
-- (for one transaction, `set_config(..., true)`), read here only when set.
CREATE FUNCTION croupier_now() RETURNS DOUBLE PRECISION LANGUAGE sql STABLE AS $$
    SELECT COALESCE(NULLIF(current_setting('croupier.now', true), '')::DOUBLE PRECISION,
                    extract(epoch FROM statement_timestamp())::DOUBLE PRECISION)
$$;
