/**
 * A render worker (server/site/render.ts): renders the pages the pool sends, with the shared values
 * (shells, assets) it was sent once and holds by number, and hands the document's bytes back
 * without copying them.
 */
import { parentPort } from 'node:worker_threads';
import { renderParts } from '../../renderer/entry-server.tsx';
import { HELD_VALUES, renderPage, type RenderReply, type RenderRequest, type Shared } from './render.ts';

const held = new Map<number, unknown>();

/** Keeps the values sent with a request, in the order the pool sent them (before anything can fail). */
function hold(values: Array<Shared<unknown>>): void {
  for (const { id, value } of values) {
    if (value === undefined) continue;
    held.set(id, value);
    // The oldest goes, as in the pool's own list of what this worker holds.
    if (held.size > HELD_VALUES) held.delete(held.keys().next().value!);
  }
}

function take<T>(shared: Shared<T>): T {
  const value = held.get(shared.id);
  if (value === undefined) throw new Error(`the render worker does not hold shared value ${shared.id}`);
  return value as T;
}

/** Bytes that move to the event loop's thread (transferred, not copied): a buffer of their own. */
function movable(bytes: Buffer): ArrayBuffer {
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return (own ? bytes : new Uint8Array(bytes)).buffer as ArrayBuffer;
}

parentPort!.on('message', (request: RenderRequest) => {
  const started = performance.now();
  let reply: RenderReply;
  const transfer: ArrayBuffer[] = [];
  hold([request.shell, request.assets]);
  try {
    const shell = take(request.shell);
    const assets = take(request.assets);
    const page = renderPage(renderParts, { shell, page: request.page }, assets, { gzip: request.gzip });
    const prefix = movable(page.prefix);
    const gzip = page.gzip && { data: movable(page.gzip.data), crc: page.gzip.crc };
    transfer.push(prefix, ...(gzip ? [gzip.data] : []));
    reply = {
      job: request.job,
      prefix,
      end: page.end,
      gzip,
      forms: page.forms,
      styles: page.styles,
      react: page.react,
      took: performance.now() - started,
      failed: page.failed,
    };
  } catch (e) {
    reply = { job: request.job, error: (e as Error).stack ?? String(e) };
  }
  parentPort!.postMessage(reply, transfer);
});
