/**
 * Answered captcha images on PostgreSQL (issue 40, point 6): one row per image until it expires,
 * shared by every node, so an image answered on one node is answered on all. The first insert of an
 * id wins; expired rows are deleted at most once a minute per node; past `max` unexpired rows an
 * answer is refused.
 */
import { SPENT_CAPTCHAS_MAX } from '../../../shared/constants.ts';
import type { SpentCaptchaRepository } from '../types.ts';
import type { Db } from './db.ts';

const PURGE_MS = 60_000;

export class PgSpentCaptchas implements SpentCaptchaRepository {
  private purgedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly max = SPENT_CAPTCHAS_MAX,
  ) {}

  async spend(id: string, expiresAt: number): Promise<boolean> {
    const now = Date.now();
    if (now - this.purgedAt >= PURGE_MS) {
      this.purgedAt = now;
      await this.db.query('DELETE FROM spent_captchas WHERE expires_at <= $1', [now]);
    }
    // An expired row of the same id (not purged yet) is taken over; a live one means answered already.
    const r = await this.db.query<{ id: string }>(
      `INSERT INTO spent_captchas (id, expires_at)
       SELECT $1, $2 WHERE (SELECT count(*) FROM spent_captchas WHERE expires_at > $3) < $4
       ON CONFLICT (id) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE spent_captchas.expires_at <= $3
       RETURNING id`,
      [id, expiresAt, now, this.max],
    );
    return r.rows.length === 1;
  }
}
