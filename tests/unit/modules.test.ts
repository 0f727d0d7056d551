import { describe, expect, it } from 'vitest';
import { registry } from '../../modules/index.ts';
import { migrateModule } from '../../renderer/module-api.ts';
import { SchemaRegistry } from '../../server/config/schemas.ts';
import { generateTypes } from '../../scripts/gen-types.mjs';
import { configCopy, problemsOf, root } from '../helpers/config.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('module registry', () => {
  it('registers the article views the spec names', () => {
    for (const view of ['single-view', 'list-view', 'news-view', 'ons-team-view']) expect(registry.get(view)?.view).toBe(view);
  });

  it("validates every module type's defaults against its own schema", () => {
    const schemas = new SchemaRegistry(registry);
    for (const def of registry.all()) {
      expect(schemas.validate(def.view, { id: 1, ...def.defaults }, 'defaults'), def.view).toEqual([]);
      expect(def.defaults.version).toBe(def.version);
    }
  });

  it('upgrades an ons-team-view record of version 1 to version 2 on read', () => {
    const def = registry.get('ons-team-view')!;
    const old = { id: 5, view: 'ons-team-view', version: 1, status: 'Published', perRow: 3, limit: 12 };
    expect(migrateModule(old, def)).toEqual({ id: 5, view: 'ons-team-view', version: 2, status: 'Published', numberItemOfRow: 3, maxItems: 12 });
    // A record without a version is taken as version 1.
    expect(migrateModule({ id: 6, view: 'ons-team-view', status: 'Published', perRow: 2 }, def)).toMatchObject({ version: 2, numberItemOfRow: 2 });
    // A current record comes back as it is.
    const current = { id: 7, view: 'ons-team-view', version: 2, status: 'Published', numberItemOfRow: 3 };
    expect(migrateModule(current, def)).toBe(current);
  });

  it('loads a stored page whose team module was written with version 1', () => {
    const dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      const team = pages.find((p: any) => p.name === 'team');
      const m = team.modules.find((x: any) => x.view === 'ons-team-view');
      delete m.numberItemOfRow;
      delete m.maxItems;
      Object.assign(m, { version: 1, perRow: 3, limit: 18 });
      write('pages.json', pages);
    });
    const r = problemsOf(dir);
    expect(r.lines).toEqual([]);
    const m = r.content!.pages.find((p) => p.name === 'team')!.modules!.find((x) => x.view === 'ons-team-view')!;
    expect(m).toMatchObject({ version: 2, numberItemOfRow: 3, maxItems: 18 });
    expect(m).not.toHaveProperty('perRow');
  });
});

describe('generated TypeScript types', () => {
  it('match the schemas (run npm run gen:types after changing a schema)', async () => {
    const committed = readFileSync(join(root, 'schemas/types.gen.ts'), 'utf8');
    expect(await generateTypes()).toBe(committed);
  });
});
