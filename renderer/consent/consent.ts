/**
 * Cookie consent (SPEC §4, §7) with Google Consent Mode v2 semantics. Pure: the state, its reducer,
 * the cookie format and the mapping of the five categories to Google's consent types.
 */
export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'marketing', 'social', 'unclassified'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type Choices = Record<ConsentCategory, boolean>;

/** Google consent types (Consent Mode v2). */
export const CONSENT_TYPES = [
  'analytics_storage',
  'ad_storage',
  'ad_user_data',
  'ad_personalization',
  'functionality_storage',
  'personalization_storage',
  'security_storage',
] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];

/** Which category grants which consent type. Strictly necessary grants what the site needs to work. */
export const CATEGORY_CONSENT_TYPES: Record<ConsentCategory, ConsentType[]> = {
  necessary: ['functionality_storage', 'security_storage'],
  analytics: ['analytics_storage'],
  marketing: ['ad_storage', 'ad_user_data', 'ad_personalization'],
  social: ['personalization_storage'],
  unclassified: [],
};

/** How long tags wait for the visitor's choice before firing with the defaults (SPEC §7). */
export const WAIT_FOR_UPDATE_MS = 500;
/** The consent cookie and how long the choice is kept (the cookie policy says six months). */
export const CONSENT_COOKIE = 'vitrine_consent';
export const CONSENT_MAX_AGE_DAYS = 182;

export interface ConsentState {
  /** Consent version of the config when the choice was made; a newer version asks again. */
  version: number;
  /** ISO date of the choice. */
  date: string;
  choices: Choices;
}

export const ONLY_NECESSARY: Choices = { necessary: true, analytics: false, marketing: false, social: false, unclassified: false };
export const ALL: Choices = { necessary: true, analytics: true, marketing: true, social: true, unclassified: true };

export type ConsentAction =
  | { type: 'acceptAll'; version: number; date: string }
  | { type: 'decline'; version: number; date: string }
  | { type: 'save'; version: number; date: string; choices: Partial<Choices> }
  | { type: 'reset' };

/** The stored choice after an action; `null` means "not decided" (the dialog shows). */
export function consentReducer(state: ConsentState | null, action: ConsentAction): ConsentState | null {
  switch (action.type) {
    case 'acceptAll':
      return { version: action.version, date: action.date, choices: { ...ALL } };
    case 'decline':
      return { version: action.version, date: action.date, choices: { ...ONLY_NECESSARY } };
    case 'save':
      // Strictly necessary cannot be switched off; unknown keys are ignored.
      return { version: action.version, date: action.date, choices: { ...ONLY_NECESSARY, ...pick(action.choices), necessary: true } };
    case 'reset':
      return null;
    default:
      return state;
  }
}

function pick(c: Partial<Choices>): Partial<Choices> {
  const out: Partial<Choices> = {};
  for (const k of CONSENT_CATEGORIES) if (typeof c[k] === 'boolean') out[k] = c[k];
  return out;
}

/** Consent Mode values for the choices: 'granted' or 'denied' per consent type. */
export function consentTypes(choices: Choices): Record<ConsentType, 'granted' | 'denied'> {
  const out = Object.fromEntries(CONSENT_TYPES.map((t) => [t, 'denied'])) as Record<ConsentType, 'granted' | 'denied'>;
  for (const c of CONSENT_CATEGORIES) if (choices[c]) for (const t of CATEGORY_CONSENT_TYPES[c]) out[t] = 'granted';
  return out;
}

/** The defaults set before any tag: everything denied but what strictly necessary grants. */
export function consentDefaults(): Record<ConsentType, 'granted' | 'denied'> & { wait_for_update: number } {
  return { ...consentTypes(ONLY_NECESSARY), wait_for_update: WAIT_FOR_UPDATE_MS };
}

/** Cookie value: v{version}.{yyyy-mm-dd}.{categories granted, by initial}. Small and readable. */
export function serializeConsent(s: ConsentState): string {
  const granted = CONSENT_CATEGORIES.filter((c) => s.choices[c])
    .map((c) => c[0])
    .join('');
  return `v${s.version}.${s.date.slice(0, 10)}.${granted}`;
}

/** The stored choice, or null when absent, unreadable or of an older consent version. */
export function parseConsent(value: string | undefined | null, currentVersion: number): ConsentState | null {
  const m = /^v(\d+)\.(\d{4}-\d{2}-\d{2})\.([namsu]*)$/.exec(value ?? '');
  if (!m || Number(m[1]) !== currentVersion) return null;
  const choices = Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c, m[3].includes(c[0])])) as Choices;
  choices.necessary = true;
  return { version: Number(m[1]), date: m[2], choices };
}

/** Which site-info ids may load with these choices (only configured ids are ever loaded). */
export function allowedTags(choices: Choices, ids: { analyticsId?: string; adsId?: string; tagManagerId?: string; pixelId?: string }) {
  return {
    analytics: choices.analytics && ids.analyticsId ? ids.analyticsId : null,
    ads: choices.marketing && ids.adsId ? ids.adsId : null,
    // The tag manager container serves analytics and marketing tags; it loads with either.
    tagManager: (choices.analytics || choices.marketing) && ids.tagManagerId ? ids.tagManagerId : null,
    pixel: choices.marketing && ids.pixelId ? ids.pixelId : null,
  };
}
