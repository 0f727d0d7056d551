import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addOwner } from '../../server/auth/owner-accounts.ts';
import { mine, usePortalServer } from '../helpers/portal.ts';
import { RESET_TOKEN_TTL_MS } from '../../shared/constants.ts';

const portal = usePortalServer();
const { Client } = portal;

describe('forgotten password', () => {
  const linkOf = (text: string) => /(http\S+#reset=([\w-]+))/.exec(text)!;

  it('mails a link in the owner language, sets the new password once, ends other sessions, and the old password stops working', async () => {
    await addOwner(portal.accounts, { username: 'luc.martin@example.be', password: 'old password 123', lang: 'nl', propertyIds: [mine[0]] });
    const elsewhere = new Client();
    expect((await elsewhere.login('luc.martin@example.be', 'old password 123')).status).toBe(200);
    const unknown = await new Client().req('POST', '/api/owner/password/forgot', { email: 'ghost@example.be', lang: 'fr' });
    const r = await new Client().req('POST', '/api/owner/password/forgot', { email: 'Luc.Martin@example.be', lang: 'fr' });
    expect(r.status).toBe(200);
    expect(unknown.json).toEqual(r.json); // the same answer whether the account exists or not
    await expect
      .poll(() => portal.smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes('luc.martin@example.be')).length, { timeout: 10_000 })
      .toBe(1);
    const mail = portal.smtp.received.find((m) => JSON.stringify(m.to).includes('luc.martin@example.be'))!;
    expect(mail.subject).toBe('Kies een nieuw wachtwoord – Atrium Immo'); // the owner's language
    const [, link, token] = linkOf(mail.text!);
    expect(new URL(link).pathname).toBe('/nl/login/');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(readFileSync(join(portal.srv.dataDir, 'owners.json'), 'utf8')).not.toContain(token); // stored hashed

    const mismatch = await new Client().req('POST', '/api/owner/password/reset', {
      token,
      password: 'brand new secret',
      confirm: 'brand new secreT',
      lang: 'en',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.errors).toEqual([{ field: 'confirm', message: 'The passwords must match' }]);
    const noConfirm = await new Client().req('POST', '/api/owner/password/reset', { token, password: 'brand new secret', lang: 'en' });
    expect(noConfirm.json.errors).toEqual([{ field: 'confirm', message: 'Please confirm the password' }]);

    const ok = await new Client().req('POST', '/api/owner/password/reset', { token, password: 'brand new secret', confirm: 'brand new secret', lang: 'nl' });
    expect(ok.status).toBe(200);
    expect((await elsewhere.req('GET', '/api/owner/me')).json).toEqual({ loggedIn: false }); // other sessions ended
    expect((await new Client().login('luc.martin@example.be', 'old password 123')).status).toBe(401);
    expect((await new Client().login('luc.martin@example.be', 'brand new secret')).status).toBe(200);
    await expect.poll(() => portal.smtp.received.some((m) => m.subject === 'Uw wachtwoord is gewijzigd – Atrium Immo'), { timeout: 10_000 }).toBe(true);

    const again = await new Client().req('POST', '/api/owner/password/reset', { token, password: 'third password!', confirm: 'third password!', lang: 'en' });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ error: 'This link is no longer valid. Ask for a new one.', field: 'token' });
  });

  it('rejects an expired link', async () => {
    await addOwner(portal.accounts, { username: 'late@example.be', password: 'late password 1', lang: 'en' });
    await new Client().req('POST', '/api/owner/password/forgot', { email: 'late@example.be', lang: 'en' });
    await expect.poll(() => portal.smtp.received.some((m) => JSON.stringify(m.to).includes('late@example.be')), { timeout: 10_000 }).toBe(true);
    const [, , token] = linkOf(portal.smtp.received.find((m) => JSON.stringify(m.to).includes('late@example.be'))!.text!);
    // The clock moves past the expiry: written as the stored deadline having passed.
    const late = (await portal.accounts.byUsername('late@example.be'))!;
    await portal.accounts.update(late.id, (o) => void (o.reset!.expiresAt = Date.now() - 1));
    expect(RESET_TOKEN_TTL_MS).toBeGreaterThan(0);
    const r = await new Client().req('POST', '/api/owner/password/reset', { token, password: 'new password 22', confirm: 'new password 22', lang: 'en' });
    expect(r.status).toBe(400);
    expect((await new Client().login('late@example.be', 'late password 1', 'en')).status).toBe(200);
  });
});
