// The owners' portal as its tests meet it: a server with its own data folder, a real SMTP peer,
// two owners added the way `npm run owners -- add` does, and an owner's browser.
import { afterAll, beforeAll } from 'vitest';
import { startTestServer } from './server.ts';
import { startSmtp } from './smtp.ts';
import { Client as HttpClient } from './client.ts';
import { tempDir } from './config.ts';
import { sampleListings } from './listings.ts';
import { OwnerAccounts, addOwner } from '../../server/auth/owner-accounts.ts';

export const sample = (await sampleListings()) as unknown as { properties: Array<Record<string, unknown>> };
const idsOf = (ref: string) => [...new Set(sample.properties.filter((p) => p.OwnerRef === ref).map((p) => p.ID as number))].sort((a, b) => a - b);
/** The sample properties of Marie Dubois (owner-001) and of Jan Peeters (owner-002). */
export const mine = idsOf('owner-001');
export const theirs = idsOf('owner-002');

/** An owner's browser. */
export class OwnerClient extends HttpClient {
  login(username: string, password: string, lang = 'fr') {
    return this.req('POST', '/api/owner/login', { username, password, lang });
  }
}

/** A server from source with its own data folder and a real SMTP peer, and the two sample owners. */
export async function startPortalServer() {
  const smtp = await startSmtp();
  const dataDir = tempDir('portal-');
  const srv = await startTestServer({ dataDir, smtpUrl: smtp.url });
  // Accounts are added the way `npm run owners -- add` does, into the running server's data folder.
  const accounts = OwnerAccounts.inDataDir(dataDir);
  await addOwner(accounts, { username: 'Marie.Dubois@example.be', password: 'correct horse battery', lang: 'fr', ref: 'owner-001' });
  await addOwner(accounts, { username: 'jan.peeters@example.be', password: 'another long secret', lang: 'nl', ref: 'owner-002' });
  return { srv, smtp, accounts };
}

/**
 * The portal server of one test file: started before its tests, stopped after them. `Client` is an
 * owner's browser on it.
 */
export function usePortalServer() {
  let started: Awaited<ReturnType<typeof startPortalServer>> | undefined;
  beforeAll(async () => {
    started = await startPortalServer();
  }, 60_000);
  afterAll(async () => {
    await started?.srv.close();
    await started?.smtp.close();
  });
  const get = () =>
    started ??
    (() => {
      throw new Error('the portal server is not started yet');
    })();
  return {
    get srv() {
      return get().srv;
    },
    get smtp() {
      return get().smtp;
    },
    get accounts() {
      return get().accounts;
    },
    Client: class extends OwnerClient {
      constructor(headers: Record<string, string> = {}) {
        super(get().srv.url, headers);
      }
    },
  };
}
