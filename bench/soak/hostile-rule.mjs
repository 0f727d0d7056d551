// Soak probe (issue 40, point 1): the audit's hostile form condition. An editor saves a rule of
// `reduce` nested three deep over literal 200-item arrays on the valuation page's contact-demand
// form (the audit: saved, then every post held the event loop 6.5 s); then 100 posts to
// /api/forms/contact-demand and 20 uncached renders of the form's page. Prints the save's answer,
// the posts' statuses and the event loop's longest hold meanwhile.
import { join } from 'node:path';

const list = (n) => Array(n).fill(0);
const count = (over, body) => ({ reduce: [over, body, 0] });
export const HOSTILE_RULE = JSON.stringify(count(list(200), count(list(200), count(list(200), { '+': [{ var: 'accumulator' }, 1] }))));

/** `ctx`: base URL, data folder, repo root, ask (the server's stats), line and figure helpers, a form token maker. */
export async function hostileRuleProbe({ base, dataDir, root, ask, line, held, ms, formToken, proofOf }) {
  const { StaffAccounts, addStaff } = await import(join(root, 'dist/server/main.js'));
  const username = `soak.rule.${Date.now()}@atrium.example`;
  const password = 'a long soak password';
  await addStaff(StaffAccounts.inDataDir(dataDir), { username, password, role: 'editor' });
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrf } = await login.json();
  const doc = await (await fetch(`${base}/api/admin/docs/page:13`, { headers: { cookie } })).json();
  const data = structuredClone(doc.data);
  const form = data.modules.find((m) => m.view === 'contact' && m.form === 'contact-demand');
  form.fields = [{ name: 'bedrooms', advanced: HOSTILE_RULE }];
  const save = await fetch(`${base}/api/admin/docs/page:13`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
    body: JSON.stringify({ data, baseRev: doc.rev }),
  });
  const saved = await save.json();
  line(`editor saves the ${HOSTILE_RULE.length}-character rule`, `${save.status}${saved.problems ? `: ${saved.problems.map((p) => p.code).join(', ')}` : ''}`);

  const page = '/fr/estimation-gratuite/';
  await ask('reset');
  const statuses = {};
  const times = [];
  await Promise.all(
    Array.from({ length: 4 }, async (_, lane) => {
      for (let i = lane; i < 100; i += 4) {
        // A token and its proof of work per post, as a browser sends them (each pair is taken once).
        const token = await formToken();
        const proof = proofOf(token);
        const t = performance.now();
        const r = await fetch(`${base}/api/forms/contact-demand?lang=fr`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', referer: base + page, 'x-forwarded-for': `10.41.0.${lane}` },
          body: JSON.stringify({
            lang: 'fr',
            formToken: token,
            proof,
            website: '',
            module: form.id,
            firstName: 'Soak',
            lastName: `Règle ${i}`,
            email: `soak.rule.${i}@example.be`,
            phone: '0470 12 34 56',
            goal: 'sell',
            propertyType: '1',
            bedrooms: 3,
            street: 'Rue Vanderkindere',
            houseNumber: '112',
            zip: '1180',
            city: 'Uccle',
          }),
        });
        await r.arrayBuffer();
        times.push(performance.now() - t);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      }
    }),
  );
  const renders = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await (await fetch(`${base}${page}?rule=${i}`)).arrayBuffer();
    renders.push(performance.now() - t);
  }
  const s = await ask('stats');
  const sorted = [...times].sort((a, b) => a - b);
  line(
    '100 posts to contact-demand (4 at once)',
    `${Object.entries(statuses)
      .map(([k, v]) => `${v}× ${k}`)
      .join(', ')}; p50 ${ms(sorted[50])}, worst ${ms(sorted.at(-1))}`,
  );
  line('20 uncached renders of the form page', `worst ${ms(Math.max(...renders))}`);
  line('event loop meanwhile (audit: 6,574 ms)', `held at most ${held(s.maxDelayMs)}, p99 ${ms(s.p99DelayMs)}`);
}
