/**
 * The embedded store's record of answered captcha images (issue 40, point 6): DATA_DIR/captchas.json
 * and its journal, so that an image answered before a restart stays answered. Each entry is kept
 * until its image expires; expired ones are pruned in memory (at most once a minute, and whenever
 * the record is full) and left out of every snapshot.
 */
import { join } from 'node:path';
import { SPENT_CAPTCHAS_MAX } from '../../../shared/constants.ts';
import type { SpentCaptchaRepository } from '../types.ts';
import { Journaled } from './journal.ts';

type Spent = Map<string, number>;
interface SpentEvent {
  id: string;
  until: number;
}

const PRUNE_EVERY_MS = 60_000;

export class FileSpentCaptchas implements SpentCaptchaRepository {
  private prunedAt = 0;

  private constructor(
    private readonly j: Journaled<Spent, SpentEvent>,
    private readonly max: number,
  ) {}

  static async open(dir: string, max = SPENT_CAPTCHAS_MAX): Promise<FileSpentCaptchas> {
    const j = await Journaled.open<Spent, SpentEvent>({
      snapshot: join(dir, 'captchas.json'),
      journal: join(dir, 'captchas.log'),
      empty: () => new Map(),
      apply: (m, e) => void m.set(e.id, e.until),
      revive: (raw) => new Map(Object.entries((raw as { spent?: Record<string, number> }).spent ?? {})),
      serialise: (m) => ({ spent: Object.fromEntries([...m].filter(([, until]) => until > Date.now())) }),
    });
    return new FileSpentCaptchas(j, max);
  }

  private prune(now: number) {
    this.prunedAt = now;
    for (const [id, until] of this.j.state) if (until <= now) this.j.state.delete(id);
  }

  async spend(id: string, expiresAt: number): Promise<boolean> {
    const now = Date.now();
    const seen = this.j.state.get(id);
    if (seen !== undefined && seen > now) return false;
    if (now - this.prunedAt >= PRUNE_EVERY_MS || this.j.state.size >= this.max) this.prune(now);
    if (this.j.state.size >= this.max) return false;
    await this.j.write({ id, until: expiresAt });
    return true;
  }

  close(): Promise<void> {
    return this.j.close();
  }
}
