/**
 * Rendering an uncached page, and where it happens. React's renderToString holds the thread that
 * runs it for milliseconds; on the event loop, a hundred visitors on filtered lists queue behind
 * each other and behind everything else (cached pages, the API, new connections). In production the
 * renders run on worker threads (server/site/render-worker.ts, built beside the server): the event
 * loop gathers the page's data, a worker renders it, and a second core is put to work.
 */
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import type { Assets } from '../../renderer/App.tsx';
import type { InitialData } from '../../renderer/page-data.ts';
import type { DocumentParts } from '../../renderer/entry-server.tsx';
import type { ModuleFailure } from '../../renderer/module-failure.tsx';
import { inlineStyleHashes } from '../http/security.ts';
import { tokenForms } from './page-cache.ts';
import type { Logger } from './site.ts';

/** A rendered page, ready to be kept and answered. */
export interface RenderedPage {
  /** The document up to `</body>`, in UTF-8. */
  prefix: Buffer;
  /** The rest of the document. */
  end: string;
  /** Ids of the forms that get a fill-time token with each answer. */
  forms: string[];
  /** Hashes of the inline style elements (the page's Content-Security-Policy names them; its scripts are known ahead). */
  styles: string[];
  /** gzip of `prefix`, flushed so that more can follow, and its CRC-32 (when the visitor takes gzip). */
  gzip?: { data: Buffer; crc: number };
  /** Milliseconds of React's own renderToString. */
  react: number;
  /** Milliseconds the render worker spent on the page (none: rendered on the event loop). */
  took?: number;
  /** Modules whose view threw, left out of the document (renderer/module-failure.tsx). */
  failed?: ModuleFailure[];
}

export interface RenderOptions {
  /** The visitor takes gzip: the document comes gzipped too. */
  gzip: boolean;
  /** No other request waits for the event loop: a render there answers sooner than one handed to a worker. */
  alone?: boolean;
}

export type RenderPage = (initial: InitialData, assets: Assets, options: RenderOptions) => Promise<RenderedPage>;

/**
 * gzip level of a page rendered for one request: its bytes are 5 % more than at level 6 for 80 % of
 * the work (a page the cache keeps is compressed again at the best level once it is asked for again).
 */
const RENDER_GZIP_LEVEL = 4;

type RenderParts = (initial: InitialData, assets: Assets, timing?: { react: number }) => DocumentParts;

/** A part of a document in UTF-8, with what the server looks for in it. */
interface PreparedPart {
  bytes: Buffer;
  forms: string[];
  styles: string[];
}

const prepare = (part: string): PreparedPart => ({ bytes: Buffer.from(part), forms: tokenForms(part), styles: inlineStyleHashes(part) });

/** Parts that are the same for every page of a set of assets (the stylesheet), prepared once. Oldest dropped first. */
const constantParts = new Map<string, PreparedPart>();
const MAX_CONSTANT_PARTS = 64;
function prepareConstant(part: string): PreparedPart {
  let prepared = constantParts.get(part);
  if (!prepared) {
    if (constantParts.size >= MAX_CONSTANT_PARTS) constantParts.delete(constantParts.keys().next().value!);
    constantParts.set(part, (prepared = prepare(part)));
  }
  return prepared;
}

/**
 * Renders a page and prepares what the server keeps of it, on the thread that calls it. The part
 * before `</body>` is encoded and searched string by string (renderer/entry-server.tsx says why);
 * no element spans two of them.
 */
export function renderPage(renderParts: RenderParts, initial: InitialData, assets: Assets, options: RenderOptions): RenderedPage {
  const timing = { react: 0 };
  const { prefix, end, constant = [], failed } = renderParts(initial, assets, timing);
  const parts = prefix.map((part, i) => (constant.includes(i) ? prepareConstant(part) : prepare(part)));
  const bytes = Buffer.concat(parts.map((p) => p.bytes));
  const gzip = options.gzip
    ? { data: zlib.gzipSync(bytes, { level: RENDER_GZIP_LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH }), crc: zlib.crc32(bytes) }
    : undefined;
  const forms = [...new Set(parts.flatMap((p) => p.forms))];
  const styles = [...new Set(parts.flatMap((p) => p.styles))];
  return { prefix: bytes, end, gzip, forms, styles, react: timing.react, ...(failed ? { failed } : {}) };
}

/**
 * How many shared values (a language's shell with its dictionary, the assets) a worker holds. The
 * pool and the worker drop the oldest alike, so the pool knows what each worker has.
 */
export const HELD_VALUES = 32;

/** A longer render is taken for a hung worker: it is stopped and replaced. */
const RENDER_LIMIT_MS = 30_000;

/** A shared value: its number, and the value itself the first time a worker is sent it. */
export interface Shared<T> {
  id: number;
  value?: T;
}

export interface RenderRequest {
  job: number;
  gzip: boolean;
  page: InitialData['page'];
  shell: Shared<InitialData['shell']>;
  assets: Shared<Assets>;
}

export type RenderReply =
  | {
      job: number;
      prefix: ArrayBuffer;
      end: string;
      gzip?: { data: ArrayBuffer; crc: number };
      forms: string[];
      styles: string[];
      react: number;
      took: number;
      failed?: ModuleFailure[];
    }
  | { job: number; error: string };

interface Job {
  resolve: (page: RenderedPage) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

class RenderThread {
  readonly worker: Worker;
  readonly jobs = new Map<number, Job>();
  /** The shared values this worker holds, oldest first. */
  readonly held: number[] = [];
  rendered = 0;

  constructor(file: URL) {
    this.worker = new Worker(file);
    this.worker.unref();
  }
}

/**
 * Worker threads that render pages. A page goes to the worker with the fewest renders under way.
 * Each language's shell (menus, footer, dictionary) and the assets are sent to a worker once, then
 * named by number: they are the same objects for every page of a content version, and the
 * dictionary's memoised formatters (shared/format.ts) stay warm in the worker. A worker that fails
 * is replaced (its renders fail with an error page); one that never renders after three starts
 * leaves the renders to the event loop.
 */
export class RenderPool {
  private readonly threads: RenderThread[] = [];
  private readonly ids = new WeakMap<object, number>();
  private nextId = 1;
  private nextJob = 1;
  private failedStarts = 0;
  private closed = false;

  constructor(
    private readonly file: URL,
    size: number,
    private readonly inline: RenderParts,
    private readonly log: Logger,
  ) {
    for (let i = 0; i < size; i++) this.threads.push(this.spawn());
  }

  get size(): number {
    return this.threads.length;
  }

  readonly render: RenderPage = (initial, assets, options) => {
    // A lone render stays on the loop: the hop to a worker and back costs about a millisecond of
    // wake-ups, more than it saves when nothing else is waiting.
    if (!this.threads.length || (options.alone && this.threads.every((t) => !t.jobs.size)))
      return Promise.resolve(renderPage(this.inline, initial, assets, options));
    let thread = this.threads[0];
    for (const t of this.threads) if (t.jobs.size < thread.jobs.size) thread = t;
    return this.renderOn(thread, initial, assets, options.gzip);
  };

  /**
   * Renders a page once on every worker, the answers dropped (server/site/warm-up.ts): a worker's
   * first pages cost several times its next ones (its code compiled, a language's formatters made).
   */
  async warm(initial: InitialData, assets: Assets): Promise<void> {
    await Promise.all(this.threads.map((t) => this.renderOn(t, initial, assets, true).catch(() => {})));
  }

  private renderOn(thread: RenderThread, initial: InitialData, assets: Assets, gzip: boolean): Promise<RenderedPage> {
    const job = this.nextJob++;
    // Sent at once (copied into the worker's queue), so that the page's data is not held here while it waits.
    const request: RenderRequest = {
      job,
      gzip,
      page: initial.page,
      shell: this.share(thread, initial.shell),
      assets: this.share(thread, assets),
    };
    try {
      thread.worker.postMessage(request);
    } catch (e) {
      // Data that cannot be copied (a loader returned a function, say): the worker did not get the
      // shared values counted as sent, so it is replaced rather than left out of step with this list.
      this.replace(thread);
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
    return this.reply(thread, job);
  }

  /** The answer to a job (in a scope of its own: its timer holds nothing of the page). */
  private reply(thread: RenderThread, job: number): Promise<RenderedPage> {
    return new Promise<RenderedPage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.log.error(`a page render took over ${RENDER_LIMIT_MS / 1000} s: its worker is replaced`, new Error('render timeout'));
        this.replace(thread);
      }, RENDER_LIMIT_MS);
      thread.jobs.set(job, { resolve, reject, timer });
    });
  }

  /** A new worker in this one's place at once (no render goes to it any more); its renders under way fail. */
  private replace(thread: RenderThread): void {
    const at = this.threads.indexOf(thread);
    if (at >= 0 && !this.closed) this.threads[at] = this.spawn();
    void thread.worker.terminate();
  }

  close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0);
    return Promise.all(threads.map((t) => t.worker.terminate())).then(() => {});
  }

  private share<T extends object>(thread: RenderThread, value: T): Shared<T> {
    let id = this.ids.get(value);
    if (id === undefined) this.ids.set(value, (id = this.nextId++));
    if (thread.held.includes(id)) return { id };
    thread.held.push(id);
    if (thread.held.length > HELD_VALUES) thread.held.shift();
    return { id, value };
  }

  private spawn(): RenderThread {
    const thread = new RenderThread(this.file);
    thread.worker.on('message', (reply: RenderReply) => {
      const job = thread.jobs.get(reply.job);
      if (!job) return;
      thread.jobs.delete(reply.job);
      clearTimeout(job.timer);
      if ('error' in reply) return job.reject(new Error(reply.error));
      thread.rendered++;
      this.failedStarts = 0;
      const gzip = reply.gzip && { data: Buffer.from(reply.gzip.data), crc: reply.gzip.crc };
      job.resolve({ ...reply, prefix: Buffer.from(reply.prefix), gzip });
    });
    thread.worker.on('error', (e) => this.log.error('a render worker failed', e));
    thread.worker.on('exit', (code) => {
      for (const job of thread.jobs.values()) {
        clearTimeout(job.timer);
        job.reject(new Error(`the render worker stopped (exit code ${code})`));
      }
      thread.jobs.clear();
      const at = this.threads.indexOf(thread);
      if (this.closed || at < 0) return;
      if (!thread.rendered && ++this.failedStarts >= 3) {
        this.log.error('render workers fail to start: pages are rendered on the event loop', new Error(`exit code ${code}`));
        for (const t of this.threads.splice(0)) void t.worker.terminate();
        return;
      }
      this.threads[at] = this.spawn();
    });
    return thread;
  }
}
