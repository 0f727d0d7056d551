import { memo, type CSSProperties } from 'react';
import { HydrationBoundary } from '../hydration.tsx';
import { Heading, localize } from '../ui.tsx';
import { useI18n } from '../i18n.tsx';
import type { ViewSource } from '../module-api.ts';
import type { ModuleData } from '../page-data.ts';
import { GRID_COLUMNS } from '../../shared/constants.ts';

function ModuleFrame({ item, registry, later }: { item: ModuleData; registry: ViewSource; later: boolean }) {
  const { lang } = useI18n();
  const def = registry.get(item.record.view);
  // The server already skipped (and logged) unknown views; this guards a stale client bundle. A
  // module the server failed to render is left out here too (renderer/module-failure.tsx).
  if (!def || item.failed) return null;
  const m = item.record;
  const span = m.span ?? GRID_COLUMNS;
  // A module's image is its background (issue 14: the field does what its label says), unless another background was chosen.
  const backgroundImage = m.image?.url && (m.backgroundType === 'image' || m.backgroundType === undefined) ? m.image.url : undefined;
  const style = {
    '--sm': m.col?.sm ?? GRID_COLUMNS,
    '--md': m.col?.md ?? span,
    '--lg': m.col?.lg ?? span,
    ...(m.colorBackground ? { background: m.colorBackground } : {}),
    ...(backgroundImage ? { backgroundImage: `url(${JSON.stringify(backgroundImage)})` } : {}),
  } as CSSProperties;
  const title = localize(m.title, lang);
  const description = localize(m.description, lang);
  const description2 = localize(m.description2, lang);
  const View = def.View;
  return (
    <section
      className={`module module--${m.view}${m.class ? ` ${m.class}` : ''}${(m.backgroundType && m.backgroundType !== 'none') || backgroundImage ? ' module--bg' : ''}${later ? ' module--later' : ''}`}
      style={style}
      data-module-id={m.id}
    >
      {title && (
        <Heading level={m.titleSize} className="module__title">
          {title}
        </Heading>
      )}
      {description && <p className="module__description">{description}</p>}
      <View module={m} data={item.data} lang={lang} />
      {description2 && <p className="module__description module__description--after">{description2}</p>}
    </section>
  );
}

/**
 * Renders a page's modules in order: full-width ones on their own, the others in the 12-column
 * grid; each in a hydration boundary of its own (renderer/hydration.tsx). Memoised: the page's
 * loading state must not reach a module still held, which React could then only render anew.
 */
export const ModuleHost = memo(function ModuleHost({ modules, registry }: { modules: ModuleData[]; registry: ViewSource }) {
  const groups: Array<{ full: boolean; items: ModuleData[] }> = [];
  for (const item of modules) {
    const full = item.record.position === 'fullWidth';
    const last = groups[groups.length - 1];
    if (last && last.full === full) last.items.push(item);
    else groups.push({ full, items: [item] });
  }
  return (
    <>
      {groups.map((g, i) => (
        <div key={i} className={g.full ? 'module-row module-row--full' : 'module-row container'}>
          {g.items.map((item) => (
            <HydrationBoundary key={item.record.id} id={String(item.record.id)} view={item.record.view}>
              <ModuleFrame item={item} registry={registry} later={item !== modules[0]} />
            </HydrationBoundary>
          ))}
        </div>
      ))}
    </>
  );
});
