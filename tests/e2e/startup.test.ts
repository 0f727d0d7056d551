import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configCopy, root } from '../helpers/config.ts';
import { seedFormKey } from '../helpers/fill-token.ts';
import { startBuiltServer } from '../helpers/built-server.ts';
import { signedToken } from '../helpers/visitor.ts';
import { suiteUrl } from '../helpers/suite-server.ts';

const base = suiteUrl();

describe('npm start', () => {
  it('refuses a broken site-config with one line per problem and no stack trace', () => {
    const dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      pages[8].modules[1].span = 13;
      delete pages[3].title;
      write('pages.json', pages);
    });
    const r = spawnSync(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { ...process.env, CONFIG_DIR: dir, PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual(['The site configuration is not valid:', 'pages.json /3/title: is required', 'pages.json /8/modules/1/span: must be <= 12']);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('serves hashed assets with long-lived immutable caching; the page carries its stylesheet and asks for its script after the first paint', async () => {
    const page = await fetch(`${base}/nl/`);
    const html = await page.text();
    const boot = JSON.parse(/<script type="application\/json" id="vitrine-data">(\{.*?\})<\/script>/s.exec(html)![1]);
    const js: string = boot.assets.js;
    const css: string = boot.assets.css[0];
    expect(js).toMatch(/^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.js$/);
    expect(css).toMatch(/^\/assets\/[^/]+\.css$/);
    // The stylesheet is in the head (no request before the first paint), not in the page data.
    // The site's first, then the stylesheets of the page's own module views (each view is a chunk of its own).
    const built = readFileSync(join(root, 'dist/client', css), 'utf8');
    const manifest = JSON.parse(readFileSync(join(root, 'dist/client/.vite/manifest.json'), 'utf8'));
    const blocks: string = readFileSync(join(root, 'dist/client', manifest['modules/home-blocks/index.ts'].css[0]), 'utf8');
    const styles = [...html.matchAll(/<style id="site-styles">([^]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles).toHaveLength(1);
    const style = styles[0];
    expect(style.startsWith(built)).toBe(true);
    // The server puts it in the element React leaves empty (renderer/entry-server.tsx): the policy names it as it is.
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(style).toContain(blocks);
    expect(style).not.toContain(readFileSync(join(root, 'dist/client', manifest['modules/owner-portal/index.ts'].css[0]), 'utf8'));
    expect(boot.assets.styles).toBeUndefined();
    // The script asks for the view chunks of the page's modules beside the entry, not for the others.
    expect(html).toContain(`"/${manifest['modules/home-blocks/index.ts'].file}"`);
    expect(html).not.toContain(`"/${manifest['modules/owner-portal/index.ts'].file}"`);
    // Linked only disabled (neither fetched nor applied): loading a view finds its stylesheet there.
    const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(links).toContain(`<link rel="stylesheet" href="/${manifest['modules/home-blocks/index.ts'].css[0]}" disabled>`);
    expect(links.filter((l) => !l.endsWith(' disabled>'))).toEqual([]);
    // No script or preload in the head: a small inline script asks for them once the page is painted.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script type="module"|rel="modulepreload"|rel="preload" href="\/i18n\//);
    expect(html).toContain(`requestAnimationFrame`);
    for (const asset of [js, css]) {
      const r = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'br' } });
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('max-age=31536000,immutable');
      expect(r.headers.get('content-encoding')).toBe('br');
    }
    // The entry's first line asks V8 to compile all of it while it streams in (scripts/build.mjs).
    const script = await (await fetch(`${base}${js}`, { headers: { 'accept-encoding': 'br' } })).text();
    expect(script.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    // The dictionary too, asked for beside the script that hydrates the page.
    const dictionary: string = boot.initial.shell.messagesUrl;
    expect(dictionary).toMatch(/^\/i18n\/nl\.[^/]+\.json$/);
    expect(html).toContain(JSON.stringify(dictionary));
    const d = await fetch(`${base}${dictionary}`, { headers: { 'accept-encoding': 'br' } });
    expect(d.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await d.json())['lang.nl']).toBe('Nederlands');
  });
});

describe('a request answered just before the server is killed', () => {
  it('is still there after a restart (SIGKILL right after the 201), and npm run leads lists it', async () => {
    const { spawnSync: run } = await import('node:child_process');
    const { tempDir } = await import('../helpers/config.ts');
    const dataDir = tempDir('kill-');
    seedFormKey(dataDir);
    const env = { DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:9' };
    let server = await startBuiltServer(env);
    const r = await fetch(`${server.url}/api/forms/site-contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        lang: 'nl',
        ...signedToken(),
        website: '',
        firstName: 'An',
        lastName: 'Maes',
        email: 'an.maes@example.be',
        message: 'Bel mij terug aub.',
      }),
    });
    server.child.kill('SIGKILL');
    expect(r.status).toBe(201);
    const { id } = await r.json();
    await new Promise((res) => server.child.once('exit', res));
    server = await startBuiltServer(env);
    const listed = run(process.execPath, ['scripts/leads.mjs', '--kind', 'site-contact', '--json'], {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    await server.stop();
    expect(JSON.parse(listed.stdout).map((s: { id: string }) => s.id)).toContain(id);
  });
});

describe('npm run import', () => {
  const fixture = join(root, 'tests/fixtures/crm-feed.json');
  const importCli = (args: string[], dataDir: string, tty = false) => {
    const env = { ...process.env, DATA_DIR: dataDir };
    // On a terminal (a pseudo-terminal made by script(1)) the progress line shows; piped, it does not.
    const r = tty
      ? spawnSync('script', ['-qec', ['node', 'scripts/import.mjs', ...args].map((a) => `'${a}'`).join(' '), '/dev/null'], {
          cwd: root,
          env,
          encoding: 'utf8',
          timeout: 120_000,
        })
      : spawnSync(process.execPath, ['scripts/import.mjs', ...args], { cwd: root, env, encoding: 'utf8', timeout: 120_000 });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  };

  it('reports what it kept and refused, exits 1 when it refuses, shows progress only on a terminal, and rolls back', async () => {
    const { tempDir } = await import('../helpers/config.ts');
    const dataDir = tempDir('cli-import-');
    const piped = importCli([fixture], dataDir);
    expect(piped.status).toBe(0);
    expect(piped.out).toContain(
      'property 5002 (nl): Goal is missing: without a goal (0 = for sale, 1 = for rent) the property cannot be listed — record refused',
    );
    expect(piped.out).toMatch(/Imported 7 properties and 2 projects \(4 of 19 records refused\)\. It is live\. \(\d+\.\d s\)/);
    expect(piped.out).not.toContain('checked');
    expect(piped.out).not.toContain('\r');

    const small = join(dataDir, 'small.json');
    const feed = JSON.parse(readFileSync(fixture, 'utf8'));
    feed.properties = feed.properties.filter((p: { ID: number }) => p.ID === 5001);
    writeFileSync(small, JSON.stringify(feed));
    const refused = importCli([small], dataDir, true);
    expect(refused.status).toBe(1);
    expect(refused.out).toMatch(/checked (\d+) of \1 records/);
    expect(refused.out).toContain(
      'Refused: it would take 6 of the 7 properties now on the site off it (85.7 %, more than the 50 % allowed). Nothing changed on the site.',
    );
    const forced = importCli([small, '--force'], dataDir);
    expect(forced.status).toBe(0);
    expect(forced.out).toContain('(forced)');
    const back = importCli(['--rollback'], dataDir);
    expect(back.status).toBe(0);
    expect(back.out).toMatch(/^Restored: the import of .* is live again\./m);
    expect(importCli(['--nonsense'], dataDir).status).toBe(2);
    expect(importCli([join(dataDir, 'missing.json')], dataDir).out).toContain('does not exist. Nothing changed on the site.');
  });
});
