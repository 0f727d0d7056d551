// Issue 41, point 1: a failing module never takes the page with it. A module whose loader or view
// throws is left out (the rest of the page is there, the answer is 200, nothing of the failed
// module is sent), each failure is logged once with the page, module id and type, and counted; the
// editor's preview shows staff a box where the module failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { configCopy } from '../helpers/config.ts';
import { captureLog, said } from '../helpers/log.ts';
import { staffSession } from '../helpers/client.ts';
import { FAILS_LOAD, FAILS_RENDER, HALF_RENDERED, makeModulesFail } from '../helpers/failing-modules.ts';
import { MAX_LOGGED_MODULE_FAILURES, moduleFailureCounts, reportModuleFailure } from '../../server/site/module-failures.ts';

makeModulesFail();

const text = (id: number, title: string, body: string, cls?: string) => ({
  id,
  view: 'text',
  version: 1,
  status: 'Published',
  span: 12,
  sort: id,
  title: { en: title, nl: title, fr: title },
  body: { en: `<p>${body}</p>`, nl: `<p>${body}</p>`, fr: `<p>${body}</p>` },
  ...(cls ? { class: cls } : {}),
});

const config = configCopy(({ read, write }) => {
  const pages = read('pages.json');
  const home = pages.find((p: { path: string }) => p.path === '/');
  home.modules = [
    text(9101, 'Kept before', 'The module before the failures is here.'),
    text(9102, 'Broken at render', 'Never shown.', FAILS_RENDER),
    text(9103, 'Broken at load', 'Never shown either.', FAILS_LOAD),
    text(9104, 'Kept after', 'The module after the failures is here.'),
  ];
  write('pages.json', pages);
});

let srv: Awaited<ReturnType<typeof startTestServer>>;
const log = captureLog();
let firstRequest: string | null = null;
beforeAll(async () => {
  srv = await startTestServer({ configDir: config, log: { stream: log.stream, level: 'error' } });
});
afterAll(async () => {
  await srv?.close();
});

const get = async (path: string) => {
  const r = await fetch(srv.url + path);
  return { status: r.status, text: await r.text(), id: r.headers.get('x-request-id') };
};

describe('a failing module', () => {
  it('is left out of the page; the rest renders and the answer is 200', async () => {
    const before = moduleFailureCounts();
    const r = await get('/en/');
    expect(r.status).toBe(200);
    expect(r.text).toContain('The module before the failures is here.');
    expect(r.text).toContain('The module after the failures is here.');
    // The site's chrome is there too: the footer and the page data for the browser.
    expect(r.text).toContain('</footer>');
    // Nothing of the failed modules: not what the view wrote before it threw, nor their titles.
    expect(r.text).not.toContain(HALF_RENDERED);
    expect(r.text).not.toContain('Broken at render');
    expect(r.text).not.toContain('Broken at load');
    expect(r.text).not.toContain('this module');
    const after = moduleFailureCounts();
    expect(after.render - before.render).toBe(1);
    expect(after.load - before.load).toBe(1);
    firstRequest = r.id;
  });

  it('is logged once per page, module and kind with the page, the module id and its type, and counted each time', async () => {
    const before = moduleFailureCounts();
    // Other addresses of the same page: rendered anew (not from the page cache), failing again.
    for (const q of ['?a=1', '?a=2', '?a=3']) expect((await get(`/en/${q}`)).status).toBe(200);
    const after = moduleFailureCounts();
    expect(after.render - before.render).toBe(3);
    expect(after.load - before.load).toBe(3);
    const errors = log.lines().filter((l) => l.level === 'error');
    const render = errors.filter((e) => e.msg.includes('module 9102')).map(said);
    const load = errors.filter((e) => e.msg.includes('module 9103')).map(said);
    expect(render).toHaveLength(1);
    expect(load).toHaveLength(1);
    // Logged while the first request was answered: the lines carry its id, the one its answer named (X-Request-Id).
    expect(firstRequest).toMatch(/^[0-9a-f-]{36}$/);
    expect(errors.filter((e) => /module 910[23]/.test(e.msg)).map((e) => e.reqId)).toEqual([firstRequest, firstRequest]);
    expect(render[0]).toMatch(/page \d+ \(\/en\/\) module 9102 \(text\) failed to render/);
    expect(render[0]).toContain('the test module failed to render');
    expect(load[0]).toMatch(/page \d+ \(\/en\/\) module 9103 \(text\) failed to load its data/);
    expect(load[0]).toContain('the test module failed to load');
  });

  it('remembers a bounded number of logged failures', () => {
    const lines: string[] = [];
    const log = { warn: () => {}, error: (m: string) => void lines.push(m) };
    const f = (module: number) => ({ kind: 'render' as const, page: 'bound', path: '/x/', module, view: 'text' });
    reportModuleFailure(log, f(0));
    // Past the bound: the oldest (module 0) is forgotten, and logged again when it fails again.
    for (let i = 1; i <= MAX_LOGGED_MODULE_FAILURES; i++) reportModuleFailure(log, f(i));
    reportModuleFailure(log, f(MAX_LOGGED_MODULE_FAILURES));
    expect(lines).toHaveLength(MAX_LOGGED_MODULE_FAILURES + 1);
    reportModuleFailure(log, f(0));
    expect(lines).toHaveLength(MAX_LOGGED_MODULE_FAILURES + 2);
  });

  it('shows staff a box in the preview, in the editor’s words', async () => {
    const editor = await staffSession(srv.url, srv.dataDir, 'editor');
    const doc = await editor.req('GET', '/api/admin/docs/page:1');
    const home = doc.status === 200 ? doc.json.data : undefined;
    expect(home?.modules?.map((m: { id: number }) => m.id)).toContain(9102);
    for (const [lang, words] of [
      ['en', 'failed to display'],
      ['nl', 'kon niet getoond worden'],
      ['fr', 'n’a pas pu s’afficher'],
    ] as const) {
      const r = await editor.req('POST', '/api/admin/preview', { key: 'page:1', data: home, lang, ui: lang });
      expect(r.status).toBe(200);
      expect(r.text).toContain(words);
      expect(r.text).toMatch(/data-module-failed="9102"[^>]*>[^<]*9102/);
      expect(r.text).not.toContain(HALF_RENDERED);
      expect(r.text).toContain('The module after the failures is here.');
    }
  });
});
