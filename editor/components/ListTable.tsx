/**
 * A list as a table (the history, the trash, the redirects, the pages outside the menu): its name
 * for screen readers, its column heads and a last column of actions named for them too. On a
 * phone each row reads as a card (phone.css).
 */
import type { ReactNode } from 'react';
import { useT } from '../i18n/index.ts';

/** A column head: its words, or `{ hidden }` for one named only for screen readers. */
export type Column = string | { hidden: string };

export function ListTable({ className, caption, columns, children }: { className: string; caption: string; columns: Column[]; children: ReactNode }) {
  const t = useT();
  return (
    <table className={`ed-table ${className}`}>
      <caption className="ed-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {[...columns, { hidden: t('common.actions') }].map((c, i) => (
            <th scope="col" key={i}>
              {typeof c === 'string' ? c : <span className="ed-visually-hidden">{c.hidden}</span>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
