/**
 * The field of every `x-media` node (Media: `url`, `alt` …): the URL, a "Choose from library"
 * dialog over the media library (searched by name and alt text), an upload button, and the node's
 * localized texts (alt) through the ordinary fields. The file's other stored details are kept unless
 * another file is chosen; an image chosen from the library brings its alt texts along.
 */
import { useEffect, useState } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { getUiOptions, toFieldPathId } from '@rjsf/utils';
import { api, type MediaItem, type MediaLimits } from '../api.ts';
import { Dialog } from '../components/Dialog.tsx';
import { humanize, isLocalizedSchema, type Schema } from '../schema.ts';
import { useSession } from '../store.ts';
import { tr, useT, useUiLang } from '../i18n/index.ts';
import { mediaErrorText, tooLargeText } from '../inbox/media-text.ts';
import type { EditorFormContext } from './SchemaForm.tsx';

type MediaValue = Record<string, unknown> & { url?: string };

export default function MediaField(props: FieldProps) {
  const { formData, onChange, fieldPathId, errorSchema, uiSchema, required, readonly, disabled, name, schema, registry } = props;
  const ui = getUiOptions(uiSchema);
  const lang = (registry.formContext as EditorFormContext).ui;
  const say = (k: Parameters<typeof tr>[0], v?: Record<string, string>) => tr(k, v, lang);
  const label = String(ui.title ?? schema.title ?? (name ? humanize(name) : say('media.image')));
  const value: MediaValue = formData && typeof formData === 'object' ? formData : {};
  const id = fieldPathId.$id;
  const urlId = `${id}_url`;
  const urlErrors = (errorSchema as Record<string, { __errors?: string[] }> | undefined)?.url?.__errors ?? [];
  const [picking, setPicking] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const expired = useSession((s) => s.expired);

  const emit = (next: MediaValue) => {
    const empty = Object.values(next).every((v) => v === undefined || v === '');
    onChange(empty && !required ? undefined : next, fieldPathId.path);
  };
  /**
   * Another file: the stored details of the old one go, its texts stay — but the alt texts the
   * library has for the new image replace the old image's, language by language.
   */
  const chooseFile = (item: Pick<MediaItem, 'url'> & { alt?: Record<string, string> }) => {
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    const keep = Object.fromEntries(Object.entries(value).filter(([k]) => isLocalizedSchema(props[k])));
    const libraryAlt = Object.fromEntries(Object.entries(item.alt ?? {}).filter(([, v]) => v));
    if (isLocalizedSchema(props.alt) && Object.keys(libraryAlt).length) {
      keep.alt = { ...((keep.alt as Record<string, string> | undefined) ?? {}), ...libraryAlt };
    }
    emit({ ...keep, url: item.url });
  };
  const upload = async (file: File) => {
    setUploadError(null);
    setUploading(true);
    try {
      const { item } = await api.uploadMedia(file);
      chooseFile(item);
    } catch (e) {
      if (!expired(e)) setUploadError(mediaErrorText(e, lang ?? useUiLang.getState().lang, useSession.getState().registry));
    } finally {
      setUploading(false);
    }
  };

  const textProps = Object.entries((schema.properties ?? {}) as Record<string, Schema>).filter(([, s]) => isLocalizedSchema(s));
  const { SchemaField } = registry.fields;
  const locked = readonly || disabled;

  return (
    <fieldset className="ed-media" id={id}>
      <legend className="ed-localized__legend">
        {label}
        {required && (
          <span className="ed-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      <div className="ed-media__row">
        <div className="ed-media__thumb" aria-hidden="true">
          {value.url ? <img src={value.url} alt="" loading="lazy" /> : <span>{say('media.none')}</span>}
        </div>
        <div className="ed-media__controls">
          <label htmlFor={urlId} className="ed-label">
            {say('media.address', { field: label })}
          </label>
          <input
            id={urlId}
            className="ed-input"
            type="text"
            value={value.url ?? ''}
            readOnly={readonly}
            disabled={disabled}
            aria-invalid={urlErrors.length > 0 || undefined}
            aria-describedby={urlErrors.length ? `${urlId}__error` : undefined}
            onChange={(e) => emit({ ...value, url: e.target.value === '' ? undefined : e.target.value })}
          />
          {urlErrors.length > 0 && (
            <ul className="ed-field-errors" id={`${urlId}__error`}>
              {urlErrors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
          {!locked && (
            <div className="ed-media__buttons">
              <button type="button" className="ed-button" onClick={() => setPicking(true)}>
                {say('media.choose')}
              </button>
              <label className={`ed-button${uploading ? ' is-busy' : ''}`}>
                {uploading ? say('media.uploading') : say('media.upload')}
                <input
                  type="file"
                  accept="image/*"
                  className="ed-visually-hidden"
                  aria-label={say('media.uploadFor', { field: label })}
                  disabled={uploading}
                  onChange={(e) => {
                    const f = e.target.files?.[0];
                    e.target.value = '';
                    if (f) void upload(f);
                  }}
                />
              </label>
              {value.url && (
                <button type="button" className="ed-button ed-button--ghost" onClick={() => emit({})}>
                  {say('form.clear')}
                </button>
              )}
            </div>
          )}
          {uploadError && (
            <p className="ed-field-errors" role="alert">
              {uploadError}
            </p>
          )}
        </div>
      </div>
      {textProps.map(([k, s]) => (
        <SchemaField
          key={k}
          name={k}
          schema={s}
          uiSchema={(uiSchema as Record<string, unknown> | undefined)?.[k] as Record<string, unknown> | undefined}
          fieldPathId={toFieldPathId(k, registry.globalFormOptions, fieldPathId)}
          formData={value[k]}
          errorSchema={(errorSchema as Record<string, never> | undefined)?.[k]}
          required={(schema.required as string[] | undefined)?.includes(k)}
          onChange={props.onChange}
          onBlur={props.onBlur}
          onFocus={props.onFocus}
          registry={registry}
          disabled={disabled}
          readonly={readonly}
        />
      ))}
      {picking && (
        <MediaLibraryDialog
          onClose={() => setPicking(false)}
          onPick={(item) => {
            chooseFile(item);
            setPicking(false);
          }}
        />
      )}
    </fieldset>
  );
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The media library in a dialog: pick an image (searched by name and alt text), or upload a new one. */
export function MediaLibraryDialog({ onClose, onPick }: { onClose: () => void; onPick: (item: MediaItem) => void }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [limits, setLimits] = useState<MediaLimits | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [uploading, setUploading] = useState(false);
  const expired = useSession((s) => s.expired);
  const registry = useSession((s) => s.registry);
  // A new image goes into the library and is the one chosen.
  const upload = async (file: File) => {
    setError(null);
    const tooLarge = tooLargeText(file, limits, ui);
    if (tooLarge) return setError(tooLarge);
    setUploading(true);
    try {
      onPick((await api.uploadMedia(file)).item);
    } catch (e) {
      if (!expired(e)) setError(mediaErrorText(e, ui, registry));
    } finally {
      setUploading(false);
    }
  };
  useEffect(() => {
    let live = true;
    api
      .media()
      .then((r) => {
        if (!live) return;
        setItems(r.items);
        setLimits(r.limits);
      })
      .catch((e) => {
        if (live && !expired(e)) setError(mediaErrorText(e, ui));
      });
    return () => void (live = false);
  }, [expired, ui]);
  const q = fold(filter.trim());
  const shown = (items ?? []).filter((i) => !q || [i.name, ...Object.values(i.alt)].some((x) => fold(x).includes(q)));
  return (
    <Dialog title={t('media.library')} onClose={onClose} wide>
      <label className={`ed-button ed-media-upload${uploading ? ' is-busy' : ''}`}>
        {uploading ? t('media.uploading') : t('media.uploadNew')}
        <input
          type="file"
          accept={limits?.types.join(',') ?? 'image/jpeg,image/png,image/webp'}
          className="ed-visually-hidden"
          disabled={uploading}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void upload(f);
          }}
        />
      </label>
      <label className="ed-label" htmlFor="ed-media-filter">
        {t('library.search')}
      </label>
      <input id="ed-media-filter" className="ed-input" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      {error && (
        <p role="alert" className="ed-alert ed-alert--error">
          {error}
        </p>
      )}
      {!items && !error && <p aria-live="polite">{t('common.loading')}</p>}
      {items && shown.length === 0 && <p>{filter ? t('library.noMatch') : t('media.empty')}</p>}
      <ul className="ed-media-grid">
        {shown.map((item) => (
          <li key={item.url}>
            <button type="button" className="ed-media-grid__item" onClick={() => onPick(item)}>
              <img src={`${item.url}?w=240`} alt="" loading="lazy" width={160} height={Math.round((160 * item.height) / Math.max(1, item.width))} />
              <span className="ed-media-grid__name">{item.name}</span>
              <span className="ed-media-grid__meta">
                {item.width}×{item.height}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
