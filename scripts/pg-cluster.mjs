/**
 * A throwaway PostgreSQL cluster for a test file or a benchmark: Debian's binaries, initdb on a temporary folder
 * (as the `postgres` user when the tests run as root), a free loopback port, trust authentication.
 * Each `database()` is a fresh database on it. No mock: the real server, restarted for real.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

function binDir() {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const candidates = [
    ...(fromConfig.status === 0 ? [fromConfig.stdout.trim()] : []),
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ];
  const dir = candidates.find((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl')));
  if (!dir) throw new Error("PostgreSQL's initdb is not installed (Debian: apt-get install postgresql; .ci/run does it)");
  return dir;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = s.address().port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/**
 * @typedef {object} TestPostgres
 * @property {() => Promise<string>} database A new, empty database; its postgres:// URL.
 * @property {(mode?: 'fast' | 'immediate', pauseMs?: number) => Promise<void>} restart Stops the server and starts it again on the same port.
 * @property {() => Promise<void>} stop
 * @property {number} port
 * @property {string} dir The cluster's folder (stopPostgresIn stops it).
 */

const command = (bin, asRoot, cmd, args) => {
  const full = join(bin, cmd);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
};
const runAs = (bin, asRoot) => (cmd, args) => {
  const out = spawnSync(...command(bin, asRoot, cmd, args), { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`${cmd} failed: ${out.stderr || out.stdout}`);
};
/**
 * The same, without blocking the caller's event loop while it runs (pg_ctl -w waits seconds): a test's
 * HTTP keep-alive sockets go on being served meanwhile, instead of being found closed by their server
 * afterwards ("other side closed").
 */
const runAsync = (bin, asRoot) => (cmd, args) =>
  new Promise((resolve, reject) => {
    const [file, argv] = command(bin, asRoot, cmd, args);
    execFile(file, argv, { encoding: 'utf8' }, (error, stdout, stderr) =>
      error ? reject(new Error(`${cmd} failed: ${stderr || stdout || error.message}`)) : resolve(),
    );
  });

/**
 * A cluster in a new temporary folder, with room for `options.maxConnections` sessions (default 200;
 * the test run's shared cluster, tests/helpers/pg.ts, asks more).
 * @param {{ maxConnections?: number }} [options]
 * @returns {Promise<TestPostgres>}
 */
export async function startPostgres(options = {}) {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-pg-'));
  const data = join(dir, 'data');
  const run = runAsync(bin, asRoot);
  if (asRoot)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })));
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'vitrine', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=${options.maxConnections ?? 200} -c shared_buffers=32MB`;
  const start = () => run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  await start();
  return {
    port,
    dir,
    database: databasesOn(port),
    async restart(mode = 'fast', pauseMs = 0) {
      await run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      await start();
    },
    async stop() {
      stopPostgresIn(dir);
    },
  };
}

/** New, empty databases on the cluster at `port`: each call one, its postgres:// URL. */
export function databasesOn(port) {
  const admin = `postgres://vitrine@127.0.0.1:${port}/postgres`;
  let n = 0;
  return async () => {
    const name = `t${process.pid}_${++n}_${Math.random().toString(36).slice(2, 7)}`;
    const c = new pg.Client(admin);
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    return `postgres://vitrine@127.0.0.1:${port}/${name}`;
  };
}

/** Stops (as a crash: nothing to keep) the cluster that startPostgres made in `dir`, if it runs, and removes the folder. */
export function stopPostgresIn(dir) {
  try {
    if (existsSync(join(dir, 'data', 'postmaster.pid')))
      runAs(binDir(), process.getuid?.() === 0)('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', '-t', '60', 'stop']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
