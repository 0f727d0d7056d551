import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { formatNumber, Link, useI18n } from '../../renderer/ui.tsx';
import { valuationQuery, type GoalEstimate, type ValuationInputs } from '../../shared/valuation.ts';
import type { OnlineValuationModule } from '../../schemas/types.gen.ts';
import { RequestForm as ContactForm } from '../lib/RequestForm.tsx';
import type { ValuationData } from './load.server.ts';
import '../lib/forms.css';
import '../lib/tools.css';

/** The answers of the other steps, carried by each step's form. */
function Carried({ inputs, skip }: { inputs: ValuationInputs; skip: Array<keyof ValuationInputs> }) {
  return (
    <>
      {[...valuationQuery(inputs)]
        .filter(([k]) => !skip.includes(k as keyof ValuationInputs))
        .map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
    </>
  );
}

export default function View({ data }: { module: OnlineValuationModule; data: ValuationData }) {
  const { t, formatPrice } = useI18n();
  // A price never breaks between the euro sign and the amount.
  const price = (v: number) => formatPrice(v).replace(' ', '\u00a0');
  const range = (low: number, high: number) => t('tool.range', { low: price(low), high: price(high) });
  const pair = (label: string, value: string) => t('tool.pair', { label, value });
  const [, navigate] = useLocation();
  const { inputs, step } = data;
  const index = data.steps.indexOf(step);
  const errorOf = (field: string) => {
    const e = data.errors.find((x) => x.field === field);
    return e ? t(e.key, e.values) : undefined;
  };
  const props = (name: string) => ({
    id: `val-${name}`,
    name,
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': errorOf(name) ? `val-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errorOf(name) && (
      <p className="form-error" id={`val-${name}-error`}>
        {errorOf(name)}
      </p>
    );
  const field = (name: string, label: string, control: ReactNode) => (
    <div className="form-field" data-invalid={errorOf(name) ? true : undefined}>
      <label htmlFor={`val-${name}`}>{label}</label>
      {control}
      {error(name)}
    </div>
  );
  const stepHref = (n: number) => `${data.path}?${valuationQuery(inputs, n + 1).toString()}#valuation`;

  // After each step in the browser, the new step's heading gets the focus.
  const first = useRef(true);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus({ preventScroll: true });
    heading.current?.closest('.tool')?.scrollIntoView({ block: 'start' });
  }, [step, data.query, data.errors.length]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const p = new URLSearchParams();
    for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === 'string') p.append(k, v.trim());
    navigate(`${data.path}?${p.toString()}`);
  };
  const form = (skip: Array<keyof ValuationInputs>, children: ReactNode, submit: string) => (
    <form className="tool-form" method="get" action={`${data.path}#valuation`} onSubmit={onSubmit} noValidate>
      <Carried inputs={inputs} skip={skip} />
      {children}
      <div className="tool-form__actions">
        {index > 0 && (
          <Link href={stepHref(index - 1)} className="button button--ghost">
            {t('valuation.back')}
          </Link>
        )}
        <button type="submit" className="button">
          {submit}
        </button>
      </div>
    </form>
  );

  const estimate = (e: GoalEstimate) => {
    const per = e.goal === 'rent' ? ` ${t('valuation.perMonth')}` : '';
    return (
      <div key={e.goal} className={`tool-card${e.ok ? '' : ' tool-card--none'}`} data-goal={e.goal}>
        <h3>{t(`valuation.goal.${e.goal}`)}</h3>
        {e.ok ? (
          <>
            <p className="tool-card__range">
              {range(e.low, e.high)}
              {per}
            </p>
            <p className="tool-card__median">{t('valuation.median', { value: price(e.median) })}</p>
            <p className="tool-card__basis">
              {t(e.area === 'municipality' ? 'valuation.basis.municipality' : 'valuation.basis.region', {
                count: e.comparables,
                place: e.area === 'municipality' ? (data.municipality ?? inputs.zip ?? '') : t(`region.${data.result!.region}`),
              })}
            </p>
          </>
        ) : (
          <p className="tool-card__none">{t('valuation.tooFew', { count: e.comparables, min: data.result!.minComparables })}</p>
        )}
      </div>
    );
  };

  const refused = !!data.result && data.result.estimates.every((e) => !e.ok);
  return (
    <div className="tool valuation" id="valuation">
      <ol className="tool-steps">
        {data.steps.map((s, i) => (
          <li key={s} aria-current={i === index ? 'step' : undefined} className={i < index ? 'tool-steps__done' : undefined}>
            {i < index ? <Link href={stepHref(i)}>{t(`valuation.step.${s}`)}</Link> : <span>{t(`valuation.step.${s}`)}</span>}
          </li>
        ))}
      </ol>
      <h2 ref={heading} tabIndex={-1} className="tool__step-title">
        {t('valuation.stepOf', { n: index + 1, total: data.steps.length })}: {t(`valuation.step.${step}`)}
      </h2>
      {data.errors.length > 0 && (
        <div className="alert" role="alert">
          <p>{t('tool.fixErrors')}</p>
        </div>
      )}
      {step === 'address' &&
        form(
          ['address', 'zip'],
          <div className="form-grid">
            <div className="form-field form-field--wide" data-invalid={errorOf('address') ? true : undefined}>
              <label htmlFor="val-address">{t('valuation.address')} *</label>
              <input {...props('address')} defaultValue={inputs.address ?? ''} autoComplete="street-address" maxLength={200} />
              {error('address')}
            </div>
            {field(
              'zip',
              `${t('tool.zip')} *`,
              <input {...props('zip')} defaultValue={inputs.zip ?? ''} inputMode="numeric" autoComplete="postal-code" maxLength={4} />,
            )}
          </div>,
          t('valuation.next'),
        )}
      {step === 'type' &&
        form(
          ['type'],
          <fieldset className="form-field form-field--wide" data-invalid={errorOf('type') ? true : undefined}>
            <legend>{t('valuation.type')} *</legend>
            <div className="chips">
              {data.types.map((v, i) => (
                <label key={v} className="chip">
                  <input type="radio" name="type" value={v} defaultChecked={inputs.type !== undefined ? inputs.type === v : i === 0} />
                  <span>{t(`type.${v}`)}</span>
                </label>
              ))}
            </div>
            {error('type')}
          </fieldset>,
          t('valuation.next'),
        )}
      {step === 'details' &&
        form(
          ['surface', 'bedrooms', 'condition', 'epc', 'outdoor'],
          <div className="form-grid">
            {field('surface', `${t('tool.surface')} *`, <input {...props('surface')} defaultValue={inputs.surface ?? ''} inputMode="numeric" maxLength={4} />)}
            {field(
              'bedrooms',
              `${t('valuation.bedrooms')} *`,
              <input {...props('bedrooms')} defaultValue={inputs.bedrooms ?? ''} inputMode="numeric" maxLength={2} />,
            )}
            {field(
              'condition',
              `${t('valuation.condition')} *`,
              <select {...props('condition')} defaultValue={inputs.condition ?? ''}>
                <option value="">–</option>
                {data.conditions.map((c) => (
                  <option key={c} value={c}>
                    {t(`valuation.condition.${c}`)}
                  </option>
                ))}
              </select>,
            )}
            {field(
              'epc',
              `${t('valuation.epc')} *`,
              <select {...props('epc')} defaultValue={inputs.epc ?? ''}>
                <option value="">–</option>
                {data.letters.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
                <option value="unknown">{t('valuation.epc.unknown')}</option>
              </select>,
            )}
            <fieldset className="form-field form-field--wide" data-invalid={errorOf('outdoor') ? true : undefined}>
              <legend>{t('valuation.outdoor')} *</legend>
              <div className="chips">
                {data.outdoor.map((o) => (
                  <label key={o} className="chip">
                    <input type="radio" name="outdoor" value={o} defaultChecked={(inputs.outdoor ?? 'none') === o} />
                    <span>{t(`valuation.outdoor.${o}`)}</span>
                  </label>
                ))}
              </div>
              {error('outdoor')}
            </fieldset>
          </div>,
          t('valuation.submit'),
        )}
      {step === 'result' && data.result && (
        <section className="tool-result" aria-label={t('valuation.step.result')}>
          <dl className="tool-summary">
            <div>
              <dt>{t('valuation.address')}</dt>
              <dd>
                {inputs.address}, {inputs.zip} {data.municipality ?? ''}
              </dd>
            </div>
            <div>
              <dt>{t('valuation.type')}</dt>
              <dd>{t(`type.${inputs.type}`)}</dd>
            </div>
            <div>
              <dt>{t('valuation.step.details')}</dt>
              <dd>
                {[
                  t('unit.m2', { value: formatNumber(inputs.surface ?? 0) }),
                  t('card.bedrooms', { count: inputs.bedrooms ?? 0 }),
                  t(`valuation.condition.${inputs.condition}`),
                  inputs.epc === 'unknown' ? t('valuation.epc.unknown') : t('card.epc', { label: inputs.epc ?? '' }),
                  t(`valuation.outdoor.${inputs.outdoor}`),
                ].join(' · ')}
              </dd>
            </div>
          </dl>
          <p>
            <Link href={stepHref(2)}>{t('valuation.change')}</Link>
          </p>
          <h3 className="tool-result__title">
            {t('valuation.result.title')} <span className="tool-badge">{t('tool.indicative')}</span>
          </h3>
          <div className="tool-cards">{data.result.estimates.map(estimate)}</div>
          {refused && <p className="notice">{t('valuation.refused')}</p>}
          <p className="tool-note">{data.note}</p>
          <details className="tool-sources">
            <summary>{t('tool.sources')}</summary>
            <ul>
              <li>
                {data.source.name} ({data.source.date}){data.source.note ? ` – ${data.source.note}` : ''}
              </li>
              <li>
                {data.factorsSource.name} ({data.factorsSource.date}){data.factorsSource.note ? ` – ${data.factorsSource.note}` : ''}
              </li>
            </ul>
          </details>
          {data.lead && (
            <details className="tool-lead" open={refused}>
              <summary className="button">{t('valuation.lead')}</summary>
              <ContactForm
                module={{ id: 0, form: 'contact-demand' }}
                data={{
                  ...data.lead,
                  attach: {
                    field: 'valuation',
                    value: data.query,
                    title: t('valuation.lead.attached'),
                    lines: data.result.estimates.map((e) =>
                      e.ok
                        ? pair(t(`valuation.goal.${e.goal}`), `${range(e.low, e.high)}${e.goal === 'rent' ? ` ${t('valuation.perMonth')}` : ''}`)
                        : pair(t(`valuation.goal.${e.goal}`), t('valuation.lead.none')),
                    ),
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
