// `npm run soak`, the import probe (issue 40, point 5): the audit's 211 MB CRM file — the shipped
// sample plus one unknown 200 MB field — uploaded by an admin in the editor, then the same sample with
// an unknown field just under the limit (LISTINGS_MAX_MB, 100 MB by default). Figures per upload: the
// answer, the server's peak RSS while it was sent and read (sampled every 50 ms), its RSS after a full
// GC once answered, and the time of the next uncached list page.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MB = 1024 * 1024;

/** The sample with one unknown field of `mb` MB in its first property, written piece by piece. */
function probeFile(root, dir, mb) {
  const feed = JSON.parse(readFileSync(join(root, 'site-config/listings/sample.json'), 'utf8'));
  feed.properties[0].AuditPayload = '@@';
  const [a, b] = JSON.stringify(feed).split('"@@"');
  const file = join(dir, `crm-${mb}.json`);
  const fd = openSync(file, 'w');
  writeSync(fd, `${a}"`);
  const chunk = 'Z'.repeat(MB);
  for (let i = 0; i < mb; i++) writeSync(fd, chunk);
  writeSync(fd, `"${b}`);
  closeSync(fd);
  return file;
}

/** An admin logged in (an account added to the data folder as `npm run staff -- add` does). */
async function adminSession(base, dataDir, main) {
  const username = `soak.admin.${process.pid}@example.be`;
  const password = 'a long soak password';
  await main.addStaff(main.StaffAccounts.inDataDir(dataDir), { username, password, role: 'admin', name: 'Soak' }).catch(() => {});
  const r = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (r.status !== 200) throw new Error(`soak admin login: ${r.status}`);
  const cookie = r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, csrf: (await r.json()).csrf };
}

export async function soakImport({ root, base, dataDir, ask, line, MiB, ms }) {
  const main = await import(join(root, 'dist/server/main.js'));
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-soak-import-'));
  const admin = await adminSession(base, dataDir, main);
  const before = await ask('stats');
  line('server RSS before (after a full GC)', `${MiB(before.rss)} MB`);
  const nextPage = async () => {
    const t = performance.now();
    const r = await fetch(`${base}/fr/acheter/?sort=price-asc&page=2&soak=${Date.now()}`);
    await r.arrayBuffer();
    return `${r.status} in ${ms(performance.now() - t)}`;
  };
  for (const [label, mb] of [
    ['the audit’s file: sample + 200 MB field', 200],
    ['sample + a 90 MB field (under the limit)', 90],
  ]) {
    const file = probeFile(root, dir, mb);
    const size = statSync(file).size;
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, (await ask('rss')).rss);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const t = performance.now();
    const r = await fetch(`${base}/api/admin/listings/upload?name=crm-${mb}.json`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json', 'content-length': String(size) },
      body: readFileSync(file),
    }).catch((e) => ({ status: `connection closed (${e.cause?.code ?? e.message})`, json: async () => ({}) }));
    const json = await r.json().catch(() => ({}));
    const took = performance.now() - t;
    sampling = false;
    await sampler;
    let answer = json.error ?? json.outcome?.result ?? '';
    if (json.outcome?.entry?.id) {
      const entry = await (await fetch(`${base}/api/admin/listings/imports/${json.outcome.entry.id}`, { headers: { cookie: admin.cookie } })).json();
      answer += `, ${entry.problems?.[0]?.reason ?? 'no problem'}`;
    }
    line(`${label} (${(size / 1e6).toFixed(0)} MB)`, `${r.status} in ${ms(took)}: ${answer}`);
    line('  server peak RSS meanwhile', `${MiB(peak)} MB`);
    line('  next uncached list page', await nextPage());
    line('  server RSS after (after a full GC)', `${MiB((await ask('stats')).rss)} MB`);
    rmSync(file);
  }
  rmSync(dir, { recursive: true, force: true });
}
