/**
 * Old addresses that lead to a page (issue 38, point 1): those kept when a page was deleted or its
 * address changed, and those staff add (an address printed on a flyer, an old site's page). A
 * document like the others (`redirects`): saved, published, with its history; an address pasted
 * whole (https://…/fr/x) is taken as its path. The server refuses an address a page answers at, a
 * redirect that would lead back to itself and a page that does not exist, each with a sentence.
 */
import { ListTable } from '../components/ListTable.tsx';
import '../content.css';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { DocKey, RedirectRule } from '../api.ts';
import { DocumentBar, type FieldProblem } from '../components/DocumentBar.tsx';
import { useContentLang, useMe } from '../store.ts';
import { useDocument } from '../useDocument.ts';
import { usePages } from '../catalog.ts';
import { pageOptions } from '../page-options.ts';
import { formatWhen, useT, useUiLang, type MessageKey } from '../i18n/index.ts';
import { pointerToPath } from '../schema.ts';

type RedirectsDoc = { redirects: RedirectRule[] };
const ADDRESS = /^\/[a-z]{2}\/([a-z0-9-]+\/)*$/;
const KEY: DocKey = 'redirects';

/** What staff type or paste, as an address of this site: "https://www.x.be/FR/Ancienne-Page" → "/fr/ancienne-page/". */
export function asAddress(input: string): string {
  let s = input.trim();
  try {
    if (/^https?:\/\//i.test(s)) s = new URL(s).pathname;
  } catch {
    /* kept as typed: the check below says what is wrong */
  }
  s = s.toLowerCase().split(/[?#]/)[0];
  if (!s.startsWith('/')) s = `/${s}`;
  if (!s.endsWith('/')) s = `${s}/`;
  return s;
}

export default function Redirects() {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const lang = useContentLang();
  const me = useMe();
  const pages = usePages();
  const doc = useDocument<RedirectsDoc>(KEY, (d) => ({ redirects: d?.redirects ?? [] }), t('redirects.label'));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState<number | ''>('');
  const [rest, setRest] = useState(false);
  const [addProblem, setAddProblem] = useState<string | null>(null);
  const options = useMemo(() => pageOptions(pages ?? [], lang), [pages, lang]);
  const title = (id: number) => options.find((o) => o.id === id)?.label ?? t('redirects.pageGone', { id });
  const list = useMemo(() => doc.draft?.redirects ?? [], [doc.draft]);

  const describe = useCallback(
    (pointer: string) => {
      const [, i, field] = pointerToPath(pointer);
      const r = list[Number(i)];
      return r ? t(field === 'from' ? 'redirects.whereFrom' : 'redirects.whereTo', { from: r.from }) : t('redirects.label');
    },
    [list, t],
  );
  const clientErrors: FieldProblem[] = list.flatMap((r, i) =>
    ADDRESS.test(r.from) ? [] : [{ pointer: `/redirects/${i}/from`, message: t('redirects.badAddress'), label: describe(`/redirects/${i}/from`) }],
  );

  const add = () => {
    const address = asAddress(from);
    if (!ADDRESS.test(address) || !me.langs.includes(address.split('/')[1] as never)) return setAddProblem(t('redirects.badAddress'));
    if (list.some((r) => r.from === address)) return setAddProblem(t('redirects.duplicate', { from: address }));
    if (to === '') return setAddProblem(t('redirects.pickPage'));
    doc.setDraft((d) => ({ redirects: [...(d?.redirects ?? []), { from: address, pageId: to, ...(rest ? { keepRest: true } : {}) }] }));
    setFrom('');
    setTo('');
    setRest(false);
    setAddProblem(null);
  };

  if (doc.loading && !doc.draft) return <p className="ed-loading">{t('common.loading')}</p>;
  if (doc.loadError)
    return (
      <p className="ed-alert ed-alert--error" role="alert">
        {doc.loadError}
      </p>
    );
  return (
    <div className="ed-redirects">
      <div className="ed-screen-head">
        <p className="ed-crumbs">
          <Link href="/pages">{t('nav.pages')}</Link> › {t('redirects.title')}
        </p>
        <h1>{t('redirects.title')}</h1>
        <p className="ed-help">{t('redirects.help')}</p>
      </div>
      <DocumentBar doc={doc} clientErrors={clientErrors} describe={describe} title={t('redirects.title')} />
      <section className="ed-card" aria-labelledby="ed-redirect-add">
        <h2 id="ed-redirect-add">{t('redirects.add')}</h2>
        <div className="ed-redirects__add">
          <label className="ed-field">
            <span>{t('redirects.from')}</span>
            <input className="ed-input" value={from} onChange={(e) => setFrom(e.target.value)} placeholder="/fr/ancienne-page/" maxLength={300} />
          </label>
          <label className="ed-field">
            <span>{t('redirects.to')}</span>
            <select className="ed-input" value={to} onChange={(e) => setTo(e.target.value === '' ? '' : Number(e.target.value))}>
              <option value="">{t('pick.choosePage')}</option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {'\u00a0\u00a0'.repeat(o.depth)}
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <label className="ed-check">
            <input type="checkbox" checked={rest} onChange={(e) => setRest(e.target.checked)} /> {t('redirects.keepRest')}
          </label>
          <button type="button" className="ed-button" onClick={add}>
            {t('redirects.addButton')}
          </button>
        </div>
        {addProblem && (
          <p className="ed-alert ed-alert--error" role="alert">
            {addProblem}
          </p>
        )}
      </section>
      {list.length === 0 ? (
        <p className="ed-empty">{t('redirects.none')}</p>
      ) : (
        <ListTable className="ed-redirects__table" caption={t('redirects.title')} columns={[t('redirects.from'), t('redirects.to'), t('redirects.why')]}>
          {list.map((r, i) => (
            <tr key={`${r.from}-${i}`} data-from={r.from}>
              <th scope="row">
                <code>{r.from}</code>
                {r.keepRest && <span className="ed-muted"> {t('redirects.andBelow')}</span>}
              </th>
              <td data-label={t('redirects.to')} data-label-inline>
                {title(r.pageId)}
              </td>
              <td>
                {t(`redirects.reason.${r.reason ?? 'manual'}` as MessageKey)}
                {r.at && <span className="ed-muted"> · {t('redirects.when', { when: formatWhen(r.at, ui), by: r.by ?? '' })}</span>}
              </td>
              <td>
                <button
                  type="button"
                  className="ed-button ed-button--small ed-button--danger-text"
                  onClick={() => doc.setDraft((d) => ({ redirects: d.redirects.filter((_, k) => k !== i) }))}
                  aria-label={t('redirects.removeFrom', { from: r.from })}
                >
                  {t('form.remove')}
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </div>
  );
}
