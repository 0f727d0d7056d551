/**
 * The metrics read from state that already exists, at each scrape (prom-client's collect
 * callbacks) rather than counted along the way: the process's own (event-loop delay, heap, CPU),
 * the render queue, the outbox, the last listing import, and what this process refused (logins,
 * form posts) or left out (failed modules). Every label value comes from a fixed list.
 */
import { Counter, Gauge, collectDefaultMetrics, type Registry } from 'prom-client';
import type { ListingSetRepository, OutboxRepository } from '../storage/index.ts';
import type { ImportEntry } from '../storage/listing-sets.ts';
import { moduleFailureCounts } from '../site/module-failures.ts';
import { FORM_REFUSALS, LOGIN_REFUSALS, formRefusals, loginRefusals } from './events.ts';

export interface GaugeSources {
  store: { outbox: Pick<OutboxRepository, 'waiting'>; listingSets: Pick<ListingSetRepository, 'readState'> };
  /** Mails this process failed to send since it started (server/mail/outbox.ts). */
  outboxFailures: () => number;
  /** Uncached page answers under way (server/site/serve.ts). */
  renderQueue: () => number;
}

const IMPORT_RESULTS: Array<ImportEntry['result']> = ['accepted', 'refused', 'failed', 'restored', 'unchanged'];

export function registerGauges(registry: Registry, sources: GaugeSources): void {
  const registers = [registry];
  // Event-loop delay (nodejs_eventloop_lag_*), heap, garbage collection, CPU, handles: prom-client's own.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  new Gauge({
    name: 'vitrine_render_queue_length',
    help: 'Uncached page answers under way: waiting for their turn or being rendered.',
    registers,
    collect() {
      this.set(sources.renderQueue());
    },
  });

  const outboxQueued = new Gauge({ name: 'vitrine_outbox_queued', help: 'Mails not sent yet (waiting or to be tried again), in the whole store.', registers });
  const outboxOldest = new Gauge({
    name: 'vitrine_outbox_oldest_due_age_seconds',
    help: 'How long the oldest mail not sent yet has been due (0: none is overdue; a mail waiting for its next try is not due yet).',
    registers,
    async collect() {
      const { count, oldestDueAt } = await sources.store.outbox.waiting();
      outboxQueued.set(count);
      this.set(oldestDueAt === null ? 0 : Math.max(0, (Date.now() - oldestDueAt) / 1000));
    },
  });
  void outboxOldest;
  new Counter({
    name: 'vitrine_outbox_send_failures_total',
    help: 'Mails this process failed to send (each tried again later) since it started.',
    registers,
    collect() {
      this.reset();
      this.inc(sources.outboxFailures());
    },
  });

  const importAt = new Gauge({
    name: 'vitrine_listing_last_import_timestamp_seconds',
    help: 'When the last listing import (file, feed or sync) ended, as a Unix time (0: none yet).',
    registers,
  });
  new Gauge({
    name: 'vitrine_listing_last_import_result',
    help: 'The result of the last listing import: 1 for its result, 0 for the others.',
    labelNames: ['result'],
    registers,
    async collect() {
      const last = (await sources.store.listingSets.readState()).entries[0];
      if (last) importAt.set(Date.parse(last.at) / 1000);
      for (const result of IMPORT_RESULTS) this.set({ result }, last?.result === result ? 1 : 0);
    },
  });

  // Counts kept by the process (server/metrics/events.ts, server/site/module-failures.ts), read at each scrape.
  new Counter({
    name: 'vitrine_login_refused_total',
    help: 'Logins refused by this process since it started, by account kind (owner, staff) and reason.',
    labelNames: ['kind', 'reason'],
    registers,
    collect() {
      this.reset();
      for (const kind of ['owner', 'staff']) for (const reason of LOGIN_REFUSALS) this.inc({ kind, reason }, 0);
      for (const r of loginRefusals()) this.inc({ kind: r.kind, reason: r.reason }, r.count);
    },
  });
  new Counter({
    name: 'vitrine_form_refused_total',
    help: 'Form posts refused by this process since it started, by reason.',
    labelNames: ['reason'],
    registers,
    collect() {
      this.reset();
      for (const reason of FORM_REFUSALS) this.inc({ reason }, 0);
      for (const r of formRefusals()) this.inc({ reason: r.reason }, r.count);
    },
  });
  new Counter({
    name: 'vitrine_module_failures_total',
    help: 'Modules left out of a page because their loader or view threw, since the process started, by kind (load, render).',
    labelNames: ['kind'],
    registers,
    collect() {
      this.reset();
      const counts = moduleFailureCounts();
      for (const kind of ['load', 'render'] as const) this.inc({ kind }, counts[kind]);
    },
  });
}
