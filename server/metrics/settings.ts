/**
 * Where /metrics is served (issue 41, point 5), from the settings (server/env.ts) or the options:
 * METRICS_PORT (a port of its own, bound to METRICS_HOST, default 127.0.0.1) and METRICS_TOKEN
 * (the main port serves /metrics to `Authorization: Bearer <token>`; without a token it answers 404
 * there). A wrong value stops the start with one line naming the variable, the value and what is
 * expected.
 */

export interface MetricsSettings {
  /** A port of its own for /metrics, /readyz and /healthz (undefined: none). */
  port?: number;
  /** The address that port is bound to. */
  host: string;
  /** The bearer token /metrics asks for (on the main port, and on its own port when set). */
  token?: string;
}

/** The shortest token accepted (a guessable one would make /metrics public). */
export const METRICS_TOKEN_MIN_LENGTH = 16;
/** The longest token accepted (it is compared on every scrape). */
export const METRICS_TOKEN_MAX_LENGTH = 200;

/** The variables as server/env.ts reads them (or raw text, for tests). */
type Env = { METRICS_PORT?: number | string; METRICS_HOST?: string; METRICS_TOKEN?: string };

/** The settings the options give, else the environment's; throws `error(line)` for a wrong value. */
export function metricsSettings(given: Partial<MetricsSettings> | undefined, env: Env, error: (line: string) => Error): MetricsSettings {
  const port = given && 'port' in given ? given.port : env.METRICS_PORT;
  const host = given?.host ?? env.METRICS_HOST ?? '127.0.0.1';
  const token = given && 'token' in given ? given.token : env.METRICS_TOKEN;
  const settings: MetricsSettings = { host };
  if (port !== undefined && port !== '') {
    const n = Number(port);
    if (!/^\d+$/.test(String(port)) || !Number.isInteger(n) || n < 0 || n > 65535)
      throw error(`METRICS_PORT: expected a port number from 0 to 65535 (or nothing: no port of its own), got "${port}"`);
    settings.port = n;
  }
  if (!/^[A-Za-z0-9.:[\]-]{1,255}$/.test(host)) throw error(`METRICS_HOST: expected an address to bind to (such as 127.0.0.1 or ::1), got "${host}"`);
  if (token !== undefined && token !== '') {
    if (token.length < METRICS_TOKEN_MIN_LENGTH || token.length > METRICS_TOKEN_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(token))
      // The value itself is a secret: named by its length only.
      throw error(
        `METRICS_TOKEN: expected ${METRICS_TOKEN_MIN_LENGTH} to ${METRICS_TOKEN_MAX_LENGTH} visible ASCII characters without spaces, got ${token.length} characters`,
      );
    settings.token = token;
  }
  return settings;
}
