-- Up Migration
-- Issue 38, points 2 and 5: each person's unsaved draft of a document kept on the server (one row
-- per person and document, overwritten, deleted when saved or discarded, purged after 30 days), and
-- who has which document open (one row per window, forgotten a minute after its last word).

CREATE TABLE autosaves (
  person text NOT NULL,
  key text NOT NULL,
  by_username text NOT NULL,
  base_rev integer NOT NULL,
  -- json, not jsonb: the draft comes back as it was sent (its keys in their order).
  data json NOT NULL,
  bytes integer NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (person, key)
);
CREATE INDEX autosaves_key ON autosaves (key);
CREATE INDEX autosaves_at ON autosaves (at);

CREATE TABLE presence (
  person text NOT NULL,
  tab text NOT NULL,
  key text NOT NULL,
  name text NOT NULL,
  since bigint NOT NULL,
  seen_at bigint NOT NULL,
  PRIMARY KEY (person, tab, key)
);
CREATE INDEX presence_key ON presence (key, seen_at);
CREATE INDEX presence_seen ON presence (seen_at);

-- Down Migration
DROP TABLE presence;
DROP TABLE autosaves;
