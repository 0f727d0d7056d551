/**
 * The dialogs of the rich-text field's toolbar: a link (to a page of the site or to an address) and
 * an image of the media library with its text for screen readers.
 */
import { useId, useState } from 'react';
import type { Editor } from '@tiptap/react';
import { localize } from '../../shared/localize.ts';
import { tr, type UiLang } from '../i18n/index.ts';
import { usePages } from '../catalog.ts';
import { Dialog } from '../components/Dialog.tsx';
import { MediaLibraryDialog } from './MediaField.tsx';
import type { MediaItem } from '../api.ts';

/** A link to a page of the site (chosen by its title; its address in the text's language) or to an address. */
export function LinkDialog({ editor, ui, lang, onClose }: { editor: Editor; ui: UiLang; lang: string; onClose: () => void }) {
  const pages = usePages();
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const byPath = pages?.find((p) => Object.values(p.paths ?? {}).includes(current));
  const [mode, setMode] = useState<'page' | 'address'>(current && !byPath ? 'address' : 'page');
  const [pageId, setPageId] = useState<string>(byPath ? String(byPath.id) : '');
  const [address, setAddress] = useState(current && !byPath ? current : '');
  const [problem, setProblem] = useState<string | null>(null);
  const base = useId();
  const say = (k: Parameters<typeof tr>[0], v?: Record<string, string>) => tr(k, v, ui);
  const listed = (pages ?? []).filter((p) => p.paths?.[lang as keyof typeof p.paths]);
  const apply = () => {
    let href = '';
    let text = '';
    if (mode === 'page') {
      const p = listed.find((x) => String(x.id) === pageId);
      if (!p) return setProblem(say('rich.linkChoosePage'));
      href = p.paths![lang as keyof typeof p.paths]!;
      text = localize(p.title, lang as never) || href;
    } else {
      const a = address.trim();
      if (!/^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9 ()-]+|\/[^\s]*)$/i.test(a)) return setProblem(say('rich.linkBadAddress'));
      href = a;
      text = a.replace(/^mailto:|^tel:/i, '');
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.extendMarkRange('link').setLink({ href }).run();
    onClose();
  };
  return (
    <Dialog
      title={say('rich.linkTitle')}
      onClose={onClose}
      footer={
        <>
          {current && (
            <button
              type="button"
              className="ed-button ed-button--ghost"
              onClick={() => {
                editor.chain().focus().extendMarkRange('link').unsetLink().run();
                onClose();
              }}
            >
              {say('rich.linkRemove')}
            </button>
          )}
          <button type="button" className="ed-button" onClick={onClose}>
            {say('common.cancel')}
          </button>
          <button type="button" className="ed-button ed-button--primary" onClick={apply}>
            {say('rich.linkApply')}
          </button>
        </>
      }
    >
      <fieldset className="ed-radios">
        <legend className="ed-visually-hidden">{say('rich.linkKind')}</legend>
        <label>
          <input type="radio" name={`${base}-mode`} checked={mode === 'page'} onChange={() => setMode('page')} /> {say('pick.linkPage')}
        </label>
        <label>
          <input type="radio" name={`${base}-mode`} checked={mode === 'address'} onChange={() => setMode('address')} /> {say('pick.linkAddress')}
        </label>
      </fieldset>
      {mode === 'page' ? (
        <>
          <label className="ed-label" htmlFor={`${base}-page`}>
            {say('rich.linkPage')}
          </label>
          <select id={`${base}-page`} className="ed-input" value={pageId} onChange={(e) => setPageId(e.target.value)} data-autofocus>
            <option value="">{say('pick.choosePage')}</option>
            {listed.map((p) => (
              <option key={p.id} value={p.id}>
                {localize(p.title, lang as never) || p.path}
              </option>
            ))}
          </select>
        </>
      ) : (
        <>
          <label className="ed-label" htmlFor={`${base}-address`}>
            {say('rich.linkAddress')}
          </label>
          <input
            id={`${base}-address`}
            className="ed-input"
            type="text"
            inputMode="url"
            value={address}
            placeholder="https://…"
            onChange={(e) => setAddress(e.target.value)}
            data-autofocus
          />
        </>
      )}
      {problem && (
        <p className="ed-field-errors" role="alert">
          {problem}
        </p>
      )}
    </Dialog>
  );
}

/**
 * An image of the media library, with the text screen readers say for it: the library's alt text
 * in the text's language is offered (and can be changed here for this place).
 */
export function ImageDialog({
  ui,
  lang,
  onClose,
  onPick,
}: {
  ui: UiLang;
  lang: string;
  onClose: () => void;
  onPick: (image: { src: string; alt: string; width?: number; height?: number }) => void;
}) {
  const [item, setItem] = useState<MediaItem | null>(null);
  const [alt, setAlt] = useState('');
  const say = (k: Parameters<typeof tr>[0]) => tr(k, undefined, ui);
  if (!item)
    return (
      <MediaLibraryDialog
        onClose={onClose}
        onPick={(picked) => {
          setItem(picked);
          setAlt(picked.alt[lang] ?? '');
        }}
      />
    );
  const prefilled = !!item.alt[lang] && alt === item.alt[lang];
  return (
    <Dialog
      title={say('rich.imageTitle')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="ed-button" onClick={onClose}>
            {say('common.cancel')}
          </button>
          <button
            type="button"
            className="ed-button ed-button--primary"
            onClick={() => onPick({ src: item.url, alt: alt.trim(), width: item.width || undefined, height: item.height || undefined })}
          >
            {say('rich.imageInsert')}
          </button>
        </>
      }
    >
      <img src={`${item.url}?w=600`} alt="" className="ed-richtext__preview-image" />
      <label className="ed-label" htmlFor="ed-rich-alt">
        {say('rich.imageAlt')}
      </label>
      <input id="ed-rich-alt" className="ed-input" type="text" lang={lang} value={alt} onChange={(e) => setAlt(e.target.value)} data-autofocus />
      <p className="ed-help">{prefilled ? say('rich.imageAltPrefilled') : say('rich.imageAltHelp')}</p>
    </Dialog>
  );
}
