/**
 * The server's log (issue 41, point 4): pino, one JSON line per event with its level, time, message
 * and context fields; pretty lines for a person when stdout is a terminal or LOG_FORMAT=pretty.
 * While a request is answered, every line carries its request id (server/log/request-log.ts keeps
 * the request's child logger in an AsyncLocalStorage; `current()` finds it). Secrets never reach a
 * line: bodies are never logged, and the known places of passwords, cookies and tokens are redacted.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger as Pino } from 'pino';
import pretty from 'pino-pretty';
import { LOG_LEVELS, readEnv, type Env } from '../env.ts';

export type { Pino };
export { LOG_LEVELS };
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = 'json' | 'pretty';

export interface LogSettings {
  level: LogLevel;
  format: LogFormat;
}

/**
 * What is never written, where it would be in a line's context (values replaced by "[redacted]").
 * Top-level names and the headers of a request or answer only: a wildcard path costs each line
 * twice the time (bench/logs.mjs), and bodies are never logged whole anyway.
 */
export const REDACTED_PATHS = [
  'password',
  'confirm',
  'token',
  'answer',
  'captcha',
  'proof',
  'cookie',
  'authorization',
  'body',
  'email',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];

/** LOG_LEVEL (default info) and LOG_FORMAT (default: pretty on a terminal, else json), from the settings (server/env.ts). */
export function logSettingsOf(env: Pick<Env, 'LOG_LEVEL' | 'LOG_FORMAT'>, isTTY = !!process.stdout.isTTY): LogSettings {
  return { level: env.LOG_LEVEL, format: env.LOG_FORMAT ?? (isTTY ? 'pretty' : 'json') };
}

/** The same from raw variables (for tests); a wrong value throws a SettingsError naming it. */
export function logSettingsFromEnv(source: Record<string, string | undefined>, isTTY = !!process.stdout.isTTY): LogSettings {
  return logSettingsOf(readEnv({ LOG_LEVEL: source.LOG_LEVEL, LOG_FORMAT: source.LOG_FORMAT }), isTTY);
}

/** The access line's fields, said in its message already: left out of the pretty lines. */
const ACCESS_FIELDS = 'method,path,kind,status,ms,bytes,cache,query';

/** The JSON log on stdout is written once this much of it is waiting… */
export const LOG_BATCH_BYTES = 4096;
/** …or when it has waited this long (milliseconds). */
export const LOG_FLUSH_MS = 100;

let second = NaN;
let secondText = '';

/**
 * A line's time, as pino's isoTime writes it (`,"time":"2026-11-28T04:19:33.042Z"`), from the text
 * of the current second made once per second: a Date and its toISOString per line were a third of
 * the cost of an access line.
 */
export function isoTime(now = Date.now()): string {
  const ms = now % 1000;
  if (now - ms !== second) {
    second = now - ms;
    secondText = new Date(second).toISOString().slice(0, 20); // "2026-11-28T04:19:33."
  }
  return `,"time":"${secondText}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z"`;
}

/** A logger writing to `destination` (default: stdout, pretty or JSON as the settings say). */
export function createLogger(settings: LogSettings, destination?: DestinationStream): Pino {
  const stream =
    destination ??
    (settings.format === 'pretty'
      ? pretty({ sync: true, colorize: !!process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss.l', ignore: ACCESS_FIELDS })
      : // Written in batches of LOG_BATCH_BYTES, and what a quiet server has written at most LOG_FLUSH_MS later;
        // all of it when the process ends or stops (server/stop.ts). One write per line (an fs.write through the
        // thread pool each) cost a busy server more than making the line.
        pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }));
  return pino(
    {
      level: settings.level,
      base: undefined,
      timestamp: isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    stream,
  );
}

/** The request being answered: its id and the server's logger; the child logger whose lines carry the id is made when a line is written. */
export interface RequestLog {
  id: string;
  base: Pino;
  child?: Pino;
}
export const requestLogger = new AsyncLocalStorage<RequestLog>();

let processLogger: Pino | undefined;

/** The logger of this process outside any server's requests (built from the environment once; JSON or pretty as it says). */
export function processLog(): Pino {
  if (!processLogger) {
    let settings: LogSettings;
    try {
      settings = logSettingsOf(readEnv());
    } catch {
      settings = { level: 'info', format: process.stdout.isTTY ? 'pretty' : 'json' }; // start() refuses the wrong value itself
    }
    processLogger = createLogger(settings);
  }
  return processLogger;
}

/** The request's logger while one is answered, else `base`, else the process's. */
export function current(base?: Pino): Pino {
  const request = requestLogger.getStore();
  if (request) return (request.child ??= request.base.child({ reqId: request.id }));
  return base ?? processLog();
}

/** What start() may be given: where its lines go and from which level (tests read their server's log). */
export interface LogOption {
  stream?: DestinationStream;
  level?: LogLevel;
}

/**
 * A server's logger: `log.stream` when given (JSON), else the process's on stdout; at `log.level`,
 * else `error` when quiet, else LOG_LEVEL (server/env.ts has refused a wrong one already).
 */
export function serverLog(opts: { quiet?: boolean; log?: LogOption }, env: Pick<Env, 'LOG_LEVEL' | 'LOG_FORMAT'>): Pino {
  const settings = logSettingsOf(env);
  const level = opts.log?.level ?? (opts.quiet ? 'error' : settings.level);
  if (opts.log?.stream) return createLogger({ level, format: 'json' }, opts.log.stream);
  return processLog().child({}, { level });
}

/** The lines the parts of the server write (the site, the renderer, the listings…): through the request's logger while one is answered, else `base`'s. */
export interface Lines {
  info: (msg: string) => void;
  warn: (msg: string) => void;
  error: (msg: string, e?: unknown) => void;
}

export function lines(base?: Pino): Lines {
  return {
    info: (m) => current(base).info(m),
    warn: (m) => current(base).warn(m),
    error: (m, e) => (e === undefined ? current(base).error(m) : current(base).error({ err: e }, m)),
  };
}
