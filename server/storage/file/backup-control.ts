/**
 * How `npm run backup` asks the running server for a snapshot (issue 41, point 6): the server of an
 * embedded store listens on a local socket beside its data, DATA_DIR/.control.sock (readable by
 * the folder's owner only; a path too long for a socket gets one in the system's temporary folder
 * named after the data folder). One request, one line of JSON: {"op":"snapshot"}; the answer, one
 * line: {"ok":true,"stage":…,"version":N} once the staging folder is made under the server's own
 * write pause (snapshot.ts), or {"ok":false,"error":…}. No server listening: the command takes
 * the snapshot itself.
 */
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { removeStaleStages, stageSnapshot } from './snapshot.ts';

/** The longest request line read. */
const REQUEST_MAX_BYTES = 1024;
/** How long a connection may take to send its request. */
const REQUEST_MS = 5_000;
/** How long the command waits for the server's snapshot. */
export const SNAPSHOT_WAIT_MS = 120_000;

export function controlSocketPath(dataDir: string): string {
  // The same folder named through a link is the same server's.
  let dir = resolve(dataDir);
  try {
    dir = realpathSync(dir);
  } catch {
    // not made yet
  }
  const beside = join(dir, '.control.sock');
  // Unix socket paths are limited to about 104 bytes.
  if (Buffer.byteLength(beside) < 100) return beside;
  return join(tmpdir(), `vitrine-${createHash('sha256').update(dir).digest('hex').slice(0, 16)}.sock`);
}

/** Listens for snapshot requests for `dataDir`; `close` stops. */
export async function listenForBackups(dataDir: string): Promise<{ close: () => Promise<void> }> {
  const path = controlSocketPath(dataDir);
  await removeStaleStages(dataDir);
  // A socket left by a server that ended without closing it (one server per data folder).
  await rm(path, { force: true });
  const server = createServer((socket) => serve(socket, dataDir));
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(path, () => {
      server.off('error', fail);
      ok();
    });
  });
  await chmod(path, 0o600);
  return {
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
      }),
  };
}

function serve(socket: Socket, dataDir: string) {
  let text = '';
  socket.setTimeout(REQUEST_MS, () => socket.destroy());
  socket.on('error', () => undefined);
  const answer = (o: object) => socket.end(`${JSON.stringify(o)}\n`);
  socket.on('data', (chunk: Buffer) => {
    if (text.includes('\n')) return;
    text += chunk.toString('utf8');
    if (text.length > REQUEST_MAX_BYTES) return answer({ ok: false, error: `a request is at most ${REQUEST_MAX_BYTES} bytes` });
    if (!text.includes('\n')) return;
    socket.setTimeout(0);
    let op: unknown;
    try {
      op = (JSON.parse(text.slice(0, text.indexOf('\n'))) as { op?: unknown }).op;
    } catch {
      op = undefined;
    }
    if (op !== 'snapshot') return answer({ ok: false, error: 'expected {"op":"snapshot"}' });
    stageSnapshot(dataDir).then(
      (s) => answer({ ok: true, ...s }),
      (e: Error) => answer({ ok: false, error: e.message }),
    );
  });
}

/** The running server's snapshot of `dataDir`, or null when no server listens for it. */
export function requestSnapshot(dataDir: string, waitMs = SNAPSHOT_WAIT_MS): Promise<{ stage: string; version: number } | null> {
  return new Promise((ok, fail) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      fail(new Error(`the server did not answer within ${waitMs / 1000} s`));
    }, waitMs);
    socket.on('connect', () => socket.write('{"op":"snapshot"}\n'));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.length > 64 * 1024) socket.destroy(new Error('the server answered too much'));
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (e.code === 'ENOENT' || e.code === 'ECONNREFUSED') ok(null);
      else fail(e);
    });
    socket.on('end', () => {
      clearTimeout(timer);
      try {
        const a = JSON.parse(text) as { ok: boolean; stage?: string; version?: number; error?: string };
        if (a.ok && a.stage && a.version) ok({ stage: a.stage, version: a.version });
        else fail(new Error(`the server could not take a snapshot: ${a.error ?? text}`));
      } catch {
        fail(new Error(`the server's answer cannot be read: ${JSON.stringify(text.slice(0, 200))}`));
      }
    });
  });
}
