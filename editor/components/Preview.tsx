/**
 * The live preview: the site's own renderer draws the document as it is in the editor (unsaved),
 * ~400 ms after the last change; an answer to an older draft is dropped. Phone, tablet and desktop
 * widths, scaled down to fit the panel, and a language switch. A draft the server cannot render
 * shows its problems instead.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { api, ApiError, type DocKey, type Problem } from '../api.ts';
import type { Lang } from '../../shared/constants.ts';
import { clean } from '../schema.ts';
import { useSession } from '../store.ts';
import { useT, useUiLang } from '../i18n/index.ts';
import { problemMessage } from '../validation.ts';

export const PREVIEW_DEBOUNCE_MS = 400;
export const PREVIEW_WIDTHS = { phone: 390, tablet: 768, desktop: 1280 } as const;
type Device = keyof typeof PREVIEW_WIDTHS;

export function Preview({
  docKey,
  data,
  pageId,
  langs,
  defaultLang,
  blocked,
  describe,
}: {
  docKey: DocKey;
  data: unknown;
  pageId?: number;
  langs: Lang[];
  defaultLang: Lang;
  /** Why the draft is not sent for a preview now (the editor found errors in it). */
  blocked?: string;
  /** A field of the document in words. */
  describe?: (pointer: string) => string;
}) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const [device, setDevice] = useState<Device>('desktop');
  const [lang, setLang] = useState<Lang>(defaultLang);
  const [html, setHtml] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const seq = useRef(0);
  const expired = useSession((s) => s.expired);
  const json = JSON.stringify(clean(data) ?? null);

  useEffect(() => {
    const mine = ++seq.current;
    if (data === undefined || blocked) {
      setPending(false);
      return;
    }
    setPending(true);
    const timer = setTimeout(() => {
      api
        .preview(docKey, JSON.parse(json), lang, pageId)
        .then((h) => {
          if (mine !== seq.current) return;
          setHtml(withoutScripts(h));
          setProblems(null);
          setError(null);
        })
        .catch((e) => {
          if (mine !== seq.current || expired(e)) return;
          if (e instanceof ApiError && e.status === 422) {
            setProblems(e.problems.length ? e.problems : [{ pointer: '/', message: e.message }]);
            setError(null);
          } else setError((e as Error).message);
        })
        .finally(() => {
          if (mine === seq.current) setPending(false);
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one preview request per change of what it shows
  }, [json, lang, docKey, pageId, blocked]);

  // Scale the device width down to the panel.
  const panel = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = panel.current;
    if (!el) return;
    const measure = () => setBox({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const width = PREVIEW_WIDTHS[device];
  const scale = box.width > 0 ? Math.min(1, box.width / width) : 1;
  const height = box.height > 0 ? box.height / scale : 800;

  return (
    <section className="ed-preview" aria-label={t('preview.region')}>
      <div className="ed-preview__bar">
        <h2 className="ed-preview__title">{t('preview.title')}</h2>
        <div className="ed-segmented" role="group" aria-label={t('preview.width')}>
          {(Object.keys(PREVIEW_WIDTHS) as Device[]).map((d) => (
            <button key={d} type="button" aria-pressed={device === d} className="ed-segmented__item" onClick={() => setDevice(d)}>
              {t(`preview.${d}`)} <span className="ed-muted">{PREVIEW_WIDTHS[d]}</span>
            </button>
          ))}
        </div>
        <label className="ed-preview__lang">
          <span className="ed-visually-hidden">{t('preview.lang')}</span>
          <select className="ed-input ed-input--small" value={lang} onChange={(e) => setLang(e.target.value as Lang)} aria-label={t('preview.lang')}>
            {langs.map((l) => (
              <option key={l} value={l}>
                {l.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <span className="ed-preview__state" aria-live="polite">
          {pending ? t('preview.updating') : ''}
        </span>
      </div>
      {blocked && (
        <p className="ed-alert ed-alert--info" role="status">
          {blocked}
        </p>
      )}
      {problems && !blocked && (
        <div className="ed-alert ed-alert--error" role="alert">
          <p className="ed-problems__heading">{t('preview.cannot')}</p>
          <ul>
            {problems.map((p, i) => (
              <li key={i}>
                {p.key && p.key !== docKey ? (
                  <code>{`${p.key} ${p.pointer}`}</code>
                ) : describe ? (
                  <strong>{describe(p.pointer)}</strong>
                ) : (
                  <code>{p.pointer}</code>
                )}
                : {problemMessage(p, ui)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {t('preview.failed', { error })}
        </p>
      )}
      <div className={`ed-preview__panel${blocked ? ' is-stale' : ''}`} ref={panel} data-device={device}>
        {html !== null && !problems && (
          <iframe
            className="ed-preview__frame"
            title={t('preview.frame', { device: t(`preview.${device}`), lang: lang.toUpperCase() })}
            sandbox="allow-same-origin allow-popups"
            srcDoc={html}
            style={{ width, height, transform: `scale(${scale})` }}
          />
        )}
      </div>
    </section>
  );
}

/** The preview is a picture of the page: its scripts would not run in the sandbox anyway (and would only log that). */
function withoutScripts(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script').forEach((s) => s.remove());
  return `<!DOCTYPE html>${doc.documentElement.outerHTML}`;
}
