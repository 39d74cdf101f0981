-- Croupier storage, version 10 (issue 27): the outbox keyed WITHOUT ROWID.
--
-- A stored action's commit wrote the action row, its key's index (game_id, seq), the
-- interaction-id index, the game row its trigger advances, and, since version 9, the outbox
-- row, its key's index and the index of owed rows. A table WITHOUT ROWID is its key's index:
-- the outbox row lives in it, one page fewer per stored step, for the same rows, key and
-- checks. (The actions table stays as it is: keyed that way, its large rows going in the
-- middle of the key space split pages, so it saved a quarter to a third of a page per
-- commit on average, nothing measurable against the fsync, and it would rebuild the whole
-- log.) The time this page saves is not measurable on the development machine either:
-- the fsync and the thread hop are a lone action's cost (bench/README.md).
--
-- The outbox holds the steps of the last hour and the owed ones (told rows are pruned):
-- rebuilt with its rows here, quickly. Nothing refers to it.

CREATE TABLE outbox_keyed (
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
) WITHOUT ROWID;

INSERT INTO outbox_keyed (game_id, seq, kind, created_at, lease_owner, lease_until, sent_at,
                          tries, told_with)
SELECT game_id, seq, kind, created_at, lease_owner, lease_until, sent_at, tries, told_with
  FROM outbox
 ORDER BY game_id, seq, kind;

DROP TABLE outbox;
ALTER TABLE outbox_keyed RENAME TO outbox;

-- As in 009_outbox.sql: what the senders look for, the rows not yet sent by lease end.
CREATE INDEX outbox_owed ON outbox (lease_until) WHERE sent_at IS NULL;
