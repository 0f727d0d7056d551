// Soak probe (issue 40, point 3): a mail server that accepts a connection and never says a word.
// The server's SMTP_URL points at a peer whose first connection is held silent and whose others are
// passed to a good mail server: the outbox must go on delivering through the other connections
// meanwhile, give the held mail up after its greeting timeout and deliver it once. Prints the mails
// delivered while the connection was held, the time to the first delivery, and duplicates.
import { createConnection, createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

const REQUESTS = 20;
const sleep = (n) => new Promise((r) => setTimeout(r, n));

/** base: the soak server; smtpPort: the port of its SMTP_URL; proofOf and formToken: as a browser makes them. */
export async function hungSmtpProbe({ base, smtpPort, proofOf, formToken, line }) {
  const received = [];
  // Mails of earlier phases may still be waiting in the outbox (they retry into this peer too):
  // only this phase's mails count, known by the visitors' addresses (recipient or Reply-To).
  const marker = `.${Date.now()}@example.be`;
  const good = new SMTPServer({
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
        if (id && head.includes(marker)) received.push({ id, at: Date.now() });
        cb();
      });
    },
  });
  good.on('error', () => undefined);
  await new Promise((r) => good.listen(0, '127.0.0.1', r));
  const goodPort = good.server.address().port;
  const held = [];
  let releasedAt = 0;
  let firstHeld = 0;
  const peer = createServer((socket) => {
    socket.on('error', () => undefined);
    if (held.length === 0) {
      held.push(socket);
      firstHeld = Date.now();
      socket.on('close', () => (releasedAt = Date.now())); // the outbox gave the connection up
      return;
    }
    const real = createConnection(goodPort, '127.0.0.1');
    real.on('error', () => socket.destroy());
    socket.pipe(real).pipe(socket);
  });
  await new Promise((r) => peer.listen(smtpPort, '127.0.0.1', r));

  const token = await formToken();
  const t0 = Date.now();
  const ids = [];
  for (let i = 0; i < REQUESTS; i++) {
    const r = await fetch(`${base}/api/forms/site-contact?lang=fr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        lang: 'fr',
        formToken: token,
        proof: proofOf(token),
        website: '',
        firstName: 'Soak',
        lastName: `Hung ${i}`,
        email: `hung.${i}${marker}`,
        message: `Demande ${i}`,
      }),
    });
    if (r.status === 201) ids.push((await r.json()).id);
  }
  const expected = ids.length * 2;
  const unique = () => new Set(received.map((m) => m.id));
  while (unique().size < expected && Date.now() - t0 < 120_000) await sleep(100);
  const allAt = Date.now();
  await sleep(1500); // anything sent twice arrives too
  // The held connection is given up by the outbox's greeting timeout (10 s): wait for it (bounded).
  while (held.length && !releasedAt && Date.now() - firstHeld < 30_000) await sleep(100);
  line('requests acknowledged (201)', `${ids.length} of ${REQUESTS} (${expected} mails)`);
  line('held connections (first one, silent)', held.length);
  line(
    'delivered to the good peer while it was held',
    `${new Set(received.filter((m) => !releasedAt || m.at < releasedAt).map((m) => m.id)).size} of ${expected}${releasedAt ? `; the silent connection given up after ${((releasedAt - firstHeld) / 1000).toFixed(1)} s` : ', still held after 30 s'}`,
  );
  line('time to the first delivery', received.length ? `${received[0].at - t0} ms` : 'none');
  line('all delivered', unique().size >= expected ? `yes, after ${((allAt - t0) / 1000).toFixed(1)} s` : `NO (${unique().size} of ${expected})`);
  line('duplicates (a Message-ID received twice)', received.length - unique().size);
  held.forEach((s) => s.destroy());
  await new Promise((r) => peer.close(r));
  await new Promise((r) => good.close(r));
}
