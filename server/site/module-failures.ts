/**
 * Modules that failed on a public page (issue 41, point 1): their loader threw (server/site/site.ts)
 * or their view threw while the server rendered it (renderer/module-failure.tsx). Either way the
 * module is left out and the page answers as usual; here each failure is counted, and logged once
 * per page, module and kind with the page, the module id and its type. The counts are for the
 * metrics to read (`moduleFailureCounts`).
 */
import type { Logger } from './site.ts';

export type ModuleFailureKind = 'load' | 'render';

export interface ModuleFailureReport {
  kind: ModuleFailureKind;
  /** The page's id (null: a page without a record, the 404 page) and the path asked for. */
  page: number | string | null;
  path: string;
  module: number | string;
  view: string;
  /** What it threw (a render's is known only the first time its thread meets it). */
  error?: unknown;
}

/** The most (page, module, kind) already logged that are remembered; the oldest is forgotten first. */
export const MAX_LOGGED_MODULE_FAILURES = 1000;

const counts: Record<ModuleFailureKind, number> = { load: 0, render: 0 };
const logged = new Set<string>();

/** Counts a failure, and logs it unless this page's module already failed this way. */
export function reportModuleFailure(log: Logger, f: ModuleFailureReport): void {
  counts[f.kind]++;
  const key = `${f.page} ${f.module} ${f.kind}`;
  if (logged.has(key)) return;
  if (logged.size >= MAX_LOGGED_MODULE_FAILURES) logged.delete(logged.values().next().value!);
  logged.add(key);
  const what = f.kind === 'load' ? 'failed to load its data' : 'failed to render';
  log.error(`page ${f.page ?? '(none)'} (${f.path}) module ${f.module} (${f.view}) ${what}; left out of the page`, f.error);
}

/** How many module failures this process has seen, by kind, since it started. */
export function moduleFailureCounts(): Readonly<Record<ModuleFailureKind, number>> {
  return { ...counts };
}
