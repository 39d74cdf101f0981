-- Croupier storage on PostgreSQL, version 3: the log lives in the actions table alone, as
-- bot/migrations/003_lean_log.sql. Its rewrites of snapshots and steps stored in the old
-- shape have nothing to convert here: no PostgreSQL database was ever written in that shape
-- (this store starts with the lean log). What remains is the same pruning and index.

-- Only a game's latest snapshot and its start (seq 1) are read.
DELETE FROM snapshots
 WHERE seq > 1
   AND seq < (SELECT MAX(s.seq) FROM snapshots s WHERE s.game_id = snapshots.game_id);

-- Startup reads the index of the unfinished games; finished ones pile up over the years.
CREATE INDEX games_unfinished ON games (id) WHERE status IN ('lobby', 'running');
