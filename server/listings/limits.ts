/**
 * How large a CRM export may be — a file (`npm run import`, the editor's upload) or the feed the
 * server syncs —, as sent and once unpacked: LISTINGS_MAX_MB megabytes (default 100; a feed of 2,000
 * properties in three languages is about 5 MB, one of 100,000 about 450 MB). A larger one is refused
 * before more than that is read, with a sentence naming the limit; what is live stays live.
 */
export const MB = 1024 * 1024;
export const DEFAULT_LISTINGS_MAX_MB = 100;
/** The highest value LISTINGS_MAX_MB may take. */
const MAX_LISTINGS_MAX_MB = 4096;

/** LISTINGS_MAX_MB in bytes (the default when unset). Throws a sentence naming the variable on a bad value. */
export function listingsMaxBytes(env: NodeJS.ProcessEnv): number {
  const v = env.LISTINGS_MAX_MB?.trim();
  if (!v) return DEFAULT_LISTINGS_MAX_MB * MB;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 1 || n > MAX_LISTINGS_MAX_MB)
    throw new Error(`LISTINGS_MAX_MB: must be a number of megabytes from 1 to ${MAX_LISTINGS_MAX_MB}, got "${v}"`);
  return Math.round(n * MB);
}

/** The limit as people say it: "100 MB". */
export const limitWords = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;
