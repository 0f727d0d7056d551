import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { IntlShape } from '@formatjs/intl';
import { translate, formatDate, formatPrice, type Dictionary } from '../shared/format.ts';
import type { Lang } from '../shared/constants.ts';

export interface I18n {
  lang: Lang;
  intl: IntlShape<string>;
  /** A dictionary text; ICU arguments in `values`. Shows the key when it is missing everywhere. */
  t: (key: string, values?: Record<string, string | number>) => string;
  formatDate: typeof formatDate;
  formatPrice: typeof formatPrice;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ lang, messages, children }: { lang: Lang; messages: Dictionary; children: ReactNode }) {
  const value = useMemo<I18n>(() => ({ lang, ...translate(lang, messages), formatDate, formatPrice }), [lang, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const v = useContext(I18nContext);
  if (!v) throw new Error('useI18n outside I18nProvider');
  return v;
}
