/**
 * One version of a document read-only, or two side by side (issue 38, point 3): field by field in
 * the editor's language, a module by its name, rich text compared as text with the words taken
 * out and put in marked.
 */
import '../content.css';
import { useEffect, useState, type ReactNode } from 'react';
import { api, type Comparison, type DocChange, type DocKey, type RevisionInfo } from '../api.ts';
import { formatWhen, useT } from '../i18n/index.ts';
import { changeWhere, type ChangeContext } from '../change-text.ts';
import { plainValue } from './DocProblems.tsx';
import { choiceLabel } from '../i18n/field-words.ts';
import { Dialog } from './Dialog.tsx';

/** Longest texts compared word by word (beyond, the two texts are shown whole). */
const MAX_DIFF_WORDS = 600;
/** Fields listed when a version is viewed alone. */
const MAX_ROWS = 400;

type Part = { text: string; kind: 'same' | 'gone' | 'new' };

/** Word by word: what the first text has that the second has not, and the other way round. */
export function wordDiff(a: string, b: string): { left: Part[]; right: Part[] } | undefined {
  const x = a.split(/(\s+)/);
  const y = b.split(/(\s+)/);
  if (x.length > MAX_DIFF_WORDS * 2 || y.length > MAX_DIFF_WORDS * 2) return undefined;
  const dp: Uint16Array[] = Array.from({ length: x.length + 1 }, () => new Uint16Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--) dp[i][j] = x[i] === y[j] ? dp[i + 1][j + 1] + 1 : Math.max(dp[i + 1][j], dp[i][j + 1]);
  const left: Part[] = [];
  const right: Part[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      left.push({ text: x[i], kind: 'same' });
      right.push({ text: y[j], kind: 'same' });
      i++;
      j++;
    } else if (dp[i + 1][j] >= dp[i][j + 1]) left.push({ text: x[i++], kind: 'gone' });
    else right.push({ text: y[j++], kind: 'new' });
  }
  while (i < x.length) left.push({ text: x[i++], kind: 'gone' });
  while (j < y.length) right.push({ text: y[j++], kind: 'new' });
  return { left, right };
}

const show = (parts: Part[]): ReactNode =>
  parts.map((p, i) => (p.kind === 'same' ? p.text : p.kind === 'gone' ? <del key={i}>{p.text}</del> : <ins key={i}>{p.text}</ins>));

/** Every field of a version, as rows (a module's fields under its name). */
function rowsOf(data: unknown): DocChange[] {
  const out: DocChange[] = [];
  const walk = (v: unknown, path: string[], item: DocChange['item']) => {
    if (out.length >= MAX_ROWS) return;
    if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === 'object' && 'id' in x)) {
      for (const m of v as Array<Record<string, unknown> & { id: number }>) {
        const it = { list: path.join('/'), id: m.id, view: m.view as string | undefined, title: m.title as Record<string, string> | undefined };
        out.push({ kind: 'added', path: [], item: it, after: undefined });
        for (const [k, x] of Object.entries(m)) if (!['id', 'view', 'version', 'sort'].includes(k)) walk(x, [k], it);
      }
      return;
    }
    const langMap = v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');
    if (v && typeof v === 'object' && !Array.isArray(v) && !langMap) {
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k], item);
      return;
    }
    if (langMap) for (const [l, x] of Object.entries(v as Record<string, string>)) x && out.push({ kind: 'changed', path: [...path, l], item, after: x });
    else if (v !== undefined && v !== null && v !== '') out.push({ kind: 'changed', path, item, after: v });
  };
  walk(data, [], undefined);
  return out;
}

export function VersionView({
  docKey,
  a,
  b,
  ctx,
  onClose,
  onRestore,
}: {
  docKey: DocKey;
  a: RevisionInfo;
  /** With `b`, the two are compared (a older, b newer). */
  b?: RevisionInfo;
  ctx: ChangeContext;
  onClose: () => void;
  onRestore?: () => void;
}) {
  const t = useT();
  const [rows, setRows] = useState<DocChange[] | null>(null);
  const [cmp, setCmp] = useState<Comparison | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    (b
      ? api.compare(docKey, a.rev, b.rev).then((c) => live && (setCmp(c), setRows(c.changes)))
      : api.revision(docKey, a.rev).then((v) => live && setRows(rowsOf(v.data)))
    ).catch((e) => live && setError((e as Error).message));
    return () => void (live = false);
  }, [docKey, a.rev, b?.rev]); // eslint-disable-line react-hooks/exhaustive-deps -- fetched again only when the versions compared change
  // A choice of a list in words ("Publiée", not "Published"), a text or a figure as it is.
  const value = (v: unknown, path: string[] = []) => {
    const key = path.filter((p) => !/^(nl|fr|en|de)$/i.test(p)).at(-1);
    if (key && typeof v === 'string' && choiceLabel(key, v, ctx.ui) !== v) return choiceLabel(key, v, ctx.ui);
    return plainValue(v, t('conflict.empty'), t('common.yes'), t('common.no'));
  };
  const head = (r: RevisionInfo) =>
    t('history.versionOf', { n: r.n ?? r.rev, when: formatWhen(r.at, ctx.ui), by: r.rev === 0 ? t('history.shippedBy') : (r.byName ?? r.by) });
  const cells = (c: DocChange): [ReactNode, ReactNode] => {
    if (c.item && !c.path.length && c.kind !== 'changed') {
      const name = changeWhere(c, ctx);
      return c.kind === 'added' ? ['—', name] : [name, '—'];
    }
    if (c.kind === 'moved') return [t('history.orderBefore'), t('history.orderAfter')];
    const [x, y] = [value(c.before, c.path), value(c.after, c.path)];
    const d = typeof c.before === 'string' && typeof c.after === 'string' ? wordDiff(x, y) : undefined;
    return d ? [show(d.left), show(d.right)] : [c.before === undefined ? '—' : x, c.after === undefined ? '—' : y];
  };
  return (
    <Dialog
      title={b ? t('history.compareTitle', { a: a.n ?? a.rev, b: b.n ?? b.rev }) : t('history.viewTitle', { n: a.n ?? a.rev })}
      onClose={onClose}
      wide
      className="ed-version"
      footer={
        onRestore ? (
          <button type="button" className="ed-button ed-button--primary" onClick={onRestore}>
            {t('history.restoreThis')}
          </button>
        ) : undefined
      }
    >
      {error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {error}
        </p>
      )}
      {!rows && !error && <p aria-live="polite">{t('common.loading')}</p>}
      {rows && (
        <table className="ed-table ed-compare">
          <caption className="ed-visually-hidden">{b ? t('history.compareCaption') : t('history.viewCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('history.field')}</th>
              {b ? (
                <>
                  <th scope="col">{head(cmp?.a ? { ...a, ...cmp.a } : a)}</th>
                  <th scope="col">{head(cmp?.b ? { ...b, ...cmp.b } : b)}</th>
                </>
              ) : (
                <th scope="col">{head(a)}</th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((c, i) => {
              const [x, y] = cells(c);
              return (
                <tr key={i} data-kind={c.kind}>
                  <th scope="row">{changeWhere(c, ctx)}</th>
                  {b ? (
                    <>
                      <td className="ed-compare__old" data-label={t('history.versionShort', { n: a.n ?? a.rev })}>
                        {x}
                      </td>
                      <td className="ed-compare__new" data-label={t('history.versionShort', { n: b.n ?? b.rev })}>
                        {y}
                      </td>
                    </>
                  ) : (
                    <td>{c.item && !c.path.length ? '' : value(c.after, c.path)}</td>
                  )}
                </tr>
              );
            })}
            {rows.length === 0 && (
              <tr>
                <td colSpan={3}>{b ? t('history.same') : t('history.empty')}</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {cmp && cmp.more > 0 && <p className="ed-muted">{t('history.moreChanges', { n: cmp.more })}</p>}
    </Dialog>
  );
}
