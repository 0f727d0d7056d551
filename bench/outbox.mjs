// The outbox draining a backlog: 1,000 stored requests with their 2,000 mails (agency and visitor),
// sent to a real SMTP server on loopback. Reports mails/s from the server's start to the last mark.
import { writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { benchDir } from './server.mjs';

export async function benchOutbox({ root, requests = 1000 }) {
  const { start, readStoredLeads } = await import(join(root, 'dist/server/main.js'));
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _s, cb) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        cb();
      });
    },
  });
  await new Promise((r) => smtp.listen(0, '127.0.0.1', r));
  const dataDir = benchDir('vitrine-bench-outbox-');
  const submissions = [];
  const outbox = [];
  const body = 'Bonjour,\n\nNous avons bien reçu votre demande. '.repeat(20);
  for (let i = 0; i < requests; i++) {
    const id = randomUUID();
    submissions.push({
      id,
      kind: 'site-contact',
      lang: 'fr',
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString(),
      page: null,
      propertyId: null,
      status: 'new',
      fields: { firstName: 'Bench', lastName: `N${i}`, email: `bench${i}@example.be`, message: body },
    });
    for (const who of ['agency', 'visitor']) {
      outbox.push({
        id: `${id}-${who}`,
        leadId: id,
        to: who === 'agency' ? 'agency@example.be' : `bench${i}@example.be`,
        from: '"Atrium" <info@example.be>',
        subject: 'Contact',
        text: body,
        html: `<p>${body}</p>`,
        lang: 'fr',
        attempts: 0,
        nextAttemptAt: 0,
      });
    }
  }
  // What a data folder holds after a burst of requests while the mail server was away.
  writeFileSync(join(dataDir, 'leads.json'), JSON.stringify({ submissions, outbox }));
  const t0 = performance.now();
  const server = await start({
    root,
    port: 0,
    host: '127.0.0.1',
    dataDir,
    quiet: true,
    smtpUrl: `smtp://127.0.0.1:${smtp.server.address().port}`,
    countViews: false,
  });
  const total = outbox.length;
  while (received < total) await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - t0) / 1000;
  await new Promise((r) => server.close(r));
  await new Promise((r) => setTimeout(r, 200));
  const marked = readStoredLeads(dataDir).outbox.filter((m) => m.sentAt).length;
  await new Promise((r) => smtp.close(r));
  return { mails: total, seconds, rate: total / seconds, received, marked };
}
