// The built server as `npm start` runs it, for the end-to-end tests. It listens on a port the system
// picks (PORT=0) and the test reads the port from its first line. A port probed "free" beforehand can be
// taken by another test's server while this one starts: the probe would then answer for it, and this
// server would end on EADDRINUSE unseen.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

export interface BuiltServer {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** SIGTERM, resolved when it has ended. */
  stop: () => Promise<void>;
}

/**
 * Starts `scripts/start.mjs` with `env` (HOST and PORT are set here) and resolves once it answers
 * /healthz. It waits for that, not for a fixed time: a cold start on a loaded 2-core machine is slow.
 */
export async function startBuiltServer(env: Record<string, string | undefined>, timeoutMs = 120_000): Promise<BuiltServer> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    // Every test's browser draws its captcha images from this one address: unlimited unless a test sets it.
    env: { ...process.env, CAPTCHA_RATE_MAX: '100000', ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs / 1000} s:\n${out}`);
    }
    const port = /serving .* on http:\/\/localhost:(\d+)\//.exec(out)?.[1];
    const url = port && `http://127.0.0.1:${port}`;
    if (
      url &&
      (await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      return { url, child, output: () => out, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
}
