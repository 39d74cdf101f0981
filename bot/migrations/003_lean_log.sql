-- Croupier storage, version 3: the log lives in the actions table alone (issue 13).
-- Applied in one transaction; PRAGMA user_version = 3.

-- A snapshot holds the position, not the history: the engine state no longer embeds its
-- log, only how many steps it has taken. Damaged snapshots are left as they are.
UPDATE snapshots
   SET state = json_remove(json_set(state, '$.steps', json_array_length(state, '$.log')),
                           '$.log')
 WHERE json_valid(state) AND json_type(state, '$.log') = 'array';

-- Only a game's latest snapshot and its start (seq 1: where replays and undo begin, an
-- imported game's position) are read; the log replays everything else.
DELETE FROM snapshots
 WHERE seq > 1
   AND seq < (SELECT MAX(s.seq) FROM snapshots s WHERE s.game_id = snapshots.game_id);

-- An action row's step keeps only what its own columns (seat, action, params) don't:
-- the luck it used, and whether it told someone a secret; '{}' when neither.
UPDATE actions
   SET step = json_remove(step, '$.seat', '$.action', '$.params',
                          CASE WHEN json_array_length(step, '$.luck') = 0 THEN '$.luck'
                               ELSE '$.none' END,
                          CASE WHEN json_extract(step, '$.secret') THEN '$.none'
                               ELSE '$.secret' END)
 WHERE json_valid(step) AND json_type(step, '$.action') IS NOT NULL;

-- Startup reads the index of the unfinished games; finished ones pile up over the years.
CREATE INDEX games_unfinished ON games (id) WHERE status IN ('lobby', 'running');
