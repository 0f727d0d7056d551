/**
 * Presence (issue 38, point 5): while a document is open, each window of the editor says so every
 * PRESENCE_PING_MS and hears who else has it open — by name, since when, and whether they have
 * unsaved changes kept on the server (an autosave). A window not heard from for PRESENCE_STALE_MS
 * no longer counts. People who left unsaved changes of the document are named too. On PostgreSQL
 * every node reads the same rows.
 */
import type { PresenceRepository } from '../storage/index.ts';
import type { DocKey } from '../content/doc-key.ts';
import { mayChange } from '../content/operations.ts';
import { HttpError } from '../http/request.ts';
import { personId, type AutosaveOperations, type Person } from './autosaves.ts';
import { PRESENCE_SHOWN_MAX, PRESENCE_STALE_MS, PRESENCE_TAB_PATTERN, PRESENCE_TABS_PER_PERSON, type PresentPerson } from '../../shared/editing.ts';

export interface PresenceDeps {
  repo: PresenceRepository;
  autosaves: AutosaveOperations;
  /** The name to show for a person (`staff:{id}`) who is not here now: their account's name, else e-mail. */
  nameOf: (person: string) => Promise<string | undefined>;
  now?: () => number;
}

/** Windows that have not spoken for a while are forgotten at most this often. */
const PURGE_EVERY_MS = 60_000;

export const displayName = (p: Pick<Person, 'name' | 'username'>) => p.name?.trim() || p.username;

function tabOf(tab: unknown): string {
  if (typeof tab !== 'string' || !PRESENCE_TAB_PATTERN.test(tab))
    throw new HttpError(400, { error: 'tab: must be the window’s id (8 to 64 letters, digits, - or _)', field: 'tab' });
  return tab;
}

export class PresenceOperations {
  private purgedAt = -Infinity;
  private readonly now: () => number;

  constructor(private readonly deps: PresenceDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The window `tab` of `person` has the document open now; gives who else has. */
  async here(person: Person, key: DocKey, tab: unknown): Promise<PresentPerson[]> {
    mayChange(person, key);
    const t = tabOf(tab);
    const now = this.now();
    const fresh = now - PRESENCE_STALE_MS;
    if (now - this.purgedAt >= PURGE_EVERY_MS) {
      this.purgedAt = now;
      await this.deps.repo.purge(fresh);
    }
    const id = personId(person);
    await this.deps.repo.ping({ key, tab: t, person: id, name: displayName(person) }, now, fresh);
    // At most PRESENCE_TABS_PER_PERSON windows per person: their quietest go.
    const windows = await this.deps.repo.ofPerson(id, fresh);
    for (const w of windows.filter((w) => !(w.tab === t && w.key === key)).slice(0, Math.max(0, windows.length - PRESENCE_TABS_PER_PERSON)))
      await this.deps.repo.leave(w.key, w.tab, id);
    return this.others(key, id, t);
  }

  /** The window closed the document. */
  async leave(person: Person, key: DocKey, tab: unknown): Promise<void> {
    await this.deps.repo.leave(key, tabOf(tab), personId(person));
  }

  /** Who has the document open besides window `tab` of `me`, earliest first, then who left unsaved changes of it. */
  async others(key: DocKey, me: string, tab: string): Promise<PresentPerson[]> {
    const rows = (await this.deps.repo.ofDoc(key, this.now() - PRESENCE_STALE_MS)).filter((r) => !(r.person === me && r.tab === tab));
    const unsaved = new Map((await this.deps.autosaves.unsaved(key)).map((a) => [a.person, a]));
    const people = new Map<string, PresentPerson>();
    for (const r of rows) {
      const seen = people.get(r.person);
      if (seen && Date.parse(seen.since) <= r.since) continue;
      const a = unsaved.get(r.person);
      people.set(r.person, {
        name: r.name,
        since: new Date(r.since).toISOString(),
        ...(a ? { unsavedAt: new Date(a.at).toISOString() } : {}),
        ...(r.person === me ? { self: true } : {}),
      });
    }
    const shown = [...people.values()];
    for (const [person, a] of unsaved) {
      if (people.has(person) || person === me || shown.length >= PRESENCE_SHOWN_MAX) continue;
      shown.push({ name: (await this.deps.nameOf(person)) ?? a.by, since: new Date(a.at).toISOString(), unsavedAt: new Date(a.at).toISOString(), away: true });
    }
    return shown.slice(0, PRESENCE_SHOWN_MAX);
  }
}
