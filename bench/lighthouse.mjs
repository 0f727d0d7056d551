// Lighthouse (mobile) on the home page of the built server, as a first-time visitor (the consent
// dialog shows): the four category scores, the LCP element, and what the consent dialog adds to CLS.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDir, benchServer, picturesDrawn } from './server.mjs';

export async function benchLighthouse({ root, path = '/nl/' }) {
  const srv = await benchServer({ root, pageCache: true, drawAhead: true, picturesFrom: (await picturesDrawn(root)).dir });
  try {
    return await runLighthouse(srv.url + path);
  } finally {
    srv.close();
  }
}

/**
 * The goals' Lighthouse: home, list and a detail page, each on a server just started (the first
 * visitor: nothing rendered yet; the listing pictures made ahead, as after an import, see
 * picturesDrawn) and again (the next visitor), mobile; and the Nu validator's errors on each
 * page's HTML. Each `runs` times, a new server for each cold run: one Lighthouse run varies by up to
 * ten points on a shared machine (its CPU benchmark moved between 1,100 and 2,800 within minutes
 * here). Lighthouse's own advice on variability (docs/variability.md: the median of five runs is
 * twice as stable as one) is followed: the goal is read on the median run; every run is returned too.
 */
export async function benchLighthouseGoals({ root, only, runs = 5 }) {
  const rows = [];
  for (const [label, pick] of [
    ['home', () => '/nl/'],
    ['list', () => '/nl/kopen/'],
    ['detail', async (url) => (await (await fetch(`${url}/api/properties?lang=nl&goal=sale`)).json()).items[0].path],
  ]) {
    if (only && only !== label) continue;
    const colds = [];
    const warms = [];
    let path;
    let nu;
    for (let i = 0; i < runs; i++) {
      const srv = await benchServer({ root, pageCache: true, drawAhead: true, picturesFrom: (await picturesDrawn(root)).dir });
      try {
        path = await pick(srv.url);
        colds.push(await runLighthouse(srv.url + path));
        // The next visitor comes once the server has done what the first one started (the page's
        // Brotli is made when it is asked a second time): the browser and the server share this
        // machine's two cores here, a visitor's phone does not.
        for (let k = 0; k < 2; k++) await (await fetch(srv.url + path, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
        await new Promise((r) => setTimeout(r, 3000));
        warms.push(await runLighthouse(srv.url + path));
        // The same document on every run: validated once (validate is null without java, so not `??=`).
        if (i === 0) nu = validate(await (await fetch(srv.url + path)).text());
      } finally {
        srv.close();
      }
    }
    rows.push({ label, path, cold: medianRun(colds), warm: medianRun(warms), colds, warms, nu });
  }
  return rows;
}

/**
 * The page's main-thread tasks of 10 ms or more in the run's trace (the ones Lighthouse's simulation
 * keeps and multiplies by 4, by 2 with a layout, for TBT): their time on the clock and on the CPU
 * (the trace's thread time). Where the CPU share is low, the thread was not working but waiting for
 * a core, mostly held by the browser's own other processes (its compositor, its browser process).
 */
export function longTaskTime(events) {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return null;
  const main = events.find((e) => e.name === 'thread_name' && e.pid === fcp.pid && e.args?.name === 'CrRendererMain');
  if (!main) return null;
  let n = 0;
  let wall = 0;
  let cpu = 0;
  for (const e of events) {
    if (e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || e.name !== 'RunTask' || !(e.dur >= 10_000)) continue;
    n++;
    wall += e.dur;
    cpu += e.tdur ?? 0;
  }
  return { n, wallMs: wall / 1000, cpuMs: cpu / 1000 };
}

/** The run of median performance score (of an odd number of runs, the middle one). */
function medianRun(results) {
  const sorted = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Errors of the W3C Nu validator (vnu-jar, needs java) on a document; null when it cannot run. */
function validate(html) {
  const jar = join(import.meta.dirname, '../node_modules/vnu-jar/build/dist/vnu.jar');
  if (!existsSync(jar)) return null;
  const dir = benchDir('vitrine-nu-');
  const file = join(dir, 'page.html');
  writeFileSync(file, html);
  const r = spawnSync('java', ['-jar', jar, '--format', 'json', '--stdout', file], { encoding: 'utf8' });
  if (r.error) return null;
  const messages = JSON.parse(r.stdout || '{"messages":[]}').messages ?? [];
  return messages.filter((m) => m.type === 'error').map((m) => `${m.message} (line ${m.lastLine})`);
}

async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const lhr = result.lhr;
    const lcpItems = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
    const lcpNode = lcpItems.flatMap((i) => i.items ?? [i]).find((i) => i.node)?.node;
    const shifts = lhr.audits['layout-shifts']?.details?.items ?? [];
    const consentShift = shifts
      .filter((s) => /consent/.test(s.node?.selector ?? '') || /consent/.test(s.node?.snippet ?? ''))
      .reduce((a, s) => a + (s.score ?? 0), 0);
    return {
      scores: Object.fromEntries(Object.entries(lhr.categories).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)])),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue,
      lcpElement: lcpNode ? `${lcpNode.selector ?? ''} ${lcpNode.snippet ?? ''}`.trim() : 'unknown',
      consentIsLcp: /consent/.test(`${lcpNode?.selector ?? ''} ${lcpNode?.snippet ?? ''}`),
      consentShift,
      failing: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
      tbt: lhr.audits['total-blocking-time']?.numericValue,
      longTasks: longTaskTime(result.artifacts.Trace?.traceEvents ?? []),
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      fcp: lhr.audits['first-contentful-paint']?.numericValue,
      opportunities: Object.values(lhr.audits)
        .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) > 100)
        .map((a) => `${a.id} ${Math.round(a.numericValue)} ms`),
    };
  } finally {
    await chrome.kill();
  }
}
