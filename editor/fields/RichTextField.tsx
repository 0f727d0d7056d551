/**
 * The rich-text field of every `x-richtext` node (an article's body, the Text module, the
 * footer's texts): a ProseMirror editor (Tiptap) per language, one tab each, limited to what the
 * site's styles draw — paragraphs, headings (levels 2 to 4), bold, italic, bulleted and numbered
 * lists, quotes, links (to a page of the site, by its title, or to an address), images from the
 * media library (with their text for screen readers) and tables. It writes HTML, which the server
 * sanitises on save and the site renders as it is. A chunk of its own: only screens with rich text
 * load it, public pages never.
 */
import { useEffect, useRef, useState } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { humanize } from '../schema.ts';
import { tr, type UiLang } from '../i18n/index.ts';
import { ImageDialog, LinkDialog } from './RichTextDialogs.tsx';
import type { EditorFormContext } from './SchemaForm.tsx';

type Texts = Record<string, string>;
/** What an empty editor writes: an empty paragraph is no text. */
const isEmptyHtml = (html: string) => /^(<p>(<br>)?<\/p>)*$/.test(html.trim());

export default function RichTextField(props: FieldProps) {
  const { formData, onChange, fieldPathId, errorSchema, uiSchema, required, readonly, disabled, name, schema, registry } = props;
  const ctx = registry.formContext as EditorFormContext;
  const ui = ctx.ui ?? 'en';
  const opts = getUiOptions(uiSchema);
  const label = String(opts.title ?? schema.title ?? (name ? humanize(name) : tr('field.text', undefined, ui)));
  const description = (opts.description as string | undefined) ?? (schema.description as string | undefined);
  const value: Texts = formData && typeof formData === 'object' ? formData : {};
  const id = fieldPathId.$id;
  const [lang, setLang] = useState(ctx.langs[0]);
  const errorsOf = (l: string) => (errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[l]?.__errors ?? [];
  const latest = useRef(value);
  latest.current = value;

  const set = (l: string, html: string) => {
    const next: Texts = { ...latest.current };
    delete next[l.toUpperCase()];
    if (isEmptyHtml(html)) delete next[l];
    else next[l] = html;
    onChange(Object.keys(next).length === 0 && !required ? undefined : next, fieldPathId.path);
  };

  return (
    <fieldset className="ed-richtext" id={id}>
      <legend className="ed-localized__legend">
        {label}
        {required && (
          <span className="ed-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      {description && <p className="ed-help">{description}</p>}
      <div className="ed-richtext__tabs" role="tablist" aria-label={tr('rich.languages', { field: label }, ui)}>
        {ctx.langs.map((l) => {
          const errs = errorsOf(l);
          const active = l === lang;
          return (
            <button
              key={l}
              type="button"
              role="tab"
              // An inactive tab carries the field's id for that language: a problem found there brings the staff member to it.
              id={active ? `${id}_${l}__tab` : `${id}_${l}`}
              aria-selected={active}
              aria-controls={`${id}__panel`}
              className={`ed-richtext__tab${errs.length ? ' has-errors' : ''}`}
              onClick={() => setLang(l)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') setLang(l);
              }}
            >
              {l.toUpperCase()}
              {errs.length > 0 && <span className="ed-visually-hidden"> {tr('rich.tabHasErrors', undefined, ui)}</span>}
              {!(value[l] ?? '').trim() && (
                <span className="ed-richtext__empty" aria-hidden="true">
                  {' '}
                  ·
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div className="ed-richtext__panel" role="tabpanel" id={`${id}__panel`} aria-labelledby={`${id}_${lang}__tab`}>
        <RichEditor
          key={lang}
          inputId={`${id}_${lang}`}
          label={`${label} (${lang})`}
          lang={lang}
          ui={ui}
          html={value[lang] ?? value[lang.toUpperCase()] ?? ''}
          readonly={!!(readonly || disabled)}
          invalid={errorsOf(lang).length > 0}
          onChange={(html) => set(lang, html)}
        />
        {errorsOf(lang).length > 0 && (
          <ul className="ed-field-errors" id={`${id}_${lang}__error`}>
            {errorsOf(lang).map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}

function RichEditor({
  inputId,
  label,
  lang,
  ui,
  html,
  readonly,
  invalid,
  onChange,
}: {
  inputId: string;
  label: string;
  lang: string;
  ui: UiLang;
  html: string;
  readonly: boolean;
  invalid: boolean;
  onChange: (html: string) => void;
}) {
  const emitted = useRef(html);
  const change = useRef(onChange);
  change.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, HTMLAttributes: { rel: null, target: null } },
      }),
      Image.configure({ inline: false }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: html,
    editable: !readonly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id: inputId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        lang,
        class: 'ed-richtext__content rich-text',
        ...(invalid ? { 'aria-invalid': 'true', 'aria-describedby': `${inputId}__error` } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      const out = e.getHTML();
      emitted.current = out;
      change.current(out);
    },
  });
  // A new value from outside (edits restored, a conflict resolved, a revision restored) replaces the text.
  useEffect(() => {
    if (!editor || html === emitted.current) return;
    emitted.current = html;
    editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        attributes: {
          id: inputId,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': label,
          lang,
          class: 'ed-richtext__content rich-text',
          ...(invalid ? { 'aria-invalid': 'true', 'aria-describedby': `${inputId}__error` } : {}),
        },
      },
    });
  }, [editor, invalid, inputId, label, lang]);
  if (!editor) return null;
  return (
    <div className="ed-richtext__editor">
      {!readonly && <Toolbar editor={editor} ui={ui} lang={lang} label={label} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, ui, lang, label }: { editor: Editor; ui: UiLang; lang: string; label: string }) {
  const [linking, setLinking] = useState(false);
  const [picking, setPicking] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      style: e.isActive('heading', { level: 2 }) ? 'h2' : e.isActive('heading', { level: 3 }) ? 'h3' : e.isActive('heading', { level: 4 }) ? 'h4' : 'p',
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const say = (k: Parameters<typeof tr>[0]) => tr(k, undefined, ui);
  const chain = () => editor.chain().focus();
  const toggle = (name: string, pressed: boolean, run: () => void, text: string) => (
    <button
      type="button"
      className="ed-tool"
      aria-pressed={pressed}
      aria-label={say(name as Parameters<typeof tr>[0])}
      title={say(name as Parameters<typeof tr>[0])}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      <ToolFace name={name} text={text} />
    </button>
  );
  const button = (name: string, run: () => void, text: string, enabled = true) => (
    <button
      type="button"
      className="ed-tool"
      aria-label={say(name as Parameters<typeof tr>[0])}
      title={say(name as Parameters<typeof tr>[0])}
      disabled={!enabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      <ToolFace name={name} text={text} />
    </button>
  );
  return (
    <div className="ed-toolbar" role="toolbar" aria-label={tr('rich.toolbar', { field: label }, ui)}>
      <select
        className="ed-input ed-input--small ed-tool__style"
        aria-label={say('rich.style')}
        value={state.style}
        onChange={(e) => {
          const v = e.target.value;
          if (v === 'p') chain().setParagraph().run();
          else
            chain()
              .setHeading({ level: Number(v.slice(1)) as 2 | 3 | 4 })
              .run();
        }}
      >
        <option value="p">{say('rich.paragraph')}</option>
        <option value="h2">{say('rich.h2')}</option>
        <option value="h3">{say('rich.h3')}</option>
        <option value="h4">{say('rich.h4')}</option>
      </select>
      {toggle('rich.bold', state.bold, () => chain().toggleBold().run(), 'B')}
      {toggle('rich.italic', state.italic, () => chain().toggleItalic().run(), 'I')}
      {toggle('rich.bullets', state.bullet, () => chain().toggleBulletList().run(), '•')}
      {toggle('rich.numbers', state.ordered, () => chain().toggleOrderedList().run(), '1.')}
      {toggle('rich.quote', state.quote, () => chain().toggleBlockquote().run(), '“”')}
      {toggle('rich.link', state.link, () => setLinking(true), '🔗')}
      {button('rich.image', () => setPicking(true), '🖼')}
      {!state.table && button('rich.table', () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(), '▦')}
      {state.table && (
        <>
          {button('rich.addRow', () => chain().addRowAfter().run(), '+≡')}
          {button('rich.addColumn', () => chain().addColumnAfter().run(), '+⫼')}
          {button('rich.deleteRow', () => chain().deleteRow().run(), '−≡')}
          {button('rich.deleteColumn', () => chain().deleteColumn().run(), '−⫼')}
          {button('rich.deleteTable', () => chain().deleteTable().run(), '✕▦')}
        </>
      )}
      {button('rich.undo', () => chain().undo().run(), '↶', state.undo)}
      {button('rich.redo', () => chain().redo().run(), '↷', state.redo)}
      {linking && <LinkDialog editor={editor} ui={ui} lang={lang} onClose={() => setLinking(false)} />}
      {picking && (
        <ImageDialog
          ui={ui}
          lang={lang}
          onClose={() => setPicking(false)}
          onPick={(image) => {
            // Its size goes along: the site offers it at its responsive widths without a jump in the layout.
            chain().setImage(image).run();
            setPicking(false);
          }}
        />
      )}
    </div>
  );
}

/** Line drawings of the tools that no letter says well (no emoji font is needed). */
const TOOL_ICONS: Record<string, string> = {
  'rich.link': 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  'rich.image': 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15.5 9.5a1.5 1.5 0 1 0 0-.01',
  'rich.table': 'M3 5h18v14H3zM3 10h18M3 15h18M9 5v14M15 5v14',
  'rich.quote': 'M6 17h4l2-4V7H6v6h3zM14 17h4l2-4V7h-6v6h3z',
  'rich.bullets': 'M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01',
  'rich.undo': 'M9 14L4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
  'rich.redo': 'M15 14l5-5-5-5M20 9H9a5 5 0 0 0 0 10h3',
};
function ToolFace({ name, text }: { name: string; text: string }) {
  const d = TOOL_ICONS[name];
  if (!d) return <span aria-hidden="true">{text}</span>;
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}
