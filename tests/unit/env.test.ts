// The settings as an operator writes them (server/env.ts): each kind of wrong value refused with one
// line naming the variable, the value and what it must be; the README's table kept in step.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv, SETTINGS, SettingsError, ConfigError } from '../../server/env.ts';
import { END, START, settingsTable, withSettingsTable } from '../../server/env-docs.ts';

/** The lines of the refusal of `raw`, or [] when it is accepted. */
function refusal(raw: Record<string, string>): string[] {
  try {
    readEnv(raw);
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(SettingsError);
    expect(e).toBeInstanceOf(ConfigError); // npm start and npm run dev print either without a stack
    return (e as SettingsError).lines;
  }
}

describe('the settings', () => {
  it('gives the defaults when nothing is set, and an empty or blank value counts as unset', () => {
    const env = readEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.FORM_RATE_MAX).toBe(20);
    expect(env.FORM_RATE_WINDOW_MS).toBe(600_000);
    expect(env.CAPTCHA_RATE_MAX).toBe(30);
    expect(env.LISTINGS_MAX_MB).toBe(100);
    expect(env.TRUST_PROXY).toBe(0);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.RENDER_THREADS).toBeUndefined();
    expect(readEnv({ PORT: '', FORM_RATE_MAX: '   ', SMTP_URL: '' })).toEqual(env);
  });

  it('reads what is written, typed, into one frozen object; other variables are ignored', () => {
    const env = readEnv({
      PORT: ' 8080 ',
      FORM_RATE_MAX: '100000',
      LISTINGS_MAX_MB: '2.5',
      TRUST_PROXY: 'true',
      DATA_DIR: 'var/node1',
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://mail.agency.be:465',
      AGENCY_EMAIL: 'info@agency.be',
      VITRINE_WHATEVER: 'x',
    });
    expect(env).toMatchObject({ PORT: 8080, FORM_RATE_MAX: 100_000, LISTINGS_MAX_MB: 2.5, TRUST_PROXY: 1, NODE_ENV: 'production' });
    expect(env.DATA_DIR).toBe(resolve('var/node1'));
    expect('VITRINE_WHATEVER' in env).toBe(false);
    expect(Object.isFrozen(env)).toBe(true);
    expect(() => {
      (env as { PORT: number }).PORT = 1;
    }).toThrow(TypeError);
  });

  it('refuses a wrong port', () => {
    expect(refusal({ PORT: '70000' })).toEqual(['PORT: expected a port number from 0 to 65535, got "70000"']);
    expect(refusal({ PORT: 'http' })).toEqual(['PORT: expected a port number from 0 to 65535, got "http"']);
  });

  it('refuses a number that is not one (no NaN turning a limit off)', () => {
    expect(refusal({ FORM_RATE_MAX: 'ten' })).toEqual(['FORM_RATE_MAX: expected a whole number from 1 to 100000, got "ten"']);
    expect(refusal({ FORM_RATE_MAX: '12.5' })).toEqual(['FORM_RATE_MAX: expected a whole number from 1 to 100000, got "12.5"']);
    expect(refusal({ OUTBOX_RETRY_MS: '5s' })).toEqual(['OUTBOX_RETRY_MS: expected a whole number of milliseconds from 10 to 3600000, got "5s"']);
    expect(refusal({ LISTINGS_MAX_MB: 'lots' })).toEqual(['LISTINGS_MAX_MB: expected a number of megabytes from 1 to 4096, got "lots"']);
    expect(refusal({ RENDER_THREADS: '1e3' })).toEqual(['RENDER_THREADS: expected a whole number from 0 to 64, got "1e3"']);
  });

  it('refuses a number out of its range, one past each end', () => {
    expect(refusal({ FORM_RATE_MAX: '0' })).toEqual(['FORM_RATE_MAX: expected a whole number from 1 to 100000, got "0"']);
    expect(refusal({ FORM_RATE_MAX: '100001' })).toEqual(['FORM_RATE_MAX: expected a whole number from 1 to 100000, got "100001"']);
    expect(refusal({ PG_POOL_MAX: '-5' })).toEqual(['PG_POOL_MAX: expected a whole number from 1 to 1000, got "-5"']);
    expect(refusal({ LISTINGS_MAX_MB: '4097' })).toEqual(['LISTINGS_MAX_MB: expected a number of megabytes from 1 to 4096, got "4097"']);
    expect(refusal({ TRUST_PROXY: '11' })).toHaveLength(1);
    expect(refusal({ FORM_RATE_MAX: '100000', LISTINGS_MAX_MB: '4096', TRUST_PROXY: '10', PORT: '0' })).toEqual([]);
  });

  it('refuses a URL that is not one or has another scheme, with its password hidden', () => {
    expect(refusal({ PUBLIC_URL: 'www.agency.be' })).toEqual(['PUBLIC_URL: expected a URL starting with https:// or http://, got "www.agency.be"']);
    expect(refusal({ DATABASE_URL: 'mysql://vitrine:s3cret@db/vitrine' })).toEqual([
      'DATABASE_URL: expected a URL starting with postgres:// or postgresql://, got "mysql://vitrine:***@db/vitrine"',
    ]);
    expect(refusal({ SMTP_URL: 'http://user:hunter2@mail' }).join('\n')).not.toContain('hunter2');
    expect(refusal({ PUBLIC_URL: `https://agency.be/${'a'.repeat(2000)}` })).toHaveLength(1);
  });

  it('refuses a word that is not one of the choices, and an e-mail address that is not one', () => {
    expect(refusal({ NODE_ENV: 'staging' })).toEqual(['NODE_ENV: expected one of production, development, test, got "staging"']);
    expect(refusal({ TRUST_PROXY: 'yes' })).toEqual([
      'TRUST_PROXY: expected the number of reverse proxies in front of the server, a whole number from 0 to 10 (or true, false), got "yes"',
    ]);
    expect(refusal({ AGENCY_EMAIL: 'info.agency.be' })).toEqual(['AGENCY_EMAIL: expected an e-mail address like info@agency.be, got "info.agency.be"']);
  });

  it('refuses a text past its length without showing a secret', () => {
    const long = 'p'.repeat(1025);
    expect(refusal({ STAFF_PASSWORD: long })).toEqual(['STAFF_PASSWORD: expected a text of at most 1024 characters, got a text of 1025 characters']);
    expect(refusal({ HOST: 'my host' })).toEqual(['HOST: expected a host name or IP address such as 0.0.0.0, 127.0.0.1 or ::, got "my host"']);
  });

  it('names every wrong variable at once, one line each', () => {
    expect(refusal({ PORT: 'x', FORM_RATE_MAX: 'ten', DATABASE_URL: 'db', OUTBOX_RETRY_MS: '200' })).toEqual([
      'PORT: expected a port number from 0 to 65535, got "x"',
      'FORM_RATE_MAX: expected a whole number from 1 to 100000, got "ten"',
      'DATABASE_URL: expected a URL starting with postgres:// or postgresql://, got "db"',
    ]);
  });
});

describe("the README's table of settings", () => {
  const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');

  it('is the one server/env.ts declares (npm run gen:env-docs writes it)', () => {
    expect(withSettingsTable(readme), 'README.md differs from server/env.ts: run npm run gen:env-docs').toBe(readme);
  });

  it('has a row for each variable, and would differ if one were added', () => {
    const table = readme.slice(readme.indexOf(START), readme.indexOf(END));
    for (const name of Object.keys(SETTINGS)) expect(table).toContain(`| \`${name}\` |`);
    expect(settingsTable().split('\n')).toHaveLength(Object.keys(SETTINGS).length + 2);
    expect(withSettingsTable(readme.replace('| `PG_POOL_MAX` | `10` |', '| `PG_POOL_MAX` | `20` |'))).toBe(readme);
    expect(withSettingsTable('no markers here')).toBeUndefined();
  });
});

describe('where settings are read', () => {
  const root = join(import.meta.dirname, '../..');
  const sources = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
    );
  // The server and the scripts it or the host runs (bench/, the soak and the tests set variables for their children).
  const tools = ['start', 'dev', 'staff', 'owners', 'leads', 'import', 'db-migrate', 'db-import-json', 'settings', 'gen-env-docs'].map(
    (n) => `scripts/${n}.mjs`,
  );

  it('is server/env.ts alone: nothing else in server/ or the command-line scripts reads process.env', () => {
    const readers = [...sources('server'), ...tools]
      .filter((f) => f !== join('server', 'env.ts'))
      .flatMap((f) =>
        readFileSync(join(root, f), 'utf8')
          .split('\n')
          // npm start sets NODE_ENV for the libraries when it is unset; that is not reading a setting.
          .filter((line) => /process\.env\b/.test(line) && !/process\.env\.NODE_ENV = 'production'/.test(line))
          .map((line) => `${f}: ${line.trim()}`),
      );
    expect(readers).toEqual([]);
    expect(sources('server').length).toBeGreaterThan(100);
  });
});
