// Staff accounts on PostgreSQL with two nodes (issue 38, point 7): an invitation sent from one node
// is accepted on the other; the same link sent to both nodes at once sets one password (the other
// says it was used); disabling on one node ends the session held on the other; both nodes' actions
// are in the one audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPostgres, type TestPostgres } from '../helpers/pg.ts';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { tempDir } from '../helpers/config.ts';
import { ApiClient, ADMIN } from '../helpers/admin-api.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';
import { openPgStore } from '../../server/storage/pg/index.ts';

let pg: TestPostgres;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const nodes: Array<Awaited<ReturnType<typeof startTestServer>>> = [];
beforeAll(async () => {
  pg = await sharedPostgres();
  smtp = await startSmtp();
  const url = await pg.database();
  for (let i = 0; i < 2; i++) nodes.push(await startTestServer({ dataDir: tempDir(`node-${i}-`), database: { url }, smtpUrl: smtp.url }));
  const cli = await openPgStore({ url }, { localDir: tempDir('cli-'), node: false });
  try {
    await addStaff(StaffAccounts.of(cli), { ...ADMIN, name: 'Adam Peeters' });
  } finally {
    await cli.close();
  }
}, 120_000);
afterAll(async () => {
  for (const n of nodes) await n.close();
  await smtp?.close();
  await pg?.stop();
});

describe('staff accounts on two nodes of one database', () => {
  it('accepts an invitation once across nodes, ends a session on the other node when disabled, and keeps one audit log', async () => {
    const [a, b] = nodes;
    const admin = await new ApiClient(a.url).login(ADMIN.username, ADMIN.password);
    const r = await admin.req('POST', '/api/admin/staff', { name: 'Sofie Wouters', username: 'sofie@atrium-immo.be', role: 'editor', lang: 'nl' });
    expect(r.status).toBe(201);
    await expect.poll(() => smtp.received.filter((m) => JSON.stringify(m.to).includes('sofie@atrium-immo.be')).length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.received.find((m) => JSON.stringify(m.to).includes('sofie@atrium-immo.be'))!;
    expect(mail.subject).toBe('Uitnodiging voor de website-editor van Atrium Immo');
    const token = /#token=([\w-]+)/.exec(mail.text!)![1];

    // The same link on both nodes at once: one password is set, the other answer says the link was used.
    const tries = await Promise.all(
      [a, b].map((n, i) =>
        new ApiClient(n.url).req('POST', '/api/admin/set-password', { token, password: `wachtwoord van node ${i}`, confirm: `wachtwoord van node ${i}` }),
      ),
    );
    expect(tries.map((t) => t.status).sort()).toEqual([200, 410]);
    expect(tries.find((t) => t.status === 410)!.json.code).toBe('link.used');
    const won = tries.findIndex((t) => t.status === 200);
    const sofie = await new ApiClient(b.url).login('sofie@atrium-immo.be', `wachtwoord van node ${won}`);
    expect((await sofie.req('GET', '/api/admin/me')).json.user.name).toBe('Sofie Wouters');

    const list = (await admin.req('GET', '/api/admin/staff')).json;
    const account = list.staff.find((s: any) => s.username === 'sofie@atrium-immo.be');
    expect(account).toMatchObject({ state: 'active', role: 'editor' });
    expect(account.lastLoginAt).not.toBeNull();
    expect((await admin.req('POST', `/api/admin/staff/${account.id}`, { disabled: true })).json.account.state).toBe('disabled');
    expect((await sofie.req('GET', '/api/admin/me')).status).toBe(401);

    const actions = (await new ApiClient(b.url).login(ADMIN.username, ADMIN.password).then((c) => c.req('GET', '/api/admin/staff'))).json.activity.map(
      (e: any) => `${e.by || 'host'} ${e.action} ${e.target}`,
    );
    expect(actions).toEqual([
      `${ADMIN.username} staff.disable sofie@atrium-immo.be`,
      'sofie@atrium-immo.be staff.accept sofie@atrium-immo.be',
      `${ADMIN.username} staff.invite sofie@atrium-immo.be`,
      `host staff.add ${ADMIN.username}`,
    ]);
  });
});
