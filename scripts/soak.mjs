// npm run soak: the repeatable audit. Starts the built server (a process of its own, loopback only,
// a fresh data folder) and attacks it the way the outside audit did, printing figures:
//   1. 1,000 form submissions while the mail server is away, the server SIGKILLed halfway and
//      started again; then the mail server comes back → acknowledged = stored = delivered, duplicates;
//   2. the audit's request bodies and 5,000 fuzzed ones → status classes, 5xx, the store unchanged,
//      the longest time the event loop was held;
//   3. 100 connections on uncached list and detail pages, four rounds → req/s, p50/p99, errors,
//      memory after a full GC per round;
//   4. 100 concurrent logins (one account; then 100 accounts from 100 addresses) → list-page latency
//      meanwhile, against the same page without them;
//   5. a mail server whose first connection is accepted and never answered (bench/soak/hung-smtp.mjs)
//      → mails delivered through the other connections meanwhile, time to first delivery, duplicates.
//   6. the audit's 211 MB CRM file uploaded (bench/soak/import.mjs) → the answer, the server's peak
//      RSS, its RSS after, the next page's time;
//   7. captcha images from one address, a solved captcha sent twice, the audit's fake DOCX, the
//      page's script policy and links, HSTS (bench/soak/captcha-csp.mjs).
//   8. the audit's hostile form condition (bench/soak/hostile-rule.mjs) → the editor's save refused,
//      the event loop's longest hold during 100 posts;
//   9. a lockout attempt (bench/soak/lockout.mjs) → the real owner's logins while an attacker
//      hammers the account from another address.
//  10. the five kinds that mailed without a guard, posted without a proof, without JavaScript, with
//      a proof and twice (bench/soak/mail-guard.mjs) → answers, nothing stored or mailed by the refused.
// Not part of npm test. SOAK_ROUND_S (default 30) sets the length of a load round; SOAK_PHASES
// (e.g. "1,2") runs some of the phases only.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { root } from './schema-files.mjs';
import { buildAll, buildIsCurrent } from './build.mjs';
import { hungSmtpProbe } from '../bench/soak/hung-smtp.mjs';
import { mailGuardProbe } from '../bench/soak/mail-guard.mjs';

const ROUND_S = Number(process.env.SOAK_ROUND_S ?? 30);
const ROUNDS = 4;
const SUBMISSIONS = 1000;
const FUZZ = 5000;
const PHASES = new Set((process.env.SOAK_PHASES ?? '1,2,3,4,5,6,7,8,9,10').split(',').map(Number));
const t0 = Date.now();
const MiB = (b) => (b / 1024 / 1024).toFixed(0);
const ms = (v) => `${v.toFixed(1)} ms`;
/** The event loop's longest block; 0 means no sample: shorter than the monitor's 5 ms resolution. */
const held = (v) => (v === 0 ? 'under 5 ms' : ms(v));
const sleep = (n) => new Promise((r) => setTimeout(r, n));
const line = (label, value) => console.log(`  ${label.padEnd(46)} ${value}`);

if (!buildIsCurrent()) {
  console.log('building…');
  buildAll({ quiet: true });
}

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-soak-'));
const smtpPort = await freePort();
const appPort = await freePort();
let child;
let base;

/** The server process; `stats` asks it for memory after GC and the longest event-loop block since `reset`. */
async function startServer() {
  child = fork(join(root, 'bench/soak/server.mjs'), [], {
    execArgv: ['--expose-gc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SOAK_ROOT: root,
      SOAK_PORT: String(appPort),
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OUTBOX_RETRY_MS: '200',
      OUTBOX_MAX_RETRY_MS: '2000',
      FORM_RATE_MAX: '100000', // the largest the setting takes (server/env.ts): the soak's few thousand posts stay far below it
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  base = `http://127.0.0.1:${port}`;
}
const ask = (what) =>
  new Promise((resolve) => {
    child.once('message', resolve);
    child.send(what);
  });
const { readStoredLeads, proofOf } = await import(join(root, 'dist/server/main.js'));
const leads = () => readStoredLeads(dataDir);

/** A real mail server on loopback that records each Message-ID it accepts (started only when "back"). */
function startSmtp(received) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      let head = '';
      stream.on('data', (c) => {
        if (head.length < 8192) head += c;
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1];
        if (id) received.push(id);
        cb();
      });
    },
  });
  return new Promise((resolve) => server.listen(smtpPort, '127.0.0.1', () => resolve(server)));
}

/** A form token the way a browser gets one, old enough to be accepted. */
async function formToken() {
  const { token } = await (await fetch(`${base}/api/forms/token`)).json();
  await sleep(2600);
  return token;
}

async function pool(n, concurrency, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

console.log(`Vitrine soak (loopback, data in ${dataDir})`);
await startServer();

// ── 1. Submissions during a mail outage, with a SIGKILL halfway ─────────────────────────────────
if (PHASES.has(1)) {
  console.log(`\n1. ${SUBMISSIONS} submissions while the mail server is away; SIGKILL after half; the mail server comes back`);
  let token = await formToken();
  const acknowledged = new Set();
  let failed = 0;
  let killedAt = -1;
  const send = async (i) => {
    const body = {
      lang: 'fr',
      formToken: token,
      proof: proofOf(token),
      website: '',
      firstName: 'Soak',
      lastName: `Visiteur ${i}`,
      email: `soak.${i}@example.be`,
      phone: '0470 12 34 56',
      message: `Demande ${i}`,
    };
    try {
      const r = await fetch(`${base}/api/forms/site-contact?lang=fr`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (r.status === 201) acknowledged.add((await r.json()).id);
      else failed++;
    } catch {
      failed++; // the connection died with the server
    }
  };
  const half = SUBMISSIONS / 2;
  await pool(half, 20, async (i) => {
    await send(i);
    if (acknowledged.size >= half * 0.9 && killedAt < 0) {
      killedAt = i;
      child.kill('SIGKILL');
    }
  });
  await new Promise((r) => (child.exitCode !== null || child.signalCode ? r() : child.once('exit', r)));
  const t = Date.now();
  await startServer();
  line('restart after SIGKILL', `${Date.now() - t} ms`);
  token = await formToken();
  await pool(SUBMISSIONS - half, 20, (i) => send(half + i));
  const received = [];
  const smtp = await startSmtp(received);
  const stored = leads().submissions.filter((s) => s.kind === 'site-contact');
  const expected = stored.length * 2;
  const drainStart = Date.now();
  while (new Set(received).size < expected && Date.now() - drainStart < 300_000) await sleep(250);
  const drainS = (Date.now() - drainStart) / 1000;
  await sleep(1500); // anything sent twice arrives too
  const unique = new Set(received);
  const storedIds = new Set(stored.map((s) => s.id));
  const delivered = stored.filter((s) => unique.has(`<${s.id}-agency@www.atrium-immo.be>`) && unique.has(`<${s.id}-visitor@www.atrium-immo.be>`)).length;
  line('acknowledged (201)', acknowledged.size);
  line('refused or cut off by the kill (not acknowledged)', failed);
  line('stored', `${stored.length} (acknowledged and not stored: ${[...acknowledged].filter((id) => !storedIds.has(id)).length})`);
  line(
    'delivered (both mails)',
    `${delivered} of ${stored.length}, ${unique.size} mails in ${drainS.toFixed(1)} s (${(unique.size / drainS).toFixed(0)} mails/s)`,
  );
  line('duplicates (a Message-ID received twice)', received.length - unique.size);
  line(
    'acknowledged = stored = delivered',
    acknowledged.size <= stored.length && [...acknowledged].every((id) => storedIds.has(id)) && delivered === stored.length ? 'yes' : 'NO',
  );
  await new Promise((r) => smtp.close(r));
}

// ── 2. Hostile bodies ───────────────────────────────────────────────────────────────────────────
if (PHASES.has(2)) {
  console.log(`\n2. the audit's bodies, then ${FUZZ} fuzzed bodies`);
  const token = await formToken();
  const before = leads();
  const person = {
    lang: 'fr',
    formToken: token,
    proof: proofOf(token),
    website: '',
    firstName: 'Camille',
    lastName: 'Dupont',
    email: 'camille@example.be',
    phone: '0470 12 34 56',
  };
  const attackBodies = [
    ['"<" + 63,000 spaces (JSON)', 'application/json', JSON.stringify({ ...person, message: `<${' '.repeat(63_000)}` })],
    ['"<" + 16,000 spaces (JSON)', 'application/json', JSON.stringify({ ...person, message: `<${' '.repeat(16_000)}` })],
    [
      '"<" + 63,000 spaces (plain form post)',
      'application/x-www-form-urlencoded',
      new URLSearchParams({ ...person, message: `<${' '.repeat(63_000)}` }).toString(),
    ],
    ['"<" + 3,990 spaces (within the length: the pattern runs)', 'application/json', JSON.stringify({ ...person, message: `<${' '.repeat(3_990)}x` })],
    ['an e-mail built for backtracking', 'application/json', JSON.stringify({ ...person, email: `a@${'a-'.repeat(99)}!`, message: 'x' })],
  ];
  const postBody = ([, type, body]) => fetch(`${base}/api/forms/site-contact?lang=fr`, { method: 'POST', headers: { 'content-type': type }, body });
  for (const b of attackBodies) await (await postBody(b)).arrayBuffer(); // warm-up (first calls compile)
  for (const b of attackBodies) {
    await ask('reset');
    const t = performance.now();
    const r = await postBody(b);
    await r.arrayBuffer();
    const took = performance.now() - t;
    const loop = await ask('stats');
    line(b[0], `${r.status} in ${ms(took)}; event loop held at most ${held(loop.maxDelayMs)}; server CPU for the request ${ms(loop.cpuMs)}`);
  }
  await ask('reset');
  const t = performance.now();
  const answers = await Promise.all([0, 1, 0, 1, 2].map((i) => postBody(attackBodies[i])));
  const took = performance.now() - t;
  const attackLoop = await ask('stats');
  line(
    "the audit's five at once",
    `${answers.map((a) => a.status).join(' ')} in ${ms(took)}; event loop held at most ${held(attackLoop.maxDelayMs)}; server CPU ${ms(attackLoop.cpuMs)}`,
  );

  // Fuzz: valid bodies mutated, random JSON, broken encodings, odd sizes, against every body-taking route.
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const junk = () =>
    pick([
      '',
      'null',
      '[]',
      '{}',
      '"x"',
      '1e309',
      '{"__proto__":{"admin":true}}',
      '\u0000\u0001\u0002',
      '[[[[[[[[[[[[[[[[[[[[',
      '['.repeat(50_000),
      '{"a":'.repeat(10_000),
      `{"message":"${'\\\\'.repeat(20_000)}"}`,
      `{"email":"${'a@'.repeat(20_000)}"}`,
      '\ud800',
      '%%%%',
      'a=1&'.repeat(5_000),
      '\uFEFF{"lang":"fr"}',
    ]);
  const enc = (v) => encodeURIComponent(v.toWellFormed());
  const strings = [
    '',
    ' ',
    '<script>alert(1)</script>',
    '\u0000',
    '\uD800',
    'a'.repeat(5_000),
    '<'.repeat(3_000),
    `<${' '.repeat(3_990)}script`,
    '😀'.repeat(2_000),
    '../../etc/passwd',
    '%2e%2e',
    '\r\nBcc: x@y.z',
    '${7*7}',
    '{{7*7}}',
    'x@y',
    'é'.normalize('NFD').repeat(1000),
  ];
  const mutate = (o) => {
    const c = { ...o };
    const k = pick([...Object.keys(c), 'extra', '__proto__', 'constructor', 'formToken', 'lang']);
    c[k] = pick([...strings, 1, -1, 1e308, null, true, [], {}, ['a'], { a: 1 }]);
    return c;
  };
  const kinds = [
    'site-contact',
    'contact-me',
    'send-to-friend',
    'document-request',
    'sign-newsletter',
    'contact-demand',
    'demand-register',
    'purchase-offer',
    'contact-appointment',
    'rental-application',
    'testimonial',
    'job-application',
    'nope',
    '..%2f..%2fpages.json',
  ];
  const routes = [
    () => [`/api/forms/${pick(kinds)}?lang=${pick(['fr', 'nl', 'xx', ''])}`, 'POST'],
    () => ['/api/owner/login', 'POST'],
    () => ['/api/owner/password/forgot', 'POST'],
    () => ['/api/owner/password/reset', 'POST'],
    () => ['/api/admin/login', 'POST'],
    () => ['/api/csp-report', 'POST'],
    () => [`/api/properties?${pick(['q=', 'minPrice=', 'type=', 'city=', 'page=', 'sort='])}${enc(pick(strings).slice(0, 2000))}`, 'GET'],
    () => [`/api/page?path=${enc(pick(['/', '//evil', '/fr/', '/%2e%2e/', pick(strings).slice(0, 1999)]))}`, 'GET'],
    () => [pick(['/media/%2e%2e/pages.json', '/media/..%5cpages.json', '/images/%252e%252e/x', `/fr/${enc(pick(strings).slice(0, 1500))}/`]), 'GET'],
  ];
  const classes = {};
  let fiveHundred = 0;
  let slowest = 0;
  const fuzz = async (count, wantPost) => {
    await ask('reset');
    await pool(count, 16, async (i) => {
      let route;
      do route = pick(routes)();
      while ((route[1] === 'POST') !== wantPost);
      const [path, method] = route;
      const type = pick([
        'application/json',
        'application/json',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'text/plain',
        'application/csp-report',
      ]);
      let body;
      if (method === 'POST') {
        const r = rnd();
        if (r < 0.5) body = JSON.stringify(mutate(mutate({ ...person, message: 'Bonjour', username: 'a@b.be', password: 'x' })));
        else if (r < 0.8) body = junk();
        else if (r < 0.9) body = new URLSearchParams(Object.entries(mutate(person)).map(([k, v]) => [k, String(v)])).toString();
        else
          body = `--x\r\nContent-Disposition: form-data; name="cv"; filename="${pick(strings).slice(0, 200)}"\r\nContent-Type: text/html\r\n\r\n%PDF-${pick(strings)}\r\n--x--\r\n`;
      }
      const t1 = performance.now();
      try {
        const r = await fetch(base + path, {
          method,
          headers: { 'content-type': type, 'x-forwarded-for': `10.9.${i % 250}.${(i >> 8) % 250}` },
          body,
          redirect: 'manual',
        });
        await r.arrayBuffer();
        classes[`${Math.floor(r.status / 100)}xx`] = (classes[`${Math.floor(r.status / 100)}xx`] ?? 0) + 1;
        if (r.status >= 500 && r.status !== 503) fiveHundred++;
      } catch {
        classes.error = (classes.error ?? 0) + 1;
      }
      slowest = Math.max(slowest, performance.now() - t1);
    });
    return ask('stats');
  };
  const bodiesLoop = await fuzz(FUZZ * 0.8, true);
  const pagesLoop = await fuzz(FUZZ * 0.2, false);
  const after = leads();
  const kept = before.submissions.every((s) =>
    isDeepStrictEqual(
      s,
      after.submissions.find((x) => x.id === s.id),
    ),
  );
  line(
    'answers by class',
    Object.entries(classes)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
  );
  line('5xx other than 503 (busy logins)', fiveHundred);
  line(
    'stored before: all still there, unchanged',
    `${kept ? 'yes' : 'NO'} (${before.submissions.length} kept, ${after.submissions.length - before.submissions.length} new from bodies that were valid)`,
  );
  line('slowest answer (a login waiting for its check)', ms(slowest));
  line(`event loop, ${FUZZ * 0.8} fuzzed bodies (16 at once)`, `held at most ${held(bodiesLoop.maxDelayMs)}, p99 ${ms(bodiesLoop.p99DelayMs)}`);
  line(`event loop, ${FUZZ * 0.2} fuzzed paths and queries`, `held at most ${held(pagesLoop.maxDelayMs)}, p99 ${ms(pagesLoop.p99DelayMs)}`);
  line('machine load (1 min average, 2 cores)', os.loadavg()[0].toFixed(1));
}

// ── 3. Load on uncached pages, four rounds ──────────────────────────────────────────────────────
if (PHASES.has(3)) {
  console.log(`\n3. 100 connections on uncached list and detail pages, ${ROUNDS} rounds of ${ROUND_S} s`);
  const items = (await (await fetch(`${base}/api/properties?lang=fr&page=1`)).json()).items;
  const more = (await (await fetch(`${base}/api/properties?lang=nl&page=2`)).json()).items;
  const details = [...items, ...more].map((p) => p.path);
  const lists = ['/fr/acheter/', '/nl/kopen/', '/en/for-rent/', '/fr/louer/'];
  let n = 0;
  const paths = () => {
    n++;
    // A query string keeps a page out of the page cache: every one of these is rendered.
    return n % 2
      ? `${lists[n % lists.length]}?page=${1 + (n % 5)}&sort=${['price-asc', 'price-desc', 'newest'][n % 3]}`
      : `${details[n % details.length]}?v=${n}`;
  };
  const first = await ask('stats');
  line('memory after a full GC, before', `rss ${MiB(first.rss)} MiB, heap ${MiB(first.heapUsed)} MiB`);
  const rss = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await ask('reset');
    const r = await autocannon({
      url: base,
      connections: 100,
      duration: ROUND_S,
      headers: { 'accept-encoding': 'br, gzip' },
      requests: [{ setupRequest: (req) => ({ ...req, path: paths() }) }],
    });
    const s = await ask('stats');
    rss.push(s.rss);
    line(
      `round ${round}`,
      `${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors + r.timeouts}, non-2xx ${r.non2xx}; rss after GC ${MiB(s.rss)} MiB (heap ${MiB(s.heapUsed)})`,
    );
  }
  line('rss after the last round / after the first', `${((rss.at(-1) / rss[0]) * 100).toFixed(0)} % (goal: within 120 %)`);
}

// ── 4. Login bursts ─────────────────────────────────────────────────────────────────────────────
if (PHASES.has(4)) {
  console.log('\n4. 100 concurrent logins, and list pages meanwhile');
  const listPage = (i) => `/fr/acheter/?page=${1 + (i % 5)}&sort=price-desc&l=${i}`;
  const timeList = async (i) => {
    const t = performance.now();
    await (await fetch(base + listPage(i), { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer();
    return performance.now() - t;
  };
  const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const baseline = [];
  for (let i = 0; i < 30; i++) baseline.push(await timeList(i));
  line('list page alone (30 in a row)', `median ${ms(median(baseline))}, worst ${ms(Math.max(...baseline))}`);
  const burst = async (label, make) => {
    let done = false;
    const during = [];
    const logins = Promise.all(Array.from({ length: 100 }, (_, i) => make(i))).then((rs) => {
      done = true;
      return rs;
    });
    let i = 100;
    while (!done) during.push(await timeList(i++));
    const statuses = {};
    for (const r of await logins) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    line(
      label,
      Object.entries(statuses)
        .map(([k, v]) => `${v}× ${k}`)
        .join(', '),
    );
    line(
      '  list pages meanwhile',
      `${during.length} pages, median ${ms(median(during))} (${(median(during) / median(baseline)).toFixed(2)}× alone), worst ${ms(Math.max(...during))}`,
    );
  };
  const login = (path, body, ip) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) });
  await burst('one owner account, one address', () =>
    login('/api/owner/login', { username: 'owner@example.be', password: 'wrong password', lang: 'fr' }, '10.1.1.1'),
  );
  await burst('100 accounts from 100 addresses (owners and staff)', (i) =>
    i % 2
      ? login('/api/owner/login', { username: `owner${i}@example.be`, password: 'wrong password', lang: 'fr' }, `10.2.0.${i}`)
      : login('/api/admin/login', { username: `staff${i}@example.be`, password: 'wrong password' }, `10.2.0.${i}`),
  );
}

// ── 5. A hung mail server ───────────────────────────────────────────────────────────────────────
if (PHASES.has(5)) {
  console.log('\n5. a mail server that accepts a connection and never answers (the others pass to a good one)');
  await hungSmtpProbe({ base, smtpPort, proofOf, formToken, line });
}
// ── 6. The audit's 211 MB import ─────────────────────────────────────────────────────────────────
if (PHASES.has(6)) {
  console.log('\n6. imports with bounds: a CRM file past LISTINGS_MAX_MB, then one with an unknown field under it');
  await (await import('../bench/soak/import.mjs')).soakImport({ root, base, dataDir, ask, line, MiB, ms });
}
// ── 7. Captcha, DOCX, links and the page policy ─────────────────────────────────────────────────
if (PHASES.has(7)) await (await import('../bench/soak/captcha-csp.mjs')).captchaCspProbe({ base, dataDir, line });
// ── 8. The hostile form condition ────────────────────────────────────────────────────────────────
if (PHASES.has(8)) {
  console.log("\n8. the audit's hostile form condition: saved by an editor, then 100 posts");
  await (await import('../bench/soak/hostile-rule.mjs')).hostileRuleProbe({ base, dataDir, root, ask, line, held, ms, formToken, proofOf });
}
// ── 9. A lockout attempt ─────────────────────────────────────────────────────────────────────────
if (PHASES.has(9)) {
  console.log("\n9. a lockout attempt: one address hammers an owner's account, the owner logs in from theirs");
  await (await import('../bench/soak/lockout.mjs')).lockoutProbe({ base, dataDir, root, line, ms });
}
// ── 10. The kinds that mailed without a guard ─────────────────────────────────────────────────────
if (PHASES.has(10)) await mailGuardProbe({ base, root, leads, proofOf, formToken, line });

child.kill('SIGTERM');
console.log(`\nsoak finished in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
process.exit(0);
