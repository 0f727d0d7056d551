/**
 * How large a CRM export may be — a file (`npm run import`, the editor's upload) or the feed the
 * server syncs —, as sent and once unpacked: LISTINGS_MAX_MB megabytes (default 100; a feed of 2,000
 * properties in three languages is about 5 MB, one of 100,000 about 450 MB). A larger one is refused
 * before more than that is read, with a sentence naming the limit; what is live stays live.
 */
import type { Env } from '../env.ts';

export const MB = 1024 * 1024;
export const DEFAULT_LISTINGS_MAX_MB = 100;
/** The highest value LISTINGS_MAX_MB may take (server/env.ts checks it). */
export const MAX_LISTINGS_MAX_MB = 4096;

/** LISTINGS_MAX_MB of the settings (server/env.ts), in bytes. */
export const listingsMaxBytes = (env: Pick<Env, 'LISTINGS_MAX_MB'>): number => Math.round(env.LISTINGS_MAX_MB * MB);

/** The limit as people say it: "100 MB". */
export const limitWords = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;
