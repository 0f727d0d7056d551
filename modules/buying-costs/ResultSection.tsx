import { useI18n } from '../../renderer/ui.tsx';
import { ToolSource } from '../lib/ToolSource.tsx';
import type { BuyingCostsData, BuyingCostsView } from './load.server.ts';

/** A rate as the site prints numbers, the same in every language: 12,5 %. */
const percent = (n: number) => `${String(Math.round(n * 10000) / 10000).replace('.', ',')}\u00a0%`;

/**
 * The calculator's answer: what buying costs on top of the price (duties or VAT, the notary's fee
 * and costs), the mortgage deed's costs and the monthly payment, the condition of the reduced rate,
 * the sources of the figures and the note that they are indicative.
 */
export function BuyingResultSection({ data, result: r }: { data: BuyingCostsData; result: BuyingCostsView }) {
  const { t, formatPrice } = useI18n();
  // A price never breaks between the euro sign and the amount.
  const price = (v: number) => formatPrice(Math.round(v)).replace(' ', '\u00a0');
  const row = (key: string, label: string, amount: number, detail?: string) => (
    <tr key={key}>
      <th scope="row">
        {label}
        {detail && <span className="costs-table__detail">{detail}</span>}
      </th>
      <td>{price(amount)}</td>
    </tr>
  );
  const region = t(`region.${r.region}`);
  const d = r.duties;
  const what = (w: string) => (['vat', 'saleScale', 'mortgage', 'mortgageScale', 'loan'].includes(w) ? t(`costs.source.${w}`) : w);
  return (
    <section id="result" tabIndex={-1} className="tool-result costs-result" aria-labelledby="costs-result-title">
      <h2 id="costs-result-title">
        {t('costs.result.title')} <span className="tool-badge">{t('tool.indicative')}</span>
      </h2>
      <p className="tool-result__total">
        {t('costs.result.total')} <strong>{price(r.total)}</strong>
      </p>
      <p className="costs-summary">{t('costs.result.withPrice', { price: price(r.price), total: price(r.price + r.total) })}</p>
      <div className="tool-table-wrap">
        <table className="costs-table">
          <caption>{t('costs.result.purchase')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('costs.result.item')}</th>
              <th scope="col">{t('costs.result.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {row(
              'duties',
              t('costs.line.duties', { region }),
              d.amount,
              d.allowance
                ? t('costs.line.duties.allowance', { rate: percent(d.rate), base: price(d.base), allowance: price(d.allowance) })
                : t('costs.line.duties.detail', { rate: percent(d.rate), base: price(d.base) }),
            )}
            {r.vat && row('vat', t('costs.line.vat'), r.vat.amount, t('costs.line.duties.detail', { rate: percent(r.vat.rate), base: price(r.vat.base) }))}
            {row('fee', t('costs.line.fee'), r.notary.fee, t('costs.line.fee.detail'))}
            {row('feeVat', t('costs.line.feeVat', { rate: percent(r.feeVatRate) }), r.notary.vat)}
            {r.costs.map((c) => row(`cost-${c.key}`, c.name, c.amount))}
          </tbody>
          <tfoot>{row('purchase', t('costs.result.purchaseTotal'), r.purchase)}</tfoot>
        </table>
      </div>
      {r.mortgage && (
        <div className="tool-table-wrap">
          <table className="costs-table">
            <caption>{t('costs.result.mortgage', { loan: price(r.mortgage.loan) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('costs.result.item')}</th>
                <th scope="col">{t('costs.result.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {row(
                'm-reg',
                t('costs.line.mortgageDuty'),
                r.mortgage.registration,
                t('costs.line.duties.detail', { rate: percent(r.mortgage.rate), base: price(r.mortgage.registered) }),
              )}
              {row(
                'm-ins',
                t('costs.line.inscription'),
                r.mortgage.inscription,
                t('costs.line.duties.detail', { rate: percent(r.mortgage.inscriptionRate), base: price(r.mortgage.registered) }),
              )}
              {row('m-fee', t('costs.line.mortgageFee'), r.mortgage.fee, t('costs.line.fee.detail'))}
              {row('m-feeVat', t('costs.line.feeVat', { rate: percent(r.feeVatRate) }), r.mortgage.feeVat)}
              {r.mortgage.costs.map((c) => row(`m-${c.key}`, c.name, c.amount))}
            </tbody>
            <tfoot>{row('mortgage', t('costs.result.mortgageTotal'), r.mortgage.total)}</tfoot>
          </table>
        </div>
      )}
      {r.payment && (
        <p className="notice costs-payment">
          <strong>{t('costs.result.monthly', { amount: price(r.payment.monthly) })}</strong>{' '}
          {t('costs.result.monthly.detail', { years: r.payment.months / 12, rate: percent(r.payment.rate), interest: price(r.payment.interest) })}
        </p>
      )}
      <p className="costs-summary">{t('costs.result.ownFunds', { amount: price(r.ownFunds) })}</p>
      <p className="tool-note">
        {d.reduced ? `${t('costs.result.reduced', { region })} ${data.conditions[r.region]}` : t('costs.result.standard', { region })}
      </p>
      <p className="tool-note">{data.note}</p>
      {data.sources.length > 0 && (
        <details className="tool-sources">
          <summary>{t('tool.sources')}</summary>
          <ul>
            {data.sources.map((s, i) => (
              <li key={i}>
                <strong>{what(s.what)}</strong>
                {t('tool.pairSeparator')}
                <ToolSource source={s} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
