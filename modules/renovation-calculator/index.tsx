import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { defineModule } from '../../renderer/module-api.ts';
import { Link, useI18n } from '../../renderer/ui.tsx';
import { defaultQuantity, QUANTITY_PREFIX, type HomeKind } from '../../shared/renovation.ts';
import type { RenovationCalculatorModule } from '../../schemas/types.gen.ts';
import { RequestForm as ContactForm } from '../lib/RequestForm.tsx';
import schema from './schema.json';
import type { CalculatorData, CalculatorWork } from './load.server.ts';
import '../lib/forms.css';
import '../lib/tools.css';

/** A unit as people read it (m², kWp — kWc in French —, units), alone or with a quantity. */
function useUnit() {
  const { t } = useI18n();
  return (unit: CalculatorWork['unit'], value?: number) => (value === undefined ? t(`calc.unit.${unit}`) : t(`calc.qty.${unit}`, { value }));
}

function Field({
  name,
  label,
  error,
  hint,
  children,
  wide,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'form-field form-field--wide' : 'form-field'} data-invalid={error ? true : undefined}>
      <label htmlFor={`calc-${name}`}>{label}</label>
      {children}
      {hint && (
        <p className="form-hint" id={`calc-${name}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="form-error" id={`calc-${name}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function View({ data }: { module: RenovationCalculatorModule; data: CalculatorData }) {
  const { t, formatPrice, formatDate } = useI18n();
  const unit = useUnit();
  const [, navigate] = useLocation();
  const { inputs } = data;
  const [kind, setKind] = useState<HomeKind | ''>(inputs.kind ?? '');
  const [surface, setSurface] = useState(inputs.surface !== undefined ? String(inputs.surface) : '');
  // Quantities the visitor typed; the others follow the surface and the kind of home.
  const [typed, setTyped] = useState<Record<string, string>>(() => Object.fromEntries(Object.entries(inputs.quantities).map(([k, v]) => [k, String(v)])));
  useEffect(() => {
    setKind(inputs.kind ?? '');
    setSurface(inputs.surface !== undefined ? String(inputs.surface) : '');
    setTyped(Object.fromEntries(Object.entries(inputs.quantities).map(([k, v]) => [k, String(v)])));
  }, [data.query]); // eslint-disable-line react-hooks/exhaustive-deps
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
  }, [data.query, data.errors.length]); // eslint-disable-line react-hooks/exhaustive-deps

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
  // A price never breaks between the euro sign and the amount.
  const price = (v: number) => formatPrice(v).replace(' ', '\u00a0');
  const range = (low: number, high: number) => t('tool.range', { low: price(low), high: price(high) });

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

      {r && (
        <section id="result" ref={resultRef} tabIndex={-1} className="tool-result" aria-labelledby="calc-result-title">
          <h2 id="calc-result-title">
            {t('calc.result.title')} <span className="tool-badge">{t('tool.indicative')}</span>
          </h2>
          {r.lines.length ? (
            <>
              <p className="tool-result__total">
                {t('calc.result.total')} <strong>{range(r.total.low, r.total.high)}</strong>
              </p>
              <div className="tool-table-wrap">
                <table className="tool-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('calc.result.work')}</th>
                      <th scope="col">{t('calc.result.quantity')}</th>
                      <th scope="col">{t('calc.result.cost')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.lines.map((l) => (
                      <tr key={l.key}>
                        <th scope="row">{l.name}</th>
                        <td>{unit(l.unit, l.quantity)}</td>
                        <td>{range(l.low, l.high)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row" colSpan={2}>
                        {t('calc.result.totalShort')}
                      </th>
                      <td>{range(r.total.low, r.total.high)}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            </>
          ) : (
            <p>{t('calc.result.noWorks')}</p>
          )}
          <div className="tool-epc">
            <figure>
              <img src={r.current.image} alt={t('card.epc', { label: r.current.text })} width={180} height={60} />
              <figcaption>
                {pair(
                  t('calc.result.now'),
                  `${r.current.text} (${t('unit.kwh', { value: r.current.value })}${r.current.fromLabel ? `, ${t('calc.result.fromLabel')}` : ''})`,
                )}
              </figcaption>
            </figure>
            <figure>
              <img src={r.after.image} alt={t('card.epc', { label: r.after.text })} width={180} height={60} />
              <figcaption>
                <strong>{pair(t('calc.result.after'), r.after.text)}</strong> ({t('unit.kwh', { value: r.after.value })})
              </figcaption>
            </figure>
          </div>
          {r.target && (
            <p className={r.target.reached ? 'notice tool-target tool-target--reached' : 'notice tool-target'} role="status">
              {t(r.target.reached ? 'calc.result.reached' : 'calc.result.notReached', { target: r.target.letter })}
              {r.target.legal ? ` ${t('calc.result.legalTarget')}` : ''}
            </p>
          )}
          {r.obligation && (
            <p className="notice tool-deadline">
              {t('calc.result.deadline', {
                target: r.obligation.target,
                years: r.obligation.years,
                year: String(r.obligation.deadlineYear),
                from: formatDate(r.obligation.boughtFrom),
                region: t(`region.${r.region}`),
              })}
            </p>
          )}
          {data.showGrants && (
            <section className="tool-grants" aria-labelledby="calc-grants-title">
              <h3 id="calc-grants-title">{t('calc.grants')}</h3>
              {r.grants.length ? (
                <ul>
                  {r.grants.map((g) => (
                    <li key={g.name}>
                      <a href={g.url} target="_blank" rel="noopener noreferrer">
                        {g.name}
                      </a>
                      <p>{g.condition}</p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p>{t('calc.grants.none', { region: t(`region.${r.region}`) })}</p>
              )}
            </section>
          )}
          <p className="tool-note">{data.note}</p>
          {data.sources.length > 0 && (
            <details className="tool-sources">
              <summary>{t('tool.sources')}</summary>
              <ul>
                {data.sources.map((s, i) => (
                  <li key={i}>
                    <strong>
                      {s.obligation
                        ? t('calc.sources.obligation', {
                            region: t(`region.${s.obligation.region}`),
                            labels: s.obligation.labels.join(', '),
                            target: s.obligation.target,
                          })
                        : s.what}
                    </strong>
                    {t('tool.pairSeparator')}
                    {s.url ? (
                      <a href={s.url} target="_blank" rel="noopener noreferrer">
                        {s.name}
                      </a>
                    ) : (
                      s.name
                    )}{' '}
                    ({s.date}){s.note ? ` – ${s.note}` : ''}
                  </li>
                ))}
              </ul>
            </details>
          )}
          {data.lead && (
            <details className="tool-lead">
              <summary className="button">{t(data.property ? 'calc.lead.property' : 'calc.lead.home')}</summary>
              <ContactForm
                module={{ id: 0, form: data.lead.form }}
                data={{
                  ...data.lead,
                  prefill: { ...data.lead.prefill, ...(data.property ? {} : { message: t('calc.lead.message') }) },
                  attach: {
                    field: 'renovation',
                    value: data.query,
                    title: t('calc.lead.attached'),
                    lines: [
                      ...r.lines.map((l) => pair(`${l.name} (${unit(l.unit, l.quantity)})`, range(l.low, l.high))),
                      pair(t('calc.result.totalShort'), range(r.total.low, r.total.high)),
                      `${pair(t('calc.result.now'), r.current.text)} → ${pair(t('calc.result.after'), r.after.text)}`,
                    ],
                  },
                }}
              />
            </details>
          )}
        </section>
      )}
    </div>
  );
}

export default defineModule<RenovationCalculatorModule, CalculatorData>({
  view: 'renovation-calculator',
  version: 1,
  schema,
  uiSchema: {
    showGrants: {
      'ui:help': {
        nl: 'De premies zelf staan in Site-instellingen › Renovatiecalculator.',
        fr: 'Les primes elles-mêmes se trouvent dans Réglages du site › Calculateur de rénovation.',
        en: 'The grants themselves are in Site settings › Renovation calculator.',
      },
    },
    showSources: {
      'ui:help': {
        nl: 'Elk cijfer vermeldt daar ook zijn bron en datum.',
        fr: 'Chaque chiffre y indique aussi sa source et sa date.',
        en: 'Every figure names its source and date there too.',
      },
    },
  },
  meta: {
    title: { nl: 'Renovatiecalculator', fr: 'Calculateur de rénovation', en: 'Renovation cost calculator' },
    description: {
      nl: 'Kosten van energiewerken, verwacht EPC-label, termijn en premies',
      fr: 'Coût des travaux énergétiques, label PEB attendu, délai et primes',
      en: 'Cost of energy works, expected EPC label, deadline and grants',
    },
    icon: 'calculator',
    category: 'content',
  },
  defaults: { status: 'Published', span: 12, showGrants: true, showSources: true, requestForm: true },
  View,
});
