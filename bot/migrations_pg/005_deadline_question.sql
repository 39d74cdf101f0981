-- The question a deadline was set for (issue 22), as bot/migrations/005_deadline_question.sql:
-- per awaited seat, the fingerprint of its prompt when the deadline was armed, as JSON.
ALTER TABLE deadlines ADD COLUMN question TEXT NOT NULL DEFAULT '';
