// npm run bench: prints figures and ratios (never part of npm test).
import { root } from './schema-files.mjs';
import { buildAll, buildIsCurrent } from './build.mjs';
import { benchSsr } from '../bench/ssr.mjs';
import { benchListingPages, benchSearch } from '../bench/listings.mjs';
import { benchSiteSearch, printSiteSearch } from '../bench/site-search.mjs';
import { benchPageJs, printPageJs } from '../bench/page-js.mjs';
import { benchMapSearch, printMapSearch } from '../bench/map-search.mjs';
import { benchImport } from '../bench/import.mjs';
import { benchLighthouse } from '../bench/lighthouse.mjs';
import { benchForms } from '../bench/forms.mjs';
import { benchOutbox } from '../bench/outbox.mjs';
import { benchBackup } from '../bench/backup.mjs';
import { benchPortalApi, benchPortalViews } from '../bench/portal.mjs';
import { benchEditorOpen, editorBundle } from '../bench/editor.mjs';
import { benchEditorLists } from '../bench/editor-lists.mjs';
import { benchPictures } from '../bench/pictures.mjs';
import { benchValuation } from '../bench/valuation.mjs';
import { benchScaleOut } from '../bench/scale-out.mjs';
import { benchCached, benchUncachedLoad, benchUncachedRender } from '../bench/goals.mjs';
import { benchLighthouseGoals } from '../bench/lighthouse.mjs';
import { picturesDrawn } from '../bench/server.mjs';
import { benchMetricsCost, printMetricsCost } from '../bench/metrics-cost.mjs';
import { benchLogCost } from '../bench/logs.mjs';

process.env.NODE_ENV = 'production';
if (!buildIsCurrent()) buildAll({ quiet: true });

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const MiB = (b) => (b / 2 ** 20).toFixed(0);

// ── The performance goals first (BENCH_ONLY=goals: only these) ──────────────────────────────────
console.log(
  'Goals: cached pages beside /robots.txt of the same server (20 connections, a browser’s Accept-Encoding; five rounds, medians, each ratio against the same round’s robots.txt; goal ≥ 0.70)',
);
const cached = await benchCached({ root, seconds });
console.log(`${'/robots.txt'.padEnd(22)} ${cached.robots.rps.toFixed(0).padStart(7)} req/s  p99 ${cached.robots.p99.toFixed(1)} ms`);
for (const r of cached.rows)
  console.log(`${r.label.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${r.p99.toFixed(1)} ms  ${r.ratio.toFixed(2)}× robots.txt  errors ${r.errors}`);
printMetricsCost(await benchMetricsCost({ root, seconds }));

console.log(
  '\nGoals: cached pages with the log at info (JSON access lines to /dev/null) against a silent log, two servers side by side (medians of five rounds; goal ≥ 0.95)',
);
for (const r of await benchLogCost({ root, seconds }))
  console.log(
    `${r.label.padEnd(22)} logged ${r.on.toFixed(0).padStart(7)} req/s  silent ${r.off.toFixed(0).padStart(7)} req/s  ratio ${r.ratio.toFixed(3)}  errors ${r.errors}`,
  );

console.log(
  '\nGoals: cached pages with the log at info and the metrics on against a silent log and no metrics, two servers side by side (medians of five rounds; goal ≥ 0.95)',
);
for (const r of await benchLogCost({ root, seconds, off: { log: 'silent', metrics: false } }))
  console.log(
    `${r.label.padEnd(22)} logs (info) + metrics on ${r.on.toFixed(0).padStart(7)} req/s  both off ${r.off.toFixed(0).padStart(7)} req/s  ratio ${r.ratio.toFixed(3)}  errors ${r.errors}`,
  );

console.log(
  '\nGoals: an uncached page, the server’s own time beside React’s renderToString of the same tree in the same request (Server-Timing total and react, medians; goal ≤ 2.0)',
);
for (const r of await benchUncachedRender({ root }))
  console.log(
    `${r.label.padEnd(22)} server ${r.server.toFixed(2).padStart(6)} ms  renderToString ${r.react.toFixed(2).padStart(6)} ms  ratio ${(r.server / r.react).toFixed(2)}  (data ${r.parts.data.toFixed(2)}, document ${r.parts.document.toFixed(2)}, keep ${r.parts.keep.toFixed(2)} ms; HTTP round trip ${r.wall.toFixed(1)} ms, ${r.kb.toFixed(0)} KB)`,
  );

const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
console.log(
  `\nGoals: 100 connections × ${loadSeconds} s on lists with filters drawn from ~24,000 combinations and detail pages behind campaign links (goal: 0 errors, p99 < 500 ms, RSS after GC within 20 %)`,
);
const load = await benchUncachedLoad({ root, seconds: loadSeconds });
console.log(
  `warm-up (20 s, the same load, right after the start): ${load.warmup.rps.toFixed(0)} req/s, p50 ${load.warmup.p50.toFixed(0)} ms, p99 ${load.warmup.p99.toFixed(0)} ms, errors ${load.warmup.errors}`,
);
console.log(`memory after a full GC before: rss ${MiB(load.before)} MiB`);
load.rounds.forEach((r, i) =>
  console.log(
    `round ${i + 1}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms (${Object.entries(r.byGroup)
      .map(([name, g]) => `${name} p50 ${g.p50.toFixed(0)} / p99 ${g.p99.toFixed(0)} ms`)
      .join(
        ', ',
      )}), errors ${r.errors}; rendered ${r.rendered} of ${r.answered}; server p99 ${r.served.p99.toFixed(0)} ms; rss after GC ${MiB(r.rss)} MiB (${((r.rss / load.rounds[0].rss) * 100).toFixed(0)} % of round 1)`,
  ),
);

console.log(
  '\nGoals: Lighthouse 12, mobile, first visitor after start (cold) and the next (warm), the median of 5 runs (a new server for each); Nu validator errors (goal: performance ≥ 95, accessibility 100, 0 errors)',
);
const drawn = await picturesDrawn(root);
console.log(`(the sample's ${drawn.pictures} listing pictures drawn ahead, as after an import: ${drawn.seconds.toFixed(0)} s with both cores)`);
for (const r of await benchLighthouseGoals({ root })) {
  const lh = (x) =>
    `perf ${x.scores.performance} a11y ${x.scores.accessibility} (LCP ${(x.lcpMs / 1000).toFixed(2)} s, TBT ${x.tbt.toFixed(0)} ms, CLS ${x.cls.toFixed(3)})`;
  console.log(`${r.label.padEnd(7)} cold ${lh(r.cold)} · warm ${lh(r.warm)} · Nu ${r.nu === null ? 'not run (no java or vnu-jar)' : `${r.nu.length} errors`}`);
  const runs = (xs) => xs.map((x) => `${x.scores.performance} (TBT ${x.tbt.toFixed(0)} ms, CPU ${x.benchmarkIndex?.toFixed(0)})`).join(', ');
  console.log(`        runs: cold ${runs(r.colds)} · warm ${runs(r.warms)}`);
  // The page's long tasks, on the clock and on the CPU (bench/lighthouse.mjs, longTaskTime).
  const busy = (xs) => xs.map((x) => (x.longTasks ? `${x.longTasks.n}: ${x.longTasks.wallMs.toFixed(0)}/${x.longTasks.cpuMs.toFixed(0)}` : '?')).join(', ');
  console.log(`        main-thread tasks ≥ 10 ms (count: ms on the clock/on the CPU): cold ${busy(r.colds)} · warm ${busy(r.warms)}`);
  console.log(`        LCP element: ${r.warm.lcpElement.slice(0, 140)}`);
  for (const x of [...new Set([...r.cold.failing, ...r.warm.failing, ...r.warm.opportunities])]) console.log(`        ${x}`);
  for (const e of r.nu ?? []) console.log(`        Nu: ${e}`);
}
if (process.env.BENCH_ONLY === 'goals') process.exit(0);

printPageJs(await benchPageJs({ root }));
console.log('');
console.log(`SSR throughput (${seconds} s per route, 20 connections, gzip)`);
const rows = await benchSsr({ root, seconds });
const base = rows[0].rps;
console.log('route'.padEnd(24), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'KB/resp'.padStart(8), 'vs prebuilt'.padStart(12));
for (const r of rows) {
  console.log(
    r.label.padEnd(24),
    r.rps.toFixed(0).padStart(9),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    r.kb.toFixed(1).padStart(8),
    (r.rps / base).toFixed(2).padStart(12),
  );
}

console.log(
  '\nImport of a CRM feed (npm run import: read as a stream, check every record, stage, go live), one process each; goal: peak under 600 MB at 100,000',
);
console.log('properties'.padEnd(12), 'records'.padStart(9), 'file MB'.padStart(9), 'seconds'.padStart(9), 'records/s'.padStart(10), 'peak MB'.padStart(9));
const imported = benchImport({ root });
for (const r of imported) {
  console.log(
    String(r.count).padEnd(12),
    String(r.count * 3).padStart(9),
    r.mb.toFixed(0).padStart(9),
    (r.ms / 1000).toFixed(1).padStart(9),
    ((r.count * 3) / (r.ms / 1000)).toFixed(0).padStart(10),
    r.maxRssMb.toFixed(0).padStart(9),
  );
}

console.log(
  '\nSearch API latency (goal p95 ≤ 5 ms at 10,000, ≤ 50 ms at 100,000): the built server in its own process, one keep-alive connection, gzip; repeated = the 12 kinds of query in turn (kept answers), first = each query new (searched, carded, gzipped)',
);
console.log(
  'properties'.padEnd(12),
  'repeated p50 / p95 ms'.padStart(22),
  'first p50 / p95 ms'.padStart(20),
  'robots.txt p50 ms'.padStart(18),
  'requests'.padStart(9),
);
for (const r of await benchSearch({ root, imported })) {
  const pair = (x) => `${x.p50.toFixed(1)} / ${x.p95.toFixed(1)}`;
  console.log(
    String(r.count).padEnd(12),
    pair(r.repeated).padStart(22),
    pair(r.first).padStart(20),
    r.robots.p50.toFixed(1).padStart(18),
    String(r.repeated.n + r.first.n).padStart(9),
  );
}

printSiteSearch(await benchSiteSearch({ root, imported }));
printMapSearch(await benchMapSearch({ root, imported }));

console.log('\nOnline valuation estimate (sequential, 12 postcodes × 3 types; the first request of a set builds its comparables index)');
console.log(
  'properties'.padEnd(12),
  'index ms'.padStart(9),
  'API p50'.padStart(8),
  'API p95'.padStart(8),
  'page p50'.padStart(9),
  'page p95'.padStart(9),
  'requests'.padStart(9),
  'with a figure'.padStart(14),
);
for (const r of await benchValuation({ root, imported })) {
  console.log(
    String(r.count).padEnd(12),
    r.firstMs.toFixed(0).padStart(9),
    r.p50.toFixed(1).padStart(8),
    r.p95.toFixed(1).padStart(8),
    r.pageP50.toFixed(1).padStart(9),
    r.pageP95.toFixed(1).padStart(9),
    String(r.n).padStart(9),
    `${(r.withFigure * 100).toFixed(0)} %`.padStart(14),
  );
}

const listing = await benchListingPages({ root, seconds });
console.log('\nListing pages SSR (page cache off)');
const lbase = listing.rows[0].rps;
for (const r of listing.rows)
  console.log(
    r.label.padEnd(28),
    r.rps.toFixed(0).padStart(7),
    'req/s',
    String(r.p50).padStart(5),
    'ms p50',
    (r.rps / lbase).toFixed(2).padStart(6),
    'vs prebuilt',
  );
console.log('\nJavaScript loaded by the browser (gzip)');
for (const j of listing.js) console.log(j.label.padEnd(28), `${j.kb.toFixed(1)} KB`.padStart(10), j.mapKb ? `(map chunk ${j.mapKb.toFixed(1)} KB)` : '');

const pics = await benchPictures({ root });
console.log(
  `\nCDN pictures (camera-sized 3000×2000 originals of ${pics.originalKb.toFixed(0)} KB on a loopback CDN; ${pics.n} listings; image route, sequential)`,
);
console.log(`cold: fetch + check + keep + resize to 600 px   p50 ${pics.cold.p50.toFixed(0)} ms (max ${pics.cold.max.toFixed(0)})`);
console.log(`from the kept original: resize to 400 px       p50 ${pics.kept.p50.toFixed(1)} ms (max ${pics.kept.max.toFixed(1)})`);
console.log(
  `cached: 600 px from the disk                   p50 ${pics.cached.p50.toFixed(2)} ms, p95 ${pics.cached.p95.toFixed(2)} ms; cold/cached ${(pics.cold.p50 / pics.cached.p50).toFixed(0)}×`,
);
console.log(
  `background fetch after an import: ${pics.prefetch.pictures} pictures in ${pics.prefetch.seconds.toFixed(1)} s; then a card photo (400 px) for the first visitor p50 ${pics.prefetch.firstP50.toFixed(2)} ms`,
);

const lh = await benchLighthouse({ root });
console.log('\nLighthouse 12, mobile, home page as a first-time visitor (consent dialog showing)');
console.log(
  Object.entries(lh.scores)
    .map(([k, v]) => `${k} ${v}`)
    .join(' · '),
);
console.log(`LCP ${(lh.lcpMs / 1000).toFixed(2)} s on ${lh.lcpElement.split(' <')[0]}; CLS ${lh.cls.toFixed(3)}`);
console.log(`consent dialog: ${lh.consentIsLcp ? 'IS' : 'is not'} the LCP element; its CLS contribution ${lh.consentShift}`);
if (lh.failing.length) console.log(`failing audits: ${lh.failing.join(', ')}`);

const drained = await benchOutbox({ root });
console.log('\nOutbox draining a backlog of 1,000 requests (real SMTP server on loopback; each sent mark fsynced before the next mail)');
console.log(
  `${drained.mails} mails in ${drained.seconds.toFixed(1)} s: ${drained.rate.toFixed(0)} mails/s; received ${drained.received}, marked sent ${drained.marked}`,
);

const backup = await benchBackup({ root });
console.log('\nnpm run backup of a running server (5,000 uploads of 64 KB) while 10 visitors post forms');
console.log(
  `${backup.files} files, ${backup.mb.toFixed(0)} MB in ${backup.seconds.toFixed(1)} s (${backup.mbPerS.toFixed(0)} MB/s); form answers p50 ${backup.busy.p50.toFixed(0)} ms, longest ${backup.busy.max.toFixed(0)} ms during it (${backup.busy.n} posts) vs p50 ${backup.quiet.p50.toFixed(0)} ms, longest ${backup.quiet.max.toFixed(0)} ms without`,
);

const scale = await benchScaleOut({ root, seconds });
console.log('\nScale-out: embedded store vs PostgreSQL on 1 and 2 app processes (all on this machine: nodes, database and load share its cores)');
console.log(
  'store'.padEnd(26),
  'SSR /nl/ req/s'.padStart(15),
  'vs embedded'.padStart(12),
  'forms/s'.padStart(9),
  'vs embedded'.padStart(12),
  'errors'.padStart(7),
);
for (const r of scale.rows)
  console.log(
    r.label.padEnd(26),
    r.ssr.toFixed(0).padStart(15),
    (r.ssr / scale.rows[0].ssr).toFixed(2).padStart(12),
    r.forms.toFixed(0).padStart(9),
    (r.forms / scale.rows[0].forms).toFixed(2).padStart(12),
    String(r.errors).padStart(7),
  );
console.log(
  `outbox from PostgreSQL: ${scale.drain.mails} mails in ${scale.drain.seconds.toFixed(1)} s: ${scale.drain.rate.toFixed(0)} mails/s (embedded store above: ${drained.rate.toFixed(0)} mails/s)`,
);

const forms = await benchForms({ root, seconds });
console.log('\nContact form under 50 concurrent clients (stored and fsynced before each answer)');
console.log(
  `${forms.rps.toFixed(0)} submissions/s, p50 ${forms.p50.toFixed(0)} ms, p99 ${forms.p99.toFixed(0)} ms; acknowledged ${forms.acknowledged}, in the store ${forms.stored}${forms.acknowledged === forms.stored ? ' (equal)' : ' (DIFFERENT)'}`,
);

console.log('\nOwner portal: property detail page with view counting off / on (20 connections)');
for (const r of await benchPortalViews({ root, seconds })) {
  console.log(
    r.label.padEnd(24),
    `${r.off.rps.toFixed(0)} → ${r.on.rps.toFixed(0)} req/s`.padStart(20),
    `ratio on/off ${(r.on.rps / r.off.rps).toFixed(2)}`,
    ` p99 ${r.off.p99} → ${r.on.p99} ms`,
    ` views counted ${r.on.counted} of ${r.on.expected} sent`,
  );
}
const api = await benchPortalApi({ root });
console.log(
  `Owner portal API, property with 365 days of figures (site + 3 portals) and 400 requests: p50 ${api.p50.toFixed(1)} ms, p95 ${api.p95.toFixed(1)} ms over ${api.requests} sequential requests, ${api.kb.toFixed(1)} KB per answer`,
);

const bundle = editorBundle({ root });
console.log('\nEditor (/admin/) JavaScript and CSS, gzip');
console.log(
  `first screen (the entry, the editor's texts in its language and the pages screen): ${Object.entries(bundle.firstScreen)
    .map(([l, kb]) => `${l} ${kb.toFixed(1)}`)
    .join(
      ', ',
    )} KB (goal ≤ 150 KB; the entry alone ${bundle.initialKb.toFixed(1)} KB); with every lazy screen ${bundle.allKb.toFixed(1)} KB in ${bundle.chunks} files; never loaded by the public site ${bundle.ownKb.toFixed(1)} KB`,
);
const lists = await benchEditorLists({ root });
console.log(`The editor's lists on a site of ${lists.pages} pages and ${lists.revisions} revisions (median of 15 requests; goal ≤ 200 ms)`);
for (const r of lists.rows)
  console.log(`  ${r.label.padEnd(34)} median ${r.median.toFixed(1).padStart(6)} ms  max ${r.max.toFixed(1).padStart(6)} ms  ${r.kb.toFixed(0)} KB`);
const open = await benchEditorOpen({ root });
for (const s of bundle.screens) console.log(`  screen ${s.name.padEnd(28)} +${s.kb.toFixed(1)} KB`);
console.log(
  `Opening a page with ${open.modules} modules in the editor (Chromium, logged in, to the module list and settings form): median ${open.medianMs.toFixed(0)} ms (min ${open.minMs.toFixed(0)}, max ${open.maxMs.toFixed(0)}) over 5 runs`,
);
console.log(
  `Opening a ${open.article.words}-word article in the editor (to its text in the rich-text editor and the form): median ${open.article.medianMs.toFixed(0)} ms (min ${open.article.minMs.toFixed(0)}, max ${open.article.maxMs.toFixed(0)}) over 5 runs`,
);
