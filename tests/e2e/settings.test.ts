// `npm start` and the command-line tools with the settings an operator writes (server/env.ts): a
// wrong value stops the start with one line per wrong variable and no stack; good ones start the
// server and take effect (issue 41, point 3: a mistyped FORM_RATE_MAX used to start with the form
// limit off).
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { root } from '../helpers/config.ts';
import { startBuiltServer } from '../helpers/built-server.ts';
import { testDir } from '../helpers/tmp.ts';

/** Runs a script of the project with `env` over this process's environment (without its own settings). */
function run(script: string, args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', LISTINGS_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, out: r.stdout, lines: r.stderr.trim().split('\n') };
}

describe('npm start with wrong settings', () => {
  it('refuses FORM_RATE_MAX=ten with the one line naming it, and exits 1 without a stack', () => {
    const r = run('scripts/start.mjs', [], { FORM_RATE_MAX: 'ten', PORT: '0', HOST: '127.0.0.1', DATA_DIR: testDir('vitrine-settings-') });
    expect(r.status).toBe(1);
    expect(r.lines).toEqual(['FORM_RATE_MAX: expected a whole number from 1 to 100000, got "ten"']);
    expect(r.out).not.toContain('serving');
  });

  it('names every wrong variable, one line each, a password in a URL hidden', () => {
    const r = run('scripts/start.mjs', [], {
      PORT: '80800',
      DATABASE_URL: 'mysql://vitrine:s3cret-pw@db/vitrine',
      OUTBOX_RETRY_MS: '5s',
      DATA_DIR: testDir('vitrine-settings-'),
    });
    expect(r.status).toBe(1);
    expect(r.lines).toEqual([
      'PORT: expected a port number from 0 to 65535, got "80800"',
      'OUTBOX_RETRY_MS: expected a whole number of milliseconds from 10 to 3600000, got "5s"',
      'DATABASE_URL: expected a URL starting with postgres:// or postgresql://, got "mysql://vitrine:***@db/vitrine"',
    ]);
    expect(r.lines.join('\n')).not.toContain('s3cret-pw');
  });

  it('stops the command-line tools the same way, and they read DATA_DIR from the settings', () => {
    const dataDir = testDir('vitrine-settings-cli-');
    const bad = run('scripts/staff.mjs', ['list'], { DATA_DIR: dataDir, PG_POOL_MAX: '0' });
    expect(bad.status).toBe(1);
    expect(bad.lines).toEqual(['PG_POOL_MAX: expected a whole number from 1 to 1000, got "0"']);
    const good = run('scripts/staff.mjs', ['list'], { DATA_DIR: dataDir });
    expect(good.status).toBe(0);
    expect(good.out.trim()).toBe(`0 staff accounts in ${dataDir}`);
  });
});

describe('npm start with good settings', () => {
  it('starts, and the settings take effect: captcha images limited to CAPTCHA_RATE_MAX, canonical URLs on PUBLIC_URL', async () => {
    const server = await startBuiltServer({
      DATA_DIR: testDir('vitrine-settings-ok-'),
      CAPTCHA_RATE_MAX: '2',
      FORM_RATE_MAX: '5',
      PUBLIC_URL: 'https://www.example-agency.be',
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${server.url}/api/captcha?lang=en`)).status);
      expect(statuses).toEqual([200, 200, 429]);
      const html = await (await fetch(`${server.url}/en/`)).text();
      expect(html).toContain('<link rel="canonical" href="https://www.example-agency.be/en/"');
    } finally {
      await server.stop();
    }
  });
});
