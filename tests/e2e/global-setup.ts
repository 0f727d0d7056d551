// Builds the site when its sources changed, then starts the production server the way
// `npm start` does, on a free loopback port with its own data folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { buildAll, buildIsCurrent } from '../../scripts/build.mjs';
import { seedFormKey } from '../helpers/fill-token.ts';

const root = join(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

let child: ChildProcess | undefined;

export default async function setup(project: TestProject) {
  if (!buildIsCurrent()) buildAll({ quiet: true });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-e2e-'));
  seedFormKey(dataDir);
  child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, FORM_RATE_MAX: '100000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000; // a cold start on a busy 2-core machine can be slow
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 90 s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseUrl', url);
  project.provide('dataDir', dataDir);
  return () => {
    child?.kill('SIGTERM');
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
