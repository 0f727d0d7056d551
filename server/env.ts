/**
 * Every environment variable the server and its command-line tools read, declared once: its kind of
 * value (server/env-checks.ts), default and what it does. `readEnv()` reads them from `process.env`
 * (or a given record, for tests) and returns one frozen, typed settings object; a wrong value stops
 * with a SettingsError holding one line per wrong variable, naming it, the value and what it must be.
 * An empty value counts as unset; variables not declared here are ignored. The README's table of
 * settings is generated from this list (server/env-docs.ts, `npm run gen:env-docs`; a unit test
 * keeps them in step).
 */
import { ConfigError, SettingsError } from './config/config-error.ts';
import { email, folder, host, megabytes, milliseconds, oneOf, port, proxies, shown, text, token, url, whole, decimal, type Kind } from './env-checks.ts';
import { CAPTCHA_IMAGE_RATE, FORM_RATE_LIMIT } from '../shared/constants.ts';
import { METRICS_TOKEN_MAX_LENGTH, METRICS_TOKEN_MIN_LENGTH } from './metrics/settings.ts';
import { DEFAULT_LISTINGS_MAX_MB, MAX_LISTINGS_MAX_MB } from './listings/limits.ts';

export { ConfigError, SettingsError };

export interface Setting<T> extends Kind<T> {
  /** The value when unset (undefined: the code that uses it decides, as `defaultText` says). */
  value: T;
  /** The default as the README shows it, when it is not the value itself. */
  defaultText?: string;
  description: string;
  /** Not shown in a refusal: a URL's password is hidden ('url'), a secret's text entirely (true). */
  secret?: boolean | 'url';
}

const given = <T>(kind: Kind<T>, value: T, description: string, more: Partial<Setting<T>> = {}): Setting<T> => ({ ...kind, value, description, ...more });
const optional = <T>(kind: Kind<T>, defaultText: string, description: string, more: Partial<Setting<T>> = {}): Setting<T | undefined> => ({
  ...kind,
  value: undefined,
  defaultText,
  description,
  ...more,
});

/** The log's levels (pino's), from the fewest lines to the most; silent: none. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** One of the words, in any case (LOG_LEVEL=DEBUG). */
const word = <const W extends string>(words: readonly W[]): Kind<W> => ({ ...oneOf(words), parse: (t) => oneOf(words).parse(t.toLowerCase()) });

/** The lowest and highest log2(N) of password hashes: below 10 a hash is no protection at all. */
export const SCRYPT_LOG2_N_MIN = 10;
export const SCRYPT_LOG2_N_MAX = 20;

/** The settings, in the order of the README's table. */
export const SETTINGS = {
  PORT: given(port(), 3000, 'The port `npm start` and `npm run dev` listen on (0: one the system picks).'),
  HOST: given(host(), '0.0.0.0', 'The address the server listens on (`127.0.0.1`: this machine only).'),
  DATA_DIR: optional(
    folder(),
    '`./var`',
    'The data folder of the embedded store (and, with `DATABASE_URL`, the node’s local files); the command-line tools read it too.',
  ),
  CONFIG_DIR: optional(folder(), '`./site-config`', 'Another site-config folder.'),
  PUBLIC_URL: optional(
    url(['https:', 'http:']),
    '`site.json` → `url`',
    'The origin used in canonical URLs, the sitemap and Open Graph (e.g. `https://www.agency.be`).',
  ),
  NODE_ENV: given(
    oneOf(['production', 'development', 'test'] as const),
    'development',
    '`production` (set by `npm start` when unset) draws the listings’ pictures ahead and warms the renderer up before listening.',
    { defaultText: '`production` under `npm start`, else `development`' },
  ),
  TRUST_PROXY: given(
    proxies(),
    0,
    'How many reverse proxies stand in front (0: none). The client’s address is the N-th `X-Forwarded-For` entry from the right, which is what the form limit and the login throttle count, and `X-Forwarded-Proto: https` from them means TLS: secure cookies and HSTS.',
  ),
  RENDER_THREADS: optional(
    whole(0, 64),
    'the machine’s cores, at most 4',
    'Worker threads rendering uncached pages (`0`: on the event loop; see [Performance](#performance)).',
  ),
  LISTINGS_URL: optional(url(['https:', 'http:']), 'none', 'The CRM feed the server syncs (see [Listings](#listings)).', { secret: 'url' }),
  LISTINGS_AUTH: optional(text(4096), 'none', 'Sent as the `Authorization` header of the feed’s requests (e.g. `Bearer …`).', { secret: true }),
  LISTINGS_SYNC_MINUTES: given(decimal(1, 7 * 24 * 60, 'minutes'), 15, 'How often the feed is checked.'),
  LISTINGS_MAX_MB: given(
    megabytes(1, MAX_LISTINGS_MAX_MB),
    DEFAULT_LISTINGS_MAX_MB,
    'The largest CRM export — file, upload or feed — as sent and once unpacked; `npm run import` reads it too.',
  ),
  SMTP_URL: optional(
    url(['smtp:', 'smtps:']),
    'none: mails are written as `.eml` files in `DATA_DIR/mail`',
    'The mail server, e.g. `smtp://user:pass@mail.example:587`.',
    {
      secret: 'url',
    },
  ),
  AGENCY_EMAIL: optional(email(), '`site.json` → `email`', 'Where visitors’ requests go.'),
  OUTBOX_RETRY_MS: given(milliseconds(10, 3_600_000), 5000, 'The first retry delay of a mail that could not be sent; it doubles each attempt.'),
  OUTBOX_MAX_RETRY_MS: given(milliseconds(10, 86_400_000), 600_000, 'The longest retry delay.'),
  OUTBOX_SMTP_TIMEOUT_MS: optional(
    milliseconds(100, 600_000),
    '10000 / 10000 / 20000',
    'Each SMTP timeout — connecting, the greeting, silence. Four mails are sent at once, so a mail server that hangs holds only its own mail.',
  ),
  FORM_RATE_MAX: given(whole(1, 100_000), FORM_RATE_LIMIT.max, 'Form posts accepted per visitor address and window; more get 429.'),
  FORM_RATE_WINDOW_MS: given(milliseconds(1000, 86_400_000), FORM_RATE_LIMIT.windowMs, 'The window of `FORM_RATE_MAX`.'),
  CAPTCHA_RATE_MAX: given(whole(1, 100_000), CAPTCHA_IMAGE_RATE.max, 'Captcha images drawn per visitor address in 10 minutes; more get 429.'),
  LOG_LEVEL: given(
    word(LOG_LEVELS),
    'info',
    'The lowest level of the log’s lines (see [Logs](#how-it-fits-together)); `/healthz`’s access lines are at debug.',
  ),
  LOG_FORMAT: optional(
    word(['json', 'pretty'] as const),
    '`pretty` on a terminal, else `json`',
    'One JSON line per event, or coloured lines for a person; every answer names its request id in `X-Request-Id`.',
  ),
  METRICS_PORT: optional(
    port(),
    'none',
    'A port of its own for `/metrics`, `/readyz` and `/healthz`, bound to `METRICS_HOST` (see [Operations](#operations-readiness-and-metrics)).',
  ),
  METRICS_HOST: given(host(), '127.0.0.1', 'The address `METRICS_PORT` is bound to.'),
  METRICS_TOKEN: optional(
    token(METRICS_TOKEN_MIN_LENGTH, METRICS_TOKEN_MAX_LENGTH),
    'none: `/metrics` answers 404 on the main port',
    '`/metrics` answers `Authorization: Bearer <token>` (on the main port, and on `METRICS_PORT` too when set).',
    { secret: true },
  ),
  DATABASE_URL: optional(
    url(['postgres:', 'postgresql:']),
    'none: the embedded store in `DATA_DIR`',
    'PostgreSQL instead of the data folder (see [PostgreSQL](#postgresql-several-nodes)); the command-line tools work on it too.',
    { secret: 'url' },
  ),
  PG_POOL_MAX: given(whole(1, 1000), 10, 'Connections per node.'),
  PG_STATEMENT_TIMEOUT_MS: given(milliseconds(100, 3_600_000), 10_000, 'A statement running longer is cancelled.'),
  PG_CONNECT_TIMEOUT_MS: given(milliseconds(100, 600_000), 5000, 'Waiting longer for a connection answers 503 (retry).'),
  PG_NODE_TIMEOUT_MS: given(milliseconds(1000, 3_600_000), 10_000, 'A node not seen for this long is taken for dead: the others send the mails it claimed.'),
  SCRYPT_LOG2_N: given(
    whole(SCRYPT_LOG2_N_MIN, SCRYPT_LOG2_N_MAX),
    17,
    'The cost of new password hashes, scrypt’s N as a power of two (17: the OWASP cost). The test suite sets 10; a hash keeps its own cost, so older ones still check.',
  ),
  STAFF_PASSWORD: optional(
    text(1024),
    'a generated one, printed once',
    'The password `npm run staff -- add` and `password` give when `--password` is not given.',
    {
      secret: true,
    },
  ),
  OWNER_PASSWORD: optional(text(1024), 'a generated one, printed once', 'The password `npm run owners -- add` gives when `--password` is not given.', {
    secret: true,
  }),
} satisfies Record<string, Setting<unknown>>;

type Settings = typeof SETTINGS;
export type EnvName = keyof Settings;
/** The settings object: each variable's value, its default when unset. */
export type Env = { readonly [K in EnvName]: Settings[K] extends Setting<infer T> ? T : never };

/** Reads every setting from `source` (default: this process's environment); throws SettingsError with one line per wrong variable. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const values: Record<string, unknown> = {};
  const wrong: string[] = [];
  for (const [name, s] of Object.entries(SETTINGS) as [EnvName, Setting<unknown>][]) {
    const raw = source[name]?.trim();
    if (!raw) {
      values[name] = s.value;
      continue;
    }
    const v = s.parse(raw);
    if (v === undefined) wrong.push(`${name}: expected ${s.expected}, got ${shown(raw, s.secret ?? false)}`);
    else values[name] = v;
  }
  if (wrong.length) throw new SettingsError(wrong);
  return Object.freeze(values) as Env;
}
