/**
 * A clean stop (issue 41, point 2). On SIGTERM or SIGINT the server stops accepting connections,
 * lets the requests under way finish (at most STOP_REQUESTS_MS), then writes what it holds in
 * memory and lets the store go (server/main.ts: the view counts, the scheduled change under way, the
 * mails being sent marked, the journals closed), and only then does the process end, with 0.
 */
import type { Server } from 'node:http';
import { processLog } from './log/logger.ts';

/** How long the requests under way may take to finish once the server stops; then their connections are cut. */
export const STOP_REQUESTS_MS = 10_000;
/** How long the mail being sent may take once the server stops; then the store closes (a mail cut short is sent again later). */
export const STOP_MAIL_MS = 10_000;
/** How often idle keep-alive connections are closed while the requests under way finish. */
const IDLE_SWEEP_MS = 50;

/**
 * Stops accepting connections and resolves once those open have ended: idle ones are closed at
 * once, the others when their request is answered, all cut after `boundMs`.
 */
export function closeServer(server: Server, boundMs = STOP_REQUESTS_MS): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    // A request answered from now on ends its connection (no keep-alive to wait for).
    server.on('request', (_req, res) => void (res.headersSent || res.setHeader('Connection', 'close')));
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const cut = setTimeout(() => server.closeAllConnections(), boundMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
  });
}

/** `work`, or undefined once `ms` have passed (the stop goes on without it). */
export function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Stops on SIGTERM and SIGINT with `stop`, then ends the process: 0 when everything was written,
 * 1 when something failed (said on stderr). A second signal while stopping ends it at once.
 */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  // The log is written asynchronously: what it holds is written before the process ends (1 s at most).
  const exit = (code: number) => {
    const done = () => process.exit(code);
    setTimeout(done, 1000).unref();
    processLog().flush(done);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      processLog().error(`${signal} again: stopping now, without waiting`);
      process.exit(1);
    }
    stopping = true;
    processLog().info(`${signal}: stopping (requests under way finish, then what is in memory is written)`);
    stop().then(
      () => exit(0),
      (e) => {
        processLog().error({ err: e }, 'error while stopping');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
