/**
 * Static folders under a URL prefix (/assets/, /media/, /images/): a request is served from that
 * folder only. The path after the prefix is decoded once and must then be plain segments — no
 * `..` or `.` segment, no backslash, no encoded slash or backslash, no `%` left over (double
 * encoding), no control character, no hidden file — else the answer is 404, the same as for a
 * file that does not exist, so nothing outside the folder can be named or probed.
 */
import type Koa from 'koa';
import send from 'koa-send';

export interface StaticFolderOptions {
  /** Cache lifetime in ms. */
  maxage: number;
  immutable?: boolean;
  /** Serve the .br / .gz copy beside a file when the client takes it (the build makes them for assets). */
  precompressed?: boolean;
}

/** The file path inside the folder that a URL path names, or undefined when it is not a plain one. */
export function safeRelativePath(rawPath: string, prefix: string): string | undefined {
  if (!rawPath.startsWith(prefix)) return undefined;
  const rest = rawPath.slice(prefix.length);
  // Encoded separators are refused before decoding: %2f would become a separator only after it.
  if (/%(2f|5c|00)/i.test(rest)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return undefined;
  }
  // A % after one decoding is a double encoding (%252e%252e): refused, never decoded again.
  if (!decoded || decoded.includes('%') || decoded.includes('\\') || /[\u0000-\u001f\u007f]/.test(decoded)) return undefined;
  const segments = decoded.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.'))) return undefined;
  return segments.join('/');
}

/**
 * Serves `dir` under `prefix` (which ends with a slash). A path that is not plain is a 404 at once;
 * a plain one that names no file goes on to the next middleware (routes under the same prefix).
 */
export function staticFolder(prefix: string, dir: string, opts: StaticFolderOptions): Koa.Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(prefix)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    // ctx.path is the path as the client sent it (still encoded).
    const rel = safeRelativePath(ctx.path, prefix);
    if (rel === undefined) {
      ctx.status = 404;
      return;
    }
    try {
      if (
        await send(ctx, rel, {
          root: dir,
          maxage: opts.maxage,
          immutable: opts.immutable,
          hidden: false,
          gzip: !!opts.precompressed,
          brotli: !!opts.precompressed,
        })
      )
        return;
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (!status || status >= 500) throw e;
    }
    // A plain path that names no file here: the routes after this one may know it (else the 404 page).
    return next();
  };
}
