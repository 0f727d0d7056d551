// A stored revision that no longer validates is set aside on its own: named at start-up and in the
// editor, its page falls back to the files' version until staff save it again.
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startTestServer } from '../helpers/server.ts';
import { root, tempDir } from '../helpers/config.ts';
import { staffSession } from '../helpers/client.ts';
import { seedFormKey } from '../helpers/fill-token.ts';
import { captureLog } from '../helpers/log.ts';
import { type Stored, publicPageAt as publicPage } from '../helpers/revisions.ts';
import { start } from '../../server/main.ts';
import { samplePhotoSource } from '../../sample/photo-source.ts';
import type { PageRecord } from '../../renderer/content.ts';

describe('a stored revision that no longer validates (a schema changed without a migration)', () => {
  it('is named at start-up (file, page, module, field) and in the editor; only that page falls back, every other edit stays live', async () => {
    const dataDir = tempDir('repair-');
    const first = await startTestServer({ dataDir });
    const c = await staffSession(first.url, dataDir, 'editor');
    const services = (await c.req('GET', '/api/admin/docs/page:4')).json as { data: PageRecord; rev: number };
    expect(
      (
        await c.req('PUT', '/api/admin/docs/page:4', {
          data: { ...services.data, title: { ...services.data.title, fr: 'Nos services (modifié)' } },
          baseRev: services.rev,
        })
      ).status,
    ).toBe(200);
    const expertise = (await c.req('GET', '/api/admin/docs/page:5')).json as { data: PageRecord; rev: number };
    const changed = structuredClone(expertise.data);
    changed.title = { ...changed.title!, fr: 'Expertise (modifiée)' };
    expect((await c.req('PUT', '/api/admin/docs/page:5', { data: changed, baseRev: expertise.rev })).status).toBe(200);
    await first.close();

    // As if the single-view's schema had lost a field without a migration: the stored page 5 still has it.
    const file = join(dataDir, 'revisions.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    const rev = data.revisions.find((r: Stored) => r.key === 'page:5');
    rev.data.modules[0].layout = 'wide';
    writeFileSync(file, JSON.stringify(data));

    const log = captureLog();
    seedFormKey(dataDir);
    const server = await start({
      root,
      port: 0,
      host: '127.0.0.1',
      dataDir,
      assets: { js: '', css: [], preload: [] },
      smtpUrl: 'smtp://127.0.0.1:9',
      listingsSync: null,
      photoSource: samplePhotoSource,
      trustProxy: 0,
      log: { stream: log.stream, level: 'warn' },
    });
    const lines = log
      .lines()
      .filter((l) => l.level === 'warn')
      .map((l) => l.msg);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const line = lines.find((l) => l.includes('page 5'));
      expect(line).toBeDefined();
      expect(line).toMatch(/revisions\.json: page 5 “Expertise \(modifiée\)”|revisions\.json: page 5 “Expertise”/);
      expect(line).toMatch(/module #8 \(single-view/);
      expect(line).toMatch(/field \/layout: is not a known field/);
      expect(line).toMatch(/site-config \(pages\.json\)/);
      // The other edit is live; page 5 shows the files' version.
      expect((await publicPage('/fr/nos-services/', url)).html).toContain('Nos services (modifié)');
      const exp = (await publicPage('/fr/expertise/', url)).html;
      expect(exp).not.toContain('Expertise (modifiée)');
      expect(exp).toContain('Expertise');
      // The editor names it and opens it marked for repair; saved again (fixed), it is live.
      const s = await staffSession(url, dataDir, 'editor');
      const repairs = (await s.req('GET', '/api/admin/repairs')).json.repairs;
      expect(repairs).toEqual([
        expect.objectContaining({ key: 'page:5', problems: [expect.objectContaining({ pointer: '/modules/0/layout', code: 'ajv.unevaluatedProperties' })] }),
      ]);
      const pages = (await s.req('GET', '/api/admin/pages')).json.pages as Array<{ id: number; repair: boolean }>;
      expect(pages.filter((p) => p.repair).map((p) => p.id)).toEqual([5]);
      const open = (await s.req('GET', '/api/admin/docs/page:5')).json;
      expect(open.repair).toEqual([expect.objectContaining({ pointer: '/modules/0/layout' })]);
      delete open.data.modules[0].layout;
      expect((await s.req('PUT', '/api/admin/docs/page:5', { data: open.data, baseRev: open.rev })).status).toBe(200);
      expect((await publicPage('/fr/expertise/', url)).html).toContain('Expertise (modifiée)');
      expect((await s.req('GET', '/api/admin/repairs')).json.repairs).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
