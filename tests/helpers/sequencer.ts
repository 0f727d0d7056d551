// The order in which the run hands files to its workers (vitest.config.ts, maxWorkers 3). Vitest's own
// order runs the projects by name (e2e first), and on a fresh clone, without a cache of durations, by
// file size. Here: integration first, while tests/e2e/global-setup.ts builds the site beside it (the e2e
// files wait for that build); then e2e; the many short unit files last, filling the workers as the long
// files end. Within a tier, the longest first (the last run's duration, else the file's size).
import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const TIERS = ['integration', 'e2e', 'unit'];

export default class TiersSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const weight = (f: TestSpecification) =>
      cache.getFileTestResults(`${f.project.name}:${relative(config.root, f.moduleId)}`)?.duration ?? statSync(f.moduleId).size;
    const tier = (f: TestSpecification) => {
      const i = TIERS.indexOf(f.project.name);
      return i < 0 ? TIERS.length : i;
    };
    const weights = new Map(files.map((f) => [f, weight(f)]));
    return [...files].sort((a, b) => tier(a) - tier(b) || weights.get(b)! - weights.get(a)!);
  }
}
