/**
 * A page or an article opened while it is in the trash (issue 38, point 1): who deleted it and
 * when, and "Restore" to bring it back where it was; where its place is gone, the trash asks where.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { api, ApiError, type DocKey } from '../api.ts';
import { useCatalog } from '../catalog.ts';
import { useSession } from '../store.ts';
import { formatWhen, useT, useUiLang } from '../i18n/index.ts';

export function InTrash({ docKey, trashed, onBack }: { docKey: DocKey; trashed: { at: string; by: string }; onBack: () => void }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const expired = useSession((s) => s.expired);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const restore = async () => {
    setBusy(true);
    try {
      await api.untrash(docKey);
      await Promise.all([useCatalog.getState().loadPages(), useCatalog.getState().loadArticles()]);
      onBack();
    } catch (e) {
      if (expired(e)) return;
      setProblem(e instanceof ApiError && e.body.code === 'trash.placeGone' ? t('trash.placeGoneHere') : (e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ed-alert ed-alert--warning ed-in-trash" role="alert">
      <p>{t('trash.isInTrash', { when: formatWhen(trashed.at, ui), by: trashed.by })}</p>
      <p className="ed-offer__buttons">
        <button type="button" className="ed-button ed-button--primary" disabled={busy} onClick={() => void restore()}>
          {t('trash.restore')}
        </button>
        <Link href="/trash" className="ed-button">
          {t('nav.trash')}
        </Link>
      </p>
      {problem && <p>{problem}</p>}
    </div>
  );
}
