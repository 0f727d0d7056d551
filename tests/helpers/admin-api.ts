// The editor's API as staff browsers use it: a server of its own with an editor and an admin
// logged in, and the sample listing for sale their requests and owner accounts point at.
import { expect } from 'vitest';
import { startTestServer } from './server.ts';
import { sampleListings } from './listings.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';

export const sample = (await sampleListings()) as any;
export type P = { ID: number; language: string; Availability: string; Goal: number; OwnerRef?: string };
export const forSale: P = sample.properties.find((p: P) => p.language === 'fr' && p.Availability === 'available' && p.Goal === 0);

/** A browser-like client: a cookie jar, the site's Origin, and the anti-CSRF token once logged in. */
export class ApiClient {
  cookie = '';
  csrf = '';
  constructor(readonly base: string) {}
  async req(method: string, path: string, body?: unknown, opts: { csrf?: boolean; headers?: Record<string, string> } = {}) {
    const form = body instanceof FormData;
    const r = await fetch(this.base + path, {
      method,
      redirect: 'manual',
      headers: {
        origin: this.base,
        accept: 'application/json',
        ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(method !== 'GET' && opts.csrf !== false && this.csrf ? { 'x-csrf-token': this.csrf } : {}),
        ...opts.headers,
      },
      body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
    });
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = pair.split('=');
      const others = this.cookie.split('; ').filter((x) => x && !x.startsWith(`${name}=`));
      this.cookie = [...others, ...(value ? [`${name}=${value}`] : [])].join('; ');
    }
    const bytes = Buffer.from(await r.arrayBuffer());
    let json: any;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      json = undefined;
    }
    return { status: r.status, json, bytes, headers: r.headers };
  }
  async login(username: string, password: string) {
    const r = await this.req('POST', '/api/admin/login', { username, password });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    this.csrf = r.json.csrf;
    return this;
  }
}

export const EDITOR = { username: 'eva.editor@atrium-immo.be', password: 'editor secret 2026', role: 'editor' };
export const ADMIN = { username: 'adam.admin@atrium-immo.be', password: 'admin secret 2026', role: 'admin' };

/** A server from source with its own data folder, its editor and its admin each logged in. */
export async function startStaffServer(opts: Parameters<typeof startTestServer>[0] = {}) {
  const srv = await startTestServer(opts);
  const staff = StaffAccounts.inDataDir(srv.dataDir);
  await addStaff(staff, EDITOR);
  await addStaff(staff, ADMIN);
  const editor = await new ApiClient(srv.url).login(EDITOR.username, EDITOR.password);
  const admin = await new ApiClient(srv.url).login(ADMIN.username, ADMIN.password);
  return { srv, editor, admin };
}
