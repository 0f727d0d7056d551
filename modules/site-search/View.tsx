import { useId } from 'react';
import { useI18n } from '../../renderer/ui.tsx';
import { SearchForm } from '../../renderer/module-api.ts';
import type { SiteSearchModule } from '../../schemas/types.gen.ts';
import type { SiteSearchData } from './load.server.ts';
import './site-search.css';
import { SEARCH_MAX_QUERY } from '../../shared/constants.ts';
import { PageHits, ProjectHits, PropertyHits } from './SearchHits.tsx';

/** One group of results under its heading, with a word when more matched than are shown. */
function Group({ id, title, shown, total, children }: { id: string; title: string; shown: number; total: number; children: React.ReactNode }) {
  const { t } = useI18n();
  if (!total) return null;
  return (
    <section className="site-search__group" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      {total > shown && <p className="site-search__more">{t('search.more', { shown, total })}</p>}
    </section>
  );
}

export default function View({ data }: { module: SiteSearchModule; data: SiteSearchData }) {
  const { t } = useI18n();
  const id = useId();
  const { properties, projects, pages } = data;
  const total = properties.total + projects.total + pages.total;
  return (
    <div className="site-search">
      <SearchForm key={data.query} defaultValue={data.query} />
      <div aria-live="polite">
        {data.state === 'none' && <p className="site-search__hint">{t('search.hint')}</p>}
        {data.state === 'blank' && <p className="site-search__hint">{t('search.blank')}</p>}
        {data.state === 'tooShort' && <p className="site-search__hint">{t('search.tooShort')}</p>}
        {data.state === 'found' && (
          <>
            {data.cut && <p className="site-search__note">{t('search.cut', { max: SEARCH_MAX_QUERY })}</p>}
            {data.unmatched.length > 0 && total > 0 && (
              <p className="site-search__note">{t('search.unmatched', { words: data.unmatched.join(', '), count: data.unmatched.length })}</p>
            )}
            <p className="site-search__count">{t('search.results', { count: total, query: data.query })}</p>
            {total === 0 && (
              <>
                <p>{t('search.noResults')}</p>
                <p className="site-search__hint">{t('search.hint')}</p>
              </>
            )}
            <Group id={`${id}-p`} title={t('search.groupProperties', { count: properties.total })} shown={properties.hits.length} total={properties.total}>
              <PropertyHits hits={properties.hits} />
            </Group>
            <Group id={`${id}-r`} title={t('search.groupProjects', { count: projects.total })} shown={projects.hits.length} total={projects.total}>
              <ProjectHits hits={projects.hits} />
            </Group>
            <Group id={`${id}-a`} title={t('search.groupPages', { count: pages.total })} shown={pages.hits.length} total={pages.total}>
              <PageHits hits={pages.hits} />
            </Group>
          </>
        )}
      </div>
    </div>
  );
}
