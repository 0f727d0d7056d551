// Global setup of the integration and e2e projects: a folder for the run's one PostgreSQL cluster, which
// the first file that needs it starts (tests/helpers/pg.ts, sharedPostgres), stopped and removed at the end.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { stopPostgresIn } from '../../scripts/pg-cluster.mjs';

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(process.env.VITRINE_TEST_TMP || tmpdir(), 'vitrine-pg-shared-'));
  project.provide('sharedPostgresDir', dir);
  return () => {
    try {
      const cluster = join(dir, 'cluster');
      if (existsSync(cluster)) stopPostgresIn(readFileSync(cluster, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
