// Readiness and metrics (issue 41, point 5) on a real server: /readyz on both stores and during a
// stop, /metrics refused without the token and served with it (on the main port and on a port of
// its own), and the series after real requests: a page twice, a form past the rate limit, a wrong
// login, a thousand missing pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startTestServer } from '../helpers/server.ts';
import { startPostgres, type TestPostgres } from '../helpers/pg.ts';
import { person } from '../helpers/visitor.ts';
import { metricsSettings } from '../../server/metrics/settings.ts';
import { ConfigError, start } from '../../server/main.ts';
import { root } from '../helpers/config.ts';

const TOKEN = `metrics-${Math.random().toString(36).slice(2)}-token`;
const auth = { authorization: `Bearer ${TOKEN}` };

/** The samples of a Prometheus text answer: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

const scrape = async (url: string, headers: Record<string, string> = auth) => {
  const r = await fetch(`${url}/metrics`, { headers });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toContain('text/plain');
  return samples(await r.text());
};

/** A port nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

const ready = async (url: string) => {
  const r = await fetch(`${url}/readyz`);
  return { status: r.status, body: await r.json() };
};

describe('metrics on the main port', () => {
  let srv: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    srv = await startTestServer({ metrics: { token: TOKEN }, formRate: { max: 1, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await srv?.close();
  });

  it('is refused without the token (401) and with a wrong one, served with it', async () => {
    const none = await fetch(`${srv.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect((await none.text()).includes('nodejs_')).toBe(false);
    expect((await fetch(`${srv.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    const m = await scrape(srv.url);
    // prom-client's own: event-loop delay and heap.
    expect(m.get('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(m.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(m.get('vitrine_outbox_queued')).toBeGreaterThanOrEqual(0);
    expect(m.get('vitrine_render_queue_length')).toBe(0);
    // The shipped sample, no import yet: no result is 1.
    expect(m.get('vitrine_listing_last_import_result{result="accepted"}')).toBe(0);
  });

  it('counts a page twice as one miss and one hit, a form past the rate limit, a wrong login', async () => {
    const before = await scrape(srv.url);
    const at = (m: Map<string, number>, k: string) => m.get(k) ?? 0;
    for (let i = 0; i < 2; i++) expect((await fetch(`${srv.url}/fr/blog-immo/vendeurs/`)).status).toBe(200);
    const send = () =>
      fetch(`${srv.url}/api/forms/site-contact?lang=nl`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...person(), lang: 'nl', message: 'Hallo' }),
      });
    await send(); // the one post the limit allows (whatever its answer)
    expect((await send()).status).toBe(429);
    const login = await fetch(`${srv.url}/api/owner/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `nobody-${Date.now()}@example.be`, password: 'not the password', lang: 'fr' }),
    });
    expect(login.status).toBe(401);
    const after = await scrape(srv.url);
    const delta = (k: string) => at(after, k) - at(before, k);
    expect(delta('vitrine_page_cache_requests_total{result="miss"}')).toBe(1);
    expect(delta('vitrine_page_cache_requests_total{result="hit"}')).toBe(1);
    expect(delta('vitrine_page_render_seconds_count')).toBe(1);
    expect(delta('vitrine_form_refused_total{reason="rate_limit"}')).toBe(1);
    expect(delta('vitrine_login_refused_total{kind="owner",reason="wrong"}')).toBe(1);
    expect(delta('vitrine_http_request_duration_seconds_count{kind="page",method="GET",status="2xx"}')).toBe(2);
    expect(delta('vitrine_http_request_duration_seconds_count{kind="form",method="POST",status="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(delta('vitrine_http_request_duration_seconds_count{kind="api",method="POST",status="4xx"}')).toBe(1);
  });

  it('keeps its series bounded: a thousand missing paths make no thousand series', { timeout: 60_000 }, async () => {
    const text = async () => (await fetch(`${srv.url}/metrics`, { headers: auth })).text();
    /** The site's own series (prom-client's process series come and go with garbage collections). */
    const series = (t: string) =>
      t
        .split('\n')
        .filter((l) => l.startsWith('vitrine_'))
        .map((l) => l.slice(0, l.lastIndexOf(' ')));
    const missing = async (from: number, to: number) => {
      for (let i = from; i < to; i += 50)
        await Promise.all(
          Array.from({ length: 50 }, async (_, j) => {
            // Missing pages (each rendered: a few), API paths and files (cheap: the rest).
            const n = i + j;
            const path = n % 20 === 0 ? `/fr/nowhere-${n}/` : n % 2 ? `/api/nowhere-${n}` : `/media/nowhere-${n}.jpg`;
            const r = await fetch(`${srv.url}${path}?t=${Date.now()}`);
            expect(r.status).toBe(404);
            await r.arrayBuffer();
          }),
        );
    };
    await missing(0, 100); // every kind of 404 seen once: its series exist
    const before = series(await text());
    await missing(100, 1100);
    const after = await text();
    expect(after).not.toContain('nowhere-');
    expect(series(after)).toEqual(before);
    const count = (kind: string) => samples(after).get(`vitrine_http_request_duration_seconds_count{kind="${kind}",method="GET",status="4xx"}`) ?? 0;
    expect(count('page') + count('api') + count('static')).toBeGreaterThanOrEqual(1100);
  });

  it('is ready on the embedded store; /healthz stays alive', async () => {
    expect(await ready(srv.url)).toEqual({ status: 200, body: { ready: true } });
    expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
  });
});

describe('without a token', () => {
  it('answers 404 for /metrics on the main port', async () => {
    const srv = await startTestServer();
    try {
      expect((await fetch(`${srv.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${srv.url}/metrics`, { headers: auth })).status).toBe(404);
      expect((await ready(srv.url)).status).toBe(200);
    } finally {
      await srv.close();
    }
  });
});

describe('a port of its own', () => {
  it('serves /metrics and /readyz there, says 503 once a stop starts, and closes with the server', async () => {
    const port = await freePort();
    const srv = await startTestServer({ metrics: { port, host: '127.0.0.1' } });
    const own = `http://127.0.0.1:${port}`;
    let socket: ReturnType<typeof connect> | undefined;
    try {
      expect((await fetch(`${srv.url}/metrics`)).status).toBe(404); // not on the main port
      const m = await scrape(own, {});
      expect(m.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
      expect((await fetch(`${own}/fr/`)).status).toBe(404); // nothing else there
      expect(await ready(own)).toEqual({ status: 200, body: { ready: true } });
      // A request under way holds the stop (a form post whose body has not all arrived).
      const body = JSON.stringify({ ...person(), lang: 'fr', message: 'Bonjour' });
      socket = connect({ port: (srv.server.address() as AddressInfo).port, host: '127.0.0.1' });
      await new Promise((r) => socket!.once('connect', r));
      const answered = new Promise((r) => socket!.once('data', r));
      socket.write(
        `POST /api/forms/site-contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
      );
      await new Promise((r) => setTimeout(r, 50));
      const stopped = srv.server.stop();
      // From the moment the stop starts (its first step is synchronous), while the request is still under way.
      expect(await ready(own)).toMatchObject({ status: 503, body: { ready: false, failed: 'stopping' } });
      socket.write(body.slice(5));
      await answered;
      await stopped;
      await expect(fetch(`${own}/readyz`)).rejects.toThrow();
    } finally {
      socket?.destroy();
      await srv.close().catch(() => {});
    }
  });
});

describe('on PostgreSQL', () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(async () => {
    await pg?.stop();
  });

  it('is ready while the database answers, 503 naming the store while it restarts, ready again after', async () => {
    const srv = await startTestServer({ database: { url: await pg.database() } });
    try {
      expect(await ready(srv.url)).toEqual({ status: 200, body: { ready: true } });
      const restarted = pg.restart('fast', 2_000);
      let seen: { status: number; body: { failed?: string } } | undefined;
      const t0 = Date.now();
      while (Date.now() - t0 < 10_000) {
        seen = await ready(srv.url);
        if (seen.status === 503) break;
      }
      expect(seen).toMatchObject({ status: 503, body: { ready: false, failed: 'store' } });
      await restarted;
      const t1 = Date.now();
      while ((seen = await ready(srv.url)).status !== 200 && Date.now() - t1 < 15_000) await new Promise((r) => setTimeout(r, 100));
      expect(seen).toEqual({ status: 200, body: { ready: true } });
    } finally {
      await srv.close();
    }
  });
});

describe('settings', () => {
  const err = (line: string) => new Error(line);
  it('refuses a wrong value with one line naming the variable', () => {
    expect(() => metricsSettings(undefined, { METRICS_PORT: '80a' }, err)).toThrow(/^METRICS_PORT: expected a port number .*got "80a"$/);
    expect(() => metricsSettings(undefined, { METRICS_PORT: '70000' }, err)).toThrow(/^METRICS_PORT:/);
    expect(() => metricsSettings(undefined, { METRICS_HOST: 'a host' }, err)).toThrow(/^METRICS_HOST: .*got "a host"$/);
    expect(() => metricsSettings(undefined, { METRICS_TOKEN: 'short' }, err)).toThrow(/^METRICS_TOKEN: expected 16 to 200 .*got 5 characters$/);
    expect(() => metricsSettings(undefined, { METRICS_TOKEN: 'x'.repeat(201) }, err)).toThrow(/^METRICS_TOKEN:/);
    expect(metricsSettings(undefined, { METRICS_PORT: '9464', METRICS_TOKEN: TOKEN }, err)).toEqual({ port: 9464, host: '127.0.0.1', token: TOKEN });
    expect(metricsSettings(undefined, {}, err)).toEqual({ host: '127.0.0.1' });
  });

  it('stops the start with that one line, before anything is opened', async () => {
    const refused = await start({ root, port: 0, quiet: true, metrics: { port: '9x' as never } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).lines).toEqual(['METRICS_PORT: expected a port number from 0 to 65535 (or nothing: no port of its own), got "9x"']);
  });
});
