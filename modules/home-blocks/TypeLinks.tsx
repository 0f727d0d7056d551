import { formatNumber, Link, useI18n } from '../../renderer/ui.tsx';
import type { Goal } from '../../renderer/listing-types.ts';
import type { TypeCount } from './load.server.ts';

/** One goal's properties on offer per type, each a link to that goal's list of the type (which finds as many). */
export function TypeLinks({ goal, types }: { goal: Goal; types: TypeCount[] }) {
  const { t } = useI18n();
  if (!types.length) return null;
  return (
    <ul className="home-blocks__types" aria-label={t(`counts.byType.${goal}`)}>
      {types.map((x) => {
        const text = (
          <>
            {t(`type.${x.type}.plural`)} <span className="count">{formatNumber(x.count)}</span>
          </>
        );
        return <li key={x.type}>{x.path ? <Link href={x.path}>{text}</Link> : text}</li>;
      })}
    </ul>
  );
}
