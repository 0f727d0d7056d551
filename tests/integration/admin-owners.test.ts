// Owner accounts over HTTP against a real server, managed by an admin (refused to an editor):
// added with a generated password shown once, refused when bad, disabled (ending their sessions)
// and enabled again, given a new password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredSessions } from '../../server/storage/index.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient, forSale, sample, startStaffServer, type P } from '../helpers/admin-api.ts';

let srv: Awaited<ReturnType<typeof startStaffServer>>['srv'];
let editor: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  ({ srv, editor, admin } = await startStaffServer());
}, 60_000);
afterAll(async () => {
  await srv?.close();
});

describe('owner accounts', () => {
  let ownerId = '';
  let password = '';
  const ownerLogin = async (pw: string) => {
    const c = new ApiClient(srv.url);
    const r = await c.req('POST', '/api/owner/login', { username: 'marie.dubois@example.be', password: pw, lang: 'fr' });
    return { client: c, status: r.status };
  };

  it('is refused (403) to an editor, for reads and writes', async () => {
    const list = await editor.req('GET', '/api/admin/owners');
    expect(list.status).toBe(403);
    expect(list.json.error).toBe('Only an admin may do this.');
    const add = await editor.req('POST', '/api/admin/owners', { username: 'someone@example.be', lang: 'fr' });
    expect(add.status).toBe(403);
    expect(existsSync(join(srv.dataDir, 'owners.json'))).toBe(false);
  });

  it('lets an admin add an account: the generated password is shown once and works in the portal', async () => {
    const r = await admin.req('POST', '/api/admin/owners', { username: 'Marie.Dubois@example.be', lang: 'fr', propertyIds: [forSale.ID], ref: 'owner-001' });
    expect(r.status).toBe(201);
    expect(r.json.owner).toMatchObject({ username: 'marie.dubois@example.be', lang: 'fr', propertyIds: [forSale.ID], ref: 'owner-001', disabled: false });
    expect(r.json.owner.properties[0]).toMatchObject({ id: forSale.ID, via: 'id' });
    expect(typeof r.json.password).toBe('string');
    expect(r.json.password.length).toBeGreaterThanOrEqual(10);
    ownerId = r.json.owner.id;
    password = r.json.password;
    expect(JSON.stringify(r.json)).not.toMatch(/passwordHash|scrypt\$|tokenHash/);
    // Only the hash is kept.
    const file = readFileSync(join(srv.dataDir, 'owners.json'), 'utf8');
    expect(file).not.toContain(password);
    expect(JSON.parse(file).owners[0].passwordHash).toMatch(/^scrypt\$/);

    const list = await admin.req('GET', '/api/admin/owners');
    expect(list.status).toBe(200);
    expect(list.json.owners.map((o: { username: string }) => o.username)).toEqual(['marie.dubois@example.be']);
    expect(list.json.owners[0].password).toBeUndefined();
    expect(JSON.stringify(list.json)).not.toMatch(/passwordHash|scrypt\$|tokenHash|reset"/);

    expect((await ownerLogin(password)).status).toBe(200);
  });

  it('refuses bad accounts with the field named, and a second account for one address with 409', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ username: 'not-an-email', lang: 'fr' }, 422, 'username'],
      [{ username: 'a@example.be', lang: 'xx' }, 422, 'lang'],
      [{ username: 'a@example.be', lang: 'fr', propertyIds: [99999999] }, 422, 'propertyIds'],
      [{ username: 'a@example.be', lang: 'fr', propertyIds: 'all' }, 422, 'propertyIds'],
      [{ username: 'a@example.be', lang: 'fr', ref: 42 }, 422, 'ref'],
      [{ username: 'a@example.be', lang: 'fr', password: 'mine' }, 400, 'password'],
      [{ username: 'MARIE.DUBOIS@example.be', lang: 'nl' }, 409, 'username'],
    ];
    for (const [body, status, field] of cases) {
      const r = await admin.req('POST', '/api/admin/owners', body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.json.field, JSON.stringify(body)).toBe(field);
    }
    expect(JSON.parse(readFileSync(join(srv.dataDir, 'owners.json'), 'utf8')).owners).toHaveLength(1);
  });

  it('disables an account (ending its sessions) and enables it again; edits properties and reference', async () => {
    const { client } = await ownerLogin(password);
    expect((await client.req('GET', '/api/owner/me')).json.loggedIn).toBe(true);
    const sessions = () => readStoredSessions(srv.dataDir).filter((s) => s.person === `owner:${ownerId}`);
    expect(sessions().length).toBeGreaterThan(0);

    const off = await admin.req('POST', `/api/admin/owners/${ownerId}`, { disabled: true });
    expect(off.status).toBe(200);
    expect(off.json.owner.disabled).toBe(true);
    expect(sessions()).toHaveLength(0);
    expect((await client.req('GET', '/api/owner/me')).json.loggedIn).toBe(false);
    expect((await ownerLogin(password)).status).toBe(401);

    const on = await admin.req('POST', `/api/admin/owners/${ownerId}`, { disabled: false, propertyIds: [], ref: 'owner-002', lang: 'nl' });
    expect(on.status).toBe(200);
    expect(on.json.owner).toMatchObject({ disabled: false, propertyIds: [], ref: 'owner-002', lang: 'nl' });
    const viaRef = sample.properties.filter((p: P) => p.OwnerRef === 'owner-002').map((p: P) => p.ID);
    expect(on.json.owner.properties.map((p: { id: number }) => p.id).sort()).toEqual([...new Set(viaRef)].sort());
    expect(JSON.parse(readFileSync(join(srv.dataDir, 'owners.json'), 'utf8')).owners[0]).toMatchObject({
      disabled: false,
      ref: 'owner-002',
      lang: 'nl',
      propertyIds: [],
    });
    expect((await ownerLogin(password)).status).toBe(200);

    const noRef = await admin.req('POST', `/api/admin/owners/${ownerId}`, { ref: null });
    expect(noRef.json.owner.ref).toBeUndefined();

    expect((await admin.req('POST', `/api/admin/owners/${ownerId}`, { disabled: 'yes' })).json.field).toBe('disabled');
    expect((await admin.req('POST', `/api/admin/owners/${ownerId}`, { username: 'x@example.be' })).status).toBe(400);
    expect((await admin.req('POST', '/api/admin/owners/00000000-0000-4000-8000-000000000000', { disabled: true })).status).toBe(404);
    expect((await editor.req('POST', `/api/admin/owners/${ownerId}`, { disabled: true })).status).toBe(403);
    expect(JSON.parse(readFileSync(join(srv.dataDir, 'owners.json'), 'utf8')).owners[0].disabled).toBe(false);
  });

  it('gives an owner a new password (shown once); the old one stops working', async () => {
    const r = await admin.req('POST', `/api/admin/owners/${ownerId}/password`, {});
    expect(r.status).toBe(200);
    expect(r.json.password).not.toBe(password);
    expect((await ownerLogin(password)).status).toBe(401);
    expect((await ownerLogin(r.json.password)).status).toBe(200);
  });
});
