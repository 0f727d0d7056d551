/**
 * Missing translations over every document, grouped per language in use, each a link that opens
 * the document at that field.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { api, type DocKey, type MissingText } from '../api.ts';
import { useMe, useSession } from '../store.ts';
import { LANG_NAMES } from '../validation.ts';
import { SETTINGS_DOCS } from './Settings.tsx';

/** The editor route of a document, opened at a field. */
export function docHref(key: DocKey, pointer?: string): string {
  const q = pointer ? `?field=${encodeURIComponent(pointer)}` : '';
  if (key.startsWith('page:')) return `/pages/${key.slice(5)}${q}`;
  if (key.startsWith('dictionary:')) return `/dictionaries/${key.slice(11)}${q}`;
  return `/settings/${key}${q}`;
}

function docLabel(key: DocKey): string {
  if (key.startsWith('page:')) return `Page #${key.slice(5)}`;
  if (key.startsWith('dictionary:')) return `Dictionary (${key.slice(11)})`;
  return SETTINGS_DOCS.find((d) => d.key === key)?.label ?? key;
}

export default function Missing() {
  const me = useMe();
  const expired = useSession((s) => s.expired);
  const [items, setItems] = useState<MissingText[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api
      .missing()
      .then((r) => setItems(r.missing))
      .catch((e) => {
        if (!expired(e)) setError((e as Error).message);
      });
  }, [expired]);
  const canSettings = me.user.role === 'admin';
  return (
    <div className="ed-missing">
      <div className="ed-screen-head">
        <h1>Missing translations</h1>
        <p className="ed-help">Texts that are empty in a language in use. Each link opens the document at that field.</p>
      </div>
      {error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {error}
        </p>
      )}
      {!items && !error && <p className="ed-loading">Looking for missing texts…</p>}
      {items &&
        me.langs.map((lang) => {
          const list = items.filter((m) => m.lang === lang);
          return (
            <section key={lang} className="ed-card" aria-labelledby={`ed-missing-${lang}`} data-lang={lang}>
              <h2 id={`ed-missing-${lang}`}>
                {LANG_NAMES[lang] ?? lang} ({lang}) <span className="ed-badge">{list.length}</span>
              </h2>
              {list.length === 0 ? (
                <p className="ed-muted">Nothing missing.</p>
              ) : (
                <ul className="ed-missing__list">
                  {list.map((m, i) => {
                    const settings = !m.key.startsWith('page:') && !m.key.startsWith('dictionary:');
                    // A localized text is pointed at as a whole: the link goes to this language's input.
                    const pointer = m.key.startsWith('dictionary:') || m.pointer.endsWith(`/${lang}`) ? m.pointer : `${m.pointer}/${lang}`;
                    const text = m.label.includes(m.pointer) ? m.label : `${docLabel(m.key)}: ${m.label} (${m.pointer})`;
                    return (
                      <li key={`${m.key}${m.pointer}${i}`}>
                        {settings && !canSettings ? <span>{text}</span> : <Link href={docHref(m.key, pointer)}>{text}</Link>}
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          );
        })}
    </div>
  );
}
