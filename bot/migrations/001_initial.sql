-- Croupier storage, version 1. Applied in one transaction; PRAGMA user_version = 1.

CREATE TABLE games (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    variant           TEXT    NOT NULL,
    guild_id          INTEGER,
    channel_id        INTEGER NOT NULL,           -- the channel or thread the game lives in
    creator_id        INTEGER NOT NULL,
    status            TEXT    NOT NULL DEFAULT 'lobby'
                      CHECK (status IN ('lobby', 'running', 'finished', 'aborted')),
    options           TEXT    NOT NULL DEFAULT '{}',  -- JSON
    seed              TEXT    NOT NULL,           -- secret until the game ends
    commitment        TEXT    NOT NULL,           -- sha256(seed), published at the start
    seq               INTEGER NOT NULL DEFAULT 0, -- the last stored action row
    created_at        REAL    NOT NULL,
    updated_at        REAL    NOT NULL
);
-- One live game per channel or thread.
CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id)
    WHERE status IN ('lobby', 'running');

CREATE TABLE seats (
    game_id           INTEGER NOT NULL REFERENCES games (id),
    position          INTEGER NOT NULL,
    seat              TEXT    NOT NULL,
    user_id           INTEGER NOT NULL,
    dm_ok             INTEGER NOT NULL DEFAULT 1, -- 0: Discord refused a DM; use the fallback
    fallback_thread   INTEGER,                    -- private thread used when DMs are closed
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_by_user ON seats (user_id);

-- The append-only action log. (game_id, seq) is unique, so a stale writer fails
-- instead of forking a game.
CREATE TABLE actions (
    game_id           INTEGER NOT NULL REFERENCES games (id),
    seq               INTEGER NOT NULL,
    kind              TEXT    NOT NULL CHECK (kind IN ('start', 'act', 'undo')),
    seat              TEXT,
    action            TEXT,
    params            TEXT    NOT NULL DEFAULT '{}',  -- JSON
    user_id           INTEGER,                        -- who clicked; 0 for the deadline
    step              TEXT    NOT NULL DEFAULT '{}',  -- JSON engine Step, luck included
    events            TEXT    NOT NULL DEFAULT '[]',  -- JSON events with their audiences
    created_at        REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE snapshots (
    game_id           INTEGER NOT NULL REFERENCES games (id),
    seq               INTEGER NOT NULL,
    state             TEXT    NOT NULL,           -- JSON engine state()
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE deadlines (
    game_id           INTEGER PRIMARY KEY REFERENCES games (id),
    turn_seconds      REAL    NOT NULL,           -- the per-turn allowance
    due_at            REAL,                       -- NULL while paused
    paused_remaining  REAL,                       -- set while paused
    reminder_sent     INTEGER NOT NULL DEFAULT 0,
    armed_seq         INTEGER NOT NULL            -- the action seq the clock started at
);

-- Message ids the bot edits in place (the pinned status post) or answers to.
CREATE TABLE messages (
    game_id           INTEGER NOT NULL REFERENCES games (id),
    purpose           TEXT    NOT NULL,           -- 'status', 'prompt:<seat>', ...
    channel_id        INTEGER NOT NULL,
    message_id        INTEGER NOT NULL,
    fingerprint       TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, purpose)
);

-- Pending undo requests and who agreed.
CREATE TABLE undo_requests (
    game_id           INTEGER PRIMARY KEY REFERENCES games (id),
    seq               INTEGER NOT NULL,           -- the action row it would take back
    requested_by      INTEGER NOT NULL,
    needed            TEXT    NOT NULL,           -- JSON list of seats that must agree
    agreed            TEXT    NOT NULL DEFAULT '[]'
);

-- An action must carry the next sequence number of a running game; storing it
-- advances the game. One INSERT is then a complete, atomic, durable commit.
CREATE TRIGGER actions_in_sequence BEFORE INSERT ON actions
WHEN NEW.seq IS NOT (SELECT seq + 1 FROM games WHERE id = NEW.game_id AND status = 'running')
BEGIN
    SELECT RAISE(ABORT, 'stale write: the game is not at the previous sequence number');
END;

CREATE TRIGGER actions_advance_game AFTER INSERT ON actions
BEGIN
    UPDATE games SET seq = NEW.seq, updated_at = NEW.created_at WHERE id = NEW.game_id;
END;
