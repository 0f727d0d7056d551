/**
 * A page's or article's languages (issue 38, point 2): each written (shown to visitors in it),
 * missing (not written: not listed in that language), or older (written, but the default
 * language's texts changed after its own last change). What is stored, and what this draft does.
 */
import '../content.css';
import type { Lang } from '../../shared/constants.ts';
import type { LangState } from '../api.ts';
import { langName, useT, useUiLang } from '../i18n/index.ts';
import { useMe } from '../store.ts';

export function LangStates({ stored, written }: { stored: Partial<Record<Lang, LangState>>; written: Lang[] }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const me = useMe();
  const states = me.langs.map((l) => {
    const before = stored[l] ?? 'missing';
    const now: LangState | 'added' = !written.includes(l) ? 'missing' : before === 'missing' ? 'added' : before;
    return { lang: l, state: now };
  });
  return (
    <ul className="ed-langstates" aria-label={t('langstate.label')}>
      {states.map(({ lang, state }) => (
        <li key={lang} className={`ed-langstate ed-langstate--${state}`} data-lang={lang} data-state={state}>
          <span className="ed-langstate__lang">{langName(lang, ui)}</span>{' '}
          <span className="ed-langstate__state">
            {state === 'older'
              ? t('langstate.older', { lang: langName(me.defaultLang, ui) })
              : state === 'missing'
                ? lang === me.defaultLang
                  ? t('langstate.missingDefault')
                  : t('langstate.missing')
                : t(state === 'added' ? 'langstate.added' : 'langstate.written')}
          </span>
        </li>
      ))}
    </ul>
  );
}
