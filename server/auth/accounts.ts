/** Accounts of one kind (owners, staff) over the store's account repository. */
import type { AccountRecord, AccountRepository } from '../storage/index.ts';
import { normalizeUsername } from './passwords.ts';

export class Accounts<A extends AccountRecord> {
  constructor(readonly repo: AccountRepository<A>) {}
  all() {
    return this.repo.all();
  }
  byUsername(username: string) {
    return this.repo.byUsername(normalizeUsername(username));
  }
  byId(id: string) {
    return this.repo.byId(id);
  }
  insert(account: A) {
    return this.repo.insert(account);
  }
  update(id: string, change: (a: A) => void) {
    return this.repo.update(id, change);
  }
}
