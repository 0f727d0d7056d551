import { describe, expect, it } from 'vitest';
import {
  allowedTags,
  consentDefaults,
  consentReducer,
  consentTypes,
  parseConsent,
  serializeConsent,
  ALL,
  ONLY_NECESSARY,
  WAIT_FOR_UPDATE_MS,
} from '../../renderer/consent/consent.ts';

const at = { version: 3, date: '2026-11-21' };

describe('consent reducer', () => {
  it('accept all grants every category; decline keeps only strictly necessary', () => {
    expect(consentReducer(null, { type: 'acceptAll', ...at })).toEqual({ ...at, choices: ALL });
    expect(consentReducer(null, { type: 'decline', ...at })).toEqual({ ...at, choices: ONLY_NECESSARY });
  });
  it('saves a partial choice, never switching strictly necessary off', () => {
    const s = consentReducer(null, { type: 'save', ...at, choices: { analytics: true, necessary: false } });
    expect(s!.choices).toEqual({ necessary: true, analytics: true, marketing: false, social: false, unclassified: false });
  });
  it('reset (?setcookies) clears the stored choice', () => {
    expect(consentReducer({ ...at, choices: ALL }, { type: 'reset' })).toBeNull();
  });
});

describe('categories → Google consent types', () => {
  it('denies everything but functionality and security storage by default, waiting 500 ms for the choice', () => {
    expect(consentDefaults()).toEqual({
      analytics_storage: 'denied',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      functionality_storage: 'granted',
      personalization_storage: 'denied',
      security_storage: 'granted',
      wait_for_update: WAIT_FOR_UPDATE_MS,
    });
    expect(WAIT_FOR_UPDATE_MS).toBe(500);
  });
  it('maps analytics to analytics_storage, marketing to the three ad types, social to personalization', () => {
    const t = consentTypes({ ...ONLY_NECESSARY, analytics: true });
    expect(t.analytics_storage).toBe('granted');
    expect(t.ad_storage).toBe('denied');
    const m = consentTypes({ ...ONLY_NECESSARY, marketing: true });
    expect([m.ad_storage, m.ad_user_data, m.ad_personalization, m.analytics_storage]).toEqual(['granted', 'granted', 'granted', 'denied']);
    expect(consentTypes({ ...ONLY_NECESSARY, social: true }).personalization_storage).toBe('granted');
  });
  it('lets only configured ids of consented categories load', () => {
    const ids = { analyticsId: 'G-X', tagManagerId: 'GTM-Y', adsId: '', pixelId: '123' };
    expect(allowedTags(ONLY_NECESSARY, ids)).toEqual({ analytics: null, ads: null, tagManager: null, pixel: null });
    expect(allowedTags({ ...ONLY_NECESSARY, analytics: true }, ids)).toEqual({ analytics: 'G-X', ads: null, tagManager: 'GTM-Y', pixel: null });
    expect(allowedTags({ ...ONLY_NECESSARY, marketing: true }, ids)).toEqual({ analytics: null, ads: null, tagManager: 'GTM-Y', pixel: '123' });
  });
});

describe('consent cookie', () => {
  it('round-trips the choice with its date and version', () => {
    const s = { version: 2, date: '2026-11-21', choices: { ...ONLY_NECESSARY, analytics: true, social: true } };
    expect(serializeConsent(s)).toBe('v2.2026-11-21.nas');
    expect(parseConsent('v2.2026-11-21.nas', 2)).toEqual(s);
  });
  it('asks again when the consent version changed or the cookie is unreadable', () => {
    expect(parseConsent('v1.2026-11-21.nams', 2)).toBeNull();
    expect(parseConsent('garbage', 2)).toBeNull();
    expect(parseConsent(undefined, 2)).toBeNull();
  });
});
