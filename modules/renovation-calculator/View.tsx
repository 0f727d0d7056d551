import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Link, useI18n } from '../../renderer/ui.tsx';
import { defaultQuantity, QUANTITY_PREFIX, type HomeKind } from '../../shared/renovation.ts';
import type { RenovationCalculatorModule } from '../../schemas/types.gen.ts';
import type { CalculatorData, CalculatorWork } from './load.server.ts';
import { ResultSection } from './ResultSection.tsx';
import { useUnit } from './useUnit.ts';
import { ToolField, type ToolFieldProps } from '../lib/ToolField.tsx';
import '../lib/forms.css';
import '../lib/tools.css';

/** A field of this form (ids `calc-{name}`); `wide` spans the form's width. */
const Field = ({ wide, ...props }: ToolFieldProps & { wide?: boolean }) => (
  <ToolField prefix="calc" className={wide ? 'form-field--wide' : undefined} {...props} />
);

export default function View({ data }: { module: RenovationCalculatorModule; data: CalculatorData }) {
  const { t } = useI18n();
  const unit = useUnit();
  const [, navigate] = useLocation();
  const { inputs } = data;
  const [kind, setKind] = useState<HomeKind | ''>(inputs.kind ?? '');
  const [surface, setSurface] = useState(inputs.surface !== undefined ? String(inputs.surface) : '');
  // Quantities the visitor typed; the others follow the surface and the kind of home.
  const [typed, setTyped] = useState<Record<string, string>>(() => Object.fromEntries(Object.entries(inputs.quantities).map(([k, v]) => [k, String(v)])));
  // A new query (a calculation, a link followed) resets the fields to it; the same query does not,
  // so that a re-run of this effect (React Fast Refresh in npm run dev) keeps what was typed.
  const shownQuery = useRef(data.query);
  useEffect(() => {
    if (shownQuery.current === data.query) return;
    shownQuery.current = data.query;
    setKind(inputs.kind ?? '');
    setSurface(inputs.surface !== undefined ? String(inputs.surface) : '');
    setTyped(Object.fromEntries(Object.entries(inputs.quantities).map(([k, v]) => [k, String(v)])));
  }, [data.query]); // eslint-disable-line react-hooks/exhaustive-deps -- the form follows a new query only, not each render of its inputs
  const proposed = (w: CalculatorWork): string => {
    const s = Number(surface);
    return kind && surface.trim() !== '' && Number.isFinite(s) && s > 0
      ? String(defaultQuantity({ quantity: { basis: w.basis, perKind: w.perKind } }, kind, s))
      : '';
  };
  const errorOf = (field: string) => {
    const e = data.errors.find((x) => x.field === field);
    return e ? t(e.key, e.values) : undefined;
  };
  const describe = (name: string, hint?: boolean) => ({
    id: `calc-${name}`,
    name,
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': [hint ? `calc-${name}-hint` : '', errorOf(name) ? `calc-${name}-error` : ''].filter(Boolean).join(' ') || undefined,
  });

  // After a calculation in the browser, the result (or the first field to fix) gets the focus.
  const first = useRef(true);
  const resultRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (data.result && resultRef.current) {
      resultRef.current.focus({ preventScroll: true });
      resultRef.current.scrollIntoView({ block: 'start' });
    } else if (data.errors.length) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [data.query, data.errors.length]); // eslint-disable-line react-hooks/exhaustive-deps -- focus moves once per answer, not on each render

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const p = new URLSearchParams();
    for (const [k, v] of new FormData(e.currentTarget)) {
      if (typeof v !== 'string') continue;
      const value = v.trim();
      // A proposed quantity stays out of the URL: it follows the surface when the link is opened again.
      if (k.startsWith(QUANTITY_PREFIX) && (value === '' || !(k.slice(QUANTITY_PREFIX.length) in typed))) continue;
      if (k.startsWith('works.') && value === '') continue;
      p.append(k.startsWith('works.') ? 'works' : k, value);
    }
    navigate(`${data.path}?${p.toString()}`);
  };

  const groups = new Map<string, CalculatorWork[]>();
  for (const w of data.works) if (w.group) groups.set(w.group, [...(groups.get(w.group) ?? []), w]);
  const ids = { works: useId() };
  const quantityInput = (w: CalculatorWork) => (
    <label className="tool-work__qty">
      <span className="visually-hidden">{t('calc.quantityOf', { work: w.name })}</span>
      <input
        type="text"
        inputMode="decimal"
        name={`${QUANTITY_PREFIX}${w.key}`}
        value={typed[w.key] ?? proposed(w)}
        onChange={(e) => setTyped((q) => ({ ...q, [w.key]: e.target.value }))}
        size={6}
        maxLength={9}
        aria-invalid={errorOf(`${QUANTITY_PREFIX}${w.key}`) ? true : undefined}
      />
      <span className="tool-work__unit">{unit(w.unit)}</span>
    </label>
  );
  const workRows: ReactNode[] = [];
  const seen = new Set<string>();
  for (const w of data.works) {
    if (!w.group) {
      workRows.push(
        <li key={w.key} className="tool-work">
          <label className="tool-work__pick">
            <input type="checkbox" name="works" value={w.key} defaultChecked={inputs.works.includes(w.key)} />
            <span>{w.name}</span>
          </label>
          {quantityInput(w)}
        </li>,
      );
      continue;
    }
    if (seen.has(w.group)) continue;
    seen.add(w.group);
    const members = groups.get(w.group)!;
    const label = t(`calc.group.${w.group}`);
    const none = !members.some((m) => inputs.works.includes(m.key));
    workRows.push(
      <li key={`group-${w.group}`} className="tool-work tool-work--group">
        <fieldset>
          <legend>{label === `calc.group.${w.group}` ? members.map((m) => m.name).join(' / ') : label}</legend>
          <label className="tool-work__pick">
            <input type="radio" name={`works.${w.group}`} value="" defaultChecked={none} />
            <span>{t(`calc.group.${w.group}.none`) === `calc.group.${w.group}.none` ? t('calc.works.none') : t(`calc.group.${w.group}.none`)}</span>
          </label>
          {members.map((m) => (
            <div key={m.key} className="tool-work__option">
              <label className="tool-work__pick">
                <input type="radio" name={`works.${w.group}`} value={m.key} defaultChecked={inputs.works.includes(m.key)} />
                <span>{m.name}</span>
              </label>
              {quantityInput(m)}
            </div>
          ))}
        </fieldset>
      </li>,
    );
  }
  const pair = (label: string, value: string) => t('tool.pair', { label, value });
  const worksError =
    errorOf('works') ??
    data.errors
      .filter((e) => e.field.startsWith(QUANTITY_PREFIX))
      .map((e) => pair(data.works.find((w) => `${QUANTITY_PREFIX}${w.key}` === e.field)?.name ?? e.field, t(e.key, e.values)))[0];
  const r = data.result;

  return (
    <div className="tool calculator">
      {data.property && (
        <p className="tool__about">
          {t('calc.about')} {data.property.path ? <Link href={data.property.path}>{data.property.title}</Link> : data.property.title}
        </p>
      )}
      {data.errors.length > 0 && (
        <div className="alert" role="alert">
          <p>{t('tool.fixErrors')}</p>
        </div>
      )}
      <form ref={formRef} className="tool-form" method="get" action={`${data.path}#result`} onSubmit={onSubmit} noValidate>
        <input type="hidden" name="calc" value="1" />
        {data.inputs.property !== undefined && <input type="hidden" name="property" value={data.inputs.property} />}
        <fieldset className="tool-fieldset">
          <legend>{t('calc.home')}</legend>
          <div className="form-grid">
            <Field name="zip" label={`${t('tool.zip')} *`} error={errorOf('zip')}>
              <input {...describe('zip')} defaultValue={inputs.zip ?? ''} inputMode="numeric" autoComplete="postal-code" maxLength={4} />
            </Field>
            <Field name="kind" label={`${t('calc.kind')} *`} error={errorOf('kind')}>
              <select {...describe('kind')} value={kind} onChange={(e) => setKind(e.target.value as HomeKind | '')}>
                <option value="">–</option>
                {data.kinds.map((k) => (
                  <option key={k} value={k}>
                    {t(`calc.kind.${k}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field name="surface" label={`${t('tool.surface')} *`} error={errorOf('surface')}>
              <input {...describe('surface')} value={surface} onChange={(e) => setSurface(e.target.value)} inputMode="numeric" maxLength={4} />
            </Field>
            <Field name="year" label={t('calc.year')} error={errorOf('year')}>
              <input {...describe('year')} defaultValue={inputs.year ?? ''} inputMode="numeric" maxLength={4} />
            </Field>
            <Field name="epc" label={t('calc.epc')} error={errorOf('epc')}>
              <select {...describe('epc')} defaultValue={inputs.epc ?? ''}>
                <option value="">–</option>
                {data.letters.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </Field>
            <Field name="energy" label={t('calc.energy')} error={errorOf('energy')} hint={t('calc.energy.hint')}>
              <input {...describe('energy', true)} defaultValue={inputs.energy ?? ''} inputMode="numeric" maxLength={5} />
            </Field>
            <Field name="target" label={t('calc.target')} error={errorOf('target')} hint={t('calc.target.hint')} wide>
              <select {...describe('target', true)} defaultValue={inputs.target ?? ''}>
                <option value="">{t('calc.target.default')}</option>
                {data.letters.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        </fieldset>
        <fieldset className="tool-fieldset" aria-describedby={`${ids.works}-hint`} data-invalid={worksError ? true : undefined}>
          <legend>{t('calc.works')}</legend>
          <p className="form-hint" id={`${ids.works}-hint`}>
            {t('calc.works.hint')}
          </p>
          <ul className="tool-works">{workRows}</ul>
          {worksError && <p className="form-error">{worksError}</p>}
        </fieldset>
        <button type="submit" className="button">
          {t('calc.submit')}
        </button>
      </form>

      {r && <ResultSection data={data} result={r} sectionRef={resultRef} />}
    </div>
  );
}
