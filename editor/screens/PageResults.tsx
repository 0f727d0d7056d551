/**
 * The pages found by the search and filters of the pages screen (issue 38, point 9): flat, each
 * with its place (parent › page) so that twins ("Thank you") are told apart, its address, its
 * state and a box to tick for publishing or taking off the site at once.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import type { DocKey, PageSummary } from '../api.ts';
import type { Lang } from '../../shared/constants.ts';
import { BulkBar } from '../components/ListTools.tsx';
import { pageOptions } from '../page-options.ts';
import { useT } from '../i18n/index.ts';
import { PageBadges } from './PageBadges.tsx';

export function PageResults({
  pages,
  found,
  lang,
  name,
  onDone,
}: {
  pages: PageSummary[];
  found: PageSummary[];
  lang: Lang;
  name: (id: number) => string;
  onDone: (message: string) => Promise<void>;
}) {
  const t = useT();
  const [picked, setPicked] = useState<DocKey[]>([]);
  const place = new Map(pageOptions(pages, lang).map((o) => [o.id, o.place]));
  const toggle = (key: DocKey) => setPicked((p) => (p.includes(key) ? p.filter((x) => x !== key) : [...p, key]));
  return (
    <section className="ed-card" aria-labelledby="ed-found-heading">
      <h2 id="ed-found-heading">{t('list.found', { n: found.length })}</h2>
      <BulkBar
        picked={picked}
        names={(k) => name(Number(k.slice(5)))}
        onDone={async (m) => {
          setPicked([]);
          await onDone(m);
        }}
      />
      <table className="ed-table">
        <caption className="ed-visually-hidden">{t('list.found', { n: found.length })}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="ed-visually-hidden">{t('list.pick')}</span>
            </th>
            <th scope="col">{t('pages.page')}</th>
            <th scope="col">{t('pages.address')}</th>
            <th scope="col">{t('articles.state')}</th>
          </tr>
        </thead>
        <tbody>
          {found.map((p) => {
            const key = `page:${p.id}` as DocKey;
            const where = place.get(p.id);
            return (
              <tr key={p.id} data-page-id={p.id}>
                <td>
                  <input type="checkbox" checked={picked.includes(key)} onChange={() => toggle(key)} aria-label={t('list.pickName', { name: name(p.id) })} />
                </td>
                <th scope="row">
                  {where && <span className="ed-muted">{where} › </span>}
                  <Link href={`/pages/${p.id}`} className="ed-tree__link">
                    {name(p.id)}
                  </Link>
                </th>
                <td>{p.paths?.[lang] ?? p.publicPath ?? <span className="ed-muted">{t('pages.noAddress')}</span>}</td>
                <td>
                  <PageBadges page={p} />
                </td>
              </tr>
            );
          })}
          {found.length === 0 && (
            <tr>
              <td colSpan={4}>{t('list.noMatch')}</td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
