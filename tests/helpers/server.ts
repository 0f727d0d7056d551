import type { AddressInfo } from 'node:net';
import { start, type StartOptions, type VitrineServer } from '../../server/main.ts';
import type { SyncConfig } from '../../server/listings/sync.ts';
import { samplePhotoSource } from '../../sample/photo-source.ts';
import { root, tempDir } from './config.ts';
import { seedFormKey } from './fill-token.ts';

/** A real server from source on a loopback port, with its own data folder. */
export async function startTestServer(
  opts: {
    configDir?: string;
    dataDir?: string;
    smtpUrl?: string;
    outboxRetryMs?: number;
    formRate?: { max: number; windowMs: number };
    captchaRate?: { max: number; windowMs: number };
    pictureLimits?: StartOptions['pictureLimits'];
    /** Another photo source than the sample's (a test counting what is drawn), drawn ahead or not (default: not). */
    photoSource?: StartOptions['photoSource'];
    drawAhead?: boolean;
    listingsSync?: SyncConfig | null;
    /** The largest CRM export (LISTINGS_MAX_MB), in bytes. */
    listingsMaxBytes?: number;
    trustProxy?: number;
    /** PostgreSQL instead of the data folder (the folder then holds the picture cache only). */
    database?: StartOptions['database'];
    /** The media library's clock and its most images. */
    media?: StartOptions['media'];
    /** /metrics' port and token (default: neither, whatever the environment says). */
    metrics?: StartOptions['metrics'];
    /** Where the server's log goes and from which level (else errors only, on stdout). */
    log?: StartOptions['log'];
  } = {},
): Promise<{ url: string; server: VitrineServer; dataDir: string; close: () => Promise<void> }> {
  const dataDir = opts.dataDir ?? tempDir('data-');
  seedFormKey(dataDir);
  const server = await start({
    root,
    port: 0,
    host: '127.0.0.1',
    dataDir,
    configDir: opts.configDir,
    quiet: true,
    assets: { js: '', css: [], preload: [] },
    smtpUrl: opts.smtpUrl ?? 'smtp://127.0.0.1:9',
    outboxRetryMs: opts.outboxRetryMs,
    // Tests post many forms from one address; the limit itself has a test of its own.
    formRate: opts.formRate ?? { max: 100_000, windowMs: 60_000 },
    // The same for captcha images (their limit has a test of its own too).
    captchaRate: opts.captchaRate ?? { max: 100_000, windowMs: 60_000 },
    // No scheduled sync unless a test sets one (LISTINGS_URL of the environment is not the test's).
    listingsSync: opts.listingsSync ?? null,
    listingsMaxBytes: opts.listingsMaxBytes,
    photoSource: opts.photoSource ?? samplePhotoSource,
    drawAhead: opts.drawAhead ?? false,
    pictureLimits: opts.pictureLimits,
    trustProxy: opts.trustProxy ?? 0,
    // The environment's DATABASE_URL is not the test's.
    database: opts.database ?? null,
    media: opts.media,
    metrics: opts.metrics ?? { port: undefined, token: undefined },
    log: opts.log,
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, dataDir, close: () => server.stop() };
}
