// DATABASE_URL and the PG_* settings as an operator writes them: a wrong one is named, with what it must be.
import { describe, expect, it } from 'vitest';
import { isUnavailable, pgSettingsOf } from '../../server/storage/pg/db.ts';
import { readEnv } from '../../server/env.ts';

const pgSettingsFromEnv = (raw: Record<string, string>) => pgSettingsOf(readEnv(raw));

describe('PostgreSQL settings', () => {
  it('uses the embedded store without DATABASE_URL, and reads the pool settings with it', () => {
    expect(pgSettingsFromEnv({})).toBeUndefined();
    expect(pgSettingsFromEnv({ DATABASE_URL: '  ' })).toBeUndefined();
    expect(
      pgSettingsFromEnv({
        DATABASE_URL: 'postgres://vitrine:s3cret@db.internal:5432/vitrine?sslmode=require',
        PG_POOL_MAX: '20',
        PG_STATEMENT_TIMEOUT_MS: '5000',
      }),
    ).toEqual({
      url: 'postgres://vitrine:s3cret@db.internal:5432/vitrine?sslmode=require',
      poolMax: 20,
      statementTimeoutMs: 5000,
      // The defaults, from server/env.ts.
      connectTimeoutMs: 5000,
      nodeTimeoutMs: 10_000,
    });
  });

  it('names the setting that is wrong', () => {
    expect(() => pgSettingsFromEnv({ DATABASE_URL: 'mysql://db/vitrine' })).toThrow(
      'DATABASE_URL: expected a URL starting with postgres:// or postgresql://, got "mysql://db/vitrine"',
    );
    expect(() => pgSettingsFromEnv({ DATABASE_URL: 'postgres://db/v', PG_POOL_MAX: 'ten' })).toThrow(
      'PG_POOL_MAX: expected a whole number from 1 to 1000, got "ten"',
    );
    expect(() => pgSettingsFromEnv({ DATABASE_URL: 'postgres://db/v', PG_NODE_TIMEOUT_MS: '-5' })).toThrow(/PG_NODE_TIMEOUT_MS/);
  });

  it('tells a database that is away (a 503 to retry) from a wrong statement (a bug)', () => {
    expect(isUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' }))).toBe(false);
    expect(isUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
  });
});
