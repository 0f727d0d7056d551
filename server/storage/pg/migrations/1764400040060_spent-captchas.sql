-- Up Migration
-- Issue 40, point 6: captcha images answered once across every node. One row per answered image
-- until it expires (the code deletes expired rows and bounds how many are kept).

CREATE TABLE spent_captchas (
  id text PRIMARY KEY,
  expires_at bigint NOT NULL
);
CREATE INDEX spent_captchas_expiry ON spent_captchas (expires_at);

-- Down Migration
DROP TABLE spent_captchas;
