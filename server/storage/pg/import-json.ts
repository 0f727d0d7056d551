/**
 * `npm run db:import-json -- DATA_DIR`: copies an embedded store (a data folder written by `npm start`)
 * into PostgreSQL, so that an agency can move without losing a request, a revision or an account.
 * Run it with the server stopped (the folder's journals are read as they are). It can be run again:
 * what the database has already is skipped, and the counts say what was copied.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { openFileStore, readStoredLeads } from '../index.ts';
import { FileBlobs, readStoredSessionMap } from '../file/small.ts';
import type { OutboxMessage } from '../types.ts';
import type { PgSettings } from './db.ts';
import { openPgStore } from './index.ts';
import { AUDIT_MAX_ENTRIES } from '../../../shared/constants.ts';

export interface ImportCount {
  copied: number;
  skipped: number;
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(path)));
    else if (e.isFile() && !e.name.endsWith('.tmp')) out.push(path);
  }
  return out;
}

export async function importJsonStore(dir: string, database: PgSettings, localDir: string): Promise<Record<string, ImportCount>> {
  if (!existsSync(dir) || !(await stat(dir)).isDirectory()) throw new Error(`${dir}: there is no data folder there`);
  const from = await openFileStore(dir);
  const to = await openPgStore(database, { localDir, node: false });
  const counts: Record<string, ImportCount> = {};
  const count = (what: string, copied: boolean) => {
    const c = (counts[what] ??= { copied: 0, skipped: 0 });
    if (copied) c.copied++;
    else c.skipped++;
  };
  try {
    // The mails the database has already (a second run), then the requests with their mails, oldest first.
    const stored = readStoredLeads(dir);
    const rows = await to.db.query<{ id: string; sent_at: string | null; attempts: number }>('SELECT id, sent_at, attempts FROM outbox WHERE id = ANY($1)', [
      stored.outbox.map((m) => m.id),
    ]);
    const there = new Map(rows.rows.map((r) => [r.id, r]));
    const { items } = await from.leads.find();
    const mailsOf = new Map<string, OutboxMessage[]>();
    for (const s of items) mailsOf.set(s.id, await from.outbox.forLead(s.id));
    for (const s of items.reverse()) {
      if (await to.leads.get(s.id)) {
        count('requests', false);
        continue;
      }
      const slot = s.appointment?.status === 'confirmed' ? s.appointment.slot : undefined;
      const outcome = await to.leads.add(s, mailsOf.get(s.id) ?? [], slot ? { slot } : undefined);
      if (outcome === 'slotTaken') throw new Error(`request ${s.id}: its visit ${slot} is booked by another request in the database`);
      count('requests', true);
    }
    // Mails (those of no request too: alerts, portal mails), then each one's state as the folder has it.
    await to.outbox.enqueue(stored.outbox.filter((m) => !there.has(m.id)));
    for (const m of stored.outbox) {
      const was = there.get(m.id);
      const markSent = !!m.sentAt && !was?.sent_at;
      const markFailed = !m.sentAt && m.attempts > (was?.attempts ?? 0);
      if (markSent) await to.outbox.markSent(m.id, m.sentAt!);
      else if (markFailed) await to.outbox.markFailed(m.id, m.attempts, m.nextAttemptAt, m.lastError ?? '');
      count('mails', !was || markSent || markFailed);
    }
    const robots = new Set((await to.leads.quarantined()).map((r) => JSON.stringify(r)));
    for (const r of stored.quarantine) {
      const copy = !robots.has(JSON.stringify(r));
      if (copy) await to.leads.quarantine(r);
      count('robot posts', copy);
    }

    // Revisions: the same numbers, in order; a database with other revisions is not mixed with these.
    const revs = await from.revisions.all();
    const have = await to.revisions.all();
    for (const [i, r] of revs.entries()) {
      if (have[i]) {
        if (have[i].rev !== r.rev || have[i].key !== r.key || have[i].at !== r.at)
          throw new Error(`revision ${r.rev}: the database has other revisions of the content already (${have[i].key} at ${have[i].at}); nothing more copied`);
        count('revisions', false);
        continue;
      }
      if (!(await to.revisions.append(r, i ? revs[i - 1].rev : 0))) throw new Error(`revision ${r.rev}: saved meanwhile in the database; run again`);
      count('revisions', true);
    }

    // Accounts, sessions (those still live: nobody is logged out by the move), view counts, media records.
    for (const kind of ['owners', 'staff'] as const) for (const a of await from[kind].all()) count(kind, await to[kind].insert(a));
    // The audit log, oldest first, so that the database's order is the folder's.
    for (const e of (await from.audit.recent(AUDIT_MAX_ENTRIES)).reverse()) count('audit entries', await to.audit.add(e));
    for (const [id, session] of readStoredSessionMap(dir)) {
      const copy = !(await to.sessions.get(id));
      if (copy) await to.sessions.set(id, session);
      count('sessions', copy);
    }
    const media = await from.media.all();
    for (const m of media) {
      const copy = !(await to.media.get(m.id));
      if (copy) await to.media.add(m);
      count('media records', copy);
    }
    // Changes planned for a time and still waiting (the finished ones are in the revisions' history).
    for (const e of (await from.schedules.list(0)).waiting) {
      const copy = !(await to.schedules.get(e.id));
      if (copy) await to.schedules.add(e, { total: Infinity, perDoc: Infinity });
      count('scheduled changes', copy);
    }
    const stats = existsSync(join(dir, 'stats.json'))
      ? (JSON.parse(readFileSync(join(dir, 'stats.json'), 'utf8')).views as Record<string, Record<string, number>>)
      : {};
    const batch = new Map<number, Map<string, number>>();
    for (const [id, days] of Object.entries(stats)) {
      const there = await to.stats.days(Number(id));
      for (const [day, n] of Object.entries(days)) {
        const missing = n - (there[day] ?? 0);
        count('view days', missing > 0);
        if (missing > 0) (batch.get(Number(id)) ?? batch.set(Number(id), new Map()).get(Number(id))!).set(day, missing);
      }
    }
    if (batch.size) await to.stats.add(batch);

    // Secrets (form tokens of pages open in browsers stay valid) and uploads (CVs, photos, the library).
    const secretsFile = join(dir, 'secrets.json');
    const secrets = existsSync(secretsFile) ? (JSON.parse(readFileSync(secretsFile, 'utf8')) as Record<string, string>) : {};
    for (const [name, hex] of Object.entries(secrets)) {
      const r = await to.db.query('INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, Buffer.from(hex, 'hex')]);
      count('secrets', r.rowCount === 1);
    }
    const uploadsDir = join(dir, 'uploads');
    const uploads = new FileBlobs(uploadsDir, false);
    for (const path of await walk(uploadsDir)) {
      const key = relative(uploadsDir, path).split(sep).join('/');
      const copy = !(await to.uploads.has(key));
      if (copy) await to.uploads.put(key, (await uploads.get(key))!);
      count('uploads', copy);
    }

    // Listing sets: every set the state names, then the state itself (when the database has none yet).
    const state = await from.listingSets.readState();
    for (const id of new Set([...state.liveHistory, ...(state.refusedSet ? [state.refusedSet] : [])])) {
      if (!(await from.listingSets.hasSet(id))) continue;
      const copy = !(await to.listingSets.hasSet(id));
      if (copy) {
        const { header, data } = await from.listingSets.readSet(id);
        await to.listingSets.writeSet(id, data, header.schema);
      }
      count('listing sets', copy);
    }
    const theirs = await to.listingSets.readState();
    const empty = !theirs.live && !theirs.entries.length;
    if (empty && (state.live || state.entries.length)) await to.listingSets.writeState(state);
    count('listing state', empty && !!(state.live || state.entries.length));
    const known = await from.listingSets.readAux('known-ids.json');
    if (known !== undefined && (await to.listingSets.readAux('known-ids.json')) === undefined) await to.listingSets.writeAux('known-ids.json', known);
    // The price history with the state it belongs to (when the database has none yet).
    const prices = await from.listingSets.readPrices();
    const copyPrices = prices.length > 0 && !(await to.listingSets.readPrices()).length;
    if (copyPrices) await to.listingSets.writePrices(prices, []);
    count('price history', copyPrices);
    return counts;
  } finally {
    await from.close().catch(() => {});
    await to.close();
  }
}
