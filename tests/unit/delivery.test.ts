// A project's delivery as the CRM writes it, read against the server's date (issue 39).
import { describe, expect, it } from 'vitest';
import { deliveryEnd, isDelivered } from '../../shared/delivery.ts';

describe('delivery dates', () => {
  it('reads quarters, years, months and days', () => {
    expect(deliveryEnd('Q2 2026')).toBe('2026-06-30');
    expect(deliveryEnd('t4  2026')).toBe('2026-12-31');
    expect(deliveryEnd('2027-Q1')).toBe('2027-03-31');
    expect(deliveryEnd('2027')).toBe('2027-12-31');
    expect(deliveryEnd('2028-02')).toBe('2028-02-29');
    expect(deliveryEnd('2027-06-15')).toBe('2027-06-15');
    for (const text of ['', null, undefined, 'spring 2027', 'Q5 2026', '2027-13', 'Q2 2026'.repeat(10)]) expect(deliveryEnd(text), String(text)).toBeNull();
  });
  it('is delivered once the whole period is over', () => {
    expect(isDelivered('Q2 2026', '2026-11-27')).toBe(true);
    expect(isDelivered('Q4 2026', '2026-11-27')).toBe(false);
    expect(isDelivered('Q2 2026', '2026-06-30')).toBe(false);
    expect(isDelivered('Q2 2026', '2026-07-01')).toBe(true);
    expect(isDelivered('soon', '2030-01-01')).toBe(false);
  });
});
