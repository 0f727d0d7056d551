/** Readiness and metrics (issue 41, point 5): what server/main.ts uses of server/metrics/. */
export { Operations, type PageObserver } from './operations.ts';
export { metricsSettings, type MetricsSettings } from './settings.ts';
