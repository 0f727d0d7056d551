// Mail delivery of the forms' requests: kept through an SMTP outage and a restart, sent exactly
// once; written as .eml files when no mail server is configured.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { root, tempDir } from '../helpers/config.ts';
import { seedFormKey } from '../helpers/fill-token.ts';
import { contactRequest, leads, until } from '../helpers/forms.ts';

const valid = contactRequest;

describe('when the mail server is down', () => {
  it('keeps the request, and sends each mail exactly once when it answers again, also after a restart', async () => {
    const dataDir = tempDir('outbox-');
    const smtp = await startSmtp();
    const port = smtp.port;
    await smtp.close(); // refuses connections now
    let srv = await startTestServer({ dataDir, smtpUrl: `smtp://127.0.0.1:${port}`, outboxRetryMs: 100 });
    const r = await fetch(`${srv.url}/api/forms/site-contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(valid()),
    });
    expect(r.status).toBe(201);
    const { id } = await r.json();
    await new Promise((res) => setTimeout(res, 400));
    const pending = leads(dataDir).outbox.filter((m: { id: string; sentAt?: string; attempts: number }) => m.id.startsWith(id));
    expect(pending).toHaveLength(2);
    expect(pending.every((m: { sentAt?: string; attempts: number }) => !m.sentAt && m.attempts >= 1)).toBe(true);
    // The server restarts while the mail server is still down; then the mail server answers 4xx once, then accepts.
    await srv.close();
    const back = await startSmtp(port);
    back.state.refuse = 1;
    srv = await startTestServer({ dataDir, smtpUrl: back.url, outboxRetryMs: 100 });
    await until(() => back.received.filter((m) => m.messageId?.startsWith(`<${id}`)).length === 2, 15_000);
    await new Promise((res) => setTimeout(res, 800));
    await srv.close();
    srv = await startTestServer({ dataDir, smtpUrl: back.url, outboxRetryMs: 100 });
    await new Promise((res) => setTimeout(res, 800));
    expect(back.received.filter((m) => m.messageId?.startsWith(`<${id}`))).toHaveLength(2);
    expect(
      leads(dataDir)
        .outbox.filter((m: { id: string; sentAt?: string }) => m.id.startsWith(id))
        .every((m: { sentAt?: string }) => !!m.sentAt),
    ).toBe(true);
    await srv.close();
    await back.close();
  });
});

describe('without SMTP_URL', () => {
  it('writes the mails as .eml files in DATA_DIR/mail', async () => {
    const dataDir = tempDir('eml-');
    seedFormKey(dataDir);
    const { start } = await import('../../server/main.ts');
    const server = await start({ root, port: 0, host: '127.0.0.1', dataDir, quiet: true, assets: { js: '', css: [], preload: [] }, smtpUrl: '' });
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const r = await fetch(`${url}/api/forms/site-contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...valid(), lang: 'en' }),
    });
    const { id } = await r.json();
    await until(() => existsSync(join(dataDir, 'mail')) && readdirSync(join(dataDir, 'mail')).filter((f) => f.startsWith(id)).length === 2);
    const visitor = await simpleParser(readFileSync(join(dataDir, 'mail', `${id}-visitor.eml`)));
    expect(visitor.subject).toBe('We have received your message – Atrium Immo');
    expect(visitor.text).toContain('Thank you for your message.');
    await server.stop();
  });
});
