// A lean HTTP/1.1 load generator for the performance goals: keep-alive connections that each send
// one GET, read the answer's status and length (Content-Length or chunked), skip its body without
// decoding it, and send the next. autocannon (used elsewhere in the bench) appends every body to a JavaScript string
// (a UTF-8 decode of Brotli bytes): at a 14 KB page that decode, not the server, set the pace, and
// the client took the core the server needed. Here the client's cost per answer does not grow with
// its size, so a cached page and /robots.txt are compared on what the server does for them.
import net from 'node:net';

const CRLF2 = Buffer.from('\r\n\r\n');

/**
 * `connections` connections for `seconds`, each asking for `path()` in turn (a string or a function
 * giving the next path). An answer this client cannot read (neither a length nor chunks) counts as
 * an error and its connection is opened anew.
 * Returns requests per second, latency percentiles (ms), non-2xx/3xx answers and errors, bytes per
 * answer; with `group(path)` (a name per path) also the latency percentiles of each group.
 */
export async function load({ url, path, connections = 20, seconds = 8, headers = {}, group }) {
  const { hostname, port } = new URL(url);
  const nextPath = typeof path === 'function' ? path : () => path;
  const head = Object.entries({ host: `${hostname}:${port}`, ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const request = (p) => Buffer.from(`GET ${p} HTTP/1.1\r\n${head}\r\n`);
  const fixed = typeof path === 'string' ? request(path) : null;

  let latencies = new Float64Array(1 << 16);
  let answers = 0;
  let bad = 0;
  let errors = 0;
  let bytes = 0;
  let stopping = false;
  const groups = new Map();
  const record = (ms, p) => {
    if (group) {
      const name = group(p);
      if (!groups.has(name)) groups.set(name, []);
      groups.get(name).push(ms);
    }
    if (answers === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[answers++] = ms;
  };

  const open = () =>
    new Promise((done) => {
      const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
      let pending = Buffer.alloc(0); // header bytes not yet complete
      // Reading: 'head', a body of known length ('body'), or a chunked body: a size line
      // ('size'), its data and CRLF ('chunk'), the trailer lines after the last chunk ('trailer').
      let state = 'head';
      let left = 0; // bytes still to skip in 'body' and 'chunk'
      let line = ''; // the size or trailer line read so far
      let sent = 0;
      let asked = '';
      const send = () => {
        if (stopping) return socket.end();
        sent = performance.now();
        asked = fixed ? path : nextPath();
        socket.write(fixed ?? request(asked));
      };
      const fail = () => socket.destroy();
      const answered = () => {
        state = 'head';
        record(performance.now() - sent, asked);
        send();
      };
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        bytes += chunk.length;
        let at = 0;
        while (at < chunk.length) {
          if (state === 'head') {
            const buf = pending.length ? Buffer.concat([pending, chunk.subarray(at)]) : chunk.subarray(at);
            const end = buf.indexOf(CRLF2);
            if (end < 0) {
              pending = Buffer.from(buf);
              return;
            }
            const text = buf.toString('latin1', 0, end);
            const status = Number(text.slice(9, 12));
            if (status < 200 || status >= 400) bad++;
            // Where the body starts in this chunk (the pending bytes came before it).
            at += end + 4 - pending.length;
            pending = Buffer.alloc(0);
            const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
            if (length) {
              state = 'body';
              left = Number(length[1]);
              if (left === 0) answered();
            } else if (/\r\ntransfer-encoding:\s*chunked/i.test(text)) {
              state = 'size';
              line = '';
            } else return fail();
          } else if (state === 'body' || state === 'chunk') {
            const take = Math.min(left, chunk.length - at);
            left -= take;
            at += take;
            if (left === 0) {
              if (state === 'body') answered();
              else state = 'size';
            }
          } else {
            // A line: a chunk's size, or a trailer line (the empty one ends the answer).
            const nl = chunk.indexOf(10, at);
            line += chunk.toString('latin1', at, nl < 0 ? chunk.length : nl + 1);
            if (nl < 0) return;
            at = nl + 1;
            const text = line.trim();
            line = '';
            if (state === 'trailer') {
              if (!text) answered();
            } else if (text) {
              const size = parseInt(text, 16);
              if (Number.isNaN(size)) return fail();
              if (size === 0) state = 'trailer';
              else {
                state = 'chunk';
                left = size + 2;
              }
            }
          }
        }
      });
      socket.on('error', fail);
      // A connection lost before the end (closed by the server, or an answer this client cannot
      // read) is an error; another takes its place.
      socket.on('close', () => {
        if (stopping) return done();
        errors++;
        open().then(done);
      });
    });

  const started = performance.now();
  const runs = Array.from({ length: connections }, open);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  stopping = true;
  const elapsed = (performance.now() - started) / 1000;
  await Promise.race([Promise.all(runs), new Promise((r) => setTimeout(r, 5000))]);
  const sorted = latencies.subarray(0, answers).sort();
  const at = (xs, p) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] : NaN);
  const byGroup = Object.fromEntries(
    [...groups].map(([name, xs]) => {
      xs.sort((a, b) => a - b);
      return [name, { n: xs.length, p50: at(xs, 0.5), p99: at(xs, 0.99) }];
    }),
  );
  return {
    rps: answers / elapsed,
    n: answers,
    p50: at(sorted, 0.5),
    p95: at(sorted, 0.95),
    p99: at(sorted, 0.99),
    errors: errors + bad,
    bytesPerAnswer: answers ? bytes / answers : 0,
    byGroup,
  };
}
