import { defineModule } from '../../renderer/module-api.ts';
import { Link, useI18n } from '../../renderer/ui.tsx';
import { SearchForm } from '../../renderer/module-api.ts';
import type { SiteSearchModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import type { SiteSearchData } from './load.server.ts';
import './site-search.css';
import { unusedFields } from '../lib/editor-ui.ts';

function View({ data }: { module: SiteSearchModule; data: SiteSearchData }) {
  const { t } = useI18n();
  return (
    <div className="site-search">
      <SearchForm key={data.query} defaultValue={data.query} />
      <div aria-live="polite">
        {data.tooShort && <p>{t('search.tooShort')}</p>}
        {data.query && !data.tooShort && (
          <>
            <p className="site-search__count">{t('search.results', { count: data.results.length, query: data.query })}</p>
            {data.results.length === 0 ? (
              <p>{t('search.noResults')}</p>
            ) : (
              <ol className="site-search__results">
                {data.results.map((r) => (
                  <li key={r.id}>
                    <h2>{r.path ? <Link href={r.path}>{r.title}</Link> : r.title}</h2>
                    {r.summary && <p>{r.summary}</p>}
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
    </div>
  );
}

export default defineModule<SiteSearchModule, SiteSearchData>({
  view: 'site-search',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'maxItems', 'numberItemOfRow'),
  },
  meta: {
    title: { nl: 'Zoeken op de site', fr: 'Recherche sur le site', en: 'Site search' },
    icon: 'search',
    category: 'content',
  },
  defaults: { status: 'Published', span: 12 },
  View,
});
