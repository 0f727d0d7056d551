-- Up Migration
-- Issue 39, point 3: the price history of the listings. One row per property of the live set: its
-- price as the last import that made a set live had it, and its changes (newest first, bounded by the
-- code). last_drop_at is the time of the newest change when that change is a drop (else null), so
-- that a node loading a set reads only the recent drops.

CREATE TABLE listing_prices (
  property_id integer PRIMARY KEY,
  record jsonb NOT NULL,
  last_drop_at timestamptz
);
CREATE INDEX listing_prices_drop ON listing_prices (last_drop_at) WHERE last_drop_at IS NOT NULL;

-- Down Migration
DROP TABLE listing_prices;
