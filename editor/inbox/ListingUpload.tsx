/**
 * Import a file from the CRM: choose it (or drop it), see its name and size, import it. A file past
 * the server's bound is stopped here already with the same sentence; while it is sent a progress bar
 * shows how much, then "checking"; the answer (the report) goes to the screen.
 */
import { useId, useRef, useState, type DragEvent } from 'react';
import { useMe, useSession } from '../store.ts';
import { useT } from '../i18n/index.ts';
import { ApiError } from '../api.ts';
import { listingsApi, type Overview } from './listings-api.ts';
import { errorText, size } from './listing-text.ts';

export function ListingUpload({
  maxBytes,
  disabled,
  onStart,
  onDone,
}: {
  maxBytes: number;
  disabled: boolean;
  onStart: () => void;
  /** The new overview (with the outcome), or the refusal's sentence and the overview it came with. */
  onDone: (r: { overview?: Overview; error?: string }) => void;
}) {
  const t = useT();
  const me = useMe();
  const expired = useSession((s) => s.expired);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const mb = Math.round(maxBytes / (1024 * 1024));

  const choose = (f: File | undefined) => {
    setProblem(null);
    if (!f) return;
    if (f.size > maxBytes) {
      setFile(null);
      setProblem(t('listings.fileTooLarge', { name: f.name, size: size(f.size), mb }));
      return;
    }
    setFile(f);
  };

  const send = async () => {
    if (!file) return;
    onStart();
    setSent(0);
    try {
      const overview = await listingsApi.upload(file, me.csrf, setSent);
      onDone({ overview });
      setFile(null);
    } catch (e) {
      if (expired(e)) return;
      // A file that is not an export comes back with its report (422): it is in the history too.
      const body = e instanceof ApiError ? (e.body as unknown as Overview) : undefined;
      onDone({ overview: body?.entries ? body : undefined, error: body?.outcome ? undefined : errorText(e) });
      if (body?.outcome) setFile(null);
    } finally {
      setSent(null);
      if (input.current) input.current.value = '';
    }
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled && sent === null) choose(e.dataTransfer.files[0]);
  };

  return (
    <section
      className={`ed-listings__upload${over ? ' is-over' : ''}`}
      aria-labelledby={`${id}-title`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <h2 id={`${id}-title`}>{t('listings.uploadTitle')}</h2>
      <p id={`${id}-help`} className="ed-help">
        {t('listings.uploadHelp', { mb })}
      </p>
      <input
        ref={input}
        id={`${id}-file`}
        className="ed-visually-hidden"
        type="file"
        tabIndex={-1}
        aria-hidden="true"
        accept=".json,.gz,application/json,application/gzip"
        onChange={(e) => choose(e.target.files?.[0])}
      />
      <div className="ed-listings__choose">
        <button type="button" className="ed-button" aria-describedby={`${id}-help`} disabled={disabled || sent !== null} onClick={() => input.current?.click()}>
          {t('listings.chooseFile')}
        </button>
        <span className="ed-help">{t('listings.dropHere')}</span>
      </div>
      {file && sent === null && (
        <div className="ed-listings__chosen">
          <p>{t('listings.chosen', { name: file.name, size: size(file.size) })}</p>
          <button type="button" className="ed-button ed-button--primary" disabled={disabled} onClick={() => void send()}>
            {t('listings.importFile')}
          </button>
        </div>
      )}
      {file && sent !== null && (
        <div className="ed-listings__progress" role="status">
          <label htmlFor={`${id}-progress`}>{sent < 1 ? t('listings.sending', { name: file.name }) : t('listings.checking', { name: file.name })}</label>
          {sent < 1 ? (
            <progress id={`${id}-progress`} max={1} value={sent}>
              {Math.round(sent * 100)}%
            </progress>
          ) : (
            <progress id={`${id}-progress`} />
          )}
        </div>
      )}
      {problem && (
        <p className="ed-alert ed-alert--error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
