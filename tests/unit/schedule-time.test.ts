// Scheduled changes take a Brussels date and time (issue 38, point 4): the two nights a year the
// clocks change are said plainly — a time that does not exist is refused, one that happens twice is
// the first of the two — and an ISO instant with its offset names either exactly.
import { describe, expect, it } from 'vitest';
import { brusselsLocal, readWhen } from '../../shared/schedule.ts';

const iso = (text: string) => {
  const r = readWhen(text);
  if (!r.ok) throw new Error(`${text}: ${r.reason}`);
  return new Date(r.at).toISOString();
};

describe('Brussels time', () => {
  it('reads winter and summer times', () => {
    expect(iso('2026-12-24T09:00')).toBe('2026-12-24T08:00:00.000Z');
    expect(iso('2026-07-01T12:00')).toBe('2026-07-01T10:00:00.000Z');
    expect(brusselsLocal(Date.parse('2026-12-24T08:00:00Z'))).toBe('2026-12-24T09:00');
    expect(brusselsLocal(Date.parse('2026-07-01T10:00:00Z'))).toBe('2026-07-01T12:00');
  });

  it('29 March 2026: the clocks go from 02:00 to 03:00, the times between do not exist', () => {
    expect(iso('2026-03-29T01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(readWhen('2026-03-29T02:00')).toEqual({ ok: false, reason: 'gap' });
    expect(readWhen('2026-03-29T02:30')).toEqual({ ok: false, reason: 'gap' });
    expect(readWhen('2026-03-29T02:59')).toEqual({ ok: false, reason: 'gap' });
    expect(iso('2026-03-29T03:00')).toBe('2026-03-29T01:00:00.000Z');
  });

  it('25 October 2026: the clocks go from 03:00 back to 02:00, the times between happen twice and the first is taken', () => {
    expect(readWhen('2026-10-25T01:59')).toEqual({ ok: true, at: Date.parse('2026-10-24T23:59:00Z') });
    expect(readWhen('2026-10-25T02:00')).toEqual({ ok: true, at: Date.parse('2026-10-25T00:00:00Z'), twice: true });
    expect(readWhen('2026-10-25T02:30')).toEqual({ ok: true, at: Date.parse('2026-10-25T00:30:00Z'), twice: true });
    expect(readWhen('2026-10-25T02:59')).toEqual({ ok: true, at: Date.parse('2026-10-25T00:59:00Z'), twice: true });
    expect(readWhen('2026-10-25T03:00')).toEqual({ ok: true, at: Date.parse('2026-10-25T02:00:00Z') });
    // The second 02:30 by its offset.
    expect(iso('2026-10-25T02:30:00+01:00')).toBe('2026-10-25T01:30:00.000Z');
    expect(brusselsLocal(Date.parse('2026-10-25T01:30:00Z'))).toBe('2026-10-25T02:30');
  });

  it('takes ISO instants as they are and refuses what is not a date and time', () => {
    expect(iso('2026-12-24T08:00:00Z')).toBe('2026-12-24T08:00:00.000Z');
    expect(iso('2026-12-24T08:00:00.250Z')).toBe('2026-12-24T08:00:00.250Z');
    for (const bad of [
      '',
      'tomorrow',
      '2026-02-30T10:00',
      '2026-01-01T24:00',
      '2026-13-01T10:00',
      '24/12/2026 09:00',
      '2026-12-24',
      '2026-12-24T9:00',
      '2026-12-24T09:00:00',
    ])
      expect(readWhen(bad), bad).toEqual({ ok: false, reason: 'format' });
  });
});
