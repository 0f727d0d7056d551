import type { RefObject } from 'react';
import { epcNameKey } from '../../shared/epc.ts';
import { ToolSource } from '../lib/ToolSource.tsx';
import { formatNumber, useI18n } from '../../renderer/ui.tsx';
import { RequestForm as ContactForm } from '../lib/RequestForm.tsx';
import type { CalculatorData, CalculatorResult } from './load.server.ts';
import { useUnit } from './useUnit.ts';

/**
 * The calculator's answer: the cost of each work and in total, the EPC label now and after, the
 * target and the legal deadline, the grants, the sources of the figures, and the request form that
 * sends the result to the agency.
 */
export function ResultSection({ data, result: r, sectionRef }: { data: CalculatorData; result: CalculatorResult; sectionRef: RefObject<HTMLElement | null> }) {
  const { t, formatPrice, formatDate } = useI18n();
  const unit = useUnit();
  const pair = (label: string, value: string) => t('tool.pair', { label, value });
  // A price never breaks between the euro sign and the amount.
  const price = (v: number) => formatPrice(v).replace(' ', '\u00a0');
  const range = (low: number, high: number) => t('tool.range', { low: price(low), high: price(high) });
  return (
    <section id="result" ref={sectionRef} tabIndex={-1} className="tool-result" aria-labelledby="calc-result-title">
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
          <img src={r.current.image} alt={t(epcNameKey(r.region), { label: r.current.text })} width={180} height={60} />
          <figcaption>
            {pair(
              t('calc.result.now'),
              `${r.current.text} (${t('unit.kwh', { value: formatNumber(r.current.value) })}${r.current.fromLabel ? `, ${t('calc.result.fromLabel')}` : ''})`,
            )}
          </figcaption>
        </figure>
        <figure>
          <img src={r.after.image} alt={t(epcNameKey(r.region), { label: r.after.text })} width={180} height={60} />
          <figcaption>
            <strong>{pair(t('calc.result.after'), r.after.text)}</strong> ({t('unit.kwh', { value: formatNumber(r.after.value) })})
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
                <ToolSource source={s} />
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
  );
}
