/**
 * The module contract as a developer adding a module type meets it: `defineModule` fills in what it
 * knows, loaders live in their folder and reach the server only, and a page's loaders run together.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { registry as browserRegistry } from '../../modules/index.ts';
import { registry as serverRegistry } from '../../modules/server.ts';
import { defineLoader, defineModule, ModuleRegistry, type LoadContext } from '../../renderer/module-api.ts';
import type { ModuleRecord } from '../../renderer/content.ts';
import { Site, type Logger } from '../../server/site/site.ts';
import { ListingStore } from '../../server/listings/store.ts';
import { serverOnly } from '../../vite.config.ts';
import { loadShipped, root, tempDir } from '../helpers/config.ts';

const folders = readdirSync(join(root, 'modules'), { withFileTypes: true }).filter(
  (d) => d.isDirectory() && existsSync(join(root, 'modules', d.name, 'index.ts')),
);

describe('a module type', () => {
  it('gets its view and version in its defaults from defineModule', () => {
    const def = defineModule({
      view: 'quote-view',
      version: 3,
      schema: {},
      meta: { title: { nl: 'Citaat', fr: 'Citation', en: 'Quote' }, icon: 'quote', category: 'content' },
      defaults: { status: 'Published', span: 12 } as Omit<ModuleRecord, 'id' | 'view' | 'version'>,
      View: () => null,
    });
    expect(def.defaults).toEqual({ view: 'quote-view', version: 3, status: 'Published', span: 12 });
    for (const d of browserRegistry.all()) expect(d.defaults, d.view).toMatchObject({ view: d.view, version: d.version });
  });

  it("has its loader registered for the server from its folder's load.server.ts, never for the browser", () => {
    const withLoader = folders.filter((d) => existsSync(join(root, 'modules', d.name, 'load.server.ts'))).map((d) => d.name);
    expect(withLoader.length).toBeGreaterThan(10);
    for (const view of withLoader) {
      expect(serverRegistry.loader(view), view).toBeDefined();
      expect(browserRegistry.loader(view), view).toBeUndefined();
    }
    // The folders without one (cookie list, owner portal) render without server data.
    for (const d of serverRegistry.all()) expect(!!serverRegistry.loader(d.view), d.view).toBe(withLoader.includes(d.view));
  });

  it('lives in the folder named after its view, where the browser finds it, and every such folder is registered', async () => {
    // The browser loads a page's views by folder (renderer/client-views.ts), one chunk each.
    const { ClientViews } = await import('../../renderer/client-views.ts');
    const importers = Object.fromEntries(folders.map((d) => [`../modules/${d.name}/index.ts`, () => import(`../../modules/${d.name}/index.ts`)]));
    const views = new ClientViews(importers);
    const all = serverRegistry.all().map((d) => d.view);
    expect(folders.map((d) => d.name).sort()).toEqual([...all].sort());
    await views.load([...all, 'no-such-view']);
    for (const view of all) expect(views.get(view), view).toBe(browserRegistry.get(view));
    expect(views.get('no-such-view')).toBeUndefined();
  });

  it('keeps its view in files that export components only, so npm run dev refreshes it in place (React Fast Refresh)', () => {
    // A .tsx file of a module folder that exports anything but components (a definition object, a
    // constant, a hook) is "incompatible" for Fast Refresh: editing it reloads the page and loses its state.
    const exportsOf = (file: string) =>
      [
        ...readFileSync(file, 'utf8').matchAll(/^export\s+(?:default\s+)?(?:async\s+)?(function|const|let|class|interface|type|\{)?\s*([A-Za-z_$][\w$]*)?/gm),
      ].map((m) => ({ kind: m[1] ?? 'expression', name: m[2] ?? '' }));
    let views = 0;
    for (const d of folders) {
      const definition = readFileSync(join(root, 'modules', d.name, 'index.ts'), 'utf8');
      expect(definition, d.name).toMatch(/export default defineModule/);
      if (existsSync(join(root, 'modules', d.name, 'View.tsx'))) {
        views++;
        expect(definition, d.name).toMatch(/^import View\b.* from '\.\/View\.tsx';$/m);
      }
      const tsx = readdirSync(join(root, 'modules', d.name)).filter((f) => f === 'View.tsx');
      for (const f of tsx) {
        const bad = exportsOf(join(root, 'modules', d.name, f)).filter(
          (e) => !['interface', 'type'].includes(e.kind) && !(e.kind === 'function' && /^[A-Z]/.test(e.name)),
        );
        expect(bad, `${d.name}/${f}`).toEqual([]);
      }
    }
    expect(views).toBeGreaterThan(folders.length - 2);
  });

  it('cannot register a loader for a view that is not registered, nor two for one view', () => {
    const def = browserRegistry.get('cookie-list')!;
    expect(() => new ModuleRegistry([def], [{ view: 'no-such-view', load: () => null }])).toThrow(/"no-such-view", which is not a registered module type/);
    expect(() => new ModuleRegistry([def], [defineLoader(def, () => null), defineLoader(def, () => null)])).toThrow(/"cookie-list" has two loaders/);
  });
});

describe('the browser build', () => {
  const project = () => {
    const dir = tempDir('server-only-');
    writeFileSync(join(dir, 'load.server.ts'), 'export interface Data { n: number }\nexport const secret = "from the server";\n');
    return dir;
  };
  const clientBuild = (dir: string, entry: string) => {
    writeFileSync(join(dir, 'entry.ts'), entry);
    return build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [serverOnly()],
      build: { write: false, rollupOptions: { input: join(dir, 'entry.ts') } },
    });
  };

  it('takes the types of a server-only file (they are erased)', async () => {
    const dir = project();
    await expect(clientBuild(dir, "import type { Data } from './load.server.ts';\nconst d: Data = { n: 1 };\nconsole.log(d.n);\n")).resolves.toBeDefined();
  });

  it('stops when a browser file imports code from a server-only file', async () => {
    const dir = project();
    await expect(clientBuild(dir, "import { secret } from './load.server.ts';\nconsole.log(secret);\n")).rejects.toThrow(
      /load\.server\.ts is server-only and cannot be part of the browser bundle/,
    );
  });
});

describe('the loaders of a page', () => {
  const quiet: Logger = { warn: () => {}, error: () => {} };
  const probe = (view: string) =>
    defineModule({
      view,
      version: 1,
      schema: {},
      meta: { title: { nl: view, fr: view, en: view }, icon: 'x', category: 'content' },
      defaults: {} as Omit<ModuleRecord, 'id' | 'view' | 'version'>,
      View: () => null,
    });

  it('run together, and each module keeps its place in the page; one that fails is left out', async () => {
    const { content } = loadShipped();
    const events: string[] = [];
    const slow = (name: string) => async (_m: ModuleRecord, ctx: LoadContext) => {
      events.push(`${name} start`);
      await new Promise((r) => setImmediate(r));
      events.push(`${name} end`);
      return { name, lang: ctx.lang };
    };
    const [a, b, broken] = [probe('probe-a'), probe('probe-b'), probe('probe-broken')];
    const registry = new ModuleRegistry(
      [a, b, broken],
      [defineLoader(a, slow('a')), defineLoader(b, slow('b')), defineLoader(broken, () => Promise.reject(new Error('CRM down')))],
    );
    const home = content.pages.find((p) => p.path === '/')!;
    const modules = [
      { id: 901, view: 'probe-b', version: 1, status: 'Published', sort: 1 },
      { id: 902, view: 'probe-broken', version: 1, status: 'Published', sort: 2 },
      { id: 903, view: 'probe-a', version: 1, status: 'Published', sort: 3 },
    ] as ModuleRecord[];
    const changed = { ...content, pages: content.pages.map((p) => (p === home ? { ...p, modules } : p)) };
    const empty = new ListingStore({ properties: [], projects: [], webIDs: [], citys: [], citysSale: [], citysRent: [], neighbourhoods: [] }, 'empty');
    const site = new Site({ content: changed, registry, listings: empty, origin: 'https://agency.example', log: quiet });
    const result = await site.page('/fr/');
    if (!('initial' in result)) throw new Error('expected a page');
    expect(result.initial.page.modules.map((m) => [m.record.id, m.data])).toEqual([
      [901, { name: 'b', lang: 'fr' }],
      [903, { name: 'a', lang: 'fr' }],
    ]);
    // Both had started before either finished: not one after the other.
    expect(events.slice(0, 2).sort()).toEqual(['a start', 'b start']);
  });
});
