-- Up Migration
-- The audit log (issue 38, point 7): what staff did in the editor and on the command line, who and when.
-- `seq` is arrival order; the store keeps the newest 2,000 entries (AUDIT_MAX_ENTRIES).
CREATE TABLE audit_log (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  action text NOT NULL,
  data jsonb NOT NULL
);

-- Down Migration
DROP TABLE audit_log;
