-- The question a deadline was set for (issue 22): per awaited seat, the fingerprint of its
-- prompt when the deadline was armed, as JSON. A game with its own time limits keeps its
-- clock running only while it asks nothing new compared with this, whatever the prompt
-- messages show (they may have been brought up to date after a restart first).
ALTER TABLE deadlines ADD COLUMN question TEXT NOT NULL DEFAULT '';
