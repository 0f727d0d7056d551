// The embedded store's format version (issue 41, point 6): a data folder written before versions
// were kept (version 1: what today's main writes, and the older one with the media library in
// media-library/) is brought to the current version when the server starts, each step once and
// logged; a folder of a newer version is refused with one line and left as it is.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { ApiClient, EDITOR, startStaffServer } from '../helpers/admin-api.ts';
import { startTestServer } from '../helpers/server.ts';
import { tempDir } from '../helpers/config.ts';
import { signedToken } from '../helpers/visitor.ts';
import { openFileStore } from '../../server/storage/index.ts';
import { FORMAT_STEPS, STORE_FORMAT_VERSION, migrateDataDir, type FormatStep } from '../../server/storage/file/format.ts';

const format = (dir: string) => JSON.parse(readFileSync(join(dir, 'format.json'), 'utf8'));

/** A data folder as the store writes it: a visitor's request and an image in the media library. */
async function writtenFolder() {
  const { srv, editor } = await startStaffServer();
  const r = await fetch(`${srv.url}/api/forms/site-contact?lang=fr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      lang: 'fr',
      ...signedToken(),
      website: '',
      title: 'ms',
      firstName: 'Sophie',
      lastName: 'Lambert',
      email: 'sophie.lambert@example.be',
      phone: '0472 98 76 54',
      message: 'Bonjour, je souhaite vendre mon appartement à Ixelles.',
    }),
  });
  expect(r.status).toBe(201);
  const lead = (await r.json()).id as string;
  const fd = new FormData();
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c69a7a' } })
    .jpeg()
    .toBuffer();
  fd.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'facade.jpg');
  const up = await editor.req('POST', '/api/admin/media', fd);
  expect(up.status).toBe(201);
  await srv.close();
  return { dir: srv.dataDir, lead, image: up.json.item as { id: string; url: string } };
}

async function serves(dir: string, lead: string, image: { id: string; url: string }) {
  const srv = await startTestServer({ dataDir: dir });
  try {
    const staff = await new ApiClient(srv.url).login(EDITOR.username, EDITOR.password);
    expect((await staff.req('GET', `/api/admin/leads/${lead}`)).status).toBe(200);
    expect((await staff.req('GET', '/api/admin/media')).json.items.map((i: { id: string }) => i.id)).toContain(image.id);
    expect((await fetch(srv.url + image.url)).status).toBe(200);
  } finally {
    await srv.close();
  }
}

describe('store format version', () => {
  it('marks a new data folder with the current version', async () => {
    const srv = await startTestServer();
    await srv.close();
    expect(format(srv.dataDir)).toEqual({ version: STORE_FORMAT_VERSION });
  });

  it('brings a folder of version 1 (no format.json, as today’s main writes it) to the current version at start, logged once', async () => {
    const { dir, lead, image } = await writtenFolder();
    rmSync(join(dir, 'format.json')); // what the code before versions wrote: everything else the same
    const log: string[] = [];
    await (await openFileStore(dir, { log: (l) => log.push(l) })).close();
    expect(format(dir)).toEqual({ version: 2 });
    expect(log).toEqual([`data in ${dir}: format 1 → 2 (${FORMAT_STEPS[0].what}): no media-library folder to move`]);
    // Once: the next start has nothing to do.
    await (await openFileStore(dir, { log: (l) => log.push(l) })).close();
    expect(log).toHaveLength(1);
    await serves(dir, lead, image);
  }, 60_000);

  it('moves the media library of an older folder (media-library/) into uploads/library', async () => {
    const { dir, lead, image } = await writtenFolder();
    rmSync(join(dir, 'format.json'));
    renameSync(join(dir, 'uploads', 'library'), join(dir, 'media-library'));
    const log: string[] = [];
    await (await openFileStore(dir, { log: (l) => log.push(l) })).close();
    expect(log[0]).toMatch(/format 1 → 2 .*: media-library moved to uploads\/library$/);
    expect(existsSync(join(dir, 'media-library'))).toBe(false);
    expect(readdirSync(join(dir, 'uploads', 'library')).length).toBeGreaterThan(0);
    await serves(dir, lead, image);
  }, 60_000);

  it('refuses a folder of a newer version with one line, leaving it as it is', async () => {
    const dir = tempDir('newer-');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'format.json'), JSON.stringify({ version: STORE_FORMAT_VERSION + 1 }));
    await expect(startTestServer({ dataDir: dir })).rejects.toThrow(
      `the data in ${dir} has format version ${STORE_FORMAT_VERSION + 1}, newer than this version of Vitrine reads (${STORE_FORMAT_VERSION}): run a newer Vitrine, or restore a backup made for this one`,
    );
    expect(format(dir)).toEqual({ version: STORE_FORMAT_VERSION + 1 });
    expect(readdirSync(dir).sort()).toEqual(['format.json', 'secrets.json']);
  });

  it('refuses a format.json that does not say a version, naming the file and what is expected', async () => {
    const dir = tempDir('badformat-');
    writeFileSync(join(dir, 'format.json'), '{"version":"2"}');
    await expect(openFileStore(dir)).rejects.toThrow(
      `${join(dir, 'format.json')}: expected {"version": N} with N a whole number from 1, got "{\\"version\\":\\"2\\"}"`,
    );
  });

  it('runs the steps in order, each once and recorded when done; a step that fails is run again at the next start', async () => {
    const dir = tempDir('steps-');
    writeFileSync(join(dir, 'leads.log'), ''); // not a fresh folder
    const ran: number[] = [];
    let fail = true;
    const step = (to: number, run?: () => void): FormatStep => ({
      to,
      what: `step ${to}`,
      run: async () => {
        run?.();
        ran.push(to);
        return `did ${to}`;
      },
    });
    const steps = [
      step(4),
      step(3, () => {
        if (fail) throw new Error('disk full');
      }),
      step(2),
    ];
    const log: string[] = [];
    await expect(migrateDataDir(dir, (l) => log.push(l), steps, 4)).rejects.toThrow('disk full');
    expect(ran).toEqual([2]);
    expect(format(dir)).toEqual({ version: 2 });
    fail = false;
    await migrateDataDir(dir, (l) => log.push(l), steps, 4);
    expect(ran).toEqual([2, 3, 4]);
    expect(format(dir)).toEqual({ version: 4 });
    expect(log).toEqual([
      `data in ${dir}: format 1 → 2 (step 2): did 2`,
      `data in ${dir}: format 2 → 3 (step 3): did 3`,
      `data in ${dir}: format 3 → 4 (step 4): did 4`,
    ]);
    await migrateDataDir(dir, (l) => log.push(l), steps, 4);
    expect(ran).toEqual([2, 3, 4]);
  });

  it('the steps are safe to run again (the process may stop between a step and its record)', async () => {
    const { dir } = await writtenFolder();
    renameSync(join(dir, 'uploads', 'library'), join(dir, 'media-library'));
    for (const step of FORMAT_STEPS) {
      await step.run(dir);
      const files = readdirSync(join(dir, 'uploads', 'library')).sort();
      expect(await step.run(dir)).toMatch(/^no media-library folder to move$/);
      expect(readdirSync(join(dir, 'uploads', 'library')).sort()).toEqual(files);
    }
  }, 60_000);
});
