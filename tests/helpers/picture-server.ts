/**
 * A CRM picture CDN on loopback for tests: real HTTP, JPEGs made with sharp, and the ways a CDN
 * goes wrong. Paths:
 *   /c/{rrggbb}/{name}.jpg     a 1600×1067 JPEG of that colour (the query, e.g. ?v=…, is ignored like a CDN does)
 *   /missing/…  404 · /gone/… 410 · /error/… 500
 *   /text/…     200 text/html · /fake/… 200 image/jpeg whose bytes are no image
 *   /huge/…     an endless chunked body (no length) · /huge-declared/… Content-Length of 100 MB
 *   /slow/…     headers at once, then one byte every 200 ms for ever
 *   /redirect/{to…}  302 to the rest of the path on this host · /redirect-host/{host}/{to…} 302 to that host, same port
 * It counts every request, can be switched off (connections refused) and on again (same port),
 * and can be told to serve another colour at a path (a new picture under the same name).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';

export interface PictureServer {
  /** http://127.0.0.1:{port} */
  url: string;
  port: number;
  /** Every request's path and query, in order. */
  requests: string[];
  /** How many requests asked for this path (query ignored). */
  count(path: string): number;
  /** Serve `hex` at `path` from now on. */
  recolour(path: string, hex: string): void;
  off(): Promise<void>;
  on(): Promise<void>;
  close(): Promise<void>;
}

export const PICTURE_WIDTH = 1600;
export const PICTURE_HEIGHT = 1067;
const jpegs = new Map<string, Promise<Buffer>>();

/** A JPEG of one colour, made once. */
export function colourJpeg(hex: string, width = PICTURE_WIDTH, height = PICTURE_HEIGHT): Promise<Buffer> {
  const key = `${hex}-${width}x${height}`;
  let p = jpegs.get(key);
  if (!p) {
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
    p = sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
      .jpeg({ quality: 90 })
      .toBuffer();
    jpegs.set(key, p);
  }
  return p;
}

/** The mean colour of an image, as [r, g, b] (0–255). */
export async function meanColour(image: Buffer): Promise<number[]> {
  const { channels } = await sharp(image).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

/** Whether two colours are the same within JPEG's rounding. */
export const sameColour = (a: number[], hex: string) => [0, 2, 4].every((i, k) => Math.abs(a[k] - parseInt(hex.slice(i, i + 2), 16)) <= 8);

/** The colours in `prepare` are made before the server answers, so that a busy machine does not make the first requests slow. */
export async function startPictureServer(prepare: string[] = []): Promise<PictureServer> {
  await Promise.all(prepare.map((hex) => colourJpeg(hex)));
  const requests: string[] = [];
  const colours = new Map<string, string>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let port = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url ?? '/', 'http://x');
    requests.push(u.pathname + u.search);
    const [, kind, ...rest] = u.pathname.split('/');
    switch (kind) {
      case 'c': {
        const hex = colours.get(u.pathname) ?? rest[0];
        if (!/^[0-9a-f]{6}$/.test(hex)) break;
        const body = await colourJpeg(hex);
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length, 'cache-control': 'public, max-age=31536000' });
        return res.end(body);
      }
      case 'missing':
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<h1>Not found</h1>');
      case 'gone':
        res.writeHead(410);
        return res.end();
      case 'error':
        res.writeHead(500);
        return res.end('oops');
      case 'text':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<!DOCTYPE html><title>Login</title><p>Please log in to see this picture.</p>');
      case 'fake':
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.end(Buffer.from('GIF89a? no, this is not an image at all '.repeat(50)));
      case 'huge': {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(64 * 1024, 0xff);
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        return pump();
      }
      case 'huge-declared':
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': 100 * 1024 * 1024 });
        return res.write(Buffer.alloc(1024));
      case 'slow': {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write(Buffer.from([0xff]))), 200);
        timers.add(t);
        res.on('close', () => clearInterval(t));
        return;
      }
      case 'redirect':
        res.writeHead(302, { location: `/${rest.join('/')}${u.search}` });
        return res.end();
      case 'redirect-host':
        res.writeHead(302, { location: `http://${rest[0]}:${port}/${rest.slice(1).join('/')}${u.search}` });
        return res.end();
    }
    res.writeHead(400);
    res.end();
  };

  let server: Server;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
      server.on('connection', (s) => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const t of timers) clearInterval(t);
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  await listen();

  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    requests,
    count: (path) => requests.filter((r) => r.split('?')[0] === path).length,
    recolour: (path, hex) => void colours.set(path, hex),
    off: stop,
    on: listen,
    close: stop,
  };
}
