import { Link, useI18n } from '../../renderer/ui.tsx';
import type { BuyingCostsModule } from '../../schemas/types.gen.ts';
import type { BuyingCostsData } from './load.server.ts';
import { BuyingResultSection } from './ResultSection.tsx';
import { ToolField, type ToolFieldProps } from '../lib/ToolField.tsx';
import '../lib/forms.css';
import '../lib/tools.css';
import './buying-costs.css';

/** A field of this form (ids `costs-{name}`). */
const Field = (props: ToolFieldProps) => <ToolField prefix="costs" {...props} />;

/**
 * The buying-cost calculator: a plain GET form to its own page, answered by the server with the
 * result (no script needed); a bad value gets its sentence at its field.
 */
export default function View({ data }: { module: BuyingCostsModule; data: BuyingCostsData }) {
  const { t, formatPrice } = useI18n();
  const { inputs } = data;
  // A price never breaks between the euro sign and the amount.
  const euro = (v: unknown) => formatPrice(v).replace(' ', '\u00a0');
  const errorOf = (field: string) => {
    const e = data.errors.find((x) => x.field === field);
    return e ? t(e.key, { ...e.values, ...(e.key === 'costs.error.amount' ? { min: euro(e.values!.min), max: euro(e.values!.max) } : {}) }) : undefined;
  };
  const describe = (name: string, hint?: boolean) => ({
    id: `costs-${name}`,
    name,
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': [hint ? `costs-${name}-hint` : '', errorOf(name) ? `costs-${name}-error` : ''].filter(Boolean).join(' ') || undefined,
  });
  const value = (name: string, n: number | undefined) => (name in data.typed ? data.typed[name] : n === undefined ? '' : String(n));
  const check = (name: 'sole' | 'new', checked: boolean, label: string, hint: string) => (
    <div className="form-field form-field--wide costs-check" data-invalid={errorOf(name) ? true : undefined}>
      <label className="costs-check__label">
        <input type="checkbox" {...describe(name, true)} value="1" defaultChecked={checked} /> <span>{label}</span>
      </label>
      <p className="form-hint" id={`costs-${name}-hint`}>
        {hint}
      </p>
      {errorOf(name) && (
        <p className="form-error" id={`costs-${name}-error`}>
          {errorOf(name)}
        </p>
      )}
    </div>
  );
  return (
    <div className="tool buying-costs">
      {data.property && (
        <p className="tool__about">
          {t('costs.about')} {data.property.path ? <Link href={data.property.path}>{data.property.title}</Link> : data.property.title}
        </p>
      )}
      {data.abroad !== undefined && (
        <div className="notice costs-abroad" role="note">
          <p>{t('costs.abroad', { country: data.abroad })}</p>
        </div>
      )}
      {data.errors.length > 0 && (
        <div className="alert" role="alert">
          <p>{t('tool.fixErrors')}</p>
          {errorOf('property') && <p>{errorOf('property')}</p>}
        </div>
      )}
      <form className="tool-form" method="get" action={`${data.path}#result`} noValidate>
        <input type="hidden" name="calc" value="1" />
        {inputs.property !== undefined && <input type="hidden" name="property" value={inputs.property} />}
        <fieldset className="tool-fieldset">
          <legend>{t('costs.purchase')}</legend>
          <div className="form-grid">
            <Field name="price" label={`${t('costs.price')} *`} error={errorOf('price')}>
              <input
                {...describe('price')}
                aria-required="true"
                defaultValue={value('price', inputs.price)}
                inputMode="numeric"
                autoComplete="off"
                maxLength={14}
              />
            </Field>
            <Field name="region" label={`${t('costs.region')} *`} error={errorOf('region')}>
              <select {...describe('region')} aria-required="true" defaultValue={inputs.region ?? ''}>
                <option value="">–</option>
                {data.regions.map((r) => (
                  <option key={r} value={r}>
                    {t(`region.${r}`)}
                  </option>
                ))}
              </select>
            </Field>
            {check('sole', inputs.soleHome, t('costs.sole'), t('costs.sole.hint'))}
            {check('new', inputs.newBuild, t('costs.new'), t('costs.new.hint'))}
            <Field name="land" className="costs-land" label={t('costs.land')} error={errorOf('land')} hint={t('costs.land.hint')}>
              <input {...describe('land', true)} defaultValue={value('land', inputs.land)} inputMode="numeric" autoComplete="off" maxLength={14} />
            </Field>
          </div>
        </fieldset>
        {data.showMortgage && (
          <fieldset className="tool-fieldset">
            <legend>{t('costs.loan.legend')}</legend>
            <div className="form-grid">
              <Field name="loan" label={t('costs.loan')} error={errorOf('loan')} hint={t('costs.loan.hint')}>
                <input {...describe('loan', true)} defaultValue={value('loan', inputs.loan)} inputMode="numeric" autoComplete="off" maxLength={14} />
              </Field>
              <Field name="rate" label={t('costs.rate')} error={errorOf('rate')}>
                <input
                  {...describe('rate')}
                  defaultValue={'rate' in data.typed ? data.typed.rate : inputs.rate === undefined ? '' : String(inputs.rate).replace('.', ',')}
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={6}
                />
              </Field>
              <Field name="years" label={t('costs.years')} error={errorOf('years')}>
                <input {...describe('years')} defaultValue={value('years', inputs.years)} inputMode="numeric" autoComplete="off" maxLength={2} />
              </Field>
            </div>
          </fieldset>
        )}
        <button type="submit" className="button">
          {t('costs.submit')}
        </button>
      </form>
      {data.result && <BuyingResultSection data={data} result={data.result} />}
    </div>
  );
}
