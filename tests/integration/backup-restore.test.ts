// Backups that restore (issue 41, point 6): `npm run backup` copies the embedded store of a running
// server while visitors keep posting forms (requests with and without a CV), `npm run restore` puts
// it into a new data folder, and a server started on that folder has every request acknowledged
// before the backup began, each CV, the media library's image and the editor's revision. A damaged
// backup, one of a newer format, and a data folder or backup folder not empty are refused with one
// line and exit code 1, writing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { ApiClient, ADMIN, EDITOR, startStaffServer } from '../helpers/admin-api.ts';
import { startTestServer } from '../helpers/server.ts';
import { root, tempDir } from '../helpers/config.ts';
import { person, signedToken } from '../helpers/visitor.ts';
import { pdfFile } from '../helpers/files.ts';
import { backupCommand } from '../../server/storage/backup/command.ts';
import { controlSocketPath, requestSnapshot } from '../../server/storage/file/backup-control.ts';
import { STORE_FORMAT_VERSION } from '../../server/storage/file/format.ts';
import { SNAPSHOT_MAX_FILES, stageSnapshot } from '../../server/storage/file/snapshot.ts';
import { readManifest } from '../../server/storage/backup/restore.ts';

type Srv = Awaited<ReturnType<typeof startTestServer>>;

/** Runs the command as `npm run backup|restore -- dir` would, with DATA_DIR; its exit code and lines. */
async function run(what: 'backup' | 'restore', dir: string, dataDir: string) {
  const lines: string[] = [];
  const code = await backupCommand(what, [dir], { DATA_DIR: dataDir }, root, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
  return { code, lines };
}

const contact = (srv: Srv, i: number) =>
  fetch(`${srv.url}/api/forms/site-contact?lang=nl`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      lang: 'nl',
      ...signedToken(),
      website: '',
      title: 'mr',
      firstName: 'Pieter',
      lastName: `Van den Broeck-${i}`,
      email: `pieter.vandenbroeck+${i}@example.be`,
      phone: '+32 476 55 44 33',
      message: `Goedendag, ik zoek een woning met tuin in Leuven of omgeving (${i}).`,
    }),
  });

function jobApplication(srv: Srv, i: number) {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ ...person(), lastName: `Dupont-${i}`, position: 'Agent immobilier', message: `Candidature ${i}` }))
    fd.append(k, String(v));
  fd.append('cv', new Blob([new Uint8Array(pdfFile(`CV ${i}`))], { type: 'application/pdf' }), `cv-${i}.pdf`);
  return fetch(`${srv.url}/api/forms/job-application?lang=fr`, { method: 'POST', headers: { accept: 'application/json' }, body: fd });
}

describe('backup of a running server under form load, restored into a new folder', () => {
  let srv: Srv;
  let editor: ApiClient;
  let admin: ApiClient;
  const acked: Array<{ id: string; at: number; cv?: number }> = [];
  let mark = '';
  let image = { id: '', url: '' };
  const backupDir = tempDir('backup-');
  const restored = tempDir('restored-');
  let began = 0;
  let during = 0;

  beforeAll(async () => {
    ({ srv, editor, admin } = await startStaffServer());
    // An editor's change (a revision) and an image in the media library.
    const footer = (await admin.req('GET', '/api/admin/docs/footer')).json;
    mark = `© Atrium Immo – back-up ${Date.now()}`;
    const saved = await admin.req('PUT', '/api/admin/docs/footer', {
      data: { ...footer.data, copyright: { ...footer.data.copyright, nl: mark } },
      baseRev: footer.rev,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const fd = new FormData();
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7a9cc6' } })
      .jpeg()
      .toBuffer();
    fd.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'woonkamer.jpg');
    const up = await editor.req('POST', '/api/admin/media', fd);
    expect(up.status, JSON.stringify(up.json)).toBe(201);
    image = up.json.item;

    // Visitors post all along: four at a time, every third with a CV, until told to stop.
    let stop = false;
    let n = 0;
    const visitor = async () => {
      while (!stop) {
        const i = n++;
        const cv = i % 3 === 0;
        const r = await (cv ? jobApplication(srv, i) : contact(srv, i));
        const body = await r.json();
        expect(r.status, JSON.stringify(body)).toBe(201);
        acked.push({ id: body.id, at: Date.now(), ...(cv ? { cv: i } : {}) });
      }
    };
    const visitors = Array.from({ length: 4 }, visitor);
    // Once some are in, the backup runs while the posts go on.
    while (acked.length < 30) await new Promise((r) => setTimeout(r, 10));
    began = Date.now();
    const done = await run('backup', backupDir, srv.dataDir);
    expect(done, done.lines.join('\n')).toMatchObject({ code: 0 });
    expect(done.lines[0]).toMatch(/^backed up \d+ files \(.* MB, format 2\) of /);
    // Posts went on while the backup ran, and after it.
    const after = acked.length;
    while (acked.length < after + 10) await new Promise((r) => setTimeout(r, 10));
    during = acked.filter((a) => a.at >= began).length;
    stop = true;
    await Promise.all(visitors);
    await srv.close();
  }, 120_000);

  afterAll(async () => {
    await srv?.close();
  });

  it('writes a manifest with the format version, the time, and each file with its size and SHA-256', () => {
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ kind: 'vitrine-backup', formatVersion: STORE_FORMAT_VERSION, from: srv.dataDir });
    expect(Date.parse(manifest.created)).toBeGreaterThanOrEqual(began);
    const paths = manifest.files.map((f: { path: string }) => f.path);
    for (const p of ['format.json', 'leads.log', 'revisions.json', 'staff.json', 'secrets.json', 'sessions.log']) expect(paths).toContain(p);
    expect(paths.some((p: string) => p.startsWith('uploads/cv/'))).toBe(true);
    expect(paths.some((p: string) => p.startsWith('uploads/library/'))).toBe(true);
    // Nothing in flight or made again: no temporary files, no staging folder, no socket, no picture cache.
    expect(paths.filter((p: string) => /\.tmp$|^tmp\/|^cache\/|^\.backup-|\.sock$/.test(p))).toEqual([]);
    for (const f of manifest.files) expect(f).toMatchObject({ size: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The server's staging folder is gone.
    expect(readdirSync(srv.dataDir).filter((n) => n.startsWith('.backup-'))).toEqual([]);
    expect(during).toBeGreaterThan(0);
  });

  it('restores into a new folder, and a server on it has every request acknowledged before the backup began, each CV, the image and the revision', async () => {
    const done = await run('restore', backupDir, restored);
    expect(done, done.lines.join('\n')).toMatchObject({ code: 0 });
    expect(done.lines[0]).toMatch(/^restored \d+ files /);
    const again = await startTestServer({ dataDir: restored });
    try {
      const staff = await new ApiClient(again.url).login(EDITOR.username, EDITOR.password);
      const before = acked.filter((a) => a.at < began);
      expect(before.length).toBeGreaterThanOrEqual(30);
      for (const a of before) {
        const r = await staff.req('GET', `/api/admin/leads/${a.id}`);
        expect(r.status, `request ${a.id} acknowledged before the backup`).toBe(200);
        if (a.cv !== undefined) {
          const cv = await staff.req('GET', `/api/admin/leads/${a.id}/cv`);
          expect(cv.status).toBe(200);
          expect(cv.bytes.equals(pdfFile(`CV ${a.cv}`))).toBe(true);
        }
      }
      expect(await (await fetch(`${again.url}/nl/`)).text()).toContain(mark);
      const library = (await staff.req('GET', '/api/admin/media')).json.items.map((i: { id: string }) => i.id);
      expect(library).toContain(image.id);
      expect((await fetch(again.url + image.url)).status).toBe(200);
      // The admin account came back too.
      await new ApiClient(again.url).login(ADMIN.username, ADMIN.password);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('is taken by the running server itself (under its write pause), not beside it', async () => {
    const live = await startTestServer();
    try {
      const snap = await requestSnapshot(live.dataDir);
      expect(snap?.stage.startsWith(join(live.dataDir, '.backup-'))).toBe(true);
      expect(existsSync(join(snap!.stage, 'format.json'))).toBe(true);
    } finally {
      await live.close();
    }
    // The store lets its socket go once it is closed, just after the server.
    const deadline = Date.now() + 5_000;
    while (existsSync(controlSocketPath(live.dataDir)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // No server: nobody answers, and the command takes the snapshot itself.
    expect(await requestSnapshot(live.dataDir)).toBeNull();
  });
});

describe('refusals', () => {
  let backupDir = '';
  let source = '';
  beforeAll(async () => {
    const srv = await startTestServer();
    expect((await contact(srv, 1)).status).toBe(201);
    await srv.close();
    source = srv.dataDir;
    backupDir = tempDir('good-backup-');
    expect((await run('backup', backupDir, source)).code).toBe(0);
  });

  /** A copy of the good backup, changed by `harm`. */
  const harmed = (harm: (dir: string) => void) => {
    const dir = tempDir('harmed-');
    for (const f of JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')).files) {
      mkdirSync(join(dir, 'data', f.path, '..'), { recursive: true });
      writeFileSync(join(dir, 'data', f.path), readFileSync(join(backupDir, 'data', f.path)));
    }
    writeFileSync(join(dir, 'manifest.json'), readFileSync(join(backupDir, 'manifest.json')));
    harm(dir);
    return dir;
  };

  it('refuses a damaged backup, naming the file, and writes nothing', async () => {
    const dir = harmed((d) => {
      const path = join(d, 'data', 'leads.log');
      const bytes = readFileSync(path);
      bytes[Math.floor(bytes.length / 2)] ^= 0x20;
      writeFileSync(path, bytes);
    });
    const target = join(tempDir('target-'), 'data');
    expect(await run('restore', dir, target)).toEqual({
      code: 1,
      lines: ['restore refused: the backup is damaged: data/leads.log does not match its checksum'],
    });
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(join(target, '..'))).toEqual([]);
  });

  it('refuses a backup with a file missing or cut short, or without its manifest', async () => {
    const missing = harmed((d) => writeFileSync(join(d, 'data', 'format.json'), ''));
    expect((await run('restore', missing, tempDir('t-'))).lines[0]).toMatch(
      /^restore refused: the backup is damaged: data\/format\.json has 0 bytes, the manifest says \d+$/,
    );
    const none = harmed((d) => writeFileSync(join(d, 'manifest.json'), '{"kind":"vitrine-backup",'));
    expect((await run('restore', none, tempDir('t-'))).lines[0]).toMatch(/^restore refused: .*manifest\.json is damaged/);
    const cut = tempDir('cut-');
    expect(await run('restore', cut, tempDir('t-'))).toEqual({
      code: 1,
      lines: [`restore refused: ${cut} has no manifest.json: not a backup, or one cut short`],
    });
    const escape = harmed((d) => {
      const m = JSON.parse(readFileSync(join(d, 'manifest.json'), 'utf8'));
      m.files[0].path = '../../outside.json';
      writeFileSync(join(d, 'manifest.json'), JSON.stringify(m));
    });
    expect((await run('restore', escape, tempDir('t-'))).lines[0]).toMatch(/^restore refused: .*the entry .*outside\.json.* is damaged$/);
  });

  it('refuses a backup of a newer format than this code reads', async () => {
    const dir = harmed((d) => {
      const m = JSON.parse(readFileSync(join(d, 'manifest.json'), 'utf8'));
      writeFileSync(join(d, 'manifest.json'), JSON.stringify({ ...m, formatVersion: STORE_FORMAT_VERSION + 1 }));
    });
    const target = tempDir('t-');
    expect(await run('restore', dir, target)).toEqual({
      code: 1,
      lines: [
        `restore refused: the backup has format version ${STORE_FORMAT_VERSION + 1}, newer than this version of Vitrine reads (${STORE_FORMAT_VERSION}): restore it with a newer Vitrine`,
      ],
    });
    expect(readdirSync(target)).toEqual([]);
  });

  it('takes at most SNAPSHOT_MAX_FILES files, and reads a manifest listing at most as many', async () => {
    const files = readdirSync(source).filter((n) => !n.startsWith('.')).length;
    await expect(stageSnapshot(source, 2)).rejects.toThrow(`${source} holds more than 2 files: more than a backup takes`);
    expect(readdirSync(source).filter((n) => n.startsWith('.backup-'))).toEqual([]);
    expect(files).toBeGreaterThan(2);
    const listed = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')).files.length;
    await expect(readManifest(backupDir, listed - 1)).rejects.toThrow(`lists ${listed} files, more than ${listed - 1}`);
    expect((await readManifest(backupDir, listed)).files).toHaveLength(listed);
    expect(SNAPSHOT_MAX_FILES).toBe(1_000_000);
  });

  it('refuses a data folder that is not empty, and a backup folder that is not empty', async () => {
    expect(await run('restore', backupDir, source)).toEqual({
      code: 1,
      lines: [`restore refused: ${source} is not empty: restore into a new or empty data folder (DATA_DIR)`],
    });
    expect(await run('backup', backupDir, source)).toEqual({
      code: 1,
      lines: [`backup refused: ${backupDir} is not empty: a backup goes into a new or empty folder`],
    });
    expect(await backupCommand('backup', [], {}, root, { out: () => {}, err: () => {} })).toBe(2);
    expect(await backupCommand('restore', [backupDir], { DATABASE_URL: 'postgres://x@127.0.0.1/y' }, root, { out: () => {}, err: () => {} })).toBe(1);
  });
});
