-- Up Migration
-- Vitrine's store in PostgreSQL: what server/storage/types.ts describes, one table per repository.
-- Documents are jsonb; the columns beside them are what the queries filter, order and lock on.

-- Visitors' requests. `seq` keeps arrival order (it breaks ties of created_at).
CREATE TABLE leads (
  seq bigserial NOT NULL,
  id text PRIMARY KEY,
  kind text NOT NULL,
  lang text NOT NULL,
  created_at text NOT NULL,
  status text NOT NULL,
  property_id integer,
  handled boolean NOT NULL DEFAULT false,
  -- The slot of a confirmed visit: unique, so that no two nodes can book one slot twice.
  slot text,
  data jsonb NOT NULL
);
CREATE UNIQUE INDEX leads_slot ON leads (slot) WHERE slot IS NOT NULL;
CREATE INDEX leads_order ON leads (created_at DESC, seq DESC);
CREATE INDEX leads_kind ON leads (kind);
CREATE INDEX leads_property ON leads (property_id) WHERE property_id IS NOT NULL;
CREATE INDEX leads_alert_token ON leads ((data #>> '{alert,token}')) WHERE data ? 'alert';
CREATE INDEX leads_review_token ON leads ((data ->> 'review')) WHERE data ? 'review';

-- What robots sent (the hidden field filled in): kept apart, never mailed.
CREATE TABLE quarantine (
  seq bigserial PRIMARY KEY,
  data jsonb NOT NULL
);

-- Mails. A sender claims due mails for a lease; a claim by a node that stopped beating is free again.
CREATE TABLE outbox (
  seq bigserial NOT NULL,
  id text PRIMARY KEY,
  lead_id text,
  data jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at bigint NOT NULL,
  sent_at text,
  claimed_by text,
  claimed_until bigint
);
CREATE INDEX outbox_due ON outbox (next_attempt_at, seq) WHERE sent_at IS NULL;
CREATE INDEX outbox_lead ON outbox (lead_id);

-- The server processes using this database, and when each was last seen (every second).
CREATE TABLE nodes (
  id text PRIMARY KEY,
  started_at bigint NOT NULL,
  seen_at bigint NOT NULL
);

-- Revisions of the content: `rev` increases by one over the whole store (the primary key refuses a second rev n).
CREATE TABLE revisions (
  rev integer PRIMARY KEY,
  key text NOT NULL,
  data jsonb NOT NULL
);
CREATE TABLE content_seeds (
  seq bigserial PRIMARY KEY,
  version text NOT NULL,
  at text NOT NULL
);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  data jsonb NOT NULL,
  expires bigint NOT NULL,
  person text
);
CREATE INDEX sessions_person ON sessions (person) WHERE person IS NOT NULL;
CREATE INDEX sessions_expires ON sessions (expires);

-- Owners and staff ('owner' | 'staff').
CREATE TABLE accounts (
  kind text NOT NULL,
  id text NOT NULL,
  username text NOT NULL,
  seq bigserial NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (kind, id),
  UNIQUE (kind, username)
);

CREATE TABLE view_stats (
  property_id integer NOT NULL,
  day text NOT NULL,
  views integer NOT NULL,
  PRIMARY KEY (property_id, day)
);

-- Form limits (fixed windows) and login throttles (failures in a sliding window), across nodes.
CREATE TABLE counter_windows (
  key text PRIMARY KEY,
  count integer NOT NULL,
  reset_at bigint NOT NULL
);
CREATE TABLE counter_failures (
  seq bigserial PRIMARY KEY,
  key text NOT NULL,
  at bigint NOT NULL
);
CREATE INDEX counter_failures_key ON counter_failures (key, at);

CREATE TABLE media (
  seq bigserial NOT NULL,
  id text PRIMARY KEY,
  data jsonb NOT NULL
);

CREATE TABLE secrets (
  name text PRIMARY KEY,
  value bytea NOT NULL
);

-- Durable blobs (uploads: CVs, testimonial photos, the media library's originals) as bytea: they are
-- small (the upload limits cap them at a few MB), go into the same backups and transactions as the
-- rows naming them, and need no large-object clean-up.
CREATE TABLE blobs (
  store text NOT NULL,
  key text NOT NULL,
  folder text NOT NULL,
  data bytea NOT NULL,
  size integer NOT NULL,
  modified bigint NOT NULL,
  PRIMARY KEY (store, key)
);
CREATE INDEX blobs_folder ON blobs (store, folder);

-- Listing sets: each accepted import whole (its records as gzipped NDJSON), the state saying which is
-- live (one row, one atomic update), and small texts beside them.
CREATE TABLE listing_sets (
  id text PRIMARY KEY,
  header jsonb NOT NULL,
  property_ids integer[] NOT NULL,
  body bytea NOT NULL
);
CREATE SEQUENCE listing_state_stamp;
CREATE TABLE listing_state (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  state jsonb NOT NULL,
  stamp bigint NOT NULL
);
CREATE TABLE listing_aux (
  name text PRIMARY KEY,
  text text NOT NULL
);

-- Down Migration
DROP SEQUENCE listing_state_stamp;
DROP TABLE listing_aux, listing_state, listing_sets, blobs, secrets, media, counter_failures, counter_windows,
  view_stats, accounts, sessions, content_seeds, revisions, nodes, outbox, quarantine, leads;
