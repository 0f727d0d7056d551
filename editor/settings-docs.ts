/** The single documents of Site settings, and their names and help in the editor's catalogue. */
import type { SingleDoc } from './api.ts';
import type { MessageKey } from './i18n/index.ts';

export const SETTINGS_DOCS: SingleDoc[] = [
  'site',
  'languages',
  'header',
  'footer',
  'banner',
  'popup',
  'cookieConsent',
  'renovation',
  'valuation',
  'buyingCosts',
];
export const settingLabel = (key: SingleDoc) => `settings.${key}` as MessageKey;
export const settingHelp = (key: SingleDoc) => `settings.${key}.help` as MessageKey;
