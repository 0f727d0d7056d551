-- Up Migration
-- Scheduled changes (issue 38, point 4): a document published or taken off the site at a time.
-- A node claims a due change for a lease (like the outbox); a claim by a node that stopped beating
-- is free again. `seq` is the order they were planned in (it breaks ties of `at`) and, for finished
-- ones, `finished_seq` the order they finished in: the store keeps the newest 200 (SCHEDULE_FINISHED_KEPT).
CREATE TABLE schedules (
  seq bigserial NOT NULL,
  id text PRIMARY KEY,
  key text NOT NULL,
  state text NOT NULL,
  at bigint NOT NULL,
  claimed_by text,
  claimed_until bigint,
  finished_seq bigint,
  data jsonb NOT NULL
);
CREATE INDEX schedules_waiting ON schedules (at, seq) WHERE state = 'waiting';
CREATE INDEX schedules_finished ON schedules (finished_seq) WHERE state <> 'waiting';
CREATE SEQUENCE schedules_finished_seq;

-- Down Migration
DROP SEQUENCE schedules_finished_seq;
DROP TABLE schedules;
