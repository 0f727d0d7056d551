// The label values of /metrics (server/metrics/): each from a fixed list, whatever a request says.
import { describe, expect, it } from 'vitest';
import { FORM_REFUSALS, formRefusalOf } from '../../server/metrics/events.ts';
import { ROUTE_KINDS, methodLabel, routeKind, statusLabel } from '../../server/metrics/route-kind.ts';

const ctx = (path: string, state: Record<string, unknown> = {}) => ({ path, state }) as never;

describe('metrics labels', () => {
  it('names a form refusal by what its answer says', () => {
    expect(formRefusalOf(429, { error: 'x' })).toBe('rate_limit');
    expect(formRefusalOf(403, { error: 'x' })).toBe('cross_origin');
    expect(formRefusalOf(400, { error: 'x', field: 'proof' })).toBe('guard');
    expect(formRefusalOf(422, { error: 'x', errors: [{ field: 'captcha' }], step: '<form>' })).toBe('guard');
    expect(formRefusalOf(422, { error: 'x', errors: [{ field: 'email' }, { field: 'captcha' }] })).toBe('captcha');
    expect(formRefusalOf(400, { error: 'x', field: '_t', reason: 'tooFast' })).toBe('fill_time');
    expect(formRefusalOf(400, { error: 'x', field: 'module' })).toBe('module');
    expect(formRefusalOf(400, { error: 'x', field: 'lang' })).toBe('lang');
    expect(formRefusalOf(422, { error: 'x', errors: [{ field: 'email' }] })).toBe('validation');
    expect(formRefusalOf(413, { error: 'x', field: 'cv' })).toBe('file');
    expect(formRefusalOf(415, { error: 'x' })).toBe('body');
    expect(formRefusalOf(409, { error: 'x', full: true })).toBe('full');
    expect(formRefusalOf(503, { error: 'x' })).toBe('unavailable');
    expect(formRefusalOf(418, { error: 'x' })).toBe('other');
    for (const status of [400, 401, 404, 405, 413, 414, 415, 422, 429, 431, 500, 503, 599])
      expect(FORM_REFUSALS).toContain(formRefusalOf(status, { field: `made-up-${status}`, reason: 7 }));
  });

  it('names a request by its kind, never its path', () => {
    expect(routeKind(ctx('/nl/kopen/', { route: {} }))).toBe('page');
    expect(routeKind(ctx('/fr/', { cached: {} }))).toBe('page');
    expect(routeKind(ctx('/api/forms/contact'))).toBe('form');
    expect(routeKind(ctx('/api/admin/docs'))).toBe('admin');
    expect(routeKind(ctx('/admin/'))).toBe('admin');
    expect(routeKind(ctx('/api/properties'))).toBe('api');
    expect(routeKind(ctx('/assets/x.js'))).toBe('static');
    expect(routeKind(ctx('/robots.txt'))).toBe('static');
    expect(routeKind(ctx('/readyz'))).toBe('probe');
    expect(routeKind(ctx('/whatever'))).toBe('other');
    for (let i = 0; i < 100; i++) expect(ROUTE_KINDS).toContain(routeKind(ctx(`/${Math.random().toString(36)}/${i}`)));
    expect(methodLabel('PROPFIND')).toBe('other');
    expect(methodLabel('GET')).toBe('GET');
    expect([0, 99, 204, 302, 404, 503, 999].map(statusLabel)).toEqual(['1xx', '1xx', '2xx', '3xx', '4xx', '5xx', '5xx']);
  });
});
