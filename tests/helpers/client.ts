import { StaffAccounts, addStaff, type StaffRole } from '../../server/auth/staff-accounts.ts';

export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/** A small cookie jar over fetch: what a browser would send back. */
export class Client {
  cookie = '';
  constructor(
    readonly base: string,
    readonly headers: Record<string, string> = {},
  ) {}
  async req(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<{ status: number; json: any; text: string; headers: Headers }> {
    const r = await fetch(this.base + path, {
      method,
      redirect: 'manual',
      headers: {
        'user-agent': BROWSER_UA,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...this.headers,
        ...extra,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = pair.split('=');
      const others = this.cookie.split('; ').filter((x) => x && !x.startsWith(`${name}=`));
      this.cookie = [...others, ...(value ? [`${name}=${value}`] : [])].join('; ');
    }
    const text = await r.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: r.status, json, text, headers: r.headers };
  }
}

/** A staff member's browser: logged in to the editor, sending the anti-CSRF token on writes. */
export class StaffClient extends Client {
  csrf = '';
  override req(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    return super.req(method, path, body, method === 'GET' || !this.csrf ? extra : { 'x-csrf-token': this.csrf, ...extra });
  }
  async login(username: string, password: string) {
    const r = await super.req('POST', '/api/admin/login', { username, password });
    if (r.status === 200) this.csrf = r.json.csrf;
    return r;
  }
}

let n = 0;
/** A new staff account in the server's data folder (as `npm run staff -- add` makes it), logged in. */
export async function staffSession(base: string, dataDir: string, role: StaffRole, name?: string): Promise<StaffClient & { username: string }> {
  const username = `${name ?? role}.${process.pid}.${++n}@atrium.example`;
  const password = 'a long staff password';
  await addStaff(StaffAccounts.inDataDir(dataDir), { username, password, role });
  const c = new StaffClient(base) as StaffClient & { username: string };
  c.username = username;
  const r = await c.login(username, password);
  if (r.status !== 200) throw new Error(`staff login failed: ${r.status} ${r.text}`);
  return c;
}
