/**
 * Inputs the site settings ask for by their uiSchema (editor/settings-ui.ts), so that staff read
 * and write what they mean rather than how it is stored (issue 38, point 6): days of the week as
 * named checkboxes (stored 1 Monday … 7 Sunday), a share as a percentage (stored 0.5 for 50 %), a
 * time of day on the 24-hour clock (stored 10:00), and the map's credit line as a text
 * with a link (stored as the small piece of HTML the map shows).
 */
import type { WidgetProps } from '@rjsf/utils';
import { decodeEntities, stripTags } from '../../shared/listing-text.ts';
import { tr, type UiLang } from '../i18n/index.ts';
import type { EditorFormContext } from './SchemaForm.tsx';

const LOCALES: Record<UiLang, string> = { nl: 'nl-BE', fr: 'fr-BE', en: 'en-GB' };
const uiOf = (props: WidgetProps): UiLang => (props.registry.formContext as EditorFormContext).ui ?? 'en';

/** The name of ISO weekday `iso` (1 Monday … 7 Sunday) in the editor's language. */
export function weekdayName(iso: number, ui: UiLang): string {
  // 1 January 2024 was a Monday.
  const name = new Intl.DateTimeFormat(LOCALES[ui], { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, iso)));
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Days of the week, each a checkbox; the value stays a list of ISO numbers in week order. */
export function WeekdaysWidget(props: WidgetProps) {
  const ui = uiOf(props);
  const chosen = new Set<number>(Array.isArray(props.value) ? (props.value as number[]) : []);
  const toggle = (iso: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(iso);
    else next.delete(iso);
    props.onChange([...next].sort((a, b) => a - b));
  };
  return (
    <div className="ed-days" id={props.id} role="group" aria-label={props.label}>
      {[1, 2, 3, 4, 5, 6, 7].map((iso) => (
        <label key={iso} className="ed-check">
          <input
            type="checkbox"
            id={`${props.id}_${iso}`}
            checked={chosen.has(iso)}
            disabled={props.disabled || props.readonly}
            onChange={(e) => toggle(iso, e.target.checked)}
          />{' '}
          {weekdayName(iso, ui)}
        </label>
      ))}
    </div>
  );
}

const round = (n: number) => Math.round(n * 10000) / 10000;

/** A share (0.5) typed and read as a percentage (50 %). */
export function PercentWidget(props: WidgetProps) {
  const value = typeof props.value === 'number' ? round(props.value * 100) : '';
  const { minimum, maximum, default: fallback } = props.schema as { minimum?: number; maximum?: number; default?: unknown };
  return (
    <span className="ed-unit-row">
      <input
        type="number"
        id={props.id}
        name={props.id}
        className="ed-input ed-input--number"
        value={value}
        step="any"
        placeholder={typeof fallback === 'number' ? String(round(fallback * 100)) : undefined}
        min={minimum === undefined ? undefined : minimum * 100}
        max={maximum === undefined ? undefined : maximum * 100}
        disabled={props.disabled || props.readonly}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : round(Number(e.target.value) / 100))}
      />
      <span className="ed-unit">%</span>
    </span>
  );
}

/** A time of day, typed as the site shows it (10:00, on the 24-hour clock whatever the browser's own language). */
export function ClockTimeWidget(props: WidgetProps) {
  return (
    <input
      type="text"
      inputMode="numeric"
      placeholder="10:00"
      maxLength={5}
      id={props.id}
      name={props.id}
      className="ed-input ed-input--time"
      value={typeof props.value === 'string' ? props.value : ''}
      disabled={props.disabled || props.readonly}
      onChange={(e) => props.onChange(e.target.value || undefined)}
    />
  );
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** The map's credit line read as its words and its link: `&copy; <a href="…">OpenStreetMap</a>` → © OpenStreetMap + the address. */
export function readAttribution(html: string): { text: string; link: string } {
  const at = html.indexOf('href="');
  const end = at < 0 ? -1 : html.indexOf('"', at + 6);
  const href = end < 0 ? '' : html.slice(at + 6, end);
  const text = decodeEntities(stripTags(html, '').replace(/&copy;/gi, '©'))
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
  return { text, link: decodeEntities(href) };
}

/** The credit line as the map shows it: the words, linked when there is an address. */
export function writeAttribution(text: string, link: string): string {
  const t = escapeText(text.trim());
  return link.trim() ? `<a href="${escapeAttr(link.trim())}">${t}</a>` : t;
}

/** The map's credit line as two inputs: the words shown, and the address they link to. */
export function AttributionWidget(props: WidgetProps) {
  const ui = uiOf(props);
  const raw = typeof props.value === 'string' ? props.value : '';
  const { text, link } = readAttribution(raw);
  const set = (t: string, l: string) => props.onChange(t.trim() || l.trim() ? writeAttribution(t, l) : undefined);
  return (
    <div className="ed-attribution" id={props.id}>
      <label className="ed-attribution__part">
        <span>{tr('words.attributionText', undefined, ui)}</span>
        <input
          type="text"
          id={`${props.id}_text`}
          className="ed-input"
          value={text}
          disabled={props.disabled || props.readonly}
          onChange={(e) => set(e.target.value, link)}
        />
      </label>
      <label className="ed-attribution__part">
        <span>{tr('words.attributionLink', undefined, ui)}</span>
        <input
          type="url"
          id={`${props.id}_link`}
          className="ed-input"
          value={link}
          placeholder="https://"
          disabled={props.disabled || props.readonly}
          onChange={(e) => set(text, e.target.value)}
        />
      </label>
    </div>
  );
}
