// Moving in (issue 18): an agency that started with `npm start` (the embedded store) copies its data
// folder into PostgreSQL with `npm run db:import-json`, then serves from the database: the same
// requests and their mails, revisions, accounts and sessions; run twice, nothing is copied twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { sharedPostgres, type TestPostgres } from '../helpers/pg.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { tempDir } from '../helpers/config.ts';
import { ApiClient } from '../helpers/admin-api.ts';
import { Client } from '../helpers/client.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';
import { OwnerAccounts, addOwner } from '../../server/auth/owner-accounts.ts';
import { importJsonStore } from '../../server/storage/pg/import-json.ts';
import { readStoredLeads } from '../../server/storage/index.ts';
import { signedToken } from '../helpers/visitor.ts';

const STAFF = { username: 'lotte.claes@atrium-immo.be', password: 'verhuizen naar postgres', role: 'admin' };
const OWNER = { username: 'Marie.Dubois@example.be', password: 'correct horse battery', lang: 'fr' as const, ref: 'owner-001' };
const visitor = (i: number) => ({
  lang: 'fr',
  ...signedToken(),
  website: '',
  title: 'ms',
  firstName: 'Françoise',
  lastName: `D'Hondt-${i}`,
  email: `francoise.dhondt+${i}@example.be`,
  phone: '+32 475 12 34 56',
  message: `Bonjour,\n\nJe souhaite faire estimer ma maison à Watermael-Boitsfort (${i}). Disponible le mercredi après 17 h.\n\nCordialement`,
});

describe('npm run db:import-json', () => {
  let pg: TestPostgres;
  let url: string;
  const dataDir = tempDir('move-');
  const ids: string[] = [];
  let ownerCookie = '';
  let mark = '';

  beforeAll(async () => {
    pg = await sharedPostgres();
    url = await pg.database();
    // A month of the embedded store: requests (the mail server away, so their mails wait), a publish, an owner logged in.
    const srv = await startTestServer({ dataDir });
    await addStaff(StaffAccounts.inDataDir(dataDir), STAFF);
    await addOwner(OwnerAccounts.inDataDir(dataDir), OWNER);
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${srv.url}/api/forms/site-contact?lang=fr`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(visitor(i)),
      });
      const answer = await r.json();
      expect(r.status, JSON.stringify(answer)).toBe(201);
      ids.push(answer.id);
    }
    const staff = await new ApiClient(srv.url).login(STAFF.username, STAFF.password);
    const footer = (await staff.req('GET', '/api/admin/docs/footer')).json;
    mark = `© Atrium Immo – verhuisd ${Date.now()}`;
    expect(
      (await staff.req('PUT', '/api/admin/docs/footer', { data: { ...footer.data, copyright: { ...footer.data.copyright, fr: mark } }, baseRev: footer.rev }))
        .status,
    ).toBe(200);
    // A change planned for next month (issue 38, point 4).
    const planned = await staff.req('POST', '/api/admin/schedule', {
      key: 'page:5',
      action: 'publish',
      at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    expect(planned.status).toBe(201);
    const owner = new Client(srv.url);
    expect((await owner.req('POST', '/api/owner/login', { username: OWNER.username, password: OWNER.password, lang: 'fr' })).status).toBe(200);
    ownerCookie = owner.cookie;
    await srv.close();
  });
  afterAll(async () => {
    await pg?.stop();
  });

  it('copies the requests with their mails, the revisions, the accounts and the live sessions, and counts them', async () => {
    const counts = await importJsonStore(dataDir, { url }, tempDir('move-local-'));
    // The three requests, and the sample testimonials a fresh store gets (published: they are requests too).
    const requests = readStoredLeads(dataDir).submissions;
    expect(requests.filter((r: { kind: string }) => r.kind === 'site-contact')).toHaveLength(3);
    expect(requests.filter((r: { kind: string }) => r.kind !== 'site-contact' && r.kind !== 'testimonial')).toEqual([]);
    expect(counts.requests).toEqual({ copied: requests.length, skipped: 0 });
    // The three requests' mails (agency and visitor) and any other mail the folder holds, each once.
    expect(counts.mails).toEqual({ copied: readStoredLeads(dataDir).outbox.length, skipped: 0 });
    expect(counts.mails.copied).toBeGreaterThanOrEqual(6);
    expect(counts.revisions).toEqual({ copied: 1, skipped: 0 });
    expect(counts.staff).toEqual({ copied: 1, skipped: 0 });
    expect(counts.owners).toEqual({ copied: 1, skipped: 0 });
    expect(counts['audit entries']).toEqual({ copied: 1, skipped: 0 }); // the staff account added on the command line
    expect(counts.sessions.copied).toBeGreaterThanOrEqual(2);
    expect(counts.secrets.copied).toBeGreaterThanOrEqual(1);
    expect(counts['scheduled changes']).toEqual({ copied: 1, skipped: 0 });
  });

  it('copies nothing twice when run again', async () => {
    const counts = await importJsonStore(dataDir, { url }, tempDir('move-local-'));
    for (const [what, c] of Object.entries(counts)) expect(c.copied, what).toBe(0);
    expect(counts.requests.skipped).toBe(readStoredLeads(dataDir).submissions.length);
  });

  it('serves from the database what the folder had: the publish, the inbox, the owner still logged in, the waiting mails sent', async () => {
    const smtp = await startSmtp();
    const srv = await startTestServer({ dataDir: tempDir('node-'), database: { url }, smtpUrl: smtp.url, outboxRetryMs: 100 });
    try {
      expect(await (await fetch(`${srv.url}/fr/`)).text()).toContain(mark);
      const staff = await new ApiClient(srv.url).login(STAFF.username, STAFF.password);
      const inbox = JSON.stringify((await staff.req('GET', '/api/admin/leads')).json);
      for (const id of ids) expect(inbox).toContain(id);
      expect((await staff.req('GET', '/api/admin/schedule')).json.waiting.map((e: { key: string }) => e.key)).toEqual(['page:5']);
      expect(inbox).toContain("D'Hondt-2");
      const owner = Object.assign(new Client(srv.url), { cookie: ownerCookie });
      expect((await owner.req('GET', '/api/owner/me')).status).toBe(200);
      const requests = ids.flatMap((id) => [`<${id}-agency@www.atrium-immo.be>`, `<${id}-visitor@www.atrium-immo.be>`]);
      // Every mail the folder was waiting to send, once: the requests' and the owner's login notice,
      // which the portal queues just after its answer (in the folder or not yet when the first server stopped).
      const expected = readStoredLeads(dataDir)
        .outbox.filter((m) => !m.sentAt)
        .map((m) => `<${m.id}@www.atrium-immo.be>`);
      expect(expected).toEqual(expect.arrayContaining(requests));
      const deadline = Date.now() + 20_000;
      while (!expected.every((m) => smtp.received.some((x) => x.messageId === m)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(smtp.received.map((m) => m.messageId).sort()).toEqual(expected.sort());
      expect(smtp.received.find((m) => m.messageId === requests[0])?.text).toContain('Watermael-Boitsfort');
    } finally {
      await srv.close();
      await smtp.close();
    }
  });
});
